"""The test suite's settings (pyproject.toml): production's, with what tests need instead.

Production settings stay free of any "am I under test?" branch: whatever
differs for the tests is here, in one place.
"""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import STATIC_ROOT, STORAGES

# A fixed key when the environment gives none (the deploy tests give their own).
SECRET_KEY = SECRET_KEY or "django-insecure-development-and-tests-only"  # noqa: F405

# Logging in a thousand times should not cost a thousand slow hashes.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Served from the source folders, as in DEBUG: no collectstatic before a test run.
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_USE_FINDERS = True
# WhiteNoise warns on every request when STATIC_ROOT is missing.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
