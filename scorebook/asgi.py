"""ASGI entry point: uvicorn serves it. The live streams (``/live/…``, server-sent events) need it;
``make run`` serves the whole site with it; in production the proxy sends ``/live/`` to uvicorn
and may keep the rest on gunicorn's sync workers (docs/deploy.md)."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")

application = get_asgi_application()
