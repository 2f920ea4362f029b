// The analysis board's page: one script for the server (fetches /api/...) and for the static
// file written by `fresco-rules show --html` (reads the gzip data embedded in the page).
"use strict";

const $ = (id) => document.getElementById(id);
const board = { session: null, summary: null, step: 0, seat: null, data: null, asked: 0 };
// A witness pair of `fresco-rules diverge`: two sessions stepped together.
const pair = { open: null, step: 0, asked: 0 };

function element(tag, text, cls) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (cls) made.className = cls;
  return made;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
}

// The position at a step, from the server or from the embedded data.
async function position(step, seat) {
  if (!board.data) {
    const query = `step=${step}` + (seat === null ? "" : `&seat=${seat}`);
    return api(`/api/sessions/${board.session}/position?${query}`);
  }
  const found = board.data.positions[step];
  const total = board.summary.total;
  if (seat === null) return { step, total, seat, ...found, views: undefined };
  return {
    step, total, seat, to_move: found.to_move, view: found.views[seat],
    groups: found.to_move === seat ? found.groups : [],
  };
}

function showLog() {
  const list = $("log");
  list.replaceChildren();
  for (const entry of board.summary.log) {
    const item = element("li");
    item.dataset.step = entry.step;
    item.append(element("span", (entry.seat === null ? "" : `seat ${entry.seat}: `) + entry.move, "move"));
    for (const line of entry.events) item.append(element("div", line, "events"));
    item.addEventListener("click", () => go(entry.step));
    list.append(item);
  }
}

function markLog() {
  for (const item of $("log").children) {
    const step = Number(item.dataset.step);
    item.classList.toggle("current", step === board.step);
    item.classList.toggle("future", step > board.step);
    if (step === board.step) item.scrollIntoView({ block: "nearest" });
  }
}

function showMoves(found) {
  const moves = $("moves");
  moves.replaceChildren();
  let count = 0;
  for (const group of found.groups) {
    const details = element("details");
    details.open = found.groups.length <= 3 || group.moves.length <= 12;
    details.append(element("summary", `${group.name} (${group.moves.length})`));
    for (const move of group.moves) {
      const button = element("button", move, "move-button");
      button.type = "button";
      button.disabled = Boolean(board.data);
      button.addEventListener("click", () => play(move));
      details.append(button);
      count += 1;
    }
    moves.append(details);
  }
  $("moves-count").textContent = `(${count})`;
  if (!count) {
    const why = found.seat !== null && found.to_move !== found.seat && found.to_move !== null
      ? `seat ${found.to_move} is to move` : "none";
    moves.append(element("p", why));
  }
}

async function go(step) {
  const total = board.summary.total;
  board.step = Math.max(0, Math.min(total, step));
  const asked = ++board.asked;
  const found = await position(board.step, board.seat);
  if (asked !== board.asked) return; // a later step was asked meanwhile
  $("slider").max = String(total);
  $("slider").value = String(board.step);
  $("step-label").textContent = `step ${board.step} / ${total}`;
  const seatView = found.seat !== null;
  $("board").hidden = seatView;
  $("text-details").hidden = seatView;
  $("view").hidden = !seatView;
  $("log").hidden = seatView;
  $("log-hidden").hidden = !seatView;
  if (seatView) {
    $("board").replaceChildren();
    $("view").textContent = found.view;
    $("position-status").textContent = `as seat ${found.seat} sees it` +
      (found.to_move === null ? "" : `; seat ${found.to_move} to move`);
  } else {
    $("board").innerHTML = found.svg; // the game's own SVG picture
    $("text-board").textContent = found.text;
    $("position-status").textContent = found.status;
  }
  showMoves(found);
  markLog();
}

function start(summary) {
  board.summary = summary;
  board.session = summary.session || null;
  $("main").hidden = false;
  $("game-title").textContent = `${summary.title}, ${summary.players} players, seed ${summary.seed}`;
  $("problem").textContent = summary.problem ? `This record is cut short: ${summary.problem}` : "";
  const seat = $("seat");
  seat.replaceChildren(element("option", "everyone (analyst)"));
  seat.firstChild.value = "";
  for (let s = 0; s < summary.players; s++) {
    const option = element("option", `seat ${s}`);
    option.value = String(s);
    seat.append(option);
  }
  board.seat = null;
  $("move-result").replaceChildren();
  if (board.session) $("download").href = `/api/sessions/${board.session}/record`;
  showLog();
  return go(summary.total);
}

function closestButtons(target, moves) {
  if (!moves.length) return;
  target.append(element("div", "closest legal moves:"));
  for (const move of moves) {
    const button = element("button", move, "move-button");
    button.type = "button";
    button.addEventListener("click", () => { $("move-text").value = move; });
    target.append(button);
  }
}

async function play(text) {
  const result = $("move-result");
  result.replaceChildren();
  let answer;
  try {
    answer = await api(`/api/sessions/${board.session}/move`, { step: board.step, text });
  } catch (error) {
    result.append(element("p", error.message, "error"));
    return;
  }
  if (answer.outcome === "played") {
    board.summary.log = answer.log;
    board.summary.total = answer.total;
    board.summary.problem = "";
    result.append(element("p", `played ${text}` + (answer.branched ? " (a new branch: the moves after it were dropped; the file is unchanged until saved)" : "")));
    showLog();
    await go(answer.total);
    $("move-text").value = "";
    return;
  }
  if (answer.outcome === "refused") {
    const head = element("p");
    head.append(element("span", `refused by rule ${answer.rule}`, "rule"),
      document.createTextNode(`: ${answer.reason}` + (answer.where ? ` [${answer.where}]` : "")));
    result.append(head);
    if (answer.rule_text) {
      const quote = element("blockquote");
      if (answer.rule_title) quote.append(element("strong", answer.rule_title));
      quote.append(element("div", answer.rule_text, "rule-text"));
      result.append(quote);
      const link = element("a", `${answer.rule} in the rules matrix`);
      link.href = answer.matrix;
      link.id = "matrix-link";
      link.target = "_blank";
      link.rel = "noopener noreferrer";
      result.append(link);
    }
  } else {
    result.append(element("p", `not notation: ${answer.reason}`, "error"));
  }
  closestButtons(result, answer.closest);
}

// The witness pair side by side: one step for both arms; the difference (as the diverge
// package finds it) is at the records' end.
function showDifference() {
  const box = $("pair-difference");
  box.replaceChildren();
  const found = pair.open;
  const total = found.a.total;
  const difference = found.difference;
  if (pair.step < found.at) {
    box.append(element("p", `the arms agree up to here; they part at step ${found.at}` + (found.at === total ? " (End shows it)" : "")));
    return;
  }
  if (!difference) {
    box.append(element("p", found.note || "the arms do not part within these steps"));
    return;
  }
  const head = element("p");
  head.append(element("strong", `where the arms part (${difference.kind}): `),
    document.createTextNode(difference.description));
  box.append(head);
  const list = element("ul");
  for (const [label, other, refusals] of [["A", "B", difference.only_a], ["B", "A", difference.only_b]]) {
    for (const refusal of refusals) {
      const item = element("li");
      item.append(element("code", refusal.action),
        document.createTextNode(` is legal in arm ${label} only; arm ${other} refuses it: `),
        element("span", refusal.rule || "(no rule)", "rule"),
        document.createTextNode(` ${refusal.reason}`));
      list.append(item);
    }
  }
  if (difference.fields.length) {
    list.append(element("li", `differing: ${difference.fields.join(", ")}`));
    list.append(element("li", `scores: arm A ${JSON.stringify(difference.scores[0])}, arm B ${JSON.stringify(difference.scores[1])}`));
  }
  if (difference.rules.length) {
    const item = element("li", "rules: ");
    item.append(element("span", difference.rules.join(", "), "rule"));
    list.append(item);
  }
  box.append(list);
}

async function goPair(step) {
  const found = pair.open;
  const total = found.a.total;
  pair.step = Math.max(0, Math.min(total, step));
  const asked = ++pair.asked;
  const query = `step=${pair.step}`;
  const [a, b] = board.data ? board.data.arms.map((arm) => arm[pair.step]) : await Promise.all([
    api(`/api/sessions/${found.a.session}/position?${query}`),
    api(`/api/sessions/${found.b.session}/position?${query}`),
  ]);
  if (asked !== pair.asked) return;
  $("pair-slider").max = String(total);
  $("pair-slider").value = String(pair.step);
  $("pair-step-label").textContent = `step ${pair.step} / ${total}`;
  for (const [id, shown] of [["arm-a", a], ["arm-b", b]]) {
    const arm = $(id);
    arm.querySelector(".arm-board").innerHTML = shown.svg; // the game's own SVG picture
    arm.querySelector(".arm-status").textContent = shown.status;
  }
  for (const item of $("pair-log").children) {
    const at = Number(item.dataset.step);
    item.classList.toggle("current", at === pair.step);
    item.classList.toggle("future", at > pair.step);
  }
  showDifference();
}

function startPair(found) {
  pair.open = found;
  $("main").hidden = true;
  $("pair-main").hidden = false;
  $("problem").textContent = "";
  $("game-title").textContent = `${found.a.title}, ${found.a.players} players, seed ${found.a.seed}: witness pair ${found.pair}`;
  for (const [index, id] of [[0, "arm-a"], [1, "arm-b"]]) {
    const list = $(id).querySelector(".config ul");
    list.replaceChildren();
    const differing = [];
    for (const option of found.options[index]) {
      list.append(element("li", `${option.name} = ${option.value}`, option.differs ? "differs" : undefined));
      if (option.differs) differing.push(`${option.name} = ${option.value}`);
    }
    $(id).querySelector(".differs-line").textContent = differing.length
      ? `differs: ${differing.join(", ")}` : "the same config";
  }
  const log = $("pair-log");
  log.replaceChildren();
  for (const entry of found.a.log) {
    const item = element("li", (entry.seat === null ? "" : `seat ${entry.seat}: `) + entry.move);
    item.dataset.step = entry.step;
    item.addEventListener("click", () => goPair(entry.step));
    log.append(item);
  }
  return goPair(found.a.total);
}

async function openPair(name) {
  $("open-error").textContent = "";
  try {
    await startPair(await api("/api/pairs/open", { pair: name }));
    return true;
  } catch (error) {
    $("open-error").textContent = error.message;
    return false;
  }
}

async function openWith(body) {
  $("open-error").textContent = "";
  try {
    const opened = await api("/api/sessions", body);
    pair.open = null;
    $("pair-main").hidden = true;
    await start(opened);
  } catch (error) {
    $("open-error").textContent = error.message;
  }
}

function newGameForm(games) {
  const select = $("new-game");
  for (const game of games) {
    const option = element("option", game.title);
    option.value = game.name;
    select.append(option);
  }
  const fill = () => {
    const game = games.find((g) => g.name === select.value);
    const players = $("new-players");
    players.replaceChildren();
    for (const count of game.players) {
      const option = element("option", String(count));
      option.value = String(count);
      option.selected = count === game.default_players;
      players.append(option);
    }
    $("new-modules-label").hidden = !game.modules;
    $("new-modules").value = "";
    const options = $("new-options");
    options.replaceChildren();
    for (const choice of game.options) {
      const label = element("label", `${choice.name} (${choice.rule}) `);
      const values = element("select");
      values.dataset.option = choice.name;
      for (const value of choice.values) {
        const option = element("option", value);
        option.value = value;
        option.selected = value === choice.default;
        values.append(option);
      }
      label.append(values);
      options.append(label, element("br"));
    }
  };
  select.addEventListener("change", fill);
  fill();
}

async function saveRecord() {
  const out = $("save-result");
  out.textContent = "";
  try {
    const answer = await api(`/api/sessions/${board.session}/save`, {
      name: $("save-name").value, overwrite: $("save-overwrite").checked,
    });
    out.textContent = `saved ${answer.saved} in ${answer.folder}`;
    $("save-overwrite").checked = false;
  } catch (error) {
    out.textContent = error.message;
  }
}

function keys(event) {
  const tag = event.target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return;
  if (tag === "INPUT" && event.target.id !== "pair-slider") return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
  let step, total, to;
  if (pair.open) [step, total, to] = [pair.step, pair.open.a.total, goPair];
  else if (board.summary) [step, total, to] = [board.step, board.summary.total, go];
  else return;
  if (event.key in moves) to(step + moves[event.key]);
  else if (event.key === "Home") to(0);
  else if (event.key === "End") to(total);
  else return;
  event.preventDefault();
}

async function embedded(script) {
  const bytes = Uint8Array.from(atob(script.textContent.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

async function main() {
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(board.step - 1));
  $("next").addEventListener("click", () => go(board.step + 1));
  $("last").addEventListener("click", () => go(board.summary.total));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("seat").addEventListener("change", () => {
    board.seat = $("seat").value === "" ? null : Number($("seat").value);
    go(board.step);
  });
  $("pair-first").addEventListener("click", () => goPair(0));
  $("pair-prev").addEventListener("click", () => goPair(pair.step - 1));
  $("pair-next").addEventListener("click", () => goPair(pair.step + 1));
  $("pair-last").addEventListener("click", () => goPair(pair.open.a.total));
  $("pair-slider").addEventListener("input", () => goPair(Number($("pair-slider").value)));
  document.addEventListener("keydown", keys);
  const script = $("board-data");
  if (script) {
    board.data = await embedded(script);
    for (const id of ["open-panel", "move-form", "save-panel"]) $(id).hidden = true;
    if (board.data.pair) await startPair(board.data.pair);
    else await start(board.data.summary);
    document.body.dataset.ready = "true";
    return;
  }
  $("move-form").addEventListener("submit", (event) => {
    event.preventDefault();
    play($("move-text").value);
  });
  $("save-button").addEventListener("click", saveRecord);
  $("open-pair").addEventListener("click", () => openPair($("pair-list").value));
  $("open-file").addEventListener("click", () => openWith({ file: $("file-list").value }));
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (file) openWith({ record: await file.text() });
  });
  $("new-start").addEventListener("click", () => {
    const options = {};
    for (const select of $("new-options").querySelectorAll("select")) {
      options[select.dataset.option] = select.value;
    }
    openWith({ new: {
      game: $("new-game").value, players: Number($("new-players").value),
      seed: $("new-seed").value.trim() || "0", options, modules: $("new-modules").value,
    } });
  });
  newGameForm(await api("/api/games"));
  const files = (await api("/api/files")).files;
  for (const name of files) {
    const option = element("option", name);
    option.value = name;
    $("file-list").append(option);
  }
  const pairs = (await api("/api/pairs")).pairs;
  for (const name of pairs) {
    const option = element("option", name);
    option.value = name;
    $("pair-list").append(option);
  }
  $("pair-panel").hidden = !pairs.length;
  const first = new URLSearchParams(location.search).get("open");
  const wanted = new URLSearchParams(location.search).get("pair");
  const opened = first !== null && files.includes(first) ? first : files[0];
  let paired = false;
  if (first === null && pairs.length) {
    const chosen = wanted !== null && pairs.includes(wanted) ? wanted : pairs[0];
    $("pair-list").value = chosen;
    paired = await openPair(chosen);
  }
  if (!paired && opened !== undefined) {
    $("file-list").value = opened;
    await openWith({ file: opened });
  }
  document.body.dataset.ready = "true";
}

main();
