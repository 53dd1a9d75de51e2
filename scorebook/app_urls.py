"""Pages and API of the app (the root URLconf adds admin, accounts, schema and health)."""

from django.urls import include, path

from scorebook import views

urlpatterns = [
    path("api/", include("scorebook.api_urls")),
    path("", views.home, name="home"),
    path("matches/new/", views.match_new, name="match-new"),
    path("matches/<int:pk>/", views.match_detail, name="match"),
    path("matches/<int:pk>/sheet/", views.match_sheet, name="match-sheet"),
    path("matches/<int:pk>/deals/", views.deal_create, name="deal-create"),
    path("matches/<int:pk>/deals/<int:number>/", views.deal_edit, name="deal-edit"),
]
