"""The scorebook app: matches, deals and the pages and API over them."""
import sys

from django.apps import AppConfig
from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.management import CommandError, call_command
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
        # `manage.py runserver` alone serves the pages translated: the catalogues (.po) are compiled
        # when it starts, as `make run` does (`make messages`), wherever a .mo is missing or older.
        if settings.DEBUG and sys.argv[1:2] == ["runserver"]:
            compile_catalogues()


def compile_catalogues() -> None:
    """Compile the catalogues of LOCALE_PATHS that changed (Django's compilemessages skips a .mo
    newer than its .po). Nothing is looked for under the working directory (ignore "*": its .venv
    holds thousands of folders). Without gettext's msgfmt, says so and the pages stay in English."""
    try:
        call_command("compilemessages", ignore_patterns=["*"], verbosity=0)
    except CommandError as error:
        sys.stderr.write(f"The translations were not compiled ({error}): run `make messages`.\n")
