"""The referee's index, ``/referee/``: each game's checks, the questions a player asks at the table
with no match behind them. Each game's own check pages are mounted at ``/referee/<game>/``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from scorebook.games import GAMES


@login_required
def referee_index(request: HttpRequest) -> HttpResponse:
    games = [{"name": game.checks_title, "url": f"{reverse('web:referee')}{code}/", "checks": list(game.checks)}
             for code, game in GAMES.items()]
    return render(request, "scorebook/referee/index.html", {"games": games})
