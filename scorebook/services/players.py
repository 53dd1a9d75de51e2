"""Recurring players: the people an owner seats at his table across matches, renamed or merged
(their statistics follow). The matches keep the names as written at the table."""

from __future__ import annotations

from django.db import transaction

from referee.ledger import Rejected, _, error
from scorebook.models import Player, Seat
from scorebook.services.matches import MAX_NAME, names_of, text_refused


def player_rename(*, player: Player, name: str) -> Player:
    """Rename a recurring player. The matches keep the names as they were written at the table;
    the statistics and the filters use the new one. :raises Rejected: (the name is taken)"""
    name = names_of([name])[0]
    if not name or len(name) > MAX_NAME:
        raise Rejected([error("bad_name", _("A player's name has 1 to %(high)s characters."), "name",
                              high=MAX_NAME)])
    if (bad_text := text_refused(name, MAX_NAME, "name")) is not None:
        raise Rejected([bad_text])
    # Compared in Python: SQLite's iexact folds the case of ASCII letters only ("аня", "Аня").
    others = Player.objects.filter(owner_id=player.owner_id).exclude(pk=player.pk).values_list("name", flat=True)
    if any(other.casefold() == name.casefold() for other in others):
        raise Rejected([error("player_name_taken",
                              _("There is already a player called “%(name)s”: merge the two instead."),
                              "name", name=name)])
    Player.objects.filter(pk=player.pk).update(name=name)
    player.name = name
    return player


def player_merge(*, source: Player, target: Player) -> Player:
    """*source* and *target* are one person: *source*'s seats (and so his statistics) move to
    *target*, and *source* is gone. :raises Rejected: (another owner's, the same player, or the
    two sat at the same match: one seat would count twice)"""
    if source.owner_id != target.owner_id or source.pk == target.pk:
        raise Rejected([error("bad_merge", _("Pick two different players of yours to merge."), "target")])
    with transaction.atomic():
        shared = Seat.objects.filter(player=source, match__seats__player=target).exists()
        if shared:
            raise Rejected([error("merge_same_match",
                                  _("%(source)s and %(target)s played in the same match: they are two people."),
                                  "target", source=source.name, target=target.name)])
        Seat.objects.filter(player=source).update(player=target)
        if target.user_id is None and source.user_id is not None:
            Player.objects.filter(pk=target.pk).update(user_id=source.user_id)
            target.user_id = source.user_id
        source.delete()
    return target
