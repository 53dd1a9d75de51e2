"""What `make bench` and `make load` share: a production-like environment (DEBUG off, a throw-away
SQLite database, or PostgreSQL when DATABASE_URL is set), gunicorn (or uvicorn, for the live
streams) started on it, matches made and cloned, and two load generators speaking plain HTTP/1.1
from the standard library.

wrk is not installed here, so the load comes from Python: closed loops (processes, each sending
its next request as soon as the last one is answered: the most the server serves) for
throughput, and an open schedule (non-blocking sockets in one loop per process: requests sent at
their time whether or not the earlier ones were answered) for latency under a given load. The
generators share the 2 cores with the server, so the figures are a floor for the server on its own.
"""

from __future__ import annotations

import http.client
import multiprocessing
import os
import secrets
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
Request = tuple[str, str, dict[str, str], bytes | None]  # method, path, headers, body


def django_ready() -> str:
    """Set the production-like environment, start Django in this process and migrate; the
    database's description. A DATABASE_URL already set (PostgreSQL) is used as it is."""
    if not os.environ.get("DATABASE_URL"):
        tmp = tempfile.mkdtemp(prefix="scorebook-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ["DJANGO_DEBUG"] = "0"  # production-like: no debug query log
    os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "0"  # the clients speak plain HTTP
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))  # production refuses to start without
    os.environ.setdefault("SCOREBOOK_RATE_USER", "off")  # measured here: the server, not the throttle
    os.environ.setdefault("SCOREBOOK_RATE_IMPORT", "off")
    os.environ["DJANGO_SETTINGS_MODULE"] = "scorebook.settings"
    import django

    django.setup()
    from django.core.management import call_command

    warnings.filterwarnings("ignore", "No directory at", UserWarning)  # WhiteNoise before collectstatic
    call_command("migrate", verbosity=0)
    url = os.environ["DATABASE_URL"]
    return "PostgreSQL" if url.startswith("postgres") else "SQLite (a file in a temporary folder)"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _Server:
    """A server process started on a free port: static files collected first (the manifest storage
    needs them), then *command*, waited for until it answers /healthz/; terminated on exit."""

    name = "the server"
    ready_within = 30.0  # seconds

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def command(self) -> tuple[list[str], dict[str, str]]:
        raise NotImplementedError

    def __enter__(self) -> Any:
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, check=True)
        argv, env = self.command()
        self.process = subprocess.Popen(argv, cwd=ROOT, env=env)
        deadline = time.monotonic() + self.ready_within
        while time.monotonic() < deadline:
            try:
                if get(self.port, "/healthz/")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.2)
        self.__exit__()
        raise RuntimeError(f"{self.name} did not answer /healthz/ within {self.ready_within:.0f} s")

    def __exit__(self, *exc: Any) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def pids(self) -> set[int]:
        """The server's processes: the one started, its workers, and what they started."""
        if self.process is None:
            return set()
        pids, found = {self.process.pid}, True
        while found:
            found = False
            for entry in os.listdir("/proc"):
                stat = _stat(entry) if entry.isdigit() and int(entry) not in pids else []
                if len(stat) > 1 and stat[1].isdigit() and int(stat[1]) in pids:  # its parent is one of them
                    pids.add(int(entry))
                    found = True
        return pids

    def rss_kib(self) -> int:
        """The resident memory of the server's processes."""
        return sum(int(line.split()[1]) for pid in self.pids() for line in _proc(pid, "status").splitlines()
                   if line.startswith("VmRSS:"))

    def cpu_seconds(self) -> float:
        """The processor time the server's processes have used so far (user and system)."""
        ticks = sum(int(stat[11]) + int(stat[12]) for stat in map(_stat, self.pids())  # utime, stime: proc(5)
                    if len(stat) > 12)
        return ticks / os.sysconf("SC_CLK_TCK")


def _proc(pid: int | str, name: str) -> str:
    """/proc/<pid>/<name>, or nothing if the process is gone."""
    try:
        with open(f"/proc/{pid}/{name}", encoding="ascii", errors="replace") as text:
            return text.read()
    except OSError:
        return ""


def _stat(pid: int | str) -> list[str]:
    """The fields of /proc/<pid>/stat after the command's name (state, parent, …), or none."""
    return _proc(pid, "stat").rsplit(")", 1)[-1].split()


class Gunicorn(_Server):
    """gunicorn serving the project with *workers* sync workers on a free port, in the environment
    ``django_ready`` set; static files collected first (the manifest storage needs them).
    *settings*: another settings module than the environment's."""

    name = "gunicorn"

    def __init__(self, workers: int = 2, settings: str | None = None):
        super().__init__()
        self.workers = workers
        self.settings = settings

    def command(self) -> tuple[list[str], dict[str, str]]:
        return ([sys.executable, "-m", "gunicorn", "scorebook.wsgi:application", "--workers", str(self.workers),
                 "--worker-class", "sync", "--bind", f"127.0.0.1:{self.port}", "--log-level", "warning"],
                dict(os.environ) | ({"DJANGO_SETTINGS_MODULE": self.settings} if self.settings else {}))


class Uvicorn(_Server):
    """uvicorn serving ``scorebook.asgi`` (the pages, the API and the live streams) with *workers*
    processes on a free port, in the environment ``django_ready`` set; static files collected first.
    More than one worker needs CACHE_URL: the live streams of one process hear another's writes
    through Redis only."""

    name = "uvicorn"
    ready_within = 60.0

    def __init__(self, workers: int = 1):
        super().__init__()
        self.workers = workers

    def command(self) -> tuple[list[str], dict[str, str]]:
        return ([sys.executable, "-m", "uvicorn", "scorebook.asgi:application", "--workers", str(self.workers),
                 "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning", "--no-access-log",
                 "--lifespan", "off", "--backlog", "4096"], dict(os.environ))



def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


# ---------------------------------------------------------------- what the load is made of


def owner_with_credentials(username: str = "bench") -> tuple[Any, dict[str, str], dict[str, str]]:
    """A user, the headers of a signed-in browser (the session cookie) and of a phone (its token)."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.authtoken.models import Token

    user, _created = get_user_model().objects.get_or_create(username=username)
    browser = Client()
    browser.force_login(user)
    session = {"Cookie": f"sessionid={browser.cookies['sessionid'].value}"}
    token = {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}",
             "Content-Type": "application/json"}
    return user, session, token


def cloned(match: Any, copies: int) -> list[int]:
    """*copies* matches like *match*, its deals and history included, stored as the import stores
    a match (``services.match_restored``): their ids."""
    from scorebook import services
    from scorebook.models import Revision
    from scorebook.selectors import current_sheet, match_options

    deals = [{"number": deal.number, "entry": deal.entry, "voided": deal.voided}
             for deal in match.deals.order_by("number")]
    history = [{"number": r.deal.number, "kind": r.kind, "entry": r.entry}
               for r in Revision.objects.filter(match=match).select_related("deal").order_by("id")]
    new = services.NewMatch(match.game, list(match.players), match.first_dealer, match.preset,
                            match_options(match), match.name)
    return [services.match_restored(owner=match.owner, new=new, deals=deals, history=history,
                                    sheet=current_sheet(match)).pk for _copy in range(copies)]


# ---------------------------------------------------------------- closed loops: throughput


def _loop(port: int, make: Callable[[int, int], Request], worker: int, seconds: float,
          out: Any) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    done = errors = 0
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    while (start := time.perf_counter()) < deadline:
        method, path, headers, body = make(worker, done)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            ok = response.status < 400
            if response.will_close:  # gunicorn's sync workers close after every answer
                connection.close()
        except (OSError, http.client.HTTPException):
            connection.close()
            ok = False
        latencies.append(time.perf_counter() - start)
        done += 1
        errors += not ok
    out.put((done, errors, latencies))


def throughput(port: int, make: Callable[[int, int], Request], seconds: float = 6.0,
               clients: int = 4) -> dict[str, float]:
    """Requests per second the server answers to *clients* closed loops; ``make(worker, n)`` is
    client *worker*'s n-th request. Errors (a status ≥ 400 or a dropped connection) are counted."""
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    workers = [context.Process(target=_loop, args=(port, make, w, seconds, out)) for w in range(clients)]
    for worker in workers:
        worker.start()
    results = [out.get() for _worker in workers]
    for worker in workers:
        worker.join()
    done = sum(r[0] for r in results)
    latencies = sorted(t for r in results for t in r[2])
    return {"rps": done / seconds, "errors": sum(r[1] for r in results), "requests": done,
            "median_ms": statistics.median(latencies) * 1000 if latencies else 0.0}


# ---------------------------------------------------------------- an open schedule: latency under load


@dataclass(frozen=True)
class Timed:
    at: float  # seconds after the start
    key: Any  # what to send, made into a request at that time (a poll asks since the version it saw)


def _request_bytes(request: Request) -> bytes:
    method, path, headers, body = request
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close",
             *(f"{k}: {v}" for k, v in headers.items())]
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


Make = Callable[[Any], Request]
React = Callable[[Any, int, bytes], None]
TIMEOUT = 30.0  # seconds: a request unanswered by then counts as failed


@dataclass
class _Exchange:
    """One request on its own connection, from connecting to the server closing it."""

    item: Timed
    sock: socket.socket
    request: bytes
    sent: float  # seconds after the start
    answer: bytearray


def _open_worker(port: int, schedule: Sequence[Timed], make: Make, react: React, out: Any) -> None:
    """Send *schedule*'s requests at their times, each on a new connection (gunicorn's sync workers
    close it after one answer), from one loop over non-blocking sockets: asyncio's streams cost
    ~360 µs of CPU a request here, as much as a third of what the server spends on a poll, and the
    generator shares the machine's cores with it; this loop costs a fraction of that. Puts
    (lateness, latency, status) of every request on *out*."""
    items = sorted(schedule, key=lambda item: item.at)
    selector = selectors.DefaultSelector()
    results: list[tuple[float, float, int]] = []
    waiting: dict[int, _Exchange] = {}
    start = time.perf_counter()
    due = 0
    swept = 0.0

    def finish(exchange: _Exchange, status: int, content: bytes, now: float) -> None:
        selector.unregister(exchange.sock)
        exchange.sock.close()
        del waiting[id(exchange)]
        results.append((exchange.sent - exchange.item.at, now - exchange.sent, status))
        react(exchange.item.key, status, content)

    while due < len(items) or waiting:
        now = time.perf_counter() - start
        while due < len(items) and items[due].at <= now:
            item = items[due]
            due += 1
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", port))  # in progress: writable once connected (or failed)
            exchange = _Exchange(item, sock, _request_bytes(make(item.key)), now, bytearray())
            waiting[id(exchange)] = exchange
            selector.register(sock, selectors.EVENT_WRITE, exchange)
        wait = items[due].at - (time.perf_counter() - start) if due < len(items) else 0.05
        for key, _mask in selector.select(min(max(wait, 0.0), 0.05)):
            exchange = key.data
            now = time.perf_counter() - start
            try:
                if exchange.request:  # connecting or sending
                    if exchange.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                        raise ConnectionRefusedError
                    exchange.request = exchange.request[exchange.sock.send(exchange.request):]
                    if not exchange.request:
                        selector.modify(exchange.sock, selectors.EVENT_READ, exchange)
                    continue
                chunk = exchange.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                finish(exchange, 0, b"", now)
                continue
            if chunk:
                exchange.answer += chunk
                continue
            head, _sep, content = bytes(exchange.answer).partition(b"\r\n\r\n")
            try:
                status = int(head.split(b" ", 2)[1])
            except (IndexError, ValueError):
                status = 0
            finish(exchange, status, content, now)
        now = time.perf_counter() - start
        if now - swept > 1.0:  # once a second: what waited too long failed
            swept = now
            for exchange in [e for e in waiting.values() if now - e.sent > TIMEOUT]:
                finish(exchange, 0, b"", now)
    selector.close()
    out.put(results)


def open_load(port: int, schedules: Sequence[Sequence[Timed]], make: Make,
              react: React) -> list[tuple[float, float, int]]:
    """Send each schedule from its own process at the times it gives, each request made by
    ``make(key)`` when it is due; (lateness, latency, status) of every request. *react* sees each
    answer in the process that sent it."""
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    workers = [context.Process(target=_open_worker, args=(port, s, make, react, out)) for s in schedules]
    for worker in workers:
        worker.start()
    results = [item for _worker in workers for item in out.get()]
    for worker in workers:
        worker.join()
    return results


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
