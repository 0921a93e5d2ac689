import sys

from django.utils import translation

from tests.ops.test_translated_pages import pseudo, stored_text
from tests.ops.untranslated import report, walk


def test_report(table, monkeypatch):
    dutch = translation.trans_real.translation("nl")
    monkeypatch.setattr(dutch, "gettext", pseudo)
    monkeypatch.setattr(dutch, "ngettext", lambda s, p, n: pseudo(s if n == 1 else p))
    monkeypatch.setattr(dutch, "pgettext", lambda c, m: pseudo(m), raising=False)
    pages = list(walk(table, "nl", stored_text()))
    sys.stdout.write("\n" + report("nl", pages) + "\n")
