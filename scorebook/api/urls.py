"""The JSON API under /api/ (namespace ``api``): the schema, a token, the games, matches and deals,
export and import, and the referee's checks of each game (mounted at /api/referee/<game>/)."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.authtoken.views import obtain_auth_token

from scorebook import api_referee
from scorebook.api import history, views
from scorebook.checks import check_modules

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("token/", obtain_auth_token, name="token"),
    path("games/", views.GameList.as_view(), name="games"),
    path("matches/", views.MatchList.as_view(), name="matches"),
    path("matches/<int:pk>/", views.MatchDetail.as_view(), name="match"),
    path("matches/<int:pk>/scoresheet/", views.Scoresheet.as_view(), name="scoresheet"),
    path("matches/<int:pk>/deals/", views.DealList.as_view(), name="deals"),
    path("matches/<int:pk>/deals/<int:number>/", views.DealDetail.as_view(), name="deal"),
    path("matches/<int:pk>/export/", history.MatchExport.as_view(), name="match-export"),
    path("matches/import/", history.MatchImport.as_view(), name="match-import"),
]

# The referee's checks: stateless, no match needed (scorebook/api_referee.py).
urlpatterns += [
    path("referee/thousand/bid/", api_referee.ThousandBid.as_view(), name="referee-thousand-bid"),
    path("referee/thousand/points/", api_referee.ThousandPoints.as_view(), name="referee-thousand-points"),
    path("referee/thousand/marriage/", api_referee.ThousandMarriage.as_view(), name="referee-thousand-marriage"),
]

# The other games' checks, one module each (scorebook/checks/<game>.py).
urlpatterns += [path(f"referee/{game}/", include(module.api_urlpatterns)) for game, module in check_modules().items()]
