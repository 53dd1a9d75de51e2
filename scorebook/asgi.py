"""ASGI entry point (unused in production: we serve with gunicorn's sync workers)."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")

application = get_asgi_application()
