"""The site style tree (seed 001): learning a site's template and cleaning its pages."""

from __future__ import annotations

import json
import pickle

import pytest

import scrapy_webclean as wc
from scrapy_webclean import SiteStyleTree, SiteTreeError
from scrapy_webclean._document import parse
from scrapy_webclean._scoring import page_counts, summarize
from scrapy_webclean.sitestyletree import FORMAT_VERSION, content_features, lead_token, presentation_key
from scrapy_webclean.sitestyletree.keys import default_key_function

from conftest import corpus_pages

# -- a hand-made news site ---------------------------------------------------------------

STORIES = [
    ("Council approves budget", ["The council approved the new budget on Tuesday after a long debate.",
                                 "Schools and roads get most of the money, officials said.",
                                 "Residents will see the changes from next spring."]),
    ("River flooding warning", ["Heavy rain has pushed the river above its banks near the old mill.",
                                "Forecasters expect the water to rise again overnight.",
                                "Sandbags are available at the town hall until midnight.",
                                "Drivers are asked to avoid the lower bridge."]),
    ("Museum reopens its doors", ["After two years of repairs the museum welcomed visitors again.",
                                  "The dinosaur hall has new lighting and a rebuilt skeleton."]),
    ("Local team wins the cup", ["A late goal gave the home side a famous victory in the final.",
                                 "Fans celebrated in the square long into the evening.",
                                 "The captain thanked the supporters for their patience."]),
    ("New bus timetable", ["Buses on the northern routes will run every ten minutes from May.",
                           "Night services return after a pause of three years.",
                           "Tickets bought before the change remain valid."]),
    ("Library extends hours", ["The central library will open on Sundays during the exam season.",
                               "Students asked for quiet study space in a petition last winter."]),
    ("Bakery celebrates centenary", ["A family bakery on the high street turned one hundred this week.",
                                     "Its sourdough recipe has not changed since the founder's day.",
                                     "Queues formed before dawn for the anniversary loaves."]),
]

NAV = ('<div class="header"><a class="logo" href="/">Town Herald</a>'
       '<ul class="nav"><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li>'
       '<li><a href="/weather">Weather</a></li><li><a href="/about">About us</a></li></ul></div>')
PROMO = ('<div class="promo"><p>Subscribe to our newsletter for the best local stories every morning.</p>'
         '<a href="/subscribe">Sign up now</a></div>')
RELATED = ('<div class="related"><h3>Most read</h3><ul><li><a href="/r1">Mayor opens new park</a></li>'
           '<li><a href="/r2">Road works on Main Street</a></li><li><a href="/r3">School fair raises funds</a></li>'
           '</ul></div>')
FOOTER = ('<div class="footer"><p>Copyright Town Herald Media. All rights reserved.</p>'
          '<a href="/privacy">Privacy policy</a> <a href="/contact">Contact</a></div>')


def site_page(k: int, extra: str = "") -> str:
    """Page ``k`` of the site: template around story ``k``; the promo sits
    inside the article, after the first paragraph."""
    title, paras = STORIES[k]
    body = "".join(f"<p>{p}</p>" for p in paras[:1]) + PROMO + "".join(f"<p>{p}</p>" for p in paras[1:])
    return (f"<html><head><title>{title}</title></head><body>{NAV}"
            f'<div class="main"><div class="article" id="story-{k}"><h1>{title}</h1>{body}{extra}</div>{RELATED}</div>'
            f"{FOOTER}</body></html>")


def learn_site(page, pages, name: str) -> SiteStyleTree:
    """A tree learned from ``page(k)`` for each k in ``pages``."""
    tree = SiteStyleTree()
    for k in pages:
        assert tree.add_page(page(k), f"https://herald.example/{name}/{k}")
    return tree


def learned(pages, **kwargs) -> SiteStyleTree:
    tree = SiteStyleTree(**kwargs)
    for k in pages:
        assert tree.add_page(site_page(k), f"https://herald.example/story/{k}")
    return tree


TEMPLATE_TEXT = ["Town Herald", "Weather", "About us", "Subscribe to our newsletter", "Sign up now", "Most read",
                 "Mayor opens new park", "Copyright", "Privacy policy"]


def test_template_goes_and_each_pages_content_stays():
    tree = learned(range(6))
    for k in (1, 6):  # a learned page and an unseen one
        text = wc.extract(site_page(k), extractor="sst", site_tree=tree).text
        title, paras = STORIES[k]
        assert title in text
        for p in paras:
            assert p in text
        for noise in TEMPLATE_TEXT:
            assert noise not in text, noise


def test_extractors_run_on_the_cleaned_page():
    tree = learned(range(6))
    r = wc.extract(site_page(6), extractor="link_density", site_tree=tree)
    assert STORIES[6][1][0] in r.text
    assert "Subscribe to our newsletter" not in r.text and "Copyright" not in r.text
    assert r.title == STORIES[6][0]


def test_a_block_the_tree_never_saw_is_kept():
    tree = learned(range(6))
    page = site_page(6, extra='<div class="correction"><p>An earlier version misnamed the bakery.</p></div>')
    text = wc.extract(page, extractor="sst", site_tree=tree).text
    assert "An earlier version misnamed the bakery." in text
    # The rest of the article container still maps onto what the tree saw.
    for noise in TEMPLATE_TEXT:
        assert noise not in text, noise


def test_new_text_in_a_template_place_is_kept():
    tree = learned(range(6))
    page = site_page(6).replace("Subscribe to our newsletter for the best local stories every morning.",
                                "Our reporter spent a week with the bakers before dawn.")
    text = wc.extract(page, extractor="sst", site_tree=tree).text
    assert "Our reporter spent a week with the bakers before dawn." in text
    assert "Copyright" not in text and "Most read" not in text


CAPTIONS = ["A crowd outside the town hall", "Water over the lane by the old mill", "Visitors at the museum gate",
            "Players lift the trophy", "A bus at the northern depot", "Students in the reading room",
            "Loaves cooling on a rack"]
KEYWORDS = [["city finance", "local politics"], ["weather alerts", "waterways"], ["heritage", "exhibitions"],
            ["trophies", "league tables"], ["commuting", "transport"], ["education", "reading rooms"],
            ["small business", "food and drink"]]  # a set number per page, as a template shows them


def figure_page(k: int, *, labels: bool = True) -> str:
    """Page ``k`` of a site whose articles carry a captioned picture and a
    keyword box: template blocks with one per-page value each, after a label."""
    title, paras = STORIES[k]
    label = '<span class="off-screen">Image caption</span>' if labels else ""
    figure = f'<figure class="media">{label}<span class="caption">{CAPTIONS[k]}</span></figure>'
    head = '<div class="box-title">Keywords:</div>' if labels else ""
    links = "".join(f'<a href="/tag/{w}">{w}</a> ' for w in KEYWORDS[k])
    box = f'<div class="keywords">{head}<p class="tags">{links}</p></div>'
    # A related list: its items have a structure of their own, and their number varies.
    items = "".join([f'<li><a href="/s/{j}">{STORIES[j][0]}</a></li>' for j in range(7) if j != k][:1 + k % 3])
    head = '<div class="box-title">Related stories</div>' if labels else ""
    box += f'<div class="related">{head}<ul>{items}</ul></div>'
    body = "".join(f"<p>{p}</p>" for p in paras)
    return (f'<html><body>{NAV}<div class="article"><h1>{title}</h1>{figure}{body}</div>{box}'
            f"{FOOTER}</body></html>")


def test_fields_of_labelled_template_blocks_go():
    # A caption or a keyword list is new on every page, but it is the one
    # value of a template block (a figure, a keyword box) next to a label
    # that is the same on every page: a field of the template, not content.
    tree = learn_site(figure_page, range(6), "f")
    for k in (2, 6):  # a learned page and an unseen one
        text = wc.extract(figure_page(k), extractor="sst", site_tree=tree).text
        for p in STORIES[k][1]:
            assert p in text
        assert STORIES[k][0] in text
        assert CAPTIONS[k] not in text and "Image caption" not in text
        assert KEYWORDS[k][0] not in text and "Keywords:" not in text
        assert "Related stories" not in text and "</li>" not in text
        assert not any(STORIES[j][0] in text for j in range(7) if j != k)
    # Without the labels, the same blocks are new text in a template place: kept.
    tree = learn_site(lambda k: figure_page(k, labels=False), range(6), "f")
    text = wc.extract(figure_page(6, labels=False), extractor="sst", site_tree=tree).text
    assert CAPTIONS[6] in text and KEYWORDS[6][0] in text and STORIES[0][0] in text


def more_page(k: int, *, label: bool = True) -> str:
    """Page ``k`` (any number; stories cycle) of a site whose "More on this
    story" list follows a heading wrapped in a header div; one page's list
    has an icon in an item, which no other page has."""
    title, paras = STORIES[k % 7]
    icon = '<span class="icon">Video</span>' if k == 3 else ""
    others = [j for j in range(7) if j != k % 7][:2 + k % 4]  # 2 to 5 items
    items = "".join(f'<li><a href="/s/{k}/{j}"><span class="t">{STORIES[j][0]} ({k})</span>{icon if j == others[0] else ""}'
                    f"</a></li>" for j in others)
    head = '<div class="more-head"><h2>More on this story</h2></div>' if label else ""
    more = f'<div class="more">{head}<div class="more-body"><ul>{items}</ul></div></div>'
    body = "".join(f"<p>{p}</p>" for p in paras)
    return f'<html><body>{NAV}<div class="article"><h1>{title}</h1>{body}</div>{more}{FOOTER}</body></html>'


def test_a_wrapped_label_heads_a_field_whose_structure_varies_once_in_a_while():
    # The label is a heading inside a header div; the list after it is a
    # field even though one page in eleven had an extra icon in an item.
    tree = learn_site(more_page, range(11), "m")
    text = wc.extract(more_page(12), extractor="sst", site_tree=tree).text
    for p in STORIES[5][1]:
        assert p in text
    assert "More on this story" not in text and "(12)" not in text and "About us" not in text
    # Without the heading, the list is new text in a template place: kept.
    tree = learn_site(lambda k: more_page(k, label=False), range(11), "m")
    text = wc.extract(more_page(12, label=False), extractor="sst", site_tree=tree).text
    assert "(12)" in text and STORIES[5][1][0] in text


def test_paragraph_runs_beside_a_label_are_not_fields():
    # Labels (a section name, "Story continues below") come right before the
    # article container and its paragraphs, whose parents are low; but
    # paragraphs come in runs of like siblings, of a length that varies from
    # page to page, which a template field never has: the article stays.
    def page(k: int) -> str:
        body = "".join(f"<p>{p}</p>" for p in STORIES[k][1])
        return (f'<html><body>{NAV}<div class="section">Local news</div><div class="article">'
                f'<span class="kicker">Story continues below</span>{body}</div>{FOOTER}</body></html>')

    tree = learn_site(page, range(6), "k")
    text = wc.extract(page(6), extractor="sst", site_tree=tree).text
    for p in STORIES[6][1]:
        assert p in text
    assert "Copyright" not in text


WORDS = ("harbour council river budget school winter railway museum farmers election bridge hospital festival "
         "market library station forest coast village tunnel orchard ferry quarry chapel").split()


def prose(k: int, sentences: int) -> str:
    """Sentences of page ``k``'s own (most of their word pairs on no other page)."""
    return " ".join(f"On day {k * 100 + s} the {WORDS[(k * 5 + s) % 24]} of {TOWNS[k % 10]} told {k * 37 + s} "
                    f"{WORDS[(k + s * s) % 24]} stories {s * 11 + k} times." for s in range(sentences))


TOWNS = ["Alder", "Brook", "Carrow", "Dunmere", "Elston", "Fairholm", "Glenby", "Harwick", "Islay", "Jutton"]


def byline_page(k: int, sentences: int = 12) -> str:
    """Page ``k`` of a site whose story is one block (a paragraph broken by <br>) after a byline
    label the same on every page: the shape of a field, but prose."""
    story = prose(k, sentences).replace(". ", ".<br><br>")
    return (f'<html><body>{NAV}<div class="story"><span class="by">By the Herald news desk</span>'
            f'<div class="body"><p>{story}</p></div></div>{FOOTER}</body></html>')


def test_prose_after_a_label_is_no_field():
    # More text a page than a value holds (a caption, a keyword or related list: fields.FIELD_FEATURES)
    # is the story, kept by every extractor, the seeds' as auto's; a short value in that place is a field.
    tree = learn_site(byline_page, range(8), "b")
    page = byline_page(9)
    for extractor in ("sst", "link_density", "auto"):
        # (Its line breaks map to template nodes: they go only with what holds them, or the lines would join.)
        text = " ".join(wc.extract(page, extractor=extractor, site_tree=tree).text.split())
        assert text.startswith(prose(9, 12)), extractor
        assert "Copyright" not in text, extractor
    tree = learn_site(lambda k: byline_page(k, 2), range(8), "b")
    assert prose(9, 2)[:40] not in wc.extract(byline_page(9, 2), extractor="sst", site_tree=tree).text


def notice_page(k: int) -> str:
    """Page ``k`` of a site whose pages all show the same notice (a template's text), and a date."""
    return (f'<html><body>{NAV}<div class="date">Updated 2015-07-0{k + 1}</div><div class="article">'
            f'<p>{prose(0, 6)}</p></div>{FOOTER}</body></html>')


def test_a_tree_that_takes_the_whole_body_leaves_the_page_as_it_came():
    # The notice is template text in a template place on every learned page, so the tree removes it;
    # an extraction left with (next to) nothing is made again on the page as it came.
    tree = learn_site(notice_page, range(6), "n")
    page = notice_page(7)
    assert prose(0, 6) not in wc.extract(page, extractor="sst", site_tree=tree).text
    for extractor in ("auto", "link_density"):
        assert prose(0, 6) in wc.extract(page, extractor=extractor, site_tree=tree).text, extractor


SOURCES = ["Herald Wire", "City Desk", "Herald Wire", "Valley Post", "City Desk", "Press Agency", "Valley Post"]
AUTHORS = ["Ann Lee", "Bo Chen", "Cara Diaz", "Dev Patel", "Eli Moss", "Fay Wong", "Gus Hale"]


def labelled_page(k: int, *, label: bool = True, standfirst: str = "") -> str:
    """Page ``k`` of a site whose label and value share one text: a date and
    source line, a "Source: X Author: Y" line and an editor line (one text
    node each, so the text differs on every page), and a keyword list whose
    length varies, after a label in its parent's own text."""
    title, paras = STORIES[k]
    src = "Source: " if label else ""
    meta = f'<div class="meta">2015-07-0{k + 1} 1{k}:0{k}:00 {src}<a href="/src/{k}">{SOURCES[k]}</a></div>'
    credit = (f'<div class="credit"><span class="origin"><a href="/"><img src="/logo.png"></a> {src}{SOURCES[k]}'
              f' Author: {AUTHORS[k]}</span><span class="editor">{"Editor: " if label else ""}NE{k:03d}</span></div>')
    tags = "".join(f'<a href="/tag/{w}">{w}</a> ' for w in (KEYWORDS[k] * 2)[:1 + k % 3])
    keywords = f'<div class="keywords">{"Keywords: " if label else ""}<span class="tags">{tags}</span></div>'
    body = "".join(f"<p>{p}</p>" for p in paras)
    return (f'<html><body>{NAV}<div class="article"><h1>{title}</h1>{meta}{standfirst}{body}{credit}</div>'
            f"{keywords}{FOOTER}</body></html>")


def labelled_tree(**kwargs) -> SiteStyleTree:
    return learn_site(lambda k: labelled_page(k, **kwargs), range(6), "l")


def test_lines_whose_label_and_value_share_a_text_go():
    # "Source: X Author: Y" is one text whose words differ on every page, but
    # it begins with the same label on every page, in the same fixed place:
    # the template's line, not the article's. A date leads alike (digits are
    # one token), and a keyword list may vary in length (links are not prose).
    tree = labelled_tree()
    for k in (2, 6):  # a learned page and an unseen one
        text = wc.extract(labelled_page(k), extractor="sst", site_tree=tree).text
        assert STORIES[k][0] in text
        for p in STORIES[k][1]:
            assert p in text
        for noise in ("Source:", SOURCES[k], "Author:", AUTHORS[k], "Editor:", f"NE{k:03d}", f"2015-07-0{k + 1}",
                      "Keywords:", KEYWORDS[k][0], "About us", "Copyright"):
            assert noise not in text, noise
    r = wc.extract(labelled_page(6), extractor="line_block", site_tree=tree)
    assert STORIES[6][1][0] in r.text and "Author:" not in r.text and "Editor:" not in r.text


def test_a_line_without_its_label_is_kept():
    # On a page where the labelled place holds something else, that is new
    # text in a template place: kept.
    tree = labelled_tree()
    page = labelled_page(6).replace("Editor: NE006", "Correction: an earlier version misspelt the founder's name")
    text = wc.extract(page, extractor="sst", site_tree=tree).text
    assert "Correction: an earlier version misspelt the founder's name" in text
    assert "Author:" not in text


def test_varying_lines_without_a_label_and_runs_of_like_paragraphs_stay():
    # Without labels the same lines are new text on every page: they stay.
    tree = labelled_tree(label=False)
    text = wc.extract(labelled_page(6, label=False), extractor="sst", site_tree=tree).text
    assert AUTHORS[6] in text and KEYWORDS[6][0] in text
    # A standfirst in a fixed place that often (not nearly always) begins with
    # the same word, and paragraphs that all begin alike, are content.
    leads = ["The", "A", "The", "Officials", "The", "Readers", "The"]
    words = "bakery council river museum team bus library".split()

    def page(k: int) -> str:
        stand = f'<p class="standfirst">{leads[k]} story of the {words[k]} in our town this week.</p>'
        return labelled_page(k, standfirst=stand).replace("<p>", "<p>The ")

    tree = learn_site(page, range(6), "s")
    text = wc.extract(page(6), extractor="sst", site_tree=tree).text
    assert "The story of the library in our town this week." in text
    for p in STORIES[6][1]:
        assert "The " + p in text
    assert "Author:" not in text
    # A lead paragraph of its own that always opens with the wire's name is
    # prose, not a labelled line.
    def wire(k: int) -> str:
        lead = f'<p class="lead">(Herald Wire) {" ".join(STORIES[k][1] + STORIES[(k + 3) % 7][1])}</p>'
        return labelled_page(k, standfirst=lead)

    tree = learn_site(wire, range(6), "w")
    text = wc.extract(wire(6), extractor="sst", site_tree=tree).text
    assert "(Herald Wire) " + STORIES[6][1][0] in text
    assert "Author:" not in text


def test_lead_tokens():
    assert lead_token("  Source: Reuters") == "source"
    assert lead_token("2015-07-04 10:16 来源:") == lead_token("17 January 2017") == "#"
    assert lead_token("本文来源：新华网") == "本文"
    assert lead_token("中") == "中"
    assert lead_token(" -- ") is None


def test_a_tree_learned_from_one_page_removes_nothing():
    tree = learned([0])
    doc = parse(site_page(0))
    assert not any(tree.noise_mask(doc))
    doc = parse(site_page(3))
    assert not any(tree.noise_mask(doc))
    empty = SiteStyleTree()
    assert not any(empty.noise_mask(doc))


def test_noise_mask_covers_whole_subtrees_and_never_body():
    tree = learned(range(6))
    doc = parse(site_page(6))
    mask = tree.noise_mask(doc)
    assert len(mask) == len(doc)
    assert not mask[doc.body]
    for i in range(len(doc)):
        if mask[i]:
            assert all(mask[j] for j in range(i, doc.end[i]))
    nav = next(i for i in range(len(doc)) if doc.attrs(i).get("class") == "nav")
    assert mask[nav]


def test_add_page_accepts_a_parsed_document():
    tree = SiteStyleTree()
    for k in range(4):
        assert tree.add_page(parse(site_page(k), f"https://herald.example/{k}"))
    assert len(tree) == tree.pages == 4


def test_the_same_page_is_learned_once():
    tree = SiteStyleTree()
    assert tree.add_page(site_page(0), "https://herald.example/0")
    assert not tree.add_page(site_page(1), "https://herald.example/0")  # same URL
    assert not tree.add_page(site_page(0), "https://herald.example/0?again")  # same text
    assert len(tree) == 1


def test_the_cap_on_pages_holds():
    tree = SiteStyleTree(max_pages=3)
    results = [tree.add_page(site_page(k), f"https://herald.example/{k}") for k in range(6)]
    assert results == [True, True, True, False, False, False]
    assert len(tree) == 3 and tree.stats()["pages"] == 3


def test_empty_and_binary_pages_are_not_learned():
    tree = SiteStyleTree()
    for body in (b"", None, "   "):
        assert tree.add_page(body) is False
    assert len(tree) == 0
    assert wc.extract(b"", extractor="sst", site_tree=tree).text == ""


def test_runs_of_identical_siblings_collapse():
    # Ten stories of different lengths give one child sequence under the article.
    tree = learned(range(7))
    small = tree.stats()
    many = SiteStyleTree()
    for k in range(7):
        many.add_page(site_page(k).replace("<h1>", "<h1>").replace("</p>", "</p><p>more words here</p>"),
                      f"https://herald.example/{k}")
    assert many.stats()["elements"] == small["elements"]


def test_sst_extractor_needs_a_tree():
    with pytest.raises(SiteTreeError, match="site_tree"):
        wc.extract(site_page(0), extractor="sst")
    with pytest.raises(ValueError):
        wc.extract(site_page(0), extractor="sst")
    assert "sst" in wc.available_extractors()


def test_stats_count_the_tree():
    tree = learned(range(6))
    s = tree.stats()
    assert s["pages"] == 6
    assert s["elements"] > 10 and s["styles"] >= 10 and s["keys"] >= 10
    assert s["features"] > 0 and s["noisy"] > 0 and s["meaningful"] > 0


def test_threshold_zero_keeps_everything_and_bad_settings_are_rejected():
    tree = learned(range(6), threshold=0.0)
    assert not any(tree.noise_mask(parse(site_page(6))))
    tree.threshold = 0.3
    assert any(tree.noise_mask(parse(site_page(6))))
    for kwargs in ({"threshold": 1.5}, {"threshold": float("nan")}, {"gamma": 0.0}, {"max_pages": 0},
                   {"threshold": "high"}, {"max_pages": 2.5}):
        with pytest.raises(ValueError):
            SiteStyleTree(**kwargs)
    with pytest.raises(TypeError):
        SiteStyleTree(attr_key="class")


# -- the presentation key and content features ----------------------------------------------

@pytest.mark.parametrize("attrs, key", [
    ({"class": "story main"}, ".main.story"),
    ({"class": "main  story main"}, ".main.story"),
    ({"class": "post-1234 entry"}, ".entry"),  # digits: per page
    ({"class": "ssrcss-1q0x1qg-Paragraph e1jhz7w10"}, ""),  # CSS-in-JS hashes
    ({"class": "sc-bdVaJa ArticleBody"}, ".ArticleBody"),  # hash-like part, no digits
    ({"id": "content"}, "#content"),
    ({"id": "story-123"}, ""),
    ({"align": "Center", "width": "100%", "bgcolor": "#fff"}, "align=center width=100% bgcolor=#fff"),
    ({"role": "navigation"}, "role=navigation"),
    ({"href": "/a", "src": "x.png", "alt": "A", "title": "T", "data-id": "7", "aria-label": "menu"}, ""),
])
def test_default_presentation_key(attrs, key):
    assert presentation_key("div", attrs) == key


def test_the_fast_default_key_of_a_page_node_is_the_presentation_key():
    # Trees read page nodes' keys without building their attribute dicts;
    # the key must be presentation_key's all the same, cached or not.
    long_class = "wide " * 400
    doc = parse('<html><body><div class="story main" id="x" data-id="7" href="/a">a</div><p>b</p>'
                '<table align="Center" width="100%" role="grid"><tr><td valign="top" class="c">c</td></tr></table>'
                f'<span class="{long_class}" xml:lang="en">d</span><span class="{long_class}">e</span>'
                '<div id="story-123" class="post-1 entry">f</div></body></html>')
    key_of = default_key_function(doc)
    for _ in range(2):  # cold, then cached
        for i in range(len(doc)):
            if doc.tags[i]:
                assert key_of(i) == presentation_key(doc.tags[i], doc.attrs(i))


def test_a_compiled_cleaner_gives_the_same_mask_with_its_verdicts_cached_and_after_pickling():
    compiled = learned(range(6)).compile()
    doc = parse(site_page(6))
    first = compiled.noise_mask(doc)
    assert any(first) and compiled._verdicts  # template lines were checked, and their verdicts kept
    assert compiled.noise_mask(parse(site_page(6))) == first
    again = pickle.loads(pickle.dumps(compiled))
    assert again._verdicts == {}  # a cache, not part of the cleaner
    assert again.noise_mask(parse(site_page(6))) == first


def test_content_features_are_word_pairs_and_cjk_bigrams():
    assert content_features("The BBC, the news!") == {"the bbc", "bbc the", "the news"}
    assert content_features("Home") == {"home"}
    assert content_features("网易新闻 2024") == {"网易", "易新", "新闻", "2024"}
    assert content_features("中") == {"中"}


def by_tag_only(tag, attrs):
    return ""


def test_a_custom_key_is_used_and_recorded(tmp_path):
    tree = learned(range(6), attr_key=by_tag_only)
    assert tree.attr_key_name.endswith("by_tag_only")
    path = tmp_path / "tree.json"
    tree.save(path)
    with pytest.raises(SiteTreeError, match="by_tag_only"):
        SiteStyleTree.load(path)
    with pytest.raises(SiteTreeError, match="by_tag_only"):
        SiteStyleTree.load(path, attr_key=presentation_key)
    again = SiteStyleTree.load(path, attr_key=by_tag_only)
    doc = parse(site_page(6))
    assert again.noise_mask(doc) == tree.noise_mask(doc)


# -- persistence ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["tree.json", "tree.json.gz"])
def test_save_and_load_clean_identically(tmp_path, name):
    tree = learned(range(6), threshold=0.35)
    path = tmp_path / name
    tree.save(path)
    again = SiteStyleTree.load(path)
    assert len(again) == 6 and again.threshold == 0.35 and again.gamma == tree.gamma
    assert again.stats() == tree.stats()
    for k in range(len(STORIES)):
        doc = parse(site_page(k))
        assert again.noise_mask(doc) == tree.noise_mask(doc)
    assert again.to_dict() == tree.to_dict()
    # A loaded tree keeps learning, and still refuses pages it learned before.
    assert not again.add_page(site_page(0), "https://herald.example/story/0")
    assert again.add_page(site_page(6), "https://herald.example/story/6")


def test_saved_file_is_documented_json(tmp_path):
    tree = learned(range(3))
    path = tmp_path / "tree.json"
    tree.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "scrapy-webclean/site-style-tree"
    assert data["version"] == FORMAT_VERSION
    assert data["attr_key"] == "default" and data["pages"] == 3
    assert data["elements"][0][0] == -1  # the virtual root comes first
    assert {"keys", "styles", "seen", "threshold", "gamma", "max_pages"} <= set(data)


def test_version_2_trees_still_load_and_mark_no_fields():
    tree = SiteStyleTree()
    for k in range(6):
        tree.add_page(figure_page(k), f"https://herald.example/f/{k}")
    data = tree.to_dict()
    old = {**data, "version": 2, "elements": [row[:4] for row in data["elements"]]}
    loaded = SiteStyleTree.from_dict(old)
    text = wc.extract(figure_page(6), extractor="sst", site_tree=loaded).text
    assert CAPTIONS[6] in text  # runs unknown: nothing counts as a field
    assert "Copyright" not in text
    assert loaded.to_dict()["version"] == FORMAT_VERSION


def test_version_3_trees_still_load_and_mark_no_labelled_lines():
    data = labelled_tree().to_dict()
    old = {**data, "version": 3, "elements": [row[:6] for row in data["elements"]]}
    loaded = SiteStyleTree.from_dict(old)
    text = wc.extract(labelled_page(6), extractor="sst", site_tree=loaded).text
    assert "Author:" in text  # first tokens unknown: no labelled lines
    assert "Copyright" not in text
    assert loaded.to_dict()["version"] == FORMAT_VERSION


def _corrupt(data):
    yield "format", {**data, "format": "something-else"}
    yield "version", {**data, "version": FORMAT_VERSION + 1}
    yield "key", {**data, "attr_key": "mymodule.my_key"}
    yield "corrupt", {**data, "elements": data["elements"][:-1]}
    yield "corrupt", {**data, "children": [[1, 0]] + data["children"]}  # a loop back to the root
    yield "corrupt", {**data, "children": data["children"][1:]}  # an orphan
    yield "corrupt", {**data, "keys": "nope"}
    yield "corrupt", {**data, "pages": -4}
    styles = [list(row) for row in data["styles"]]
    styles[1][2] = styles[1][2] + [len(data["keys"]) + 5]
    yield "corrupt", {**data, "styles": styles}
    styles = [list(row) for row in data["styles"]]
    styles[1][1] = 10 ** 6
    yield "corrupt", {**data, "styles": styles}
    elements = [list(e) for e in data["elements"]]
    elements[1][2] = {"word": 10 ** 6}
    yield "corrupt", {**data, "elements": elements}
    elements = [list(e) for e in data["elements"]]
    elements[1][4] = elements[1][5] + 1  # shortest run longer than the longest
    yield "corrupt", {**data, "elements": elements}
    yield "corrupt", {**data, "elements": [e[:4] for e in data["elements"]]}  # version 4 rows have runs
    yield "corrupt", {**data, "elements": [e[:6] for e in data["elements"]]}  # ... and first tokens
    elements = [list(e) for e in data["elements"]]
    elements[1][6] = {"label": 10 ** 6}
    yield "corrupt", {**data, "elements": elements}
    yield "corrupt", {k: v for k, v in data.items() if k != "threshold"}
    yield "corrupt", {**data, "threshold": 7}


def test_corrupt_or_incompatible_trees_raise_site_tree_error(tmp_path):
    data = learned(range(4)).to_dict()
    for match, bad in _corrupt(data):
        with pytest.raises(SiteTreeError, match=match):
            SiteStyleTree.from_dict(bad)
    with pytest.raises(SiteTreeError):
        SiteStyleTree.from_dict([1, 2, 3])
    path = tmp_path / "tree.json"
    for raw in (b"", b"{not json", b"\x1f\x8b\x08garbage", json.dumps(data).encode()[:500], b"[]", b"\xff\xfe"):
        path.write_bytes(raw)
        with pytest.raises(SiteTreeError) as info:
            SiteStyleTree.load(path)
        assert isinstance(info.value, ValueError)
    with pytest.raises(OSError):
        SiteStyleTree.load(tmp_path / "missing.json")


def test_a_tree_does_not_depend_on_the_interpreters_string_hashing(tmp_path):
    # Each process (every crawl, every worker) hashes strings with its own
    # seed, which orders a page's feature set: the saved tree, including
    # which features a full table keeps, must come out byte for byte the same.
    import os
    import subprocess
    import sys

    script = (
        "import sys; sys.path[:0] = sys.argv[2:4]\n"
        "from test_sitestyletree import learned\n"
        "learned(range(7), max_features=12).save(sys.argv[1])\n"
    )
    saved = []
    for seed in ("1", "2", "3"):
        path = tmp_path / f"tree-{seed}.json"
        tests_dir = os.path.dirname(__file__)
        root = os.path.dirname(tests_dir)
        subprocess.run([sys.executable, "-c", script, str(path), tests_dir, root], check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        saved.append(path.read_bytes())
    assert saved[0] == saved[1] == saved[2]
    elements = json.loads(saved[0])["elements"]
    assert any(e[3] for e in elements)  # some table was full: the choice of what it keeps was tested


def test_compiled_cleaner_pickles_small_and_cleans_identically():
    tree = learned(range(6))
    compiled = tree.compile()
    assert tree.compile() is compiled  # cached until the tree changes
    blob = pickle.dumps(compiled)
    assert len(blob) < len(json.dumps(tree.to_dict()))
    again = pickle.loads(blob)
    for k in range(len(STORIES)):
        doc = parse(site_page(k))
        assert again.noise_mask(doc) == tree.noise_mask(doc)
    assert wc.extract(site_page(6), extractor="sst", site_tree=again).text == \
        wc.extract(site_page(6), extractor="sst", site_tree=tree).text
    tree.add_page(site_page(6), "https://herald.example/story/6")
    assert tree.compile() is not compiled


def test_a_whole_tree_pickles():
    tree = learned(range(6))
    again = pickle.loads(pickle.dumps(tree))
    doc = parse(site_page(6))
    assert again.noise_mask(doc) == tree.noise_mask(doc) and len(again) == 6


# -- deep pages --------------------------------------------------------------------------

def deep_page(k: int, depth: int = 10000) -> str:
    # The parser keeps the first 2,000 or so levels: far past Python's recursion limit.
    return (f"<html><body>{NAV}<p>{STORIES[k][1][0]}</p>" + "<div><span>x</span>" * depth + "</div>" * depth
            + "</body></html>")


def test_deep_nesting_does_not_recurse(tmp_path):
    tree = SiteStyleTree()
    for k in range(3):
        assert tree.add_page(deep_page(k), f"https://deep.example/{k}")
    doc = parse(deep_page(4))
    mask = tree.noise_mask(doc)
    text = wc.extract(doc, extractor="sst", site_tree=tree).text
    assert STORIES[4][1][0] in text
    assert "About us" not in text and any(mask)
    assert tree.stats()["elements"] > 100
    path = tmp_path / "deep.json"
    tree.save(path)
    again = SiteStyleTree.load(path)
    assert again.noise_mask(doc) == mask
    assert pickle.loads(pickle.dumps(tree)).noise_mask(doc) == mask
    assert pickle.loads(pickle.dumps(tree.compile())).noise_mask(doc) == mask


# -- real pages --------------------------------------------------------------------------

@pytest.mark.parametrize("corpus", ["site-bbc", "site-163"])
def test_learned_on_some_pages_cleans_unseen_pages_of_the_site(corpus):
    pages = corpus_pages(corpus)
    learn, test = pages[0::2][:16], pages[1::2][:8]
    tree = SiteStyleTree()
    for _, rec, raw in learn:
        tree.add_page(raw, rec["url"], encoding=rec.get("http_charset"))
    whole, cleaned = [], []
    for _, rec, raw in test:
        doc = parse(raw, rec["url"], encoding=rec.get("http_charset"))
        whole.append(page_counts(rec["articleBody"], wc.extract(doc, extractor="sst", site_tree=SiteStyleTree()).text))
        cleaned.append(page_counts(rec["articleBody"], wc.extract(doc, extractor="sst", site_tree=tree).text))
    whole_m, cleaned_m = summarize(whole), summarize(cleaned)
    assert cleaned_m["recall"] >= 0.95
    assert cleaned_m["precision"] >= whole_m["precision"] + 0.15


def test_a_loaded_tree_learns_children_under_a_former_leaf():
    # A loaded leaf has a style but no child table: learning a page with
    # children there used to raise AttributeError.
    tree = SiteStyleTree()
    for n in range(2):
        assert tree.add_page(f"<html><body><p>text {n}</p><div></div></body></html>", f"http://s.test/{n}")
    loaded = SiteStyleTree.from_dict(tree.to_dict())
    assert loaded.add_page("<html><body><p>text 2</p><div><span>new here</span></div></body></html>",
                           "http://s.test/2")
    fresh = SiteStyleTree()
    for n, inner in enumerate(("", "", "<span>new here</span>")):
        fresh.add_page(f"<html><body><p>text {n}</p><div>{inner}</div></body></html>", f"http://s.test/{n}")
    assert loaded.to_dict() == fresh.to_dict()
