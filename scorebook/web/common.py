"""What the pages share with the games' own pages: a game's page of referee checks
(``CheckPage``), each check answering with its verdict. Imports nothing of the games or of the
other page modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import URLPattern, path, reverse
from django.views.decorators.http import require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from scorebook.phone.checking import CheckFunction
from scorebook.sheets import WORDS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from scorebook.games.registry import GameUI


class HtmxHttpRequest(HttpRequest):
    """A request as a page sees it (for type checkers only): HtmxMiddleware adds ``htmx``, and
    ``scorebook.web.people.member_required`` the person acting at the match."""

    htmx: HtmxDetails
    person: Any


def verdict(request: HttpRequest, page: str, partial: str, context: dict[str, Any]) -> HttpResponse:
    """A check's answer: its verdict partial for htmx; the whole page, the form filled in, without
    JavaScript."""
    # HtmxMiddleware sets htmx on every request; the game pages calling this type theirs as plain ones.
    return render(request, f"{page}#{partial}" if request.htmx else page, context)  # type: ignore[attr-defined]


# The page every game's checks are shown in: the way back to the index, the links to each check,
# and each check's frame (its title, its form posting to its own address, its buttons, its verdict).
CHECKS_PAGE = "scorebook/referee/checks.html"


@dataclass(frozen=True)
class Check:
    """One question on a game's page of checks, answered at ``/referee/<game>/<name>/``. The game's
    checks template holds what is its own, as partials: ``<name>_help`` (under the title),
    ``<name>_fields`` (the form's fields, its values in ``form``) and ``<name>_answer`` (the verdict,
    the referee's result in ``r``)."""

    name: str
    title: StrOrPromise
    jump: StrOrPromise  # its link at the top of the page
    submit: StrOrPromise  # the form's button
    verdict_id: str = ""  # the verdict's element: "<name>-verdict" unless another page targets it by a name of its own
    data: tuple[str, ...] = ()  # the form's data attributes, without "data-": what the game's script finds it by

    @property
    def target(self) -> str:
        return self.verdict_id or f"{self.name}-verdict"


@dataclass(frozen=True)
class Section:
    """A check as the page shows it: with its form (what was typed, its errors, its result) and the
    game's partials."""

    check: Check
    form: Mapping[str, Any]
    template: str
    url: str  # where its form posts

    @property
    def help(self) -> str:
        return f"{self.template}#{self.check.name}_help"

    @property
    def fields(self) -> str:
        return f"{self.template}#{self.check.name}_fields"

    @property
    def answer(self) -> str:
        return f"{self.template}#{self.check.name}_answer"


@dataclass(frozen=True)
class CheckPage:
    """A game's page of referee checks, ``/referee/<game>/``, shown by the shared ``CHECKS_PAGE``.
    Each check's view reads its form and asks the referee; the page answers with it (``answer``)."""

    game: GameUI
    template: str  # the game's partials: templates/scorebook/games/<game>/checks.html
    checks: tuple[Check, ...]
    # What the page's forms offer (ranks, suits, seats) and each check's form empty, as "<name>_form":
    # made per request, in its language.
    blank: Callable[[], dict[str, Any]]
    # The game's checks as the phone answers them too (``scorebook.games.<game>.checks.ANSWERS``):
    # each check's verdict as data, in the request's language (``ask``).
    answers: Mapping[str, CheckFunction] = field(default_factory=dict)

    def context(self, **given: Any) -> dict[str, Any]:
        """The page's context: *given* (a check's form as it came back, "<name>_form", or whatever it
        changes, such as the names of the players) over the blank page."""
        context = self.blank() | given
        sections = [Section(check, context[f"{check.name}_form"], self.template,
                            reverse(f"web:referee-{self.game.name}-{check.name}")) for check in self.checks]
        return context | {"game": self.game, "game_name": self.game.display_name, "sections": sections}

    def answer(self, request: HttpRequest, name: str, form: Mapping[str, Any], **given: Any) -> HttpResponse:
        """The check *name* answered: its verdict alone for htmx, the whole page with every form
        (this one filled in) without JavaScript."""
        context = self.context(**given, **{f"{name}_form": form})
        context["section"] = next(section for section in context["sections"] if section.check.name == name)
        return verdict(request, CHECKS_PAGE, "verdict", context)

    def ask(self, request: HttpRequest, name: str, form: Mapping[str, Any], **given: Any) -> HttpResponse:
        """The check *name* asked with the posted form: its answer (``answers``), the form as it was
        sent (*form*: what the fields show again without JavaScript)."""
        asked = self.answers[name](dict(request.POST.lists()), WORDS)
        return self.answer(request, name, {**form, **asked}, **given)

    def urls(self, **views: Callable[[HttpRequest], HttpResponse]) -> list[URLPattern]:
        """The page at ``""`` (``web:referee-<game>``) and each check's view by its name at
        ``<name>/`` (``web:referee-<game>-<name>``). Every check is asked by POST, by someone signed
        in: the views are wrapped here, once for all."""
        if list(views) != [check.name for check in self.checks]:
            raise ImproperlyConfigured(f"{self.game.name}: a view for each check, in the page's order")
        game = self.game.name
        return [path("", self.page_view(), name=f"referee-{game}"),
                *(path(f"{name}/", login_required(require_POST(view)), name=f"referee-{game}-{name}")
                  for name, view in views.items())]

    def page_view(self) -> Callable[[HttpRequest], HttpResponse]:
        @login_required
        @require_safe
        def page(request: HttpRequest) -> HttpResponse:
            return render(request, CHECKS_PAGE, self.context())

        return page
