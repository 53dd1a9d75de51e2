"""The JSON API under /api/ (namespace ``api``): the schema, a token, the games, matches and deals,
export and import, and the referee's checks of each game (mounted at /api/referee/<game>/)."""

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from scorebook.api import history, table, token, views
from scorebook.games import GAMES

app_name = "api"

urlpatterns: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI's script from its own address (no inline script); its page keeps a <style> element.
    path("docs/", csp_update({"style-src": [UNSAFE_INLINE]})(
        SpectacularSwaggerSplitView.as_view(url_name="api:schema")), name="docs"),
    path("token/", token.ObtainToken.as_view(), name="token"),
    path("games/", views.GameList.as_view(), name="games"),
    path("matches/", views.MatchList.as_view(), name="matches"),
    path("matches/<int:pk>/", views.MatchDetail.as_view(), name="match"),
    path("matches/<int:pk>/scoresheet/", views.Scoresheet.as_view(), name="scoresheet"),
    path("matches/<int:pk>/deals/", views.DealList.as_view(), name="deals"),
    path("matches/<int:pk>/deals/<int:number>/", views.DealDetail.as_view(), name="deal"),
    path("matches/<int:pk>/deals/<int:number>/confirm/", views.DealConfirm.as_view(), name="deal-confirm"),
    path("matches/<int:pk>/deals/<int:number>/reject/", views.DealReject.as_view(), name="deal-reject"),
    path("matches/<int:pk>/deals/<int:number>/propose/", views.DealPropose.as_view(), name="deal-propose"),
    path("matches/<int:pk>/export/", history.MatchExport.as_view(), name="match-export"),
    path("matches/import/", history.MatchImport.as_view(), name="match-import"),
    # The people at the table.
    path("matches/<int:pk>/invite/", table.Invite.as_view(), name="invite"),
    path("matches/<int:pk>/members/", table.Members.as_view(), name="members"),
    path("matches/<int:pk>/members/<int:member>/", table.MemberDetail.as_view(), name="member"),
    path("matches/<int:pk>/seat/", table.Seat.as_view(), name="seat"),
    path("join/<slug:token>/", table.Join.as_view(), name="join"),
    path("guests/attach/", table.GuestsAttach.as_view(), name="guests-attach"),
]

# The referee's checks of each game: stateless, no match needed.
urlpatterns += [path(f"referee/{code}/", include(game.check_api)) for code, game in GAMES.items()]
