"""Root URLconf: admin, the language switch, the health check, the API (scorebook/api/urls.py)
and the pages (scorebook/web/urls.py)."""
from django.contrib import admin
from django.http import HttpRequest, JsonResponse
from django.urls import include, path


def healthz(request: HttpRequest) -> JsonResponse:
    """The benchmark floor: the full middleware stack and no query."""
    return JsonResponse({"ok": True})


urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language, name "set_language"
    path("healthz/", healthz, name="healthz"),
    path("api/", include("scorebook.api.urls")),
    path("", include("scorebook.web.urls")),
]
