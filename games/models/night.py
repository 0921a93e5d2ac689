"""A club night: the league's players present, its rounds, each round's tables and sit-outs.

shared/CLUBNIGHT.md is the law and rules.night its engine: these models keep
what the organizer decided (who is here, the game every table plays, the
seats of each round) and each table's ordinary Game of the league; the
seating and the night's standings are asked of rules.night, never re-derived.

A round is proposed (seated, not yet started: the organizer may swap or move
players), then playing (every table's game started at once), then over (every
game over, or ended by the organizer). Only the latest round can be proposed
or playing, so "a round started while another is unfinished" cannot be stored.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Max
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import changes
from games.models.activity import ActivityEntry
from games.models.exceptions import HandConflict
from games.models.game import Game, lock_for_writing
from games.models.league import League
from games.models.players import Player
from games.models.presets import LeaguePreset
from games.models.seats import Seat
from games.models.trash import AllRows, NotTrashed
from rules import GameSetup, GameState, HandError, SetupError, play
from rules.night import (
    ABANDONED,
    FEWEST_PLAYERS,
    MOST_PLAYERS,
    MOST_ROUNDS,
    NightError,
    RoundResult,
    Standing,
    TableResult,
    default_sizes,
    seat_night,
    standings,
    variant_sizes,
)
from rules.setup import OVER

if TYPE_CHECKING:
    from games.models.activity import Actor

NIGHT_NAME_LENGTH = 60
# The seating search's effort for a round seated at an organizer's tap (rules.night.seat_night; the command
# line's is 1): about a third of the iterations, for a plan of the whole rest of the night.
WEB_EFFORT = 0.3


class NightProblem(Exception):
    """A change the night refuses (bad input, a round in the way); str() is the sentence, field the form field.

    done: the night is already as the change would leave it (the same tap sent twice, or another
    organizer's first): nothing happens, and the organizer is told so rather than refused."""

    def __init__(self, message: str, field: str | None = None, done: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.done = done


def _night_problem(error: NightError, field: str | None = None) -> NightProblem:
    """The engine's sentence (a rules.i18n Message: shown in the reader's language)."""
    return NightProblem(error.message, field)


class Night(models.Model):
    """One evening of a league's club: who is here, the game each table plays, its rounds."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="nights", db_index=False)
    name = models.CharField(max_length=NIGHT_NAME_LENGTH, blank=True, default="")
    played_on = models.DateField()
    variant = models.CharField(max_length=20)
    # The options in full, time limit included, as a game keeps them: every table's game copies them.
    options = models.JSONField(default=dict)
    # The saved house rules the options came from, if any (its name is shown; the options are what count).
    preset = models.ForeignKey(LeaguePreset, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    rounds = models.PositiveSmallIntegerField()
    # The table sizes the organizer allows (CLUBNIGHT.md: "4 only, with players sitting out"); empty: the law's
    # Tables rule (4s, a fifth player or tables of 3 where the numbers need them).
    sizes = models.JSONField(default=list, blank=True)
    # rules.night's seed: the same night seats the same way.
    seed = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Bumped on every change of its rounds; the night's screen compares it.
    version = models.PositiveIntegerField(default=0)
    # When an organizer deleted it: in the trash, restorable for TRASH_DAYS; its games stay the league's.
    trashed_at = models.DateTimeField(null=True, blank=True)
    # The night's signed links name the generation they were given in (night_screen.py): the screen's
    # (the club's TV) and the one its Share button hands out. An organizer who stops one moves it on.
    screen_generation = models.PositiveIntegerField(default=0)
    share_generation = models.PositiveIntegerField(default=0)
    # The series it belongs to, if any (games.models.series, above this module: reached by name).
    series = models.ForeignKey(
        "games.NightSeries", on_delete=models.SET_NULL, null=True, blank=True, related_name="nights"
    )

    objects = NotTrashed["Night"]()
    all_objects = AllRows["Night"]()

    class Meta:
        ordering = ["-played_on", "-created_at", "-pk"]
        indexes = [models.Index(fields=["league", "-played_on"], name="games_night_league_played_idx")]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("games:night-detail", args=[self.pk])

    @property
    def title(self) -> str:
        return self.name or gettext("Club night of %(day)s") % {"day": formats.date_format(self.played_on)}

    # The trash -------------------------------------------------------------

    @transaction.atomic
    def trash(self, user: Actor = None) -> None:
        """Into the trash for TRASH_DAYS: hidden from every page, its screen 404. Its games stay the league's."""
        lock_for_writing(self.league_id)
        self.trashed_at = timezone.now()
        changes.nights_changed([self.pk], trashed_at=self.trashed_at)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.NIGHT_DELETED, night=self.title)

    @transaction.atomic
    def restore(self, user: Actor = None) -> None:
        """Back from the trash, as it was (its games never left the league)."""
        lock_for_writing(self.league_id)
        changes.nights_changed([self.pk], trashed_at=None)
        self.trashed_at = None
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.NIGHT_RESTORED, night=self.title)

    # Its links ----------------------------------------------------------------

    LINKS = ("screen", "share")

    @transaction.atomic
    def stop_link(self, link: str, user: Actor = None) -> None:
        """Stop every `link` ("screen" or "share") given so far; the next one given is of a new generation."""
        if link not in self.LINKS:
            raise ValueError(link)
        field = f"{link}_generation"
        Night.objects.filter(pk=self.pk).update(**{field: F(field) + 1})
        setattr(self, field, Night.objects.values_list(field, flat=True).get(pk=self.pk))
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.NIGHT_LINK_STOPPED, night=self.title, link=link)
        # The screens on the link: their live streams end (games/views/live.py).
        changes.announce(changes.night_topic(self.pk))

    # What the engine is asked ---------------------------------------------

    def setup_for(self, names: Sequence[str]) -> GameSetup:
        """The game one table of these players would start (SetupError if the variant cannot seat them)."""
        return GameSetup.create(self.variant, list(names), self.options, 0)

    def allowed_sizes(self, players: int) -> tuple[int, ...] | None:
        """The table sizes rules.night may use: the organizer's, else the law's unless the variant cannot
        seat one of them."""
        if self.sizes:
            return tuple(self.sizes)
        sizes = variant_sizes(self.variant, self.options)
        try:
            usual = default_sizes(players)
        except NightError:
            return sizes
        return None if set(usual) <= set(sizes) else sizes

    def present(self) -> list[Player]:
        return [entry.player for entry in self.attendance.filter(left=False).select_related("player")]

    def played_tables(self) -> list[list[list[str]]]:
        """The rounds started so far, as rules.night reads them: each round's tables in seat order, by name."""
        played: list[list[list[str]]] = []
        for night_round in self.round_set.exclude(status=NightRound.Status.PROPOSED).prefetch_related(
            models.Prefetch("seats", queryset=NightSeat.objects.select_related("player", "table"))
        ):
            played.append(night_round.tables_by_name())
        return played

    def current_round(self) -> NightRound | None:
        return self.round_set.order_by("-number").first()

    def results(self) -> list[RoundResult]:
        """Each started round's tables as the engine scores them (rules.night.TableResult), and its sit-outs."""
        rounds = []
        for night_round in self.round_set.exclude(status=NightRound.Status.PROPOSED).prefetch_related(
            models.Prefetch("seats", queryset=NightSeat.objects.select_related("player")),
            models.Prefetch(
                "tables",
                queryset=NightTable.objects.select_related("game").prefetch_related(
                    models.Prefetch("game__seats", queryset=Seat.objects.select_related("player")),
                    "game__hands",
                ),
            ),
        ):
            tables = []
            for table in night_round.tables.all():
                game = table.game
                if game is None or game.trashed_at is not None:
                    seated = sorted((seat for seat in night_round.seats.all() if seat.table_id == table.pk), key=_place)
                    tables.append(gone_table([seat.player.name for seat in seated]))
                    continue
                tables.append(table_result(table, game.state()))
            sit_out = tuple(seat.player.name for seat in night_round.seats.all() if seat.table_id is None)
            rounds.append(RoundResult(tuple(tables), sit_out))
        return rounds

    def standings(self) -> list[Standing]:
        return standings(self.results())

    # Changes ---------------------------------------------------------------

    @classmethod
    @transaction.atomic
    def begin(
        cls,
        league: League,
        players: Sequence[Player],
        variant: str,
        options: dict[str, Any],
        rounds: int,
        played_on: date,
        name: str = "",
        preset: LeaguePreset | None = None,
        user: Any = None,
        seed: int | None = None,
        sizes: Sequence[int] = (),
    ) -> Night:
        """A new night with round 1 proposed (NightProblem for a night that cannot be, nothing saved).

        sizes: the table sizes the organizer allows, each one the variant seats; none for the law's rule."""
        _check_players(players)
        if not 1 <= rounds <= MOST_ROUNDS:
            raise NightProblem(gettext("A night has from 1 to %(most)d rounds") % {"most": MOST_ROUNDS}, "rounds")
        try:
            resolved = GameSetup.create(variant, [f"P{seat}" for seat in range(4)], options, 0).options.as_dict()
        except SetupError:
            # Some variants take no 4 players: ask with the sizes it does take.
            sizes = variant_sizes(variant, options)
            if not sizes:
                raise NightProblem(gettext("These house rules cannot be played at any table"), "variant") from None
            resolved = GameSetup.create(variant, [f"P{seat}" for seat in range(sizes[0])], options, 0).options.as_dict()
        allowed = sorted(set(sizes))
        seated = variant_sizes(variant, options)
        for size in allowed:
            if size not in seated:
                raise NightProblem(
                    gettext("This game is not played at tables of %(size)d: it seats %(sizes)s")
                    % {"size": size, "sizes": ", ".join(map(str, seated))},
                    "sizes",
                )
        if allowed and len(players) < allowed[0]:
            raise NightProblem(
                gettext("%(count)d players cannot fill a table of %(size)d")
                % {"count": len(players), "size": allowed[0]},
                "sizes",
            )
        lock_for_writing(league.pk)
        night = cls.objects.create(
            league=league,
            name=name,
            played_on=played_on,
            variant=variant,
            options=resolved,
            preset=preset,
            rounds=rounds,
            sizes=allowed,
            seed=random.randrange(1_000_000) if seed is None else seed,
            created_by=user if user is not None and user.is_authenticated else None,
        )
        NightPlayer.objects.bulk_create(NightPlayer(night=night, player=player) for player in players)
        night.seat_next_round()
        return night

    def _lock(self) -> Night:
        """The night re-read under a write lock: after its league's (lock_for_writing's order), before its games'."""
        lock_for_writing(self.league_id)
        locked = Night.objects.select_for_update().filter(pk=self.pk).first()
        if locked is None:
            raise NightProblem(gettext("This night has been deleted"))
        return locked

    def _changed(self) -> None:
        changes.nights_changed([self.pk])

    @transaction.atomic
    def seat_next_round(self) -> NightRound:
        """Seat the next round from the rounds played (rules.night); it waits, proposed, for the organizer."""
        night = self._lock()
        latest = night.current_round()
        if latest is not None and latest.status != NightRound.Status.OVER:
            raise NightProblem(gettext("Round %(number)d is not over yet") % {"number": latest.number})
        number = 1 if latest is None else latest.number + 1
        if number > night.rounds:
            raise NightProblem(gettext("All %(rounds)d rounds of the night are seated") % {"rounds": night.rounds})
        return night._propose(number)

    def _propose(self, number: int) -> NightRound:
        present = self.present()
        _check_players(present)
        names = [player.name for player in present]
        try:
            # The rest of the night is planned and its first round kept: seated one round at a time, a
            # night can't reach a plan whose later rounds need this one's seats (a design's), and met 9
            # repeats where 0 were to be had. At a web request's effort: under 2.5 s of CPU for the
            # longest nights (40 x 13), a quarter of a second for 21 x 4.
            remaining = max(1, self.rounds - number + 1)
            plan = seat_night(
                names, remaining, self.played_tables(), self.allowed_sizes(len(names)), self.seed + number, WEB_EFFORT
            )
        except NightError as error:
            raise _night_problem(error, "players") from None
        by_name = {player.name: player for player in present}
        night_round = NightRound.objects.create(night=self, number=number)
        seats = []
        for table_number, table_names in enumerate(plan.rounds[0], start=1):
            table = NightTable.objects.create(round=night_round, number=table_number)
            seats += [
                NightSeat(round=night_round, table=table, position=position, player=by_name[name])
                for position, name in enumerate(table_names)
            ]
        seats += [
            NightSeat(round=night_round, table=None, position=position, player=by_name[name])
            for position, name in enumerate(plan.sit_out[0])
        ]
        NightSeat.objects.bulk_create(seats)
        self._changed()
        return night_round

    @transaction.atomic
    def reseat(self) -> NightRound:
        """Seat the proposed round again (after someone arrived or left)."""
        night = self._lock()
        latest = night.current_round()
        if latest is None or latest.status != NightRound.Status.PROPOSED:
            raise NightProblem(gettext("Only a round that has not started can be seated again"))
        latest.delete()
        return night._propose(latest.number)

    @transaction.atomic
    def arrive(self, player: Player) -> None:
        """A player joins the night: seated from the next round on (the proposed one is seated again)."""
        night = self._lock()
        entry, created = NightPlayer.objects.get_or_create(night=night, player=player)
        if not created and not entry.left:
            raise NightProblem(gettext("%(name)s is already here") % {"name": player.name}, "name")
        if len(night.present()) >= MOST_PLAYERS and (created or entry.left):
            raise NightProblem(gettext("A night seats at most %(most)d players") % {"most": MOST_PLAYERS}, "name")
        NightPlayer.objects.filter(pk=entry.pk).update(left=False)
        night._reseat_if_proposed()

    @transaction.atomic
    def leave(self, player: Player) -> None:
        """A player leaves: taken out of the next rounds (the games they played stay)."""
        night = self._lock()
        if not NightPlayer.objects.filter(night=night, player=player, left=False).exists():
            raise NightProblem(gettext("%(name)s is not here") % {"name": player.name})
        if len(night.present()) <= FEWEST_PLAYERS:
            raise NightProblem(gettext("A night needs at least %(fewest)d players") % {"fewest": FEWEST_PLAYERS})
        NightPlayer.objects.filter(night=night, player=player).update(left=True)
        night._reseat_if_proposed()

    def _reseat_if_proposed(self) -> None:
        latest = self.current_round()
        if latest is not None and latest.status == NightRound.Status.PROPOSED:
            latest.delete()
            self._propose(latest.number)
        else:
            self._changed()

    @transaction.atomic
    def swap(self, first: Player, second: Player) -> None:
        """Two players of the proposed round trade places (a sit-out may trade with a seated player)."""
        night = self._lock()
        night_round = night._proposed()
        seats = {seat.player_id: seat for seat in night_round.seats.select_related("table")}
        if first.pk not in seats or second.pk not in seats:
            raise NightProblem(gettext("Choose two players of this round"), "first")
        if first.pk == second.pk:
            raise NightProblem(gettext("Choose two different players"), "second")
        a, b = seats[first.pk], seats[second.pk]
        if a.table_id == b.table_id:
            raise NightProblem(
                gettext("%(first)s and %(second)s sit at one table already")
                % {"first": first.name, "second": second.name},
                "second",
            )
        NightSeat.objects.filter(pk=a.pk).update(table_id=b.table_id, position=b.position)
        NightSeat.objects.filter(pk=b.pk).update(table_id=a.table_id, position=a.position)
        night._changed()

    @transaction.atomic
    def move(self, player: Player, table_number: int) -> None:
        """Move a player of the proposed round to another table's last seat (table 0: sitting out)."""
        night = self._lock()
        night_round = night._proposed()
        seat = night_round.seats.filter(player=player).first()
        if seat is None:
            raise NightProblem(gettext("Choose a player of this round"), "player")
        tables = {table.number: table for table in night_round.tables.all()}
        if table_number != 0 and table_number not in tables:
            raise NightProblem(gettext("There is no table %(number)d") % {"number": table_number}, "table")
        target = tables.get(table_number)
        target_pk = target.pk if target is not None else None
        if seat.table_id == target_pk:
            raise NightProblem(gettext("%(name)s already sits there") % {"name": player.name}, "table")
        counts = {table.pk: table.seats.count() for table in tables.values()}
        if seat.table_id is not None:
            counts[seat.table_id] -= 1
        if target_pk is not None:
            counts[target_pk] += 1
        sizes = variant_sizes(night.variant, night.options)
        for number, table in tables.items():
            # A table left empty goes; any other must be a size the variant seats.
            if counts[table.pk] and counts[table.pk] not in sizes:
                raise NightProblem(_size_refused(night, number, counts[table.pk], sizes), "table")
        last = night_round.seats.filter(table=target).aggregate(last=Max("position"))["last"]
        NightSeat.objects.filter(pk=seat.pk).update(table=target, position=0 if last is None else last + 1)
        for table in tables.values():
            if not counts[table.pk]:
                table.delete()
        for number, table in enumerate(night_round.tables.order_by("number"), start=1):
            if table.number != number:
                NightTable.objects.filter(pk=table.pk).update(number=number)
        if seat.table_id is not None and counts[seat.table_id]:
            # The table moved from closes its gap: positions 0, 1, 2... again.
            for position, other in enumerate(night_round.seats.filter(table_id=seat.table_id).order_by("position")):
                NightSeat.objects.filter(pk=other.pk).update(position=position)
        night._changed()

    def _proposed(self) -> NightRound:
        latest = self.current_round()
        if latest is None or latest.status != NightRound.Status.PROPOSED:
            raise NightProblem(gettext("The round has started: its seats can no longer change"))
        return latest

    @transaction.atomic
    def start_round(self, number: int, user: Any = None) -> NightRound:
        """One tap: every table of the proposed round starts its game, seat 1 dealing first.

        `number` is the round the organizer saw: a second organizer's tap, or
        the same tap sent twice, finds it started and changes nothing."""
        night = self._lock()
        latest = night.current_round()
        if latest is not None and latest.number < number and latest.status != NightRound.Status.OVER:
            raise NightProblem(gettext("Round %(number)d is not over yet") % {"number": latest.number})
        if latest is None or latest.number < number:
            # A round the night never seated (round 3 of a night of two, over): nothing to start.
            raise NightProblem(gettext("Round %(number)d is not seated yet") % {"number": number})
        if latest.number != number or latest.status != NightRound.Status.PROPOSED:
            raise NightProblem(gettext("Round %(number)d has already started") % {"number": number}, done=True)
        tables = list(
            latest.tables.prefetch_related(
                models.Prefetch("seats", queryset=NightSeat.objects.select_related("player").order_by("position"))
            ).order_by("number")
        )
        sizes = variant_sizes(night.variant, night.options)
        for table in tables:
            players = [seat.player for seat in table.seats.all()]
            if len(players) not in sizes:
                raise NightProblem(_size_refused(night, table.number, len(players), sizes), "table")
        for table in tables:
            players = [seat.player for seat in table.seats.all()]
            try:
                game = Game.start(night.league, night.variant, players, night.options, 0, user, night.played_on)
            except SetupError as error:
                raise NightProblem(str(error)) from None
            NightTable.objects.filter(pk=table.pk).update(game=game)
        NightRound.objects.filter(pk=latest.pk).update(status=NightRound.Status.PLAYING, started_at=timezone.now())
        night._changed()
        latest.refresh_from_db()
        return latest

    @transaction.atomic
    def end_round(self, number: int, user: Any = None, choices: dict[int, str] | None = None) -> NightRound:
        """The round is over: unfinished games end by the time-limit rule, or as the organizer chose.

        A game with a time limit and hands in ends after its last hand, as
        if the time had run out during it (RULES.md, Time limit: the single
        lowest total wins). A game that this does not end (no time limit, no
        hand yet, or still tied for lowest) ends as `choices` says for its
        table number (CLUBNIGHT.md): LATER, the game goes on and counts for
        its round when it ends; COUNT, placed by its totals so far; ABANDON
        (also a table the choices leave out), it scores nobody this round.
        The organizer's page asks first (games.views.nights)."""
        choices = choices or {}
        night = self._lock()
        latest = night.current_round()
        if latest is None or latest.number != number or latest.status != NightRound.Status.PLAYING:
            if latest is not None and (latest.number > number or latest.status == NightRound.Status.OVER):
                raise NightProblem(gettext("Round %(number)d is over already") % {"number": number}, done=True)
            raise NightProblem(gettext("Round %(number)d is not being played") % {"number": number})
        for table in latest.tables.select_related("game").order_by("number"):
            game = table.game
            # A game deleted meanwhile (in the trash, or purged) is left as it is: its table scores
            # nobody this round (gone_table), and the night's page says so.
            if game is None or game.trashed_at is not None:
                continue
            if game.status not in (Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK):
                continue
            game = Game.objects.for_table().get(pk=game.pk)
            state = game.state()
            if state.setup.options.time_limit and state.hands and not state.time_up:
                last = len(state.hands)
                entry = game.entries()[-1]
                try:
                    with transaction.atomic():  # a savepoint: a refused mark leaves the game as it was
                        game.edit_hand(last, replace(entry, time_up=True), user)
                except (HandError, HandConflict):
                    pass  # the engine will not end it by time: it is abandoned below
                game.refresh_from_db()
            if game.status in (Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK):
                choice = choices.get(table.number, ABANDON)
                if choice == LATER:
                    NightTable.objects.filter(pk=table.pk).update(ended_as=NightTable.Ended.LATER)
                elif choice == COUNT:
                    NightTable.objects.filter(pk=table.pk).update(ended_as=NightTable.Ended.COUNTED)
                else:
                    game.declare(ABANDONED, user)
        NightRound.objects.filter(pk=latest.pk).update(status=NightRound.Status.OVER, ended_at=timezone.now())
        night._changed()
        latest.refresh_from_db()
        return latest

    def still_playing(self, number: int) -> list[tuple[NightTable, bool]]:
        """Round `number`'s tables whose game is still being played, each with whether ending the round
        now would end it by its time limit (the engine asked, nothing stored): the organizer chooses for
        the others."""
        found: list[tuple[NightTable, bool]] = []
        tables = NightTable.objects.filter(
            round__night=self, round__number=number, round__status=NightRound.Status.PLAYING, game__trashed_at=None
        )
        for table in tables.select_related("game").order_by("number"):
            game = table.game
            if game is None or game.status not in (Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK):
                continue
            found.append((table, _ends_by_time(game)))
        return found

    @transaction.atomic
    def bring_back(self, number: int, table_number: int, user: Any = None) -> Game:
        """An unfinished game round `number`'s end abandoned or counted goes on again: it counts for its
        round when it ends (NightProblem when there is nothing to bring back)."""
        night = self._lock()
        table = (
            NightTable.objects.select_related("game")
            .filter(round__night=night, round__number=number, round__status=NightRound.Status.OVER, number=table_number)
            .first()
        )
        if table is None or table.game is None or table.game.trashed_at is not None:
            raise NightProblem(gettext("There is no such table's game to bring back"))
        game = table.game
        if table.ended_as == NightTable.Ended.COUNTED:
            NightTable.objects.filter(pk=table.pk).update(ended_as=NightTable.Ended.LATER)
        elif game.declared == ABANDONED:
            game.undeclare(user)
            NightTable.objects.filter(pk=table.pk).update(ended_as=NightTable.Ended.LATER)
        else:
            raise NightProblem(
                gettext("Table %(number)d's game was not ended by the round: nothing to bring back")
                % {"number": table_number}
            )
        night._changed()
        return game

    @transaction.atomic
    def next_round(self, number: int) -> NightRound:
        """Round `number` (the one the organizer saw) is over at every table: seat the next one.

        Two organizers tapping at once: the second finds round `number` no
        longer the latest, and nothing more is seated."""
        night = self._lock()
        latest = night.current_round()
        if latest is None or latest.number != number:
            seated = latest is not None and latest.number > number
            raise NightProblem(gettext("Round %(number)d is seated already") % {"number": number + 1}, done=seated)
        if latest.status == NightRound.Status.PROPOSED:
            raise NightProblem(gettext("Round %(number)d has not started yet") % {"number": number})
        if latest.status == NightRound.Status.PLAYING:
            unfinished = latest.tables.filter(
                game__status__in=[Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK], game__trashed_at=None
            )
            if unfinished.exists():
                raise NightProblem(
                    gettext("Tables are still playing round %(number)d: wait for them, or end the round")
                    % {"number": number}
                )
            NightRound.objects.filter(pk=latest.pk).update(status=NightRound.Status.OVER, ended_at=timezone.now())
        return night.seat_next_round()


def _ends_by_time(game: Game) -> bool:
    """Whether marking the time as run out in the last hand ends the game (the engine's time-limit rule)."""
    state = game.state()
    if not (state.setup.options.time_limit and state.hands and not state.time_up):
        return False
    entries = game.entries()
    entries[-1] = replace(entries[-1], time_up=True)
    try:
        return play(state.setup, entries).status == OVER
    except HandError:
        return False


def table_result(table: NightTable, state: GameState) -> TableResult:
    """A started table's result for the night: its game's, or as its totals stood when the organizer counted it."""
    game = table.game
    declared = game.declared or None if game is not None else None
    return TableResult.from_state(state, declared, as_it_stands=table.ended_as == NightTable.Ended.COUNTED)


# What the organizer may choose for a game still being played when a round ends (CLUBNIGHT.md).
LATER, COUNT, ABANDON = "later", "count", "abandon"
END_CHOICES = (LATER, COUNT, ABANDON)


def gone_table(players: Sequence[str]) -> TableResult:
    """A started table whose game was deleted (in the trash or purged): it scores nobody this round, as an
    abandoned game does (CLUBNIGHT.md), its players counted as sitting out. Restored, the game counts again."""
    return TableResult(tuple(players), (0,) * len(players), (), ABANDONED)


def _place(seat: NightSeat) -> int:
    return seat.position


def _check_players(players: Sequence[Player]) -> None:
    if len(players) < FEWEST_PLAYERS:
        raise NightProblem(
            gettext("A night needs at least %(fewest)d players; %(count)d are here")
            % {"fewest": FEWEST_PLAYERS, "count": len(players)},
            "players",
        )
    if len(players) > MOST_PLAYERS:
        raise NightProblem(gettext("A night seats at most %(most)d players") % {"most": MOST_PLAYERS}, "players")
    seen: set[int] = set()
    for player in players:
        if player.pk in seen:
            raise NightProblem(gettext("%(name)s is here twice") % {"name": player.name}, "players")
        seen.add(player.pk)


def _size_refused(night: Night, number: int, size: int, sizes: Sequence[int]) -> str:
    return gettext(
        "Table %(number)d would seat %(size)d players, and these rules are played at tables of %(sizes)s only"
    ) % {"number": number, "size": size, "sizes": ", ".join(map(str, sizes))}


class NightPlayer(models.Model):
    """A player who came to the night; `left` once they went home (their games stay)."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="attendance", db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="nights_attended")
    left = models.BooleanField(default=False)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["player__name", "pk"]
        constraints = [models.UniqueConstraint(fields=["night", "player"], name="one_attendance_per_night")]

    def __str__(self) -> str:
        return f"{self.player_id} at night {self.night_id}"


class NightRound(models.Model):
    class Status(models.TextChoices):
        PROPOSED = "proposed", _("Seated, not started")
        PLAYING = "playing", _("Being played")
        OVER = "over", _("Over")

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="round_set", db_index=False)
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PROPOSED)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["night", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"Round {self.number} of night {self.night_id}"

    def tables_by_name(self) -> list[list[str]]:
        """The round's tables in seat order, by player name (uses prefetched seats)."""
        tables: dict[int, list[NightSeat]] = {}
        numbers: dict[int, int] = {}
        for seat in self.seats.all():
            if seat.table is not None:
                tables.setdefault(seat.table.pk, []).append(seat)
                numbers[seat.table.pk] = seat.table.number
        return [
            [seat.player.name for seat in sorted(tables[pk], key=lambda seat: seat.position)]
            for pk in sorted(tables, key=lambda pk: numbers[pk])
        ]


class NightTable(models.Model):
    """One table of a round; its ordinary game of the league once the round starts."""

    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    # A purged game leaves the table without one (the seats still say who sat there).
    game = models.OneToOneField(Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="night_table")

    class Ended(models.TextChoices):
        """What the organizer chose for the game still being played when the round ended (CLUBNIGHT.md)."""

        PLAYING = "", _("as its game says")
        LATER = "later", _("finished later")
        COUNTED = "counted", _("counted as it stood")

    ended_as = models.CharField(max_length=10, choices=Ended.choices, default=Ended.PLAYING, blank=True)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Table {self.number} of round {self.round_id}"


class NightSeat(models.Model):
    """A player's place in a round: a table's seat (0 deals first), or sitting out (no table)."""

    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="seats", db_index=False)
    table = models.ForeignKey(NightTable, on_delete=models.CASCADE, null=True, blank=True, related_name="seats")
    position = models.SmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="night_seats")

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["round", "player"], name="one_seat_per_round")]

    def __str__(self) -> str:
        return f"{self.player_id} in round {self.round_id}"
