"""Pages and API of the app (the root URLconf adds admin, accounts, schema and health)."""

from django.urls import include, path

from scorebook.accounts import home_placeholder

urlpatterns = [
    path("api/", include("scorebook.api_urls")),
    path("", home_placeholder, name="home"),
]
