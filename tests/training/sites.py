"""The site of a corpus page, for site-grouped folds.

A page's site is the registrable part of its URL host (``news.bbc.co.uk``
and ``www.bbc.co.uk`` are one site). Some corpora give a placeholder host
(``http://unknown/...``) for pages of many sites; there the page names its
site itself: its canonical URL (``<link rel=canonical>``, ``og:url``), else
the host its absolute links point to most often, leaving out the hosts of
share buttons, ads, analytics and CDNs. A page that names none is put with
the other unnamed pages of its corpus (one group: the cautious choice).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from urllib.parse import urlsplit

_CANONICAL = (re.compile(rb"<link[^>]+rel=[\"']?canonical[\"']?[^>]*>", re.I),
              re.compile(rb"<meta[^>]+property=[\"']og:url[\"'][^>]*>", re.I))
_URL = re.compile(rb"(?:href|content)=[\"']?(https?://[^\"'\s>]+)", re.I)
_THIRD_PARTY = ("facebook.", "twitter.", "google", "doubleclick", "addthis", "w3.org", "feedburner", "digg.com",
                "stumbleupon", "reddit.com", "linkedin", "youtube", "yahoo.com", "apple.com", "adobe.com",
                "schema.org", "gravatar", "wordpress.org", "creativecommons", "technorati", "delicious",
                "icio.us", "sharethis", "statcounter", "quantserve", "scorecardresearch", "akamai",
                "cloudfront", "amazonaws", "gmpg.org", "ogp.me", "purl.org", "microsoft.com", "macromedia.com",
                "adtech.", "2mdn.net", "atdmt.com", "revsci.net", "imrworldwide", "chartbeat", "outbrain",
                "taboola")
#: Second-level labels under a country code that are not a site's own (co.uk, com.au).
_GENERIC = frozenset({"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go"})
_PLACEHOLDER = "unknown"


def registrable(host: str) -> str:
    """``host`` cut to the name a site registers (``bbc.co.uk``, ``nfl.com``)."""
    parts = host.lower().strip(".").split(".")
    if len(parts) >= 3 and parts[-2] in _GENERIC and len(parts[-1]) == 2:
        return ".".join(parts[-3:])
    return ".".join(parts[-2:])


def _host(url: str) -> str:
    return urlsplit(url).hostname or ""


def named_site(raw: bytes) -> str | None:
    """The site a page names: its canonical URL's, else its links' most common one."""
    head = raw[:200_000]
    for pattern in _CANONICAL:
        tag = pattern.search(head)
        url = _URL.search(tag.group(0)) if tag else None
        if url and _host(url.group(1).decode("latin-1")):
            return registrable(_host(url.group(1).decode("latin-1")))
    hosts: Counter[str] = Counter()
    for url in _URL.findall(head):
        host = _host(url.decode("latin-1"))
        if host and not any(name in host for name in _THIRD_PARTY):
            hosts[registrable(host)] += 1
    return hosts.most_common(1)[0][0] if hosts else None


def site_of(corpus: str, record: dict, raw: bytes) -> str:
    host = _host(record.get("url") or "")
    if host and host != _PLACEHOLDER:
        return registrable(host)
    return named_site(raw) or f"{corpus}:{_PLACEHOLDER}"


def site_bucket(site: str, salt: str, buckets: int) -> int:
    """The bucket of ``site`` among ``buckets`` by an MD5 hash of ``salt:site`` (of ``site`` alone where
    ``salt`` is empty): for splits by site that stay the same from run to run."""
    key = f"{salt}:{site}" if salt else site
    return int(hashlib.md5(key.encode("utf-8")).hexdigest(), 16) % buckets
