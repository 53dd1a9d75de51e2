"""Live pages: share links, the read-only watch page, the table display, and the
files that make Scorebook an installable app that keeps working without a connection.

Watch pages need no login: the share token is the key, and an unknown or revoked one is a 404.
Each polled fragment answers 204 while ``since`` is the match's version, read from its version entry
in the cache with no query on the match (scorebook/caches.py); the match is read only when something
changed. Each page also holds a live stream (scorebook/web/streams.py) that says when to fetch at
once; the poll is its fallback.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from typing import Any

from csp.constants import WASM_UNSAFE_EVAL
from csp.decorators import csp_update
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.template import Context, Template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST

from scorebook import caches, selectors, services
from scorebook.games import GAMES
from scorebook.models import Match
from scorebook.phone import bundle
from scorebook.web.common import HtmxHttpRequest
from scorebook.web.contexts import sheet_context
from scorebook.web.people import member_poll, member_required

# The poll of every live page, as on the match page: every 4 s while the page is in view and its
# live stream is silent (the templates' data-poll: static/js/page.js skips a poll while the page is
# hidden or its stream alive), and at once when the stream says the match moved ("live").
POLL_TRIGGER = "every 4s, live"
# The table display shows the last few deals under the big totals.
DISPLAY_ROWS = 5


def _unchanged(request: HttpRequest, version: int) -> bool:
    return request.GET.get("since") == str(version)


# ---------------------------------------------------------------- sharing (the owner)


@login_required
@require_POST
def match_share(request: HttpRequest, pk: int) -> HttpResponse:
    services.match_share(match=selectors.match_of(request.user, pk), by=request.user)
    return redirect(reverse("web:match", args=[pk]) + "?panel=share#share")


@login_required
@require_POST
def match_unshare(request: HttpRequest, pk: int) -> HttpResponse:
    services.match_unshare(match=selectors.match_of(request.user, pk), by=request.user)
    return redirect(reverse("web:match", args=[pk]) + "?panel=share#share")


# ---------------------------------------------------------------- watching (anyone with the link)


def _watch_context(match: Match, token: str) -> dict[str, Any]:
    return sheet_context(match) | {"poll_url": reverse("web:watch-sheet", args=[token]), "poll_trigger": POLL_TRIGGER,
                                   "display_url": reverse("web:watch-display", args=[token]),
                                   "stream_url": reverse("web:watch-stream", args=[token])}


def watch(request: HttpRequest, token: str) -> HttpResponse:
    match = selectors.watched_match(token)
    return render(request, "scorebook/live/watch.html", _watch_context(match, token))


def watch_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The watch page's poll: 204 until the version moves, then the read-only sheet."""
    if _unchanged(request, selectors.watched_version(token)):
        return HttpResponse(status=204)
    match = selectors.watched_match(token)
    with caches.rendered_once("watch-sheet", match):  # every watcher asks at once: one renders
        return render(request, "scorebook/live/watch.html#sheet", _watch_context(match, token))


# ---------------------------------------------------------------- the table display


def _display_context(match: Match, poll_url: str, back_url: str, stream_url: str) -> dict[str, Any]:
    sheet = sheet_context(match)
    # Only the deals that count have figures: a voided, a rejected (confirmation mode) or a not
    # counted one (the sheet stops before it) has none to show.
    counted = [row for row in sheet["rows"]
               if not (row["voided"] or row.get("rejected") or row.get("not_counted"))]
    last = counted[-1] if counted else None
    players = [{"seat": seat, "total": total, "delta": last["cells"][i]["delta"] if last else None,
                "marks": last["cells"][i]["marks"] if last else []}
               for i, (seat, total) in enumerate(zip(sheet["seats"], sheet["totals"], strict=False))]
    return sheet | {"players": players, "recent": counted[-DISPLAY_ROWS:][::-1], "deal_count": len(counted),
                    "last": last, "poll_url": poll_url, "poll_trigger": POLL_TRIGGER, "back_url": back_url,
                    "stream_url": stream_url}


def _my_display(match: Match) -> dict[str, Any]:
    pk = match.pk
    return _display_context(match, reverse("web:match-display-panel", args=[pk]), reverse("web:match", args=[pk]),
                            reverse("web:match-stream", args=[pk]))


def _watched_display(match: Match, token: str) -> dict[str, Any]:
    return _display_context(match, reverse("web:watch-display-panel", args=[token]),
                            reverse("web:watch", args=[token]), reverse("web:watch-stream", args=[token]))


@member_required
def match_display(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    context = _my_display(selectors.match_of(request.person, pk))
    return render(request, "scorebook/live/display.html", context)


@member_poll
def match_display_panel(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table display's poll: 204 while nothing changed (``member_poll``), else its panel, from the
    match as read from the database."""
    context = _my_display(selectors.match_of(request.person, pk))
    return render(request, "scorebook/live/display.html#panel", context)


def watch_display(request: HttpRequest, token: str) -> HttpResponse:
    context = _watched_display(selectors.watched_match(token), token)
    return render(request, "scorebook/live/display.html", context)


def watch_display_panel(request: HttpRequest, token: str) -> HttpResponse:
    if _unchanged(request, selectors.watched_version(token)):
        return HttpResponse(status=204)
    context = _watched_display(selectors.watched_match(token), token)
    return render(request, "scorebook/live/display.html#panel", context)


# ---------------------------------------------------------------- the installable app


# Light and dark page colours of static/css/app.css (--bg, --accent), for the manifest and <meta>.
BACKGROUND = "#f6f7f9"
THEME = "#1f5fbf"
ICONS = [("icons/icon-192.png", "192x192", "any"), ("icons/icon-512.png", "512x512", "any"),
         ("icons/icon-maskable-512.png", "512x512", "maskable")]


@cache_control(max_age=3600)
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for on their own whatever the page links: the app's icon."""
    return HttpResponsePermanentRedirect(static("icons/favicon.ico"))


def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: a view, not a static file, so its words are translated and its icon
    addresses are the hashed ones collectstatic made."""
    body = {
        "name": _("Scorebook"), "short_name": _("Scorebook"),
        "description": _("Scoresheets for card games at a real table."),
        "lang": get_language(), "start_url": "/", "scope": "/", "display": "standalone",
        "background_color": BACKGROUND, "theme_color": THEME,
        "icons": [{"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
                  for path, sizes, purpose in ICONS],
    }
    return JsonResponse(body, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


def _htmx_scripts() -> list[str]:
    """The addresses {% htmx_script %} writes into every page (django_htmx's static files)."""
    tag = Template("{% load django_htmx %}{% htmx_script %}").render(Context())
    return re.findall(r'src="([^"]+)"', tag)


# The shared files, then each game's own (its record's ``styles`` and ``scripts``).
SHELL_FILES = ["css/app.css", "js/offline.js", "js/cards.js",
               *(path for game in GAMES.values() for path in (*game.styles, *game.scripts)),
               *(path for path, _sizes, _purpose in ICONS), "icons/apple-touch-icon.png"]


def app_shell() -> list[str]:
    """What the service worker keeps for offline use: styles, scripts, icons, the offline page."""
    return [*(static(name) for name in SHELL_FILES), *_htmx_scripts(), reverse("web:offline")]


def _shell_stamp() -> str:
    # In development the static names carry no hash: an edited app.css must still make a new
    # cache, so the files' modification times go into its name too.
    stamps = []
    for name in [*SHELL_FILES, "js/sw.js"]:
        found = finders.find(name)
        stamps.append(f"{name}:{os.path.getmtime(found) if found else 0}")
    return "\n".join(stamps)


# The worker as served, built once per process and static files setup: reading and hashing the
# files on every request cost more than the rest of the answer. In development (DEBUG) it is built
# anew each time, so an edited file makes a new cache at once.
_WORKERS: dict[tuple[Any, ...], str] = {}


def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js served from the site root: a worker controls only the pages under its own
    path, and the app shell's addresses (hashed in production) are filled in here."""
    setup = (settings.DEBUG, settings.STORAGES["staticfiles"]["BACKEND"], str(settings.STATIC_ROOT),
             settings.STATIC_URL)
    if settings.DEBUG or setup not in _WORKERS:
        _WORKERS[setup] = _worker_script()
    response = HttpResponse(_WORKERS[setup], content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"  # the browser checks for a new worker on every visit
    return response


def _worker_script() -> str:
    shell = app_shell()
    with open(_sw_source(), encoding="utf-8") as source:
        script = source.read()
    # A new shell (a new hashed name after a deploy) makes a new cache name, so the browser
    # installs the new worker and the old cache is dropped when it activates.
    cache_name = "scorebook-" + hashlib.sha256("\n".join([script, *shell, _shell_stamp()]).encode()).hexdigest()[:12]
    # The prefix is the setting itself, not static(""): the manifest storage looks every name up
    # in its manifest, where "" has no entry (a 500 in production, finding 6 of the second pass).
    prelude = (f"const CACHE = {_js(cache_name)};\nconst SHELL = [{', '.join(_js(url) for url in shell)}];\n"
               f"const OFFLINE_PAGE = {_js(reverse('web:offline'))};\n"
               f"const STATIC_PREFIX = {_js(settings.STATIC_URL)};\n"
               f"const ENGINE = {_js(reverse('web:engine'))};\n")
    return prelude + script


# The only answer whose policy lets WebAssembly compile: the engine's worker runs under its own
# response's Content-Security-Policy, the pages keep theirs.
@csp_update({"script-src": [WASM_UNSAFE_EVAL]})
def engine_worker(request: HttpRequest) -> HttpResponse:
    """static/js/engine.js, the referee in the phone (a Web Worker), with the addresses of Pyodide's
    files and of referee/'s archive (named by its content) written above it. 404 where Pyodide is
    not installed: the pages then check everything through the server, as without WebAssembly."""
    if not bundle.installed():
        return HttpResponse(status=404)
    folder = bundle.pyodide_folder()
    index = static(f"{folder}/pyodide.js").rpartition("/")[0] + "/"  # Pyodide finds its files by name here
    found = finders.find("js/engine.js")
    assert found is not None  # static/js/engine.js is the app's own
    with open(found, encoding="utf-8") as source:
        script = source.read()
    prelude = (f"const PYODIDE_URL = {_js(static(f'{folder}/pyodide.js'))};\nconst INDEX_URL = {_js(index)};\n"
               f"const ARCHIVE_URL = {_js(static(bundle.archive_name()))};\n")
    response = HttpResponse(prelude + script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a deploy's new archive is named here: always asked, kept offline
    return response


def _sw_source() -> str:
    found = finders.find("js/sw.js")
    assert found is not None  # static/js/sw.js is the app's own
    return found


def _js(text: str) -> str:
    return json.dumps(text)


def offline(request: HttpRequest) -> HttpResponse:
    """What a page that is not cached shows without a connection (the service worker keeps it)."""
    return render(request, "scorebook/live/offline.html")
