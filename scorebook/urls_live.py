"""URLs of the live pages (issue [7/7]); included by scorebook/app_urls.py."""

from django.urls import path

from scorebook import live_views

urlpatterns = [
    # Sharing: the owner makes or revokes the link; anyone holding it watches, no login needed.
    path("matches/<int:pk>/share/", live_views.match_share, name="match-share"),
    path("matches/<int:pk>/share/revoke/", live_views.match_unshare, name="match-unshare"),
    path("matches/<int:pk>/display/", live_views.match_display, name="match-display"),
    path("matches/<int:pk>/display/panel/", live_views.match_display_panel, name="match-display-panel"),
    path("watch/<str:token>/", live_views.watch, name="watch"),
    path("watch/<str:token>/sheet/", live_views.watch_sheet, name="watch-sheet"),
    path("watch/<str:token>/display/", live_views.watch_display, name="watch-display"),
    path("watch/<str:token>/display/panel/", live_views.watch_display_panel, name="watch-display-panel"),
    # The installable app. The worker is served from the root: it controls only pages under its path.
    path("sw.js", live_views.service_worker, name="service-worker"),
    path("manifest.webmanifest", live_views.manifest, name="manifest"),
    path("offline/", live_views.offline, name="offline"),
]
