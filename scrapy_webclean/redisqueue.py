"""A scrapy-redis request queue that loses no request when a crawler process dies.

scrapy-redis's queues pop a request out of Redis for good: a process killed
with requests taken but not finished (in its downloader, its spider callback
or its item pipelines) takes them with it. :class:`ReliablePriorityQueue`
is scrapy-redis's :class:`~scrapy_redis.queue.PriorityQueue` with the
standard reliable-queue pattern of Redis::

    SCHEDULER_QUEUE_CLASS = "scrapy_webclean.redisqueue.ReliablePriorityQueue"

- A pop moves the request, in one Lua script, from the queue (the sorted set
  ``<key>``) into this process's in-flight hash ``<key>:inflight:<process>``
  (the request as stored, with its score), and renews the process's lease:
  its score in the sorted set ``<key>:leases`` is the time its lease runs
  out, ``WEBCLEAN_QUEUE_LEASE`` seconds after its last pop or heartbeat
  (every third of the lease).
- A request is acknowledged (removed from the in-flight hash, with the next
  pop or heartbeat) once Scrapy's engine has let go of it: the engine holds
  the request it took from the scheduler until the response's callback has
  run, the items it yielded have gone through every item pipeline and the
  requests it yielded are queued; a redirect or retry is queued before the
  request it replaces is let go. The scheduler interface has no "done"
  call, so a weak reference tells (:func:`weakref.finalize`); once the engine
  is idle (and when the spider closes) every request this process took is done.
- An idle process stays open (its spider still reads start URLs) while
  other processes hold requests: they may yield more, or die holding them.
- Every pop and heartbeat first puts back, in the same script, the in-flight
  requests of every process whose lease has run out, exactly as they were
  stored (not through the dupefilter, which has seen them), and forgets that
  process. A Lua script runs alone: two processes finding the same dead one
  put its requests back once.

:class:`ReliableScheduler` is scrapy-redis's scheduler whose dupefilter check
and push are one script: a process killed between the two would leave a new
request marked seen and never queued.

A process whose requests were put back while it was still alive (stalled
longer than its lease) goes on; its requests may then be crawled twice,
never lost. Delivery is at least once: a request whose items were written
but not yet acknowledged when its process died is crawled again.
"""

from __future__ import annotations

import itertools
import logging
import os
import secrets
import socket
import weakref
from typing import Any

from scrapy import signals
from scrapy.exceptions import DontCloseSpider
from scrapy_redis.queue import PriorityQueue
from scrapy_redis.scheduler import Scheduler

from .settings import _above_zero

__all__ = ["ReliablePriorityQueue", "ReliableScheduler"]

logger = logging.getLogger(__name__)

#: Acknowledgements sent in one script at most (Lua's unpack() has a limit).
MAX_ACKS = 1000

# KEYS: queue, leases, this process's in-flight hash. ARGV: in-flight key
# prefix, this process, lease (ms), token to pop a request under ('' for
# none), tokens acknowledged. Returns {1 if this process was not in the
# leases, requests put back, the request popped or false}.
_STEP = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local new = redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])
local moved = 0
for _, dead in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  local held = ARGV[1] .. dead
  for _, entry in ipairs(redis.call('HVALS', held)) do
    local cut = string.find(entry, ' ', 1, true)
    redis.call('ZADD', KEYS[1], string.sub(entry, 1, cut - 1), string.sub(entry, cut + 1))
    moved = moved + 1
  end
  redis.call('DEL', held)
  redis.call('ZREM', KEYS[2], dead)
end
if #ARGV > 4 then
  redis.call('HDEL', KEYS[3], unpack(ARGV, 5))
end
local popped = false
if ARGV[4] ~= '' then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if #first > 0 then
    redis.call('ZREMRANGEBYRANK', KEYS[1], 0, 0)
    redis.call('HSET', KEYS[3], ARGV[4], first[2] .. ' ' .. first[1])
    popped = first[1]
  end
end
return {new, moved, popped}
"""

# KEYS: leases, this process's in-flight hash. ARGV: in-flight key prefix,
# this process. Acknowledges all of this process's requests, and returns how
# many the others hold (done or not, or to be put back).
_IDLE = """
redis.call('DEL', KEYS[2])
local n = 0
for _, other in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if other ~= ARGV[2] then
    n = n + redis.call('HLEN', ARGV[1] .. other)
  end
end
return n
"""


# KEYS: queue, dupefilter. ARGV: fingerprint, score, request. Queues the
# request if the dupefilter had not seen it; returns 1 if so.
_PUSH_NEW = """
if redis.call('SADD', KEYS[2], ARGV[1]) == 0 then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
return 1
"""


def _looping_call(func: Any) -> Any:
    try:
        from scrapy.utils.asyncio import create_looping_call  # Scrapy 2.14+
    except ImportError:  # pragma: no cover - older Scrapy
        from twisted.internet.task import LoopingCall

        return LoopingCall(func)
    return create_looping_call(func)


class ReliablePriorityQueue(PriorityQueue):
    """scrapy-redis's priority queue, with in-flight requests leased and put
    back when their process's lease runs out (see the module's documentation)."""

    def __init__(self, server: Any, spider: Any, key: str, serializer: Any = None) -> None:
        super().__init__(server, spider, key, serializer)
        crawler = spider.crawler
        self.crawler = crawler
        self.lease = _above_zero(crawler.settings, "WEBCLEAN_QUEUE_LEASE")
        self.process = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.leases_key = f"{self.key}:leases"
        self.inflight_prefix = f"{self.key}:inflight:"
        self.inflight_key = self.inflight_prefix + self.process
        self._step = server.register_script(_STEP)
        self._idle = server.register_script(_IDLE)
        self._push_new = server.register_script(_PUSH_NEW)
        self._tokens = itertools.count(1)
        self._done: list[str] = []  # tokens of requests let go of, not yet acknowledged in Redis
        self._joined = False
        self._heartbeat: Any = None
        crawler.signals.connect(self._start_heartbeat, signals.spider_opened)
        crawler.signals.connect(self.spider_idle, signals.spider_idle)
        crawler.signals.connect(self.close, signals.spider_closed)

    # -- the queue interface scrapy-redis's scheduler uses ----------------------

    def pop(self, timeout: int = 0) -> Any:
        """The first request of the queue, now held by this process, or ``None``."""
        token = str(next(self._tokens))
        data = self._call(token)
        if not data:
            return None
        try:
            request = self._decode_request(data)
        except Exception:
            logger.error("Dropped a request that could not be decoded from %s", self.key, exc_info=True)
            self._done.append(token)
            return None
        # The engine holds the request until it is done with it (see the module).
        weakref.finalize(request, self._done.append, token).atexit = False
        return request

    def push_new(self, request: Any, dupefilter_key: str, fingerprint: str) -> bool:
        """Mark the request seen in the dupefilter and queue it, in one
        script, unless it was seen: whether it was queued."""
        return bool(self._push_new(keys=[self.key, dupefilter_key],
                                   args=[fingerprint, -request.priority, self._encode_request(request)]))

    def clear(self) -> None:
        """Forget the queue and every process's in-flight requests."""
        held = [self.inflight_prefix + p.decode() for p in self.server.zrange(self.leases_key, 0, -1)]
        self.server.delete(self.key, self.leases_key, *held)

    # -- leases --------------------------------------------------------------

    def heartbeat(self) -> None:
        """Renew the lease, acknowledge what is done, put back the requests of dead processes."""
        try:
            self._call("")
        except Exception as exc:  # noqa: BLE001 - Redis down: the next beat tries again
            logger.debug("Request queue heartbeat failed: %s", exc)

    def spider_idle(self, spider: Any = None) -> None:
        """The engine is idle: every request this process took is done. It
        stays open (:class:`~scrapy.exceptions.DontCloseSpider`) while other
        processes hold requests: they may yield more, or die holding them."""
        del self._done[:]
        try:
            others = int(self._idle(keys=[self.leases_key, self.inflight_key],
                                    args=[self.inflight_prefix, self.process]))
        except Exception as exc:  # noqa: BLE001 - Redis down: scrapy-redis's own checks decide
            logger.debug("Request queue idle check failed: %s", exc)
            return
        if others:
            logger.debug("Idle, but other crawler processes hold %d requests of %s", others, self.key)
            raise DontCloseSpider

    def close(self, spider: Any = None, reason: str = "") -> None:
        """The spider closed: the engine has finished every request it took."""
        if self._heartbeat is not None and self._heartbeat.running:
            self._heartbeat.stop()
        try:
            pipe = self.server.pipeline()
            pipe.delete(self.inflight_key).zrem(self.leases_key, self.process).execute()
        except Exception as exc:  # noqa: BLE001 - Redis down: the lease runs out and another puts them back
            logger.warning("Could not release this process's requests in %s: %s", self.key, exc)

    def _start_heartbeat(self, spider: Any = None) -> None:
        self._heartbeat = _looping_call(self.heartbeat)
        self._heartbeat.start(self.lease / 3, now=False)

    def _call(self, token: str) -> bytes | None:
        acks = self._done[:MAX_ACKS]
        new, moved, popped = self._step(
            keys=[self.key, self.leases_key, self.inflight_key],
            args=[self.inflight_prefix, self.process, int(self.lease * 1000), token, *acks])
        del self._done[:len(acks)]
        if new and self._joined:
            logger.warning("This process's lease on its requests in %s ran out: another process put them back "
                           "in the queue (they may be crawled twice)", self.key)
            self.crawler.stats.inc_value("webclean/queue/lease_lost")
        self._joined = True
        if moved:
            logger.warning("Put back %d requests held by crawler processes whose lease ran out", moved)
            self.crawler.stats.inc_value("webclean/queue/requeued", moved)
        return popped or None


class ReliableScheduler(Scheduler):
    """scrapy-redis's scheduler, whose dupefilter check and queue push are one
    script with :class:`ReliablePriorityQueue` and scrapy-redis's dupefilter:
    a process killed between the two would leave a request marked seen and
    never queued (and one round trip per new request less)."""

    def enqueue_request(self, request: Any) -> bool:
        push_new = getattr(self.queue, "push_new", None)
        key = getattr(self.df, "key", None)
        if push_new is None or not isinstance(key, str):
            return bool(super().enqueue_request(request))
        if request.dont_filter:
            self.queue.push(request)
        elif not push_new(request, key, self.df.request_fingerprint(request)):
            self.df.log(request, self.spider)
            return False
        if self.stats:
            self.stats.inc_value("scheduler/enqueued/redis")
        return True
