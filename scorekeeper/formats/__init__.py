"""The app's own formats per language (settings.FORMAT_MODULE_PATH), before Django's.

Django's own give a long date ("1 december 2026", "1. Dezember 2026"); pages
and prints write a day short, each language its own way: "1 Dec 2026",
"1 dec. 2026", "1. Dez. 2026", "1 déc. 2026", "1 dic 2026". A month's
abbreviation is Django's `N` ("abbrev. month"), whose words the app's
catalogs give as each language abbreviates them (games/django_words.py).

Besides Django's names, two of the app's (django.utils.formats.get_format
finds any name a format module holds; each language here must hold both):
WEEKDAY_DATE_FORMAT, a day with its weekday ("Tuesday 1 December 2026"), and
PERCENT_FORMAT, how a percentage follows its number (games.rounding.percent).
Whatever a language leaves out here (input formats, separators) is Django's.
"""
