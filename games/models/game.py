"""A game: its setup, its hands as the table entered them, and every change to them.

The hands are the truth; Game.status and the seats' totals are a cache of
what the engine makes of them, rebuilt by Game.refresh() whenever a hand
changes, and rebuildable at any time with `manage.py rebuild_results`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, models, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games import changes
from games.models.activity import ActivityEntry, acting_name, acting_user
from games.models.exceptions import DeclareError, DuplicateGame, HandConflict, refusal
from games.models.lazy import model
from games.models.league import League, lock_for_writing
from games.models.names import player_name
from games.models.players import Player
from games.models.revisions import Hand, HandRevision
from games.models.seats import Seat, seat_results
from games.models.trash import NotTrashed, TrashError
from rules import (
    GameSetup,
    GameState,
    HandEntry,
    HandError,
    ScoresheetError,
    SetupError,
    name_key,
    play,
    read_scoresheet,
    write_scoresheet,
)
from rules.errors import EntryError, FieldError
from rules.scoresheet import FIRST_DAY, LAST_DAY
from rules.scoresheet import played_on as scoresheet_played_on

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

    from games.models.activity import Actor

# Where a game stands in a league's order of play: (played_on, created_at, pk).
# The day it was played comes first (a back-filled paper game is rated where
# it was played, not where it was typed in); games of one day go in the
# order they were started.
Position = tuple[date, datetime, int]
ORDER_OF_PLAY = ("played_on", "created_at", "pk")


# The days a game can be played on, as SCORESHEET.md bounds them.
EARLIEST_DAY, LATEST_DAY = FIRST_DAY, LAST_DAY


class GameQuerySet(models.QuerySet["Game"]):
    def for_user(self, user: User | AnonymousUser) -> GameQuerySet:
        if not user.is_authenticated:
            return self.none()
        return self.filter(league__memberships__user=user)

    def in_progress(self) -> GameQuerySet:
        return self.filter(status__in=[Game.Status.IN_PROGRESS, Game.Status.TIE_BREAK])

    def counted(self) -> GameQuerySet:
        """Games that count in standings: finished, neither null nor abandoned."""
        return self.filter(status=Game.Status.OVER)

    def in_order_of_play(self) -> GameQuerySet:
        return self.order_by(*ORDER_OF_PLAY)

    def latest_first(self) -> GameQuerySet:
        return self.order_by(*(f"-{field}" for field in ORDER_OF_PLAY))

    def twin_of(self, league: League, setup: GameSetup, entries: list[HandEntry], day: date) -> Game | None:
        """The league's game played on `day` by the same players in the same seats, with the same hands.

        The few games of that day and variant with as many hands are read
        with their seats and hands, and compared entry by entry."""
        wanted = [entry.to_stored() for entry in entries]
        candidates = self.filter(league=league, played_on=day, variant=setup.variant.key, hand_count=len(entries))
        for game in candidates.prefetch_related("seats__player", "hands").order_by("number"):
            names = [seat.player.name_key for seat in game.ordered_seats()]
            if (
                names == [name_key(name) for name in setup.players]
                and [hand.entry for hand in sorted(game.hands.all(), key=lambda hand: hand.number)] == wanted
            ):
                return game
        return None

    def for_table(self) -> GameQuerySet:
        """Everything the game page shows, in a fixed number of queries however long the game.

        Each seat is read with its player in one query: a merge committed
        between two queries would leave a seat naming a player already gone
        ("Seat has no player", a 500 on SQLite during the red-team race)."""
        return self.select_related("league").prefetch_related(*_table_lookups())


def _table_lookups() -> tuple[models.Prefetch | str, ...]:
    """What the game page shows of a game besides its row: for_table() and Game.read_table()."""
    return (
        models.Prefetch("seats", queryset=Seat.objects.select_related("player")),
        "hands",
        models.Prefetch("revisions", queryset=HandRevision.objects.select_related("user")),
    )


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", gettext_lazy("In progress")
        TIE_BREAK = "tie_break", gettext_lazy("Tie-break hand due")
        OVER = "over", gettext_lazy("Over")
        NULL = "null", gettext_lazy("Declared null")
        ABANDONED = "abandoned", gettext_lazy("Abandoned")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="games", db_index=False)
    # The league's own count: "game 16" is its sixteenth game, whatever the database's id.
    number = models.PositiveIntegerField()
    # The day the table played it, in the league's time zone: what lists,
    # seasons and ratings go by (created_at is when it was typed in).
    played_on = models.DateField()
    variant = models.CharField(max_length=20)
    # The options in full (preset defaults included), so a later change of a
    # preset's defaults never changes an old game.
    options = models.JSONField(default=dict)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    # Bumped on every change; phones polling the game compare it to theirs.
    version = models.PositiveIntegerField(default=0)
    # A null or abandoned game is declared by the table and is not derived.
    declared = models.CharField(
        max_length=12,
        blank=True,
        default="",
        choices=[(Status.NULL.value, Status.NULL.label), (Status.ABANDONED.value, Status.ABANDONED.label)],
    )
    # With a time limit (RULES.md, Time limit): when the table's clock started,
    # at the first deal. The game starts it; the table may restart it before
    # the first hand is in, if the deal came later.
    clock_started_at = models.DateTimeField(null=True, blank=True)
    # Share links name the generation they were given in; an organizer who
    # stops them (a link sent to the wrong chat) moves the game on to the next.
    share_generation = models.PositiveIntegerField(default=0)

    # Cache derived from the hands by refresh().
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    reason = models.CharField(max_length=12, blank=True, default="")
    hand_count = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)

    # When an organizer deleted it: in the trash, restorable for TRASH_DAYS.
    trashed_at = models.DateTimeField(null=True, blank=True)

    objects = NotTrashed.from_queryset(GameQuerySet)()
    all_objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-created_at", "-pk"]
        indexes = [
            models.Index(fields=["league", "-played_on", "-created_at"], name="games_game_league_played_idx"),
            # A league's counted (or unfinished) games by day, for seasons, games per month, the
            # games under way and the archive's filters. No index on the status alone: SQLite would
            # start a player's seats from every finished game of every league rather than from the
            # player's seats. Ascending: read backwards, they list games newest first (the id,
            # every index's last column, included) without sorting them.
            models.Index(fields=["league", "status", "played_on", "created_at"], name="games_game_league_status_idx"),
            models.Index(
                fields=["league", "status", "variant", "played_on", "created_at"], name="games_game_league_variant_idx"
            ),
        ]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="one_game_per_number")]

    def __str__(self) -> str:
        return f"Game {self.number} ({self.variant})"

    def get_absolute_url(self) -> str:
        return reverse("games:game-detail", args=[self.pk])

    @property
    def position(self) -> Position:
        return (self.played_on, self.created_at, self.pk)

    @staticmethod
    def from_position(since: Position, prefix: str = "") -> Q:
        """Games at `since` or after it in the order of play (ORDER_OF_PLAY)."""
        day, created_at, pk = since
        return (
            Q(**{f"{prefix}played_on__gt": day})
            | Q(**{f"{prefix}played_on": day, f"{prefix}created_at__gt": created_at})
            | Q(**{f"{prefix}played_on": day, f"{prefix}created_at": created_at, f"{prefix}pk__gte": pk})
        )

    # The engine's view of the game ----------------------------------------

    def ordered_seats(self) -> list[Seat]:
        """Seats in clockwise order; uses prefetched seats when there are any."""
        return sorted(self.seats.all(), key=lambda seat: seat.position)

    def setup(self) -> GameSetup:
        names = [seat.player.name for seat in self.ordered_seats()]
        return GameSetup.create(self.variant, names, self.options, self.first_dealer)

    def read_table(self) -> None:
        """Read what Game.objects.for_table() would have read with the game (its seats, hands and
        History), for a game read without: the poller reads those only once it must draw them."""
        models.prefetch_related_objects([self], *_table_lookups())

    def entries(self) -> list[HandEntry]:
        return [hand.to_entry() for hand in sorted(self.hands.all(), key=lambda hand: hand.number)]

    def state(self) -> GameState:
        return play(self.setup(), self.entries())

    def scoresheet(self) -> dict[str, Any]:
        """The game as a scoresheet (SCORESHEET.md), with the day it was played."""
        return write_scoresheet(self.setup(), self.entries(), played_on=self.played_on)

    # Changes ---------------------------------------------------------------

    @classmethod
    def start(
        cls,
        league: League,
        variant: str,
        players: list[Player],
        options: dict[str, Any] | None = None,
        first_dealer: int = 0,
        user: Actor = None,
        played_on: date | None = None,
        kind: str = "game_started",
    ) -> Game:
        """Create a game after the engine has checked its setup (raises SetupError).

        played_on: the day it was played, today at the table unless back-filled.
        kind: how the activity log tells it (ActivityEntry.Kind)."""
        return cls._start(league, variant, lambda: players, options, first_dealer, user, played_on, kind)

    @classmethod
    def start_named(
        cls,
        league: League,
        variant: str,
        names: list[str],
        options: dict[str, Any] | None = None,
        first_dealer: int = 0,
        user: Actor = None,
        played_on: date | None = None,
        kind: str = "game_started",
    ) -> Game:
        """Start a game for players named in seat order; names new to the league become its players.

        Names match the league's players regardless of case. A refused game
        leaves no players: they are made in the game's transaction, after the
        caps are checked, and go with it when the setup is refused.
        """
        tidied = _tidied_names(names)
        return cls._start(
            league, variant, lambda: _players_named(league, tidied), options, first_dealer, user, played_on, kind
        )

    @classmethod
    @transaction.atomic
    def _start(
        cls,
        league: League,
        variant: str,
        seat_players: Callable[[], list[Player]],
        options: dict[str, Any] | None,
        first_dealer: int,
        user: Actor,
        played_on: date | None,
        kind: str,
    ) -> Game:
        """Both ways of starting a game: the players to seat come from `seat_players`, called under
        the league's lock (lock_for_writing) once the game cap is checked, so a merge or a rename
        going on now has finished before any name is looked up, and a refused game writes nothing."""
        lock_for_writing(league.pk, touch=False)
        if league.games.count() >= League.MOST_GAMES:
            raise SetupError(league.too_many_games())
        players = seat_players()
        setup = GameSetup.create(variant, [player.name for player in players], options or {}, first_dealer)
        League.touch(league.pk)  # past the checks: a refused game writes nothing
        game = cls.objects.create(
            league=league,
            number=league.take_game_numbers(),
            played_on=played_on or league.today(),
            variant=variant,
            options=setup.options.as_dict(),
            first_dealer=first_dealer,
            created_by=acting_user(user),
            clock_started_at=timezone.now() if setup.options.time_limit else None,
        )
        setattr(game, changes.AT_NIGHT, None)  # a new game sits at no club night's table yet
        Seat.objects.bulk_create(
            Seat(game=game, player=player, position=position) for position, player in enumerate(players)
        )
        ActivityEntry.record(league, user, kind, game=game.number)
        if kind != ActivityEntry.Kind.GAME_IMPORTED:
            # Its scoring link, for a phone at the table without an account (a scoresheet's game is over).
            model("TableLink").make(game, user)
        return game

    @transaction.atomic
    def move_to_day(self, day: date, user: Actor = None) -> None:
        """Say the game was played on `day`: it takes its place in the order of play there, and the
        ratings and seasons of both days follow (SetupError for a day no game can have). The
        History keeps the change."""
        if not EARLIEST_DAY <= day <= self.league.today():
            raise SetupError(refusal("day-out-of-range"), "played_on")
        locked = self._lock()
        before = locked.position
        if day == locked.played_on:
            return
        HandRevision.objects.create(
            game=locked,
            number=len(locked.hands.all()),
            action=HandRevision.Action.REDATED,
            before={"played_on": locked.played_on.isoformat()},
            after={"played_on": day.isoformat()},
            user=acting_user(user),
        )
        changes.games_changed([locked], played_on=day)
        ActivityEntry.record(
            self.league, user, ActivityEntry.Kind.GAME_REDATED, game=locked.number,
            before=before[0].isoformat(), after=day.isoformat(),
        )  # fmt: skip
        locked.played_on = day
        if locked.status == self.Status.OVER:
            players = {seat.player_id for seat in locked.seats.all()}
            # Both days: the seasons holding the one it left and the one it moves to.
            self.league.results_changed(since=min(before, locked.position), players=players, days={before[0], day})
        self.refresh_from_db()

    @classmethod
    def current_version(cls, game_id: int) -> int | None:
        """The game's version as the database has it now (None: no such game).

        The pollers' question, asked hundreds of times a second at a club
        night: written out once rather than built by the ORM on each call,
        which took longer than the query itself.
        """
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT version FROM {cls._meta.db_table} WHERE id = %s", [game_id])
            row = cursor.fetchone()
        return row[0] if row else None

    def time_left(self, setup: GameSetup, now: datetime | None = None) -> timedelta | None:
        """How long the table has left under the time limit (negative once past it); None without one."""
        if not setup.options.time_limit or self.clock_started_at is None:
            return None
        return self.clock_started_at + timedelta(minutes=setup.options.time_limit) - (now or timezone.now())

    @transaction.atomic
    def restart_clock(self, user: Actor = None) -> None:
        """Start the time limit's clock again now: the first deal came after the game was started."""
        locked = self._locked()
        if not locked.setup().options.time_limit:
            raise HandConflict("no-time-limit")
        if locked.hands.exists():
            raise HandConflict("clock-kept")
        changes.games_changed([locked], clock_started_at=timezone.now())

    @classmethod
    @transaction.atomic
    def import_scoresheet(cls, league: League, document: object, user: Actor = None, again: bool = False) -> Game:
        """A game from a scoresheet (SCORESHEET.md), checked as `replay` checks it.

        Raises ScoresheetError (or SetupError for names the league cannot
        take), and DuplicateGame for a game the league has already unless
        `again`; on error nothing is saved.
        """
        setup, entries = read_scoresheet(document)
        played_on = read_played_on(document)
        try:
            state = play(setup, entries)
        except HandError as error:
            raise ScoresheetError(str(error)) from None
        if not again:
            twin = Game.objects.twin_of(league, setup, entries, played_on or league.today())
            if twin is not None:
                raise DuplicateGame(twin)
        # The league's hands have a ceiling where a file brings them (settings.LEAGUE_MOST_HANDS).
        held = league.games.aggregate(hands=models.Sum("hand_count"))["hands"] or 0
        if held + len(entries) > League.MOST_HANDS:
            raise SetupError(league.too_many_hands(held, len(entries)))
        game = cls.start_named(
            league,
            setup.variant.key,
            list(setup.players),
            setup.options.as_dict(),
            setup.first_dealer,
            user,
            played_on,
            ActivityEntry.Kind.GAME_IMPORTED,
        )
        who = acting_user(user)
        Hand.objects.bulk_create(
            Hand(game=game, number=number, entry=entry.to_stored(), result=hand.to_stored(), created_by=who)
            for number, (entry, hand) in enumerate(zip(entries, state.hands, strict=True), start=1)
        )
        HandRevision.objects.bulk_create(
            HandRevision(game=game, number=number, action=HandRevision.Action.ADDED, after=entry.to_stored(), user=who)
            for number, entry in enumerate(entries, start=1)
        )
        changes.games_changed([game], by=len(entries))  # as if each hand had been recorded at the table
        game.refresh(state)
        game.refresh_from_db()
        return game

    @transaction.atomic
    def declare(self, status: str, user: Actor = None) -> GameState:
        """Declare the game null (every total back to 0) or abandoned (not yet over)."""
        if status not in (self.Status.NULL, self.Status.ABANDONED):
            raise DeclareError("declare-what")
        locked = self._lock()
        if locked.declared:
            raise DeclareError(f"already-{locked.declared}")
        state = locked.state()
        problem = self.declaration_problem(status, state)
        if problem:
            raise DeclareError(problem)
        return self._set_declared(locked, state, status, HandRevision.Action.DECLARED, user)

    @classmethod
    def declaration_problem(cls, status: str, state: GameState) -> str:
        """Why a game in `state` cannot be declared `status` (a refusal's code); empty when it can.

        The table declares and a league file restores, by the same rule."""
        if status == cls.Status.NULL and not state.all_zero:
            return "null-not-zero"
        if status == cls.Status.ABANDONED and state.is_over:
            return "over-not-abandoned"
        return ""

    @transaction.atomic
    def undeclare(self, user: Actor = None) -> GameState:
        """Take back a null or abandoned declaration: the game is as its hands say again."""
        locked = self._lock()
        if not locked.declared:
            raise DeclareError("not-declared")
        return self._set_declared(locked, locked.state(), "", HandRevision.Action.REOPENED, user)

    def _set_declared(self, locked: Game, state: GameState, declared: str, action: str, user: Actor) -> GameState:
        # The History keeps the declaration, with the hand it came after.
        HandRevision.objects.create(
            game=locked,
            number=len(state.hands),
            action=action,
            before={"declared": locked.declared},
            after={"declared": declared},
            user=acting_user(user),
            user_name=acting_name(user),
        )
        locked.declared = declared
        locked.write_results(state, also=["declared"], moved=True)
        self.refresh_from_db()
        return state

    def _lock(self, held: bool = False) -> Game:
        """This game re-read under a write lock, with its seats and hands (lock_for_writing's order:
        its league first). The row lock serialises phones writing to one game. `held`: this very
        game was read by lock_for_writing in the caller's transaction, and is not read again."""
        games = [self] if held else lock_for_writing(self.league_id, [self.pk])
        if not games or games[0].trashed_at is not None:
            # Deleted a moment ago, between this request's reading of it and now.
            raise HandConflict("game-deleted")
        return games[0]

    def _locked(self) -> Game:
        """The locked game, for changing its hands."""
        locked = self._lock()
        if locked.declared:
            # A declared game's hands are final: a null game must stay at 0.
            raise HandConflict(f"{locked.declared}-final")
        return locked

    def _changed(
        self,
        locked: Game,
        state: GameState,
        number: int,
        action: str,
        before: Any,
        after: Any,
        user: Actor,
        results_from: int,
    ) -> GameState:
        """Write a hand's change to the History and the results; `results_from`: the first hand
        whose stored result may be stale (the hands before it are as they were)."""
        HandRevision.objects.create(
            game=locked,
            number=number,
            action=action,
            before=before,
            after=after,
            user=acting_user(user),
            user_name=acting_name(user),
        )
        was_over = locked.status == self.Status.OVER
        locked.write_results(state, results_from, moved=True)
        if locked.status == self.Status.OVER and not was_over:
            ActivityEntry.record(self.league, user, ActivityEntry.Kind.GAME_FINISHED, game=locked.number)
        elif was_over and action in (HandRevision.Action.EDITED, HandRevision.Action.DELETED):
            kind = (
                ActivityEntry.Kind.HAND_EDITED
                if action == HandRevision.Action.EDITED
                else ActivityEntry.Kind.HAND_DELETED
            )
            ActivityEntry.record(self.league, user, kind, game=locked.number, hand=number)
        self._take_fields(locked)
        return state

    def _take_fields(self, locked: Game) -> None:
        """What refresh_from_db() would read back after a change, from the locked copy that made it
        (every write to the row went through it), without the query."""
        for field in self._meta.concrete_fields:
            setattr(self, field.attname, getattr(locked, field.attname))
        self._prefetched_objects_cache: dict[str, Any] = {}

    @transaction.atomic
    def record_hand(
        self, number: int, entry: HandEntry, user: Actor = None, key: str = "", held: bool = False
    ) -> GameState:
        """Score entry as hand `number`, the next one; raises EntryError or HandConflict.

        `key` is the hand's idempotency key, which every Record carries (the
        form's, the offline queue's): the same key with the same entry and
        number is the hand already recorded, answered as recorded and stored
        once; the same key with another entry or number is refused. `held`:
        this game is the one lock_for_writing read in the caller's transaction
        (the Record view reads it under the lock to check the form).
        """
        locked = self._lock(held)
        if key:
            stored = next((hand for hand in locked.hands.all() if hand.client_key == key), None)
            if stored is not None:
                # The same send again (a retry, a reply lost on the way back): that hand, recorded once.
                if stored.number == number and stored.entry == entry.to_stored():
                    return locked.state()
                raise HandConflict(
                    "key-reused",
                    number,
                    reused_key=True,
                    stored=stored.number,
                )
        if locked.declared:
            raise HandConflict(f"{locked.declared}-final")
        state = locked.state()
        if number != state.next_number:
            if number < state.next_number:
                raise HandConflict("hand-taken", number)
            raise HandConflict("hand-early", number, next=state.next_number)
        new_state = state.after(entry)
        written = entry.to_stored()
        Hand.objects.create(
            game=locked,
            number=number,
            entry=written,
            result=new_state.hands[-1].to_stored(),
            created_by=acting_user(user),
            client_key=key,
        )
        # The hands before it are unchanged, and it was written with its result.
        return self._changed(locked, new_state, number, HandRevision.Action.ADDED, None, written, user, number + 1)

    @transaction.atomic
    def edit_hand(self, number: int, entry: HandEntry, user: Actor = None, version: int | None = None) -> GameState:
        """Replace hand `number` and rescore every hand after it; raises HandError.

        `version` is the game's version when the editor opened the hand: if
        anything was written since (another edit, a new hand), the edit would
        overwrite what the editor never saw, so it is a HandConflict instead.
        """
        locked = self._locked()
        if version is not None and version != locked.version:
            raise HandConflict("hand-changed", number)
        hands = sorted(locked.hands.all(), key=lambda hand: hand.number)
        if not 1 <= number <= len(hands):
            raise HandConflict("hand-missing", number)
        hand = hands[number - 1]
        entries = [h.to_entry() for h in hands]
        entries[number - 1] = entry
        new_state = _replay(locked.setup(), entries, number)
        before = hand.entry
        if before == entry.to_stored():
            return new_state
        hand.entry = entry.to_stored()
        hand.updated_at = timezone.now()
        hand.save(update_fields=["entry", "updated_at"])
        return self._changed(locked, new_state, number, HandRevision.Action.EDITED, before, hand.entry, user, number)

    @transaction.atomic
    def delete_last_hand(self, number: int, user: Actor = None) -> GameState:
        """Delete the last hand, which must be hand `number` (not one just added by another phone)."""
        locked = self._locked()
        hands = sorted(locked.hands.all(), key=lambda hand: hand.number)
        if not hands or hands[-1].number != number:
            raise HandConflict("hand-not-last", number)
        last = hands[-1]
        before = last.entry
        last.delete()
        new_state = play(locked.setup(), [h.to_entry() for h in hands[:-1]])
        return self._changed(locked, new_state, number, HandRevision.Action.DELETED, before, None, user, number)

    RESULT_FIELDS = ["status", "reason", "hand_count", "finished_at"]

    @transaction.atomic
    def refresh(self, state: GameState | None = None, rerate: bool = True) -> GameState:
        """Rebuild the cached results from the entries.

        When the game's place in the standings changes (it starts or stops
        counting, or its totals move), the league's ratings are recomputed
        from this game onward; `rerate=False` leaves that to the caller
        (rebuild_results rates each league once, at the end).
        """
        state = state or self.state()
        self.write_results(state, rerate=rerate)
        return state

    def write_results(
        self,
        state: GameState,
        results_from: int = 1,
        rerate: bool = True,
        also: Sequence[str] = (),
        moved: bool = False,
    ) -> None:
        """refresh()'s writes, in the caller's transaction; the hands before `results_from` keep
        their stored results (a change rewrites from its hand on), and `also` names the game's
        fields the caller changed, saved with its results. `moved`: the table changed the game (a
        hand, a declaration), whose version moves on in the same UPDATE (games.changes)."""
        seats = self.ordered_seats()
        counted_before = self._counted_outcome(seats)
        winners = self.set_results(state)
        if moved:
            changes.game_saved(self, [*self.RESULT_FIELDS, *also])
        else:
            self.save(update_fields=[*self.RESULT_FIELDS, *also])
        results = seat_results(state, winners)
        for seat in seats:
            seat.apply_results(state, winners, results)
        if results_from <= len(state.hands):
            self._store_hand_results(state, results_from)
        if rerate and counted_before != self._counted_outcome(seats):
            self.league.results_changed(since=self, players={seat.player_id for seat in seats})

    def _store_hand_results(self, state: GameState, results_from: int = 1) -> None:
        """Write each hand's Hand.result, from hand `results_from` on, where it is not what the
        engine says now. Read afresh: a prefetched list of hands may be from before the change."""
        results = {hand.number: hand.to_stored() for hand in state.hands[results_from - 1 :]}
        changed = []
        for hand in Hand.objects.filter(game=self, number__gte=results_from).only("pk", "number", "result"):
            if hand.result != results.get(hand.number):
                hand.result = results.get(hand.number)
                changed.append(hand)
        Hand.objects.bulk_update(changed, ["result"])

    def set_results(self, state: GameState) -> set[int]:
        """Copy the engine's results into the cached fields, unsaved; the winning seats."""
        self.status = self.declared or state.status
        self.reason = state.reason or ""
        self.hand_count = len(state.hands)
        if self.status == self.Status.OVER:
            self.finished_at = self.finished_at or timezone.now()
        else:
            self.finished_at = None
        return set(state.winners) if self.status == self.Status.OVER else set()

    def _counted_outcome(self, seats: list[Seat]) -> tuple[tuple[int, int], ...] | None:
        """What the ratings see of this game: who finished on what, if it counts."""
        if self.status != self.Status.OVER:
            return None
        return tuple((seat.player_id, seat.total) for seat in seats)

    @transaction.atomic
    def trash(self, user: Actor = None) -> None:
        """An organizer deletes the game: into the trash, for TRASH_DAYS. The standings, later
        ratings and seasons go without it; its number is never given to another game."""
        games = lock_for_writing(self.league_id, [self.pk])
        locked = games[0] if games else None
        if locked is None or locked.trashed_at is not None:
            raise TrashError(refusal("game-in-trash", number=self.number))
        players = set(Seat.objects.filter(game=locked).values_list("player_id", flat=True))
        self.trashed_at = timezone.now()
        changes.games_changed([locked], trashed_at=self.trashed_at)
        if locked.status == self.Status.OVER:
            self.league.results_changed(since=locked.position, players=players)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.GAME_DELETED, game=self.number)

    @transaction.atomic
    def restore(self, user: Actor = None) -> None:
        """Back from the trash as it was: its number, hands and History; the standings,
        ratings and seasons count it again."""
        games = lock_for_writing(self.league_id, [self.pk])
        locked = games[0] if games else None
        if locked is None or locked.trashed_at is None:
            raise TrashError(refusal("game-not-in-trash", number=self.number))
        if Game.objects.filter(league_id=self.league_id).count() >= League.MOST_GAMES:
            raise TrashError(self.league.too_many_games())
        changes.games_changed([locked], trashed_at=None)
        self.trashed_at = None
        if locked.status == self.Status.OVER:
            players = set(Seat.objects.filter(game=locked).values_list("player_id", flat=True))
            self.league.results_changed(since=locked, players=players)
        ActivityEntry.record(self.league, user, ActivityEntry.Kind.GAME_RESTORED, game=self.number)


def _tidied_names(names: list[str]) -> list[str]:
    """Each name as rules.names writes it (SetupError naming the first one it refuses)."""
    tidied = []
    for name in names:
        try:
            tidied.append(player_name(name))
        except ValidationError as error:
            raise SetupError(refusal("bad-player-name", problem=error.messages[0], name=name[:20]), "players") from None
    return tidied


def _players_named(league: League, names: list[str]) -> list[Player]:
    """The league's players going by `names`, the new ones made once the player cap lets them in."""
    known = set(
        league.players.filter(name_key__in=[name_key(name) for name in names]).values_list("name_key", flat=True)
    )
    new = [name for name in names if name_key(name) not in known]
    if new:
        count = league.players.count()
        if count + len(new) > League.MOST_PLAYERS:
            raise SetupError(league.too_many_players(count, len(new)), "players")
    return [Player.objects.named(league, name) for name in names]


def read_played_on(document: object) -> date | None:
    """A scoresheet's `played_on`, as the engine reads and checks it (ScoresheetError if it is no day)."""
    return scoresheet_played_on(document) if isinstance(document, dict) else None


def _replay(setup: GameSetup, entries: list[HandEntry], changed: int) -> GameState:
    """Fold entries, blaming a failure on the changed hand when it is a later one's."""
    try:
        return play(setup, entries)
    except HandError as error:
        if error.number == changed:
            raise
        raise EntryError(
            [
                FieldError(None, refusal("hand-no-longer-stands", number=error.number, reason=e.message))
                for e in error.errors
            ]
        ) from None
