"""WSGI entry point: `gunicorn scorebook.wsgi`."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")

application = get_wsgi_application()
