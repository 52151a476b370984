"""The public functions: :func:`extract` and :func:`available_extractors`."""

from __future__ import annotations

import json
from typing import Any

from ._comments import comments_text, extract_comments
from ._deadline import DEFAULT_TIME_LIMIT, check_deadline
from ._deadline import time_limit as _time_limit
from ._declared_url import page_url
from ._document import MAX_BODY_SIZE, Document, SiteCleaner, load_document
from ._meta_title import browser_title
from ._metadata import page_metadata
from ._rules import Rules, apply_drop, body_selection, compile_rules, rule_fields
from .extractors import Extractor, available_extractors, get_extractor, resolve_options
from .extractors._consensus import found_nothing
from .extractors._thread_comments import thread_comments
from ._language import detect_language, language_targets
from ._links import kept_links
from ._render import DEFAULT_RENDER, BlockSelection, NodeSelection, RenderOptions, Selection, kept_mask
from ._walk import tag_positions
from .errors import InvalidOptionError, SiteTreeError

__all__ = ["extract", "available_extractors", "ExtractResult", "load_document"]

#: Metadata fields an extractor may fill (``None`` when unknown).
METADATA_FIELDS = ("author", "authors", "date", "language", "canonical_url", "image", "description", "sitename")
#: Those settled from the page's visible text, on first access (see ``ExtractResult``).
SHOWN_FIELDS = ("author", "authors", "date")
_PLAIN_FIELDS = tuple(f for f in METADATA_FIELDS if f not in SHOWN_FIELDS and f != "language")


class ExtractResult:
    """What :func:`extract` returns.

    ``text`` (str), ``title`` (str or None), ``html`` (the kept content as
    clean HTML), ``markdown``, ``links`` (the body's links: ``[{"url", "text"}]``,
    absolute, each URL once), ``extractor`` (the name that ran), ``url``,
    ``encoding`` (charset the body was decoded with), metadata fields
    (``author``, ``authors``, ``date``, ``language``, ``canonical_url``,
    ``image``, ``description``, ``sitename``; ``None`` when unknown) and,
    when asked for with the ``comments`` option, ``comments`` (the reader
    comments' text, one paragraph each; ``""`` when none) and
    ``comment_items`` (``[{"author", "date", "text"}]``, each comment once).
    ``text``, ``html``, ``markdown`` and ``links`` are rendered on first access, and
    ``author``, ``authors``, ``date`` and ``language`` settled on first
    access (the first three read the page's whole visible text, which the
    body and the title do not need; the language is detected in ``text``).
    """

    __slots__ = ("extractor", "title", "url", "encoding", "comments", "comment_items", "render_options", "_selection",
                 "_text", "_html", "_markdown", "_links", "_shown", "_shown_values", "_language",
                 "_declared_language", *_PLAIN_FIELDS)
    # The plain metadata fields (set from _PLAIN_FIELDS in __init__).
    canonical_url: str | None
    image: str | None
    description: str | None
    sitename: str | None

    def __init__(self, selection: Selection, *, extractor: str, title: str | None, url: str | None,
                 encoding: str | None, render_options: RenderOptions = DEFAULT_RENDER, **metadata: Any) -> None:
        self._selection = selection
        self.render_options = render_options
        self._text: str | None = None
        self._html: str | None = None
        self._markdown: str | None = None
        self._links: list[dict[str, str]] | None = None
        self.extractor = extractor
        self.title = title
        self.url = url
        self.encoding = encoding
        self.comments = metadata.pop("comments", "") or ""
        self.comment_items = metadata.pop("comment_items", None) or []
        #: What settles author, authors and date when first read (``_meta_shown.ShownFields``).
        self._shown = metadata.pop("_shown", None)
        self._shown_values = {name: metadata.pop(name) for name in SHOWN_FIELDS if name in metadata}
        for name in _PLAIN_FIELDS:
            setattr(self, name, metadata.pop(name, None))
        self._declared_language: str | None = metadata.pop("language", None)
        self._language: str | None = None
        if metadata:
            raise TypeError(f"unknown metadata field(s): {', '.join(sorted(metadata))}")

    def _shown_field(self, name: str) -> Any:
        values = self._shown_values
        if name not in values:
            values[name] = self._shown.get(name) if self._shown is not None else None
        return values[name]

    @property
    def author(self) -> str | None:
        return self._shown_field("author")

    @author.setter
    def author(self, value: str | None) -> None:
        self._shown_values["author"] = value

    @property
    def authors(self) -> list[str] | None:
        return self._shown_field("authors")

    @authors.setter
    def authors(self, value: list[str] | None) -> None:
        self._shown_values["authors"] = value

    @property
    def date(self) -> str | None:
        return self._shown_field("date")

    @date.setter
    def date(self, value: str | None) -> None:
        self._shown_values["date"] = value

    @property
    def language(self) -> str | None:
        """The language detected in ``text``, else the page's declared one."""
        if self._language is None:
            self._language = detect_language(self.text) or self._declared_language or ""
        return self._language or None

    @language.setter
    def language(self, value: str | None) -> None:
        self._language = value or ""

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = self._selection.text(self.render_options)
        return self._text

    @property
    def html(self) -> str:
        if self._html is None:
            self._html = self._selection.html(self.render_options)
        return self._html

    @property
    def markdown(self) -> str:
        if self._markdown is None:
            self._markdown = self._selection.markdown(self.render_options)
        return self._markdown

    @property
    def links(self) -> list[dict[str, str]]:
        """The links the body keeps, ``[{"url", "text"}]`` (see :func:`~scrapy_webclean._links.kept_links`);
        none for a body read as text (a JSON-LD ``articleBody``)."""
        if self._links is None:
            self._links = []
            selection = self._selection
            if isinstance(selection, NodeSelection) and not selection.doc.is_empty:
                doc, root = selection.doc, selection.root
                kept = kept_mask(doc, root, selection.skip_mask(self.render_options))
                anchors = (i for i in tag_positions(doc, "a", root, doc.end[root]) if kept[i])
                self._links = kept_links(doc, anchors, doc.url)
        return self._links

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain JSON-ready values."""
        out = {"url": self.url, "title": self.title, "text": self.text, "html": self.html,
               "markdown": self.markdown, "links": self.links, "extractor": self.extractor, "encoding": self.encoding,
               "comments": self.comments, "comment_items": self.comment_items}
        for name in METADATA_FIELDS:
            out[name] = getattr(self, name)
        return out

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    def render(self, fmt: str) -> str:
        """The result as ``text``, ``html``, ``markdown`` or ``json``."""
        if fmt == "text":
            return self.text
        if fmt == "html":
            return self.html
        if fmt in ("markdown", "md"):
            return self.markdown
        if fmt == "json":
            return self.to_json()
        raise ValueError(f"unknown output format {fmt!r}; use text, html, markdown or json")

    def __repr__(self) -> str:
        return f"<ExtractResult extractor={self.extractor!r} title={self.title!r} text={len(self.text)} chars>"


def extract(body: Any, url: str | None = None, *, encoding: str | None = None, extractor: str = "auto",
            site_tree: SiteCleaner | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT,
            max_body_size: int | None = MAX_BODY_SIZE, reference_date: Any = None, target_language: Any = None,
            include_tables: bool = True,
            include_links: bool = True, include_images: bool = True, include_formatting: bool = True,
            rules: Any = None, **options: Any) -> ExtractResult:
    """Extract the main content of one page.

    ``body`` is the response body (bytes, or str when already decoded);
    ``encoding`` the HTTP charset when known. ``extractor`` names one of
    :func:`available_extractors`; ``options`` are that extractor's options.
    With ``site_tree`` (a :class:`SiteStyleTree`), the page is first cleaned
    of the site's template and the extractor runs on what is left.

    Raises :class:`~scrapy_webclean.errors.UnknownExtractorError` or
    :class:`~scrapy_webclean.errors.InvalidOptionError` (both ``ValueError``)
    for a bad name or option. Bad pages never raise: an empty or unreadable
    page gives an empty result.

    Limits (see the README's "Bad input"): the parse, the extractor and the
    rendering of ``text`` run within ``time_limit`` seconds (default 15;
    ``None`` for none) or raise :class:`~scrapy_webclean.errors.ExtractionTimeout`;
    a body larger than ``max_body_size`` bytes (default 10 MiB; ``None`` for
    no limit) raises :class:`~scrapy_webclean.errors.BodyTooLargeError`;
    a body that is neither bytes-like nor str raises
    :class:`~scrapy_webclean.errors.InvalidBodyError`. All are
    :class:`~scrapy_webclean.errors.WebcleanError` (``ValueError``).

    ``include_tables``, ``include_links``, ``include_images`` and
    ``include_formatting`` (all true by default) choose what ``text``,
    ``html`` and ``markdown`` keep: tables (in all three), images (HTML and
    Markdown), links and bold/italic/code markup (HTML and Markdown; off:
    their text only).

    ``language`` is the language of the text found (detected: see
    :mod:`scrapy_webclean._language`), else the page's declared one. With
    ``target_language`` (a code such as ``"en"``, or a list of them), a page
    in another language gives an empty result (its ``language`` set).

    ``rules`` (a dict of XPath expressions: ``body``, ``drop``, ``title``,
    ``author``, ``date``; see ``docs/rules.md``) fixes what the generic
    extractors get wrong on a site: ``drop`` leaves elements out before
    anything runs, ``body`` gives the body (no extractor runs: ``extractor``
    is ``"rules"``), the others a field. An expression that selects nothing
    on a page leaves that part to the extractor.

    ``reference_date`` (a ``date``, ``datetime`` or ISO string: when the
    page was fetched) dates a page that shows only a relative date ("3 days
    ago", "昨天"); without it such a date is not read.

    >>> r = extract(b"<html><title>T</title><body><p>Hello there, reader.</p></body></html>",
    ...             extractor="link_density")
    >>> r.title, r.text
    ('T', 'Hello there, reader.')
    """
    cls = get_extractor(extractor)
    opts = resolve_options(cls, options)
    compiled = compile_rules(rules)
    targets = language_targets(target_language)
    render = RenderOptions(*(_flag(name, value) for name, value in (
        ("include_tables", include_tables), ("include_links", include_links), ("include_images", include_images),
        ("include_formatting", include_formatting))))
    with _time_limit(time_limit):
        result = _extract(cls, opts, body, url, encoding, site_tree, max_body_size, reference_date, compiled)
        result.render_options = render
        # Render the text under the limit too; html and markdown stay lazy,
        # and so does the language when no target asks for it now.
        _ = result.text
    if targets and result.language and result.language.split("-")[0] not in targets:
        return ExtractResult(BlockSelection([]), extractor=result.extractor, title=result.title, url=url,
                             encoding=result.encoding, language=result.language)
    return result


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidOptionError(f"invalid value {value!r} for {name!r}: expected True or False")
    return value


def _extract(cls: type[Extractor], opts: dict[str, Any], body: Any, url: str | None, encoding: str | None,
             site_tree: SiteCleaner | None,
             max_body_size: int | None, reference_date: Any = None, rules: Rules | None = None) -> ExtractResult:
    page = load_document(body, url, encoding=encoding, max_body_size=max_body_size)
    page_url(page, url)
    if site_tree is None and cls.needs_site_tree:
        raise SiteTreeError(f"extractor {cls.name!r} needs a site_tree (a learned SiteStyleTree)")
    doc = page if site_tree is None else page.cleaned(site_tree, fields=cls.template_fields)
    doc = _prepared(doc, rules, reference_date)
    if doc.is_empty:
        return ExtractResult(NodeSelection(doc), extractor=cls.name, title=None, url=url, encoding=doc.encoding)
    name, selection, meta = _select(cls, opts, doc, rules)
    if site_tree is not None and not cls.needs_site_tree and found_nothing(selection.text()):
        # The site's tree took the body too (a page it misread): the page as it came, untouched.
        doc = _prepared(page, rules, reference_date)
        name, selection, meta = _select(cls, opts, doc, rules)
    check_deadline()
    roots = meta.pop("_comment_roots", [])
    if opts.get("comments"):
        # Read apart from the body's selection: each comment once, without the comment form; where
        # the page marks up none as the comments field knows them, those of the threads auto found.
        found = extract_comments(doc) or thread_comments(doc, roots)
        meta["comments"], meta["comment_items"] = comments_text(found), found
    fields = rule_fields(doc, rules) if rules is not None else {}
    title = meta.pop("title") if "title" in meta else browser_title(doc.title)
    result = ExtractResult(selection, extractor=name, title=fields.pop("title", title), url=url,
                           encoding=doc.encoding, **meta)
    for field, value in fields.items():  # author, authors, date: over what the page shows
        setattr(result, field, value)
    return result


def _prepared(doc: Document, rules: Rules | None, reference_date: Any) -> Document:
    """``doc`` without what the rules drop, and dated from ``reference_date`` when given."""
    if rules is not None:
        doc = apply_drop(doc, rules)
    if reference_date is not None:
        doc.memo["reference_date"] = reference_date
    return doc


def _select(cls: type[Extractor], opts: dict[str, Any], doc: Document,
            rules: Rules | None) -> tuple[str, Selection, dict[str, Any]]:
    """The extractor's name, body and metadata on ``doc``: the rules' body when they give one
    (no extractor runs; the page's metadata read as ``auto`` reads it), else the extractor's."""
    ruled = body_selection(doc, rules) if rules is not None else None
    if ruled is not None:
        return "rules", ruled, page_metadata(doc)
    out = cls().select(doc, opts)
    return cls.name, out.selection, out.metadata
