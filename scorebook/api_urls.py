from django.urls import path

from scorebook import api

urlpatterns = [
    path("games/", api.GameList.as_view(), name="api-games"),
    path("matches/", api.MatchList.as_view(), name="api-matches"),
    path("matches/<int:pk>/", api.MatchDetail.as_view(), name="api-match"),
    path("matches/<int:pk>/scoresheet/", api.Scoresheet.as_view(), name="api-scoresheet"),
    path("matches/<int:pk>/deals/", api.DealList.as_view(), name="api-deals"),
    path("matches/<int:pk>/deals/<int:number>/", api.DealDetail.as_view(), name="api-deal"),
]
