"""`make load`: how many live tables one machine holds on the live streams (server-sent events).

A live table is a 1000 match with 4 phones. Each phone holds the match page's live stream
(``GET /live/matches/<id>/?parts=match``, scorebook/web/streams.py), whose event for a new version
carries the new sheet, undo, the entry form drawn anew and the totals, as the page swaps them in; an
event with the version alone (a match in confirmation mode) is fetched as the page does (``GET
/matches/<id>/sheet/?since=<the version it showed>&entry=fresh``: its untouched entry form drawn anew
too; the phone that wrote has it already). About once a minute one of the phones enters a deal
(``POST /api/matches/<id>/deals/``); each table starts at a random moment of that minute.

Served as docs/deploy.md says: the pages and the API by gunicorn (LOAD_WORKERS sync workers, two
per core by default), the streams by uvicorn (ASGI; LOAD_STREAM_WORKERS processes, one per core by default),
each write published to the streams through Redis: CACHE_URL must name one (a database of its own:
the benchmark flushes nothing, but fills it). The number of
tables is ramped (LOAD_LEVELS, default 50,100,200: this machine is shared; on a quiet one,
``LOAD_LEVELS=500,1000,2000``), up to the first level not held. Per level: the match page of each
table new to the level opened once (as the phones open it when the players sit down: what it renders
of the sheet is kept; not timed), every stream opened
(at most LOAD_OPENING at once), the server's memory read once they are open and idle (its
resident memory over the number of streams: the cost of an idle stream), then LOAD_SECONDS (default
60) of writes, a few seconds for the last events, and every stream closed.

A level is held when nothing failed (every stream opened and stayed open, every write answered 201,
every phone heard every version and showed it), the writes' 95th percentile is under 200 ms and
the delivery's under 1 s. Delivery: from the moment the write was sent to the moment a phone heard
its version ("event") and, for the three other phones, had the new sheet, with the event or fetched ("shown": what the
player sees). The client is one asyncio process (uvloop) on the same cores as the server.
The result goes into docs/performance.md (its "Capacity" section; `make bench` keeps it).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvloop

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import run, serving  # noqa: E402
from referee.games import thousand  # noqa: E402

WRITE_EVERY = 60.0
PHONES = 4
GOAL_WRITE_P95_MS = 200.0
GOAL_DELIVERY_P95_MS = 1000.0
START_DEALS = 20
GRACE = 5.0  # seconds after the last write for its events to arrive
IDLE = 3.0  # seconds the streams stay idle before the memory is read
EVENT_LIMIT = 1 << 22  # bytes an event may weigh (the parts of a long match's new version)


def levels() -> list[int]:
    wanted = os.environ.get("LOAD_LEVELS") or "50,100,200"
    return [int(n) for n in wanted.split(",") if n]


def tables_for(count: int) -> tuple[list[int], dict[str, str], dict[str, str], list[bytes]]:
    """*count* matches (a 20-deal match, cloned), the phones' credentials (the owner's session and
    token), and the deals to enter (JSON bodies, in order after the 20th)."""
    from scorebook import services

    raw = [thousand.dump_entry(entry) for _n, entry in run.thousand_match(START_DEALS + 200)]
    user, session, token = serving.owner_with_credentials("load")
    match = services.match_create(owner=user, game="thousand", players=["Аня", "Борис", "Вика"],
                                  first_dealer=run.FIRST_DEALER, preset="classic")
    for entry in raw[:START_DEALS]:
        services.deal_record(match=match, entry=entry, author=user)
    match.refresh_from_db()
    ids = [match.pk, *serving.cloned(match, count - 1)]
    return ids, session, token, [json.dumps({"entry": entry}).encode() for entry in raw]


# ---------------------------------------------------------------- the client


def request_bytes(method: str, path: str, headers: dict[str, str], body: bytes | None = None,
                  close: bool = True) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", *(["Connection: close"] if close else []),
             *(f"{k}: {v}" for k, v in headers.items()),
             *([f"Content-Length: {len(body)}"] if body is not None else [])]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


async def exchange(port: int, method: str, path: str, headers: dict[str, str],
                   body: bytes | None = None) -> tuple[int, bytes]:
    """One request on its own connection: (status, body); status 0 when it failed."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(request_bytes(method, path, headers, body))
        answer = await asyncio.wait_for(reader.read(), 30)
        writer.close()
    except (OSError, TimeoutError):
        return 0, b""
    head, _sep, content = answer.partition(b"\r\n\r\n")
    try:
        return int(head.split(b" ", 2)[1]), content
    except (IndexError, ValueError):
        return 0, b""


@dataclass
class Level:
    """What one level measured."""

    tables: int
    opened: int = 0
    dropped: int = 0
    failed: list[str] = field(default_factory=list)
    writes: list[float] = field(default_factory=list)  # seconds, send to answer
    late: list[float] = field(default_factory=list)  # seconds a write was sent after its time
    events: list[float] = field(default_factory=list)  # seconds, write sent to a phone hearing it
    shown: list[float] = field(default_factory=list)  # seconds, write sent to a phone having fetched it
    expected: int = 0  # phone-versions to hear
    rss_idle_kib: int = 0
    rss_streams_kib: int = 0
    app_cpu: float = 0.0  # seconds of processor time gunicorn used while the writes ran (and their fetches)
    stream_cpu: float = 0.0  # the same of uvicorn (the streams)


class Table:
    def __init__(self, pk: int, version: int):
        self.pk = pk
        self.opened = False  # its page was opened (at an earlier level: it stays open)
        self.version = version  # the table's version as its last write left it
        self.sent: dict[int, tuple[float, int]] = {}  # version → (when its write was sent, the writer)
        self.seen = [version] * PHONES  # what each phone shows


async def hold_stream(stream_port: int, port: int, table: Table, phone: int, session: dict[str, str], level: Level,
                      opening: asyncio.Semaphore, closing: asyncio.Event) -> None:
    """One phone's stream (from the stream server), held until *closing*; each version heard is
    fetched (from the app server) as the page does."""
    async with opening:
        try:
            # An event with the parts of a new version weighs tens of kilobytes: read whole.
            reader, writer = await asyncio.open_connection("127.0.0.1", stream_port, limit=EVENT_LIMIT)
            writer.write(request_bytes("GET", f"/live/matches/{table.pk}/?parts=match&since={table.version}",
                                       session | {"Accept": "text/event-stream"}, close=False))
            status = await asyncio.wait_for(reader.readline(), 30)
            while (await asyncio.wait_for(reader.readline(), 30)) not in (b"\r\n", b""):
                pass
        except (OSError, TimeoutError):
            level.failed.append(f"table {table.pk} phone {phone}: the stream did not open")
            return
        if b" 200 " not in status:
            level.failed.append(f"table {table.pk} phone {phone}: {status!r}")
            return
    level.opened += 1
    fetches: set[asyncio.Task[None]] = set()
    try:
        while True:
            # One event (or heartbeat) to its blank line; the HTTP chunks' size lines around it are
            # lines of no field, as the lines of an event a page does not read.
            try:
                block = await reader.readuntil(b"\n\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                if not closing.is_set():
                    level.dropped += 1
                return
            lines = [line.strip() for line in block.split(b"\n")]
            if b"event: version" in lines:
                data = [line for line in lines if line.startswith(b"data: ")]
                heard(table, phone, int(data[0][6:]), len(data) > 1, level, port, session, fetches)
    finally:
        writer.close()


def heard(table: Table, phone: int, version: int, with_parts: bool, level: Level, port: int,
          session: dict[str, str], fetches: set[asyncio.Task[None]]) -> None:
    sent = table.sent.get(version)
    if sent is None:
        return
    now = time.perf_counter()
    level.events.append(now - sent[0])
    if phone == sent[1]:
        table.seen[phone] = version  # the writer's page swapped its own answer in
        return
    if with_parts:  # the page swaps in what the event brought: shown, with no request
        table.seen[phone] = max(table.seen[phone], version)
        level.shown.append(now - sent[0])
        return
    task = asyncio.ensure_future(fetch(port, table, phone, version, sent[0], session, level))
    fetches.add(task)
    task.add_done_callback(fetches.discard)


async def fetch(port: int, table: Table, phone: int, version: int, sent: float, session: dict[str, str],
                level: Level) -> None:
    # entry=fresh: a phone whose entry form nobody touched has it drawn anew too (static/js/page.js),
    # as the three phones that did not write have at a table.
    status, _body = await exchange(port, "GET", f"/matches/{table.pk}/sheet/?since={table.seen[phone]}&entry=fresh",
                                   session)
    if status != 200:
        level.failed.append(f"table {table.pk} phone {phone}: the sheet's fetch answered {status}")
        return
    table.seen[phone] = max(table.seen[phone], version)
    level.shown.append(time.perf_counter() - sent)


async def write_deals(port: int, table: Table, token: dict[str, str], bodies: list[bytes], start: float,
                      offset: float, seconds: float, level: Level) -> None:
    at, count = offset, 0
    while at < seconds:
        await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
        writer_phone = count % PHONES
        sent = time.perf_counter()
        level.late.append(sent - start - at)
        table.sent[table.version + 1] = (sent, writer_phone)
        level.expected += PHONES
        status, body = await exchange(port, "POST", f"/api/matches/{table.pk}/deals/", token, bodies[table.version])
        level.writes.append(time.perf_counter() - sent)
        if status != 201:
            level.failed.append(f"table {table.pk}: the write answered {status} {body[:200]!r}")
            return
        table.version = json.loads(body)["version"]
        at += WRITE_EVERY
        count += 1


async def open_pages(port: int, tables: list[Table], session: dict[str, str], level: Level) -> None:
    """Each table's match page opened once, as the phones open it when the players sit down (what
    it renders of the sheet is kept, as at a real table before its next deal). Not timed."""
    gate = asyncio.Semaphore(8)

    async def open_page(table: Table) -> None:
        async with gate:
            status, _body = await exchange(port, "GET", f"/matches/{table.pk}/", session)
        if status != 200:
            level.failed.append(f"table {table.pk}: its page answered {status}")
        table.opened = True

    await asyncio.gather(*(open_page(table) for table in tables if not table.opened))


async def run_level(server: serving.Gunicorn, streamer: serving.Uvicorn, tables: list[Table], session: dict[str, str], token: dict[str, str],
                    bodies: list[bytes], seconds: float, opening_at_once: int) -> Level:
    level = Level(len(tables))
    await open_pages(server.port, tables, session, level)
    level.rss_idle_kib = streamer.rss_kib()
    opening, closing = asyncio.Semaphore(opening_at_once), asyncio.Event()
    streams = [asyncio.ensure_future(hold_stream(streamer.port, server.port, table, phone, session, level, opening,
                                                 closing))
               for table in tables for phone in range(PHONES)]
    while level.opened + len(level.failed) < len(streams):
        await asyncio.sleep(0.2)
    await asyncio.sleep(IDLE)
    level.rss_streams_kib = streamer.rss_kib()
    rng = random.Random(len(tables))
    start = time.perf_counter()
    app_cpu, stream_cpu = server.cpu_seconds(), streamer.cpu_seconds()
    await asyncio.gather(*(write_deals(server.port, table, token, bodies, start, rng.uniform(0, min(WRITE_EVERY, seconds)),
                                       seconds, level) for table in tables))
    await asyncio.sleep(GRACE)
    level.app_cpu, level.stream_cpu = server.cpu_seconds() - app_cpu, streamer.cpu_seconds() - stream_cpu
    closing.set()
    for stream in streams:
        stream.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    await asyncio.sleep(1.0)  # the server lets go of the closed streams
    return level


def summary(level: Level) -> dict[str, Any]:
    ms = [value * 1000 for value in level.writes]
    missed = level.expected - len(level.events)
    row = {
        "tables": level.tables, "streams": level.opened, "writes": len(level.writes),
        "write_p50": serving.percentile(ms, 0.50), "write_p95": serving.percentile(ms, 0.95),
        "event_p50": serving.percentile([v * 1000 for v in level.events], 0.50),
        "event_p95": serving.percentile([v * 1000 for v in level.events], 0.95),
        "shown_p50": serving.percentile([v * 1000 for v in level.shown], 0.50),
        "shown_p95": serving.percentile([v * 1000 for v in level.shown], 0.95),
        "late": serving.percentile([v * 1000 for v in level.late], 0.95),
        "errors": len(level.failed) + level.dropped + max(missed, 0),
        "app_cpu_ms": level.app_cpu * 1000 / max(len(level.writes), 1),
        "stream_cpu_ms": level.stream_cpu * 1000 / max(len(level.writes), 1),
        "kib_per_stream": (level.rss_streams_kib - level.rss_idle_kib) / max(level.opened, 1),
        "first_errors": level.failed[:3] + ([f"{level.dropped} streams dropped"] if level.dropped else [])
                        + ([f"{missed} versions not heard"] if missed > 0 else []),
    }
    row["held"] = (row["errors"] == 0 and level.opened == level.tables * PHONES
                   and row["write_p95"] < GOAL_WRITE_P95_MS and row["shown_p95"] < GOAL_DELIVERY_P95_MS)
    return row


def main() -> None:
    ramp = levels()
    seconds = float(os.environ.get("LOAD_SECONDS") or WRITE_EVERY)
    opening_at_once = int(os.environ.get("LOAD_OPENING") or 200)
    if not os.environ.get("CACHE_URL"):
        raise SystemExit("make load needs CACHE_URL (Redis): gunicorn's writes reach uvicorn's streams through it, "
                         "e.g. CACHE_URL=redis://127.0.0.1:6379/9 make load")
    workers = int(os.environ.get("LOAD_WORKERS") or 2 * (os.cpu_count() or 1))
    # One stream process per core: besides the events, a stream server draws what the match pages swap
    # in for each new version (docs/deploy.md).
    stream_workers = int(os.environ.get("LOAD_STREAM_WORKERS") or os.cpu_count() or 1)
    wanted_files = max(ramp) * PHONES * 2 + 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted_files:  # the client's sockets (and the server's, which inherits it)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted_files, hard), hard))
    database = serving.django_ready()
    print(f"Making {max(ramp)} tables ({database})…", flush=True)
    ids, session, token, bodies = tables_for(max(ramp))
    from scorebook.models import Match

    versions = dict(Match.objects.filter(pk__in=ids).values_list("pk", "version"))
    rows = []
    with serving.Gunicorn(workers=workers) as server, serving.Uvicorn(workers=stream_workers) as streamer:
        for _warm in range(20):  # imports, templates, connections, before anything is timed
            serving.get(server.port, f"/matches/{ids[0]}/sheet/?since=0", session)
        every = [Table(pk, versions[pk]) for pk in ids]
        for count in ramp:
            tables = every[:count]
            level = uvloop.run(run_level(server, streamer, tables, session, token, bodies, seconds, opening_at_once))
            row = summary(level)
            rows.append(row)
            print(f"{count:>5} tables, {row['streams']} streams: writes p50 {row['write_p50']:.0f} ms p95 "
                  f"{row['write_p95']:.0f} ms; heard p95 {row['event_p95']:.0f} ms; shown p50 {row['shown_p50']:.0f} ms "
                  f"p95 {row['shown_p95']:.0f} ms; {row['errors']} errors {row['first_errors']}; "
                  f"{row['kib_per_stream']:.0f} KiB per idle stream; CPU a write: gunicorn {row['app_cpu_ms']:.0f} ms, "
                  f"uvicorn {row['stream_cpu_ms']:.0f} ms; client late {row['late']:.0f} ms: "
                  f"{'held' if row['held'] else 'NOT held'}", flush=True)
            if not row["held"]:
                break
    info = run.machine()
    held = [row["tables"] for row in rows if row["held"]]
    write_section(info, database, rows, max(held, default=0), seconds, workers, stream_workers)
    print(f"largest number of live tables held: {max(held, default=0)}; written: docs/performance.md")


def write_section(info: dict[str, str], database: str, rows: list[dict[str, Any]], best: int, seconds: float,
                  workers: int, stream_workers: int) -> None:
    lines = [
        run.LOAD_TITLE,
        "",
        f"Written by `make load` (`benchmarks/load.py`) on {info['date']}, commit {info['commit']},",
        f"{info['nproc']} cores, load average before the run {info['load']} (other work on the machine counts);",
        f"gunicorn with {workers} sync workers (the pages and the API), uvicorn with {stream_workers} "
        f"worker{'s' if stream_workers > 1 else ''} (the live streams), the writes published through Redis; `DEBUG=0`, {database}.",
        "",
        "A live table: its match page opened (once, not timed: what it renders of the sheet is kept, as at a table",
        "where the players sat down before the deal), then",
        f"{PHONES} phones each holding the match's live stream; a deal entered about every "
        f"{WRITE_EVERY:.0f} s (each table from a random moment), {seconds:.0f} s of writes per level; on each new version",
        "the stream brings the three phones that did not write the new sheet, undo, their untouched entry form",
        "and the totals with the version (the match page's stream, `?parts=match`): nothing to fetch; where it",
        "brings the version alone, they fetch them as the page does (`?since=<version>&entry=fresh`). Delivery is",
        "timed from the moment the write was sent: \"heard\" when a phone's stream says the version, \"shown\" when",
        "the phone has the new sheet (with the event, or once fetched).",
        "The client (one asyncio process) shares the machine's cores with the server (\"late\": how far behind",
        f"schedule it sent the writes, 95th percentile). Held: no error, writes p95 under {GOAL_WRITE_P95_MS:.0f} ms,",
        f"shown p95 under {GOAL_DELIVERY_P95_MS / 1000:.0f} s. Memory: the server's resident memory with every stream",
        "open and idle, less before they opened, over the number of streams (uvicorn's processes). CPU a write: the",
        "processor time each server's processes used while the writes ran, over the writes (gunicorn's holds the",
        "write and any fetch of it; uvicorn's the events and the parts they carry): what a deal costs, less noisy than the",
        "latencies near the saturation.",
        "",
        "| tables | streams | writes p50 | writes p95 | heard p95 | shown p50 | shown p95 | errors | KiB per idle stream "
        "| CPU a write: gunicorn | uvicorn | late (p95) | held |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(f"| {r['tables']} | {r['streams']} | {r['write_p50']:.0f} ms | {r['write_p95']:.0f} ms | "
                     f"{r['event_p95']:.0f} ms | {r['shown_p50']:.0f} ms | {r['shown_p95']:.0f} ms | {r['errors']} | "
                     f"{r['kib_per_stream']:.0f} | {r['app_cpu_ms']:.0f} ms | {r['stream_cpu_ms']:.0f} ms | {r['late']:.0f} ms | {'yes' if r['held'] else 'no'} |")
    lines += ["", f"**Largest number of live tables held: {best}** (goal ≥ 2,000, that is 8,000 open streams).", ""]
    path = ROOT / "docs" / "performance.md"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n"
    if run.LOAD_TITLE in old:
        start = old.index(run.LOAD_TITLE)
        end = old.find("\n## ", start + len(run.LOAD_TITLE))
        old = old[:start] + (old[end + 1:] if end >= 0 else "")
    path.write_text(old.rstrip("\n") + "\n\n" + "\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
