"""The Redis cache backend (scorebook/redis_cache.py) against the Redis server of CACHE_URL: it
answers every cache operation as Django's own Redis backend does, while each thread sends its
commands on a connection it keeps; a connection that broke is replaced without an error, and an
answer half read is never read as the next command's. Marker ``redis``: run by .ci/run with
``-m "multiserver or redis"`` (tests/conftest.py leaves it out of any other run).
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache.backends.redis import RedisCache

from scorebook.redis_cache import KeptConnectionRedis, Redis

pytestmark = pytest.mark.redis

CACHE_URL = os.environ.get("CACHE_URL") or "redis://127.0.0.1:6379/15"


def backend(cls: type, prefix: str) -> Any:
    return cls(CACHE_URL, {"KEY_PREFIX": prefix})


def cleared(cls: type, prefix: str) -> Iterator[Any]:
    """A backend of *cls* on keys of their own, empty before the test and after it."""
    cache = backend(cls, prefix)
    cache.clear()
    yield cache
    cache.clear()


@pytest.fixture
def ours() -> Iterator[Any]:
    yield from cleared(Redis, "test-kept")


@pytest.fixture
def django_own() -> Iterator[Any]:
    yield from cleared(RedisCache, "test-stock")


def client_of(cache: Any, *, write: bool = False) -> KeptConnectionRedis:
    """The client *cache* reads with (or writes with: ``set``, ``incr``, ``delete``…)."""
    client = cache._cache.get_client(write=write)
    assert isinstance(client, KeptConnectionRedis)
    return client


# Each row: a list of cache operations; both backends must give the same answers in turn.
OPERATIONS: list[tuple[str, list[tuple[str, tuple[Any, ...], dict[str, Any]]]]] = [
    ("get of a missing key", [("get", ("seat",), {}), ("get", ("seat", "none"), {})]),
    ("set then get", [("set", ("seat", {"declarer": 1, "bid": 120}), {}), ("get", ("seat",), {})]),
    ("get_many with some missing", [("set", ("a", 1), {}), ("set", ("b", "Аня"), {}),
                                     ("get_many", (["a", "b", "c"],), {})]),
    ("set_many then get_many", [("set_many", ({"x": [1, 2], "y": None},), {}), ("get_many", (["x", "y"],), {})]),
    ("add keeps what is there", [("add", ("k", 1), {}), ("add", ("k", 2), {}), ("get", ("k",), {})]),
    ("incr and decr", [("set", ("n", 10), {}), ("incr", ("n",), {}), ("decr", ("n", 5), {}), ("get", ("n",), {})]),
    ("delete and has_key", [("set", ("d", 1), {}), ("has_key", ("d",), {}), ("delete", ("d",), {}),
                            ("delete", ("d",), {}), ("has_key", ("d",), {})]),
    ("delete_many", [("set_many", ({"p": 1, "q": 2},), {}), ("delete_many", (["p", "q"],), {}),
                     ("get_many", (["p", "q"],), {})]),
    ("touch", [("set", ("t", 1), {"timeout": 5}), ("touch", ("t", 60), {}), ("touch", ("missing", 60), {})]),
    ("a key with spaces and Cyrillic", [("set", ("стол 1", "Борис"), {}), ("get", ("стол 1",), {})]),
    ("get_or_set", [("get_or_set", ("g", 7), {}), ("get_or_set", ("g", 8), {})]),
]


# Django's own backend warns of keys memcached would refuse (the row with spaces); ours does not.
@pytest.mark.filterwarnings("ignore::django.core.cache.backends.base.CacheKeyWarning")
@pytest.mark.parametrize("steps", [steps for _name, steps in OPERATIONS], ids=[name for name, _ in OPERATIONS])
def test_every_operation_answers_as_djangos_own_backend(ours, django_own, steps) -> None:
    for method, args, kwargs in steps:
        assert getattr(ours, method)(*args, **kwargs) == getattr(django_own, method)(*args, **kwargs), method


def test_an_error_answer_keeps_the_connection(ours) -> None:
    ours.set("pickled", {"not": "a number"})
    kept = client_of(ours, write=True)._connection()
    with pytest.raises(Exception) as refused:  # Redis refuses INCR on a pickled value
        ours.incr("pickled")
    assert "not an integer" in str(refused.value)
    assert client_of(ours, write=True)._connection() is kept
    assert ours.get("pickled") == {"not": "a number"}


def test_a_connection_the_server_closed_is_replaced_without_an_error(ours) -> None:
    ours.set("seat", 3)
    assert ours.get("seat") == 3
    client = client_of(ours)
    kept = client._connection()
    kept._sock.close()  # as when Redis restarts or drops an idle client
    assert ours.get("seat") == 3  # sent again on a pool's connection
    assert client._connection() is not kept
    assert ours.get("seat") == 3


def test_an_answer_half_read_is_not_read_as_the_next_commands(ours, monkeypatch) -> None:
    ours.set_many({"first": "Аня", "second": "Борис"})

    class Interrupted(BaseException):
        pass

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise Interrupted  # the GET was sent, its answer never read

    with monkeypatch.context() as patch:
        patch.setattr(KeptConnectionRedis, "parse_response", interrupted)
        with pytest.raises(Interrupted):
            ours.get("first")
    assert ours.get("second") == "Борис"
    assert ours.get("first") == "Аня"


def test_each_thread_keeps_its_own_connection(ours) -> None:
    ours.set_many({f"seat-{n}": n for n in range(4)})
    client = client_of(ours)
    seen: dict[int, tuple[Any, list[Any]]] = {}

    def read(n: int) -> None:
        seen[n] = (client._connection(), [ours.get(f"seat-{i}") for i in range(4)])

    threads = [threading.Thread(target=read, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(values == [0, 1, 2, 3] for _connection, values in seen.values())
    assert len({id(connection) for connection, _values in seen.values()} | {id(client._connection())}) == 4


def test_a_forked_process_opens_its_own_connection(ours, monkeypatch) -> None:
    ours.set("seat", 1)
    client = client_of(ours)
    parents = client._connection()
    monkeypatch.setattr(os, "getpid", lambda: -1)  # what the fork's child sees: another process id
    assert client._connection() is not parents
    assert ours.get("seat") == 1


def test_keys_are_not_checked_against_memcacheds_rules(ours) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Django's CacheKeyWarning would be raised
        ours.set("a key with spaces " + "x" * 300, 1)
        assert ours.get("a key with spaces " + "x" * 300) == 1


def test_set_many_deleting_is_set_many_and_delete_many_in_one_round_trip(ours, django_own, monkeypatch) -> None:
    # What an append keeps after its commit and deletes then (scorebook/caches.py ``keep_json``).
    for cache in (ours, django_own):
        cache.set_many({"row": ("Пятница", 3), "other": 1})
    sent: list[int] = []
    pipeline_class = type(client_of(ours, write=True).pipeline())
    execute = pipeline_class.execute

    def counted(pipeline: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(len(pipeline.command_stack))
        return execute(pipeline, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(client_of(ours, write=True), "execute_command", None)  # nothing sent outside the pipeline
        patch.setattr(pipeline_class, "execute", counted)
        ours.set_many_deleting({"sheet": b'{"rows":[]}', "rows": (4, "thousand/1", b"")}, 60, ["row"])
    django_own.set_many({"sheet": b'{"rows":[]}', "rows": (4, "thousand/1", b"")}, 60)
    django_own.delete_many(["row"])
    assert sent == [4]  # MSET, two EXPIREs, DEL
    keys = ["sheet", "rows", "row", "other"]
    assert ours.get_many(keys) == django_own.get_many(keys) == {
        "sheet": b'{"rows":[]}', "rows": (4, "thousand/1", b""), "other": 1}
    assert 0 < client_of(ours, write=True).ttl(ours.make_key("sheet")) <= 60
