"""``scrapy webclean URL_OR_FILE``: print what the pipeline would extract.

In the habit of ``scrapy fetch`` and ``scrapy parse``: a URL is downloaded
with the project's settings (and the spider that handles it, or ``--spider``);
a file (``.gz`` too, ``-`` for stdin) is read as is. The page is tagged hub
or content and extracted with the project's ``WEBCLEAN_EXTRACTOR``,
``WEBCLEAN_EXTRACTOR_OPTIONS`` and the site style tree saved for its host in
``WEBCLEAN_SST_DIR``, if any. The summary goes to stderr, the extracted
content (``--format``) to stdout.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from scrapy.commands import ScrapyCommand
from scrapy.exceptions import UsageError
from scrapy.http import Request
from scrapy.utils.datatypes import SequenceExclude
from scrapy.utils.project import data_path
from scrapy.utils.response import response_status_message
from scrapy.utils.spider import DefaultSpider, spidercls_for_request
from w3lib.url import is_url

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace
    from collections.abc import AsyncIterator

    from scrapy import Spider
    from scrapy.http import Response
    from twisted.python.failure import Failure

FORMATS = ("text", "html", "markdown", "json")


class Command(ScrapyCommand):
    def syntax(self) -> str:
        return "[options] <url|file>"

    def short_desc(self) -> str:
        return "Print the clean content scrapy-webclean extracts from a URL or a saved page"

    def long_desc(self) -> str:
        return (
            "Download a URL with the Scrapy downloader (or read a saved page; '-' reads stdin), tag it hub or"
            " content, and print what the scrapy-webclean pipeline would extract from it, with the project's"
            " WEBCLEAN_* settings and the site style tree saved for the page's host. The summary goes to"
            " stderr, the content to stdout."
        )

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument("--spider", dest="spider", help="use this spider to download the URL")
        parser.add_argument("--extractor", dest="extractor", help="extractor (default: WEBCLEAN_EXTRACTOR)")
        parser.add_argument("--format", dest="format", choices=FORMATS, default="text",
                            help="output: text (default), html, markdown or json")
        parser.add_argument("--encoding", dest="encoding", help="charset of a file (default: detected)")
        parser.add_argument("--url", dest="url", help="the URL a file was saved from (finds its site style tree)")
        parser.add_argument("--no-sst", dest="no_sst", action="store_true",
                            help="do not use a saved site style tree")

    def run(self, args: list[str], opts: Namespace) -> None:
        if len(args) != 1:
            raise UsageError
        target = args[0]
        if is_url(target):
            self._fetch(target, opts)
            return
        try:
            body = sys.stdin.buffer.read() if target == "-" else Path(target).read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read {target}: {exc.strerror or exc}", print_help=False) from None
        if target.endswith(".gz"):
            body = gzip.decompress(body)
        self._print(body, opts.url, opts.encoding, opts)

    def _fetch(self, url: str, opts: Namespace) -> None:
        # dont_webclean: the project's middleware would tag the page in the
        # worker pool; here it is done once, inline, in the callback.
        request = Request(url, callback=self._on_response, errback=self._on_error, cb_kwargs={"opts": opts},
                          dont_filter=True,
                          meta={"dont_webclean": True,
                                "handle_httpstatus_list": SequenceExclude(range(300, 400))})
        spidercls: type[Spider] = DefaultSpider
        assert self.crawler_process
        loader = self.crawler_process.spider_loader
        spidercls = loader.load(opts.spider) if opts.spider else spidercls_for_request(loader, request, spidercls)

        async def start(self: Spider) -> AsyncIterator[Any]:
            yield request

        spidercls.start = start  # type: ignore[method-assign]
        self.crawler_process.crawl(spidercls)
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1

    def _on_response(self, response: Response, opts: Namespace) -> None:
        from ..crawl import http_charset

        status = response_status_message(response.status)
        if not 200 <= response.status < 300:
            # An error page is the server's page about the error, not the
            # content asked for: say so rather than print it as content.
            print(f"webclean: {response.url} answered HTTP {status}: not extracted", file=sys.stderr)
            self.exitcode = 1
            return
        try:
            self._print(response.body, response.url, opts.encoding or http_charset(response), opts, status)
        except UsageError as exc:
            print(f"webclean: {exc}", file=sys.stderr)
            self.exitcode = 2

    def _on_error(self, failure: Failure) -> None:
        request = getattr(failure, "request", None)
        url = request.url if request is not None else "the URL"
        print(f"webclean: cannot download {url}: {failure.getErrorMessage()}", file=sys.stderr)
        self.exitcode = 1

    def _print(self, body: bytes, url: str | None, encoding: str | None, opts: Namespace,
               status: str | None = None) -> None:
        from .. import SiteStyleTree, classify, extract
        from ..errors import WebcleanError
        from ..crawl import tree_filename
        from .._overrides import extract_options
        from ..settings import webclean_config

        assert self.settings is not None
        try:
            config = webclean_config(self.settings)
        except WebcleanError as exc:
            raise UsageError(str(exc), print_help=False) from None
        extractor = opts.extractor or config.extractor
        tree, tree_note = None, "none"
        host = (urlsplit(url).hostname or "").lower() if url else ""
        options = extract_options(config, extractor, host)
        if host and config.sst_enabled and not opts.no_sst:
            path = Path(data_path(config.sst_dir)) / tree_filename(host)
            if path.is_file():
                try:
                    tree = SiteStyleTree.load(path)
                    tree_note = f"{path} ({tree.pages} pages)"
                except WebcleanError as exc:
                    tree_note = f"{path} unreadable: {exc}"
        kind = classify(body, url, encoding=encoding)
        try:
            result = extract(body, url, encoding=encoding, extractor=extractor, site_tree=tree, **options)
        except WebcleanError as exc:
            raise UsageError(str(exc), print_help=False) from None
        if status is not None:
            print(f"status: HTTP {status}", file=sys.stderr)
        print(f"page type: {kind.kind} (score {kind.score:.3g})\nextractor: {result.extractor}\n"
              f"site style tree: {tree_note}\ntitle: {result.title}\ntext: {len(result.text)} characters",
              file=sys.stderr)
        if opts.format == "json":
            out = {**result.to_dict(), "page_type": kind.kind, "page_score": kind.score}
            print(json.dumps(out, ensure_ascii=False, indent=2))
        else:
            print(result.render(opts.format))
