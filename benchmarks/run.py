"""`make bench`: time the pure replay of a long 1000 match, count the scoresheet GET's queries, time
a write and an import at several lengths, and measure what gunicorn serves of the hot paths.

Run from the project root (``.venv/bin/python benchmarks/run.py``). Prints the figures and writes
them to docs/performance.md with the machine they were taken on. Asserts nothing: CI pins query
counts in the tests; timings here are for people, and change with the machine and its load.

(a) ``referee.ledger.replay`` of a 1,000-deal and a 200-deal Тысяча match (3 players, classic
    rules), best and median of N runs; the goal is ≤ 50 ms for 1,000 deals. The deals are made by
    a seeded generator that plays the match forward and keeps only entries the referee accepts:
    plays with every declarer, bids 100–180 with marriages behind them, failed contracts, dark
    deals, write-offs, redeals (the third in a row fined), penalties; bolts, barrels and falls
    follow from the rules. An entry that would end the match (a finish from the barrel) is
    drawn again, so the match runs the whole length.
(b) The queries and the in-process time of GET /api/matches/<id>/scoresheet/ for a match of 5
    and of 300 deals, in a throw-away SQLite database (DATABASE_URL in a temporary folder), or in
    the PostgreSQL database DATABASE_URL names when it is set.
(c) A deal appended (``services.deal_record``) to a match of 10, 100 and 500 deals, and a match
    file of 100 and 1,000 deals imported (``exports.match_import``), in process. On PostgreSQL
    also the database alone storing the match an import made once more (``stored_again``): with
    the pure replay of (a), the least an import takes here.
(d) Throughput against gunicorn (2 sync workers, DEBUG off) of the four hot paths (a poll, the
    scoresheet, the match page, a deal posted), each
    relative to /healthz/ in the same run: closed loops from ``benchmarks/serving.py``. And a
    bare write beside them (``benchmarks/bare.py``): the POST's round trips and bytes with none of
    the app's work, the most a POST reaches on the machine.
    BENCH_SECONDS (default 5) per path, BENCH_CLIENTS (default 4) loops, BENCH_ROUNDS (default 5)
    rounds, each figure the median of its rounds.

``benchmarks/run.py c`` (or ``a``, ``b``, ``d``, several at once) runs only those sections and prints
their figures without writing docs/performance.md (a partial report would replace the whole one).
"""

from __future__ import annotations

import cProfile
import datetime
import io
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import serving
from referee.games import thousand  # pure: part (a) needs no Django
from referee.ledger import replay

GOAL_MS = 50.0
SEATS = 3
FIRST_DEALER = 2
OPTIONS = thousand.parse_options(None, "classic")


# ---------------------------------------------------------------- a realistic match, generated


def _candidate(rng: random.Random, state: thousand.State) -> thousand.Entry:
    """One plausible entry for this point of the match; the referee decides whether it stands."""
    roll = rng.random()
    obliged = state.obligatory_declarer()
    declarer = obliged if obliged is not None else rng.randrange(SEATS)
    if roll < 0.06:
        reasons = ("four_aces", "three_nines", "weak_hand", "weak_talon", "other", "exposed_card")
        return thousand.Redeal(rng.choices(reasons, weights=(3, 3, 4, 3, 1, 1))[0])
    if roll < 0.09:
        return thousand.Penalty(rng.randrange(SEATS), rng.choice((-120, -60, -20, 20)), "bench")
    bid = rng.choices(range(100, 185, 5), weights=(30, 12, 10, 8, 8, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1))[0]
    contract = bid + rng.choice((0, 0, 0, 5, 10))
    values = dict(OPTIONS.marriage_values)
    # A bid over 120 is backed by a marriage the declarer declares (seed 001).
    declared: list[set[str]] = [set() for _ in range(SEATS)]
    if contract > thousand.CARD_POINTS:
        backing = [s for s, v in values.items() if thousand.CARD_POINTS + v >= contract]
        declared[declarer].add(rng.choice(backing))
    if roll < 0.17:
        held = tuple(frozenset(declared[s]) if s == declarer else frozenset() for s in range(SEATS))
        return thousand.WriteOff(declarer, bid, contract, held if any(held) else None)
    dark = roll < 0.21 and obliged is None
    if dark:
        declarer, bid, contract = state.on_the_hundred, 120, 120
        declared = [set() for _ in range(SEATS)]
    for seat in range(SEATS):  # now and then a defender declares a marriage too
        free = [s for s in values if all(s not in d for d in declared)]
        if free and rng.random() < 0.12:
            declared[seat].add(rng.choice(free))
    marriage = sum(values[s] for s in declared[declarer])
    made = rng.random() < 0.65
    need = max(contract - marriage, 0)
    if made and need <= thousand.CARD_POINTS:
        points = rng.randint(need, min(thousand.CARD_POINTS, need + 25))
    else:
        points = rng.randint(max(need - 40, 0), max(need - 1, 0)) if need else 0
    rest = thousand.CARD_POINTS - points
    # Defenders share the rest roughly evenly; a near-empty share (a bolt) stays possible.
    spread = rest // 2 if rng.random() < 0.2 else rest // 4
    first = rest // 2 + rng.randint(-spread, spread)
    others = [s for s in range(SEATS) if s != declarer]
    split = dict(zip(others, (first, rest - first), strict=True)) | {declarer: points}
    return thousand.Play(declarer, bid, contract, tuple(split[s] for s in range(SEATS)),
                         tuple(frozenset(d) for d in declared), dark=dark)


def thousand_match(deals: int, seed: int = 1000) -> list[tuple[int, thousand.Entry]]:
    """*deals* entries the referee accepts in order, none of them ending the match."""
    rng = random.Random(seed)
    state = thousand.initial_state(OPTIONS, SEATS, FIRST_DEALER)
    out: list[tuple[int, thousand.Entry]] = []
    while len(out) < deals:
        for _attempt in range(200):
            entry = _candidate(rng, state)
            if any(v.is_error for v in thousand.validate(state, entry)):
                continue
            after, _outcome = thousand.apply(state, entry)
            if not after.finished:
                break
        else:  # pragma: no cover - the generator always finds one in practice
            raise RuntimeError(f"no acceptable entry after deal {len(out)}")
        state = after
        out.append((len(out) + 1, entry))
    return out


def describe(deals: Sequence[tuple[int, thousand.Entry]]) -> str:
    sheet = replay(thousand, OPTIONS, SEATS, FIRST_DEALER, deals)
    assert not sheet.errors and len(sheet.rows) == len(deals), sheet.errors[:3]
    kinds = Counter(entry.kind for _n, entry in deals)
    dark = sum(1 for _n, e in deals if isinstance(e, thousand.Play) and e.dark)
    marks = Counter(mark for row in sheet.rows for seat in row.outcome.marks for mark in seat)
    wanted = ("made", "failed", "bolt", "bolt_penalty", "barrel", "barrel_fall", "samosval", "penalty")
    names = {"play": "plays", "write_off": "write-offs", "redeal": "redeals", "penalty": "penalties"}
    return (", ".join(f"{kinds[k]} {names[k]}" for k in names)
            + f" ({dark} dark); marks: " + ", ".join(f"{marks[m]} {m}" for m in wanted)
            + f"; final totals {list(sheet.state.totals)}")


def timed(fn: Callable[[], Any], runs: int) -> tuple[float, float]:
    """(best, median) wall time of *fn* in milliseconds over *runs* runs, after one warm-up."""
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def profile_top(fn: Callable[[], Any], lines: int = 14) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    fn()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(lines)
    text = out.getvalue()
    return text[text.find("   ncalls"):].rstrip()


# ---------------------------------------------------------------- (b) the scoresheet GET


def scoresheet_figures(entries: Sequence[thousand.Entry], sizes: Sequence[int]) -> list[dict[str, Any]]:
    """Build a match per size through the services, then count and time the API GET."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from scorebook import services
    from scorebook.models import Match

    user = get_user_model().objects.create_user("bench-reader", password="not-used-anywhere")
    client = Client()
    client.force_login(user)
    rows = []
    for size in sizes:
        match = services.match_create(owner=user, game="thousand", players=["Аня", "Борис", "Вика"],
                                      first_dealer=FIRST_DEALER, preset="classic")
        writes = []
        for entry in entries[:size]:
            start = time.perf_counter()
            services.deal_record(match=match, entry=thousand.dump_entry(entry), author=user)
            writes.append((time.perf_counter() - start) * 1000)
        build_s = sum(writes) / 1000
        last_write = statistics.median(writes[-5:])
        url = f"/api/matches/{match.pk}/scoresheet/"
        response = client.get(url)
        assert response.status_code == 200 and len(response.json()["rows"]) == size, response.status_code
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        # Read them now: the next request's request_started signal empties the query log.
        sql = [q["sql"] for q in captured.captured_queries]
        best, median = timed(lambda url=url: client.get(url), runs=30)
        # A cached sheet made by other rules (a deploy that changed referee/) is replayed on read.
        Match.objects.filter(pk=match.pk).update(sheet={"engine": "stale"})
        cold_best, cold_median = timed(lambda url=url: client.get(url), runs=10)
        rows.append({"deals": size, "queries": len(sql), "sql": sql, "best": best, "median": median,
                     "cold_best": cold_best, "cold_median": cold_median,
                     "bytes": len(response.content), "build_s": build_s,
                     "last_write": last_write})
    return rows


# ---------------------------------------------------------------- (c) a write and an import


def write_latency(raw: Sequence[dict[str, Any]], sizes: Sequence[int], appends: int = 20) -> list[dict[str, Any]]:
    """The median time of ``services.deal_record`` appending each of *appends* deals to a match of
    *size* deals (the match built through the services first)."""
    from django.contrib.auth import get_user_model

    from scorebook import services

    user = get_user_model().objects.create_user("bench-writer")
    rows = []
    for size in sizes:
        match = services.match_create(owner=user, game="thousand", players=["Аня", "Борис", "Вика"],
                                      first_dealer=FIRST_DEALER, preset="classic")
        for entry in raw[:size]:
            services.deal_record(match=match, entry=entry, author=user)
        times = []
        for entry in raw[size:size + appends]:
            start = time.perf_counter()
            services.deal_record(match=match, entry=entry, author=user)
            times.append((time.perf_counter() - start) * 1000)
        rows.append({"deals": size, "median": statistics.median(times), "best": min(times), "appends": appends})
    return rows


def match_file(raw: Sequence[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "scorebook-match", "version": 1, "game": "thousand", "name": "bench",
            "players": ["Аня", "Борис", "Вика"], "first_dealer": FIRST_DEALER, "preset": "classic", "options": None,
            "deals": [{"number": n, "entry": entry, "voided": False,
                       "history": [{"kind": "recorded", "entry": entry, "version": n}]}
                      for n, entry in enumerate(raw, start=1)]}


def import_times(raw: Sequence[dict[str, Any]], sizes: Sequence[int], runs: int = 3) -> list[dict[str, Any]]:
    """Each size's import, best and median; on PostgreSQL also what the database alone takes to store
    the match the import made (``stored_again``)."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from scorebook.services import files as exports

    user = get_user_model().objects.create_user("bench-importer")
    rows = []
    for size in sizes:
        document = match_file(raw[:size])
        made: list[Any] = []
        best, median = timed(lambda document=document: made.append(exports.match_import(owner=user, document=document)),
                             runs)
        row: dict[str, Any] = {"deals": size, "best": best, "median": median, "runs": runs}
        if connection.vendor == "postgresql":
            row["stored_best"], row["stored_median"] = timed(lambda pk=made[-1].pk: stored_again(pk), 5)
        rows.append(row)
    return rows


def import_line(row: dict[str, Any]) -> str:
    stored = f"; the database alone storing it: median {row['stored_median']:.0f} ms" if "stored_median" in row else ""
    return f"importing {row['deals']:>4} deals: median {row['median']:.0f} ms{stored}"


def stored_again(pk: int) -> None:
    """Match *pk* stored again by PostgreSQL alone, as the import stores one: its row, its deals, their
    history and its sheet's rows, new, in one transaction (foreign keys checked at its commit), every
    JSON value parsed from its text as the import's are. No Python between: the database's part of
    an import, the least an import of that match can take here."""
    from django.db import connection, transaction

    from scorebook.models import Deal, Match, Revision, SheetRow

    def copied(model: Any, values: dict[str, str], source: str, where: str) -> str:
        fields = [field for field in model._meta.concrete_fields if not field.primary_key]
        selected = [values.get(field.attname) or (f"old.{field.column}::text::jsonb"
                                                   if field.get_internal_type() == "JSONField" else f"old.{field.column}")
                    for field in fields]
        return (f"INSERT INTO {model._meta.db_table} ({', '.join(field.column for field in fields)}) "
                f"SELECT {', '.join(selected)} FROM {source} WHERE {where}")

    deals, match = Deal._meta.db_table, Match._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(copied(Match, {"share_token": "NULL", "invite_nonce": "NULL", "invite_key": "NULL"},
                              f"{match} AS old", "old.id = %s")
                       + " RETURNING id", [pk])
        (new,) = cursor.fetchone()
        cursor.execute(copied(Deal, {"match_id": "%s"}, f"{deals} AS old", "old.match_id = %s"), [new, pk])
        cursor.execute(copied(Revision, {"match_id": "%s", "deal_id": "deal.id"},
                              f"{Revision._meta.db_table} AS old JOIN {deals} AS was ON was.id = old.deal_id "
                              f"JOIN {deals} AS deal ON deal.match_id = %s AND deal.number = was.number",
                              "old.match_id = %s"), [new, new, pk])
        cursor.execute(copied(SheetRow, {"match_id": "%s"}, f"{SheetRow._meta.db_table} AS old", "old.match_id = %s"),
                       [new, pk])


# ---------------------------------------------------------------- (d) what gunicorn serves


def http_ratios(raw: Sequence[dict[str, Any]], seconds: float, clients: int, rounds: int = 1) -> dict[str, Any]:
    """Requests per second of each hot path in closed loops, and each one's share of /healthz/'s.

    Every path is measured once per round, the rounds one after another on the same server, so a
    slow moment of the machine falls on every path alike; each figure is the median of its rounds,
    the share the median of the shares each round measured against its own /healthz/."""
    import json

    from benchmarks import bare
    from scorebook import services
    from scorebook.api.common import scoresheet_bytes

    user, session, token = serving.owner_with_credentials()
    match = services.match_create(owner=user, game="thousand", players=["Аня", "Борис", "Вика"],
                                  first_dealer=FIRST_DEALER, preset="classic")
    for entry in raw[:40]:
        services.deal_record(match=match, entry=entry, author=user)
    match.refresh_from_db()
    spreads = [serving.cloned(match, 60) for _round in range(rounds)]  # a round writes its own matches
    bodies = [json.dumps({"entry": entry}).encode() for entry in raw[40:]]
    beside = serving.cloned(match, 60)  # the bare write's own: it moves their versions on
    bare.prepare(beside, scoresheet_bytes(match))

    def post(spread: Sequence[int], worker: int, n: int) -> serving.Request:
        mine = spread[worker::clients]  # each loop writes its own matches, in order: every entry fits
        return ("POST", f"/api/matches/{mine[n % len(mine)]}/deals/", token, bodies[n // len(mine)])

    paths: dict[str, Callable[[int, int], serving.Request]] = {
        "healthz": lambda w, n: ("GET", "/healthz/", {}, None),
        "poll": lambda w, n: ("GET", f"/matches/{match.pk}/sheet/?since={match.version}", session, None),
        "scoresheet": lambda w, n: ("GET", f"/api/matches/{match.pk}/scoresheet/", token, None),
        "page": lambda w, n: ("GET", f"/matches/{match.pk}/", session, None),
        "post": lambda w, n: post(spreads[0], w, n),
        "bare": lambda w, n: ("POST", bare.PATH.format(pk=beside[n % len(beside)]), token, bodies[n % len(bodies)]),
    }
    with serving.Gunicorn(workers=2, settings="benchmarks.bare_settings") as server:
        for _warm in range(20):  # both workers: imports, templates, connections
            serving.get(server.port, paths["page"](0, 0)[1], session)
        for name, path in (("poll", paths["poll"](0, 0)[1]), ("page", paths["page"](0, 0)[1])):
            status, _body = serving.get(server.port, path, session)
            assert status == (204 if name == "poll" else 200), (name, status)
        measured: list[dict[str, dict[str, float]]] = []
        for number in range(rounds):
            paths["post"] = lambda w, n, spread=spreads[number]: post(spread, w, n)
            one = {name: serving.throughput(server.port, make, seconds, clients) for name, make in paths.items()}
            for item in one.values():
                item["ratio"] = item["rps"] / one["healthz"]["rps"] if one["healthz"]["rps"] else 0.0
            measured.append(one)
    bare.dropped()
    figures = {name: {"rps": statistics.median(one[name]["rps"] for one in measured),
                      "ratio": statistics.median(one[name]["ratio"] for one in measured),
                      "median_ms": statistics.median(one[name]["median_ms"] for one in measured),
                      "errors": sum(one[name]["errors"] for one in measured),
                      "ratios": [one[name]["ratio"] for one in measured]}
               for name in paths}
    return {"figures": figures, "seconds": seconds, "clients": clients, "rounds": rounds}


# ---------------------------------------------------------------- the report


def machine() -> dict[str, str]:
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "?"

    import django

    dirty = git("status", "--porcelain")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git("rev-parse", "--short", "HEAD") + (" + uncommitted changes" if dirty and dirty != "?" else ""),
        "nproc": str(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()),
        "load": load,
        "python": platform.python_version(),
        "django": django.get_version(),
        "cpu": platform.processor() or platform.machine(),
    }


def main() -> None:
    wanted = set(sys.argv[1:])
    if wanted:
        return some_sections(wanted)
    print("Generating the matches…", flush=True)
    long_match = thousand_match(1000)
    entries = [entry for _n, entry in long_match]
    raw = [thousand.dump_entry(e) for e in entries]
    replay_rows = []
    profile = ""
    for size, runs in ((1000, 30), (200, 100)):
        deals = long_match[:size]
        best, median = timed(lambda deals=deals: replay(thousand, OPTIONS, SEATS, FIRST_DEALER, deals), runs)
        # What the services do on a write: parse every stored entry, then replay.
        parse_best, parse_median = timed(
            lambda size=size: replay(thousand, OPTIONS, SEATS, FIRST_DEALER,
                                     [(n + 1, thousand.parse_entry(r, SEATS)) for n, r in enumerate(raw[:size])]),
            max(runs // 3, 10))
        replay_rows.append({"deals": size, "runs": runs, "best": best, "median": median,
                            "parse_best": parse_best, "parse_median": parse_median, "what": describe(deals)})
        print(f"replay {size:>5} deals: best {best:.1f} ms, median {median:.1f} ms "
              f"(parse + replay: best {parse_best:.1f} ms, median {parse_median:.1f} ms)")
    thousand_ms = replay_rows[0]["median"]
    met = thousand_ms <= GOAL_MS
    print(f"goal ≤ {GOAL_MS:.0f} ms for 1,000 deals (median): {'met' if met else 'NOT met'}")
    if not met:
        profile = profile_top(lambda: replay(thousand, OPTIONS, SEATS, FIRST_DEALER, long_match))
        print(profile)

    database = serving.django_ready()
    print(f"Building the matches through the services ({database})…", flush=True)
    sheet_rows = scoresheet_figures(entries, (5, 300))
    for row in sheet_rows:
        print(f"GET scoresheet, {row['deals']:>3} deals: {row['queries']} queries, best {row['best']:.1f} ms, "
              f"median {row['median']:.1f} ms, {row['bytes'] / 1024:.0f} KiB; stale cache (replayed): "
              f"median {row['cold_median']:.1f} ms; appending a deal: {row['last_write']:.1f} ms")
    writes = write_latency(raw, (10, 100, 500))
    for row in writes:
        print(f"appending a deal to {row['deals']:>3} deals: median {row['median']:.1f} ms")
    imports = import_times(raw, (100, 1000))
    for row in imports:
        print(import_line(row))
    seconds = float(os.environ.get("BENCH_SECONDS") or 5)
    clients = int(os.environ.get("BENCH_CLIENTS") or 4)
    rounds = int(os.environ.get("BENCH_ROUNDS") or 5)
    print(f"gunicorn, 2 sync workers: {clients} closed loops, {seconds:.0f} s per path, {rounds} rounds…",
          flush=True)
    served = http_ratios(raw, seconds, clients, rounds)
    for name, item in served["figures"].items():
        print(f"{name:>10}: {item['rps']:.0f} requests/s ({item['ratio'] * 100:.0f} % of /healthz/), "
              f"{item['errors']} errors")
    info = machine()
    info["database"] = database
    write_report(info, replay_rows, met, profile, sheet_rows, writes, imports, served)
    print(f"written: {(ROOT / 'docs' / 'performance.md').relative_to(ROOT)}")


def some_sections(wanted: set[str]) -> None:
    """Only the sections named (a, b, c, d), printed; docs/performance.md is left alone."""
    unknown = wanted - set("abcd")
    if unknown:
        sys.exit(f"unknown sections: {', '.join(sorted(unknown))} (a, b, c or d)")
    print("Generating the matches…", flush=True)
    long_match = thousand_match(1000)
    raw = [thousand.dump_entry(entry) for _n, entry in long_match]
    if "a" in wanted:
        best, median = timed(lambda: replay(thousand, OPTIONS, SEATS, FIRST_DEALER, long_match), 30)
        print(f"replay 1000 deals: best {best:.1f} ms, median {median:.1f} ms")
    if wanted == {"a"}:
        return
    print(f"Database: {serving.django_ready()}", flush=True)
    if "b" in wanted:
        for row in scoresheet_figures([entry for _n, entry in long_match], (5, 300)):
            print(f"GET scoresheet, {row['deals']:>3} deals: {row['queries']} queries, "
                  f"median {row['median']:.1f} ms; appending a deal: {row['last_write']:.1f} ms")
    if "c" in wanted:
        for row in write_latency(raw, (10, 100, 500)):
            print(f"appending a deal to {row['deals']:>3} deals: median {row['median']:.1f} ms, "
                  f"best {row['best']:.1f} ms")
        for row in import_times(raw, (100, 1000)):
            print(import_line(row))
    if "d" in wanted:
        served = http_ratios(raw, float(os.environ.get("BENCH_SECONDS") or 5),
                             int(os.environ.get("BENCH_CLIENTS") or 4), int(os.environ.get("BENCH_ROUNDS") or 5))
        for name, item in served["figures"].items():
            print(f"{name:>10}: {item['rps']:.0f} requests/s ({item['ratio'] * 100:.0f} % of /healthz/), "
                  f"{item['errors']} errors")


def write_report(info: dict[str, str], replay_rows: list[dict[str, Any]], met: bool, profile: str,
                 sheet_rows: list[dict[str, Any]], writes: list[dict[str, Any]], imports: list[dict[str, Any]],
                 served: dict[str, Any]) -> None:
    lines = [
        "# Performance",
        "",
        "Written by `make bench` (`benchmarks/run.py`); numbers change with the machine and its load,",
        "so compare runs on one machine. CI asserts query counts, never times. A load average above the",
        "number of cores means other work shared the machine: every time is then slower than it can be.",
        "",
        f"- date: {info['date']}",
        f"- commit: {info['commit']}",
        f"- nproc: {info['nproc']} ({info['cpu']}), load average: {info['load']}",
        f"- Python {info['python']}, Django {info['django']}; database: {info['database']}",
        "",
        *served_section(served),
        *writes_section(writes, imports, replay_rows),
        "## Replaying a 1000 (Тысяча) match, pure `referee/`",
        "",
        "`referee.ledger.replay` over parsed entries, 3 players, classic rules; one warm-up, then",
        "best and median of N runs (`time.perf_counter`). \"Parse + replay\" also parses every stored",
        "JSON entry first, as `scorebook.services` does on an amendment or a void (an append folds).",
        "",
        "| deals | runs | replay best | replay median | parse + replay best | parse + replay median |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for r in replay_rows:
        lines.append(f"| {r['deals']} | {r['runs']} | {r['best']:.1f} ms | {r['median']:.1f} ms | "
                     f"{r['parse_best']:.1f} ms | {r['parse_median']:.1f} ms |")
    lines += ["", f"**Goal ≤ {GOAL_MS:.0f} ms for 1,000 deals (median replay): {'met' if met else 'not met'}.**", ""]
    for r in replay_rows:
        lines.append(f"- {r['deals']} deals: {r['what']}")
    if profile:
        lines += ["", "Profile of one 1,000-deal replay (cProfile, by own time):", "", "```text", profile, "```"]
    lines += [
        "",
        "## The scoresheet GET",
        "",
        "`GET /api/matches/<id>/scoresheet/`, logged in (`force_login`), in process with Django's test",
        "client, `DEBUG=0`, SQLite in a temporary folder; the match and its deals made through",
        "`scorebook.services`. Queries counted with `CaptureQueriesContext` on a warm request; time per",
        "GET best and median of 30. \"Stale cache\": the match's cached sheet was made by other rules",
        "(as after a deploy that changed `referee/`), so every GET parses and replays the deals.",
        "",
        "| deals | queries | best | median | stale cache: median | response | appending a deal (last 5, median) | building the match |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in sheet_rows:
        lines.append(f"| {r['deals']} | {r['queries']} | {r['best']:.1f} ms | {r['median']:.1f} ms | "
                     f"{r['cold_median']:.1f} ms | {r['bytes'] / 1024:.0f} KiB | {r['last_write']:.1f} ms | "
                     f"{r['build_s']:.1f} s |")
    lines += ["", "The queries (300 deals):", "", "```sql"]
    lines += [q if len(q) < 200 else q[:197] + "…" for q in sheet_rows[-1]["sql"]]
    lines += ["```", ""]
    replace_sections(ROOT / "docs" / "performance.md", lines, keep=(STOCK_TITLE, LOAD_TITLE, LIVE_TITLE, PHONE_TITLE))


# Each command rewrites its own part of docs/performance.md: `make bench` everything but `make
# load`'s section and the live delivery the browser test measured (written in by hand from
# test-results/live-delivery.json), and the referee in the phone's (tests/e2e/test_phone_engine.py,
# test_phone_drafts.py; also written in by hand), which it keeps as they were left.
LOAD_TITLE = "## Capacity: live tables (`make load`)"
LIVE_TITLE = "## Live delivery: a deal from phone to phone (browser test)"
PHONE_TITLE = "## The referee in the phone"
STOCK_TITLE = "## What the stock parts cost (issue [1/6])"  # written by hand, from profiles


def replace_sections(path: Path, lines: list[str], keep: tuple[str, ...]) -> None:
    """Write *lines* to *path*, keeping the sections titled *keep* (each to the next "## ") from the file."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    text = "\n".join(lines).rstrip("\n") + "\n"
    for title in keep:
        if title in old:
            start = old.index(title)
            end = old.find("\n## ", start + len(title))
            kept = old[start:] if end < 0 else old[start:end + 1]
            text += "\n" + kept.rstrip("\n") + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# Issue [1/6]'s line to hold with stock parts (medians of 5 runs, CACHE_URL on PostgreSQL).
GOALS = {"poll": 0.50, "scoresheet": 0.40, "page": 0.15, "post": 0.08}
WHAT = {
    "healthz": "`GET /healthz/` (the floor: every middleware, no query)",
    "poll": "poll `GET /matches/<id>/sheet/?since=<version>` (204)",
    "scoresheet": "`GET /api/matches/<id>/scoresheet/`, 40-deal 1000 match",
    "page": "`GET /matches/<id>/` (the match page), 40 deals",
    "post": "`POST` a deal, spread over 60 matches of 40 deals",
    "bare": "a bare write: the `POST`'s round trips and bytes, no rule, no DRF, no model (a reference)",
}


def served_section(served: dict[str, Any]) -> list[str]:
    lines = [
        "## What gunicorn serves: the hot paths relative to `/healthz/`",
        "",
        "gunicorn, 2 sync workers, `DEBUG=0`, on loopback; the load from `benchmarks/serving.py`",
        f"({served['clients']} closed loops in their own processes, plain `http.client`, {served['seconds']:.0f} s",
        f"per path; wrk is not installed), every path once per round, {served['rounds']} rounds one after",
        "another: each figure is the median of its rounds, the share the median of each round's share of",
        "that round's `/healthz/`. The loops share the 2 cores with the server, so every figure is",
        "low and only the ratios to `/healthz/` in the same run compare. The page and the poll signed in",
        "with a session, the API with a token (no throttle: `SCOREBOOK_RATE_USER=off`).",
        "",
        "| path | requests/s | of `/healthz/` | goal | each round | median | errors |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    for name, item in served["figures"].items():
        goal = f"≥ {GOALS[name] * 100:.0f} %" if name in GOALS else "—"
        rounds = " ".join(f"{ratio * 100:.0f}" for ratio in item["ratios"])
        lines.append(f"| {WHAT[name]} | {item['rps']:.0f} | {item['ratio'] * 100:.0f} % | {goal} | {rounds} | "
                     f"{item['median_ms']:.1f} ms | {item['errors']} |")
    figures = served["figures"]
    if "bare" in figures and figures["bare"]["rps"]:
        lines += [
            "",
            "The bare write (`benchmarks/bare.py`, served by the same gunicorn at the same time) makes the",
            "round trips of a deal's `POST` and moves its bytes with none of the app's work: one read of the",
            "cache, a transaction that locks the match and writes a row, the cache written, a 40-deal sheet",
            "as the answer. What it serves is the most a `POST` of that shape reaches on this machine; the",
            f"`POST` serves {figures['post']['rps'] / figures['bare']['rps'] * 100:.0f} % of it: the rest is DRF, the token, the entry parsed and folded",
            "by `referee/`, the models, the row rendered and the cache's bookkeeping.",
        ]
    return [*lines, ""]


def writes_section(writes: list[dict[str, Any]], imports: list[dict[str, Any]],
                   replays: list[dict[str, Any]]) -> list[str]:
    lines = [
        "## A write and an import",
        "",
        "In process (`time.perf_counter`), the database above. A deal appended with",
        "`services.deal_record` is folded onto the state the cached sheet keeps after the last deal,",
        "and the database appends its row: the goal is the same cost at any length (500 deals ≤ 2 × 10).",
        "",
        "| deals in the match | appending a deal: median | best | appends timed |",
        "|---:|---:|---:|---:|",
    ]
    for r in writes:
        lines.append(f"| {r['deals']} | {r['median']:.1f} ms | {r['best']:.1f} ms | {r['appends']} |")
    ratio = writes[-1]["median"] / writes[0]["median"] if writes[0]["median"] else 0.0
    lines += ["", f"**{writes[-1]['deals']} deals against {writes[0]['deals']}: × {ratio:.2f} "
                  f"(goal ≤ × 2: {'met' if ratio <= 2 else 'not met'}).**", "",
              "Python reads neither the deals nor the sheet's rows any more; what still grows with the match is",
              "the database's own work on the cached sheet, one value of JSON: one pass to extract the keys the",
              "fold needs and one to append the row and write the value back (in C: the best times show it).", "",
              "A match file imported with `exports.match_import` (every deal recorded once, with its history):",
              "validated and replayed in memory, then stored in one transaction.", "",
              "| deals in the file | import: median | best | runs | as many ms as appends at 10 deals |",
              "|---:|---:|---:|---:|---:|"]
    small = writes[0]["median"] or 1.0
    for r in imports:
        lines.append(f"| {r['deals']} | {r['median']:.0f} ms | {r['best']:.0f} ms | {r['runs']} | "
                     f"{r['median'] / small:.0f} |")
    longest = imports[-1]
    replayed = next((r for r in replays if r["deals"] == longest["deals"]), None)
    if "stored_median" in longest and replayed is not None:
        least = replayed["parse_median"] + longest["stored_median"]
        lines += [
            "",
            f"The least an import of {longest['deals']:,} deals can take here, done as it is (everything checked and replayed",
            "in memory first, then stored in one transaction), is the sum of two parts measured alone:",
            f"- the pure parse + replay of its deals (the replay's section below): {replayed['parse_median']:.0f} ms;",
            f"- PostgreSQL storing the match it made once more, with no Python between: {longest['stored_median']:.0f} ms",
            "  (`stored_again`: the match's row, its deals, their history and its sheet's rows by",
            "  INSERT … SELECT in one transaction, every JSON value parsed from its text, the foreign keys",
            "  checked at the commit);",
            f"- together {least:.0f} ms, as many as {least / small:.0f} appends at 10 deals. The import takes"
            f" {longest['median'] - least:.0f} ms more: Python turning",
            "  the replay into rows and JSON, and the waits between its statements.",
        ]
    return [*lines, ""]


if __name__ == "__main__":
    main()
