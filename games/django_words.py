"""Django's own sentences that the app's account pages show, said in the app's register (issue 36).

Django's Spanish catalog speaks to the reader as *usted* ("Su contraseña",
"introduzca") and its Dutch one as *u* ("Uw wachtwoord"), beside the app's
*tú* and *je* on the same page. The msgids are marked here, exactly as
django.contrib.auth writes them, so that `make messages` keeps them in the
app's catalogs, whose translations (LOCALE_PATHS) come before Django's own.
Nothing imports this module: the marks are for makemessages alone.
"""

from django.utils.translation import gettext_noop, ngettext_lazy, pgettext_lazy

DJANGO_ACCOUNT_SENTENCES = (
    # The password validators' help (sign-up, password change, a new password).
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("Your password can’t be entirely numeric."),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        "min_length",
    ),
    # The password forms.
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    # The login form.
    gettext_noop("Please enter a correct %(username)s and password. Note that both fields may be case-sensitive."),
)

# A short date's month ("1 dec. 2026"): Django's `N` date format, its
# Associated Press abbreviations, which Django's catalogs give unevenly ("Ene.",
# "marzo", "dic."); the app's give each language's own abbreviation
# (scorekeeper/formats/).
MONTH_ABBREVIATIONS = (
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
)
