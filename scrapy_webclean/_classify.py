"""Hub or content: is this page an article, or a page of links to articles?

A content page has one place where its prose is concentrated: a container
whose own paragraphs hold most of the non-link text. A hub (home page,
section front, category or product listing) spreads short teasers over many
sibling items, each under a headline link. The decision combines:

- the *prose mass*: the largest amount of non-link text held by one node
  and its paragraph children (CJK characters weigh three times, since one
  carries about as much as a short English word), on a log scale, and its
  share of the page's text;
- the page's link density (link text / all text);
- headline links (long anchor texts) out of proportion to the prose mass;
- declared page types: Open Graph ``og:type`` and JSON-LD ``@type``;
- the URL's shape: a site root is a hub; a dated, numbered or long-slug last
  path segment is an article's.

With the site's style tree (known during a crawl once it is learned), the
measures are taken on the page without the site's template: a short news
flash drowned in a large menu and link footer is then what it is, a page
of prose.

The terms add up with weights learned by a class-balanced logistic
regression on the shared corpora's labelled pages (``tagger.json``, written
by ``tests/training/train_tagger.py`` and judged by site-grouped
cross-validation); no site or URL is special-cased.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import Any, Sequence
from urllib.parse import urlsplit

from ._declared_url import page_url
from ._document import MEASURED, Document, Measures, SiteCleaner, load_document
from ._packaged import trained_data
from ._walk import tag_positions

__all__ = ["classify", "PageKind"]

#: Tags whose whole (non-link) text counts as a paragraph of their parent.
_PARAGRAPH_TAGS = frozenset({"p", "blockquote", "pre"})
#: Inline or list tags whose own text counts for their parent.
_INLINE_TAGS = frozenset({"font", "span", "em", "strong", "b", "i", "u", "h2", "h3", "h4", "li", "ul", "ol", "br"})

_ARTICLE_TYPES = frozenset({"article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle",
                            "opinionnewsarticle", "technews", "techarticle", "scholarlyarticle", "report",
                            "liveblogposting", "backgroundnewsarticle", "reviewnewsarticle", "posting",
                            "socialmediaposting"})
_HUB_TYPES = frozenset({"collectionpage", "itemlist", "searchresultspage", "offercatalog", "sitenavigationelement"})
_LD_TYPE = re.compile(r'"@type"\s*:\s*\[?\s*"([^"]{1,60})"')
_DATE_IN_PATH = re.compile(r"(?:19|20)\d\d[/_-]?[01]\d")
_LONG_NUMBER = re.compile(r"\d{4,}")
_WORD = re.compile(r"[a-z0-9]+")
_EXTENSION = re.compile(r"\.(?:s?html?|php|aspx?|jsp)$", re.I)

#: The terms of the score, in ``tagger.json``'s order (see :func:`_terms`).
TERMS = ("prose_mass", "prose_share", "link_ratio", "headlines", "og_type", "ld_type", "root_url", "article_url")
#: log10 of the prose mass (about 500 characters) at which its term is 0; the term is clipped to +-1.5.
MASS_PIVOT = 2.7


@lru_cache(maxsize=1)
def _tagger() -> dict[str, Any]:
    """``tagger.json``, read once."""
    return trained_data(__package__, "tagger.json", "terms", TERMS)


def _weights() -> tuple[tuple[float, ...], float]:
    """(weight per term, bias) from ``tagger.json``."""
    data = _tagger()
    return tuple(float(w) for w in data["weights"]), float(data["bias"])


def _unknown_url_terms() -> tuple[float, float]:
    """The home-page and article-URL terms of a page whose URL is not known: their means over the
    labelled pages, each class weighing the same (as in the fitting), from ``tagger.json``."""
    root, article = _tagger()["unknown_url"]
    return float(root), float(article)


@dataclass(frozen=True)
class PageKind:
    """What :func:`classify` returns: ``kind`` ("hub" or "content"), ``score``
    (positive for content; the further from 0, the surer), and ``features``."""

    kind: str
    score: float
    features: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def is_hub(self) -> bool:
        return self.kind == "hub"


def classify(body: Any, url: str | None = None, *, encoding: str | None = None,
             site_tree: SiteCleaner | None = None) -> PageKind:
    """Tag a page ``hub`` or ``content``.

    ``body`` is bytes, str or an already parsed document. An empty or
    unreadable page is a hub with score 0: there is nothing to extract.
    With ``site_tree`` (a :class:`~scrapy_webclean.SiteStyleTree` of the
    page's site, or its compiled form) the page is judged without the
    site's template.

    >>> classify(b"<body>" + b"<p>" + b"A sentence of the story, told at length. " * 40 + b"</p></body>").kind
    'content'
    >>> classify(b"<body><ul>" + b"<li><a href=/x>A headline that links to a story</a></li>" * 60 + b"</ul></body>",
    ...          "https://news.example/").kind
    'hub'
    """
    doc = load_document(body, url, encoding=encoding)
    url = page_url(doc, url)
    if doc.is_empty:
        return PageKind("hub", 0.0, {"empty": True})
    if site_tree is not None:
        doc = doc.cleaned(site_tree, fields=False)  # (as auto reads it: one cleaned view for both)
    f = page_features(doc, url)
    return PageKind("content" if f["score"] > 0 else "hub", f["score"], dict(f))


def page_features(doc: Document, url: str | None) -> dict[str, Any]:
    """The measures behind :func:`classify`, and the score they add up to
    (computed once per document view and URL: the caller must not change
    the dict)."""
    key = ("page_features", url)
    found = doc.memo.get(key)
    if found is None:
        found = doc.memo[key] = _page_features(doc, url)
    return found


def _page_features(doc: Document, url: str | None) -> dict[str, Any]:
    m = doc.measures
    tags, parent, own = doc.tags, doc.parent, doc.own_len
    n = len(doc)
    body = doc.body
    in_link = bytearray(n)
    mass = [0] * n
    headlines = 0
    weight = script_weight(m, body)
    cjk_page = weight > 1
    headline_len = 10 if cjk_page else 25
    og_type, ld_types = _declared_types(doc)
    text_len, link_len = m.text_len, m.link_len
    for i in compress(range(n), m.excluded.translate(MEASURED)):
        tag = tags[i]
        p = parent[i]
        if tag == "a" or (p >= 0 and in_link[p]):
            in_link[i] = 1
            if tag == "a" and text_len[i] >= headline_len:
                headlines += 1
            continue
        mass[i] += own[i]
        if p >= 0:
            if tag in _PARAGRAPH_TAGS:
                mass[p] += text_len[i] - link_len[i]
            elif tag in _INLINE_TAGS:
                mass[p] += own[i]
    prose = max(mass[body:], default=0) * weight
    total = m.text_len[body] * weight or 1
    link_ratio = m.link_len[body] / (m.text_len[body] or 1)

    url_shape = _url_shape(url)
    terms = _terms(prose, prose / total, link_ratio, headlines, og_type, ld_types, url_shape)
    weights, bias = _weights()
    score = _score(weights, bias, terms)
    return {"score": round(score, 4), "prose_mass": prose, "prose_share": round(prose / total, 4),
            "link_ratio": round(link_ratio, 4), "headline_links": headlines, "og_type": og_type,
            "ld_types": sorted(ld_types), "url_shape": url_shape}


def script_weight(m: Measures, body: int) -> int:
    """How many Latin characters one of the page's says as much as, by the measures ``m`` of a view of
    it: :data:`CJK_WEIGHT` on a page in CJK script (more CJK sentence marks than Latin ones under
    ``body``), else 1. Lengths of prose are weighed by it."""
    return CJK_WEIGHT if m.cjk_punct[body] > m.latin_punct[body] else 1


#: A CJK character says about as much as this many Latin ones.
CJK_WEIGHT = 3


def _terms(prose: float, share: float, link_ratio: float, headlines: int, og_type: str, ld_types: set[str],
           url_shape: str) -> list[float]:
    """The score's terms (:data:`TERMS`): the prose mass on a log scale, its share of the page, the link
    density, headline links beyond the prose's measure, the declared types (+1 an article's, -1 or -0.5 a
    listing's or a site's) and the URL's shape."""
    og = 1.0 if "article" in og_type or og_type == "blog" else (
        -0.5 if og_type == "website" or og_type.startswith("product") else 0.0)
    ld = (1.0 if ld_types & _ARTICLE_TYPES else 0.0) - (1.0 if ld_types & _HUB_TYPES else 0.0)
    url = _unknown_url_terms() if url_shape == "unknown" else (
        1.0 if url_shape == "root" else 0.0, 1.0 if url_shape == "article" else 0.0)
    return [max(-1.5, min(1.5, math.log10(prose + 1) - MASS_PIVOT)), share, link_ratio,
            max(0.0, math.log10(headlines + 1) - math.log10(prose / 100 + 1) - 0.5), og, ld, *url]


def _score(weights: Sequence[float], bias: float, terms: Sequence[float]) -> float:
    """The page's score: ``bias`` plus each term by its weight."""
    return bias + sum(w * t for w, t in zip(weights, terms))


def _declared_types(doc: Document) -> tuple[str, set[str]]:
    """The page's declared types: its Open Graph ``og:type`` (the last
    one's, lower case; "" without one) and its JSON-LD ``@type`` values
    (lower case). Read from every ``<meta>`` and ``<script>`` element,
    removed from this view or not (neither is ever measured)."""
    nodes = doc.nodes
    og_type = ""
    for i in tag_positions(doc, "meta"):
        get = nodes[i].get
        if (get(b"property") or "").strip().lower() == "og:type":
            og_type = (get("content") or "").strip().lower()
    ld_types: set[str] = set()
    for i in tag_positions(doc, "script"):
        if "ld+json" in (nodes[i].get(b"type") or "").lower():
            ld_types.update(t.lower() for t in _LD_TYPE.findall((doc.texts[i] or "")[:200_000]))
    return og_type, ld_types


def _url_shape(url: str | None) -> str:
    """``root`` for a site's home page, ``article`` for a dated, numbered or
    long-slug last segment, ``unknown`` without a URL (its terms are then their
    means: see :func:`_unknown_url_terms`), else ``other``."""
    if not url:
        return "unknown"
    try:
        path = urlsplit(url).path
    except ValueError:
        return "other"
    segments = [s for s in path.split("/") if s]
    if not segments:
        return "root"
    last = segments[-1]
    stem = _EXTENSION.sub("", last)
    if (_DATE_IN_PATH.search(path) or _LONG_NUMBER.search(stem) or len(_WORD.findall(stem.lower())) >= 4
            or (stem != last and any(c.isdigit() for c in stem))):
        return "article"
    return "other"
