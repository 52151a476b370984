"""The propagation pick's cleaning counts (paragraphs, images, list items,
inputs, embeds in a judged subtree): walked or tallied, the same counts,
and nested divisions never walked again and again."""

from __future__ import annotations

import pytest

from scrapy_webclean._document import parse
from scrapy_webclean.extractors._propagation import _comma_counts, propagation_pick
from scrapy_webclean.extractors._propagation_names import ruled_out
from scrapy_webclean.extractors._propagation_counts import Counts, _walk, tally

from conftest import corpus_pages


def _doc(body: str):
    return parse(f"<html><head><title>T</title></head><body>{body}</body></html>".encode())


def _counts(doc):
    commas, blocked = _comma_counts(doc, ruled_out(doc, doc.measures))
    return Counts(commas, blocked, doc.body)


def _nested(depth: int) -> str:
    level = ('<div class="box">Loose words, a few of them, here.<p>A paragraph.</p><img src="a.png">'
             '<ul><li>one</li><li>two</li></ul><input type="hidden"><input type="text"><embed src="x">')
    return level * depth + "</div>" * depth


def test_tallied_counts_are_the_walked_ones():
    doc = _doc(_nested(30))
    counts = _counts(doc)
    region = tally(doc, counts.blocked, doc.body)
    for i in range(doc.body + 1, doc.end[doc.body]):
        assert region.of(doc, i) == _walk(doc, counts.blocked, i)
    top = doc.tags.index("div")
    # 30 levels: 1 paragraph and 1 loose piece each (2 in the top one's subtree but its own), images, items...
    assert region.of(doc, top) == (2 * 30 - 1, 30, 60, 30, 30)


def test_nested_divisions_are_not_walked_again_and_again():
    doc = _doc(_nested(400))
    counts = _counts(doc)
    root = doc.body
    judged = [i for i in range(root + 1, doc.end[root]) if doc.tags[i] == "div"]
    got = [counts.of(doc, i) for i in judged]
    assert counts.walked <= doc.end[root] - root  # the walks stopped at the region's size
    assert counts.region is not None
    assert got == [_walk(doc, counts.blocked, i) for i in judged]
    assert propagation_pick(doc, doc.measures).root >= 0


@pytest.mark.parametrize("corpus", ["articles-en", "modern-web"])
def test_tallied_counts_on_real_pages(corpus):
    for _, rec, body in corpus_pages(corpus)[:15]:
        doc = parse(body, rec["url"], encoding=rec.get("http_charset"))
        if doc.is_empty:
            continue
        counts = _counts(doc)
        region = tally(doc, counts.blocked, doc.body)
        for i in range(doc.body + 1, doc.end[doc.body]):
            if doc.tags[i] in ("ul", "table", "div", "section"):
                assert region.of(doc, i) == _walk(doc, counts.blocked, i)


def _ruled_out_node_by_node(doc, m, names=True):
    """The ruled-out mask as first written: node by node, a node out when its parent is."""
    from scrapy_webclean._document import HIDDEN_STYLE
    from scrapy_webclean.extractors._propagation_names import _NEVER_UNLIKELY, _joined, _unlikely

    out = bytearray(m.excluded)
    for i in range(doc.body + 1, len(doc)):
        p = doc.parent[i]
        if out[i] or out[p]:
            out[i] = 1
            continue
        read = doc.class_id_style(i)
        if read is not None and doc.tags[i] not in _NEVER_UNLIKELY:
            cls, ident, style = read
            if (style and HIDDEN_STYLE.search(style)) or (names and _unlikely(_joined(cls, ident))):
                out[i] = 1
    return out


@pytest.mark.parametrize("removed", ["nothing", "body", "html"])
def test_ruled_out_subtrees_skipped_whole_as_node_by_node(removed):
    # A site tree may remove the body, or an element holding it: what follows is out as its children.
    doc = _doc('<div class="sidebar"><p>Side, note.</p></div><div style="display: none"><p>Hidden.</p></div>'
               '<div class="story"><p>Kept, prose.</p><script>x = 1</script><p>More.</p></div>')
    doc = parse(doc.source.replace("</body></html>", "</body><p>After the body.</p></html>").encode())
    mask = bytearray(len(doc))
    if removed != "nothing":
        mask[doc.tags.index(removed)] = 1
    view = doc.with_removed(mask)
    m = view.measures
    for names in (True, False):
        assert ruled_out(view, m, names) == _ruled_out_node_by_node(view, m, names)


def test_commas_of_latin_cjk_and_arabic_script_count():
    # Readability's paragraph score counts commas; Arabic script writes "،" (as Readability.js counts it).
    doc = _doc("<p>one, two, three</p><p>一，二、三</p><p>یک، دو، سه</p><p>Ein Komma; kein zweites.</p>")
    commas, _ = _comma_counts(doc, ruled_out(doc, doc.measures))
    assert [commas[i] for i, t in enumerate(doc.tags) if t == "p"] == [2, 2, 2, 0]
