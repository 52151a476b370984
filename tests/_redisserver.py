"""A real ``redis-server`` on a free port of 127.0.0.1, for the shared-tree tests.

The server comes from the system (``apt-get install redis-server``; ``.ci/run``
installs it). Tests that need it skip when it is missing, unless
``WEBCLEAN_REQUIRE_REDIS=1`` (set by ``.ci/run``), where they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _missing(reason: str) -> None:
    if os.environ.get("WEBCLEAN_REQUIRE_REDIS") == "1":
        pytest.fail(f"{reason} (WEBCLEAN_REQUIRE_REDIS=1)")
    pytest.skip(reason)


class RedisServer:
    """One redis-server process; :meth:`stop` saves its data, :meth:`start` loads it."""

    def __init__(self, directory: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            _missing("redis-server not found (apt-get install redis-server)")
        try:
            import redis  # noqa: F401
        except ImportError:
            _missing("the redis client is not installed (pip install 'scrapy-webclean[redis]')")
        self.binary = str(binary)
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.directory), "--dbfilename", "dump.rdb", "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = self.client()
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except Exception:  # noqa: BLE001 - not up yet
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)
        client.close()
        return self

    def client(self):
        import redis

        return redis.Redis.from_url(self.url)

    def stop(self, *, save: bool = True) -> None:
        """Shut the server down (saving its data first, as a server with persistence does)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        client = self.client()
        try:
            client.shutdown(save=save, nosave=not save)
        except Exception:  # noqa: BLE001 - the connection closes as it shuts down
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        client.close()
