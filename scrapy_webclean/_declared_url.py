"""The URL a page declares for itself (``<link rel="canonical">``, else ``og:url``): what
:func:`~scrapy_webclean.extract` and :func:`~scrapy_webclean.classify` read the page by when
they are given none (see README, "url is optional")."""

from __future__ import annotations

from ._document import Document, usable_url
from ._walk import positions

#: The longest declared URL taken (a megabyte attribute is no URL).
_LONGEST = 2048


def declared_url(doc: Document) -> str | None:
    """The first absolute http(s) URL the page's canonical links or ``og:url`` metas give, in
    document order (a canonical link first where both come at once: the page's own name), else None."""
    tags, nodes = doc.tags, doc.nodes
    found: list[tuple[int, int, str]] = []
    for i in positions(tags, "link"):
        el = nodes[i]
        if "canonical" in (el.get("rel") or "").lower().split():
            found.append((0, i, el.get("href") or ""))
    for i in positions(tags, "meta"):
        el = nodes[i]
        if (el.get("property") or el.get("name") or "").strip().lower() == "og:url":
            found.append((1, i, el.get("content") or ""))
    for _, _, value in sorted(found):
        url = value.strip()
        if len(url) <= _LONGEST and url.lower().startswith(("http://", "https://")) and usable_url(url):
            return url
    return None
