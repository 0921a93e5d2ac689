"""Big leagues, fast: random but valid games stored in bulk.

Used by the query-count tests and by benchmarks/league.py. Every hand goes
through the engine, so the games are ones a real table could have entered.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from games.league_file.restore import GameRecord, add_games
from games.models import League, Player
from rules import GameSetup, HandEntry, play

# Variants in the mix a house league might play, and how many sit down.
VARIANT_WEIGHTS = {"standard": 5, "omnibus": 2, "ricketts": 2, "3d": 1}
SEATS = {"standard": (3, 4, 4, 4, 5), "omnibus": (4, 4, 5), "ricketts": (4,), "3d": (3, 4, 5, 6)}
MOST_HANDS = 60


def random_entry(setup: GameSetup, rng: random.Random) -> HandEntry:
    seats = setup.seats
    roll = rng.random()
    if roll < 0.02:
        return HandEntry.revoked(rng.randrange(seats))
    jack = rng.randrange(seats) if setup.options.jack_of_diamonds else None
    if roll < 0.06 and setup.options.moon != "off":
        shooter = rng.randrange(seats)
        hearts = [setup.hearts_in_play if seat == shooter else 0 for seat in range(seats)]
        jack = shooter if setup.options.moon_needs_jack else jack
        entry = HandEntry.cards(hearts, shooter, jack)
    else:
        hearts = [0] * seats
        for _ in range(setup.hearts_in_play):
            hearts[rng.randrange(seats)] += 1
        entry = HandEntry.cards(hearts, rng.randrange(seats), jack)
    if setup.options.moon == "choice" and play(setup, []).moon_shooter(entry) is not None:
        entry = replace(entry, moon="add" if rng.random() < 0.8 else "subtract")
    return entry


def random_game(setup: GameSetup, rng: random.Random) -> list[HandEntry]:
    """Hands until the game is over (or MOST_HANDS: some games never finish)."""
    state = play(setup, [])
    entries: list[HandEntry] = []
    while not state.is_over and len(entries) < MOST_HANDS:
        entry = random_entry(setup, rng)
        state = state.after(entry)
        entries.append(entry)
    return entries


def seed_league(league: League, games: int, players: int, seed: int = 1) -> list[Player]:
    """Add `players` players and `games` random games (one every 3 hours, closer for more than 5,000) to league.

    Every game lies between 2024 and mid-2025, in the past, as a league file's dates must."""
    rng = random.Random(seed)
    people = Player.objects.bulk_create(Player(league=league, name=f"Player {n:03}") for n in range(1, players + 1))
    start = datetime(2024, 1, 1, 19, tzinfo=UTC)
    records = []
    for number in range(games):
        variant = rng.choices(list(VARIANT_WEIGHTS), weights=list(VARIANT_WEIGHTS.values()))[0]
        seated = rng.sample(people, min(rng.choice(SEATS[variant]), len(people)))
        setup = GameSetup.create(variant, [p.name for p in seated], {}, rng.randrange(len(seated)))
        created_at = start + timedelta(hours=3) * number * 5_000 // max(games, 5_000)
        entries = random_game(setup, rng)
        # A table can abandon only a game that is not over (Game.declaration_problem).
        abandoned = rng.random() < 0.02 and not play(setup, entries).is_over
        records.append(
            GameRecord(
                setup, seated, entries, created_at, created_at + timedelta(hours=1), "abandoned" if abandoned else ""
            )
        )
    add_games(league, records)
    league.results_changed()
    return people


# A small league worked out by hand ------------------------------------------------
#
# Three counted games between Ann, Ben, Cat and Dan, plus one abandoned, one
# declared null and one in progress, which count nowhere. The expected
# figures in the tests were added up from these hands on paper.

MOON_AND_QUEEN = [
    # Standard Hearts to 30. Hand 1: Ben takes every heart and the Q♠ and adds 26 to the others.
    HandEntry.cards([0, 13, 0, 0], 1, moon="add"),
    # Hand 2: Ann 5 hearts + Q♠ = 18, Cat 4, Dan 4 -> Ann 44, Ben 0, Cat 30, Dan 30. Ben wins.
    HandEntry.cards([5, 0, 4, 4], 0),
]

SIXTY_NINE_FOR_FIVE = [
    # Ricketts. Ann takes 13 hearts five times (65), then 4 (69) ...
    HandEntry.cards([13, 0, 0, 0], 1),
    HandEntry.cards([13, 0, 0, 0], 2),
    HandEntry.cards([13, 0, 0, 0], 3),
    HandEntry.cards([13, 0, 0, 0], 1),
    HandEntry.cards([13, 0, 0, 0], 2),
    HandEntry.cards([4, 9, 0, 0], 3),
    # ... then sits at 69 for five hands and wins: Ann 69, Ben 74, Cat 78, Dan 65.
    HandEntry.cards([0, 13, 0, 0], 2),
    HandEntry.cards([0, 0, 13, 0], 3),
    HandEntry.cards([0, 0, 0, 13], 1),
    HandEntry.cards([0, 13, 0, 0], 2),
    HandEntry.cards([0, 0, 13, 0], 3),
]

WRAPS = [
    # Standard to 40 with a wrap at 30.
    HandEntry.cards([4, 4, 4, 1], 3),  # 4 4 4 14
    HandEntry.cards([13, 0, 0, 0], 2),  # 17 4 17 14
    HandEntry.cards([0, 0, 13, 0], 0),  # Ann and Cat reach 30 and wrap: 0 4 0 14
    HandEntry.cards([0, 13, 0, 0], 3),  # 0 17 0 27
    HandEntry.cards([0, 0, 0, 13], 2),  # 0 17 13 40: Dan reaches 40, Ann wins on 0
]


NULL_GAME = [
    HandEntry.cards([13, 0, 0, 0], 0, moon="add"),
    HandEntry.cards([0, 13, 0, 0], 1, moon="subtract"),
    HandEntry.cards([0, 0, 13, 0], 2, moon="subtract"),
    HandEntry.cards([0, 0, 0, 13], 3, moon="subtract"),
]


def played(league: League, variant: str, entries: list[HandEntry], day: datetime, options: dict | None = None,
           players: list[str] | None = None, user=None):  # fmt: skip
    """A game started on `day` and played through the scorer's own operation, hand by hand."""
    from games.models import Game
    from tests.factories import make_game

    game = make_game(league, variant, players or ["Ann", "Ben", "Cat", "Dan"], options=options or {})
    Game.objects.filter(pk=game.pk).update(created_at=day, played_on=day.date())
    game.refresh_from_db()
    for number, entry in enumerate(entries, start=1):
        game.record_hand(number, entry, user)
    return game


def hand_worked_league(league: League, user=None) -> dict:
    """The three counted games (1-3 March 2025) and three that count nowhere."""
    from games.models import Game

    day = datetime(2025, 3, 1, 20, tzinfo=UTC)
    games = {
        "moon": played(league, "standard", MOON_AND_QUEEN, day, {"target": 30}, user=user),
        "sixty_nine": played(league, "ricketts", SIXTY_NINE_FOR_FIVE, day + timedelta(days=1), user=user),
        "wraps": played(league, "standard", WRAPS, day + timedelta(days=2), {"target": 40, "wraps": [30]}, user=user),
    }
    # Ann would have won this one; abandoned, it counts for nobody.
    abandoned = played(league, "standard", [HandEntry.cards([13, 0, 0, 0], 1)], day + timedelta(days=3),
                       {"target": 10}, user=user)  # fmt: skip
    abandoned.declare(Game.Status.ABANDONED, user)
    games["abandoned"] = abandoned
    # Ann's moon adds 26 to the others, whose moons each take 26 off: all back to 0, declared null.
    null = played(league, "standard", NULL_GAME, day + timedelta(days=4), user=user)
    null.declare(Game.Status.NULL, user)
    games["null"] = null
    games["in_progress"] = played(
        league, "standard", [HandEntry.cards([3, 3, 3, 4], 0)], day + timedelta(days=5), user=user
    )
    return games


def members(league: League) -> dict:
    """A user for each way of reaching a league's pages: the owner (an organizer), a second
    organizer, a scorer, a viewer, and an outsider who belongs to another league."""
    from games.models import Membership
    from tests.factories import LeagueFactory, MembershipFactory, UserFactory

    outsider = UserFactory()
    LeagueFactory(owner=outsider)
    return {
        "owner": league.owner,
        "organizer": MembershipFactory(league=league, role=Membership.Role.ORGANIZER).user,
        "scorer": MembershipFactory(league=league, role=Membership.Role.SCORER).user,
        "viewer": MembershipFactory(league=league, role=Membership.Role.VIEWER).user,
        "outsider": outsider,
    }
