from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from games.views import accounts, logins

urlpatterns = [
    # The admin's login under the same limits as the site's; ahead of admin.site.urls so it wins.
    path("admin/login/", logins.admin_login),
    path("admin/", admin.site.urls),
    # Django's login, behind a limit on attempts.
    path("accounts/login/", logins.login, name="login"),
    # Django's account pages. A forgotten password is reset by its holder alone, through
    # a link sent to the account's e-mail address (limited per address: accounts.password_reset).
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password_change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password_change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/password_reset/", accounts.password_reset, name="password_reset"),
    path("accounts/password_reset/done/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    # The footer's language switch: keeps the choice in a cookie and goes back to the page (POST only);
    # a signed-in person's choice is their account's language too.
    path("i18n/setlang/", accounts.set_language, name="set_language"),
    path("", include("games.urls")),
]

# The database down, full or read-only answers 503 with a short page (games/views/errors.py).
handler400 = "games.views.errors.bad_request"
handler500 = "games.views.errors.server_error"
