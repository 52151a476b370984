"""The probes of ``tests/training/page_runs.py`` (``--probe``) and the augmented arbiter fitting
(``train_arbiter.py --augment``): pages rewritten in place, copies fitted in their sites' folds."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "training"))
from page_runs import probe  # noqa: E402
import train_arbiter  # noqa: E402

import scrapy_webclean as wc  # noqa: E402


def test_the_names_probe_drops_class_and_id_only_in_tags():
    page = ('<div class="post entry-content" id=main data-class="keep" data-id="7">'
            '<p CLASS=\'x\'>class="not an attribute" and id=3 in the text</p></div>').encode("gbk")
    out = probe(page, "names")
    assert out == ('<div data-class="keep" data-id="7"><p>class="not an attribute" and id=3 in the text'
                   '</p></div>').encode("gbk")
    assert probe(page, "") == page


def test_the_landmarks_probe_turns_landmarks_into_divisions():
    page = b"<MAIN id=m><article><header>h</header><section>s</section></article><nav/><aside></aside></MAIN>"
    out = probe(page, "landmarks")
    assert out == b"<div id=m><div><div>h</div><div>s</div></div><div/><div></div></div>"
    assert probe(b"<mainframe><navy>", "landmarks") == b"<mainframe><navy>"


def test_a_stripped_page_still_extracts():
    story = "<p>The council met on Tuesday and argued about the bridge, which needs repairs.</p>" * 4
    page = f'<html><body><div class="nav"><a href="/">Home</a></div><div class="story">{story}</div></body></html>'
    assert "argued about the bridge" in wc.extract(probe(page.encode(), "names")).text


def test_augmented_copies_are_fitted_in_their_sites_folds_and_never_scored(monkeypatch):
    # Site-grouped folds hold for the stripped copies too: a fold's sites, copies included,
    # are never in the fitting that scores it, and the copies are fitted on but not scored.
    rows = [{"site": f"site{i}.example", "x": None, "a": [1.0, 0.0, 0.0], "copy": False} for i in range(40)]
    extra = [r | {"copy": True} for r in rows]
    fitted: list[list[dict]] = []
    monkeypatch.setattr(train_arbiter, "fit", lambda part: fitted.append(part) or {})
    picks = train_arbiter.out_of_fold(rows, 0, extra)
    assert len(picks) == len(rows) and len(fitted) == train_arbiter.FOLDS
    for k, part in enumerate(fitted):
        held = {r["site"] for r in rows if train_arbiter.fold_of(r["site"]) == k}
        assert held and not held & {r["site"] for r in part}
        assert {r["site"] for r in part if r["copy"]} == {r["site"] for r in rows} - held



def test_scored_copies_are_never_fitted_and_scored_by_trees_without_their_sites(monkeypatch):
    # ``--score``: a probe's rows are scored out of fold by site, by trees fitted on the other folds'
    # pages (and augmented copies), never on any scored row.
    rows = [{"site": f"site{i}.example", "x": None, "a": [1.0, 0.0, 0.0], "kind": "page"} for i in range(40)]
    scored = [r | {"kind": "scored", "a": [0.0, 1.0, 0.0]} for r in rows[:25]]
    fitted: list[list[dict]] = []
    monkeypatch.setattr(train_arbiter, "fit", lambda part: fitted.append(part) or {"fold": len(fitted) % 5 - 1})
    monkeypatch.setattr(train_arbiter, "choose", lambda model, r: [float(model["fold"] % 5), 0.0, 0.0])
    picks = train_arbiter.scored_out_of_fold(rows, [scored], 0)[0]
    assert len(fitted) == train_arbiter.FOLDS and all(r["kind"] == "page" for part in fitted for r in part)
    for r, pick in zip(scored, picks):  # each scored by the trees of its own fold, fitted without its site
        k = train_arbiter.fold_of(r["site"])
        assert pick == [float(k), 0.0, 0.0] and r["site"] not in {q["site"] for q in fitted[k]}
    fitted.clear()
    assert train_arbiter.out_of_fold(rows, 0) == train_arbiter.scored_out_of_fold(rows, [rows], 0)[0]


_PAGE = "<html><body>\n <div id=s>\n  <p>Un <b>deux</b> trois.</p>\n  <p>Quatre</p>\n </div>\n</body></html>"


def test_the_white_space_probes_touch_only_the_space_between_block_tags():
    page = _PAGE.encode("latin-1")
    assert probe(page, "minify", "latin-1") == (
        b"<html><body><div id=s><p>Un <b>deux</b> trois.</p><p>Quatre</p></div></body></html>")
    pretty = probe(page, "pretty", "latin-1")
    assert b"<p>Un <b>deux</b> trois.\n    </p>" in pretty and b"\n    <div id=s>" in pretty


def test_the_wrapping_probes_add_elements_around_the_text_and_keep_it():
    page = _PAGE.encode("latin-1")
    story = b'\n <div id="s">\n  <p>Un <b>deux</b> trois.</p>\n  <p>Quatre</p>\n </div>\n'
    assert probe(page, "deep", "latin-1") == b"<html><body>" + b"<div>" * 8 + story + b"</div>" * 8 + b"</body></html>"
    assert probe(page, "table", "latin-1") == (
        b"<html><body><table><tbody><tr><td>" + story + b"</td></tr></tbody></table></body></html>")
    assert b"<p><span>Un <b>deux</b> trois.</span></p>\n  <p><span>Quatre</span></p>" in probe(page, "spans")
    for kind in ("deep", "table", "spans", "utf8"):
        assert wc.extract(probe(page, kind), encoding="utf-8").text == wc.extract(page).text


#: A two-paragraph story and its gold text, for the probes that put a box after a story.
_STORY = "<p>First paragraph of the story, long enough to count.</p><p>The story ends with this very line.</p>"
_STORY_GOLD = "First paragraph of the story, long enough to count.\nThe story ends with this very line."


def _named_and_plain(page: str, kind: str) -> tuple[str, str]:
    """``page`` as the probe ``kind`` rewrites it, and as its form without names (``kind-plain``)."""
    named, plain = (probe(page.encode(), k, "utf-8", _STORY_GOLD).decode() for k in (kind, f"{kind}-plain"))
    return named, plain


def test_the_comment_probes_put_a_thread_after_the_story():
    page = f"<html><body><nav><a href='/'>Home</a></nav><div id=s>{_STORY}</div><footer>Footer</footer></body></html>"
    named, plain = _named_and_plain(page, "comments")
    for out in (named, plain):
        assert out.index("this very line") < out.index("Responses") < out.index("Leave a Reply") < out.index("Footer")
        assert out.count("<li") >= 5 and "says:" in out
    assert 'class="commentlist"' in named and "commentlist" not in plain
    # Without the gold's last line in the page, the thread closes the body.
    elsewhere = probe(page.encode(), "comments", "utf-8", "A line that this page does not hold anywhere.").decode()
    assert elsewhere.index("Footer") < elsewhere.index("Responses")


def test_the_related_probes_put_teasers_inside_the_story_after_its_last_line():
    page = f"<html><body><div id=s>{_STORY}<p>Share this</p></div><footer>Footer</footer></body></html>"
    named, plain = _named_and_plain(page, "related")
    for out in (named, plain):
        # In the story's own block, between its last line and what follows that line there.
        assert out.index("this very line") < out.index("<h4") < out.index("Share this") < out.rindex("</div>")
        assert 3 <= out.count("<h4") <= 6 and out.count("<a href") == out.count("<h4")
    assert 'class="related-posts"' in named and "related" not in plain.replace("<h3>Related", "")
    assert probe(page.encode(), "related", "utf-8", _STORY_GOLD) == named.encode()  # the same box each time


def test_the_short_probe_keeps_a_storys_first_paragraphs_in_the_page_and_its_gold():
    from page_runs import rewrite

    paras = [f"Paragraph {i} of the story runs on for long enough to count as one of its paragraphs." for i in range(5)]
    body = "".join(f"<p>{p}</p>after {i}" for i, p in enumerate(paras))
    page = f"<html><body><h1>Headline</h1><div>{body}</div><p>A footer line of the site.</p></body></html>"
    gold = "\n".join(["Headline", *paras])
    record = {"url": "https://example.com/a", "articleBody": gold}
    cut, rec = rewrite(page.encode(), "short2", record)
    html = cut.decode()
    assert paras[0] in html and paras[1] in html and not any(p in html for p in paras[2:])
    assert "after 4" in html  # (a dropped paragraph's tail stays)
    assert rec["articleBody"] == "\n".join(["Headline", *paras[:2]]) and rec["http_charset"] == "utf-8"
    assert "A footer line" in html


def test_the_short_probe_leaves_out_a_page_whose_story_has_under_four_paragraphs():
    from page_runs import rewrite

    paras = [f"Paragraph {i} of a short story, long enough to be read as a paragraph." for i in range(3)]
    page = "<html><body>" + "".join(f"<p>{p}</p>" for p in paras) + "</body></html>"
    assert rewrite(page.encode(), "short1", {"articleBody": "\n".join(paras)}) is None
    assert rewrite(page.encode(), "", {"articleBody": "x"}) == (page.encode(), {"articleBody": "x"})


def test_the_prose_probe_sets_each_gold_sentence_alone_in_a_plain_article():
    import prose_probe

    gold = ("Budget vote delayed\nThe council met on Tuesday and voted to delay the budget until the spring.\n"
            "市议会周二召开会议，决定将预算表决推迟到明年春天。\nBy Jane Doe\n"
            "Subscribe to our newsletter to get every story of the week sent to your inbox.")
    lines = prose_probe.sentence_lines(gold)
    assert [line for line, _ in lines] == ["The council met on Tuesday and voted to delay the budget until the spring.",
                                           "市议会周二召开会议，决定将预算表决推迟到明年春天。",
                                           "Subscribe to our newsletter to get every story of the week sent to your inbox."]
    assert [chinese for _, chinese in lines] == [False, True, False]
    assert all(prose_probe.kept(line, chinese) for line, chinese in lines[:2])
    assert not prose_probe.kept(*lines[2])  # a call to subscribe is a promotion wherever it stands
    text = wc.extract(prose_probe.article(lines[0][0], False), "https://town.example/news/budget-1").text
    assert lines[0][0] in text and "Home" not in text and "All rights reserved" not in text


def test_the_cipher_probe_enciphers_the_text_and_its_gold_alike_and_nothing_else():
    from cipher_probe import cipher
    from page_runs import rewrite

    ld = '{"@type": "NewsArticle", "headline": "Bridge shut", "url": "https://example.com/a"}'
    page = (f'<html><head><title>Bridge shut</title><script type="application/ld+json">{ld}</script>'
            '<script>var copyright = 1;</script></head><body><div class="story-body" id=s>'
            '<p>The Council met on 3 May, and shut the bridge.</p><p>Copyright 2024 Ünïcode</p></div></body></html>')
    gold = "The Council met on 3 May, and shut the bridge.\nCopyright 2024 Ünïcode"
    out, rec = rewrite(page.encode(), "cipher", {"url": "https://example.com/a", "articleBody": gold})
    html = out.decode()
    assert "<p>Gur Pbhapvy zrg ba 3 Znl, naq fuhg gur oevqtr.</p>" in html and "<title>Oevqtr fuhg</title>" in html
    assert rec["articleBody"] == cipher(gold) == "Gur Pbhapvy zrg ba 3 Znl, naq fuhg gur oevqtr.\nPbclevtug 2024 Üaïpbqr"
    assert 'class="story-body"' in html and "var copyright = 1;" in html  # names and scripts as they were
    assert '"headline": "Oevqtr fuhg"' in html and '"@type": "NewsArticle"' in html and "https://example.com/a" in html
    assert rec["http_charset"] == "utf-8" and cipher(cipher(gold)) == gold


def test_the_bare_probe_takes_names_landmarks_and_words_at_once():
    from cipher_probe import cipher
    from page_runs import rewrite

    page = ('<html><head><title>Bridge shut</title></head><body><nav class="menu"><a href="/">Home</a></nav>'
            '<main id="content"><article class="story-body"><p>The Council shut the bridge.</p></article></main>'
            '<footer class="site-footer">Copyright 2024</footer></body></html>')
    gold = "The Council shut the bridge."
    out, rec = rewrite(page.encode(), "bare", {"url": "https://example.com/a", "articleBody": gold})
    html = out.decode()
    assert "class=" not in html and "id=" not in html
    assert not any(f"<{tag}" in html for tag in ("nav", "main", "article", "footer"))
    assert "<p>Gur Pbhapvy fuhg gur oevqtr.</p>" in html and "Pbclevtug 2024" in html
    assert rec["articleBody"] == cipher(gold) and rec["http_charset"] == "utf-8"


def test_the_boxed_probe_turns_the_storys_element_into_a_box_tag():
    from boxed_probe import BOX_TAGS
    from page_runs import rewrite

    paragraphs = [f"Paragraph {i} of the story about the council and the bridge, which was shut." for i in range(4)]
    page = ("<html><head><title>Bridge shut</title></head><body><h1>Bridge shut</h1>"
            f'<div class="story">{"".join(f"<p>{p}</p>" for p in paragraphs)}</div></body></html>')
    gold = "\n".join(paragraphs)
    out, rec = rewrite(page.encode(), "boxed", {"url": "https://example.com/a", "articleBody": gold})
    html = out.decode()
    tag = next(t for t in BOX_TAGS if f'<{t} class="story">' in html)
    assert all(f"<p>{p}</p>" in html for p in paragraphs) and f"</{tag}>" in html and "<div" not in html
    assert rec["articleBody"] == gold
    short = rewrite(b"<html><body><div><p>One paragraph.</p></div></body></html>", "boxed",
                    {"url": "https://example.com/b", "articleBody": "One paragraph."})
    assert short is None  # (a story of under four paragraphs is left out of the run)


def test_the_split_probes_move_a_storys_second_half_into_a_copy_of_its_container():
    from page_runs import rewrite

    paras = [f"Paragraph {i} of the story runs on for long enough to count as one of its paragraphs." for i in range(5)]
    page = ('<html><body><div class="story-body" id="b">' + "".join(f"<p>{p}</p>" for p in paras)
            + '<ul class="tags"><li>Tag</li></ul></div><footer>Footer</footer></body></html>')
    record = {"url": "https://example.com/a", "articleBody": "\n".join(paras)}
    named, rec = rewrite(page.encode(), "split", record)
    html = named.decode()
    first, second = html.split('<div class="ad-slot">')
    assert all(p in first for p in paras[:2]) and all(p in second for p in paras[2:]) and "Tag" in second
    assert second.index("Advertisement") < second.index('<div class="story-body" id="b">') < second.index(paras[2])
    assert rec["articleBody"] == record["articleBody"] and rec["http_charset"] == "utf-8"
    plain = rewrite(page.encode(), "split-plain", record)[0].decode()
    assert "story-body" not in plain and "ad-slot" not in plain and "Advertisement" in plain
    assert plain.count("<div>") == 3 and 'class="tags"' in plain
    # A story of three paragraphs, or one whose paragraphs sit in <body> itself, is left out of the run.
    assert rewrite(page.replace(f"<p>{paras[3]}</p><p>{paras[4]}</p>", "").encode(), "split", record) is None
    assert rewrite(page.replace('<div class="story-body" id="b">', "").replace("</div>", "").encode(), "split",
                   record) is None


def test_the_next_probe_sets_an_enciphered_copy_of_the_storys_article_after_it():
    from page_runs import rewrite

    paras = [f"Paragraph {i} of the story runs on for long enough to count as one of its paragraphs." for i in range(4)]
    page = ('<html><body><article class="post"><h1>Headline</h1><div class="story-body">'
            + "".join(f"<p>{p}</p>" for p in paras) + '</div></article><footer>Footer</footer></body></html>')
    record = {"url": "https://example.com/a", "articleBody": "\n".join(paras)}
    out, rec = rewrite(page.encode(), "next", record)
    html = out.decode()
    first, second = html.split('<div class="next-label">Next article</div>')
    assert all(p in first for p in paras) and not any(p in second for p in paras)
    assert second.startswith('<article class="post"><h1>Urnqyvar</h1><div class="story-body"><p>Cnentencu 0')
    assert second.index("</article>") < second.index("Footer") and rec["articleBody"] == record["articleBody"]
    # Without an article around it, the container alone is copied.
    bare = rewrite(page.replace('<article class="post">', "<div>").replace("</article>", "</div>").encode(),
                   "next", record)[0].decode()
    assert bare.split("Next article</div>")[1].startswith('<div class="story-body"><p>Cnentencu 0')


def test_the_widget_probes_set_one_widget_after_the_storys_second_paragraph():
    from page_runs import rewrite
    from widget_probe import KINDS, widget_markup

    paras, page, record = _story(4)
    named, plain = (rewrite(page.encode(), kind, record) for kind in ("widgets", "widgets-plain"))
    assert named is not None and plain is not None
    for out, rec in (named, plain):
        html = out.decode()
        assert html.index(paras[1]) < html.index("</p>", html.index(paras[1])) < html.index(paras[2])
        assert rec["articleBody"] == record["articleBody"] and rec["http_charset"] == "utf-8"
    widget = named[0].decode().split(paras[1] + "</p>")[1].split("<p>" + paras[2])[0]
    assert "class=" in widget and "class=" not in plain[0].decode().split(paras[1] + "</p>")[1].split("<p>" + paras[2])[0]
    # Every kind, each in its three wordings, named or not; share bars link to the networks' share forms.
    shapes = {widget_markup(seed, named) for seed in range(len(KINDS) * 3) for named in (True, False)}
    assert len(shapes) == len(KINDS) * 3 * 2
    assert "facebook.com/sharer" in widget_markup(KINDS.index("share"), False)
    assert rewrite(page.replace("<p>", "<div>").replace("</p>", "</div>").encode(), "widgets", record) is None


def test_the_hidden_probe_sets_a_hidden_block_of_enciphered_story_after_the_second_paragraph():
    from cipher_probe import cipher
    from hidden_probe import KINDS, hidden_markup
    from page_runs import rewrite

    paras, page, record = _story(4)
    out, rec = rewrite(page.encode(), "hidden", record)
    html = out.decode()
    block = html.split(paras[1] + "</p>")[1].split("<p>" + paras[2])[0]
    assert cipher(paras[2]) in block and cipher(paras[3]) in block and paras[2] not in block
    assert rec["articleBody"] == record["articleBody"] and rec["http_charset"] == "utf-8"
    # Each kind hides its block its own way.
    marks = ("display: none", "<div hidden>", "visibility:hidden", 'class="hidden"', 'role="dialog"', "position: fixed")
    for kind, mark in zip(KINDS, marks, strict=True):
        assert mark in hidden_markup(kind, ["Gur pbhapvy zrg."])
    assert rewrite(page.replace("<p>", "<div>").replace("</p>", "</div>").encode(), "hidden", record) is None


def test_the_sidebar_probes_set_a_column_of_teasers_after_the_story_s_holder():
    from page_runs import rewrite

    paras, page, record = _story(4, '<div class="main"><div class="story-body">', "</div><p>Share</p></div>")
    whole, rec = rewrite(page.encode(), "sidebar", record)
    html = whole.decode()
    column = html.split("</div>", 1)[1].split("<p>Share</p>")[0]  # right after the story's holder
    assert column.startswith("<div><h3>") and column.count("<li>") >= 6 and "class=" not in column
    assert all(p in html for p in paras) and rec["articleBody"] == record["articleBody"]
    short, rec = rewrite(page.encode(), "sidebar-short", record)
    assert paras[1] in short.decode() and paras[2] not in short.decode() and "<li>" in short.decode()
    assert rec["articleBody"] == "\n".join(paras[:2]) and rec["http_charset"] == "utf-8"
    assert rewrite(page.replace("<p>", "<div>").replace("</p>", "</div>").encode(), "sidebar", record) is None


def _story(n: int, inner: str = '<div class="story-body">', after: str = "</div>") -> tuple[list[str], str, dict]:
    """A page of an ``n``-paragraph story in ``inner`` (closed by ``after``), a footer after it, and
    its record: the probes' hand-made page."""
    paras = [f"Paragraph {i} of the story runs on for long enough to count as one of its paragraphs." for i in range(n)]
    page = (f"<html><body>{inner}" + "".join(f"<p>{p}</p>" for p in paras)
            + f"{after}<footer>Footer</footer></body></html>")
    return paras, page, {"url": "https://example.com/a", "articleBody": "\n".join(paras)}
