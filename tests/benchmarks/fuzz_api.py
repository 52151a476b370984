"""Mutation fuzzing of the public API on the shared corpora's pages.

Not collected by pytest. Each case takes a real page and mutates its bytes
(markup fragments inserted, spans cut, copied or shuffled, tags renamed or
their ends dropped, random bytes; sometimes a wrong charset or an unusable
URL), then runs every extractor with random output options and renders every
field, ``classify``, a site style tree learnt from the page and ``extract``
with it. A case that raises, or where one call takes longer than ``--slow`` seconds (or the whole case past ``--hang``), is
saved to ``--out`` (the page, and a note of its source, options and error)
for a test to be written from it. Deterministic for a seed and a case count.

    python tests/benchmarks/fuzz_api.py [--seed 1] [--cases 1000 | --seconds 900] [--out fuzz-out] [--amplify]

With ``--amplify``, each case grows one structure of a real page to hostile
size instead (an element repeated up to 5,000 times, nested up to 3,000 deep,
thousands of links or line breaks, the body repeated): a rule that is slow on
some markup shows on real markup around it.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import scrapy_webclean as wc  # noqa: E402
from scrapy_webclean._scoring import corpus_files, page_bytes  # noqa: E402
from scrapy_webclean.errors import BodyTooLargeError  # noqa: E402

#: Markup a mutation inserts: broken structure, charsets, entities, scripts, metadata, bad URLs.
FRAGMENTS = [
    b"<", b">", b"</div>", b"<div>", b"<p>", b"</p>", b"<table><tr><td>", b"</td></tr></table>", b"<!--", b"-->",
    b"<script>", b"</script>", b"<style>", b"<title>", b"</title>", b"<![CDATA[", b"]]>", b"&#0;", b"&#xD800;",
    b"&amp;", b"&nbsp;", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"<meta charset=utf-16>", b"<meta charset=gbk>",
    b'<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">', b"<base href='javascript:x'>",
    b"<base href='http://[::1'>", b'<link rel="canonical" href="http://[::1/x">', b'<a href="http://[::1">x</a>',
    b'<a href="//%%%">y</a>', b"<svg><title>t</title></svg>", b"<math><mi>x</mi></math>",
    b'<script type="application/ld+json">{"@type":"NewsArticle","headline":', b'{"articleBody": "x"}</script>',
    b"<h1>", b"</h1>", b"<br>" * 50, b"<li>" * 200, b"<b><i><u>" * 100, b"\r\n" * 30, "\u2028".encode(),
    b"<template shadowrootmode=open>", b"</template>", b"<noscript>", b"<plaintext>", b"<frameset>",
    b"<iframe srcdoc='<p>x'>", b"<time datetime='9999-99-99'>", b"<time datetime='2024-02-30T25:61'>",
    b'<meta property="article:published_time" content="0000-00-00">', b"<article>", b"</article>", b"<aside>",
    b"<nav>", b"<main>", b"</main>", b'<div style="display:none">', b' class="comment"', b' id="' + b"a" * 5000 + b'"',
    "中文。".encode() * 20, b"\xd6\xd0\xce\xc4" * 20,
]
RENAMED = ([b"<div", b"<p", b"<span", b"<li", b"<td"],
           [b"<aside", b"<nav", b"<h1", b"<pre", b"<table", b"<a href=x", b"<script"])
UNCLOSED = [b"</div>", b"</p>", b"</a>", b"</li>", b"</td>", b"</table>", b'"', b">"]
CHARSETS = [None, "utf-8", "gbk", "latin-1", "utf-16", "bogus-charset", "shift_jis"]
URLS = [None, "", "not a url", "http://[::1", "javascript:alert(1)", "http://a.test/" + "x" * 3000]


def corpus_pages(corpora: Path) -> list[tuple[Path, str | None, str | None]]:
    """Every page of the gold corpora under ``corpora``, unread: (file, URL, HTTP charset)."""
    return [(path, rec.get("url"), rec.get("http_charset"))
            for corpus in sorted(p for p in corpora.iterdir() if (p / "ground-truth.json").exists())
            for _, rec, path in corpus_files(corpus)]


def mutate(rnd: random.Random, page: bytes) -> bytes:
    """``page`` with 1-30 random mutations."""
    b = bytearray(page)
    for _ in range(rnd.choice([1, 1, 2, 3, 5, 10, 30])):
        op, n = rnd.random(), len(b)
        if n == 0:
            b += rnd.choice(FRAGMENTS)
            continue
        i = rnd.randrange(n)
        if op < 0.25:
            b[i:i] = rnd.choice(FRAGMENTS)
        elif op < 0.4:
            del b[i:min(n, i + rnd.randrange(1, 2000))]
        elif op < 0.5:
            b[i] = rnd.randrange(256)
        elif op < 0.6:
            k = rnd.randrange(n)
            b[k:k] = b[i:min(n, i + rnd.randrange(1, 5000))] * rnd.choice([1, 2, 5])
        elif op < 0.65:
            del b[i:]
        elif op < 0.7:
            del b[:i]
        elif op < 0.8:
            b = bytearray(bytes(b).replace(rnd.choice(RENAMED[0]), rnd.choice(RENAMED[1]), rnd.randrange(1, 30)))
        elif op < 0.9:
            b = bytearray(bytes(b).replace(rnd.choice(UNCLOSED), b"", rnd.randrange(1, 30)))
        else:
            b[i:i] = bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 64)))
    return bytes(b)


_START_TAG = re.compile(rb"<(p|div|li|td|tr|span|a|h[1-6]|table|ul|section|article|font|b)\b", re.IGNORECASE)
_WRAPPERS = [b"div", b"span", b"font", b"li", b"td", b"b", b"em", b"h2", b"blockquote", b"p", b"a href=x"]


def amplify(rnd: random.Random, page: bytes) -> bytes:
    """``page`` with one of its structures grown to hostile size: an element repeated hundreds or
    thousands of times, a span of it nested hundreds deep, a run of links or line breaks, the
    whole body repeated (the page stays real around it: a slow rule shows on its real markup)."""
    starts = [m for m in _START_TAG.finditer(page)]
    if not starts:
        return page
    m = rnd.choice(starts)
    tag = m.group(1).lower()
    close = page.find(b"</" + tag, m.end())
    stop = close + len(tag) + 3 if 0 <= close < m.start() + 20_000 else m.start() + rnd.randrange(50, 2000)
    chunk = page[m.start():stop]
    op = rnd.random()
    if op < 0.35:
        grown = chunk * rnd.choice([200, 1000, 5000])
    elif op < 0.65:
        w = rnd.choice(_WRAPPERS)
        depth = rnd.choice([300, 900, 3000])
        grown = (b"<" + w + b">") * depth + chunk + (b"</" + w.split()[0] + b">") * depth
        grown = grown * rnd.choice([1, 20, 100])
    elif op < 0.8:
        grown = chunk + b"".join(b'<a href="/x%d">w%d</a> ' % (k, k) for k in range(rnd.choice([2000, 20000])))
    elif op < 0.9:
        grown = chunk + rnd.choice([b"<br>", b"<p>", b"<li>", b"<td>", b"<hr>", b"&nbsp;", b"<wbr>"]) * rnd.choice([10_000, 100_000])
    else:
        body = page.find(b"<body")
        return page + page[body:] * rnd.choice([5, 20]) if body >= 0 else page * 5
    return page[:m.start()] + grown + page[stop:]


def options(rnd: random.Random, extractor: str) -> dict[str, Any]:
    """Random output options for one extraction."""
    opts: dict[str, Any] = {}
    if extractor == "auto" and rnd.random() < 0.3:
        opts["comments"] = True
    if rnd.random() < 0.3:
        opts.update({k: rnd.random() < 0.5 for k in ("include_tables", "include_links", "include_images",
                                                      "include_formatting")})
    if rnd.random() < 0.1:
        opts["target_language"] = rnd.choice(["en", "zh", "de"])
    if rnd.random() < 0.1:
        opts["reference_date"] = "2024-05-03"
    return opts


def run_case(rnd: random.Random, body: bytes, url: str | None, charset: str | None) -> tuple[float, str]:
    """Every entry point on one page, every field rendered; the slowest call's time and name."""
    times: list[tuple[float, str]] = []

    def timed(name: str, call: Any) -> Any:
        start = time.monotonic()
        out = call()
        times.append((time.monotonic() - start, name))
        return out

    def fields(r: Any) -> tuple:
        return (r.text, r.html, r.markdown, r.links, r.title, r.author, r.date, r.language, r.to_dict(), r.to_json())

    for name in wc.available_extractors():
        if name != "sst":
            opts = options(rnd, name)
            timed(name, lambda: fields(wc.extract(body, url, encoding=charset, extractor=name, **opts)))
    timed("classify", lambda: wc.classify(body, url, encoding=charset))
    tree = wc.SiteStyleTree()
    for _ in range(2):
        timed("add_page", lambda: tree.add_page(body, url, encoding=charset))
    for name in ("auto", "sst"):
        timed(f"{name}+tree", lambda: fields(wc.extract(body, url, encoding=charset, extractor=name, site_tree=tree)))
    return max(times)


class _Slow(Exception):
    pass


def _alarm(*_: Any) -> None:
    raise _Slow()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=1000, help="cases to run (with --seconds: at most)")
    ap.add_argument("--seconds", type=float, default=0.0, help="stop after this long instead")
    ap.add_argument("--slow", type=float, default=10.0, help="a case with a call taking longer is saved")
    ap.add_argument("--hang", type=float, default=120.0, help="a case is stopped (and saved) after this long")
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"))
    ap.add_argument("--amplify", action="store_true",
                    help="grow one structure of each page to hostile size instead of mutating its bytes")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    pages = corpus_pages(args.corpora)
    signal.signal(signal.SIGALRM, _alarm)
    stop = time.monotonic() + args.seconds if args.seconds else float("inf")
    cases = saved = too_large = 0
    while cases < (args.cases if not args.seconds else sys.maxsize) and time.monotonic() < stop:
        path, url, charset = rnd.choice(pages)
        raw = page_bytes(path)
        body = amplify(rnd, raw) if args.amplify else mutate(rnd, raw)
        if rnd.random() < 0.2:
            charset = rnd.choice(CHARSETS)
        if rnd.random() < 0.1:
            url = rnd.choice(URLS)
        cases += 1
        start, error = time.monotonic(), ""
        signal.setitimer(signal.ITIMER_REAL, args.hang)
        try:
            slowest, name = run_case(rnd, body, url, charset)
            if slowest > args.slow:
                error = f"{name} took {slowest:.1f} s"
        except _Slow:
            error = f"the case ran past {args.hang} s"
        except BodyTooLargeError:  # (the documented error for a body over the limit: the amplifier's doing)
            too_large += 1
        except Exception as exc:  # what the fuzzing is for: any exception is a finding
            error = "".join(traceback.format_exception(exc))[-3000:]
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if error:
            saved += 1
            args.out.mkdir(parents=True, exist_ok=True)
            key = hashlib.sha1(body).hexdigest()[:12]
            (args.out / f"{key}.html").write_bytes(body)
            (args.out / f"{key}.txt").write_text(
                f"{path.name} url={url!r} charset={charset!r} {time.monotonic() - start:.1f} s\n{error}\n", "utf-8")
    print(f"seed {args.seed}: {cases} cases ({too_large} over the body size limit), {saved} saved to {args.out}")


if __name__ == "__main__":
    main()
