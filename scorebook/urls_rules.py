"""URLs of the in-app rules summaries (issue [7/7]); included by scorebook/app_urls.py."""

from django.urls import path

from scorebook import rules_views

urlpatterns = [
    path("rules/", rules_views.rules_index, name="rules"),
    path("rules/<slug:game>/", rules_views.rules_game, name="rules-game"),
]
