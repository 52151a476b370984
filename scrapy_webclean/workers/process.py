"""The worker process of :class:`~scrapy_webclean.workers.pool.WorkerPool`, the
parent's handle on it, and the errors a job's worker reports.

A worker is a fresh interpreter started with a socket to its parent: it
runs the jobs it is sent (module-level functions, pickled by name) and
keeps the site style trees it was sent in a small LRU. It ignores Ctrl-C
(the parent decides when it stops) and never outlives the parent (see
:func:`_die_with_parent`).
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Hashable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..errors import WebcleanError

#: Trees a worker process keeps (least recently used are dropped first).
WORKER_TREE_CACHE = 64
#: Seconds a closing worker gets to exit before it is killed.
_EXIT_GRACE = 2.0


class WorkerCrashed(WebcleanError):
    """A worker process died while running a job (it has been replaced)."""


class JobError(WebcleanError):
    """A job raised in the worker; ``kind`` is the exception's class name."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}" if message else kind)
        self.kind = kind


def _die_with_parent(parent: int) -> None:
    """End this worker when the process that started it ends, however it ends.

    An idle worker sees its socket close; a busy one would run its page to
    the end (minutes, gigabytes) with no one to answer to. On Linux the
    kernel kills it (``PR_SET_PDEATHSIG``); elsewhere a thread checks the
    parent every second.
    """
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # no libc to ask: the thread below does it
            pass
    if parent and os.getppid() != parent:  # the parent died before we asked
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    if parent:
        threading.Thread(target=watch, name="webclean-parent-watch", daemon=True).start()


def _import_modules(imports: str) -> None:
    """Import the modules the parent's extractors came from (``imports``: the JSON of
    :func:`worker_imports`), with the parent's module search path after this one's.
    One that fails is said on stderr; jobs asking for its extractors then fail by name."""
    given = json.loads(imports) if imports else {}
    sys.path.extend(p for p in given.get("path", ()) if p not in sys.path)
    for name in given.get("modules", ()):
        try:
            importlib.import_module(name)
        except Exception as exc:  # any error of the module's own code
            print(f"webclean worker: cannot import extractor module {name!r}: {type(exc).__name__}: {exc}",
                  file=sys.stderr, flush=True)


def worker_imports(modules: list[str]) -> str:
    """What a worker is started with to import ``modules`` (see :func:`_import_modules`): their names
    and the parent's module search path, where they were found (a Scrapy project's directory)."""
    return json.dumps({"path": [p or os.getcwd() for p in sys.path], "modules": modules}) if modules else ""


def _serve(conn: Any, niceness: int = 0, parent: int = 0, imports: str = "") -> None:
    """Worker process main loop: run jobs from ``conn`` until told to stop."""
    # Ctrl-C reaches the whole process group; the parent decides when we stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(parent)
    _import_modules(imports)
    if niceness > 0 and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: run at the parent's priority
            pass
    trees: OrderedDict[Hashable, Any] = OrderedDict()
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        fn, args, kwargs, tree_key, tree = msg
        if tree_key is not None:
            if tree is not None:
                trees[tree_key] = tree
                while len(trees) > WORKER_TREE_CACHE:
                    trees.popitem(last=False)
            elif tree_key not in trees:
                conn.send(("need_tree",))
                continue
            trees.move_to_end(tree_key)
            kwargs = {**kwargs, "site_tree": trees[tree_key]}
        try:
            answer: tuple[Any, ...] = ("ok", fn(*args, **kwargs))
        except Exception as exc:  # reported to the parent, which logs and counts it
            answer = ("error", type(exc).__name__, str(exc)[:500])
        try:
            conn.send(answer)
        except Exception as exc:  # an unpicklable result
            conn.send(("error", type(exc).__name__, str(exc)[:500]))


def _rss(pid: int) -> int:
    """Resident memory of process ``pid`` in bytes (0 where /proc is not there)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE_SIZE
    except (OSError, ValueError, IndexError):
        return 0


_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _package_root() -> str:
    return str(Path(__file__).resolve().parents[2])


class _Worker:
    """One worker process and the parent's end of its socket.

    The worker is a fresh interpreter (``python -c``), not a
    :mod:`multiprocessing` child: those re-import the parent's ``__main__``
    module, and a crawl script without an ``if __name__ == "__main__"``
    guard would start its crawl again in every worker. The two ends talk
    through :class:`multiprocessing.connection.Connection` over a socket
    pair (pickled messages, ``poll`` with a timeout).
    """

    def __init__(self, niceness: int = 0, imports: str = "") -> None:
        ours, theirs = socket.socketpair()
        env = dict(os.environ)
        # The worker imports this very package, wherever it was imported from.
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_package_root(), env.get("PYTHONPATH")) if p)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", _WORKER_MAIN, str(theirs.fileno()), str(niceness), str(os.getpid()), imports],
                pass_fds=(theirs.fileno(),), env=env, stdin=subprocess.DEVNULL,
            )
        finally:
            theirs.close()
        self.conn = Connection(ours.detach())
        self.trees: set[Hashable] = set()
        # The pool's close and a pool thread replacing this worker may stop
        # it at the same time: one of them does it, once.
        self._stop_lock = threading.Lock()
        self._stopped = False

    def ask_to_stop(self) -> None:
        """Tell an idle worker to exit (a busy one reads it after its job)."""
        with self._stop_lock:
            if self._stopped:
                return
            try:
                self.conn.send(None)
            except (OSError, ValueError):  # dead already, or the connection closed
                pass

    def stop(self, *, kill: bool = False, grace: float = _EXIT_GRACE) -> None:
        """End the process (waiting ``grace`` s unless ``kill``); never raises
        for a worker dead or stopped already, and stops it once."""
        with self._stop_lock:
            if self._stopped:
                return
            self._stopped = True
            if not kill:
                try:
                    self.conn.send(None)
                    self.process.wait(grace)
                except (OSError, ValueError, subprocess.TimeoutExpired):
                    pass
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            try:
                self.conn.close()
            except OSError:
                pass


_WORKER_MAIN = (
    "import sys; from multiprocessing.connection import Connection; "
    "from scrapy_webclean.workers.process import _serve; "
    "_serve(Connection(int(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])"
)
