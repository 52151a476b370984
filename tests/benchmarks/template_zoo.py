"""Generated article pages in many templates: which parts each extractor keeps and leaves out.

    python tests/benchmarks/template_zoo.py [--pages 400] [--seed 1] [--only auto] [--dump DIR] [--show 30]

The shared corpora hold a few hundred sites; an unseen site wraps its story
in markup none of them use. This benchmark composes random pages from parts
(a header and its menu, the story, boxes inside and after it, comments, a
sidebar, a footer, a cookie bar, a dialog), each part in one of several
shapes:

- layout: HTML5 landmarks, plain divisions, a 2005 layout table, or the story
  in an element a template misuses (``<aside>``, ``<nav>``, ``<header>``,
  ``<section>``);
- class names: descriptive, a CSS-in-JS hash per component, or none;
- the story's paragraphs: ``<p>``, bare divisions, ``<br>`` runs, spans in
  divisions, paragraphs three wrappers deep, one sentence each (a wire
  story), an interview, key points first; one paragraph to eight, in English
  or Chinese (prose from the corpora's gold texts, so real sentences);
- inside the story: a heading, a list the text introduces, a data table, a
  quotation, a hidden paragraph, a newsletter box, a video teaser, a "Read
  more" card, a related box, a paywall line.

Each part is to be kept (the story's text), left out (furniture) or either
(title, byline, caption). A part is found in an output by its first 60
characters, white space collapsed. The report gives, per extractor, the share
of kept parts found by kind, the share of pages where each left-out kind
leaked in, and the share of the story found by layout, body shape, class
names, language and length. ``--only auto`` skips the peers (trafilatura and
readability-lxml, ``pip install '.[peers]'``).

The figures are for finding faults, not for tuning: a rule fitted to this
generator's phrases would fit its author's imagination. Every fault it shows
is checked on the corpora (page runs) and kept only when they do not lose.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's package, not an installed one
import scrapy_webclean  # noqa: E402

CORPORA = Path(__file__).resolve().parents[3] / "shared" / "corpora"
URL = "http://zoo.example/2011/03/story.html"

EN = dict(
    nav=["Home", "World", "Business", "Politics", "Tech", "Science", "Health", "Sport", "Culture", "Opinion"],
    logo="Coastline Herald", mostread="Most read", related="Related stories", comments="Comments",
    about="Coastline Herald is an independent newsroom founded in 1998, reporting on the region with a staff "
          "of forty.",
    footer="Copyright 2011 Coastline Media Group. All rights reserved.",
    cookie="We use cookies to improve your experience on our site. By continuing to browse you agree to our "
           "use of cookies.",
    modal="Become a member today and support independent journalism in your community.",
    locked="This post is locked. Subscribe to read the rest of this story.",
    prev="Previous post", next="Next post", pages=["1", "2", "3", "Next"], said="said on", reply="Reply",
    intro="The new rules include the following measures:",
    items=["a cap on rents for two years", "a register of landlords", "fines for empty homes"],
    byline="By", bio="is a reporter who has covered housing and the city council since 2009.",
    newsletter="Get our free daily newsletter with the top stories.",
    comment=["Great piece, thanks for writing it. I have been saying this for years.",
             "I disagree with most of this. The numbers in the third paragraph do not add up.",
             "Does anyone know where the original report can be found? I could not find it.",
             "This is exactly what happened in my town last year, and the council did nothing.",
             "Well said. Sharing this with my whole family tonight."],
    table=[("Year", "Homes built"), ("2009", "1,204"), ("2010", "1,377"), ("2011", "1,512")],
    names=["Maria Lopez", "John Carter", "Aiko Tanaka", "Peter Novak", "Sara Ahmed", "Tom Becker"],
)
ZH = dict(
    nav=["首页", "新闻", "财经", "科技", "体育", "娱乐", "汽车", "房产", "教育", "旅游"],
    logo="海岸日报网", mostread="热门排行", related="相关新闻", comments="网友评论",
    about="海岸日报网创办于1998年，是本地区最具影响力的综合新闻网站之一，拥有采编人员四十余人。",
    footer="版权所有 2011 海岸传媒集团 未经授权禁止转载",
    cookie="本网站使用Cookie来改善您的浏览体验，继续浏览即表示您同意我们使用Cookie。",
    modal="立即注册成为会员，支持独立新闻报道。",
    locked="本文仅限会员阅读，订阅后即可查看全文。",
    prev="上一篇", next="下一篇", pages=["1", "2", "3", "下一页"], said="发表于", reply="回复",
    intro="新规主要包括以下几项措施：", items=["两年内限制租金上涨幅度", "建立房东登记制度", "对空置房屋处以罚款"],
    byline="记者", bio="是本报资深记者，自2009年起负责住房和市政报道。",
    newsletter="订阅我们的每日新闻简报，第一时间获取头条新闻。",
    comment=["写得很好，谢谢作者，我早就这么说了，可惜没人听。", "不同意，第三段的数字根本对不上，希望核实一下。",
             "有谁知道原始报告在哪里可以找到吗？我一直没找到。", "我们镇去年就发生了一模一样的事情，政府什么也没做。",
             "说得好，今晚就分享给全家人看看。"],
    table=[("年份", "建成住房"), ("2009", "1204"), ("2010", "1377"), ("2011", "1512")],
    names=["张伟", "王芳", "李娜", "刘洋", "陈静", "杨帆"],
)
HANDLES = ["jdub77", "skeptic_sam", "Anna K.", "bluebird", "Mike from Ohio", "notaRobot"]
NAMES = {"header": "site-header", "nav": "main-nav", "body": "article-body", "side": "sidebar",
         "comments": "comments", "related": "related-posts", "footer": "site-footer", "wrap": "content",
         "bio": "author-bio", "postnav": "post-navigation", "pager": "pagination", "cookie": "cookie-notice",
         "modal": "modal", "article": "post", "news": "newsletter-inline", "para": "paragraph"}
LAYOUTS = ("html5", "divs", "table", "aside", "nav", "header", "section")
SHAPES = ("p", "divs", "br", "spans", "deep", "wire", "interview", "keypoints")


def prose_pools() -> tuple[list[str], list[str]]:
    """Paragraphs of the corpora's gold texts: English (120-600 characters) and Chinese (50-300)."""
    en: set[str] = set()
    zh: set[str] = set()
    for name, pool, low, high in (("articles-en", en, 120, 600), ("googlenews", en, 120, 600),
                                  ("articles-zh", zh, 50, 300), ("site-163", zh, 50, 300)):
        for page in json.loads((CORPORA / name / "ground-truth.json").read_text()).values():
            for line in page["articleBody"].split("\n"):
                line = line.strip()
                if low <= len(line) <= high and "http" not in line and (pool is en or "。" in line):
                    pool.add(line)
    return sorted(en), sorted(zh)


class Page:
    """One generated page's parts as they are written: (role, kind, text)."""

    def __init__(self, rng: random.Random, lang: str, layout: str, names: str, shape: str) -> None:
        self.rng, self.lang, self.layout, self.names, self.shape = rng, lang, layout, names, shape
        self.words = ZH if lang == "zh" else EN
        self.parts: list[tuple[str, str, str]] = []
        self.hashes: dict[str, str] = {}

    def c(self, key: str) -> str:
        """The class attribute of component ``key`` under this page's naming."""
        if self.names == "none":
            return ""
        if self.names == "hashed":  # one hash per component, as CSS-in-JS writes them
            if key not in self.hashes:
                self.hashes[key] = "css-" + "".join(self.rng.choice("abcdefghijklmnopqrstuvwxyz0123456789")
                                                    for _ in range(6))
            return f' class="{self.hashes[key]}"'
        return f' class="{NAMES[key]}"'

    def t(self, tag: str) -> str:
        """``tag`` on an HTML5 page, else a division."""
        return tag if self.layout == "html5" else "div"

    def m(self, role: str, kind: str, text: str) -> str:
        self.parts.append((role, kind, text))
        return text

    def headline(self, text: str) -> str:
        if self.lang == "zh":
            return text[:self.rng.randint(12, 20)]
        return " ".join(text.split()[:self.rng.randint(6, 10)])


def story_blocks(pg: Page, paras: list[str], others: list[str]) -> list[str]:
    """The story's paragraphs in the page's shape, with what a story carries inside."""
    m, c, w, rng = pg.m, pg.c, pg.words, pg.rng

    def para(text: str, kind: str = "para") -> str:
        m("keep", kind, text)
        if pg.shape == "divs":
            return f"<div{c('para')}>{text}</div>"
        if pg.shape == "spans":
            return f"<div><span>{text}</span></div>"
        if pg.shape == "deep":
            return f'<div data-testid="paragraph"{c("para")}><div><div><p>{text}</p></div></div></div>'
        return f"<p>{text}</p>"

    out = []
    if pg.shape == "keypoints":
        out.append("<ul>" + "".join(f"<li>{m('keep', 'keypoint', s.split('. ')[0][:140])}</li>"
                                    for s in others[10:13]) + "</ul>")
    if pg.shape == "wire":
        sentences = [s.strip() + "." for p in paras for s in p.split(". ") if len(s) > 40][:12] or paras[:1]
        return out + [para(s, "sentence") for s in sentences]
    if pg.shape == "br":
        return out + ["<div>" + "<br><br>".join(m("keep", "para", p) for p in paras) + "</div>"]
    for i, p in enumerate(paras):
        if pg.shape == "interview":
            out.append(f"<p><b>{m('keep', 'question', pg.headline(others[16 + i % 3]) + '?')}</b></p>")
        out.append(para(p))
        if i == 0 and len(paras) > 1 and rng.random() < 0.2:
            out.append(f"<h2>{m('keep', 'subhead', pg.headline(others[0]))}</h2>")
        if i == 0 and rng.random() < 0.2:
            out.append(f'<div style="display:none"><p>{m("drop", "hidden", others[13])}</p></div>')
        if i == 0 and rng.random() < 0.2:
            out.append(f'<div{c("news")}><p>{m("drop", "newsletter", w["newsletter"])}</p>'
                       '<form><input type="email"><button>Sign up</button></form></div>')
        if i == 1:
            out.extend(inside_story(pg, others))
    if rng.random() < 0.15:
        out.append(f"<p>{m('drop', 'paywall', w['locked'])}</p>")
    return out


def inside_story(pg: Page, others: list[str]) -> list[str]:
    """What may follow a story's second paragraph: its own list, table or quote, or a box."""
    m, c, w, rng, out = pg.m, pg.c, pg.words, pg.rng, []
    if rng.random() < 0.25:
        out.append(f"<p>{m('keep', 'intro', w['intro'])}</p><ul>"
                   + "".join(f"<li>{m('keep', 'listitem', x)}</li>" for x in w["items"]) + "</ul>")
    if rng.random() < 0.15:
        rows = "".join("<tr>" + "".join(f"<td>{x}</td>" for x in r) + "</tr>" for r in w["table"][1:])
        head = "".join(f"<th>{x}</th>" for x in w["table"][0])
        out.append(f"<table><tr>{head}</tr>{rows}</table>")
        m("keep", "datatable", w["table"][2][1])
    if rng.random() < 0.15:
        out.append(f"<blockquote><p>{m('keep', 'quote', others[1])}</p></blockquote>")
    if rng.random() < 0.2:
        out.append(f'<{pg.t("aside")}{c("related")}><h4>{w["related"]}</h4>'
                   + "".join(f'<div><a href="/r/{j}">{pg.headline(s)}</a><p>{m("drop", "inline-teaser", s[:60])}'
                             "</p></div>" for j, s in enumerate(others[3:6])) + f"</{pg.t('aside')}>")
    if rng.random() < 0.2:
        out.append(f'<div><a href="/v/1"><img src="/t.jpg" alt=""><span>Watch: '
                   f'{m("drop", "video", pg.headline(others[5]))}</span><span>2:34</span></a></div>')
    if rng.random() < 0.2:
        out.append(f'<div><a href="/r/9"><img src="/r.jpg" alt=""></a><div><span>Read more</span>'
                   f'<a href="/r/9">{m("drop", "card", pg.headline(others[6]))}</a></div></div>')
    return out


def article(pg: Page, paras: list[str], others: list[str], title: str) -> str:
    """The story under its headline, with a byline, an author's box, page links and post links."""
    m, c, w, rng = pg.m, pg.c, pg.words, pg.rng
    name = rng.choice(w["names"])
    by = (f"<p>{w['byline']} <a href='/author/x'>{m('either', 'byline', name)}</a> | 2011-03-03</p>"
          if rng.random() < 0.6 else "")
    bio = (f'<div{c("bio")}><p><b>{name}</b> {m("drop", "bio", w["bio"])}</p>'
           f'<a href="/author/x">{name}</a></div>') if rng.random() < 0.3 else ""
    postnav = (f'<div{c("postnav")}><a href="/p/prev">&laquo; {w["prev"]}: '
               f'{m("drop", "postnav", pg.headline(others[6]))}</a> '
               f'<a href="/p/next">{w["next"]}: {pg.headline(others[7])} &raquo;</a></div>'
               ) if rng.random() < 0.35 else ""
    pager = (f'<div{c("pager")}>' + " ".join(f'<a href="/p/{k}">{x}</a>' for k, x in enumerate(w["pages"]))
             + "</div>") if rng.random() < 0.2 else ""
    m("either", "title", title)
    wrap = pg.layout if pg.layout in ("aside", "nav", "header", "section") else pg.t("article")
    return (f"<{wrap}{c('article')}><h1>{title}</h1>{by}<div{c('body')}>{''.join(story_blocks(pg, paras, others))}"
            f"</div>{bio}{pager}{postnav}</{wrap}>")


def around(pg: Page, others: list[str]) -> dict[str, str]:
    """The parts around the story: comments, related stories, sidebar, header, footer, overlays."""
    m, c, t, w, rng = pg.m, pg.c, pg.t, pg.words, pg.rng
    parts = dict.fromkeys(("comments", "related", "extra"), "")
    if rng.random() < 0.45:
        items = "".join(f"<li><div><b>{rng.choice(HANDLES)}</b> {w['said']} 2011-03-0{k + 4} {k + 1}:15</div>"
                        f"<p>{m('drop', 'comment', w['comment'][(k + rng.randint(0, 4)) % 5] + f' ({k})')}</p>"
                        f"<a href='#r{k}'>{w['reply']}</a></li>" for k in range(rng.randint(3, 6)))
        parts["comments"] = f'<div{c("comments")}><h3>{w["comments"]}</h3><ol>{items}</ol></div>'
    if rng.random() < 0.4:
        parts["related"] = (f'<div{c("related")}><h3>{w["related"]}</h3>' + "".join(
            f'<div><h4><a href="/s/{j}">{pg.headline(s)}</a></h4><p>{m("drop", "teaser", s[:50])}...</p></div>'
            for j, s in enumerate(others[3:6])) + "</div>")
    about = f"<p>{m('drop', 'about', w['about'])}</p>" if rng.random() < 0.4 else ""
    parts["side"] = (f'<{t("aside")}{c("side")}><h3>{w["mostread"]}</h3><ol>'
                     + "".join(f'<li><a href="/p/{j}">{m("drop", "mostread", pg.headline(s))}</a></li>'
                               for j, s in enumerate(others[6:9])) + f"</ol>{about}</{t('aside')}>")
    parts["header"] = (f'<{t("header")}{c("header")}><a href="/">{m("drop", "logo", w["logo"])}</a>'
                       f'<{t("nav")}{c("nav")}><ul>'
                       + "".join(f'<li><a href="/{k}">{s}</a></li>' for k, s in enumerate(w["nav"]))
                       + f"</ul></{t('nav')}></{t('header')}>")
    parts["footer"] = f'<{t("footer")}{c("footer")}><p>{m("drop", "footer", w["footer"])}</p></{t("footer")}>'
    if rng.random() < 0.25:
        parts["extra"] += (f'<div{c("cookie")} style="position:fixed;bottom:0">{m("drop", "cookie", w["cookie"])}'
                           " <button>OK</button></div>")
    if rng.random() < 0.2:
        parts["extra"] += (f'<div{c("modal")} role="dialog" aria-modal="true" hidden><p>'
                           f'{m("drop", "modal", w["modal"])}</p><button>Join</button></div>')
    return parts


def build(rng: random.Random, en: list[str], zh: list[str]) -> tuple[str, Page]:
    lang = "zh" if rng.random() < 0.3 else "en"
    pg = Page(rng, lang, rng.choice(LAYOUTS), rng.choice(("semantic", "hashed", "none")), rng.choice(SHAPES))
    n = 1 if rng.random() < 0.25 else rng.choice((2, 3, 5, 8))
    texts = rng.sample(zh if lang == "zh" else en, n + 20)
    paras, others = texts[:n], texts[n:]
    title = (others[-1][:28] if lang == "zh" else " ".join(others[-1].split()[:9])).rstrip("。.,，")
    story = article(pg, paras, others, title)
    p = around(pg, others)
    if pg.layout == "table":
        main = (f'<table width="100%"><tr><td colspan=2>{p["header"]}</td></tr><tr><td valign=top>{story}'
                f'{p["related"]}{p["comments"]}</td><td width=200 valign=top>{p["side"]}</td></tr>'
                f'<tr><td colspan=2>{p["footer"]}</td></tr></table>')
    else:
        cols = [f'<{pg.t("main")}{pg.c("wrap")}>{story}{p["related"]}{p["comments"]}</{pg.t("main")}>', p["side"]]
        if rng.random() < 0.3:
            cols.reverse()
        main = p["header"] + "<div>" + "".join(cols) + "</div>" + p["footer"]
    html = (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset=utf-8><title>{title} - {pg.words["logo"]}'
            f"</title></head><body>{main}{p['extra']}</body></html>")
    return html, pg


def extractors(only: str) -> dict[str, Callable[[str], str]]:
    out: dict[str, Callable[[str], str]] = {"auto": lambda h: scrapy_webclean.extract(h.encode(), URL).text}
    if only:
        return {k: v for k, v in out.items() if k == only}
    import lxml.html
    import trafilatura
    from readability import Document

    def readability(h: str) -> str:
        summary = Document(h).summary(html_partial=True)
        return lxml.html.fromstring(summary).text_content() if summary.strip() else ""

    out["trafilatura"] = lambda h: trafilatura.extract(h, url=URL) or ""
    out["readability"] = readability
    return out


class Tally:
    """Kept parts found, left-out parts leaked, and the story found per group, per extractor."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        self.leaked: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        self.groups: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
        self.faults: list[tuple[int, list[str], list[str], str]] = []

    def add(self, name: str, i: int, pg: Page, text: str) -> None:
        text = " ".join(text.split())
        found, total, missed, leaked = 0, 0, set(), set()
        for role, kind, part in pg.parts:
            hit = " ".join(part.split())[:60] in text
            if role == "keep":
                self.kept[(name, kind)][0] += hit
                self.kept[(name, kind)][1] += 1
                found, total = found + hit, total + 1
                if not hit:
                    missed.add(kind)
            elif role == "drop" and hit:
                leaked.add(kind)
        for kind in {k for r, k, _ in pg.parts if r == "drop"}:
            self.leaked[(name, kind)][0] += kind in leaked
            self.leaked[(name, kind)][1] += 1
        length = "one paragraph" if sum(k == "para" for _, k, _ in pg.parts) == 1 else "longer"
        for group in ("layout " + pg.layout, "shape " + pg.shape, "names " + pg.names, "lang " + pg.lang, length):
            self.groups[(name, group)][0] += found / total
            self.groups[(name, group)][1] += 1
        if name == "auto" and (missed or leaked):
            self.faults.append((i, sorted(missed), sorted(leaked), f"{pg.layout}/{pg.shape}/{pg.names}/{pg.lang}"))

    def report(self, names: list[str], show: int) -> None:
        for title, table in (("kept", self.kept), ("leaked", self.leaked), ("story found", self.groups)):
            print(f"{title:<20}" + "".join(f"{n[:11]:>12}" for n in names))
            for key in sorted({k for _, k in table}):
                cells = "".join(f"{table[(n, key)][0] / table[(n, key)][1]:>12.3f}" for n in names)
                print(f"  {key:<18}{cells}   n={table[(names[0], key)][1]:.0f}")
        print(f"auto: {len(self.faults)} pages with a kept part missed or a left-out part leaked")
        for fault in self.faults[:show]:
            print("  ", fault)


def cli(description: str, build_page: Callable[[random.Random, list[str], list[str]], tuple[str, Page]],
        pages: int) -> None:
    """Read the command line, write ``--pages`` pages with ``build_page`` and print the tally."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--pages", type=int, default=pages)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="one extractor (auto): no peers")
    ap.add_argument("--dump", type=Path, help="write each page to DIR/N.html")
    ap.add_argument("--show", type=int, default=30, help="list this many of auto's faulty pages")
    args = ap.parse_args()
    en, zh = prose_pools()
    rng = random.Random(args.seed)
    run = extractors(args.only)
    tally = Tally()
    for i in range(args.pages):
        html, pg = build_page(rng, en, zh)
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            (args.dump / f"{i}.html").write_text(html)
        for name, extract in run.items():
            tally.add(name, i, pg, extract(html))
    tally.report(list(run), args.show)


def main() -> None:
    cli(__doc__.split("\n")[0], build, 400)


if __name__ == "__main__":
    main()
