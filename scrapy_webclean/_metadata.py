"""Page metadata: title, author, dates, language, canonical URL, lead image.

Read from what pages declare - ``<meta>`` (Open Graph, Dublin Core, plain
names), ``<link rel>``, JSON-LD, microdata ``itemprop`` and ``<time>`` - in
one loop over the document's node arrays, and from what they show: the
headline (:mod:`._meta_title`), the byline (:mod:`._meta_author`) and the
date next to them (:mod:`._meta_date`). Each field's candidates are ranked;
the first that survives cleaning wins (an author that is the site's name,
a date that does not read as one, fall through to the next). The date is
never a declared "modified" date (a shown "Updated" one only when the page
shows no publication date: :mod:`._meta_shown`).
"""

from __future__ import annotations

import json
import re
from itertools import compress
from typing import Any, Iterator
from urllib.parse import urljoin

from ._document import Document, parse
from ._walk import subtree_texts, tag_positions
from ._render import NodeSelection
from ._meta_microdata import read_microdata
from ._meta_shown import ShownFields, settle_title
from ._meta_title import links_home, over_page, strip_site_suffix

__all__ = ["extract_metadata", "page_metadata", "json_ld_objects", "strip_site_suffix"]

_SPACE = re.compile(r"\s{2,}|[^\S ]")  # white space to make one space (a single space is one)
#: JSON-LD types whose fields describe the page's article.
_ARTICLE_TYPES = frozenset({
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle", "opinionnewsarticle",
    "techarticle", "scholarlyarticle", "report", "posting", "socialmediaposting", "liveblogposting",
    "discussionforumposting", "webpage", "itempage", "product", "howto", "recipe", "review", "qapage",
})
#: JSON-LD types of a discussion: their text plus answers/comments is the page's body.
_THREAD_TYPES = frozenset({"question", "discussionforumposting", "qapage"})
_LAZY_SRC = ("src", "data-src", "data-lazy-src", "data-original", "data-srcset", "srcset")
_MAX_JSON = 2_000_000
#: Elements the metadata loop reads; microdata is found by XPath.
_METADATA_TAGS = frozenset({"meta", "link", "html", "time", "img", "h1", "title"})
#: Author metas repeated once per author (Highwire/Google Scholar tags), and how many are read.
_AUTHOR_LIST_META = frozenset({"citation_author", "citation_authors", "dc.contributor"})
_MAX_LISTED = 20
#: Other meta names of a publication date ("published", "w-published-date", "og:publish_date",
#: "originalpublicationdate", "date-pub"...), offered after the known ones; never a last, modified,
#: updated or expiry date's.
_PUBLISHED_META = re.compile(r"publish|publication|pub[_-]?date|date[_-]?pub")
_NOT_PUBLISHED_META = re.compile(r"modif|updat|expir|last|edit|revis")
_OTHER_PUBLISHED = 5
#: Publication dates declared inside the body (<time>, microdata <meta>) that make the page a
#: thread (a date per post: the first post's is the page's).
_POSTS = 3
#: Priorities from this one up, from JSON-LD, are a weak type's (WebPage): SEO plugins date every page.
_WEAK_LD = 3

# meta name/property -> (field, priority); a lower number wins.
_META_FIELDS = {
    "og:title": ("title", 1), "twitter:title": ("title", 3), "dc.title": ("title", 4),
    "author": ("author", 2), "article:author": ("author", 3), "dc.creator": ("author", 4),
    "parsely-author": ("author", 3), "sailthru.author": ("author", 4), "byl": ("author", 5),
    "article:published_time": ("date", 1), "datepublished": ("date", 2), "publishdate": ("date", 3),
    "pubdate": ("date", 3), "publish-date": ("date", 3), "date": ("date", 5), "dc.date.issued": ("date", 3),
    "dc.date": ("date", 4), "parsely-pub-date": ("date", 3), "sailthru.date": ("date", 4),
    "og:published_time": ("date", 2), "article.published": ("date", 3), "citation_publication_date": ("date", 3),
    "og:locale": ("language", 5), "dc.language": ("language", 3), "content-language": ("language", 2),
    "og:url": ("canonical_url", 2),
    "og:image": ("image", 1), "og:image:url": ("image", 1), "og:image:secure_url": ("image", 2),
    "twitter:image": ("image", 3), "twitter:image:src": ("image", 3),
    "description": ("description", 2), "og:description": ("description", 1), "twitter:description": ("description", 3),
    "dc.description": ("description", 4),
    "og:site_name": ("sitename", 1), "application-name": ("sitename", 4), "twitter:site": ("sitename", 8),
}


def _clean(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    if not value.isprintable() or "  " in value:  # (no white space but " " is printable)
        value = _SPACE.sub(" ", value)
    return value.strip() or None


def json_ld_objects(doc: Document) -> Iterator[dict]:
    """Every JSON object in the page's JSON-LD scripts (``@graph`` and lists flattened)."""
    texts = doc.texts
    for i in tag_positions(doc, "script"):
        if not texts[i]:
            continue
        kind = (doc.nodes[i].get(b"type") or "").lower()
        if "ld+json" not in kind:
            continue
        raw = texts[i]
        if len(raw) > _MAX_JSON:
            continue
        try:
            data = json.loads(raw)
        except ValueError:
            try:  # a trailing comma or stray control character is common
                data = json.loads(re.sub(r"[\x00-\x1f]", " ", raw))
            except ValueError:
                continue
        stack = [data]
        seen = 0
        while stack and seen < 10_000:
            seen += 1
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(reversed(item))
            elif isinstance(item, dict):
                yield item
                graph = item.get("@graph")
                if isinstance(graph, (list, dict)):
                    stack.append(graph)
                main = item.get("mainEntity")
                if isinstance(main, (list, dict)):
                    stack.append(main)


def _ld_types(obj: dict) -> set[str]:
    t = obj.get("@type")
    if isinstance(t, str):
        return {t.lower()}
    if isinstance(t, list):
        return {x.lower() for x in t if isinstance(x, str)}
    return set()


def _ld_name(value: Any) -> list[str] | None:
    """People's or organisations' names from a JSON-LD value (str, dict or list)."""
    if isinstance(value, list):
        names = [n for v in value[:20] if not isinstance(v, list) for n in (_ld_name(v) or ())]
        return list(dict.fromkeys(names)) or None
    if isinstance(value, dict):
        value = value.get("name")
    value = _clean(value)
    if value and not value.startswith(("http://", "https://")):
        return [value]
    return None


def _ld_image(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("url") or value.get("contentUrl")
    return _clean(value)


#: The tags that end a line (a paragraph's, a line break's, a heading's...): a JSON-LD text holding
#: one is the markup the site shows, not plain text.
_LINE_TAG = re.compile(r"<br\s*/?>|</(?:p|div|h[1-6]|li|blockquote|tr|ul|ol|table|figure)\s*>", re.IGNORECASE)


def _markup_read(text: str) -> str:
    """``text`` as read: when it is HTML markup (a paragraph's or line break's tag in it), parsed as
    a page is and rendered as a page's text is (a line per block, its character references read)."""
    if "<" not in text or not _LINE_TAG.search(text):
        return text
    return NodeSelection(parse(f"<html><body>{text}</body></html>")).text()


def _ld_body(obj: dict) -> str | None:
    """The text a JSON-LD object states: ``articleBody`` or ``text``, followed
    by the text of its answers and comments (a question or a forum thread)."""
    parts: list[str] = []
    body = obj.get("articleBody") or obj.get("text")
    if isinstance(body, str) and body.strip():
        parts.append(_markup_read(body).strip())
    for key in ("acceptedAnswer", "suggestedAnswer", "comment"):
        more = obj.get(key)
        if isinstance(more, dict):
            more = [more]
        if isinstance(more, list):
            for item in more[:500]:
                if isinstance(item, dict) and isinstance(item.get("text"), str) and item["text"].strip():
                    parts.append(_markup_read(item["text"]).strip())
    return "\n".join(parts) or None


class _Candidates:
    """Every value offered for each field, with its rank ``(priority, source)``:
    sources rank as if read in the order meta and other head tags (0), body
    microdata (1), JSON-LD (2); a lower pair wins, the first offer on a tie."""

    __slots__ = ("offers", "headlines", "logos", "first_img", "thread", "faq", "posts")

    def __init__(self) -> None:
        self.offers: dict[str, list[tuple[tuple[int, int], int, Any]]] = {}
        self.headlines: list[tuple[int, str]] = []
        self.logos: set[int] = set()  # the headlines linking to the site's home page
        self.first_img: str | None = None
        self.thread = False
        self.faq = False  # an FAQPage: its Question objects are the page's FAQ, not a discussion
        self.posts = 0  # publication dates declared inside the body (<time>, <meta itemprop>): one per post on a thread

    def offer(self, field: str, value: Any, prio: int, source: int = 0) -> None:
        if isinstance(value, list):
            value = [v for v in value if isinstance(v, str) and v.strip()] or None
        else:
            value = _clean(value)
        if value:
            found = self.offers.setdefault(field, [])
            found.append(((prio, source), len(found), value))

    def ranked(self, field: str) -> list[Any]:
        return [v for _, _, v in sorted(self.offers.get(field, ()), key=lambda o: (o[0], o[1]))]

    def ranked_with_rank(self, field: str) -> list[tuple[tuple[int, int], Any]]:
        return [(r, v) for r, _, v in sorted(self.offers.get(field, ()), key=lambda o: (o[0], o[1]))]

    def best_rank(self, field: str) -> tuple[int, int]:
        return min((o[0] for o in self.offers.get(field, ())), default=(99, 9))


def _read_tags(doc: Document, c: _Candidates) -> None:
    """The page's meta, link, html, title, time, img and h1 elements."""
    tags, nodes, body = doc.tags, doc.nodes, doc.body
    written_by = None
    listed: list[str] = []
    dated = subtree_texts(doc, (i for i in tag_positions(doc, "time", body + 1)
                                if _dates_post(nodes[i]) and not nodes[i].get("datetime")))
    over: dict[int, bool] = {}  # (an element's ancestors read once, however many headings they hold)
    for i in compress(range(len(tags)), map(_METADATA_TAGS.__contains__, tags)):  # (the others skipped at C speed)
        t, el = tags[i], nodes[i]
        if t == "meta":
            key = (el.get(b"property") or el.get(b"name") or el.get(b"itemprop") or el.get(b"http-equiv") or "").lower()
            spec = _META_FIELDS.get(key.strip())
            if spec:
                c.offer(spec[0], el.get("content"), spec[1])
                if spec[0] == "date" and i > body:
                    c.posts += 1  # microdata of a post (forum software marks each one)
            elif _PUBLISHED_META.search(key) and not _NOT_PUBLISHED_META.search(key):
                c.offer("date", el.get("content"), _OTHER_PUBLISHED)
            elif key in _AUTHOR_LIST_META and el.get("content"):
                listed.append(_first_last(el.get("content")))  # one <meta> per author (scholarly pages)
            elif key.startswith("twitter:data") and written_by == key[12:]:
                c.offer("author", el.get("content"), 5)  # twitter:label1 "Written by" + twitter:data1
            elif key.startswith("twitter:label") and (el.get("content") or "").strip().lower() == "written by":
                written_by = key[13:]
        elif t == "link":
            if "canonical" in (el.get("rel") or "").lower().split():
                c.offer("canonical_url", el.get("href"), 1)
        elif t == "html":
            c.offer("language", el.get("lang") or el.get("xml:lang"), 1)
        elif t == "title" and i < body:
            c.offer("title", doc.title, 6)
        elif t == "time" and i > body:
            if _dates_post(el):
                c.offer("date", el.get("datetime") or dated[i], 2)
                c.posts += 1
        elif t == "img" and c.first_img is None and i > body:
            for attr in _LAZY_SRC:
                v = el.get(attr)
                if v and not v.startswith("data:"):
                    c.first_img = v.split(",")[0].split()[0] if "srcset" in attr else v
                    break
        elif t == "h1" and len(c.headlines) < 5 and not over_page(doc, i, over):
            # Rendered, so that a <br> or a block inside the heading parts its words.
            c.headlines.append((i, " ".join(NodeSelection(doc, i).text().split())))
            if links_home(el, doc.url):
                c.logos.add(i)  # a logo's: the site's name
    if listed:
        c.offer("author", listed[:_MAX_LISTED], 3)


def _dates_post(el: Any) -> bool:
    """Whether a ``<time>`` gives its post's publication date (``itemprop="datePublished"`` or
    ``pubdate``). The texts of those without a ``datetime`` are read beforehand, all at once
    (:func:`~scrapy_webclean._walk.subtree_texts`: a hostile page nests hundreds of them)."""
    return (el.get("itemprop") or "").lower() == "datepublished" or el.get("pubdate") is not None


def _first_last(name: str) -> str:
    """"Roy, Aniruddha" (a citation tag's order) as "Aniruddha Roy"."""
    last, comma, first = name.partition(",")
    if comma and first.strip() and "," not in first and len(last.split()) <= 3 and len(first.split()) <= 3:
        return f"{first.strip()} {last.strip()}"
    return name


def _read_json_ld(doc: Document, c: _Candidates) -> str | None:
    """JSON-LD fields; returns the stated article body (or thread text), if any."""
    article_body = None
    for obj in json_ld_objects(doc):
        types = _ld_types(obj)
        if "faqpage" in types:
            c.faq = True
        if types & _THREAD_TYPES:
            c.thread = True
            ab = _ld_body(obj)
            if ab and (article_body is None or len(ab) > len(article_body)):
                article_body = ab
        if not types & _ARTICLE_TYPES:
            if types & {"organization", "newsmediaorganization", "website"}:
                c.offer("sitename", _clean(obj.get("name")), 3, 2)
            continue
        weak = types <= {"webpage", "itempage", "qapage"}
        p = 3 if weak else 0
        c.offer("title", obj.get("headline") if isinstance(obj.get("headline"), str) else None, 2 + p, 2)
        c.offer("author", _ld_name(obj.get("author")), 1 + p, 2)
        c.offer("date", obj.get("datePublished") if isinstance(obj.get("datePublished"), str) else None, 0 + p, 2)
        c.offer("image", _ld_image(obj.get("image")), 2 + p, 2)
        c.offer("description", obj.get("description") if isinstance(obj.get("description"), str) else None,
                3 + p, 2)
        c.offer("language", obj.get("inLanguage") if isinstance(obj.get("inLanguage"), str) else None, 2 + p, 2)
        pub = obj.get("publisher")
        if isinstance(pub, dict):
            c.offer("sitename", _clean(pub.get("name")), 2 + p, 2)
        ab = _ld_body(obj)
        if ab and (article_body is None or len(ab) > len(article_body)):
            article_body = ab
    return article_body


def extract_metadata(doc: Document) -> dict[str, Any]:
    """Metadata fields of the page (absent ones left out).

    Keys: ``title`` (the headline, site name stripped), ``language``, ``canonical_url``, ``image``,
    ``description``, ``sitename``; ``_shown``, a :class:`._meta_shown.ShownFields` that gives ``author``
    (names joined by ", "), ``authors`` (the list) and ``date`` (publication, ``YYYY-MM-DD``) when first
    asked for; and, for the extractor's use, not result fields (see :func:`page_metadata`): ``_heading``
    and ``_article_body`` (the JSON-LD ``articleBody``). Relative dates ("3 days ago") are read against
    ``doc.memo["reference_date"]`` when set (the crawl's time).
    """
    c = _Candidates()
    _read_tags(doc, c)
    article_body = _read_json_ld(doc, c)
    if c.first_img:
        c.offer("image", c.first_img, 9)
    out: dict[str, Any] = {}
    for field in ("language", "canonical_url", "image", "description", "sitename"):
        ranked = c.ranked(field)
        if ranked:
            out[field] = ranked[0]
    if "language" in out:
        out["language"] = out["language"].replace("_", "-").split("-")[0].lower() or None
    base = doc.url
    for field in ("canonical_url", "image"):
        if field in out and base:
            try:
                out[field] = urljoin(base, out[field])
            except ValueError:
                pass
    titles = c.ranked("title")
    host = settle_title(doc, out, titles, c.headlines, c.logos)

    def declared() -> tuple[list[Any], list[tuple[str, bool]]]:
        # The body's microdata offers an author and a date only (ranked after the head's tags and
        # JSON-LD, as read last): read when one of those fields is first asked for, not for the body.
        read_microdata(doc, c)
        return c.ranked("author"), [(v, r[1] == 2 and r[0] >= _WEAK_LD) for r, v in c.ranked_with_rank("date")]

    out["_shown"] = ShownFields(doc, out, titles, c.headlines, host, declared,
                                (c.thread and not c.faq) or c.posts >= _POSTS)
    if article_body:
        out["_article_body"] = article_body
    return out


def page_metadata(doc: Document) -> dict[str, Any]:
    """:func:`extract_metadata`'s fields for a result (and ``_shown``), without those for an extractor's use."""
    return {k: v for k, v in extract_metadata(doc).items() if k not in ("_heading", "_article_body")}
