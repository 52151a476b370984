"""The URL a page is read by (:func:`page_url`): the one given, else the one the page declares
for itself (``<link rel="canonical">``, else ``og:url``), for :func:`~scrapy_webclean.extract`
and :func:`~scrapy_webclean.classify` alike (see README, "url is optional")."""

from __future__ import annotations

from itertools import chain

from ._document import Document, usable_url
from ._walk import tag_positions

#: The longest declared URL taken (a megabyte attribute is no URL).
_LONGEST = 2048


def declared_url(doc: Document) -> str | None:
    """The first usable URL (absolute http(s), as urllib can split it) of the page's canonical
    links, else of its ``og:url`` metas; None without one."""
    nodes = doc.nodes
    canonical = (nodes[i].get("href") for i in tag_positions(doc, "link")
                 if "canonical" in (nodes[i].get("rel") or "").lower().split())
    og = (nodes[i].get("content") for i in tag_positions(doc, "meta")
          if (nodes[i].get("property") or nodes[i].get("name") or "").strip().lower() == "og:url")
    for value in chain(canonical, og):  # (the metas read only where no canonical link serves)
        url = (value or "").strip()
        if len(url) <= _LONGEST and url.lower().startswith(("http://", "https://")) and usable_url(url):
            return url
    return None


def page_url(doc: Document, url: str | None) -> str | None:
    """The URL ``doc`` is read by: ``url`` where urllib can split it, else the document's own, else
    the one it declares (:func:`declared_url`). A document without a URL of its own keeps it."""
    given = usable_url(url)
    if doc.url is None:
        doc.url = given or declared_url(doc)
    return given or doc.url
