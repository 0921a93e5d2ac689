from django.contrib import admin
from django.urls import include, path

from games.views import ops

urlpatterns = [
    path("admin/", admin.site.urls),
    # Django's login, behind a limit on attempts; ahead of the include so it wins.
    path("accounts/login/", ops.login, name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("games.urls")),
]
