"""Pages and API of the app (the root URLconf adds admin, accounts, schema and health)."""

from django.urls import include, path

from scorebook import referee_views, views
from scorebook.checks import check_modules

urlpatterns = [
    path("", views.home, name="home"),
    path("matches/new/", views.match_new, name="match-new"),
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/sheet/", views.match_sheet, name="match-sheet"),
    path("matches/<int:pk>/deals/", views.deal_create, name="deal-create"),
    path("matches/<int:pk>/deals/<int:number>/", views.deal_edit, name="deal-edit"),
]

# The referee's checks: stateless pages, no match needed (scorebook/referee_views.py).
urlpatterns += [
    path("referee/", referee_views.referee_index, name="referee"),
    path("referee/thousand/", referee_views.thousand_page, name="referee-thousand"),
    path("referee/thousand/bid/", referee_views.thousand_bid, name="referee-thousand-bid"),
    path("referee/thousand/points/", referee_views.thousand_points, name="referee-thousand-points"),
    path("referee/thousand/marriage/", referee_views.thousand_marriage, name="referee-thousand-marriage"),
]

# The other games' checks, one module each (scorebook/checks/<game>.py).
urlpatterns += [path(f"referee/{game}/", include(module.page_urlpatterns))
                for game, module in check_modules().items()]

# History and export, statistics and charts, sharing/live/offline: one URL module each.
urlpatterns += [path("", include("scorebook.urls_history")), path("", include("scorebook.urls_stats")),
                path("", include("scorebook.urls_live")), path("", include("scorebook.urls_rules"))]
