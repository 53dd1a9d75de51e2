from django.urls import include, path

from scorebook import api, api_referee
from scorebook.checks import check_modules

urlpatterns = [
    path("games/", api.GameList.as_view(), name="api-games"),
    path("matches/", api.MatchList.as_view(), name="api-matches"),
    path("matches/<int:pk>/", api.MatchDetail.as_view(), name="api-match"),
    path("matches/<int:pk>/scoresheet/", api.Scoresheet.as_view(), name="api-scoresheet"),
    path("matches/<int:pk>/deals/", api.DealList.as_view(), name="api-deals"),
    path("matches/<int:pk>/deals/<int:number>/", api.DealDetail.as_view(), name="api-deal"),
]

# The referee's checks: stateless, no match needed (scorebook/api_referee.py).
urlpatterns += [
    path("referee/thousand/bid/", api_referee.ThousandBid.as_view(), name="api-referee-thousand-bid"),
    path("referee/thousand/points/", api_referee.ThousandPoints.as_view(), name="api-referee-thousand-points"),
    path("referee/thousand/marriage/", api_referee.ThousandMarriage.as_view(),
         name="api-referee-thousand-marriage"),
]

# The other games' checks, one module each (scorebook/checks/<game>.py).
urlpatterns += [path(f"referee/{game}/", include(module.api_urlpatterns)) for game, module in check_modules().items()]
urlpatterns += [path("", include("scorebook.api_history"))]  # export and import of a match (issue [7/7])
