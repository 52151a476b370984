"""Generated pages of kinds the template zoo does not write: which parts each extractor keeps.

    python tests/benchmarks/template_kinds.py [--pages 300] [--seed 1] [--only auto] [--dump DIR] [--show 30]

``template_zoo.py`` varies the layout around one news story. This varies the
kind of page, each with the furniture it brings:

- blog: a 2008 blog post under its title, tags, a share row, an affiliate
  disclosure, a related-posts box, an author's box, reader comments of real
  sentences and a sidebar of described books, an "About me" and a blogroll;
  its labels in English, German, French or Spanish;
- portal: a 2004 Chinese portal page, nested layout tables, ``<P>``
  paragraphs with full-width indents, a customer-service notice, a
  disclaimer, related links and readers' comments in table rows;
- recipe: a story, then a recipe card (ingredients, steps) with its
  controls ("Jump to Recipe", "Print this recipe", "Rate this recipe");
- liveblog: timed entries, some with headings, each with a share link;
- listicle: numbered sections with images, pros and shop links;
- modern: an article with a table of contents, key takeaways, ad labels, an
  embedded post and a question-and-answer section.

The report is ``template_zoo.py``'s (the same tally): the share of kept
parts found, of pages where each left-out part leaked, and of the story
found per kind and naming. As there, the figures find faults; a rule is
kept only when the corpora do not lose by it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
import template_zoo as zoo  # noqa: E402

#: Box labels and lines of a blog in four languages.
LABELS = {
    "en": dict(related="Related posts", author="About the author", share="Share this:", tags="Tags:",
               affiliate="This post contains affiliate links. If you buy through them, we earn a small commission.",
               comments="Comments", reply="Reply", said="said on"),
    "de": dict(related="Ähnliche Beiträge", author="Über den Autor", share="Teilen:", tags="Schlagwörter:",
               affiliate="Dieser Beitrag enthält Affiliate-Links. Wenn du über diese Links einkaufst, erhalten "
                         "wir eine kleine Provision.", comments="Kommentare", reply="Antworten", said="sagte am"),
    "fr": dict(related="Articles similaires", author="À propos de l'auteur", share="Partager :", tags="Mots-clés :",
               affiliate="Cet article contient des liens affiliés. Si vous achetez via ces liens, nous touchons "
                         "une petite commission.", comments="Commentaires", reply="Répondre", said="a dit le"),
    "es": dict(related="Artículos relacionados", author="Sobre el autor", share="Compartir:", tags="Etiquetas:",
               affiliate="Este artículo contiene enlaces de afiliados. Si compras a través de ellos, recibimos una "
                         "pequeña comisión.", comments="Comentarios", reply="Responder", said="dijo el"),
}
NOTICE = "尊敬的用户：因系统升级，本站将于本周六凌晨零点至六点暂停会员注册和登录服务，给您带来的不便敬请谅解。如有疑问请拨打客服热线。"
DISCLAIMER = ("免责声明：本文仅代表作者个人观点，与本网无关。其原创性以及文中陈述文字和内容未经本站证实，对本文以及其中全部或者"
              "部分内容、文字的真实性、完整性、及时性本站不作任何保证或承诺。")
KINDS = ("blog", "portal", "recipe", "liveblog", "listicle", "modern")


def page_html(pg: zoo.Page, title: str, main: str, side: str) -> str:
    """A page around ``main``: a header with the site's menu, ``side`` beside it, a footer."""
    c, t = pg.c, pg.t
    menu = "".join(f"<li><a href='/{k}'>{s}</a></li>" for k, s in enumerate(zoo.EN["nav"]))
    cols = [f"<{t('main')}{c('wrap')}>{main}</{t('main')}>", side]
    if pg.rng.random() < 0.3:
        cols.reverse()
    return (f"<!DOCTYPE html><html><head><title>{title} - Coastline</title></head><body>"
            f"<{t('header')}{c('header')}><a href='/'>Coastline</a><{t('nav')}{c('nav')}><ul>{menu}</ul>"
            f"</{t('nav')}></{t('header')}><div>{''.join(cols)}</div><{t('footer')}{c('footer')}>"
            f"<p>{pg.m('drop', 'footer', str(zoo.EN['footer']))}</p></{t('footer')}></body></html>")


def most_read(pg: zoo.Page, others: list[str]) -> str:
    return (f"<{pg.t('aside')}{pg.c('side')}><h3>Most read</h3><ol>" + "".join(
        f"<li><a href='/p/{j}'>{pg.m('drop', 'mostread', pg.headline(s))}</a></li>" for j, s in enumerate(others[:4]))
        + f"</ol></{pg.t('aside')}>")


def comments(pg: zoo.Page, texts: list[str], said: str, reply: str, label: str) -> str:
    """Reader comments of real sentences, each under its author and date."""
    items = "".join(f"<li{pg.c('comment')}><div><cite>{pg.rng.choice(zoo.HANDLES)}</cite> {said} March 4, 2008 "
                    f"{j}:15</div><p>{pg.m('drop', 'comment', s)}</p><a href='#r{j}'>{reply}</a></li>"
                    for j, s in enumerate(texts))
    return f"<div{pg.c('comments')}><h3>{len(texts)} {label}</h3><ol>{items}</ol><form><textarea></textarea></form></div>"


def blog(pg: zoo.Page, texts: list[str]) -> str:
    m, c, rng = pg.m, pg.c, pg.rng
    w = LABELS[rng.choice(sorted(LABELS))]
    n = rng.choice((2, 3, 4, 6))
    title = " ".join(texts[-1].split()[:8]).rstrip(".,")
    m("either", "title", title)
    body = "".join(f"<p>{m('keep', 'para', p)}</p>" for p in texts[:n])
    if rng.random() < 0.3:
        body += f"<p><em>{m('drop', 'affiliate', w['affiliate'])}</em></p>"
    post = [f"<h2>{title}</h2><div>Posted on March 3, 2008</div><div{c('body')}>{body}</div>",
            f"<p>{w['tags']} <a href='/t/1'>news</a>, <a href='/t/2'>life</a></p>",
            f"<div{c('share')}>{w['share']} <a href='#'>Facebook</a> <a href='#'>Twitter</a></div>"]
    if rng.random() < 0.5:
        post.append(f"<div{c('related')}><h3>{w['related']}</h3><ul>" + "".join(
            f"<li><a href='/p/{j}'>{m('drop', 'related', pg.headline(s))}</a></li>" for j, s in enumerate(texts[8:12]))
            + "</ul></div>")
    if rng.random() < 0.4:
        post.append(f"<div{c('bio')}><h4>{w['author']}</h4><p>{m('drop', 'bio', texts[12][:200])}</p></div>")
    k = rng.choice((0, 2, 5, 10))
    thread = comments(pg, texts[13:13 + k], w["said"], w["reply"], w["comments"]) if k else ""
    side = (f"<div{c('side')}><h3>Reading</h3><ul>" + "".join(
        f"<li><a href='/b/{j}'><img src='/b{j}.jpg'></a> <a href='/b/{j}'>{pg.headline(s)}</a><br>"
        f"{m('drop', 'book', s[:160])}</li>" for j, s in enumerate(texts[24:27]))
        + f"</ul><h3>About me</h3><p>{m('drop', 'aboutme', texts[27][:220])}</p><h3>Blogroll</h3><ul>"
        + "".join(f"<li><a href='http://b{j}.example/'>Blog {j}</a></li>" for j in range(8)) + "</ul></div>")
    return page_html(pg, title, f"<div{c('article')}>{''.join(post)}</div>{thread}", side)


def portal(pg: zoo.Page, texts: list[str]) -> str:
    m, rng = pg.m, pg.rng
    n = rng.choice((1, 2, 3, 5, 8))
    title = texts[-1][:24].rstrip("。，")
    m("either", "title", title)
    tag = rng.choice(("P", "p"))
    body = "".join(f"<{tag}>\u3000\u3000{m('keep', 'para', p)}</{tag}>" for p in texts[:n])

    def links(k: int, off: int) -> str:
        return "<table width=100%>" + "".join(f"<tr><td>·<a href='/n/{off + j}.html'>{pg.headline(texts[10 + (off + j) % 20])}"
                                             "</a></td></tr>" for j in range(k)) + "</table>"
    notice = (f"<table><tr><td><b>客服公告</b></td></tr><tr><td>{m('drop', 'notice', NOTICE)}</td></tr></table>"
              if rng.random() < 0.4 else "")
    disclaimer = f"<p><font color=gray>{m('drop', 'disclaimer', DISCLAIMER)}</font></p>" if rng.random() < 0.5 else ""
    thread = ""
    if rng.random() < 0.4:
        thread = "<table><tr><td><b>网友评论</b></td></tr>" + "".join(
            f"<tr><td>网友 {j} 发表于 2004-05-0{j + 1}</td></tr><tr><td>{m('drop', 'comment', texts[30 + j])}</td></tr>"
            for j in range(rng.randint(2, 5))) + "</table>"
    story = (f"<table width=560><tr><td align=center><font size=4><b>{title}</b></font></td></tr>"
             f"<tr><td align=center>2004年05月03日 10:21 新华网</td></tr><tr><td><font id=zoom>{body}</font>"
             f"{disclaimer}</td></tr><tr><td align=right>（责任编辑：王明）</td></tr></table>"
             f"<table><tr><td><b>相关链接</b></td></tr><tr><td>{links(5, 10)}</td></tr></table>{thread}")
    menu = "".join(f"<td><a href='/{k}/'>{s}</a></td>" for k, s in enumerate(zoo.ZH["nav"]))
    return (f"<html><head><meta charset=utf-8><title>{title}_新闻中心_海岸网</title></head><body><table><tr>{menu}</tr>"
            f"</table><table width=760><tr><td width=180 valign=top>{notice}<b>热点新闻</b>{links(12, 0)}</td>"
            f"<td valign=top>{story}</td></tr></table><table><tr><td>{m('drop', 'footer', str(zoo.ZH['footer']))}</td>"
            "</tr></table></body></html>")


def recipe(pg: zoo.Page, texts: list[str]) -> str:
    m, c, rng = pg.m, pg.c, pg.rng
    n = rng.choice((1, 2, 3, 5))
    title = "Easy " + " ".join(texts[-1].split()[:4]).rstrip(".,") + " Soup"
    m("either", "title", title)
    ingredients = ["2 cups chicken stock", "1 onion, finely chopped", "3 carrots, sliced", "1 tbsp olive oil",
                   "salt and pepper to taste", "a handful of fresh parsley"][:rng.randint(4, 6)]
    steps = ["Heat the oil in a large pot over medium heat and cook the onion until soft, about five minutes.",
             "Add the carrots and stock, bring to a boil, then lower the heat and simmer for twenty minutes.",
             "Blend until smooth, season with salt and pepper, and serve topped with parsley."]
    jump = f"<p><a href='#recipe'>{m('drop', 'jump', 'Jump to Recipe')}</a></p>" if rng.random() < 0.6 else ""
    card = (f"<div{c('card')} id='recipe'><h2>{title}</h2><p>Prep time: 10 minutes | Cook time: 25 minutes</p>"
            "<h3>Ingredients</h3><ul>" + "".join(f"<li>{m('keep', 'ingredient', x)}</li>" for x in ingredients)
            + "</ul><h3>Instructions</h3><ol>" + "".join(f"<li>{m('keep', 'step', x)}</li>" for x in steps) + "</ol>"
            f"<p><a href='#print'>{m('drop', 'print', 'Print this recipe')}</a></p><div>"
            f"{m('drop', 'rate', 'Rate this recipe')}: <button>1</button><button>2</button></div></div>")
    thread = comments(pg, texts[5:9], "said on", "Reply", "Comments") if rng.random() < 0.5 else ""
    body = "".join(f"<p>{m('keep', 'para', p)}</p>" for p in texts[:n])
    main = f"<{pg.t('article')}{c('article')}><h1>{title}</h1>{jump}<div{c('body')}>{body}{card}</div></{pg.t('article')}>"
    return page_html(pg, title, main + thread, most_read(pg, texts[10:]))


def liveblog(pg: zoo.Page, texts: list[str]) -> str:
    m, c, rng = pg.m, pg.c, pg.rng
    title = " ".join(texts[-1].split()[:7]).rstrip(".,") + ": live updates"
    m("either", "title", title)
    entries = "".join(
        f"<div{c('entry')}><div><time>{14 - j // 2}:{(59 - 7 * j) % 60:02d}</time></div>"
        + (f"<h3>{m('keep', 'entryhead', pg.headline(texts[20 + j]))}</h3>" if rng.random() < 0.5 else "")
        + "".join(f"<p>{m('keep', 'para', texts[j * 2 + q])}</p>" for q in range(rng.randint(1, 2)))
        + "<div><a href='#share'>Share this post</a></div></div>" for j in range(rng.randint(3, 8)))
    main = f"<{pg.t('article')}{c('article')}><h1>{title}</h1><div{c('body')}>{entries}</div></{pg.t('article')}>"
    return page_html(pg, title, main, most_read(pg, texts[30:]))


def listicle(pg: zoo.Page, texts: list[str]) -> str:
    m, c, rng = pg.m, pg.c, pg.rng
    k = rng.randint(3, 7)
    title = f"The {k} best " + " ".join(texts[-1].split()[:3]).rstrip(".,").lower()
    m("either", "title", title)
    items = "".join(
        f"<section><h2>{m('keep', 'itemhead', f'{j + 1}. ' + pg.headline(texts[10 + j]))}</h2><figure>"
        f"<img src='/i{j}.jpg'><figcaption>Photo: Studio</figcaption></figure><p>{m('keep', 'para', texts[j])}</p>"
        + (f"<ul><li>{m('keep', 'pro', 'Pros: quiet, easy to clean')}</li><li>Cons: pricey</li></ul>"
           if rng.random() < 0.5 else "")
        + f"<p><a href='https://shop.example/{j}' rel='sponsored'>{m('drop', 'buy', f'${49 + j * 10} at Amazon')}</a>"
        "</p></section>" for j in range(k))
    main = (f"<{pg.t('article')}{c('article')}><h1>{title}</h1><div{c('body')}><p>{m('keep', 'para', texts[20])}</p>"
            f"{items}</div></{pg.t('article')}>")
    return page_html(pg, title, main, most_read(pg, texts[30:]))


def modern(pg: zoo.Page, texts: list[str]) -> str:
    m, c, rng = pg.m, pg.c, pg.rng
    n = rng.choice((3, 5, 8))
    title = " ".join(texts[-1].split()[:8]).rstrip(".,")
    m("either", "title", title)
    heads = [pg.headline(texts[10 + i]) for i in range(3)]
    out = []
    if rng.random() < 0.3:
        out.append(f"<div{c('toc')}><p>{m('drop', 'toclabel', 'Table of Contents')}</p><ol>"
                   + "".join(f"<li><a href='#s{i}'>{h}</a></li>" for i, h in enumerate(heads)) + "</ol></div>")
    if rng.random() < 0.3:
        out.append("<div><h2>Key takeaways</h2><ul>" + "".join(
            f"<li>{m('keep', 'takeaway', s.split('. ')[0][:120])}</li>" for s in texts[13:16]) + "</ul></div>")
    ads = rng.random() < 0.5
    for i, p in enumerate(texts[:n]):
        if i and i % 3 == 0:
            out.append(f"<h2 id='s{i // 3}'>{m('keep', 'subhead', heads[(i // 3) % 3])}</h2>")
        out.append(f"<p>{m('keep', 'para', p)}</p>")
        if ads and i in (0, 3):
            label = rng.choice(("Advertisement", "ADVERTISEMENT", "Story continues below advertisement"))
            out.append(f"<div{c('ad')}><span>{m('drop', 'adlabel', label)}</span><div></div></div>")
    if rng.random() < 0.4:
        out.append("<h2>Frequently asked questions</h2>" + "".join(
            f"<h3>{m('keep', 'question', pg.headline(texts[16 + q]) + '?')}</h3><p>{m('keep', 'answer', texts[19 + q])}</p>"
            for q in range(3)))
    main = (f"<{pg.t('article')}{c('article')}><h1>{title}</h1><p>By <a href='/a'>Jane Roe</a></p>"
            f"<div{c('body')}>{''.join(out)}</div></{pg.t('article')}>")
    return page_html(pg, title, main, most_read(pg, texts[30:]))


WRITERS: dict[str, Callable[[zoo.Page, list[str]], str]] = {
    "blog": blog, "portal": portal, "recipe": recipe, "liveblog": liveblog, "listicle": listicle, "modern": modern}


def build(rng: random.Random, en: list[str], zh: list[str]) -> tuple[str, zoo.Page]:
    """One page: a kind, a layout (HTML5 or plain divisions) and a naming, with prose from the corpora."""
    kind = rng.choice(KINDS)
    lang = "zh" if kind == "portal" else "en"
    pg = zoo.Page(rng, lang, rng.choice(("html5", "divs")), "none" if kind == "portal" else
                  rng.choice(("semantic", "hashed", "none")), kind)
    return WRITERS[kind](pg, rng.sample(zh if lang == "zh" else en, 40)), pg


def main() -> None:
    zoo.NAMES.update({"share": "sharedaddy", "comment": "comment", "card": "recipe-card", "entry": "live-entry",
                      "toc": "table-of-contents", "ad": "ad-slot"})
    zoo.cli(__doc__.split("\n")[0], build, 300)


if __name__ == "__main__":
    main()
