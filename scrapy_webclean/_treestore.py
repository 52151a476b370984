"""Site style trees shared through Redis by many crawler processes.

:class:`RedisTreeStore` holds, per site, what every process of a
distributed crawl (scrapy-redis) needs to learn the site's tree once:

``<prefix>samples:<site>``
    a list of sampled content pages, pushed by every process, at most
    ``max_samples`` (the first ones kept). A sample is a JSON header
    (``{"url": ..., "encoding": ...}``), a newline, and the zlib-compressed
    body.
``<prefix>lock:<site>``
    the learner's lock (redis-py's :class:`~redis.lock.Lock`), with an
    expiry: a learner that dies is replaced once it runs out.
``<prefix>tree:<site>``
    a hash: ``data`` the tree as gzip-compressed JSON
    (:meth:`~scrapy_webclean.SiteStyleTree.to_dict`, the format of a saved
    tree file), ``v`` its version, ``by`` the process that learned it
    (``host:pid``, also the start of its lock's token), ``at`` when (Unix time).
    Published once (a Lua script refuses a second publication); the
    version comes from ``<prefix>version:<site>``, which only grows.

Nothing read from Redis is unpickled or evaluated: a tree is JSON checked
field by field by :meth:`~scrapy_webclean.SiteStyleTree.from_dict`, a
sample is a JSON header and zlib data, and both are decompressed within a
bound. Every Redis error surfaces as :class:`StoreDown`.
"""

from __future__ import annotations

import gzip
import json
import os
import socket
import time
import uuid
import zlib
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from .errors import SiteTreeError, WebcleanError

if TYPE_CHECKING:
    from .sitestyletree import SiteStyleTree

__all__ = ["RedisTreeStore", "StoreDown", "encode_tree", "decode_tree", "store_url", "describe_url"]

#: Key prefix of everything the store writes.
PREFIX = "webclean:sst:"
#: Largest tree accepted from the store, decompressed (bytes of JSON).
MAX_TREE_BYTES = 256 << 20
#: Seconds to connect to Redis, and to wait for an answer: the store is used
#: from the crawl's reactor thread, so an unreachable server must fail fast.
CONNECT_TIMEOUT = 1.0
READ_TIMEOUT = 5.0
_SCHEMES = ("redis://", "rediss://", "unix://")

# KEYS: tree hash, version counter; ARGV: data, learner, time. Returns the new
# version, or minus the version already published.
_PUBLISH = """
if redis.call('HEXISTS', KEYS[1], 'data') == 1 then
  return -tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
end
local v = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], 'data', ARGV[1], 'v', v, 'by', ARGV[2], 'at', ARGV[3])
return v
"""
# KEYS: samples list; ARGV: sample, bound. Returns the list's length.
_ADD_SAMPLE = """
local n = redis.call('LLEN', KEYS[1])
if n >= tonumber(ARGV[2]) then return n end
return redis.call('RPUSH', KEYS[1], ARGV[1])
"""


class StoreDown(WebcleanError):
    """The store's Redis server could not be reached or did not answer."""


def describe_url(url: str) -> str:
    """``url`` without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def store_url(store: str, redis_url: str | None) -> str | None:
    """The Redis URL trees are shared through, or ``None`` for files.

    ``store`` is ``WEBCLEAN_SST_STORE``: ``"files"``, a Redis URL, or empty
    for scrapy-redis's ``REDIS_URL`` when that is set. Raises ``ValueError``
    for anything else.
    """
    store = (store or "").strip()
    if store == "files" or (not store and not redis_url):
        return None
    url = store or str(redis_url)
    if not url.startswith(_SCHEMES):
        raise ValueError(f"{url!r} is neither 'files' nor a redis://, rediss:// or unix:// URL")
    return url


def encode_tree(tree: SiteStyleTree) -> bytes:
    """A :class:`~scrapy_webclean.SiteStyleTree` as the store keeps it."""
    data = json.dumps(tree.to_dict(), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return gzip.compress(data, compresslevel=6, mtime=0)


def _inflate(data: bytes, limit: int, wbits: int) -> bytes:
    """Decompress at most ``limit`` bytes; ``ValueError`` past it or when cut short."""
    inflater = zlib.decompressobj(wbits)
    out = inflater.decompress(data, limit + 1)
    if len(out) > limit:
        raise ValueError(f"larger than {limit} bytes decompressed")
    if not inflater.eof:
        raise ValueError("compressed data cut short")
    return out


def decode_tree(data: bytes, *, limit: int = MAX_TREE_BYTES) -> SiteStyleTree:
    """The :class:`~scrapy_webclean.SiteStyleTree` in ``data`` (from
    :func:`encode_tree`). Raises :class:`~scrapy_webclean.errors.SiteTreeError`
    for anything else: not gzip, too large, not JSON, not a tree, another
    format version or presentation key, inconsistent."""
    from .sitestyletree import SiteStyleTree

    if not isinstance(data, bytes) or data[:2] != b"\x1f\x8b":
        raise SiteTreeError(f"not a gzip-compressed site style tree (starts with {bytes(data[:8])!r})")
    try:
        raw = json.loads(_inflate(data, limit, 16 + zlib.MAX_WBITS).decode("utf-8"))
    except (zlib.error, ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise SiteTreeError(f"not a site style tree: {exc}") from None
    return SiteStyleTree.from_dict(raw)


def encode_sample(packed: bytes, url: str, encoding: str | None) -> bytes:
    header = json.dumps({"url": url, "encoding": encoding}, ensure_ascii=True).encode("ascii")
    return header + b"\n" + packed


def decode_sample(raw: bytes, limit: int) -> tuple[bytes, str, str | None]:
    """``(zlib-compressed body, url, encoding)``; ``ValueError`` when ``raw``
    is no sample or its body is over ``limit`` bytes."""
    header, sep, packed = raw.partition(b"\n")
    if not sep:
        raise ValueError("no header")
    meta = json.loads(header.decode("ascii"))
    if not (isinstance(meta, dict) and isinstance(meta.get("url"), str)
            and (meta.get("encoding") is None or isinstance(meta.get("encoding"), str))):
        raise ValueError("header is not {url, encoding}")
    try:
        _inflate(packed, limit, zlib.MAX_WBITS)
    except zlib.error as exc:
        raise ValueError(f"body: {exc}") from None
    return packed, meta["url"], meta.get("encoding")


class RedisTreeStore:
    """Trees, samples and learners' locks of every site, in one Redis server.

    Every method may raise :class:`StoreDown`; ``round_trips`` counts the
    requests sent (a pipeline counts once).
    """

    def __init__(self, url: str, *, lock_timeout: float, max_samples: int, max_page_bytes: int,
                 prefix: str = PREFIX) -> None:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.url = url
        self.where = describe_url(url)
        self.prefix = prefix
        self.lock_timeout = lock_timeout
        self.max_samples = max_samples
        self.max_page_bytes = max_page_bytes
        self.learner = f"{socket.gethostname()}:{os.getpid()}"
        self.round_trips = 0
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._lock_error: type[BaseException] = redis.exceptions.LockError
        # No retries: an error means "down" to the caller, which retries later.
        self.client = redis.Redis.from_url(url, socket_connect_timeout=CONNECT_TIMEOUT,
                                           socket_timeout=READ_TIMEOUT, retry=Retry(NoBackoff(), 0))
        self._publish = self.client.register_script(_PUBLISH)
        self._add_sample = self.client.register_script(_ADD_SAMPLE)

    def _key(self, kind: str, site: str) -> str:
        return f"{self.prefix}{kind}:{site}"

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        self.round_trips += 1
        try:
            return fn(*args, **kwargs)
        except self._lock_error:
            raise
        except self._errors as exc:
            raise StoreDown(f"Redis at {self.where}: {type(exc).__name__}: {exc}") from None

    def ping(self) -> None:
        self._call(self.client.ping)

    def _per_site(self, sites: list[str], kinds: tuple[str, ...]) -> list[Any]:
        """The replies of one pipeline: per site, per kind (``tree``: its
        version, ``lock``: whether it exists, ``samples``: how many)."""
        if not sites:
            return []
        commands = {"tree": lambda pipe, key: pipe.hget(key, "v"), "lock": lambda pipe, key: pipe.exists(key),
                    "samples": lambda pipe, key: pipe.llen(key)}

        def run() -> list[Any]:
            with self.client.pipeline(transaction=False) as pipe:
                for site in sites:
                    for kind in kinds:
                        commands[kind](pipe, self._key(kind, site))
                return pipe.execute()

        return self._call(run)

    def poll(self, sites: list[str]) -> list[tuple[int | None, bool, int]]:
        """Per site: ``(published version or None, a learner holds the lock, samples)``."""
        replies = self._per_site(sites, ("tree", "lock", "samples"))
        return [(_version(replies[i]), bool(replies[i + 1]), int(replies[i + 2]))
                for i in range(0, len(replies), 3)]

    def versions(self, sites: list[str]) -> list[int | None]:
        """The published version of each site's tree (``None``: none)."""
        return [_version(v) for v in self._per_site(sites, ("tree",))]

    def fetch(self, site: str) -> tuple[int, bytes] | None:
        """``(version, encoded tree)`` of the site's published tree, or ``None``."""
        version, data = self._call(self.client.hmget, self._key("tree", site), ["v", "data"])
        if data is None:
            return None
        return _version(version) or 0, data

    def add_sample(self, site: str, packed: bytes, url: str, encoding: str | None) -> int:
        """Push one sample (unless the site has ``max_samples``); the count after."""
        return int(self._call(self._add_sample, keys=[self._key("samples", site)],
                              args=[encode_sample(packed, url, encoding), self.max_samples]))

    def samples(self, site: str) -> tuple[list[tuple[bytes, str, str | None]], int]:
        """The site's samples, and how many were refused as malformed."""
        raw = self._call(self.client.lrange, self._key("samples", site), 0, self.max_samples - 1)
        good, bad = [], 0
        for item in raw:
            try:
                good.append(decode_sample(item, self.max_page_bytes))
            except (ValueError, UnicodeDecodeError):
                bad += 1
        return good, bad

    def clear_samples(self, site: str) -> None:
        self._call(self.client.delete, self._key("samples", site))

    def lock(self, site: str) -> Any:
        """The site's learner lock, held by this process, or ``None`` when another holds it."""
        lock = self.client.lock(self._key("lock", site), timeout=self.lock_timeout, blocking=False,
                                thread_local=False)
        # The token names the learner (host:pid), for whoever looks at Redis.
        return lock if self._call(lock.acquire, token=f"{self.learner}:{uuid.uuid4().hex}") else None

    def extend(self, lock: Any) -> bool:
        """Restart the lock's expiry; ``False`` when it had already expired."""
        from redis.exceptions import LockError

        try:
            self._call(lock.reacquire)
        except LockError:
            return False
        return True

    def release(self, lock: Any) -> None:
        from redis.exceptions import LockError

        try:
            self._call(lock.release)
        except LockError:  # expired meanwhile: nothing to release
            pass

    def publish(self, site: str, data: bytes) -> tuple[int, bool]:
        """Publish the site's tree once: ``(version, True)``, or the version
        already published and ``False``. Clears the site's samples."""
        reply = int(self._call(self._publish, keys=[self._key("tree", site), self._key("version", site)],
                               args=[data, self.learner, repr(time.time())]))
        self.clear_samples(site)
        return abs(reply), reply > 0

    def close(self) -> None:
        try:
            self.client.close()
        except self._errors:
            pass


def _version(raw: Any) -> int | None:
    if raw is None:
        return None
    try:
        return int(raw)
    except (TypeError, ValueError):
        return 0  # a foreign value: a tree, refused when loaded
