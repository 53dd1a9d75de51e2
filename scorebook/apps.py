"""The scorebook app: matches, deals and the pages and API over them."""
from django.apps import AppConfig


class ScorebookConfig(AppConfig):
    name = "scorebook"
    verbose_name = "Scorebook"
    default_auto_field = "django.db.models.BigAutoField"
