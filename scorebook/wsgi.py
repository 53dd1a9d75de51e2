"""WSGI entry point: `gunicorn scorebook.wsgi`."""
import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")

application = get_wsgi_application()

# What start-up made (the apps, the URLconf and every view it imports) lives as long as the
# process: frozen out of the collector's sight, a full collection during a request does not walk
# it again (measured: a third of the collector's time in a POST).
get_resolver().url_patterns  # noqa: B018 (imported now, not by the first request)
gc.collect()
gc.freeze()
