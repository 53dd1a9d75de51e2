"""Root URLconf: admin, accounts, language switch, health check; the API (scorebook/api/urls.py);
then the app's pages."""
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, JsonResponse
from django.urls import include, path

from scorebook import accounts


def healthz(request: HttpRequest) -> JsonResponse:
    """The benchmark floor: the full middleware stack and no query."""
    return JsonResponse({"ok": True})


urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language, name "set_language"
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(template_name="registration/login.html"),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),  # POST only
    path("accounts/signup/", accounts.signup, name="signup"),
    path("healthz/", healthz, name="healthz"),
    path("api/", include("scorebook.api.urls")),
    path("", include("scorebook.app_urls")),
]
