from pathlib import Path

import scrapy_webclean as wc

from scrapy_webclean._document import parse, text_content, text_nodes
from scrapy_webclean._walk import OwnersAndDead, owned_text, subtree_text

PAGES = Path(__file__).parent / "pages"


def test_measures_count_text_links_and_punctuation():
    doc = parse("<html><body><div><p>你好。世界，再见！</p><a href=x>link text</a></div></body></html>")
    div = doc.tags.index("div")
    m = doc.measures
    assert m.text_len[div] == len("你好。世界，再见！") + len("linktext")
    assert m.link_len[div] == len("linktext")
    assert m.link_count[div] == 1
    assert m.cjk_stops[div] == 1
    assert m.cjk_punct[div] == 3
    assert m.tag_count[div] == 3


def test_sentence_marks_of_other_scripts_count_with_the_latin_ones():
    # Urdu (Arabic script's comma and Urdu full stop), Hindi (danda), Amharic (Ethiopic stops),
    # Myanmar; Thai marks none, a space between letters ends a clause (not one beside a Latin letter);
    # a Vietnamese page's letters share the marks' lead bytes.
    texts = {"ur": ("شہر کی کونسل نے بجٹ منظور کیا، اور پل کی مرمت ہوگی۔", 2),
             "hi": ("परिषद ने बजट को मंज़ूरी दी। निवासी खुश हैं।", 2),
             "am": ("ምክር ቤቱ በጀቱን አጸደቀ፤ አባላቱም ተስማሙ።", 2),
             "my": ("ကောင်စီသည် ဘတ်ဂျက်ကို အတည်ပြုခဲ့သည်၊ လူများ ဝမ်းသာကြသည်။", 2),
             "th": ("สภาเมืองอนุมัติงบประมาณใหม่ และสมาชิกตกลงที่จะซ่อมสะพานเก่า ABC สะพาน", 1),
             "vi": ("Hội đồng thành phố đã thông qua ngân sách mới, và sẽ sửa cây cầu cũ.", 2)}
    for lang, (text, marks) in texts.items():
        doc = parse(f"<html><body><p>{text}</p><noscript><p>{text}</p></noscript></body></html>")
        p, ns = doc.tags.index("p"), doc.tags.index("noscript")
        assert doc.measures.latin_punct[p] == marks, lang
        assert doc.compute_measures(visible=("noscript",)).latin_punct[ns] == marks, lang  # the shown-tag count


def test_a_named_anchor_round_content_is_a_target_not_a_link():
    # Left unclosed, <a name> wraps the sections after it: they are text, not link text.
    doc = parse('<body><div><a name="intro"><h2>Introduction</h2><p>Before 2000 the list was a book.</p>'
                '<a href="/more">more</a></div><a name="top"></a><a name="x" onclick="go()">Go</a></body>')
    div = doc.tags.index("div")
    assert doc.tags[div + 1] == "span" and doc.nodes[div + 1].tag == "a"  # read as what it renders as
    assert doc.measures.link_len[div] == len("more") and doc.measures.link_count[div] == 1
    # An empty target, and an anchor with a handler (a script's link), stay links.
    assert [doc.nodes[i].get("name") for i, t in enumerate(doc.tags) if t == "a"] == [None, "top", "x"]


def test_a_heading_s_link_to_a_place_on_the_page_is_its_text_not_a_link():
    # A permalink round a heading's words, or an accordion's toggle: the heading is the text's. A bare "#"
    # with a handler (a script's), a link to another page and a fragment link outside a heading stay links.
    doc = parse('<body><h3 id="why"><a href="#why">Why it matters</a></h3>'
                '<h4><a role="button" data-toggle="collapse" href="#collapse-1"><span>Lesson 1</span></a></h4>'
                '<h5><a href="#" onclick="toggle(1)">Reply title</a></h5><h2><a href="/next">Next story</a></h2>'
                '<h3><a href="#top" onclick="up()">Top</a></h3><ul><li><a href="#why">Why it matters</a></li></ul></body>')
    links = [doc.nodes[i].get("href") for i, t in enumerate(doc.tags) if t == "a"]
    assert links == ["#", "/next", "#top", "#why"]
    assert [doc.nodes[i].get("href") for i, t in enumerate(doc.tags) if t == "span" and doc.nodes[i].tag == "a"] \
        == ["#why", "#collapse-1"]
    h3 = doc.tags.index("h3")
    assert doc.measures.link_len[h3] == 0 and doc.measures.text_len[h3] == len("Whyitmatters")  # (non-space)


def test_a_heading_s_button_is_the_section_s_title_other_buttons_are_controls():
    # An accordion's heading (WAI-ARIA's pattern) holds its title in a button; a button elsewhere is a
    # control whose label is no text.
    doc = parse('<body><h3><button aria-expanded="false" aria-controls="a1">How long does delivery take?</button>'
                '</h3><div id="a1"><p>Two days.</p></div><p>Text <button>Share</button></p></body>')
    h3, p = doc.tags.index("h3"), len(doc.tags) - 2
    assert doc.tags[h3 + 1] == "span" and doc.measures.text_len[h3] == len("Howlongdoesdeliverytake?")
    assert doc.tags[p] == "p" and doc.tags[p + 1] == "button" and doc.measures.text_len[p] == len("Text")


def test_invisible_tags_do_not_count_but_their_tails_do():
    doc = parse("<body><div><script>var x = 1;</script>after<style>p{}</style></div></body>")
    div = doc.tags.index("div")
    assert doc.measures.text_len[div] == len("after")


def test_subtree_ranges_and_paths():
    doc = parse("<html><body><div><p>a</p><p>b</p></div><span>c</span></body></html>")
    div = doc.tags.index("div")
    assert [doc.tags[i] for i in range(div, doc.end[div])] == ["div", "p", "p"]
    assert doc.path(div + 1) == ("html", "body", "div", "p")
    assert [doc.tags[c] for c in doc.children(doc.body)] == ["div", "span"]


def test_deep_nesting_does_not_recurse():
    body = "<html><body>" + "<div>" * 10000 + "deep" + "</div>" * 10000 + "</body></html>"
    doc = parse(body)
    assert len(doc) > 100
    assert doc.measures.text_len[0] >= 0  # measured without RecursionError


def test_text_nodes_in_reading_order():
    doc = parse("<body><p>one <b>two</b> three</p><script>no</script><p>four</p></body>")
    assert [t.strip() for _, _, t in text_nodes(doc) if t.strip()] == ["one", "two", "three", "four"]


def test_views_with_removed_nodes_do_not_touch_the_original():
    doc = parse("<body><div id=a>keep me</div><div id=b>remove me</div></body>")
    b = [i for i in range(len(doc)) if doc.attrs(i).get("id") == "b"][0]
    view = doc.with_removed(doc.subtree_mask([b]))
    assert view.measures.text_len[view.body] == len("keepme")
    assert doc.measures.text_len[doc.body] == len("keepmeremoveme")


def test_cleaned_view_is_computed_once_per_tree():
    """Tagging and extracting a page in one job map it onto the site's tree
    once: the cleaned view is kept per tree, and extract (auto)/classify reuse it."""
    import scrapy_webclean as wc

    class CountingTree:
        def __init__(self, drop: str) -> None:
            self.calls = 0
            self.drop = drop

        def noise_mask(self, doc, *, fields=True):
            self.calls += 1
            return doc.subtree_mask(i for i, t in enumerate(doc.tags) if t == self.drop)

    doc = parse("<html><body><nav><a href=/>Home</a> <a href=/x>News</a></nav>"
                "<p>" + "A sentence of the story, told at some length. " * 20 + "</p></body></html>")
    tree = CountingTree("nav")
    view = doc.cleaned(tree, fields=False)
    assert doc.cleaned(tree, fields=False) is view and tree.calls == 1
    assert "Home" not in " ".join(t for _, _, t in text_nodes(view))
    assert wc.classify(doc, site_tree=tree).kind == "content"
    assert "Home" not in wc.extract(doc, site_tree=tree).text
    assert tree.calls == 1
    # A seed extractor reads the page without the template's fields too: a view of its own.
    assert "Home" not in wc.extract(doc, site_tree=tree, extractor="link_density").text
    assert tree.calls == 2
    other = CountingTree("p")
    assert doc.cleaned(other, fields=False) is not view and other.calls == 1
    assert parse("").cleaned(other, fields=False) is not None and other.calls == 1  # an empty page is its own view
    import pytest

    from scrapy_webclean.errors import SiteTreeError

    for page in (doc, parse("")):
        with pytest.raises(SiteTreeError, match="must be a SiteStyleTree"):
            page.cleaned(object(), fields=False)
    with pytest.raises(SiteTreeError):
        wc.extract(b"", site_tree=object())


def test_walk_kept_visits_in_document_order_and_skips_subtrees():
    from scrapy_webclean._document import walk_kept

    doc = parse("<html><body><div><p>a</p><nav><a>x</a></nav>tail<p>b</p></div></body></html>")
    skip = doc.subtree_mask(i for i, t in enumerate(doc.tags) if t == "nav")
    events = []
    walk_kept(doc, doc.body, skip, lambda i: events.append(("in", doc.tags[i])),
              lambda i: events.append(("out", doc.tags[i])), lambda i: events.append(("passed", doc.tags[i])))
    assert events == [("in", "body"), ("in", "div"), ("in", "p"), ("out", "p"), ("passed", "nav"),
                      ("in", "p"), ("out", "p"), ("out", "div"), ("out", "body")]


def test_flagged_positions_and_their_subtrees():
    from scrapy_webclean._walk import flagged

    doc = parse("<html><body><div><p>a</p></div><p>b</p><ul><li>c</li></ul></body></html>")
    marks = bytearray(len(doc))
    div, ul = doc.tags.index("div"), doc.tags.index("ul")
    marks[div], marks[ul] = 1, 2
    assert list(flagged(marks)) == [div, ul]
    mask = doc.subtree_mask(flagged(marks))
    assert [doc.tags[i] for i in range(len(doc)) if mask[i]] == ["div", "p", "ul", "li"]


def test_common_region_marks_kept_subtrees_and_the_paths_down_to_them():
    # (auto's kept region and merge_subtrees both read it): a part nested in another kept
    # subtree adds no path inside it; the top and nodes beside the paths are in neither mask.
    from scrapy_webclean._walk import common_region, merge_subtrees

    doc = parse("<html><body><div id=a><section><p>1</p><em>x</em></section><nav>n</nav></div>"
                "<div id=b><article><h2>t</h2><blockquote><p>2</p></blockquote></article></div></body></html>")
    tags = doc.tags
    p1, quote, article = tags.index("p"), tags.index("blockquote"), tags.index("article")
    top, kept, path = common_region(doc, p1, [quote, article])
    assert top == doc.body
    assert [tags[i] for i in range(len(doc)) if kept[i]] == ["p", "article", "h2", "blockquote", "p"]
    assert [tags[i] for i in range(len(doc)) if path[i]] == ["div", "section", "div"]
    drop = bytearray(len(doc))
    assert merge_subtrees(doc, p1, [quote, article], drop) == top
    assert [tags[i] for i in range(len(doc)) if drop[i]] == ["em", "nav"]
    top, kept, path = common_region(doc, p1, [])  # one part: its own subtree, no path
    assert top == p1 and not any(path) and [i for i in range(len(doc)) if kept[i]] == [p1]


def test_mathml_formulas_are_text_and_their_tex_annotation_is_not():
    # MathML is how an article writes a formula: its text is part of the
    # sentence; <annotation> repeats the formula as TeX source for tools.
    formula = ('<math><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>'
               '<annotation encoding="application/x-tex">E = mc^2</annotation></semantics></math>')
    prose = "The energy of a body at rest follows from its mass, as Einstein showed in a paper of 1905. " * 3
    body = (f"<html><body><article><p>{prose}</p><p>It reads {formula} for a body at rest, the case "
            f"we treat here in full.</p><p>{prose}</p></article></body></html>").encode()
    for name in ("auto", "link_density", "relative_link_density", "line_block"):
        text = wc.extract(body, extractor=name).text
        assert "It reads E=mc2 for a body at rest" in text, name
        assert "mc^2" not in text, name


def test_a_declarative_shadow_root_is_page_text_and_a_plain_template_is_not():
    # <template shadowrootmode> (or the older shadowroot) is the shadow tree a browser renders in its
    # host element (web components rendered on the server); a template without it stays inert.
    prose = "The council met on Tuesday to discuss the new budget, which had been delayed for months. " * 3
    for attr in ('shadowrootmode="open"', "shadowRootMode='closed'", 'shadowroot="open"'):
        body = (f"<html><body><nav><a href='/a'>Home</a></nav><town-story><template {attr}><h1>Budget</h1>"
                f"<p>{prose}</p><p>{prose}</p></template></town-story></body></html>").encode()
        for name in ("auto", "link_density", "relative_link_density", "line_block"):
            assert "delayed for months" in wc.extract(body, extractor=name).text, (attr, name)
    inert = f"<html><body><p>{prose}</p><template><p>Row template copy.</p></template></body></html>".encode()
    assert "Row template" not in wc.extract(inert).text
    doc = parse(inert)
    assert "template" in doc.tags and "div" not in doc.tags


def test_a_frameset_pages_noframes_markup_is_its_body():
    # libxml2 keeps <noframes> as raw text; on a frameset page with no <body> that markup is what a
    # client without frames is given: it is parsed as the body. A page with a body keeps it.
    prose = "The council met on Tuesday to discuss the new budget, which had been delayed for months. " * 3
    body = (f"<html><head><title>Budget</title></head><frameset cols='20%,80%'><frame src='nav.html'>"
            f"<frame src='main.html'><noframes><body><h1>Budget</h1><p>{prose}<p>{prose}</body></noframes>"
            "</frameset></html>").encode()
    for name in ("auto", "link_density", "line_block"):
        assert "delayed for months" in wc.extract(body, extractor=name).text, name
    with_body = b"<html><body><p>Visible words of the page, in a paragraph.</p><noframes><p>Other</p></noframes></body></html>"
    assert "Other" not in wc.extract(with_body).text
    assert wc.extract(b"<html><frameset><noframes>no markup here</noframes></frameset></html>").text == ""


def test_chunks_cover_a_range_once_in_order_and_check_the_deadline():
    import time

    import pytest

    from scrapy_webclean._deadline import CHUNK, chunks_down, chunks_up, time_limit
    from scrapy_webclean.errors import ExtractionTimeout

    for start, stop in ((0, 0), (1, 1), (1, 2), (0, CHUNK), (1, CHUNK + 1), (1, 3 * CHUNK + 5)):
        up = [i for lo, hi in chunks_up(start, stop) for i in range(lo, hi)]
        down = [i for lo, hi in chunks_down(start, stop) for i in range(hi - 1, lo - 1, -1)]
        assert up == list(range(start, stop))
        assert down == up[::-1]
        assert all(0 < hi - lo <= CHUNK for lo, hi in [*chunks_up(start, stop), *chunks_down(start, stop)])
    with time_limit(1e-6):
        time.sleep(0.01)
        for chunks in (chunks_up, chunks_down):
            with pytest.raises(ExtractionTimeout):
                next(chunks(0, 10))


def test_shown_invisible_tags_count_their_text_and_punctuation_unless_excluded():
    page = ("<body><noscript><p>Read me. Twice!</p>Loose, text。</noscript><div><script>a = b; c()</script></div>"
            "<noscript>Gone?</noscript><p>Seen.</p></body>")
    doc = parse(page)
    ns, gone = [i for i, t in enumerate(doc.tags) if t == "noscript"]
    script = doc.tags.index("script")
    base = doc.measures
    body = doc.body
    # The second <noscript> is left out: its text counts for nothing.
    m = doc.compute_measures(exclude=doc.subtree_mask([gone]), visible=("noscript", "script"))
    assert m.text_len[ns] == len("Readme.Twice!Loose,text。")
    assert m.latin_punct[ns] == 3 and m.cjk_punct[ns] == 1 and m.cjk_stops[ns] == 1
    assert m.text_len[script] == len("a=b;c()") and m.latin_punct[script] == 1
    assert m.text_len[body] == base.text_len[body] + len("Readme.Twice!Loose,text。") + len("a=b;c()")
    assert m.latin_punct[gone] == m.text_len[gone] == 0


def test_subtree_text_reads_what_lxml_itertext_reads():
    # The arrays' texts and tails, in reading order: the same string for every node of real pages.
    for path in sorted(PAGES.glob("*.html")):
        doc = parse(path.read_bytes())
        for i, node in enumerate(doc.nodes):
            assert subtree_text(doc, i) == text_content(node), (path.name, i)
    doc = parse("<body><div>a<p>b<b>c</b>d<i>e<u>f</u></i>g</p>h<pre> i\n j </pre><br>k</div>tail</body>")
    div = doc.tags.index("div")
    assert subtree_text(doc, div) == "abcdefgh i\n j k" == text_content(doc.nodes[div])


def test_owned_text_leaves_out_the_blocks_nested_in_a_block_and_keeps_their_tails():
    doc = parse("<body><div>a<span>b<p>c<b>d</b></p>e</span>f<div>g</div>h</div></body>")
    div = doc.tags.index("div")
    blocks = {i for i, t in enumerate(doc.tags) if t in ("body", "div", "p")}
    owner = [0] * len(doc)
    for i in range(len(doc)):
        owner[i] = i if i in blocks or doc.parent[i] < 0 else owner[doc.parent[i]]
    assert owned_text(doc, div, owner) == "abefh"
    assert owned_text(doc, doc.tags.index("p"), owner) == "cd" == subtree_text(doc, doc.tags.index("p"))
    # A dead node is its own block to OwnersAndDead (its words, none of the block's; its tail, the block's).
    dead = bytearray(len(doc))
    span = doc.tags.index("span")
    dead[span:doc.end[span]] = b"\x01" * (doc.end[span] - span)
    assert owned_text(doc, div, OwnersAndDead(owner, dead)) == "afh"
    assert owned_text(doc, div, OwnersAndDead(None, dead)) == "afgh"  # (no owners: nested blocks read)
    assert list(OwnersAndDead(None, dead)[span:span + 2]) == [span, span + 1]


def test_the_parse_says_whether_its_text_holds_an_ellipsis():
    assert parse("<body><p>Read more\u2026</p></body>").ellipsis
    assert parse("<body><p>Read more</p>and so on...</body>").ellipsis
    assert parse("<body><p>Read more&hellip;</p></body>").ellipsis
    assert not parse("<body><p>Read more. And on.</p><script>x = '...'</script></body>").ellipsis
