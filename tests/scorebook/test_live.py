"""Live pages: the polls (204 until the version moves, queries pinned), share links, the read-only
watch pages, the table display, the installable app's files, and a re-sent deal stored once."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from scorebook import services
from scorebook.models import Match
from tests.scorebook.conftest import SESSION_QUERIES, play

pytestmark = pytest.mark.django_db

# The version and who may see the match come from the cache (scorebook/caches.py): a poll reads
# the session (from the cache too when CACHE_URL is set) and the user, never the match.
SESSION_POLL = SESSION_QUERIES + 1
WATCH_POLL = 0  # a watcher has no session to read


@pytest.fixture
def shared(match) -> Match:
    return services.match_share(match=match)


def deal_form(match: Match, client_id: str, **fields: str) -> dict[str, str]:
    """The 1000 entry form as a phone posts it: Аня bids 100 and takes 45, Борис 67, Вика the rest."""
    return {"expected_version": str(match.version), "client_id": client_id, "action": "play",
            "declarer": "0", "bid": "100", "points_0": "45", "points_1": "67", "points_2": ""} | fields


# ---------------------------------------------------------------- the polls


def test_the_match_poll_answers_204_without_a_query_on_the_match(signed_in, match, django_assert_num_queries):
    with django_assert_num_queries(SESSION_POLL):
        answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version}")
    assert answer.status_code == 204
    assert answer.content == b""


def test_the_policy_goes_on_the_answers_with_a_body_only(signed_in, match):
    # A 204 loads nothing: no Content-Security-Policy to build for it (scorebook/csp.py).
    unchanged = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version}")
    changed = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version - 1}")
    page = signed_in.get(f"/matches/{match.pk}/")
    assert (unchanged.status_code, changed.status_code, page.status_code) == (204, 200, 200)
    assert "Content-Security-Policy" not in unchanged
    assert "default-src 'self'" in changed["Content-Security-Policy"]
    assert "default-src 'self'" in page["Content-Security-Policy"]


def test_the_match_poll_sends_the_sheet_and_the_new_version_for_the_forms(signed_in, match):
    services.deal_record(match=match, entry=play())  # another phone's deal
    answer = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version}")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert f"?since={match.version + 1}" in html
    # Out of band: undo drawn anew, naming the deal it would void with the version it is drawn at
    # (never only its version: it would void another deal than the one it names).
    undo = re.search(r'<div id="undo-slot" hx-swap-oob="true">(.*?)</div>', html, re.S)
    assert undo is not None
    assert f'name="expected_version" value="{match.version + 1}"' in undo.group(1)
    assert "Undo deal 1" in undo.group(1)
    assert 'hx-swap-oob="innerHTML:#main .chart-section"' in html  # the chart, outside #sheet, follows
    # The page's entry form has something typed in it: the poll does not send it a new one.
    assert 'id="entry-slot"' not in html
    # An untouched form (the page says so: entry=fresh) is drawn anew at the new version: deal 1
    # was dealt by Аня (seat 0), so deal 2 is Борис's deal and Вика (seat 2), on his left, is on
    # the 100: the declarer the new form names.
    html = signed_in.get(f"/matches/{match.pk}/sheet/?since={match.version}&entry=fresh").content.decode()
    entry = re.search(r'<div id="entry-slot" data-fresh hx-swap-oob="true">(.*?)</form>', html, re.S)
    assert entry is not None
    assert f'name="expected_version" value="{match.version + 1}"' in entry.group(1)
    assert re.findall(r'name="declarer" value="(\d)" checked', entry.group(1)) == ["2"]
    assert 'hx-swap-oob="innerHTML:#main .chart-section"' in html  # the chart, outside #sheet, follows


@pytest.mark.parametrize("path", ["sheet", "display/panel"])
def test_a_watch_poll_answers_204_without_a_query(client, shared, path, django_assert_num_queries):
    with django_assert_num_queries(WATCH_POLL):
        answer = client.get(f"/watch/{shared.share_token}/{path}/?since={shared.version}")
    assert answer.status_code == 204


@pytest.mark.parametrize("path", ["sheet", "display/panel"])
def test_a_watch_poll_sends_the_sheet_once_the_version_moved(client, shared, path, django_assert_num_queries):
    services.deal_record(match=shared, entry=play())
    # the match and its cached sheet's rows (the sheet is the cached replay); the version was the
    # cache's, and with no voided deal the deals are not read
    with django_assert_num_queries(2):
        answer = client.get(f"/watch/{shared.share_token}/{path}/?since={shared.version}")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert f"?since={shared.version + 1}" in html
    assert "−100" in html  # Аня's failed 100 (45 < 100), with a real minus sign


def test_the_owners_display_poll_answers_204(signed_in, match, django_assert_num_queries):
    with django_assert_num_queries(SESSION_POLL):
        answer = signed_in.get(f"/matches/{match.pk}/display/panel/?since={match.version}")
    assert answer.status_code == 204


# ---------------------------------------------------------------- sharing


def test_the_owner_creates_a_share_link_and_revokes_it(signed_in, match):
    watcher = Client()  # a phone that never signed in
    answer = signed_in.post(f"/matches/{match.pk}/share/")
    assert answer.status_code == 302
    match.refresh_from_db()
    token = match.share_token
    assert token and len(token) >= 20
    assert signed_in.get(f"/matches/{match.pk}/").content.decode().count(f"/watch/{token}/") >= 1
    # Creating again keeps the link people already have.
    signed_in.post(f"/matches/{match.pk}/share/")
    match.refresh_from_db()
    assert match.share_token == token

    assert watcher.get(f"/watch/{token}/").status_code == 200
    signed_in.post(f"/matches/{match.pk}/share/revoke/")
    match.refresh_from_db()
    assert match.share_token is None
    for path in ["", "sheet/?since=0", "display/", "display/panel/?since=0"]:
        assert watcher.get(f"/watch/{token}/{path}").status_code == 404, path


def test_sharing_does_not_move_the_version(signed_in, match):
    version = match.version
    signed_in.post(f"/matches/{match.pk}/share/")
    signed_in.post(f"/matches/{match.pk}/share/revoke/")
    match.refresh_from_db()
    assert match.version == version


@pytest.mark.parametrize("action", ["share", "share/revoke"])
def test_only_the_owner_shares(client, stranger, match, action):
    client.force_login(stranger)
    assert client.post(f"/matches/{match.pk}/{action}/").status_code == 404
    assert client.get(f"/matches/{match.pk}/{action}/").status_code in (404, 405)


def test_sharing_is_a_post(signed_in, match):
    assert signed_in.get(f"/matches/{match.pk}/share/").status_code == 405
    match.refresh_from_db()
    assert match.share_token is None


# ---------------------------------------------------------------- watching


def test_the_watch_page_shows_the_sheet_read_only_without_signing_in(client, shared):
    services.deal_record(match=shared, entry=play())
    answer = client.get(f"/watch/{shared.share_token}/")
    assert answer.status_code == 200
    html = answer.content.decode()
    for name in ["Аня", "Борис", "Вика"]:
        assert name in html
    assert f'hx-get="/watch/{shared.share_token}/sheet/?since={shared.version + 1}"' in html
    main = html[html.index("<main"):]
    # No entry form, no edit links, nothing posted from here (the header's language switch aside).
    assert "<form" not in main
    assert "hx-post" not in main
    assert f"/matches/{shared.pk}/" not in main
    assert 'name="robots" content="noindex' in html


@pytest.mark.parametrize("token", ["nope", "x" * 22, "%20"])
def test_an_unknown_token_is_404(client, shared, token):
    for path in ["", "sheet/?since=0", "display/", "display/panel/?since=0"]:
        assert client.get(f"/watch/{token}/{path}").status_code == 404


def test_a_match_never_shared_cannot_be_watched_with_an_empty_token(client, match):
    assert client.get("/watch//").status_code == 404


# ---------------------------------------------------------------- the table display


def test_the_table_display_shows_big_totals_and_who_deals(client, shared):
    # Deal 1 (seat 0 deals): Аня −100, Борис 67 → 65, Вика 8 → 10; seat 1, Борис, deals next.
    services.deal_record(match=shared, entry=play())
    answer = client.get(f"/watch/{shared.share_token}/display/")
    assert answer.status_code == 200
    html = answer.content.decode()
    totals = re.findall(r'<span class="display-total">([^<]+)</span>', html)
    assert totals == ["−100", "65", "10"]
    dealer = re.search(r'<li class="display-player is-dealer">\s*<span class="display-name">([^<]+)<', html)
    assert dealer is not None and dealer.group(1) == "Борис"
    assert f'hx-get="/watch/{shared.share_token}/display/panel/?since={shared.version + 1}"' in html
    assert "<form" not in html


def test_the_owner_has_a_table_display_too(signed_in, match, stranger):
    answer = signed_in.get(f"/matches/{match.pk}/display/")
    assert answer.status_code == 200
    assert f'hx-get="/matches/{match.pk}/display/panel/?since={match.version}"' in answer.content.decode()
    other = Client()
    other.force_login(stranger)
    assert other.get(f"/matches/{match.pk}/display/").status_code == 404


# ---------------------------------------------------------------- the installable app


def test_the_manifest_makes_the_app_installable(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(answer.content)
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert manifest["name"] and manifest["short_name"]
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200 or finders.find(icon["src"].removeprefix("/static/"))


@pytest.mark.parametrize(("name", "size"), [("icon-192.png", 192), ("icon-512.png", 512),
                                            ("icon-maskable-512.png", 512), ("apple-touch-icon.png", 180)])
def test_the_icons_are_real_pngs_of_their_size(name, size):
    data = Path(finders.find(f"icons/{name}")).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (size, size)


def test_the_service_worker_is_served_from_the_root(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/"
    assert "no-cache" in answer["Cache-Control"]
    script = answer.content.decode()
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1))
    # The app shell: the styles, the offline queue, htmx from django_htmx, the icons, the offline page.
    assert "/static/css/app.css" in shell and "/static/js/offline.js" in shell and "/offline/" in shell
    assert any(re.search(r"/static/django_htmx/htmx-2(\.min)?\.js$", url) for url in shell)
    assert "/static/icons/icon-192.png" in shell
    assert "addEventListener(\"fetch\"" in script


def test_every_page_links_the_manifest_and_loads_the_offline_queue(client):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'name="theme-color"' in html and 'rel="apple-touch-icon"' in html
    assert 'src="/static/js/offline.js"' in html and 'data-service-worker="/sw.js"' in html
    # The queue's words are rendered by Django, so the translator's work reaches the script.
    assert re.search(r'<span data-count="1">[^<]+</span>', html)


def test_the_offline_page_is_served(client):
    answer = client.get("/offline/")
    assert answer.status_code == 200
    assert "<form" not in answer.content.decode()


# ---------------------------------------------------------------- a deal re-sent from the queue


def test_a_re_sent_form_with_the_same_client_id_stores_one_deal(signed_in, match):
    form = deal_form(match, "queued-on-the-phone-1")
    first = signed_in.post(f"/matches/{match.pk}/deals/", form, HTTP_HX_REQUEST="true")
    # The answer never reached the phone; it sends the same form again, version and all.
    again = signed_in.post(f"/matches/{match.pk}/deals/", form, HTTP_HX_REQUEST="true")
    assert (first.status_code, again.status_code) == (200, 200)
    assert "HX-Reswap" not in first and "HX-Reswap" not in again  # both answered as written
    match.refresh_from_db()
    assert match.deals.count() == 1
    assert match.version == 1
    assert match.revisions.filter(client_id="queued-on-the-phone-1").count() == 1


def test_a_queued_deal_after_another_phones_deal_comes_back_refused(signed_in, match):
    form = deal_form(match, "queued-on-the-phone-2")
    services.deal_record(match=match, entry=play(declarer=1))  # another phone wrote first
    answer = signed_in.post(f"/matches/{match.pk}/deals/", form, HTTP_HX_REQUEST="true")
    # offline.js reads HX-Reswap as "refused" and puts the answer, the form with the deal, in view.
    assert answer.status_code == 200 and "HX-Reswap" in answer
    assert 'value="45"' in answer.content.decode()
    assert match.deals.count() == 1


def test_the_match_page_offers_sharing_and_the_table_display(signed_in, match):
    html = signed_in.get(f"/matches/{match.pk}/").content.decode()
    assert f'action="/matches/{match.pk}/share/"' in html
    assert f'href="/matches/{match.pk}/display/"' in html
