"""What a game adds on the Django side, as one frozen record: the mirror of ``referee.games.GAMES``.

Each game declares its ``GameUI`` in its own package, ``scorebook/games/<game>/__init__.py``, and
``scorebook.games.GAMES`` lists them. Shared code (the pages, the API, the statistics, the charts)
asks the record and never names a game.

A record is light on purpose: ``scorebook.models`` reads the games' names from it, so a record and
what it imports at once (its form, its sheet hooks, its statistics) import no models, services or
views. Its check pages and check API are named as URL modules, which Django imports when it reads
the URLconfs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

from django.http import QueryDict

from referee.ledger import Row, Violation

if TYPE_CHECKING:
    from django.utils.safestring import SafeString
    from django_stubs_ext import StrOrPromise

    from scorebook.games.charts import Marker
    from scorebook.models import Match, Player


class RowExtras(TypedDict):
    """What a game shows in a sheet row beyond the deltas and totals."""

    cells: Sequence[str | None] | None  # one figure under each player's total (the mountain), or none
    tail: Any  # the figure in the column after the players (the pot)


@dataclass(frozen=True)
class Played:
    """One match as one player sat it, for his statistics: his seat and the match's sheet."""

    match: Match
    seat: int
    sheet: dict[str, Any]

    @property
    def won(self) -> bool:
        return bool(self.sheet.get("finished")) and self.sheet.get("winner") == self.seat

    @property
    def total(self) -> int:
        totals = self.sheet.get("totals") or []
        return totals[self.seat] if self.seat < len(totals) else 0

    def rows(self) -> Iterable[tuple[dict[str, Any], list[str], dict[str, Any]]]:
        """(row, his marks, the row's result) for every counted deal."""
        for row in self.sheet.get("rows", []):
            marks = row["marks"][self.seat] if self.seat < len(row["marks"]) else []
            yield row, marks, row.get("result") or {}


@dataclass(frozen=True)
class Preview:
    """A deal scored on top of the match with nothing written (``selectors.deal_preview``): the
    referee's row for it, or every error the replay finds (each with its deal). What a record's
    ``preview`` hook turns into its template's context."""

    number: int  # the deal previewed: the next one, or the earlier one being edited
    entry: Mapping[str, Any]  # as the form sent it
    parsed: Any  # as the game read it (None when it cannot be read)
    row: Row | None  # None when refused
    errors: tuple[Violation, ...] = ()


class EntryForm(Protocol):
    """A game's entry form module (``scorebook/games/<game>/form.py``): the POSTed fields to the
    game's entry and back. It only reshapes what was typed; the referee checks every rule."""

    TEMPLATE: str  # the form, included on the match page and the edit page
    FIELDS: str  # its main form's fields (scorebook/_entry_fields.html keeps them rendered when fresh)

    def initial_values(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The empty form for the next deal, in the referee's *state* (dumped)."""

    def entry_from_post(self, post: QueryDict, seats: int, state: Mapping[str, Any]) -> dict[str, Any]:
        """The entry the form describes, for a deal entered in *state*."""

    def values_from_entry(self, entry: dict[str, Any] | None, seats: int) -> dict[str, Any]:
        """The form showing a stored entry (the edit page)."""

    def post_values(self, post: QueryDict, seats: int) -> dict[str, Any]:
        """What was typed, to show the form again after a refusal."""

    def field_name(self, api_field: str | None, action: str = "play") -> str:
        """The form field a violation's ``field`` points at (``__all__``: above the form)."""

    def clean_errors(self, errors: dict[str, list[str]], post: QueryDict) -> dict[str, list[str]]:
        """The errors by field as the form shows them (moved, merged, reworded)."""

    def form_context(self, match: Match, state: Mapping[str, Any], values: dict[str, Any],
                     errors: dict[str, list[str]], seat_rows: list[dict[str, Any]]) -> dict[str, Any]:
        """Whatever else the template needs: the seats with what was typed for each, choices."""


# The units a match's settlement comes in: amounts of two units are never added together.
MONEY, CHIPS = "money", "chips"


@dataclass(frozen=True)
class Money:
    """What a match is worth as its referee settles it: each seat's net amount (won above 0, lost
    below) and what lies in the pot, nobody's; seats and pot add up to 0."""

    unit: str  # MONEY or CHIPS
    seats: tuple[Decimal, ...]
    pot: Decimal = Decimal(0)


def no_money(sheet: Mapping[str, Any]) -> Money | None:
    """A game played for points only: nothing to settle."""
    return None


def no_extras(row: Mapping[str, Any], seats: int) -> RowExtras:
    return {"cells": None, "tail": None}


def no_markers(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[Marker]:
    return []


@dataclass(frozen=True, kw_only=True)
class GameUI:
    """One game on the Django side. Words are lazy translations; templates are names under
    ``templates/scorebook/games/<game>/``.

    A field with a default is something a game may not have (no preview, nothing to settle, no
    markers on its chart): a record names only what its game has. Keyword-only, so each field
    stays beside its own kind whether it has a default or not."""

    name: str  # the referee's NAME
    rules: ModuleType  # the referee's module: referee.games.<game>
    display_name: StrOrPromise
    blurb: StrOrPromise  # one line under its name on /rules/: players, deck, what the totals are
    rules_template: str  # its summary on /rules/<game>/

    # The match page.
    form: EntryForm
    row_extras: Callable[[Mapping[str, Any], int], RowExtras] = no_extras  # a row's own figures
    tail_label: StrOrPromise | None = None  # the column after the players (its figure is RowExtras.tail)
    status_template: str | None = None  # above the sheet: the pot, the mountain…
    seat_template: str | None = None  # beside a player's name at the head of the sheet
    preview: Callable[[Match, Preview], dict[str, Any]] | None = None  # the entry form's preview: its context
    preview_template: str | None = None  # that preview, swapped into the entry form
    # Its own static files, under static/games/<game>/, kept by the installable app for offline use:
    scripts: tuple[str, ...] = ()  # loaded by the pages of its entry form and its checks
    styles: tuple[str, ...] = ()  # loaded by every page (its marks, status and statistics show on shared ones too)

    # Words on screen for its codes, beside the shared ones in scorebook.sheets.
    marks: Mapping[str, StrOrPromise]  # marks on the sheet
    mark_styles: Mapping[str, str] = field(default_factory=dict)  # a mark drawn like another (its CSS class)
    choices: Mapping[str, StrOrPromise] = field(default_factory=dict)  # option values
    presets: Mapping[str, StrOrPromise] = field(default_factory=dict)  # preset names

    # Charts and statistics.
    balances: bool  # totals are balances that start at 0 (chips, money), not a race to a target
    unit: StrOrPromise  # what the totals count: points, chips, money
    # The match's settlement from its sheet (neutral JSON): None when there is nothing to settle
    # (no stake among its options, no result yet). The evening adds these up, unit by unit.
    money: Callable[[Mapping[str, Any]], Money | None] = no_money
    # Events on its lines.
    chart_markers: Callable[[Sequence[Mapping[str, Any]], Sequence[str]], list[Marker]] = no_markers
    stats: Callable[[Sequence[Played]], dict[str, Any]]  # the game's own figures for one player
    stats_labels: Callable[[dict[str, Any]], dict[str, Any]]  # those figures with words for people
    stats_template: str  # with the partials "figures" and "tables"
    stats_chart: Callable[[Player, dict[str, Any]], SafeString] | None = None  # none: his results match by match

    # The referee's checks: pages at /referee/<game>/, JSON at /api/referee/<game>/.
    checks_title: StrOrPromise
    checks: tuple[StrOrPromise, ...]  # the questions they answer, for /referee/
    check_pages: str  # a URL module (its urlpatterns), included by scorebook/web/urls.py
    check_api: str  # a URL module (its urlpatterns), included by scorebook/api/urls.py

    # What an option left empty (null) means, where "none" would not say it (Thirteens' cards_each).
    unset_labels: Mapping[str, StrOrPromise] = field(default_factory=dict)
    # The fields of its entries in words, for the history ("Борис's points: 45 → 55"): a field's
    # label and what it holds: "seat" (a player's seat), "per_seat" (one value per player) or
    # "value". A field left out is shown by its code.
    entry_fields: Mapping[str, tuple[StrOrPromise, str]] = field(default_factory=dict)
    # The printable sheet's note on a row (1000: who bid what and played which contract), from the
    # row's ``result`` and the names; none: no note column.
    print_note: Callable[[Mapping[str, Any], Sequence[str]], str] | None = None

    @property
    def preset_notes(self) -> Mapping[str, str]:
        """A line under a preset: the referee's English (``PRESET_NOTES``), translated where shown."""
        return self.rules.PRESET_NOTES

