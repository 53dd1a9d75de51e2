"""Named players recur across one owner's matches: the seats link each match to them."""

from __future__ import annotations

import pytest

from scorebook import services
from scorebook.models import Player

pytestmark = pytest.mark.django_db


def test_the_same_name_at_the_same_table_is_the_same_player(owner, stranger) -> None:
    first = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    second = services.match_create(owner=owner, game="terz", players=["Вика", "Аня"])
    services.match_create(owner=stranger, game="terz", players=["Аня", "Глеб"])
    mine = Player.objects.filter(owner=owner)
    assert sorted(mine.values_list("name", flat=True)) == ["Аня", "Борис", "Вика"]
    assert [s.player.name for s in first.seats.order_by("index")] == ["Аня", "Борис", "Вика"]
    assert [s.player.name for s in second.seats.order_by("index")] == ["Вика", "Аня"]
    assert mine.get(name="Аня").matches.count() == 2
    assert Player.objects.filter(owner=stranger, name="Аня").count() == 1  # another table, another Аня
