"""WSGI entry point (gunicorn companion.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
application = get_wsgi_application()
