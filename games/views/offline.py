"""The service worker, served from the site's root so that it may look after every page."""

from __future__ import annotations

import hashlib

from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.response import TemplateResponse
from django.views.decorators.http import require_GET

from scorekeeper.middleware import HtmxHttpRequest

SHELL = ("css/app.bundle.css", "js/app.bundle.js", "django_htmx/htmx-2.min.js", "manifest.webmanifest")


@require_GET
def service_worker(request: HtmxHttpRequest) -> TemplateResponse:
    # The shell's addresses (hashed in production) name its cache: a deploy starts a new one.
    addresses = "|".join(staticfiles_storage.url(name) for name in SHELL)
    version = hashlib.sha256(addresses.encode()).hexdigest()[:12]
    response = TemplateResponse(
        request, "offline/sw.js", {"shell_version": version}, content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    return response
