"""URLs of the history pages (issue [7/7]); included by scorebook/app_urls.py."""

from django.urls import path

from scorebook import history_views

urlpatterns = [
    path("matches/import/", history_views.match_import_page, name="match-import"),
    path("matches/<int:pk>/history/", history_views.match_history, name="match-history"),
    path("matches/<int:pk>/print/", history_views.match_print, name="match-print"),
    path("matches/<int:pk>/export.json", history_views.match_export_json, name="match-export-json"),
    path("matches/<int:pk>/export.csv", history_views.match_export_csv, name="match-export-csv"),
]
