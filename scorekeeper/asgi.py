"""ASGI entry point."""

import os
import warnings

from django.core.asgi import get_asgi_application

# WhiteNoise's files and the league's backup are sync iterators, which Django reads in a thread a part
# at a time under ASGI, as intended: its warning on each of them would fill the log.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators", module="django.core.handlers.asgi"
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_asgi_application()
