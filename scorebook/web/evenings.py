"""An evening at one table (``scorebook.evenings``): its matches and one settlement across them,
and "next game", which starts the same table again.

Views only read and render; the next match is made by ``scorebook.services.match_next_game``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from referee import roles
from referee.ledger import Rejected
from scorebook import evenings, selectors, services
from scorebook.games.registry import CHIPS, MONEY
from scorebook.sheets import violation_json

UNIT_TITLES = {MONEY: _("In money"), CHIPS: _("In chips")}


def amount(value: Decimal, sign: bool = False) -> str:
    """An amount as written on paper: no trailing zeros, a real minus sign, "+" when asked."""
    text = format(abs(value).normalize(), "f")
    if value < 0:
        return "−" + text
    return f"+{text}" if sign and value > 0 else text


@login_required
def evening_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The evening of one of the caller's matches (any of them opens it). The evening gathers the
    owner's other matches, so only who manages this table sees it; another member gets 403."""
    match = selectors.match_of(request.user, pk)
    selectors.require(match, request.user, roles.MANAGE)
    evening = evenings.evening_of(match)
    return render(request, "scorebook/evening.html", evening_context(evening))


def evening_context(evening: evenings.Evening) -> dict[str, Any]:
    players = evening.players
    rows = [{
        "match": one.match,
        "unit": one.money.unit if one.money else None,
        "chips": one.money is not None and one.money.unit == CHIPS,
        "cells": [amount(one.amounts[p.pk], sign=True) if p.pk in one.amounts else "" for p in players],
        "pot": amount(one.money.pot) if one.money and one.money.pot else "",
    } for one in evening.matches]
    settlements = [{
        "unit": settlement.unit,
        "title": UNIT_TITLES[settlement.unit],
        "balances": [(player, amount(total, sign=True)) for player, total in settlement.balances],
        "pot": amount(settlement.pot) if settlement.pot else "",
        # Each player's share of the pot first (a pot below 0 pays out its shares), then the players'.
        "transfers": [*((player, None, amount(share)) if share > 0 else (None, player, amount(-share))
                        for player, share in settlement.pot_shares),
                      *((t.payer, t.payee, amount(t.amount)) for t in settlement.transfers)],
    } for settlement in evening.settlements]
    any_pot = any(row["pot"] for row in rows)
    return {"evening": evening, "players": players, "rows": rows, "settlements": settlements,
            "any_pot": any_pot, "columns": len(players) + any_pot}


@login_required
@require_POST
def match_next_game(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the same table again and open the new match."""
    match = selectors.match_of(request.user, pk)
    selectors.require(match, request.user, roles.MANAGE)
    try:
        new = services.match_next_game(match=match, owner=request.user)
    except Rejected as rejected:
        # The options froze under rules that refuse them now: the same table cannot be copied.
        for violation in rejected.violations:
            messages.error(request, violation_json(violation, match.players)["message"])
        return redirect("web:evening", pk=match.pk)
    return redirect("web:match", pk=new.pk)
