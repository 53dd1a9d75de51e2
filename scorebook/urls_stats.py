"""URLs of the stats pages (issue [7/7]); included by scorebook/app_urls.py."""

from django.urls import path

from scorebook import stats_views

urlpatterns: list = [
    path("players/", stats_views.player_list, name="players"),
    path("players/<int:pk>/", stats_views.player_detail, name="player"),
]
