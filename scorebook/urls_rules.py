"""URLs of the in-app rules summaries (issue [7/7]); included by scorebook/app_urls.py."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
