"""The pages (namespace ``web``): my matches, a match and its deals, its history and export, the
players' statistics, sharing and the table display, the installable app, the rules summaries, the
referee's checks of each game, and the accounts. The root URLconf adds admin and the API."""

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path, reverse_lazy

from scorebook.games import GAMES
from scorebook.web import (
    accounts,
    confirming,
    deals,
    evenings,
    history,
    live,
    manage,
    matches,
    people,
    referee,
    rules,
    stats,
    streams,
    table,
)

app_name = "web"

urlpatterns: list[URLPattern | URLResolver] = [
    path("", matches.home, name="home"),
    path("matches/new/", matches.match_new, name="match-new"),
    path("matches/import/", history.match_import_page, name="match-import"),
    path("matches/<int:pk>/", deals.match_detail, name="match"),
    path("matches/<int:pk>/sheet/", deals.match_sheet, name="match-sheet"),
    path("matches/<int:pk>/deals/", deals.deal_create, name="deal-create"),
    path("matches/<int:pk>/deals/<int:number>/", deals.deal_edit, name="deal-edit"),
    path("matches/<int:pk>/deals/<int:number>/confirm/", confirming.deal_confirm, name="deal-confirm"),
    path("matches/<int:pk>/deals/<int:number>/reject/", confirming.deal_reject, name="deal-reject"),
    path("matches/<int:pk>/confirmation/", confirming.match_confirmation, name="match-confirmation"),
    path("matches/<int:pk>/preview/", deals.deal_preview, name="deal-preview"),
    path("matches/<int:pk>/history/", history.match_history, name="match-history"),
    path("matches/<int:pk>/print/", history.match_print, name="match-print"),
    path("matches/<int:pk>/export.json", history.match_export_json, name="match-export-json"),
    path("matches/<int:pk>/export.csv", history.match_export_csv, name="match-export-csv"),
    path("matches/<int:pk>/next/", evenings.match_next_game, name="match-next"),
    path("evenings/<int:pk>/", evenings.evening_detail, name="evening"),
    path("matches/<int:pk>/rename/", manage.match_rename, name="match-rename"),
    path("matches/<int:pk>/archive/", manage.match_archive, name="match-archive"),
    path("matches/<int:pk>/rematch/", manage.match_rematch, name="match-rematch"),
    path("matches/<int:pk>/undo/", manage.deal_undo, name="deal-undo"),
    path("players/", stats.player_list, name="players"),
    path("players/<int:pk>/rename/", manage.player_rename, name="player-rename"),
    path("players/<int:pk>/merge/", manage.player_merge, name="player-merge"),
    path("players/<int:pk>/", stats.player_detail, name="player"),
    path("rules/", rules.rules_index, name="rules"),
    path("rules/<slug:game>/", rules.rules_game, name="rules-game"),
]

# Sharing: the owner makes or revokes the link; anyone holding it watches, no login needed.
urlpatterns += [
    path("matches/<int:pk>/share/", live.match_share, name="match-share"),
    path("matches/<int:pk>/share/revoke/", live.match_unshare, name="match-unshare"),
    path("matches/<int:pk>/display/", live.match_display, name="match-display"),
    path("matches/<int:pk>/display/panel/", live.match_display_panel, name="match-display-panel"),
    path("watch/<slug:token>/", live.watch, name="watch"),
    # The table: the owner's invite and people; a player joins from the link and claims his seat.
    path("matches/<int:pk>/invite/", table.invite_renew, name="invite-renew"),
    path("matches/<int:pk>/invite/revoke/", table.invite_revoke, name="invite-revoke"),
    path("matches/<int:pk>/members/<int:member>/role/", table.member_role, name="member-role"),
    path("matches/<int:pk>/members/<int:member>/remove/", table.member_remove, name="member-remove"),
    path("matches/<int:pk>/seat/", table.seat_claim, name="seat-claim"),
    path("join/<slug:token>/", table.join, name="join"),
    path("watch/<slug:token>/sheet/", live.watch_sheet, name="watch-sheet"),
    path("watch/<slug:token>/display/", live.watch_display, name="watch-display"),
    path("watch/<slug:token>/display/panel/", live.watch_display_panel, name="watch-display-panel"),
    # The installable app. The worker is served from the root: it controls only pages under its path.
    path("sw.js", live.service_worker, name="service-worker"),
    path("manifest.webmanifest", live.manifest, name="manifest"),
    path("favicon.ico", live.favicon, name="favicon"),
    path("offline/", live.offline, name="offline"),
]

# The live streams (server-sent events, ASGI): under one prefix, for the proxy to route (docs/deploy.md).
urlpatterns += [
    path("live/matches/<int:pk>/", streams.match_stream, name="match-stream"),
    path("live/watch/<slug:token>/", streams.watch_stream, name="watch-stream"),
]

# The referee's checks: stateless pages, no match needed; each game's at /referee/<game>/.
urlpatterns += [path("referee/", referee.referee_index, name="referee")]
# The entry form's preview at its first address, under the game's checks: a match of another game is a 404.
urlpatterns += [path("referee/<slug:game>/preview/<int:pk>/", deals.deal_preview, name="deal-preview-of")]
urlpatterns += [path(f"referee/{code}/", include(game.check_pages)) for code, game in GAMES.items()]

urlpatterns += [
    path("accounts/login/", auth_views.LoginView.as_view(template_name="registration/login.html"), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),  # POST only
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/token/", accounts.api_token, name="api-token"),
    path("accounts/sign-out-everywhere/", accounts.sign_out_everywhere, name="sign-out-everywhere"),
    # Django's own; a new password ends the other sessions and the API token (scorebook/accounts.py).
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(
        template_name="registration/password_change.html", success_url=reverse_lazy("web:password-change-done")),
        name="password-change"),
    path("accounts/password_change/done/", auth_views.PasswordChangeDoneView.as_view(
        template_name="registration/password_change_done.html"), name="password-change-done"),
    # The guest places a signed-in browser holds: taken over by its user, or forgotten.
    path("accounts/guest-places/", people.guest_places_taken, name="guest-places"),
]
