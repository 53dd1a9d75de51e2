"""The scorebook app: matches, deals and the pages and API over them."""
from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db.models.signals import post_delete


class ScorebookConfig(AppConfig):
    name = "scorebook"
    verbose_name = "Scorebook"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The receivers, connected here once the models are loaded (Django's way: not by importing
        # a module for its side effects), so these are the only imports made inside a function.
        from scorebook import accounts, caches, limits
        from scorebook.models import Match

        user_logged_in.connect(accounts.remember_the_epoch, dispatch_uid="scorebook.remember_the_epoch")
        user_login_failed.connect(limits.sign_in_failed, dispatch_uid="scorebook.sign_in_failed")
        post_delete.connect(caches.match_deleted, sender=Match, dispatch_uid="scorebook.match_deleted")
