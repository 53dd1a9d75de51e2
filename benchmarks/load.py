"""`make load`: how many live tables one machine serves.

A live table is a 1000 match with 4 phones polling its sheet every 3 s
(``GET /matches/<id>/sheet/?since=<version>``: 204 until another phone writes, then the sheet, and
the phone asks since the new version) and a deal entered once a minute (``POST
/api/matches/<id>/deals/``). Against gunicorn on this machine (DEBUG off; LOAD_WORKERS sync
workers, by default two per core as docs/deploy.md advises: a worker waiting on PostgreSQL or
Redis leaves its core to another), the number of tables is ramped (LOAD_LEVELS, default 100,
200, … 2000, up to the first level not served; LOAD_SECONDS per level, default 20;
LOAD_PROCESSES load generators, default 2), each phone and each table starting at a random
moment of its period. A level is served when the 95th
percentile of the answers' times is under 200 ms and no request failed; the ramp stops at the first
level that is not. The result goes into docs/performance.md (its "Capacity" section; `make bench` keeps it).

The load generators run on the same 2 cores as the server: "late" says how far behind its
schedule the generator sent its requests (95th percentile): when it grows, the generator is the
bottleneck as much as the server.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import run, serving  # noqa: E402
from referee.games import thousand  # noqa: E402

POLL_EVERY = 3.0
WRITE_EVERY = 60.0
PHONES = 4
GOAL_P95_MS = 200.0
START_DEALS = 20


def levels() -> list[int]:
    wanted = os.environ.get("LOAD_LEVELS") or ",".join(str(n) for n in range(100, 2001, 100))
    return [int(n) for n in wanted.split(",") if n]


def tables_for(ramp: list[int]) -> tuple[list[int], dict[str, str], dict[str, str], list[bytes]]:
    """The matches of the largest level (a 20-deal match, cloned), the phones' credentials, and the
    deals to enter (JSON bodies, in order after the 20th)."""
    from scorebook import services

    raw = [thousand.dump_entry(entry) for _n, entry in run.thousand_match(START_DEALS + 200)]
    user, session, token = serving.owner_with_credentials("load")
    match = services.match_create(owner=user, game="thousand", players=["Аня", "Борис", "Вика"],
                                  first_dealer=run.FIRST_DEALER, preset="classic")
    for entry in raw[:START_DEALS]:
        services.deal_record(match=match, entry=entry, author=user)
    match.refresh_from_db()
    ids = [match.pk, *serving.cloned(match, max(ramp) - 1)]
    return ids, session, token, [json.dumps({"entry": entry}).encode() for entry in raw]


def level(port: int, tables: list[int], session: dict[str, str], token: dict[str, str], bodies: list[bytes],
          seconds: float, processes: int) -> dict[str, Any]:
    from scorebook.models import Match

    versions = dict(Match.objects.filter(pk__in=tables).values_list("pk", "version"))
    rng = random.Random(len(tables))
    schedules: list[list[serving.Timed]] = [[] for _p in range(processes)]
    for index, table in enumerate(tables):
        schedule = schedules[index % processes]
        for phone in range(PHONES):
            at = rng.uniform(0, POLL_EVERY)
            while at < seconds:
                schedule.append(serving.Timed(at, ("poll", table, phone)))
                at += POLL_EVERY
        at = rng.uniform(0, WRITE_EVERY)
        while at < seconds:
            schedule.append(serving.Timed(at, ("write", table, None)))
            at += WRITE_EVERY
    # Per generator process (each a fork with its own copy): what each phone last saw, and the
    # version each table is at (every write of a table is sent by the process that polls it).
    seen = {(table, phone): versions[table] for table in tables for phone in range(PHONES)}
    latest = dict(versions)

    def make(key: Any) -> serving.Request:
        kind, table, phone = key
        if kind == "poll":
            return ("GET", f"/matches/{table}/sheet/?since={seen[table, phone]}", session, None)
        # Every clone holds the same deals: the next entry is the one after its version's count.
        return ("POST", f"/api/matches/{table}/deals/", token, bodies[latest[table]])

    def react(key: Any, status: int, content: bytes) -> None:
        kind, table, phone = key
        if kind == "write" and status == 201:
            latest[table] = json.loads(content)["version"]
        elif kind == "poll" and status == 200:
            seen[table, phone] = latest[table]

    started = time.perf_counter()
    results = serving.open_load(port, schedules, make, react)
    took = time.perf_counter() - started
    latencies = [latency * 1000 for _late, latency, _status in results]
    errors = sum(1 for _late, _latency, status in results if not 200 <= status < 400)
    p95 = serving.percentile(latencies, 0.95)
    return {"tables": len(tables), "requests": len(results), "rps": len(results) / seconds, "errors": errors,
            "p50": serving.percentile(latencies, 0.50), "p95": p95,
            "late": serving.percentile([late * 1000 for late, _l, _s in results], 0.95),
            "served": errors == 0 and p95 < GOAL_P95_MS, "took": took}


def main() -> None:
    ramp = levels()
    seconds = float(os.environ.get("LOAD_SECONDS") or 20)
    processes = int(os.environ.get("LOAD_PROCESSES") or 2)
    workers = int(os.environ.get("LOAD_WORKERS") or 2 * (os.cpu_count() or 1))
    database = serving.django_ready()
    print(f"Making {max(ramp)} tables ({database})…", flush=True)
    ids, session, token, bodies = tables_for(ramp)
    rows = []
    with serving.Gunicorn(workers=workers) as server:
        # Warm both workers (imports, templates, connections) before anything is timed.
        for _warm in range(20):
            serving.get(server.port, f"/matches/{ids[0]}/sheet/?since=0", session)
        for count in ramp:
            row = level(server.port, ids[:count], session, token, bodies, seconds, processes)
            rows.append(row)
            print(f"{count:>5} tables: {row['rps']:.0f} requests/s, p50 {row['p50']:.0f} ms, p95 {row['p95']:.0f} ms, "
                  f"{row['errors']} errors, generator late by {row['late']:.0f} ms (p95): "
                  f"{'served' if row['served'] else 'NOT served'}", flush=True)
            if not row["served"]:
                break
    info = run.machine()
    served = [row["tables"] for row in rows if row["served"]]
    write_section(info, database, rows, max(served, default=0), seconds, processes, workers)
    print(f"largest number of tables served: {max(served, default=0)}; written: docs/performance.md")


def write_section(info: dict[str, str], database: str, rows: list[dict[str, Any]], best: int, seconds: float,
                  processes: int, workers: int) -> None:
    lines = [
        run.LOAD_TITLE,
        "",
        f"Written by `make load` (`benchmarks/load.py`) on {info['date']}, commit {info['commit']},",
        f"{info['nproc']} cores, load average before the run {info['load']} (other work on the machine counts);",
        f"gunicorn with {workers} sync workers, `DEBUG=0`, {database}.",
        "",
        f"A live table: {PHONES} phones polling its sheet every {POLL_EVERY:.0f} s and a deal entered every "
        f"{WRITE_EVERY:.0f} s,",
        f"each starting at a random moment; {seconds:.0f} s per level, sent on schedule by {processes} processes "
        "(non-blocking sockets)",
        "on the same machine (\"late\": how far behind schedule they sent, 95th percentile). Served: p95 under",
        f"{GOAL_P95_MS:.0f} ms and no error.",
        "",
        "| tables | requests/s | p50 | p95 | errors | late (p95) | served |",
        "|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(f"| {r['tables']} | {r['rps']:.0f} | {r['p50']:.0f} ms | {r['p95']:.0f} ms | {r['errors']} | "
                     f"{r['late']:.0f} ms | {'yes' if r['served'] else 'no'} |")
    lines += ["", f"**Largest number of live tables served: {best}** (goal ≥ 1,000).", ""]
    path = ROOT / "docs" / "performance.md"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n"
    if run.LOAD_TITLE in old:
        start = old.index(run.LOAD_TITLE)
        end = old.find("\n## ", start + len(run.LOAD_TITLE))
        old = old[:start] + (old[end + 1:] if end >= 0 else "")
    path.write_text(old.rstrip("\n") + "\n\n" + "\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
