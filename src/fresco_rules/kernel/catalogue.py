"""The rule catalogue: every spec rule ID with its section and text, shipped as package data.

A game ships its catalogue as a TOML file of ``[[rule]]`` tables (``id``, ``section``, ``title``,
``text``), generated from the spec's markdown by ``parse_spec`` and ``catalogue_toml`` (see
``scripts/extract_rules.py``) and read back with ``load_catalogue``. A game may ship it in
sections (``CatalogueSection``: the base game's file and one per expansion module, say); the
catalogue is then their union (``load_sections``). Nothing here knows a game.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

from attrs import frozen

from .errors import InvalidData

RULE_ID = re.compile(r"(?:[A-Z][0-9]*|[AE]M)\.[0-9]+")
"""The default shape of a spec rule ID: ``R0.40``, ``E0.11``, ``A0.3``, ``R4.11``, ``G.6``,
``M.3``, ``EM.1``, ``AM.2`` (the general rules of modules 1-3). A
game whose spec numbers its rules otherwise (``B12``, ``A-B.3``) passes its own ``id_pattern``."""

_HEADING = re.compile(r"^#{1,6}\s+(?P<title>.*?)\s*$")
_ITEM = re.compile(r"^(?P<marker>-|\d+\.)\s+(?P<text>.*)$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")


@frozen
class RuleEntry:
    """One spec rule: its ``id``, the ``section`` heading it sits under, an optional ``title``
    (worked examples and decisions have one) and its ``text`` as plain lines."""

    id: str
    section: str
    title: str
    text: str

    @property
    def summary(self) -> str:
        """The title when there is one, else the text on one line."""
        return self.title or " ".join(self.text.split())


@frozen
class CatalogueSection:
    """One file of a game's rule catalogue: its ``resource`` in the game's package, the IDs it
    holds (``ids``, a pattern; None: every ID no other section holds) and the spec file its
    rules come from (``spec``; empty: several)."""

    resource: str
    ids: re.Pattern[str] | None = None
    spec: str = ""

    def holds(self, rule_id: str) -> bool:
        """True when an ID of the spec belongs in this section (the rest section: always)."""
        return self.ids is None or bool(self.ids.fullmatch(rule_id))


def split_sections(
    entries: Iterable[RuleEntry], sections: Sequence[CatalogueSection]
) -> dict[CatalogueSection, tuple[RuleEntry, ...]]:
    """The entries of each section (each entry in the first section with a pattern that holds
    it, else in the section without one), in the order given."""
    found: dict[CatalogueSection, list[RuleEntry]] = {section: [] for section in sections}
    rest = [section for section in sections if section.ids is None]
    for entry in entries:
        home = next((s for s in sections if s.ids is not None and s.holds(entry.id)), None)
        if home is None:
            if not rest:
                raise InvalidData(f"rule {entry.id} belongs to no section of the catalogue")
            home = rest[0]
        found[home].append(entry)
    return {section: tuple(held) for section, held in found.items()}


def plain(markdown: str) -> str:
    """Inline markdown to plain text: drops bold, italic and code markers."""
    text = _BOLD.sub(r"\1", markdown)
    text = _ITALIC.sub(r"\1", text)
    return _CODE.sub(r"\1", text).strip()


def _block_lines(lines: list[str]) -> list[str]:
    """The plain lines of a bullet's continuation block (sub-items, paragraphs, table rows)."""
    out: list[str] = []
    joinable = False
    for raw in lines:
        stripped = raw.strip()
        if not stripped:
            joinable = False
            continue
        if _TABLE_RULE.match(stripped):
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        depth = max(0, (indent - 2) // 2)
        item = _ITEM.match(stripped)
        if stripped.startswith("|"):
            cells = [plain(cell) for cell in stripped.strip("|").split("|")]
            out.append(" | ".join(cells))
            joinable = False
        elif item:
            out.append("  " * depth + f"{item['marker']} {plain(item['text'])}")
            joinable = True
        elif joinable and out:
            out[-1] = f"{out[-1]} {plain(stripped)}"
        else:
            out.append(plain(stripped))
            joinable = True
    return out


def _bullet(id_pattern: re.Pattern[str]) -> re.Pattern[str]:
    """A top-level rule bullet whose bold part starts with an ID of ``id_pattern``."""
    return re.compile(
        rf"^- \*\*(?P<id>(?:{id_pattern.pattern}))\b(?P<title>[^*]*)\*\*\s*(?P<rest>.*)$"
    )


def parse_spec(markdown: str, *, id_pattern: re.Pattern[str] = RULE_ID) -> tuple[RuleEntry, ...]:
    """Every rule bullet of a spec (``- **R0.23** text``, ``- **E0.1 Title.** text``), in order.

    A rule's block runs to the next top-level line (bullet, heading or rule). ``id_pattern``
    is the shape of the spec's IDs (default ``RULE_ID``). Raises ``InvalidData`` on a
    repeated ID.
    """
    bullet_line = _bullet(id_pattern)
    entries: list[RuleEntry] = []
    section = ""
    current: tuple[str, str, str, list[str]] | None = None

    def flush() -> None:
        if current is None:
            return
        rid, title, first, block = current
        lines = ([first] if first else []) + _block_lines(block)
        entries.append(RuleEntry(rid, section, title, "\n".join(lines)))

    for line in markdown.splitlines():
        bullet = bullet_line.match(line)
        heading = _HEADING.match(line)
        top_level = bool(line) and not line[0].isspace()
        if bullet:
            flush()
            title = plain(bullet["title"]).strip().rstrip(".").strip()
            current = (bullet["id"], title, plain(bullet["rest"]), [])
        elif top_level:
            flush()
            current = None
            if heading:
                section = plain(heading["title"])
        elif current is not None:
            current[3].append(line)
    flush()
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise InvalidData(f"rule {entry.id} appears twice in the spec")
        seen.add(entry.id)
    return tuple(entries)


def _toml_string(value: str) -> str:
    """A TOML basic string (single line) or multi-line basic string for ``value``."""
    escaped = []
    for char in value:
        code = ord(char)
        if char == "\\":
            escaped.append("\\\\")
        elif char == '"':
            escaped.append('\\"')
        elif char == "\n":
            escaped.append("\n")
        elif char == "\t":
            escaped.append("\\t")
        elif code < 0x20 or code == 0x7F:
            escaped.append(f"\\u{code:04X}")
        else:
            escaped.append(char)
    body = "".join(escaped)
    if "\n" in value:
        return f'"""\n{body}"""'
    return f'"{body}"'


def catalogue_toml(entries: Iterable[RuleEntry], *, header: str = "") -> str:
    """The catalogue as TOML text: optional ``#`` comment header, then one ``[[rule]]`` each."""
    parts = [f"# {line}".rstrip() for line in header.splitlines()]
    for entry in entries:
        if parts:
            parts.append("")
        parts.append("[[rule]]")
        for field in ("id", "section", "title", "text"):
            parts.append(f"{field} = {_toml_string(getattr(entry, field))}")
    return "\n".join(parts) + "\n"


def catalogue_from_mapping(
    raw: Mapping[str, object], *, source: str, id_pattern: re.Pattern[str] = RULE_ID
) -> tuple[RuleEntry, ...]:
    """Validate parsed catalogue TOML (IDs of the shape ``id_pattern``); ``InvalidData`` names
    the source and the bad entry."""
    rules = raw.get("rule")
    if not isinstance(rules, list) or not rules:
        raise InvalidData(f"{source}: expected a non-empty [[rule]] array")
    entries: list[RuleEntry] = []
    seen: set[str] = set()
    for number, item in enumerate(rules):
        where = f"{source}: rule #{number}"
        if not isinstance(item, dict):
            raise InvalidData(f"{where}: not a table")
        fields: dict[str, str] = {}
        for field in ("id", "section", "title", "text"):
            value = item.get(field)
            if not isinstance(value, str):
                raise InvalidData(f"{where}: field {field!r} must be a string")
            fields[field] = value
        extra = sorted(set(item) - set(fields))
        if extra:
            raise InvalidData(f"{where}: unknown fields {extra}")
        if not id_pattern.fullmatch(fields["id"]):
            raise InvalidData(f"{where}: bad rule ID {fields['id']!r}")
        if fields["id"] in seen:
            raise InvalidData(f"{where}: rule {fields['id']} appears twice")
        if not fields["text"].strip() and not fields["title"].strip():
            raise InvalidData(f"{where}: rule {fields['id']} has no text")
        seen.add(fields["id"])
        entries.append(RuleEntry(**fields))
    return tuple(entries)


def load_catalogue(
    package: str, resource: str, *, id_pattern: re.Pattern[str] = RULE_ID
) -> tuple[RuleEntry, ...]:
    """Read the catalogue shipped as ``resource`` (e.g. ``"data/rules.toml"``) in ``package``;
    ``id_pattern`` is the shape of its IDs."""
    source = f"{package}:{resource}"
    try:
        text = resources.files(package).joinpath(resource).read_text(encoding="utf-8")
        raw = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InvalidData(f"{source}: {exc}") from exc
    return catalogue_from_mapping(raw, source=source, id_pattern=id_pattern)


def load_sections(
    package: str,
    sections: Sequence[CatalogueSection],
    *,
    id_pattern: re.Pattern[str] = RULE_ID,
    order: Callable[[RuleEntry], Any] | None = None,
) -> tuple[RuleEntry, ...]:
    """The catalogue shipped in ``sections`` (resources of ``package``): their union, in the
    sections' order, then sorted (stably) by ``order`` when given. Raises ``InvalidData`` when
    a section fails to load, holds an ID its pattern does not, or repeats another's ID."""
    entries: list[RuleEntry] = []
    seen: dict[str, str] = {}
    for section in sections:
        for entry in load_catalogue(package, section.resource, id_pattern=id_pattern):
            if section.ids is not None and not section.holds(entry.id):
                raise InvalidData(f"{package}:{section.resource}: rule {entry.id} is not its own")
            if entry.id in seen:
                raise InvalidData(
                    f"{package}:{section.resource}: rule {entry.id} is also in {seen[entry.id]}"
                )
            seen[entry.id] = section.resource
            entries.append(entry)
    return tuple(entries) if order is None else tuple(sorted(entries, key=order))
