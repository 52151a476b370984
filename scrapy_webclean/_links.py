"""The links of a parsed page, for a spider that follows them.

A crawl spider reads each page's links to find the next pages, and with
``response.css("a::attr(href)")`` or a ``LinkExtractor`` that means parsing
the page in the reactor process: for a page scrapy-webclean tags anyway that
is a second parse, on the process that downloads. With ``WEBCLEAN_LINKS``
the tagging job, which has parsed the page in a worker already, lists its
links there (:func:`page_links`) and the middleware hands them to the
spider in ``response.meta["webclean_links"]``. An extraction's ``links``
field lists the links its body keeps (:func:`kept_links`), resolved the same way.
"""

from __future__ import annotations

from typing import Callable, Iterable
from urllib.parse import urljoin, urlsplit

from w3lib.html import get_base_url

from ._cache import BoundedCache
from ._deadline import check_deadline
from ._document import usable_url
from ._walk import subtree_text

__all__ = ["page_links", "kept_links", "MAX_LINKS"]

#: Links listed per page at most (the first ones in document order): a
#: hostile page can hold millions of anchors.
MAX_LINKS = 10_000
#: Characters of the page searched for ``<base href>``, as Scrapy's
#: ``get_base_url(response)`` does.
_BASE_WINDOW = 4096
#: (what the result depends on, href) -> joined link without fragment. A
#: site's pages share most of their links (navigation, footers, the same
#: related stories), and urljoin parses both URLs each time: the cache saves
#: most of the work. An absolute href ("https://...", "//host/...") or one
#: from the root ("/news/...") resolves the same against any base of one
#: origin (scheme and host), so it is keyed by the origin, and found again
#: on the site's next page; any other by the whole base. Emptied when full;
#: long URLs are not kept (a hostile page's megabyte hrefs would stay in
#: memory with the cache): at most about 16,384 x 2 kB.
_JOINED: BoundedCache[tuple[str, str], str] = BoundedCache(1 << 14)
_JOINED_MAX_CHARS = 1024


def page_links(doc, url: str | None = None, *, limit: int = MAX_LINKS) -> list[str]:
    """The absolute http(s) URLs of the page's ``<a href>`` and ``<area href>``.

    In document order, each once, at most ``limit``. Each ``href`` is
    stripped of surrounding whitespace and resolved against the page's base
    URL (``<base href>`` when the page has one, else ``url``), as Scrapy's
    ``response.urljoin`` does; the fragment (``#...``) is dropped, since it
    names a place in a page, not another page; links to other schemes
    (``mailto:``, ``javascript:``, ...) are left out.
    """
    root = doc.root
    if root is None or limit <= 0:
        return []
    resolve = _resolver(doc, url)
    links: dict[str, None] = {}
    for n, el in enumerate(root.iter("a", "area")):
        if not n & 1023:
            check_deadline()
        link = resolve(el.get("href"))
        if link and link not in links:
            links[link] = None
            if len(links) >= limit:
                break
    return list(links)


def kept_links(doc, kept: Iterable[int], url: str | None = None, *, limit: int = MAX_LINKS) -> list[dict[str, str]]:
    """The links of the nodes ``kept`` (an extraction's body): ``{"url", "text"}`` for each
    ``<a href>`` among them, resolved as :func:`page_links` resolves them, each URL once (with
    the text of its first link, white space collapsed), in document order, at most ``limit``."""
    if doc.root is None or limit <= 0:
        return []
    resolve = _resolver(doc, url)
    tags, nodes = doc.tags, doc.nodes
    links: dict[str, str] = {}
    for n, i in enumerate(kept):
        if not n & 1023:
            check_deadline()
        if tags[i] != "a":
            continue
        link = resolve(nodes[i].get("href"))
        if link and link not in links:
            links[link] = " ".join(subtree_text(doc, i).split())
            if len(links) >= limit:
                break
    return [{"url": link, "text": text} for link, text in links.items()]


def _resolver(doc, url: str | None) -> Callable[[str | None], str]:
    """A function resolving an ``href`` of ``doc`` (see :func:`page_links`; ``""`` for none)."""
    url = usable_url(url) or ""
    try:
        base = get_base_url(doc.source[:_BASE_WINDOW], url)
    except ValueError:  # a <base href> urllib cannot split (an unclosed IPv6 literal): the page's URL alone
        base = url
    try:
        parts = urlsplit(base)
        origin = f"{parts.scheme}://{parts.netloc}" if base else ""
    except ValueError:
        origin = base  # keyed by the whole base: no sharing, still right
    joined = _JOINED

    def resolve(href: str | None) -> str:
        if not href:
            return ""
        key = (origin if href[0] == "/" or href.startswith(("http://", "https://")) else base, href)
        link = joined.get(key)
        if link is None:
            link = _join(base, href)
            if len(key[0]) + len(href) <= _JOINED_MAX_CHARS:
                joined.put(key, link)
        return link

    return resolve


def _join(base: str, href: str) -> str:
    """``href`` resolved against ``base``, without fragment, or ``""`` for
    an empty href, an unparsable one or one to a scheme other than http(s)."""
    href = href.strip()
    if not href:
        return ""
    try:
        link = urljoin(base, href)
    except ValueError:  # an unparsable URL (a bad IPv6 literal, say)
        return ""
    link = link.partition("#")[0]
    return link if link.startswith(("http://", "https://")) else ""
