"""Worst-case time and memory per page, per extractor, on hostile pages.

Not collected by pytest. Each (page, extractor) pair runs in a fresh Python
process so its peak RSS (``ru_maxrss``) is its own; the time is the wall
time of ``extract`` plus rendering text and HTML, parse included. The pages
are generated at the sizes of issue 6 (and some beyond); they differ from
the unit tests' inputs on purpose. Besides the extractors, ``classify``,
``site-tree`` (a tree learnt from the page, then ``extract`` with it) and
``comments`` (``auto`` reading the reader comments too) are timed.

    python tests/benchmarks/hostile_pages.py [--only NAME[,NAME]] [--extractor NAME] [--json out.json]
    python tests/benchmarks/hostile_pages.py --only chains-   # every page whose name starts so
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Other entry points timed as extractors are: ``classify``; ``site-tree`` (``SiteStyleTree().add_page``
#: of the page itself, then ``extract`` with that tree: the learning and the cleaning both timed); and
#: ``comments`` (``auto`` with ``comments=True``: the reader comments read too).
ENTRY_POINTS = ("classify", "site-tree", "comments")


def pages() -> dict[str, bytes]:
    rnd = random.Random(6)
    words = " ".join(f"w{i}" for i in range(200))
    out = {
        "deep-div-50k": "<div>" * 50_000 + words + "</div>" * 50_000 + "<p>" + words + "</p>",
        "deep-mixed-unclosed-60k": "".join(rnd.choice(("<div>", "<span>", "<b>", "<li>", "<td>", "<font>"))
                                           for _ in range(60_000)) + words,
        "nested-tables-8k": "<table><tr><td>x " * 8000 + "</td></tr></table>" * 8000,
        "nested-anchors-50k": "<a href=/x>" * 50_000 + words,
        "attribute-8MB": '<div data-x="' + "y" * 8_000_000 + '">' + words + "</div>",
        "attributes-1M-bare": "<div " + "a " * 1_000_000 + ">" + words + "</div>",
        "attributes-300k-valued": "<div " + " ".join(f"a{i}='{i}'" for i in range(300_000)) + ">x</div>",
        "line-10MB": "<p>" + ("lorem ipsum dolor sit amet, " * 360_000) + "</p>",
        "br-2M": "<p>" + "<br>" * 2_000_000 + "</p>",
        "br-text-500k": "<p>" + "line<br>" * 500_000 + "</p>",
        "table-300k-rows": "<table>" + "<tr><td>cell</td><td>more</td></tr>" * 300_000 + "</table>",
        "links-200k": "<ul>" + "".join(f"<li><a href='/p/{i}'>link number {i}</a></li>" for i in range(200_000))
                      + "</ul>",
        "introduced-lists-50k": "<article>" + "<p>The report of the committee listed these items:</p>"
                                "<ul><li><a href=/x>item</a></li></ul>" * 50_000 + "</article>",
        "lists-after-990-wrappers": "<article>" + "<div>" * 990 + "<p>" + "<b>ab</b> " * 300_000 + "</p>"
                                    + "</div><ul><li>an item</li></ul>" * 990 + "</article>",
        "lead-in-5MB": "<article><p>" + "a long sentence, " * 300_000 + "and so:</p><ul><li>item</li></ul></article>",
        "spans-1M": "<p>" + "<span>a</span>" * 700_000 + "</p>",
        "empty-tags-2.5M": "<i></i>" * 1_400_000,
        "unclosed-p-1M": "<p>x" * 1_000_000,
        "comments-1M": "<!--c-->" * 1_000_000 + words,
        "script-10MB": "<script>" + "var a = 1 < 2;" * 700_000 + "</script>" + words,
        "lt-soup-5MB": "< a <b <c= <d'e " * 300_000,
        "entities-2M": "<p>" + "&amp;&#x1F600;&bogus;&#xD800;" * 250_000 + "</p>",
        "cjk-10MB": "<p>" + "中文内容，测试。" * 400_000 + "</p>",
        "billion-laughs": '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">' + "".join(
            f'<!ENTITY {chr(98 + k)} "' + f"&{chr(97 + k)};" * 10 + '">' for k in range(12))
            + "]><p>&m;</p>",
    }
    out.update(inline_chain_pages())
    data = {k: v.encode("utf-8") for k, v in out.items()}
    data["random-8MB"] = rnd.randbytes(8_000_000)
    data["utf16-5MB"] = b"\xff\xfe" + ("<p>" + "text " * 1_000_000 + "</p>").encode("utf-16-le")
    return data


#: A story round the chains, so that the page has a body to find.
STORY = ("<p>The council voted on Tuesday to delay the budget until next month, after a long debate about "
         "the cost of the new library and the repairs the old bridge needs before winter arrives.</p>") * 15


def chain(levels: list[str], depth: int, inner: str, each: str = "") -> str:
    """``depth`` levels of nesting round ``inner``, the start tags ``levels`` in turn (their attributes
    included; a level may open more than one), each followed by the text ``each``; each element closed
    by its own end tag."""
    opens = [levels[k % len(levels)] for k in range(depth)]
    return each.join(opens) + each + inner \
        + "".join(f"</{name}>" for t in reversed(opens) for name in reversed(re.findall(r"<(\w+)", t)))


def chains_page(levels: list[str], inner: str, n: int = 300, depth: int = 900, wrap: str = "p",
                after: str = "", each: str = "") -> str:
    """A story, ``n`` chains of ``depth`` nested elements round a short text (each in a ``wrap``,
    ``after`` it; ``each``: a text at every level), and the story again."""
    one = chain(levels, depth, inner, each) + after
    if wrap == "li":
        middle = "<ul>" + f"<li>{one}</li>" * n + "</ul>"
    elif wrap == "td":
        middle = "<table>" + f"<tr><td>{one}</td></tr>" * n + "</table>"
    else:
        middle = f"<{wrap}>{one}</{wrap}>" * n
    return "<html><head><title>Budget vote delayed</title></head><body><article>" + STORY + middle + STORY \
        + "</article></body></html>"


def inline_chain_pages(n: int = 300, depth: int = 900) -> dict[str, str]:
    """Many chains of deep inline nesting round short texts (a rule that reads each short element's
    text through its subtree reads each chain once per level: depth squared per chain)."""
    mixed = ["<a href='/x'>", "<span>", "<b>", "<em>", "<font>", "<label>", "<strong>", "<i>", "<small>"]
    named = n * 2 // 3  # the class names make each level longer: fewer chains keep the page a few MB
    return {
        "chains-a-share": chains_page(["<a href=/s>", "<b>"], "Share", n, depth),  # (an <a> in an <a> closes it)
        "chains-span-read-more": chains_page(["<span>"], "Read more", n, depth, wrap="div"),
        "chains-b-back-to-top": chains_page(["<b>"], "Back to top", n, depth, after="<br>"),
        "chains-em-date": chains_page(["<em>"], "12 May 2009", n, depth, wrap="li"),
        "chains-font-byline-br-tail": chains_page(["<font>"], "By John Smith<br>", n, depth,
                                                  after="and a tail line of the story"),
        "chains-label": chains_page(["<label>"], "Comments (3)", n, depth, wrap="td"),
        "chains-button": chains_page(["<button>"], "Share this", n, depth, wrap="div"),
        "chains-li-in-span": chains_page(["<span>", "<li>"], "Related stories", n, depth, wrap="div"),
        "chains-h2-in-em": chains_page(["<em>", "<h2>"], "three word line", n, depth, wrap="div"),
        "chains-p-in-span": chains_page(["<span>", "<p>"], "Back to top", n, depth, wrap="div"),
        "chains-li-in-span-words": chains_page(["<span>", "<li>"], "Related stories", n, depth, wrap="div",
                                               each="a "),  # a word at every level
        "chains-h3-a-words": chains_page(["<h3><a href=/r>"], "Read more", n, depth // 2, wrap="div",
                                         each="Read more "),  # a linked heading in every other level
        "chains-mixed-tail": chains_page(mixed, "By John Smith", n, depth, after="<br>12 May 2009"),
        "chains-zh": chains_page(["<span>", "<a href='/t'>"], "分享到：微博。", n, depth),
        "chains-class-author": chains_page(["<span class=author>"], "By John Smith", named, depth),
        "chains-class-share": chains_page(["<a class=share href=#>", "<span class=share>"], "Share", named,
                                          depth, wrap="li"),
        "chains-class-comment": chains_page(["<b class=comment>"], "Comments (3)", named, depth, wrap="div"),
        "chains-class-related": chains_page(["<em class=related>"], "Related stories", named, depth,
                                            after="<br>and more"),
        "chains-class-nav": chains_page(["<font class=nav>"], "Back to top", named, depth, wrap="li"),
        # The metadata read from the body: a post's date, an author's item and name, an author's link,
        # the headings (not in a footer) that may be the headline.
        "chains-time-pubdate": chains_page(["<time pubdate>"], "12 May 2009", named, depth, wrap="div"),
        "chains-itemprop-date": chains_page(["<em itemprop=datePublished>"], "12 May 2009", n // 3, depth),
        "chains-itemprop-author-item": chains_page(["<span itemprop=author itemscope>"], "John Smith", n // 3,
                                                   depth, wrap="div"),
        "chains-itemprop-author-name": chains_page(["<b itemprop=author>", "<i itemprop=name>"], "John Smith",
                                                   named, depth, wrap="div"),
        "chains-rel-author": chains_page(["<a rel=author href=/a>", "<b>"], "John Smith", named, depth),
        "chains-h1-in-footer": chains_page(["<span>", "<h1>"], "Budget vote delayed", n, depth, wrap="footer"),
        # 1,000 replies nested in one another (the most comments read) round 100,000 elements.
        "chains-comment-replies": chains_page(["<div class=comment><b>Ann</b> said "], "<span>x</span>" * 100_000,
                                              1, 1000, wrap="div"),
    }


CHILD = r"""
import json, resource, sys, time
import scrapy_webclean as wc
path, name = sys.argv[1], sys.argv[2]
body = open(path, "rb").read()
tree = None
if name == "sst":
    tree = wc.SiteStyleTree()
    for k in range(5):
        tree.add_page(b"<body><div class=n><a href=/>Home</a></div><p>story %d words here</p></body>" % k)
elif name == "site-tree":  # the page learnt as its site's template, then cleaned by it
    t0 = time.perf_counter()
    tree = wc.SiteStyleTree()
    tree.add_page(body, "https://hostile.example/page")
t0 = t0 if name == "site-tree" else time.perf_counter()
error = None
try:
    if name == "classify":
        r = wc.classify(body, "https://hostile.example/page")
        n = len(r.kind)
    else:
        r = wc.extract(body, "https://hostile.example/page", site_tree=tree,
                       extractor="auto" if name in ("site-tree", "comments") else name,
                       **({"comments": True} if name == "comments" else {}))
        n = len(r.text) + len(r.html)
except ValueError as exc:
    error, n = f"{type(exc).__name__}: {str(exc)[:80]}", 0
seconds = time.perf_counter() - t0
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across exec.
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")]
peak = int(hwm[0].split()[1]) / 1024 if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "rss_mb": peak,
                  "chars": n, "error": error}))
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="comma-separated page names")
    ap.add_argument("--extractor", help="comma-separated extractor names (default: all)")
    ap.add_argument("--json", help="write the rows here")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    import scrapy_webclean as wc

    names = args.extractor.split(",") if args.extractor else [*wc.available_extractors(), *ENTRY_POINTS]
    selected = pages()
    if args.only:
        wanted = args.only.split(",")
        selected = {k: v for k, v in selected.items() if k in wanted or any(
            w.endswith("-") and k.startswith(w) for w in wanted)}
    rows = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp:
        for page, body in selected.items():
            path = Path(tmp) / page
            path.write_bytes(body)
            for name in names:
                try:
                    out = subprocess.run([sys.executable, "-c", CHILD, str(path), name], capture_output=True,
                                         text=True, timeout=120, env=env)
                    row = json.loads(out.stdout.strip().splitlines()[-1]) if out.returncode == 0 else {
                        "seconds": None, "rss_mb": None, "chars": 0, "error": "CRASH " + out.stderr[-300:]}
                except subprocess.TimeoutExpired:
                    row = {"seconds": None, "rss_mb": None, "chars": 0, "error": "HANG (> 120 s)"}
                row.update(page=page, extractor=name, bytes=len(body))
                rows.append(row)
                secs = "  hang" if row["seconds"] is None else f"{row['seconds']:6.2f}"
                rss = "    -" if row["rss_mb"] is None else f"{row['rss_mb']:5.0f}"
                print(f"{page:26} {name:22} {secs} s {rss} MB  {row['chars']:>9} chars  {row['error'] or ''}",
                      flush=True)
    worst = {}
    for r in rows:
        w = worst.setdefault(r["extractor"], {"seconds": 0.0, "rss_mb": 0.0, "page_s": "", "page_mb": ""})
        if r["seconds"] is not None and r["seconds"] > w["seconds"]:
            w["seconds"], w["page_s"] = r["seconds"], r["page"]
        if r["rss_mb"] is not None and r["rss_mb"] > w["rss_mb"]:
            w["rss_mb"], w["page_mb"] = r["rss_mb"], r["page"]
    print("\n| extractor | worst time (page) | worst peak RSS (page) |\n|---|---|---|")
    for name, w in worst.items():
        print(f"| {name} | {w['seconds']:.1f} s ({w['page_s']}) | {w['rss_mb']:.0f} MB ({w['page_mb']}) |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    failures = [r for r in rows if r["error"] and (r["error"].startswith(("CRASH", "HANG")))]
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
