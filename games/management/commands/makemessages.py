"""Django's makemessages without msgmerge's fuzzy matching (docs/I18N.md).

By default msgmerge fills a new string with the translation of a similar
one and marks it fuzzy ("Logged out" got "Log out"'s); such a guess reads as
done to a hurried translator. Here a new string comes in empty.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
