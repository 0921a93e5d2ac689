"""The words each country's table says, where the catalogs first chose others (issue 36; docs/GLOSSARY.md).

Read through the compiled catalogs, as a page reads them; each expected word checked by hand against the glossary.
"""

import re

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext

from rules.i18n import _ as sentence


@pytest.mark.parametrize(
    ("language", "msgid", "says"),
    [
        ("nl", "Wins", "Gewonnen"),
        ("nl", "Scorer", "Schrijver"),
        ("nl", "When following", "Bij kleur bekennen"),
        ("nl", "the shooter loses the hand's points", "de maanschieter verliest de punten van het spel"),
        ("nl", "Shooter", "Maanschieter"),
        ("nl", "Win %", "Gewonnen %"),
        ("de", "Rating", "Spielstärke"),
        ("de", "Scoring", "Wertung"),
        ("de", "Passing", "Weitergeben"),
        ("de", "When following", "Beim Bedienen"),
        ("de", "(the clock says so: untick if not)", "(laut Uhr: Haken entfernen, falls nicht)"),
        ("de", "the shooter loses the hand's points", "der Mondschütze zieht sich die Punkte der Runde ab"),
        # A club night's round is a Durchgang and a table's game a Partie: a Runde is a hand.
        ("de", "End round %(number)s", "Durchgang %(number)s beenden"),
        ("de", "Table %(number)s · game %(game)s", "Tisch %(number)s · Partie %(game)s"),
        ("fr", "Viewer", "Spectateur"),
        ("fr", "Table cards", "Chevalets de table"),
        ("fr", "Shooter", "Auteur du chelem"),
        ("fr", "Shooting the moon", "Faire le chelem"),
        ("fr", "Shooting the sun", "Faire capot"),
        ("fr", "%(shooter)s shot the moon", "%(shooter)s a fait le chelem"),
        # Record's label fits one line beside the status at 360 px (tests/browser/test_fits_every_language.py).
        ("fr", "Record hand %(number)s", "Noter la donne %(number)s"),
        ("es", "Record hand %(number)s", "Anotar mano %(number)s"),
        ("es", "you are following suit ({suits})", "asistes ({suits})"),
        ("es", "Hold", "Sin pase"),
        ("es", "Save", "Guardar"),
        ("es", "Who revoked?", "¿Quién hizo renuncio?"),
        ("es", "Follow suit", "Asistir"),
        ("es", "Hearts taken", "Corazones que se llevó"),
    ],
)
def test_a_word_is_the_one_the_countrys_table_says(language, msgid, says):
    with translation.override(language):
        assert gettext(msgid) == says


@pytest.mark.parametrize(
    ("language", "column", "says"),
    [("de", "dealer", "Geber"), ("de", "moon_shooter", "Mondschütze"), ("nl", "moon_shooter", "maanschieter")],
)
def test_a_csv_column_is_named_as_the_language_writes_a_heading(language, column, says):
    with translation.override(language):
        assert pgettext("CSV column", column) == says


def test_the_dutch_moon_rule_has_one_subject():
    """'wie alle strafkaarten pakt, kiest de maanschieter' had two: who takes them, and the shooter."""
    with translation.override("nl"):
        taken = sentence("taking {cards}").format(cards="alle strafkaarten")
        said = str(
            sentence(
                "{taken}, the shooter chooses: everyone else +{p} (shooter 0), or shooter −{p} (others 0)."
            ).format(taken=taken, p=26)
        )
    assert said == (
        "alle strafkaarten pakken: de maanschieter kiest tussen alle anderen +26 (maanschieter 0)"
        " en maanschieter −26 (anderen 0)."
    )


def test_a_french_table_makes_the_chelem_and_nobody_shoots():
    catalog = (settings.BASE_DIR / "locale" / "fr" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    said = [line for line in catalog.splitlines() if line.startswith("msgstr")]
    assert [
        line for line in said if re.search(r"tireur|tirer? (la lune|le soleil)|a tiré|tirent|joueur tire", line)
    ] == []


def test_german_passes_with_weitergeben_not_schieben():
    with translation.override("de"):
        said = str(sentence("{dealer} deals, pass {direction}").format(dealer="Ann", direction="links"))
        plural = ngettext("Pass {cards} card to the left", "Pass {cards} cards to the left", 3)
    assert said == "Ann gibt, weitergeben: links"
    assert plural == "{cards} Karten nach links weitergeben"


@pytest.mark.django_db
def test_the_french_next_deal_puts_a_no_break_space_before_its_colon(scorer, league):
    from tests.factories import make_game

    game = make_game(league)
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    page = scorer.get(game.get_absolute_url()).content.decode()
    assert "</strong>\u00a0: Ann → Ben" in page
    scorer.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "</strong>: Ann → Ben" in scorer.get(game.get_absolute_url()).content.decode()
