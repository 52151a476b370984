"""Page metadata: title, author, dates, language, canonical URL, lead image.

Read from what pages declare - ``<meta>`` (Open Graph, Twitter, Dublin
Core, plain names), ``<link rel>``, JSON-LD, microdata ``itemprop`` and
``<time>`` - in one loop over the document's node arrays. Declared values
win over guesses; the publication date never falls back to a "modified"
date.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator
from urllib.parse import urljoin

import lxml.etree

from ._document import Document, text_content

__all__ = ["extract_metadata", "json_ld_objects", "strip_site_suffix"]

#: Separators between a page title and its site name. A colon only counts
#: when the other side is the site's name (``Brexit: the deal`` stays whole).
_TITLE_SEPARATORS = re.compile(r"\s+(?:\||–|—|-|::|·|»|/)\s+|\s*(?:\||｜|_)\s*(?=\S)")
#: Separators strong enough to strip an outer part that names no known site.
_STRONG_SEPARATOR = re.compile(r"\||｜|\s[–—»·]\s|::|_")
_COLON = re.compile(r"\s*[:：]\s+")
_ISO_DATE = re.compile(r"^(\d{4})-?(\d{2})-?(\d{2})")
_SPACE = re.compile(r"\s+")
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
_METADATA_TAGS = frozenset({"meta", "link", "html", "time", "img", "h1"})
_REL_AUTHOR = ('rel="author"', "rel='author'", "rel=author")
#: Priorities of microdata's author (rel=author: one more) and date, and the key of a missing field.
_MICRODATA_AUTHOR, _MICRODATA_DATE = 6, 3
_NONE = ((99, 9), "")
# One pass over the body (a union of two paths walked it twice); the cheap
# attribute-presence test first.
_MICRODATA = lxml.etree.XPath(
    "//body//*[@itemprop or @rel][((@itemprop='author' or @itemprop='datePublished')"
    " and not(self::meta) and not(self::time)) or (self::a and @rel='author')]")

# meta name/property -> (field, priority); a lower number wins.
_META_FIELDS = {
    "og:title": ("title", 1), "twitter:title": ("title", 3), "dc.title": ("title", 4),
    "author": ("author", 2), "article:author": ("author", 3), "dc.creator": ("author", 4),
    "parsely-author": ("author", 3), "sailthru.author": ("author", 4), "byl": ("author", 5),
    "twitter:creator": ("author", 9),
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
    value = _SPACE.sub(" ", value).strip()
    return value or None


def _norm_date(value: str | None) -> str | None:
    """``YYYY-MM-DD`` when the value starts with an ISO date, else as declared."""
    value = _clean(value)
    if not value:
        return None
    m = _ISO_DATE.match(value)
    if m:
        y, mo, d = m.groups()
        if 1 <= int(mo) <= 12 and 1 <= int(d) <= 31:
            return f"{y}-{mo}-{d}"
    return value


def json_ld_objects(doc: Document) -> Iterator[dict]:
    """Every JSON object in the page's JSON-LD scripts (``@graph`` and lists flattened)."""
    tags, texts = doc.tags, doc.texts
    for i, t in enumerate(tags):
        if t != "script" or not texts[i]:
            continue
        kind = (doc.nodes[i].get("type") or "").lower()
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


def _ld_name(value: Any) -> str | None:
    """A person's or organisation's name from a JSON-LD value (str, dict or list)."""
    if isinstance(value, list):
        names = [n for n in (_ld_name(v) for v in value[:10] if not isinstance(v, list)) if n]
        return ", ".join(dict.fromkeys(names)) or None
    if isinstance(value, dict):
        return _clean(value.get("name"))
    value = _clean(value)
    if value and not value.startswith(("http://", "https://")):
        return value
    return None


def _ld_image(value: Any) -> str | None:
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("url") or value.get("contentUrl")
    return _clean(value)


def _ld_body(obj: dict) -> str | None:
    """The text a JSON-LD object states: ``articleBody`` or ``text``, followed
    by the text of its answers and comments (a question or a forum thread)."""
    parts: list[str] = []
    body = obj.get("articleBody") or obj.get("text")
    if isinstance(body, str) and body.strip():
        parts.append(body.strip())
    for key in ("acceptedAnswer", "suggestedAnswer", "comment"):
        more = obj.get(key)
        if isinstance(more, dict):
            more = [more]
        if isinstance(more, list):
            for item in more[:500]:
                if isinstance(item, dict) and isinstance(item.get("text"), str) and item["text"].strip():
                    parts.append(item["text"].strip())
    return "\n".join(parts) or None


def strip_site_suffix(title: str | None, sitename: str | None = None, host: str | None = None) -> str | None:
    """The title without a leading or trailing site name.

    Splits at ``|``, ``–``, ``—``, `` - `` (and ``:`` only when one side is
    the site's name); keeps the longest part that is not the site name.
    """
    title = _clean(title)
    if not title:
        return None
    names = {_key(sitename)} if sitename else set()
    if host:
        names.add(_key(host.split(".")[-2] if host.count(".") >= 1 else host))
    names.discard("")
    parts = [p for p in _TITLE_SEPARATORS.split(title) if p.strip()]
    if len(parts) > 1:
        kept = [p for p in parts if not _is_site(p, names)]
        if kept and len(kept) < len(parts):
            return max(kept, key=len).strip() if len(kept) > 1 else kept[0].strip()
        # No part names the site: the site name is the short outer part.
        first, last = parts[0], parts[-1]
        if not _STRONG_SEPARATOR.search(title) or min(len(first), len(last)) > 40:
            return title
        if len(last) <= len(first):
            return " ".join(title[: title.rfind(last)].split()).rstrip(" |–—-:·»/_｜") or title
        return " ".join(title[len(first):].split()).lstrip(" |–—-:·»/_｜") or title
    if names:
        cparts = _COLON.split(title, maxsplit=1)
        if len(cparts) == 2:
            if _is_site(cparts[0], names):
                return cparts[1].strip()
            if _is_site(cparts[1], names):
                return cparts[0].strip()
    return title


def _key(s: str) -> str:
    return re.sub(r"[\W_]+", "", s.lower())


def _is_site(part: str, names: set[str]) -> bool:
    k = _key(part)
    if not k:
        return True
    return any(k == n or (len(n) >= 4 and (n in k or k in n) and len(k) <= len(n) + 12) for n in names)


def extract_metadata(doc: Document) -> dict[str, Any]:
    """Metadata fields of the page (absent ones left out).

    Keys: ``title`` (site-name suffix stripped), ``author``, ``date``
    (publication, ``YYYY-MM-DD`` when ISO), ``language``, ``canonical_url``,
    ``image``, ``description``, ``sitename``; and ``_article_body`` (the
    JSON-LD ``articleBody``, for the extractor's use, not a result field).
    """
    # field -> ((priority, source), value). The lower pair wins, the first
    # offer on a tie: sources rank as if read in the order meta and other
    # head tags (0), body microdata (1), JSON-LD (2), which lets the costly
    # microdata lookup go last and be skipped when it cannot win.
    found: dict[str, tuple[tuple[int, int], str]] = {}

    def offer(field: str, value: str | None, prio: int, source: int = 0) -> None:
        value = _clean(value)
        if value and (field not in found or (prio, source) < found[field][0]):
            found[field] = ((prio, source), value)

    tags = doc.tags
    nodes = doc.nodes
    first_img: str | None = None
    first_time: str | None = None
    h1: str | None = None
    body = doc.body
    for i, t in enumerate(tags):
        if t not in _METADATA_TAGS:
            continue
        if t == "meta":
            el = nodes[i]
            key = (el.get("property") or el.get("name") or el.get("itemprop") or el.get("http-equiv") or "").lower()
            spec = _META_FIELDS.get(key.strip())
            if spec:
                value = el.get("content")
                if spec[0] == "author" and value and value.startswith(("http://", "https://")):
                    continue
                offer(spec[0], value, spec[1])
        elif t == "link":
            el = nodes[i]
            rel = (el.get("rel") or "").lower().split()
            if "canonical" in rel:
                offer("canonical_url", el.get("href"), 1)
        elif t == "html":
            offer("language", nodes[i].get("lang") or nodes[i].get("xml:lang"), 1)
        elif t == "time" and i > body:
            el = nodes[i]
            prop = (el.get("itemprop") or "").lower()
            if prop == "datepublished" or el.get("pubdate") is not None:
                offer("date", el.get("datetime") or text_content(el), 2)
            elif first_time is None and "modif" not in prop and "updat" not in (el.get("class") or "").lower():
                first_time = el.get("datetime")
        elif t == "img" and first_img is None and i > body:
            el = nodes[i]
            for attr in _LAZY_SRC:
                v = el.get(attr)
                if v and not v.startswith("data:"):
                    first_img = v.split(",")[0].split()[0] if "srcset" in attr else v
                    break
        elif t == "h1" and h1 is None:
            h1 = _clean(text_content(nodes[i]))

    article_body = None
    for obj in json_ld_objects(doc):
        types = _ld_types(obj)
        if types & _THREAD_TYPES:
            ab = _ld_body(obj)
            if ab and (article_body is None or len(ab) > len(article_body)):
                article_body = ab
        if not types & _ARTICLE_TYPES:
            if types & {"organization", "newsmediaorganization", "website"}:
                offer("sitename", _clean(obj.get("name")), 3, 2)
            continue
        weak = types <= {"webpage", "itempage", "qapage"}
        p = 3 if weak else 0
        offer("title", obj.get("headline") if isinstance(obj.get("headline"), str) else None, 2 + p, 2)
        offer("author", _ld_name(obj.get("author")), 1 + p, 2)
        offer("date", obj.get("datePublished") if isinstance(obj.get("datePublished"), str) else None, 0 + p, 2)
        offer("image", _ld_image(obj.get("image")), 2 + p, 2)
        offer("description", obj.get("description") if isinstance(obj.get("description"), str) else None, 3 + p, 2)
        offer("language", obj.get("inLanguage") if isinstance(obj.get("inLanguage"), str) else None, 2 + p, 2)
        pub = obj.get("publisher")
        if isinstance(pub, dict):
            offer("sitename", _clean(pub.get("name")), 2 + p, 2)
        ab = _ld_body(obj)
        if ab and (article_body is None or len(ab) > len(article_body)):
            article_body = ab
    # Microdata and rel=author anywhere in the body: one XPath (C speed)
    # rather than an attribute lookup on every element; it still visits
    # every element, so only when its author or date could still win and
    # the source mentions itemprop or rel=author.
    src = doc.source or ""
    if (found.get("author", _NONE)[0] > (_MICRODATA_AUTHOR, 1) or found.get("date", _NONE)[0] > (_MICRODATA_DATE, 1)) \
            and doc.root is not None and ("itemprop" in src or any(r in src for r in _REL_AUTHOR)):
        for el in _MICRODATA(doc.root):
            prop = el.get("itemprop")
            if prop == "author":
                offer("author", el.get("content") or text_content(el), _MICRODATA_AUTHOR, 1)
            elif prop == "datePublished":
                offer("date", el.get("content") or el.get("datetime") or text_content(el), _MICRODATA_DATE, 1)
            elif (el.get("rel") or "").lower() == "author":
                offer("author", text_content(el), _MICRODATA_AUTHOR + 1, 1)
    if first_time and "date" not in found:
        offer("date", first_time, 8)
    if first_img and "image" not in found:
        offer("image", first_img, 9)

    out: dict[str, Any] = {k: v for k, (_, v) in found.items()}
    if "date" in out:
        out["date"] = _norm_date(out["date"])
    if "language" in out:
        out["language"] = out["language"].replace("_", "-").split("-")[0].lower() or None
    base = doc.url
    for field in ("canonical_url", "image"):
        if field in out and base:
            try:
                out[field] = urljoin(base, out[field])
            except ValueError:
                pass
    host = None
    if base:
        m = re.match(r"^[a-z][a-z0-9+.-]*://(?:www\.)?([^/:?#]+)", base, re.IGNORECASE)
        host = m.group(1).lower() if m else None
    raw_title = out.get("title") or doc.title or h1
    if raw_title and "title" in out and doc.title and _key(out["title"]) == _key(doc.title):
        raw_title = doc.title
    out["title"] = strip_site_suffix(raw_title, out.get("sitename"), host)
    if not out["title"]:
        out.pop("title")
    if article_body:
        out["_article_body"] = article_body
    return out
