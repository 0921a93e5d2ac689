from django.contrib import admin
from django.urls import include, path

from games.views import ops

urlpatterns = [
    # The admin's login under the same limits as the site's; ahead of admin.site.urls so it wins.
    path("admin/login/", ops.admin_login),
    path("admin/", admin.site.urls),
    # Django's login, behind a limit on attempts; ahead of the include so it wins.
    path("accounts/login/", ops.login, name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("games.urls")),
]

# The database down, full or read-only answers 503 with a short page (games/views/errors.py).
handler400 = "games.views.errors.bad_request"
handler500 = "games.views.errors.server_error"
