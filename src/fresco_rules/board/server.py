"""``fresco-rules serve``: the analysis board as a local web app (Starlette, run by uvicorn).

The server holds the files it was given, the folder it saves into and its open sessions (one
game line each, at most ``MAX_SESSIONS``, the oldest closed first) and nothing else. Every
request is bounded: its body (``MAX_BODY``, a record's own bound), its work (``REQUEST_SECONDS``),
its host (127.0.0.1 or the ``--host`` given: a page of another site cannot reach the board
through a rebound name) and its type (a POST is JSON, which a form of another site cannot
send). Records are read with the kernel's record parser; a file is read only when it is one
of those given or a ``.json`` file directly in the folder, and written only into the folder,
whole or not at all, never over a file without the explicit overwrite flag.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..kernel.errors import RulesError
from ..kernel.files import write_atomic
from ..kernel.records import MAX_RECORD_BYTES, parse_json
from ..kernel.untrusted import describe, is_str
from .analysis import DOCS_URL, BoardRefused, Line, Rules, games_menu, new_line, open_record
from .pair import open_pair, pair_summary, witness_pairs

MAX_BODY = MAX_RECORD_BYTES + 4096
"""The largest request body: a record (uploaded) with room for its envelope."""
MAX_SESSIONS = 32
REQUEST_SECONDS = 30.0
"""The longest a request may work (a 20,000-step record replays in well under this)."""
MAX_LISTED = 500
"""The most files of the folder listed to open."""
WITNESSES = "witnesses"
"""The folder ``fresco-rules diverge --out`` writes its witness pairs into."""
SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,100}\.json")
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Fault(Exception):
    """A request refused with an HTTP status and one line of reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Board:
    """The server's whole state: the files and folder given, the open sessions."""

    def __init__(
        self,
        files: Sequence[Path],
        folder: Path,
        docs_url: str = DOCS_URL,
        pair: tuple[Path, Path] | None = None,
    ) -> None:
        self.pair = None if pair is None else tuple(Path(os.path.abspath(p)) for p in pair)
        self.files = [Path(os.path.abspath(path)) for path in (*files, *(self.pair or ()))]
        self.folder = Path(os.path.realpath(folder))
        self.docs_url = docs_url
        self.sessions: OrderedDict[str, Line] = OrderedDict()
        self.catalogues: dict[str, Rules] = {}
        self.lock = threading.Lock()

    def rules_of(self, name: str) -> Rules:
        found = self.catalogues.get(name)
        if found is None:
            found = self.catalogues[name] = Rules.of(name)
        return found

    def openable(self) -> dict[str, Path]:
        """What may be opened, by the name the page shows: the files given (as given), then
        the ``.json`` files directly in the folder."""
        found = {str(path): path for path in self.files}
        given = {os.path.realpath(path) for path in self.files}
        try:
            entries = sorted(os.scandir(self.folder), key=lambda entry: entry.name)[:MAX_LISTED]
        except OSError:
            entries = []
        for entry in entries:
            path = self.folder / entry.name
            if (
                entry.name.endswith(".json")
                and entry.is_file(follow_symlinks=False)
                and str(path) not in given
            ):
                found.setdefault(entry.name, path)
        return found

    def pairs(self) -> dict[str, tuple[Path, Path]]:
        """The witness pairs that may be opened, by the name the page shows: the pair given,
        then those of ``fresco-rules diverge`` directly in the folder or in its ``witnesses/``
        (plain files only, as the folder's records)."""
        found: dict[str, tuple[Path, Path]] = {}
        if self.pair is not None:
            found[f"{self.pair[0]} | {self.pair[1]}"] = (self.pair[0], self.pair[1])
        listed = dict(witness_pairs(self.folder))
        inner = self.folder / WITNESSES
        if inner.is_dir() and not inner.is_symlink():
            listed.update({f"{WITNESSES}/{k}": v for k, v in witness_pairs(inner).items()})
        given = {os.path.realpath(path) for path in self.pair or ()}
        for name, paths in listed.items():
            if os.path.realpath(paths[0]) not in given:  # the pair given is listed once
                found[name] = paths
        return found

    def open_pair(self, body: object) -> dict[str, Any]:
        if type(body) is not dict:
            raise BoardRefused(f"a pair is opened with an object, not {describe(body)}")
        name = body.get("pair")
        paths = self.pairs().get(name) if is_str(name) else None
        if paths is None:
            raise Fault(404, f"no pair {describe(name)} among those the board may open")
        a, b = open_pair(paths[0], paths[1], self.rules_of)
        shown = pair_summary(a, b)
        return {"pair": name, "a": self.add(a), "b": self.add(b), **shown}

    def add(self, line: Line) -> dict[str, Any]:
        key = secrets.token_urlsafe(12)
        self.sessions[key] = line
        while len(self.sessions) > MAX_SESSIONS:
            self.sessions.popitem(last=False)
        return {"session": key, **line.summary()}

    def line(self, key: str) -> Line:
        found = self.sessions.get(key)
        if found is None:
            raise Fault(404, "no such session (closed or never opened): open the game again")
        self.sessions.move_to_end(key)
        return found

    # The requests, each run under the lock in a worker thread.

    def open(self, body: object) -> dict[str, Any]:
        if type(body) is not dict:
            raise BoardRefused(f"open takes an object, not {describe(body)}")
        if "file" in body:
            name = body["file"]
            path = self.openable().get(name) if is_str(name) else None
            if path is None:
                raise Fault(404, f"no file {describe(name)} among those the board may open")
            return self.add(open_record(path, self.rules_of))
        if "record" in body:
            text = body["record"]
            if not is_str(text):
                raise BoardRefused(f"a record is JSON text, not {describe(text)}")
            return self.add(open_record(text, self.rules_of))
        if "new" in body:
            return self.add(new_line(body["new"], self.rules_of))
        raise BoardRefused("open takes a file, a record or a new game")

    def save(self, line: Line, body: object) -> dict[str, Any]:
        if type(body) is not dict:
            raise BoardRefused(f"save takes an object, not {describe(body)}")
        name, overwrite = body.get("name"), body.get("overwrite", False)
        if not is_str(name) or not SAVE_NAME.fullmatch(name):
            raise BoardRefused(
                f"save as a file name such as game.json (letters, digits, . _ -), "
                f"not {describe(name)}"
            )
        if type(overwrite) is not bool:
            raise BoardRefused(f"overwrite is true or false, not {describe(overwrite)}")
        target = self.folder / name
        if target.is_symlink():
            raise BoardRefused(f"{name} is a symbolic link: the board writes only plain files")
        if target.exists() and not overwrite:
            raise BoardRefused(f"{name} already exists in the folder: tick overwrite to replace it")
        text = json.dumps(line.record, indent=1) + "\n"
        write_atomic(target, text, overwrite=overwrite, what="record")
        return {"saved": name, "folder": str(self.folder)}


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=SECURITY_HEADERS)


async def _body(request: Request) -> Any:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Fault(415, "a request body is JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise Fault(413, f"a request body is at most {MAX_BODY} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Fault(413, f"a request body is at most {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        return parse_json(b"".join(chunks).decode("utf-8"))
    except UnicodeDecodeError:
        raise Fault(400, "a request body is UTF-8 JSON") from None


async def _answer(board: Board, work: Callable[[], Any]) -> Response:
    """Run ``work`` under the board's lock in a worker thread, within ``REQUEST_SECONDS``;
    refusals become one-line JSON errors, never a traceback."""

    def locked() -> Any:
        with board.lock:
            return work()

    try:
        with anyio.fail_after(REQUEST_SECONDS):
            result = await anyio.to_thread.run_sync(locked, abandon_on_cancel=True)
    except TimeoutError:
        return _json({"error": f"the request took longer than {REQUEST_SECONDS:g} s"}, 503)
    except (Fault, RulesError) as exc:
        return _refusal(exc)
    return _json(result)


async def _answer_posted(board: Board, request: Request, work: Callable[[Any], Any]) -> Response:
    """``_answer`` for ``work`` on the request's JSON body; a refused body is answered as
    ``_answer`` answers a refusal."""
    try:
        body = await _body(request)
    except (Fault, RulesError) as exc:
        return _refusal(exc)
    return await _answer(board, lambda: work(body))


def _refusal(exc: Fault | RulesError) -> Response:
    if isinstance(exc, Fault):
        return _json({"error": exc.reason}, exc.status)
    return _json({"error": str(exc)}, 400)


def create_app(
    files: Sequence[Path],
    folder: Path,
    *,
    docs_url: str = DOCS_URL,
    hosts: Sequence[str] = ("127.0.0.1", "localhost"),
    pair: tuple[Path, Path] | None = None,
) -> Starlette:
    """The board's web app over ``files`` (opened on request) saving into ``folder``, with
    the witness ``pair`` given (and those of the folder) to open side by side."""
    board = Board(files, folder, docs_url, pair)
    static = resources.files(__package__ or "").joinpath("static")

    def asset(name: str, media: str) -> Callable[[Request], Any]:
        async def send(request: Request) -> Response:
            return Response(
                static.joinpath(name).read_bytes(), media_type=media, headers=SECURITY_HEADERS
            )

        return send

    async def games(request: Request) -> Response:
        return await _answer(board, games_menu)

    async def files_list(request: Request) -> Response:
        return await _answer(
            board, lambda: {"files": list(board.openable()), "folder": str(board.folder)}
        )

    async def open_session(request: Request) -> Response:
        return await _answer_posted(board, request, board.open)

    async def pairs_list(request: Request) -> Response:
        return await _answer(board, lambda: {"pairs": list(board.pairs())})

    async def open_pair(request: Request) -> Response:
        return await _answer_posted(board, request, board.open_pair)

    async def summary(request: Request) -> Response:
        key = request.path_params["key"]
        return await _answer(board, lambda: {"session": key, **board.line(key).summary()})

    async def position(request: Request) -> Response:
        key, query = request.path_params["key"], request.query_params
        step_text, seat_text = query.get("step", ""), query.get("seat", "")

        def work() -> Any:
            line = board.line(key)
            step = int(step_text) if step_text.isdigit() and len(step_text) < 8 else step_text
            seat: object = None
            if seat_text:
                seat = int(seat_text) if seat_text.isdigit() and len(seat_text) < 4 else seat_text
            return line.position(step, seat)

        return await _answer(board, work)

    async def move(request: Request) -> Response:
        key = request.path_params["key"]

        def work(body: Any) -> Any:
            line = board.line(key)
            if type(body) is not dict:
                raise BoardRefused(f"a move is an object, not {describe(body)}")
            result = line.try_move(body.get("step"), body.get("text"), board.docs_url)
            if result["outcome"] == "played":
                result["log"] = line.log
            return result

        return await _answer_posted(board, request, work)

    async def save(request: Request) -> Response:
        key = request.path_params["key"]
        return await _answer_posted(board, request, lambda body: board.save(board.line(key), body))

    async def download(request: Request) -> Response:
        key = request.path_params["key"]
        line = board.sessions.get(key)
        if line is None:
            return _json({"error": "no such session"}, 404)
        name = f"{line.game.name}-seed{line.record.get('seed')}-{line.total}steps.json"
        return Response(
            json.dumps(line.record, indent=1) + "\n",
            media_type="application/json",
            headers={**SECURITY_HEADERS, "Content-Disposition": f'attachment; filename="{name}"'},
        )

    routes = [
        Route("/", asset("index.html", "text/html; charset=utf-8")),
        Route("/board.js", asset("board.js", "text/javascript; charset=utf-8")),
        Route("/board.css", asset("board.css", "text/css; charset=utf-8")),
        Route("/api/games", games),
        Route("/api/files", files_list),
        Route("/api/sessions", open_session, methods=["POST"]),
        Route("/api/pairs", pairs_list),
        Route("/api/pairs/open", open_pair, methods=["POST"]),
        Route("/api/sessions/{key}", summary),
        Route("/api/sessions/{key}/position", position),
        Route("/api/sessions/{key}/move", move, methods=["POST"]),
        Route("/api/sessions/{key}/save", save, methods=["POST"]),
        Route("/api/sessions/{key}/record", download),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))]
    return Starlette(routes=routes, middleware=middleware)


def serve(
    files: Sequence[Path],
    folder: Path,
    *,
    host: str,
    port: int,
    docs_url: str = DOCS_URL,
    pair: tuple[Path, Path] | None = None,
) -> None:
    """Run the board until interrupted. uvicorn bounds what a client may hold: headers
    (h11's default of 16 KB), open connections, idle keep-alive time."""
    hosts = ("127.0.0.1", "localhost", host) if host not in ("0.0.0.0", "::") else ("*",)
    app = create_app(files, folder, docs_url=docs_url, hosts=hosts, pair=pair)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        limit_concurrency=64,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
    )
