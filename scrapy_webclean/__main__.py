"""Command line: ``python -m scrapy_webclean extract|eval ...``.

``extract FILE|-``  prints what an extractor keeps of one page.
``eval CORPUS_DIR...``  scores extractors (and installed peers) on gold corpora.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

from ._api import extract
from ._registry import available_extractors
from ._scoring import page_counts, summarize
from .errors import WebcleanError

FORMATS = ("text", "html", "markdown", "json")


def _read_input(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    path = Path(name)
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data


def cmd_extract(args: argparse.Namespace) -> int:
    try:
        body = _read_input(args.file)
    except OSError as exc:
        print(f"webclean: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    options = dict(_parse_option(o) for o in args.option or ())
    try:
        result = extract(body, args.url, encoding=args.encoding, extractor=args.extractor, **options)
    except WebcleanError as exc:
        print(f"webclean: {exc}", file=sys.stderr)
        return 2
    out = result.render(args.format)
    sys.stdout.write(out + ("" if out.endswith("\n") else "\n"))
    return 0


def _parse_option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep:
        raise SystemExit(f"webclean: --option needs NAME=VALUE, got {text!r}")
    try:
        return name.strip(), json.loads(value)
    except ValueError:
        return name.strip(), value


# -- eval ---------------------------------------------------------------------
def load_corpus(corpus: Path) -> Iterator[tuple[str, dict, bytes]]:
    """Pages of a gold corpus folder: ``(id, record, body bytes)``."""
    gt = json.loads((corpus / "ground-truth.json").read_text(encoding="utf-8"))
    for pid in sorted(gt):
        path = corpus / "pages" / f"{pid}.html.gz"
        if not path.exists():
            path = corpus / "pages" / f"{pid}.html"
            yield pid, gt[pid], path.read_bytes()
        else:
            yield pid, gt[pid], gzip.decompress(path.read_bytes())


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


def score(pages: list[tuple[str, dict, bytes]], fn: Callable[[bytes, str, str | None], str]) -> dict:
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


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m scrapy_webclean",
                                 description="Main-content extraction for crawled pages.")
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help="extract the main content of one page")
    ex.add_argument("file", help="an HTML file (.gz allowed), or - for standard input")
    ex.add_argument("--extractor", "-e", default="auto", help="one of: " + ", ".join(available_extractors()))
    ex.add_argument("--encoding", help="the HTTP charset, when known")
    ex.add_argument("--url", help="the page's URL (for metadata and relative links)")
    ex.add_argument("--format", "-f", choices=FORMATS, default="text")
    ex.add_argument("--option", "-o", action="append", metavar="NAME=VALUE",
                    help="an extractor option (VALUE is JSON when it parses as JSON)")
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
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
