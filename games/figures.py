"""The figures a league keeps, declared once: what each seat of a game keeps and what the standings sum.

As rules/options.py is for house rules, this is the one table of figures.
Each seat figure says its name (the Seat field, the games.csv column), its
field, how a game's hands make it, and where games.csv puts it; each sum says
its name (the Standing and SeasonStanding field, stats.Row's attribute), its
field, its aggregate over a player's seats, its standings column and its line
on the player page. Seat's and Figures' fields, seat_results, the standings'
sums and columns, the player page, games.csv, the league file's restore and
the admin are made from these lists; nothing reads a figure by position.

Adding a statistic: a SeatFigure (if each game keeps it) and a SumFigure (if
the standings show it), `python manage.py makemigrations games`, and the
words' translations in the four catalogs (`make messages`).
tests/games/test_figures.py proves each figure reaches the player page, the
standings, games.csv and a league file's round trip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Literal

from django.db import models
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_stubs_ext import StrPromise as Promise

from rules import GameState
from rules.cards import QUEEN_OF_SPADES, shown_card
from rules.variants import PRESETS

# The presets whose games pay money hand by hand (Turbo Hearts): Seat.money holds it.
MONEY_VARIANTS = tuple(key for key, variant in PRESETS.items() if variant.scoring == "turbo")


class Played:
    """A game as its seat figures read it, worked out once for all of them: the engine's state, its
    winners (scorer indexes), its hands, and for each seat the scorer that carries its total (a
    partner carries the team's, RULES.md, Partners)."""

    __slots__ = ("hands", "scorers", "seats", "setup", "state", "winners")

    def __init__(self, state: GameState, winners: set[int]) -> None:
        self.state, self.winners = state, winners
        self.setup, self.hands = state.setup, state.hands
        self.seats = range(len(self.setup.players))
        self.scorers = [self.setup.scorer_of_seat(seat) for seat in self.seats]


def _total(game: Played) -> list[Any]:
    totals = game.state.totals
    return [totals[scorer] for scorer in game.scorers]


def _won(game: Played) -> list[Any]:
    return [scorer in game.winners for scorer in game.scorers]


def _points(game: Played) -> list[Any]:
    # In a team game the engine's points are the team's: each partner carries them.
    summed = [0] * len(game.seats)
    for hand in game.hands:
        for index, taken in enumerate(hand.points):
            summed[index] += taken
    return [summed[scorer] for scorer in game.scorers]


def _moons(game: Played) -> list[Any]:
    setup = game.setup
    shot = [0] * len(game.seats)
    for hand in game.hands:
        if hand.moon:
            shot[hand.moon.shooter] += 1
    # Where the teams shoot as one (RULES.md, Partners), a team's moon is each partner's.
    if setup.teams and setup.moon_names == setup.team_names:
        return [shot[scorer] for scorer in game.scorers]
    return shot


def _taken(card: Literal["queen", "jack", "revoke"]) -> Callable[[Played], list[Any]]:
    """A count of the hands whose entry names the seat for `card` (who took it, who revoked)."""
    read = attrgetter(f"entry.{card}")

    def count(game: Played) -> list[Any]:
        taken = [0] * len(game.seats)
        for hand in game.hands:
            seat = read(hand)
            if seat is not None:
                taken[seat] += 1
        return taken

    return count


def _wraps(game: Played) -> list[Any]:
    wrapped = [0] * len(game.seats)
    for hand in game.hands:
        if hand.wrapped:
            for seat in set(hand.wrapped):
                wrapped[seat] += 1
    return wrapped


def _money(game: Played) -> list[Any]:
    money = game.state.money
    return list(money) if money is not None else [0] * len(game.seats)


def _team(game: Played) -> list[Any]:
    if not game.setup.teams:
        return [None] * len(game.seats)
    return list(game.scorers)


def _count() -> models.Field[Any, Any]:
    return models.PositiveSmallIntegerField(default=0)


def _number() -> models.Field[Any, Any]:
    return models.IntegerField(default=0)


@dataclass(frozen=True)
class SeatFigure:
    """A figure each seat of a game keeps (a Seat field of its name), made from the game's hands.

    csv: where games.csv puts it: "figure" among the seat's figures before the
    rating, "last" after it (a column added later goes last, so that those
    before stay where spreadsheets expect them), None not at all. rated: each
    player's rated games keep it (RATED_FIGURES, games.models.seats.Rated)."""

    name: str
    field: Callable[[], models.Field[Any, Any]]
    of_game: Callable[[Played], list[Any]]  # each seat's value, in seat order
    header: Promise | None
    csv: Literal["figure", "last"] | None = "figure"
    rated: bool = False


SEAT_FIGURES: tuple[SeatFigure, ...] = (
    SeatFigure("total", _number, _total, pgettext_lazy("CSV column", "total"), rated=True),
    SeatFigure("won", lambda: models.BooleanField(default=False), _won, pgettext_lazy("CSV column", "won"), rated=True),
    # Points taken in the hands, before wraps.
    SeatFigure("points", _number, _points, pgettext_lazy("CSV column", "points")),
    SeatFigure("moons", _count, _moons, pgettext_lazy("CSV column", "moons"), rated=True),
    SeatFigure("queens", _count, _taken("queen"), pgettext_lazy("CSV column", "queens")),
    SeatFigure("jacks", _count, _taken("jack"), pgettext_lazy("CSV column", "jacks")),
    SeatFigure("wraps", _count, _wraps, pgettext_lazy("CSV column", "wraps")),
    SeatFigure("revokes", _count, _taken("revoke"), pgettext_lazy("CSV column", "revokes")),
    # Turbo Hearts: the money this seat won over the game (zero-sum across the table); 0 elsewhere.
    SeatFigure("money", _number, _money, pgettext_lazy("games.csv column", "money"), "last"),
    # A partners game: the index of the seat's team (RULES.md, Partners); null when everyone plays alone.
    SeatFigure("team", lambda: models.PositiveSmallIntegerField(null=True, blank=True), _team, None, None),
)


SEAT_FIGURE_NAMES = tuple(figure.name for figure in SEAT_FIGURES)
# What a player's rated games keep of each seat (games.models.seats.Rated names them, in this order).
RATED_FIGURES = tuple(figure.name for figure in SEAT_FIGURES if figure.rated)
_MAKERS = tuple(figure.of_game for figure in SEAT_FIGURES)


def seat_figures(state: GameState, winners: set[int]) -> list[dict[str, Any]]:
    """Each seat's figures by name (SEAT_FIGURES), in seat order, from the engine's state."""
    game = Played(state, winners)
    # A list per figure, a value per seat in each: read across, a seat's figures by name.
    by_figure = [of_game(game) for of_game in _MAKERS]
    return [dict(zip(SEAT_FIGURE_NAMES, seat, strict=True)) for seat in zip(*by_figure, strict=True)]


@dataclass(frozen=True)
class Words:
    """A figure's words: short for a column's head or a page's line, long for what it means."""

    short: Promise
    long: Promise


@dataclass(frozen=True)
class SumFigure:
    """A standings figure: summed over a player's counted seats (a Standing and SeasonStanding field).

    column: its standings column's words (None: no column of its own); leads:
    the column is among the first, before the worked-out ones (win %, average,
    rating, per hand); page: its line on the player page (None: not there)."""

    name: str
    field: Callable[[], models.Field[Any, Any]]
    aggregate: Callable[[], Any]
    column: Words | None = None
    leads: bool = False
    page: Promise | None = None


def _games() -> models.Field[Any, Any]:
    return models.PositiveIntegerField(default=0)


SUM_FIGURES: tuple[SumFigure, ...] = (
    SumFigure("wins", _games, lambda: Count("pk", filter=Q(won=True)), Words(_("Wins"), _("Games won")), leads=True),
    SumFigure("games", _games, lambda: Count("pk"), Words(_("Games"), _("Games played that count")), leads=True),
    # The final totals and the hands' points summed: the average score and the points per hand.
    SumFigure("total", _number, lambda: Sum("total")),
    SumFigure("points", _number, lambda: Sum("points")),
    SumFigure("hands", _games, lambda: Sum("game__hand_count")),
    SumFigure("moons", _games, lambda: Sum("moons"), Words(_("Moons"), _("Moons shot")), page=_("Moons")),
    # The card's letter is the reader's (said()): "D♠ taken" on a German page.
    SumFigure(
        "queens", _games, lambda: Sum("queens"), Words(_("Q♠"), _("Queens of spades taken")), page=_("{queen} taken")
    ),
    SumFigure("wraps", _games, lambda: Sum("wraps"), Words(_("Wraps"), _("Wraps back to 0")), page=_("Wraps")),
    # Games won by 69 for 5 (or 5 for 69).
    SumFigure(
        "sixty_nine",
        _games,
        lambda: Count("pk", filter=Q(won=True, game__reason="sixty_nine")),
        Words(_("69×5"), _("Games won by 69 for 5")),
        page=_("69 for 5"),
    ),
    # Turbo Hearts' money won over the games; its column and line are shown where some were played.
    SumFigure(
        "money",
        _number,
        lambda: Sum("money"),
        Words(
            _("Money"), _("Turbo Hearts money won: each hand, the other players' scores minus three times one's own")
        ),
    ),
    # Games of a variant that pays money: a table shows the money column only where some were played.
    SumFigure("money_games", _games, lambda: Count("pk", filter=Q(game__variant__in=MONEY_VARIANTS))),
)


def said(words: Promise) -> str:
    """A figure's words in the reader's language, the card they name in the reader's letters."""
    return str(words).format(queen=shown_card(QUEEN_OF_SPADES))


def add_fields(model: type[models.Model], figures: Sequence[SeatFigure | SumFigure]) -> None:
    """Give a model a field for each figure, named alike (Seat's, Figures')."""
    for figure in figures:
        model.add_to_class(figure.name, figure.field())
