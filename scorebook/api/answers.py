"""What the API answers, as serializers: the schema at /api/schema/ types every answer from these.

They describe the JSON that ``scorebook.api.common`` (``match_json``, ``deal_json``…),
``scorebook.sheets.render_sheet`` and ``scorebook.services.files.match_document`` write; the views keep
writing it themselves, so the answers stay byte for byte what API.md says. Only what is a game's
own (its ``state``, an entry, a row's ``result``, the options) is a free-form object.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from referee import roles
from scorebook import models
from scorebook.api.common import Errors, Violation


def _ints(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.IntegerField(), **kwargs)


def _texts(**kwargs: Any) -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), **kwargs)


def _free(help_text: str, **kwargs: Any) -> serializers.DictField:
    """A game's own object: its keys are the game's (RULES.md, API.md's "Entries, per game")."""
    return serializers.DictField(help_text=help_text, **kwargs)


# ---------------------------------------------------------------- the scoresheet


class Row(serializers.Serializer):
    """One counted deal on the scoresheet."""

    number = serializers.IntegerField()
    dealer = serializers.IntegerField(help_text="the dealer's seat")
    type = serializers.CharField(help_text="the entry's type: play, penalty…")
    deltas = _ints(help_text="what each seat gained or lost")
    totals = _ints(help_text="each seat's total after this deal")
    marks = serializers.ListField(child=_texts(), help_text='per seat, e.g. [[], ["made"], ["bolt"]]')
    explanation = _texts(help_text="how the deal was scored, in the request's language")
    result = _free("the game's reading of the deal")
    status = serializers.ChoiceField(choices=list(roles.ROW_STATUSES),
                                     help_text="confirmation mode: pending until another seat confirms it")
    provisional = serializers.BooleanField(help_text="at or after the first pending deal: these totals may change")


class StoppedAt(serializers.Serializer):
    """The replay stopped at a stored deal today's rules refuse: the sheet is the replay up to it."""

    deal = serializers.IntegerField()
    not_counted = _ints(help_text="every deal from there on that is not counted")
    violations = Violation(many=True)


class Rejection(serializers.Serializer):
    deal = serializers.IntegerField()
    reason = serializers.CharField()


class Proposal(serializers.Serializer):
    deal = serializers.IntegerField()
    void = serializers.BooleanField(help_text="true: voiding the deal is proposed; false: another entry")


class Scoresheet(serializers.Serializer):
    """The replay of every counted deal: the rows, the totals and the game's state."""

    game = serializers.CharField()
    players = _texts()
    rows = Row(many=True)
    totals = _ints(help_text="each seat's total (chip and money games: its net balance)")
    finished = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True, help_text="a seat")
    next_dealer = serializers.IntegerField(allow_null=True, help_text="a seat")
    state = _free("the game's own state: bolts and barrels, a mountain, a pot… (API.md names its fields per game)")
    voided = _ints(help_text="the numbers of the voided deals")
    stopped_at = StoppedAt(allow_null=True)
    pending = _ints(help_text="confirmation mode: the deals waiting for another seat (counted provisionally)")
    rejected = Rejection(many=True, help_text="deals rejected, not counted until their author amends them")
    proposals = Proposal(many=True, help_text="changes proposed for confirmed deals, waiting for another seat")
    settled_totals = _ints(help_text="each seat's total before the first pending deal (all of them: totals)")


# ---------------------------------------------------------------- matches


class MatchSummary(serializers.Serializer):
    """A match as the list of matches shows it."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    name = serializers.CharField(allow_blank=True)
    players = _texts()
    first_dealer = serializers.IntegerField()
    preset = serializers.CharField(allow_null=True)
    options = _free("every option, resolved and frozen (RULES.md)")
    version = serializers.IntegerField(help_text="bumped by one on every write")
    finished = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True)
    totals = _ints()
    created_at = serializers.DateTimeField()
    confirmation = serializers.BooleanField(help_text="confirmation mode: a deal counts once another seat confirms it")
    correction_window = serializers.IntegerField(
        allow_null=True, help_text="minutes a confirmed deal may still be corrected directly; null: until the next "
        "deal is confirmed")


class Match(MatchSummary):
    """A match with its scoresheet."""

    scoresheet = Scoresheet()


class MatchPage(serializers.Serializer):
    """One page of the caller's matches, newest first."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummary(many=True)


# ---------------------------------------------------------------- deals


# Every kind of step a deal's history holds, as the models list them: the writes of an entry and
# confirmation mode's steps (a file keeps them all, the mode on or turned off since).
KINDS = [kind for kind, _label in models.Revision.KINDS]


class WriteInFile(serializers.Serializer):
    """One step of a deal's history, as a match file keeps it: a write, or a confirmation step."""

    kind = serializers.ChoiceField(choices=KINDS)
    entry = _free("the deal's entry after this write (proposed, applied, dropped: the entry proposed)")
    version = serializers.IntegerField(help_text="the match's version after this write")
    author = serializers.CharField(allow_null=True, help_text="a user name; null for a guest, or once the user "
                                   "is deleted")
    at = serializers.DateTimeField()
    reason = serializers.CharField(required=False, help_text="why it was rejected (rejected, dropped only)")


class Revision(serializers.Serializer):
    """One step of a deal's history: a write, or (confirmation mode) a confirmation step."""

    kind = serializers.ChoiceField(choices=KINDS)
    entry = _free("the deal's entry after this write (proposed, applied, dropped: the entry proposed)")
    version = serializers.IntegerField(help_text="the match's version after this write")
    author = serializers.CharField(allow_null=True, help_text="a user name, or a guest's name; null once deleted")
    at = serializers.DateTimeField()
    reason = serializers.CharField(allow_blank=True, help_text="why it was rejected (empty for other kinds)")


class DealProposal(serializers.Serializer):
    entry = _free("the entry proposed; null: voiding the deal", allow_null=True)
    seat = serializers.IntegerField(allow_null=True, help_text="the proposer's seat")


class Deal(serializers.Serializer):
    """A deal: its canonical entry and, when counted, how it was scored."""

    number = serializers.IntegerField()
    entry = _free("the entry, canonical")
    voided = serializers.BooleanField()
    result = _free("the game's reading of the deal; null when not counted", allow_null=True)
    explanation = _texts()
    deltas = _ints(allow_null=True)
    totals = _ints(allow_null=True)
    marks = serializers.ListField(child=_texts(), allow_null=True)
    warnings = Violation(many=True, help_text='"severity": "warning": noted, never blocking')
    status = serializers.ChoiceField(choices=list(roles.STATUSES))
    seat = serializers.IntegerField(allow_null=True, help_text="the seat its entry came from (null: no seat)")
    reason = serializers.CharField(allow_blank=True, help_text="rejected: why")
    proposal = DealProposal(allow_null=True, help_text="a change proposed, waiting for another seat")


class DealWithHistory(Deal):
    history = Revision(many=True)


class DealList(serializers.Serializer):
    """Every deal of a match, voided ones included, each with its history."""

    deals = DealWithHistory(many=True)
    version = serializers.IntegerField()


class Written(serializers.Serializer):
    """A write done: the deal as it is now, the match's new version and scoresheet."""

    deal = Deal()
    version = serializers.IntegerField()
    warnings = Violation(many=True)
    scoresheet = Scoresheet()
    repeated = serializers.BooleanField(help_text="a re-sent write (same client_id): done before, nothing new stored")


class Stale(serializers.Serializer):
    """expected_version is not the match's version: the match as it is now, nothing stored."""

    version = serializers.IntegerField()
    scoresheet = Scoresheet()


class ClientIdReused(Errors):
    """The client_id names another write of this match: nothing stored."""

    version = serializers.IntegerField()


CONFLICT = OpenApiResponse(
    PolymorphicProxySerializer(component_name="Conflict", serializers=[Stale, ClientIdReused],
                               resource_type_field_name=None),
    description="a stale expected_version, or a client_id used for another write; nothing stored")


# ---------------------------------------------------------------- games, a token, a match file


@extend_schema_field({"anyOf": [{"type": "string"}, {"type": "number"}]})
class OptionValue(serializers.JSONField):
    """A value a choice option may take: a name ("nearest_5") or a number (5)."""


class OptionField(serializers.Serializer):
    """One house rule a match may set (RULES.md)."""

    name = serializers.CharField()
    kind = serializers.CharField(help_text="bool, int, choice…")
    choices = serializers.ListField(child=OptionValue(), allow_null=True)
    nullable = serializers.BooleanField()
    low = serializers.IntegerField(allow_null=True)
    high = serializers.IntegerField(allow_null=True)


class Game(serializers.Serializer):
    game = serializers.CharField()
    seats = _ints(min_length=2, max_length=2, help_text="the fewest and the most players")
    entry_types = _texts()
    default_preset = serializers.CharField()
    presets = serializers.DictField(child=_free("every option of the preset"), help_text="by name")
    options = OptionField(many=True)


class GameList(serializers.Serializer):
    """The games, their options and presets."""

    games = Game(many=True)


class Token(serializers.Serializer):
    token = serializers.CharField(help_text="send it as Authorization: Token <token>")
    expires = serializers.DateTimeField()


class DealInFile(serializers.Serializer):
    number = serializers.IntegerField()
    entry = _free("the entry, canonical")
    voided = serializers.BooleanField()
    history = WriteInFile(many=True)
    # Confirmation mode's marks, only where they say something (services.files._deal_document).
    status = serializers.ChoiceField(choices=list(roles.STATUSES), required=False,
                                     help_text="absent: confirmed")
    reason = serializers.CharField(required=False, help_text="rejected: why")
    seat = serializers.IntegerField(required=False, help_text="the seat its entry came from")
    proposal = DealProposal(required=False, help_text="a change proposed, waiting for another seat")


class MatchDocument(serializers.Serializer):
    """A Scorebook match file: everything needed to recreate the match, history included."""

    format = serializers.ChoiceField(choices=["scorebook-match"])
    version = serializers.IntegerField(help_text="of the file format")
    game = serializers.CharField()
    name = serializers.CharField(allow_blank=True)
    players = _texts()
    first_dealer = serializers.IntegerField()
    preset = serializers.CharField(allow_null=True)
    options = _free("every option, resolved")
    deals = DealInFile(many=True)
    confirmation = serializers.BooleanField(required=False, help_text="present (true) only in confirmation mode")
    correction_window = serializers.IntegerField(required=False, allow_null=True,
                                                 help_text="confirmation mode: minutes a confirmed deal may be "
                                                           "corrected directly; null: until the next deal is "
                                                           "confirmed")
