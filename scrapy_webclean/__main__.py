"""Command line: ``webclean extract|eval ...`` (also ``python -m scrapy_webclean``).

``extract INPUT...``  prints what an extractor keeps of one page, or writes
many pages (files, folders, URLs, list files) as JSON Lines, in parallel.
``eval CORPUS_DIR...``  scores extractors (and installed peers) on gold corpora.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ._api import extract
from .extractors import available_extractors, get_extractor, resolve_options
from ._scoring import load_corpus, page_counts, summarize
from .errors import WebcleanError

if TYPE_CHECKING:
    from ._rules import Rules

FORMATS = ("text", "html", "markdown", "json")


def cmd_extract(args: argparse.Namespace) -> int:
    from ._batch import Page, expand_inputs, is_url, run_batch

    if not args.input and not args.input_file:
        print("webclean: extract needs a file, folder, URL or - (or --input-file LIST)", file=sys.stderr)
        return 2
    options = dict(_parse_option(o) for o in args.option or ())
    try:
        resolve_options(get_extractor(args.extractor), options)
        names = expand_inputs(args.input, args.input_file or ())
    except (OSError, WebcleanError) as exc:
        print(f"webclean: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    for name in ("tables", "links", "images", "formatting"):
        if getattr(args, f"no_{name}"):
            options[f"include_{name}"] = False  # extract()'s, not the extractor's
    if args.rules:
        try:
            options["rules"] = _rules(args.rules)
        except ValueError as exc:
            print(f"webclean: {exc}", file=sys.stderr)
            return 2
    if not names:
        print("webclean: no HTML files in " + ", ".join(args.input + (args.input_file or [])), file=sys.stderr)
        return 2
    folders = any(not is_url(name) and name != "-" and Path(name).is_dir() for name in args.input)
    if len(names) == 1 and not (folders or args.jsonl or args.output or args.input_file):
        return _print_one(names[0], args, options)
    body = sys.stdin.buffer.read() if "-" in names else None
    formats = ("text", "html", "markdown") if args.format == "json" else (args.format,)
    url = args.url if len(names) == 1 else None
    pages = [Page(name, args.extractor, options, formats, url=url, encoding=args.encoding,
                  body=body if name == "-" else None) for name in names]
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
    try:
        summary = run_batch(pages, out, parallel=args.parallel, progress=args.progress)
    finally:
        if out is not sys.stdout:
            out.close()
    for error in summary.errors[:10]:
        print(f"webclean: {error}", file=sys.stderr)
    if len(summary.errors) > 10:
        print(f"webclean: ... and {len(summary.errors) - 10} more failed", file=sys.stderr)
    print(summary.line(), file=sys.stderr)
    return 1 if summary.failed else 0


def _print_one(name: str, args: argparse.Namespace, options: dict) -> int:
    """One page printed in ``--format`` (no JSON Lines, no summary)."""
    from ._batch import Page, _load, _reason

    try:
        body, url, encoding = _load(Page(name, args.extractor, options, (), url=args.url, encoding=args.encoding,
                                         body=sys.stdin.buffer.read() if name == "-" else None))
        result = extract(body, url, encoding=encoding, extractor=args.extractor, **options)
    except (OSError, EOFError, ValueError) as exc:  # WebcleanError is a ValueError
        print(f"webclean: {name}: {_reason(exc)}", file=sys.stderr)
        return 2
    out = result.render(args.format)
    sys.stdout.write(out + ("" if out.endswith("\n") else "\n"))
    return 0


def _rules(text: str) -> Rules | None:
    """``--rules``: a rules dict as JSON, or the path of a JSON file holding one (compiled here)."""
    from ._rules import compile_rules

    try:
        source = text if text.lstrip().startswith("{") else Path(text).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"--rules {text!r}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        rules = json.loads(source)
    except ValueError as exc:
        raise ValueError(f"--rules {text!r}: not JSON ({exc})") from None
    return compile_rules(rules, "--rules")


def _parse_option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep:
        raise SystemExit(f"webclean: --option needs NAME=VALUE, got {text!r}")
    try:
        return name.strip(), json.loads(value)
    except ValueError:
        return name.strip(), value


# -- eval ---------------------------------------------------------------------
def peer_extractors() -> dict[str, Callable[[bytes, str, str | None], str]]:
    """trafilatura and readability-lxml, where installed, fed the same decoded text."""
    from ._encoding import decode_body

    peers: dict[str, Callable[[bytes, str, str | None], str]] = {}
    try:
        import trafilatura

        peers["trafilatura"] = lambda raw, url, cs: trafilatura.extract(decode_body(raw, cs)[0], url=url) or ""
    except ImportError:
        pass
    try:
        import lxml.html
        from readability import Document as ReadabilityDocument

        def readability(raw: bytes, url: str, cs: str | None) -> str:
            summary = ReadabilityDocument(decode_body(raw, cs)[0]).summary(html_partial=True)
            return lxml.html.fromstring(summary).text_content() if summary.strip() else ""

        peers["readability-lxml"] = readability
    except ImportError:
        pass
    return peers


def score(pages: list[tuple[str, dict, bytes]], fn: Callable[[bytes, Any, Any], str]) -> dict:
    counts, times, errors = [], [], 0
    for pid, rec, raw in pages:
        t0 = time.perf_counter()
        try:
            out = fn(raw, rec.get("url"), rec.get("http_charset"))
        except Exception:  # a crash scores as empty, and is counted
            out, errors = "", errors + 1
        times.append(time.perf_counter() - t0)
        counts.append(page_counts(rec.get("articleBody", ""), out or ""))
    result = summarize(counts)
    result["ms_median"] = 1000 * statistics.median(times) if times else 0.0
    result["errors"] = errors
    return result


def cmd_eval(args: argparse.Namespace) -> int:
    if args.metadata:
        from ._metaeval import run_metadata_eval

        return run_metadata_eval(args)
    names = args.extractor.split(",") if args.extractor else [n for n in available_extractors() if n != "sst"]
    peers = {} if args.no_peers else peer_extractors()
    rows = []
    for corpus in args.corpus:
        if not (corpus / "ground-truth.json").exists():
            print(f"webclean: {corpus} has no ground-truth.json", file=sys.stderr)
            return 2
        pages = list(load_corpus(corpus))
        fns: dict[str, Callable] = {
            name: (lambda raw, url, cs, n=name: extract(raw, url, encoding=cs, extractor=n).text) for name in names}
        fns.update({f"peer:{k}": v for k, v in peers.items()})
        for name, fn in fns.items():
            m = score(pages, fn)
            rows.append({"corpus": corpus.name, "extractor": name, **m})
            if not args.markdown:
                print(f"{corpus.name:<13} {name:<24} F1 {m['f1']:.3f}  P {m['precision']:.3f}  "
                      f"R {m['recall']:.3f}  n {m['n']:<4} median {m['ms_median']:7.2f} ms  errors {m['errors']}",
                      flush=True)
    if args.markdown:
        print("| corpus | extractor | F1 | precision | recall | median ms/page |")
        print("|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['corpus']} | {r['extractor']} | {r['f1']:.3f} | {r['precision']:.3f} | {r['recall']:.3f} "
                  f"| {r['ms_median']:.1f} |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    prog = "webclean" if Path(sys.argv[0]).name == "webclean" else "python -m scrapy_webclean"
    ap = argparse.ArgumentParser(prog=prog,
                                 description="Main-content extraction for crawled pages.")
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser(
        "extract", help="extract the main content of pages",
        description="Extract the main content of one page (printed in --format), or of many (files, folders, URLs,"
                    " list files) as JSON Lines with a progress bar and a summary on stderr. Exit status: 0; 1 when"
                    " a page of many could not be read, downloaded or extracted; 2 for bad arguments or a single page"
                    " that could not.")
    ex.add_argument("input", nargs="*", default=[],
                    help="HTML files (.gz too), folders (searched for *.html, *.htm, *.xhtml, *.shtml and their .gz),"
                         " http(s) URLs, or - for standard input")
    ex.add_argument("--input-file", "-i", action="append", metavar="LIST",
                    help="a file listing paths or URLs, one a line (- for standard input); may be repeated")
    ex.add_argument("--extractor", "-e", default="auto", help="one of: " + ", ".join(available_extractors()))
    ex.add_argument("--option", "-o", action="append", metavar="NAME=VALUE",
                    help="an extractor option (VALUE is JSON when it parses as JSON); may be repeated")
    ex.add_argument("--format", "-f", choices=FORMATS, default="text",
                    help="content: text, html, markdown, or json (every field); in JSON Lines, the content fields")
    ex.add_argument("--encoding", help="the HTTP charset of the input, when known (default: detected)")
    ex.add_argument("--url", help="the URL of a single page (for metadata and relative links)")
    ex.add_argument("--jsonl", action="store_true", help="JSON Lines even for a single page")
    ex.add_argument("--output", "-w", metavar="FILE", help="write the JSON Lines to FILE (default: stdout)")
    ex.add_argument("--parallel", "-p", type=_positive, default=1, metavar="N",
                    help="extract in N processes (default 1)")
    progress = ex.add_mutually_exclusive_group()
    progress.add_argument("--progress", action="store_true", default=None,
                          help="show the progress bar (default: when stderr is a terminal)")
    progress.add_argument("--no-progress", dest="progress", action="store_false", help="never show it")
    ex.add_argument("--rules", metavar="JSON|FILE",
                    help="XPath rules for every page: {\"body\": ..., \"drop\": [...], \"title\": ..., "
                         "\"author\": ..., \"date\": ...} as JSON, or a file holding it (docs/rules.md)")
    ex.add_argument("--no-tables", action="store_true", help="leave tables out of every output")
    ex.add_argument("--no-links", action="store_true", help="links as their text only (html, markdown)")
    ex.add_argument("--no-images", action="store_true", help="leave images out (html, markdown)")
    ex.add_argument("--no-formatting", action="store_true",
                    help="bold, italic and inline code as their text only (html, markdown)")
    ex.set_defaults(func=cmd_extract)
    ev = sub.add_parser("eval", help="score extractors on gold corpora")
    ev.add_argument("corpus", nargs="+", type=Path, help="folders with pages/ID.html.gz and ground-truth.json")
    ev.add_argument("--extractor", "-e", help="comma-separated extractor names (default: all)")
    ev.add_argument("--no-peers", action="store_true", help="leave out trafilatura and readability-lxml")
    ev.add_argument("--markdown", action="store_true", help="print one Markdown table (for the README)")
    ev.add_argument("--json", help="also write the rows to this JSON file")
    ev.add_argument("--metadata", action="store_true",
                    help="score title, author and date instead of the text (ours and trafilatura's), "
                         "overall and on site folds 0-2 / 3-4")
    ev.add_argument("--errors", action="store_true", help="with --metadata: list our wrong fields")
    ev.set_defaults(func=cmd_eval)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (| head): stop quietly, as other tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
