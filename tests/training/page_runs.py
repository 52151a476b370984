"""An extractor's text on every page of the shared corpora, saved, and two such runs compared page by page.

    python tests/training/page_runs.py run before                    # auto on every page -> .page-runs/before.json
    python tests/training/page_runs.py run after --corpus modern-web -o favor=precision
    python tests/training/page_runs.py run traf --extractor trafilatura   # a peer, as the scoreboard calls it
    python tests/training/page_runs.py compare before after [--list 40] [--holdout]
    python tests/training/page_runs.py run stripped --probe names    # the pages without class and id
    python tests/training/page_runs.py show after dragnet/dragnet-R208   # one page: what it missed and kept

``--probe`` rewrites each page before extracting it, to see how much a run
leans on what unseen sites may not have: ``names`` drops every ``class`` and
``id`` attribute, ``landmarks`` turns ``main``, ``article``, ``section``,
``header``, ``footer``, ``nav`` and ``aside`` into ``div``, ``headings`` turns
``h1``-``h6`` into ``div`` and ``breaks`` joins paragraphs into one, parted by
``<br><br>`` (old templates). These rewrite the page's bytes in place, so its
encoding stays as it was. ``divs`` writes every paragraph as a ``div`` and
``wraps`` puts each paragraph in a ``div`` of its own: the page is parsed as
``auto`` parses it (an unclosed ``<p>`` is closed where a browser closes it; an
unclosed ``<div>`` would hold the rest of the page), rewritten, and passed on
as UTF-8; so do ``spans`` (each paragraph's content in a ``<span>``), ``deep``
(the body's content in eight nested ``div``) and ``table`` (in one table cell),
and ``utf8``, which rewrites nothing: their control. ``minify`` drops the white
space between block tags and ``pretty`` puts each block tag on a line of its
own. ``comments`` adds a reader-comment thread in WordPress's markup after the
story (found by its gold text), ``comments-plain`` the same without class names, ``comments-few``
one or two comments under their label without class names (:mod:`comment_probe`); ``related`` and ``related-plain`` put a box of related-story teasers inside
the story, after its last line (:mod:`related_probe`). ``short1`` and ``short2`` cut each story of four paragraphs or more to
its first one or two, in the page and in its gold text; pages with shorter stories are left out of
the run (:mod:`short_probe`). ``split`` moves the second half of each such story into a copy of its
container after an advertisement slot (``split-plain``: every one of them without class or id names;
:mod:`split_probe`); ``next`` sets a copy of the story's unit, its text enciphered, after it: a second
story in the same template (:mod:`next_probe`). ``widgets`` sets a widget (a newsletter's form, an
ad slot, a "Read more:" line, a share bar, a video, a related card) after the story's second
paragraph (``widgets-plain``: without names; :mod:`widget_probe`). ``boxed`` turns the story's
container into an ``<aside>``, a ``<nav>`` or a ``<header>`` (:mod:`boxed_probe`). ``hidden`` sets a
block no reader sees (styled hidden, a dialog, a fixed banner) after the story's second paragraph,
its prose enciphered from the story's own (:mod:`hidden_probe`). ``sidebar`` sets a column of
teasers without names after the element holding the story (``sidebar-short``: the story cut to two
paragraphs as well; :mod:`sidebar_probe`). ``cipher`` enciphers every Latin
letter of the page's text and of its gold by one substitution, so that no phrase rule reads a word
(:mod:`cipher_probe`). ``bare`` is ``names``, ``landmarks`` and ``cipher`` at once: the page's structure
alone, as on a site whose names, landmarks and language no rule knows. ``nourl`` leaves the page as
it is and withholds its URL (``extract(body)`` as a user may call it).

``compare`` prints each corpus's F1 (mean precision and recall of the pages,
as the scoreboard scores) in both runs, and the pages whose text changed,
worst first. With ``--holdout``, one site in five (a fixed hash of
``sites.site_of``, apart from ``train_arbiter.py``'s folds) is held out: its
pages are scored in a row of their own and never listed, so that a rule
written while reading the listed pages is judged on sites it was not
written on. Runs are deterministic (pages in sorted order).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from functools import cache, partial
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Callable

import lxml.html

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
import scrapy_webclean  # noqa: E402
from scrapy_webclean._document import parse  # noqa: E402
from scrapy_webclean._scoring import load_corpus, page_counts, summarize, tokens  # noqa: E402
from cipher_probe import enciphered  # noqa: E402
from comment_probe import add_thread  # noqa: E402
from related_probe import add_related  # noqa: E402
from widget_probe import widgets  # noqa: E402
from short_probe import SHORT_PROBES, shorten  # noqa: E402
from split_probe import SPLIT_PROBES, split  # noqa: E402
from next_probe import next_story  # noqa: E402
from boxed_probe import boxed  # noqa: E402
from hidden_probe import hidden  # noqa: E402
from sidebar_probe import SIDEBAR_PROBES, sidebar  # noqa: E402
from sites import site_bucket, site_of  # noqa: E402

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpora"
RUNS = Path(__file__).resolve().parents[2] / ".page-runs"
HOLDOUT_SALT = "holdout"

Counts = tuple[float, float, float]
Extract = Callable[[bytes, str | None, str | None], str]


@cache  # once a worker: the pool's processes cannot be handed a closure
def _peer(name: str) -> Extract:
    """A peer called as ``scoreboard --peers`` calls it, on the page decoded by w3lib."""
    from w3lib.encoding import html_to_unicode

    def decoded(raw: bytes, charset: str | None) -> str:
        return html_to_unicode(f"text/html; charset={charset}" if charset else None, raw)[1]

    if name == "trafilatura":
        import trafilatura

        return lambda raw, url, cs: trafilatura.extract(decoded(raw, cs), url=url) or ""
    import lxml.html
    from readability import Document

    def readability(raw: bytes, url: str | None, cs: str | None) -> str:
        summary = Document(decoded(raw, cs)).summary(html_partial=True)
        return lxml.html.fromstring(summary).text_content() if summary.strip() else ""

    return readability


_TAG = re.compile(rb"<[a-zA-Z][^<>]*>")
_NAME_ATTR = re.compile(rb"""\s(?:class|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.I)
_LANDMARK = re.compile(rb"<(/?)(?:main|article|section|header|footer|nav|aside)(?=[\s/>])", re.I)


_PARA_GAP = re.compile(rb"</p>\s*<p(?:\s[^<>]*)?>", re.I)
_HEADING = re.compile(rb"<(/?)h[1-6](?=[\s/>])", re.I)
#: Block elements, between which white space is not text (``minify`` drops it, ``pretty`` adds it).
_BLOCKS = (rb"(?:p|div|ul|ol|li|dl|dt|dd|table|tbody|thead|tfoot|tr|td|th|h[1-6]|blockquote|section|article|"
           rb"header|footer|nav|aside|main|figure|figcaption|form|hr)")
_AFTER_BLOCK = re.compile(rb"(</?" + _BLOCKS + rb"(?:\s[^<>]*)?>)\s+(?=<)", re.I)
_BEFORE_BLOCK = re.compile(rb">\s+(?=</?" + _BLOCKS + rb"[\s/>])", re.I)
_BLOCK_TAG = re.compile(rb"(?=</?" + _BLOCKS + rb"[\s/>])", re.I)


def _reparsed(raw: bytes, charset: str | None, change: Callable[[Any], None]) -> bytes:
    """The page as auto parses it, changed in place by ``change`` (given its lxml root), as UTF-8."""
    root = parse(raw, encoding=charset).root
    if root is None:  # (an empty page: nothing to rewrite)
        return raw
    change(root)
    return lxml.html.tostring(root, encoding="utf-8")


def _paragraphs_as_divs(root: Any) -> None:
    for el in root.iter("p"):
        el.tag = "div"


def _paragraphs_wrapped(root: Any) -> None:
    for el in list(root.iter("p")):
        wrapper = el.makeelement("div", {})
        el.addprevious(wrapper)
        wrapper.append(el)  # (the paragraph's tail moves with it, into the wrapper)


def _body_wrapped(tags: tuple[str, ...]) -> Callable[[Any], None]:
    """A change putting all of ``<body>`` in a chain of elements ``tags``, the first outermost."""
    def change(root: Any) -> None:
        body = root.find("body")
        if body is None:
            return
        chain = [body.makeelement(t, {}) for t in tags]
        for parent, child in zip(chain, chain[1:]):
            parent.append(child)
        chain[-1].text, body.text = body.text, None
        for child in list(body):
            chain[-1].append(child)
        body.append(chain[0])
    return change


def _text_in_spans(root: Any) -> None:
    """Each paragraph's content in a ``<span>`` of its own."""
    for el in list(root.iter("p")):
        span = el.makeelement("span", {})
        span.text, el.text = el.text, None
        for child in list(el):
            span.append(child)
        el.append(span)


#: The probes that re-parse the page, each by the change it makes to the lxml root.
_TREE_CHANGES: dict[str, Callable[[Any], None]] = {
    "divs": _paragraphs_as_divs, "wraps": _paragraphs_wrapped, "spans": _text_in_spans,
    "deep": _body_wrapped(("div",) * 8), "table": _body_wrapped(("table", "tbody", "tr", "td")),
    "utf8": lambda root: None,
}
#: The probes that rewrite the page's bytes, each by a function of them.
_BYTE_CHANGES: dict[str, Callable[[bytes], bytes]] = {
    "breaks": lambda raw: _PARA_GAP.sub(b"<br><br>", raw),
    "headings": lambda raw: _HEADING.sub(rb"<\1div", raw),
    "minify": lambda raw: _BEFORE_BLOCK.sub(b">", _AFTER_BLOCK.sub(rb"\1", raw)),
    "pretty": lambda raw: _BLOCK_TAG.sub(b"\n    ", raw),
    "names": lambda raw: _TAG.sub(lambda m: _NAME_ATTR.sub(b"", m.group()), raw),
    "landmarks": lambda raw: _LANDMARK.sub(rb"<\1div", raw),
}
#: The probes that add a comment thread after the story (:mod:`comment_probe`), with its names or without.
_COMMENT_PROBES = ("comments", "comments-plain", "comments-few")
#: The probes that add related-story teasers inside the story (:mod:`related_probe`), with names or without.
_RELATED_PROBES = ("related", "related-plain")
#: The probes that rewrite the page around its story (None: it has no story they rewrite), each by its function.
_STORY_CHANGES: dict[str, Callable[[bytes, str | None, str], bytes | None]] = {
    **{kind: partial(split, named=named) for kind, named in SPLIT_PROBES.items()}, "next": next_story,
    "widgets": partial(widgets, named=True), "widgets-plain": partial(widgets, named=False), "boxed": boxed,
    "hidden": hidden}
#: The probes that re-serialize the page as UTF-8 (its charset is passed as such).
UTF8_PROBES = (*_TREE_CHANGES, *_COMMENT_PROBES, *_RELATED_PROBES, *SHORT_PROBES, *_STORY_CHANGES, *SIDEBAR_PROBES,
               "cipher", "bare")
#: The probes that rewrite a page (``nourl`` withholds its URL instead).
REWRITES = (*_BYTE_CHANGES, *UTF8_PROBES)


def probe(raw: bytes, kind: str, charset: str | None = None, gold: str = "") -> bytes:
    """The page rewritten for a probe (see the module's docstring); ``""`` leaves it as it is.
    ``gold``: the page's gold text (the comment probes put their thread after it)."""
    if kind in _COMMENT_PROBES:
        return _reparsed(raw, charset, lambda root: add_thread(root, gold, kind == "comments", kind == "comments-few"))
    if kind in _RELATED_PROBES:
        return _reparsed(raw, charset, lambda root: add_related(root, gold, kind == "related"))
    if kind in _TREE_CHANGES:
        return _reparsed(raw, charset, _TREE_CHANGES[kind])
    if kind in _BYTE_CHANGES:
        return _BYTE_CHANGES[kind](raw)
    return raw


def rewrite(raw: bytes, kind: str, record: dict) -> tuple[bytes, dict] | None:
    """The page and its record as a probe leaves them (see :func:`probe`): a short probe cuts the gold
    text too, and leaves out (None) a page whose story it does not cut, as a split probe does one it
    does not split (or a story probe one it finds no story in); the cipher probe enciphers the gold
    too; a re-serialized page's charset is UTF-8."""
    charset, gold = record.get("http_charset"), record["articleBody"]
    if kind in SHORT_PROBES or kind in SIDEBAR_PROBES:
        cut = (shorten(raw, charset, gold, SHORT_PROBES[kind]) if kind in SHORT_PROBES
               else sidebar(raw, charset, gold, SIDEBAR_PROBES[kind]))
        if cut is None:
            return None
        raw, record = cut[0], record | {"articleBody": cut[1]}
    elif kind in _STORY_CHANGES:
        changed = _STORY_CHANGES[kind](raw, charset, gold)
        if changed is None:
            return None
        raw = changed
    elif kind in ("cipher", "bare"):
        if kind == "bare":  # structure alone: no name, no landmark, no word a rule reads
            raw = _BYTE_CHANGES["landmarks"](_BYTE_CHANGES["names"](raw))
        raw, gold = enciphered(raw, charset, gold)
        record = record | {"articleBody": gold}
    else:
        raw = probe(raw, kind, charset, gold)
    return raw, (record | {"http_charset": "utf-8"} if kind in UTF8_PROBES else record)


def _page(job: tuple[str, str, dict, bytes, str, dict, str]) -> tuple[str, dict] | None:
    corpus, pid, record, raw, extractor, options, kind = job
    site = site_of(corpus, record, raw)
    rewritten = rewrite(raw, kind, record)
    if rewritten is None:
        return None
    raw, record = rewritten
    url, charset = None if kind == "nourl" else record.get("url"), record.get("http_charset")
    try:
        if extractor in ("trafilatura", "readability"):
            text = _peer(extractor)(raw, url, charset)
        else:
            text = scrapy_webclean.extract(raw, url, encoding=charset, extractor=extractor, **options).text
    except Exception as exc:  # a peer's failure is the page's empty text, as the scoreboard counts it
        text, error = "", repr(exc)
    else:
        error = ""
    page = {"counts": page_counts(record["articleBody"], text), "text": text, "site": site, "error": error}
    return f"{corpus}/{pid}", page | ({"gold": record["articleBody"]} if kind in (*SHORT_PROBES, "cipher", "bare") else {})


def run(name: str, corpora: Path, only: list[str], extractor: str, options: dict, processes: int,
        kind: str = "") -> None:
    jobs = []
    for corpus in sorted(p for p in corpora.iterdir() if (p / "ground-truth.json").exists()):
        if only and corpus.name not in only:
            continue
        jobs += [(corpus.name, pid, record, raw, extractor, options, kind) for pid, record, raw in load_corpus(corpus)]
    with Pool(processes) as pool:
        pages = dict(page for page in pool.map(_page, jobs, chunksize=8) if page is not None)
    RUNS.mkdir(exist_ok=True)
    (RUNS / f"{name}.json").write_text(json.dumps({"extractor": extractor, "options": options, "probe": kind,
                                                        "pages": pages}))
    _table({"": pages}, [name])


def f1(counts: Counts) -> float:
    return summarize([counts])["f1"]


def held_out(site: str) -> bool:
    """Whether ``site`` is among the held-out fifth (a fixed hash, apart from the arbiter's folds)."""
    return site_bucket(site, HOLDOUT_SALT, 5) == 0


def _table(groups: dict[str, dict[str, Any]], names: list[str], *runs: dict[str, dict]) -> None:
    """Per corpus (and group), each run's F1 with its precision and recall."""
    runs = runs or tuple(groups.values())
    for group, pages in groups.items():
        by_corpus: dict[str, list[str]] = {}
        for key in pages:
            by_corpus.setdefault(key.split("/")[0], []).append(key)
        for corpus, keys in sorted(by_corpus.items()):
            cells = []
            for r in runs:
                s = summarize([tuple(r[k]["counts"]) for k in keys])
                cells.append(f"{s['f1']:.4f} (P {s['precision']:.3f} R {s['recall']:.3f})")
            print(f"{corpus + group:<22} {len(keys):>4}  " + "   ".join(cells))
    print("runs: " + ", ".join(names))


def compare(old: str, new: str, listed: int, holdout: bool) -> None:
    a = json.loads((RUNS / f"{old}.json").read_text())["pages"]
    b = json.loads((RUNS / f"{new}.json").read_text())["pages"]
    keys = [k for k in a if k in b]
    shown = [k for k in keys if not (holdout and held_out(a[k]["site"]))]
    groups = {"": {k: a[k] for k in shown}}
    if holdout:
        groups[" (held out)"] = {k: a[k] for k in keys if held_out(a[k]["site"])}
    changed = [k for k in keys if a[k]["text"] != b[k]["text"]]
    rows = sorted(((f1(b[k]["counts"]) - f1(a[k]["counts"]), k) for k in changed if k in shown))
    for delta, k in rows[:listed] + (rows[-listed:] if len(rows) > listed else []):
        print(f"{k:<48} {f1(a[k]['counts']):.3f} -> {f1(b[k]['counts']):.3f} ({delta:+.3f})")
    up = sum(1 for k in changed if f1(b[k]["counts"]) > f1(a[k]["counts"]))
    down = sum(1 for k in changed if f1(b[k]["counts"]) < f1(a[k]["counts"]))
    print(f"{len(changed)} pages changed ({up} up, {down} down"
          + (f"; {len(changed) - len(rows)} of them held out, not listed" if holdout else "") + ")")
    _table(groups, [old, new], a, b)


def line_diff(gold: str, text: str) -> tuple[list[str], list[str]]:
    """The gold text's lines that ``text`` does not hold, and ``text``'s lines that the gold does not.
    A line is read as the scorer reads text, by its tokens (``_scoring.tokens``: words, each CJK
    character one; punctuation, bullets and quotes aside; case aside too), and looked for by its first ten."""
    def lines(s: str) -> list[str]:
        return [" ".join(line.split()) for line in s.splitlines() if line.strip()]

    def words(s: str) -> str:
        return " ".join(tokens(s.lower()))

    flat_gold, flat_text = f" {words(gold)} ", f" {words(text)} "

    def held(line: str, flat: str) -> bool:
        key = " ".join(words(line).split()[:10])
        return not key or f" {key} " in flat

    return [g for g in lines(gold) if not held(g, flat_text)], [t for t in lines(text) if not held(t, flat_gold)]


def show(name: str, key: str, corpora: Path) -> None:
    """One page of a saved run: its scores, the gold lines it missed and the lines it kept beyond the gold."""
    page = json.loads((RUNS / f"{name}.json").read_text())["pages"][key]
    corpus, pid = key.split("/", 1)
    record = next(rec for p, rec, _ in load_corpus(corpora / corpus) if p == pid)
    s = summarize([tuple(page["counts"])])
    print(f"{key}  {record.get('url')}\nF1 {s['f1']:.3f} (P {s['precision']:.3f} R {s['recall']:.3f})"
          + (f"  error {page['error']}" if page.get("error") else ""))
    missed, extra = line_diff(page.get("gold", record["articleBody"]), page["text"])  # (a short probe's own gold)
    for label, found in (("missed", missed), ("kept beyond the gold", extra)):
        print(f"-- {label}: {len(found)} lines")
        print("\n".join(f"   {line[:160]}" for line in found))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="extract every page and save the run")
    r.add_argument("name")
    r.add_argument("--corpora", type=Path, default=CORPORA)
    r.add_argument("--corpus", default="", help="comma-separated corpus names (default: all)")
    r.add_argument("--extractor", default="auto", help="an extractor's name, or trafilatura or readability")
    r.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                   help="an extractor option, VALUE read as JSON when it parses; repeatable")
    r.add_argument("-p", "--processes", type=int, default=2)
    r.add_argument("--probe", choices=[*REWRITES, "nourl"], default="",
                   help="rewrite each page first (class/id names taken away, landmarks or paragraphs as "
                        "divisions, a comment thread added...: see the module's docstring), or withhold its URL")
    c = sub.add_parser("compare", help="compare two saved runs page by page")
    c.add_argument("old")
    c.add_argument("new")
    c.add_argument("--list", type=int, default=30, help="list this many of the worst and of the best changes")
    c.add_argument("--holdout", action="store_true", help="score one site in five apart, unlisted")
    w = sub.add_parser("show", help="one page of a saved run, line by line against its gold text")
    w.add_argument("name")
    w.add_argument("page", help="corpus/id, as compare lists it")
    w.add_argument("--corpora", type=Path, default=CORPORA)
    args = ap.parse_args()
    if args.command == "show":
        show(args.name, args.page, args.corpora)
    elif args.command == "run":
        options: dict[str, Any] = {}
        for item in args.option:
            key, _, value = item.partition("=")
            try:
                options[key] = json.loads(value)
            except ValueError:
                options[key] = value
        run(args.name, args.corpora, [n for n in args.corpus.split(",") if n], args.extractor, options,
            args.processes, args.probe)
    else:
        compare(args.old, args.new, args.list, args.holdout)


if __name__ == "__main__":
    main()
