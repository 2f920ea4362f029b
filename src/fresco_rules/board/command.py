"""The command line of the analysis board: ``fresco-rules serve [FILE ...]`` and
``fresco-rules show FILE --html OUT.html``. This module needs no optional dependency: the
server (the ``[web]`` extra) is loaded when ``serve`` runs; the static page needs none."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from ..exit_codes import TABLE
from ..kernel.errors import RulesError
from ..kernel.extras import import_for_command
from ..kernel.files import FileRefused, write_atomic
from .analysis import DOCS_URL, BoardRefused, open_record
from .export import page, pair_page
from .pair import open_pair, pair_summary

WEB_EXTRA_MODULES = {"starlette", "uvicorn", "anyio"}
DEFAULT_PORT = 8017


class WebUnavailable(RulesError):
    """The ``[web]`` extra is not installed."""


def add_serve_command(commands: Any) -> None:
    """Add the ``serve`` sub-command to the ``fresco-rules`` sub-parsers."""
    serve = commands.add_parser(
        "serve",
        help="the analysis board in the browser: step through records, try moves, read refusals",
        description="Serve the analysis board on this machine: open a record or start a game, "
        "step with the slider or the arrow keys, play or type moves (an illegal one shows its "
        "rule), view the position as one seat sees it, save into FOLDER; open a witness pair "
        "of fresco-rules diverge side by side. Needs the web extra: "
        "pip install 'fresco_rules[web]'.",
        epilog=TABLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_argument("files", nargs="*", metavar="FILE", help="game records to open (JSON)")
    serve.add_argument(
        "--pair",
        nargs=2,
        metavar="RECORD",
        help="two records, a witness pair of fresco-rules diverge (KIND-a.json KIND-b.json), "
        "to open side by side; the pairs in the folder (or its witnesses/) are offered too",
    )
    serve.add_argument(
        "--folder",
        metavar="DIR",
        help="where records are opened from and saved (default: the first FILE's folder, "
        "else the current one)",
    )
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="default: %(default)s")
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to bind (default: %(default)s only)"
    )
    serve.add_argument(
        "--docs-url",
        default=DOCS_URL,
        metavar="URL",
        help="the docs site the rules-matrix links point at (default: mkdocs serve, %(default)s)",
    )
    serve.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    [server] = import_for_command(
        ["fresco_rules.board.server"],
        command="fresco-rules serve",
        extra="web",
        provides=WEB_EXTRA_MODULES,
        error=WebUnavailable,
    )
    files = [Path(name) for name in args.files]
    pair = (Path(args.pair[0]), Path(args.pair[1])) if args.pair else None
    for path in (*files, *(pair or ())):
        if not path.is_file():
            raise FileRefused(f"record {path} is not a regular file")
    first = files[0] if files else (pair[0] if pair else None)
    folder = Path(args.folder) if args.folder else (first.parent if first else Path.cwd())
    if not folder.is_dir():
        raise FileRefused(f"folder {folder} is not a directory")
    print(
        f"analysis board on http://{args.host}:{args.port}/ (saving into {folder}; "
        "Ctrl-C stops it)",
        file=out,
        flush=True,
    )
    server.serve(files, folder, host=args.host, port=args.port, docs_url=args.docs_url, pair=pair)
    return 0


def add_html_option(show: argparse.ArgumentParser) -> None:
    """Add ``--html OUT`` to ``show`` (its ``--force`` replaces OUT)."""
    show.add_argument(
        "--html",
        metavar="OUT",
        help="write the whole record's analysis board as one self-contained HTML file instead",
    )
    show.add_argument(
        "--pair",
        metavar="B",
        help="with --html: FILE and B are a witness pair of fresco-rules diverge (arm A, arm "
        "B), shown side by side",
    )


def write_html(args: argparse.Namespace, out: TextIO) -> int:
    """``show FILE --html OUT``: the board of the whole record, refusing an existing OUT
    without ``--force`` before any work. A record with an illegal step is shown up to it.
    With ``--pair B``: FILE and B side by side, a witness pair (refused when they are none)."""
    if args.html is None:
        raise BoardRefused("--pair is shown as a page only: add --html OUT.html")
    target = Path(args.html)
    if target.exists() and not args.force:
        raise FileRefused(f"page {target} already exists (--force replaces it)")
    if getattr(args, "components", None):
        raise FileRefused("--html shows records of the shipped component data only")
    if args.pair:
        a, b = open_pair(Path(args.file), Path(args.pair))
        shown = pair_summary(a, b)
        text = pair_page(a, b, f"{Path(args.file).name} | {Path(args.pair).name}", shown)
        write_atomic(target, text, overwrite=args.force, what="page")
        difference = shown["difference"]
        print(difference["description"] if difference else shown["note"], file=out)
        print(f"witness pair of {a.total} steps written to {target}", file=out)
        return 0
    line = open_record(Path(args.file))
    text = page(line)
    write_atomic(target, text, overwrite=args.force, what="page")
    if line.problem:
        print(f"the record is illegal: {line.problem}; the page shows the steps before", file=out)
    print(f"board of {line.total} steps written to {target}", file=out)
    print(f"({len(text) // 1024} KB: any browser opens it; it fetches nothing)", file=out)
    return 0
