"""What the HTML built in Python saves over a template doing the same (issue 37).

    .venv/bin/python benchmarks/html_builders.py [--repeat 7]

Each of the app's HTML builders (the helpers that return mark_safe) draws its rows here, at the size
a page shows and at a thousand rows, once by its Python function and once by a template loop that
writes the same markup; it prints the median time of each and the ratio. A builder stays in Python
only where the template's time would weigh on its page (about 15 to 30 ms for a big league's page in
benchmarks/league.py); the others are templates. No database: the rows are made up in memory.

Only the times printed by one run compare with each other; this machine is shared, so read the
ratios, not the milliseconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date, timedelta
from html import escape
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django  # noqa: E402

django.setup()

from django import forms  # noqa: E402
from django.template import Context, Template  # noqa: E402
from django.template.loader import get_template  # noqa: E402
from django.utils import translation  # noqa: E402
from django.utils.translation import gettext  # noqa: E402

from games import stats  # noqa: E402
from games.figures import SUM_FIGURES  # noqa: E402
from games.templatetags.history import game_rows, options  # noqa: E402
from games.templatetags.leagues import player_items  # noqa: E402
from games.views import history  # noqa: E402


class Reader:
    """The links a games.permissions.Reader gives, without a league behind them."""

    public = False

    def scoresheet_url(self, game_id: int) -> str:
        return f"/leagues/1/games/{game_id}/scoresheet/"

    def player_url(self, player_id: int) -> str:
        return f"/leagues/1/players/{player_id}/"


READER = Reader()
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def made_games(count: int) -> list[SimpleNamespace]:
    games = []
    for number in range(1, count + 1):
        seats = [
            SimpleNamespace(player_id=n, player_name=NAMES[(number + n) % 8], won=n == 0, total=20 * n - 7, money=3 - n)
            for n in range(4)
        ]
        played = date(2026, 1, 1) + timedelta(days=number % 300)
        games.append(
            SimpleNamespace(
                pk=number, number=number, played_on=played, variant="standard", status="over",
                hand_count=12, listed_seats=seats,
            )
        )  # fmt: skip
    return games


GAME_ROWS = Template(
    """{% load history i18n %}{% for game in games %}<li class="game-row"><div class="game-row-head">"""
    """<a href="{% scoresheet_url reader game.pk %}">{% blocktranslate with number=game.number """
    """day=game.played_on|date variant=game.variant|variant_name %}Game {{ number }} · {{ day }} · """
    """{{ variant }}{% endblocktranslate %}</a><span class="game-status game-status-{{ game.status }}">"""
    """{{ game.status }}</span></div><div class="game-row-players">{% for seat in game.listed_seats %}"""
    """<span class="game-row-seat{% if seat.won %} winner{% endif %}{% if seat.player_id == player_id %} is-player"""
    """{% endif %}">{% if seat.won %}<span aria-hidden="true">★ </span><span class="visually-hidden">"""
    """{% translate "winner:" %} </span>{% endif %}{{ seat.player_name }} {{ seat.total }}</span>"""
    """{% if not forloop.last %}, {% endif %}{% endfor %} <span class="text-body-secondary">· """
    """{% blocktranslate count hands=game.hand_count %}{{ hands }} hand{% plural %}{{ hands }} hands"""
    """{% endblocktranslate %}</span></div></li>{% endfor %}"""
)

OPTIONS = Template(
    """{% for value, label in choices %}<option value="{{ value }}"{% if value|stringformat:"s" == chosen %}"""
    """ selected{% endif %}>{{ label }}</option>{% endfor %}"""
)

PLAYER_ITEMS = Template(
    """{% load i18n %}{% for player in players %}<li>
      <span class="grow">{{ player.name }}{% if player.user_id is not None %} """
    """<span class="small text-body-secondary">({% if player.user_id == user.pk %}"""
    """{% translate "you" context "whose account a player is" %}{% else %}"""
    """{{ player.username }}{% endif %})</span>{% endif %}</span>
      {% if edit %}<a class="btn btn-outline-secondary btn-sm" href="{% url 'games:player-edit' 1 player.pk %}">"""
    """{% blocktranslate with name=player.name %}Edit<span class="visually-hidden"> {{ name }}</span>"""
    """{% endblocktranslate %}</a>{% endif %}
    </li>{% endfor %}"""
)

STANDINGS_ROWS = Template(
    """{% for row in rows %}<tr><th scope="row" class="sticky-col"><a href="{{ row.url }}">{{ row.name }}</a></th>"""
    """{% for cell in row.cells %}<td>{{ cell }}</td>{% endfor %}</tr>{% endfor %}"""
)

HEAD_TO_HEAD_ROWS = Template(
    """{% load history %}{% for opponent in records %}<tr>
    <th scope="row"><a href="{% player_url reader opponent.player_id %}">{{ opponent.name }}</a></th>
    <td>{{ opponent.games }}</td><td>{{ opponent.wins }}-{{ opponent.losses }}-{{ opponent.ties }}</td>
  </tr>
{% endfor %}"""
)

# The app's own since it became a template.
MOONS_SHOT = get_template("history/includes/moons_shot.html")


def moons_in_python(moons: list[SimpleNamespace], reader: Reader) -> str:
    """The moons line as games.views.history built it until it became history/includes/moons_shot.html."""
    label, shot = gettext("game %(number)s"), gettext("Moons shot:")
    games = ", ".join(
        f'<a href="{escape(reader.scoresheet_url(game.game_id))}">{label % {"number": game.number}}</a>'
        + (f" (×{game.moons})" if game.moons > 1 else "")
        for game in moons
    )
    return f"{shot} {games}."


def timed(draw: Callable[[], object], repeat: int) -> float:
    draw()  # the first call compiles and fills caches
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        draw()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def standings_rows(count: int) -> list[stats.Row]:
    sums = [figure.name for figure in SUM_FIGURES]
    return [stats.Row(n, f"Player {n}", 25.0 + n / 7, True, **{name: 40 + n + i for i, name in enumerate(sums)})
            for n in range(count)]  # fmt: skip


def standings_by_template(rows: list[stats.Row]) -> str:
    """The rows as a template would draw them: each cell still worked out by its column, as the view does."""
    shown = [
        {"url": READER.player_url(row.player_id), "name": row.name, "cells": [c.cell(row) for c in stats.COLUMNS[1:]]}
        for row in rows
    ]
    return STANDINGS_ROWS.render(Context({"rows": shown}))


def cases(size: int) -> dict[str, tuple[Callable[[], object], Callable[[], object]]]:
    games = made_games(size)
    field = forms.ChoiceField(choices=[(n, f"Player {n}") for n in range(size)])
    form = forms.Form({"who": "7"})
    form.fields["who"] = field
    players = [
        SimpleNamespace(pk=n, name=f"Player {n}", user_id=n if n % 3 else None, username=f"p{n}") for n in range(size)
    ]
    user, organizer, league = SimpleNamespace(pk=3), SimpleNamespace(can_organize=True), SimpleNamespace(pk=1)
    league_context = Context({"membership": organizer, "user": user, "league": league})
    rows = standings_rows(size)
    records = [SimpleNamespace(player_id=n, name=f"Player {n}", games=9, wins=4, losses=3, ties=2) for n in range(size)]
    moons = [SimpleNamespace(game_id=n, number=n, moons=1 + n % 2) for n in range(size)]
    record = SimpleNamespace(moons=moons)
    choices = list(field.choices)
    return {
        "game_rows": (
            lambda: game_rows(games, READER),
            lambda: GAME_ROWS.render(Context({"games": games, "reader": READER, "player_id": None})),
        ),
        "options": (
            lambda: options(form, "who"),
            lambda: OPTIONS.render(Context({"choices": choices, "chosen": "7"})),
        ),
        "player_items": (
            lambda: player_items(league_context, players),
            lambda: PLAYER_ITEMS.render(Context({"players": players, "user": user, "edit": True})),
        ),
        # Cold: the rows kept in memory (_standings_line's lru_cache) emptied first, as after a restart.
        "standings rows": (
            lambda: (history._standings_line.cache_clear(), history._standings_rows(rows, READER)),
            lambda: standings_by_template(rows),
        ),
        # Warm: what a visit costs once the rows are kept, and every visit after a game but its players'.
        "standings, kept": (
            lambda: history._standings_rows(rows, READER),
            lambda: standings_by_template(rows),
        ),
        "head-to-head rows": (
            lambda: history._head_to_head_rows(records, READER),
            lambda: HEAD_TO_HEAD_ROWS.render(Context({"records": records, "reader": READER})),
        ),
        "moons shot": (
            lambda: moons_in_python(moons, READER),
            lambda: MOONS_SHOT.render({"record": record, "reader": READER}),
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    # The sizes a page shows: a page of the archive (20 games), a big league's players (100), a
    # player's opponents (30) and moons (12); then a thousand rows of each.
    page_sizes = {"game_rows": 20, "options": 100, "player_items": 100, "standings rows": 100,
                  "standings, kept": 100, "head-to-head rows": 99, "moons shot": 12}  # fmt: skip
    translation.activate("nl")
    print(f"{'builder':<18} {'rows':>5} {'python ms':>10} {'template ms':>12} {'ratio':>6}")
    for name, size in page_sizes.items():
        for rows in (size, 1000):
            python, template = cases(rows)[name]
            in_python, in_template = timed(python, repeat), timed(template, repeat)
            print(f"{name:<18} {rows:>5} {in_python:>10.2f} {in_template:>12.2f} {in_template / in_python:>6.1f}")


if __name__ == "__main__":
    main()
