"""Bad numbers never answer 5xx (issue 34): POST /leagues/L/nights/new/ with players=100000000000000000000
answered 500 (OverflowError) on SQLite. Every number a form or a query takes is fed huge, negative and
non-numeric values: each answers 4xx (a query's filter, which may be ignored, under 500) and stores nothing.
Each form field that takes a number is checked to have a bound (test_every_number_field_is_bounded)."""

import importlib
import pkgutil

import pytest
from django import forms
from django.urls import reverse

import games.forms
from games.forms import (
    GameForm,
    HandForm,
    LeagueSettingsForm,
    NightForm,
    PlayerEditForm,
    PlayerMergeForm,
    PresenceForm,
    PresetForm,
    SeatsForm,
)
from games.forms.house_rules import OptionNumberField
from games.forms.numbers import IdChoiceField, IdsChoiceField
from games.forms.table import HeartsField
from games.models import Game, League
from rules import GameSetup
from tests.ops.conftest import stored_rows
from tests.ops.routes import house_rules, new_game

BAD = (
    "100000000000000000000",
    "9223372036854775808",
    "2147483648",
    "-1",
    "-100000000000000000000",
    "abc",
    "1e3",
    "",
)


def kept():
    """The stored rows, but for the league's data_version: a hand refused under the lock has moved it
    since before this issue (it is the history pages' cache key, not something stored)."""
    rows = stored_rows()
    fields = [field.attname for field in League._meta.concrete_fields if field.attname != "data_version"]
    rows["games.League"] = list(League.objects.order_by("pk").values_list(*fields))
    return rows


def refused_each(table, role, url, good, fields, values=BAD, method="post"):
    """Post (or get) `good` with each field in turn set to each bad value: 4xx, nothing stored."""
    client = table.client(role)
    before = kept()
    for name in fields:
        for value in values:
            data = {**good, name: value}
            response = client.post(url, data) if method == "post" else client.get(url, data)
            assert 400 <= response.status_code < 500, (name, value, response.status_code)
            assert kept() == before, (name, value)


def test_a_nights_numbers(table):
    league = reverse("games:night-new", args=[table.league.pk])
    good = {"players": [player.pk for player in table.players[:5]], "rules": "standard", "rounds": "2"}
    refused_each(table, "organizer", league, good, ["players", "rounds", "time_limit"], [v for v in BAD if v])
    # Among good ids, or alone: the huge one that was a 500.
    for players in (["100000000000000000000"], [table.players[0].pk, "100000000000000000000"]):
        response = table.client("organizer").post(league, {**good, "players": players})
        assert response.status_code == 422
    night = table.night.pk
    first, second = table.night_pair()
    seats = {"action": "move", "first": first.pk, "table": "2"}
    refused_each(table, "organizer", reverse("games:night-seats", args=[night]), seats, ["first", "table"])
    swap = {"action": "swap", "first": first.pk, "second": second.pk}
    refused_each(table, "organizer", reverse("games:night-seats", args=[night]), swap, ["second"])
    round_ = reverse("games:night-round", args=[night])
    refused_each(table, "organizer", round_, {"action": "start", "number": "1"}, ["number"])
    presence = {"action": "leave", "player": table.players[0].pk}
    refused_each(table, "organizer", reverse("games:night-players", args=[night]), presence, ["player"], BAD[:-1])


def test_a_hands_numbers(table):
    game = Game.objects.get(pk=table.game.pk)
    hand = {"number": "3", "action": "cards", "queen": "3", "hearts_2": "5", "hearts_3": "8"}
    url = reverse("games:hand-new", args=[game.pk])
    refused_each(table, "scorer", url, hand, ["number", "queen", "hearts_0", "hearts_2", "version"], BAD[:-1])
    revoke = {"number": "3", "action": "revoke", "revoke": "1"}
    refused_each(table, "scorer", url, revoke, ["revoke"], BAD[:-1])
    edit = {**hand, "number": "2", "version": str(game.version)}
    url = reverse("games:hand-edit", args=[game.pk, 2])
    refused_each(table, "scorer", url, edit, ["number", "version", "hearts_1"], BAD[:-1])
    url = reverse("games:hand-delete", args=[game.pk])
    refused_each(table, "scorer", url, {"number": "2"}, ["number"])
    url = reverse("games:game-referee-revoke", args=[game.pk])
    revoked = {"number": "3", "offender": "1", "confirmed": "yes"}
    refused_each(table, "scorer", url, revoked, ["number", "offender"])


def test_a_leagues_players_and_settings_numbers(table):
    league = table.league.pk
    spare = table.spare_player().pk
    url = reverse("games:player-merge", args=[league, spare])
    refused_each(table, "organizer", url, {"into": table.players[2].pk}, ["into"])
    url = reverse("games:player-edit", args=[league, table.players[2].pk])
    refused_each(table, "organizer", url, {"name": "Catherine", "user": ""}, ["user"], BAD[:-1])
    url = reverse("games:league-edit", args=[league])
    settings = {"name": "Friday house", "time_zone": "Europe/Paris", "min_games": "3"}
    refused_each(table, "organizer", url, settings, ["min_games"])
    url = reverse("games:invite-new", args=[league])
    refused_each(table, "organizer", url, {"role": "scorer", "days": "7"}, ["days"])


def test_house_rules_numbers(table):
    url = reverse("games:game-new", args=[table.league.pk])
    refused_each(table, "scorer", url, new_game(table), ["target", "time_limit"], BAD[:-1])
    url = reverse("games:preset-new", args=[table.league.pk])
    refused_each(table, "organizer", url, house_rules(table), ["target"], BAD[:-1])


@pytest.mark.parametrize(
    ("name", "args", "fields"),
    [
        ("league-standings", "league", ["season", "page", "sort"]),
        ("league-games", "league", ["player", "page", "season"]),
        ("league-activity", "league", ["page"]),
        ("night-cards", "night", ["round"]),
        ("game-poll", "game", ["version", "hand"]),
    ],
)
def test_a_querys_numbers_never_answer_5xx(table, name, args, fields):
    url = reverse(f"games:{name}", args=[{"league": table.league, "night": table.night, "game": table.game}[args].pk])
    client = table.client("organizer")
    before = kept()
    for field in fields:
        for value in BAD:
            response = client.get(url, {field: value, "version": "1"} if field != "version" else {field: value})
            assert response.status_code < 500, (field, value, response.status_code)
    assert kept() == before


# Every form field that takes a number has a bound ---------------------------------------------


def _form_classes():
    for module in pkgutil.iter_modules(games.forms.__path__):
        loaded = importlib.import_module(f"games.forms.{module.name}")
        for thing in vars(loaded).values():
            if isinstance(thing, type) and issubclass(thing, forms.BaseForm) and thing.__module__ == loaded.__name__:
                yield thing


def _unbounded(fields):
    for name, field in fields.items():
        if isinstance(field, HeartsField):
            # A count of hearts is digits only, six at most (its pattern); what it may be is the engine's to say.
            if HeartsField.WHOLE.pattern != r"[+-]?[0-9]{1,6}":
                yield name
        elif isinstance(field, OptionNumberField):
            # A house rule's number: the engine bounds it (Option.check) from least to most.
            if not field.option.least <= field.option.most or not field.option.most:
                yield name
        elif isinstance(field, (forms.IntegerField, forms.FloatField, forms.DecimalField)):
            if field.min_value is None or field.max_value is None:
                yield name
        elif isinstance(field, forms.ModelMultipleChoiceField):
            if not isinstance(field, IdsChoiceField):
                yield name
        elif isinstance(field, forms.ModelChoiceField) and not isinstance(field, IdChoiceField):
            yield name


def test_every_number_field_is_bounded(table):
    found = {cls.__name__: list(_unbounded(cls.base_fields)) for cls in _form_classes()}
    # And the fields a form adds as it is made: the hand's per player and option, the house rules' options.
    league = table.league
    every_option = GameSetup.create(
        "standard", ["Ann", "Ben", "Cat", "Dan"], {"time_limit": 60, "sun": True, "jack_of_diamonds": True}, 0
    )
    made = {
        "HandForm": HandForm(setup=every_option),
        "HandForm (turbo)": HandForm(setup=GameSetup.create("turbo", ["Ann", "Ben", "Cat", "Dan"], {}, 0)),
        "GameForm": GameForm.blank(league, "standard", None),
        "PresetForm": PresetForm(league=league),
        "NightForm": NightForm(league=league),
        "SeatsForm": SeatsForm(night=table.night),
        "PresenceForm": PresenceForm(league=league),
        "PlayerMergeForm": PlayerMergeForm(player=table.spare_player()),
        "PlayerEditForm": PlayerEditForm(league=league, instance=table.players[0]),
        "LeagueSettingsForm": LeagueSettingsForm(instance=league),
    }
    found |= {name: list(_unbounded(form.fields)) for name, form in made.items()}
    assert {name: fields for name, fields in found.items() if fields} == {}
    assert len(found) > 30  # every form was walked
