"""The page behind a response or an item: :class:`PageSource`.

:class:`ItemSources` is the table of the page each scraped item came from,
filled by :class:`~scrapy_webclean.spidermiddlewares.pagesource.PageSourceMiddleware`
and emptied by :class:`~scrapy_webclean.pipelines.extraction.ExtractionPipeline`
(they share it through the crawler's coordinator).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scrapy.http import HtmlResponse, TextResponse
from scrapy.utils.httpobj import urlparse_cached
from w3lib.encoding import http_content_type_encoding

from .._overrides import skips

if TYPE_CHECKING:
    from scrapy.http import Response

    from .plans import Extracted

__all__ = ["ItemSources", "PageSource", "http_charset", "is_html", "page_source"]

#: Request meta keys the page-type middleware writes and the page source reads.
EXTRACTED_KEY = "_webclean_extracted"
FAILED_KEY = "_webclean_failed"


@dataclass(slots=True, frozen=True)
class PageSource:
    """What the extraction pipeline needs to know about an item's page.

    ``encoding`` is the charset of the HTTP ``Content-Type`` header (the
    extractor's decoder also reads BOMs and ``<meta>``, and decodes GB2312 as
    GB18030, so it is given the declared charset rather than Scrapy's guess).
    ``site`` is the host the page's site style tree is kept under.
    """

    url: str
    body: bytes
    encoding: str | None
    site: str
    is_html: bool
    page_type: str | None
    page_score: float | None
    dont_webclean: bool
    #: the request's ``webclean_extractor`` and ``webclean`` meta keys, as given
    extractor: Any
    webclean: Any = None
    #: what the page-type middleware extracted from the parse it tagged the
    #: page with, and with which plan (see Coordinator.tagging_plan)
    extracted: Extracted | None = None
    #: ``(kind, reason)`` when tagging the page timed out or crashed a worker
    failed: tuple[str, str] | None = None


def is_html(response: Response) -> bool:
    """Whether ``response`` is an HTML page (by its class or Content-Type)."""
    if isinstance(response, HtmlResponse):
        return True
    if not isinstance(response, TextResponse):
        return False
    ctype = (response.headers.get(b"Content-Type") or b"").lower()
    return b"html" in ctype


def http_charset(response: Response) -> str | None:
    """The charset of the response's ``Content-Type`` header, if it names one."""
    ctype = response.headers.get(b"Content-Type")
    return http_content_type_encoding(ctype.decode("latin-1")) if ctype else None


def page_source(response: Response, meta: dict[str, Any] | None = None) -> PageSource:
    """The :class:`PageSource` of ``response``.

    ``meta`` is the request's meta, for a downloader middleware (where the
    response is not tied to its request yet); by default ``response.meta``.
    """
    if meta is None:
        meta = response.meta
    return PageSource(
        url=response.url,
        body=response.body,
        encoding=http_charset(response),
        site=(urlparse_cached(response).hostname or "").lower(),
        is_html=is_html(response),
        page_type=meta.get("webclean_page_type"),
        page_score=meta.get("webclean_page_score"),
        dont_webclean=skips(meta),
        extractor=meta.get("webclean_extractor"),
        webclean=meta.get("webclean"),
        extracted=meta.get(EXTRACTED_KEY),
        failed=meta.get(FAILED_KEY),
    )


class ItemSources:
    """The page each item came from, until the pipeline takes it.

    Keyed by ``id(item)``; the item is kept with its entry so its id cannot
    be reused by another object while the entry lives.
    """

    def __init__(self) -> None:
        self._sources: dict[int, tuple[Any, PageSource]] = {}

    def note(self, item: Any, source: PageSource) -> None:
        self._sources[id(item)] = (item, source)

    def pop(self, item: Any) -> PageSource | None:
        """The page ``item`` came from (forgotten here), or ``None``."""
        entry = self._sources.get(id(item))
        if entry is None or entry[0] is not item:
            return None
        del self._sources[id(item)]
        return entry[1]

    def __len__(self) -> int:
        return len(self._sources)
