"""The standings' cache: each player's counted games summed up and rated, kept as rows.

Standing and Rivalry rows are what the standings and players' pages read, so
that a league of thousands of games shows its table from one small query.
League.results_changed() (StandingsKeeper) re-rates and re-sums them whenever
a game starts or stops counting or its totals move, and every season's
(games.models.seasons) with them; `manage.py rebuild_results` rebuilds them
all from the entries.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Any

from django.core.cache import cache
from django.db import models, transaction
from django.db.models import Case, FloatField, Max, Min, OuterRef, Q, Subquery, Value, When

from games import changes
from games.bulk import insert_rows, instance_rows, step_write
from games.figures import SUM_FIGURES, add_fields
from games.models.lazy import model
from games.ratings import Rating, Ratings, ordinal, rate_in_order

if TYPE_CHECKING:
    from games.models.game import Game, Position
    from games.models.league import League
    from games.models.players import Player
    from games.models.seasons import Season


# A Rivalry row as _standing_rows makes it.
RIVALRY_COLUMNS = ["league", "player", "opponent", "wins", "losses", "ties"]


def figure_sums() -> dict[str, Any]:
    """The aggregates over seats that make a standings row, by name (games.figures.SUM_FIGURES).

    Standing stores each under the same name (Standing.FIGURES is this
    dict's keys) and stats.Row reads them by name."""
    return {figure.name: figure.aggregate() for figure in SUM_FIGURES}


class StandingsKeeper(models.Model):
    """A league's upkeep of its standings, ratings and seasons (League inherits it).

    Its methods say `self: League`, the one class that inherits them, whose
    players, games and seasons they read; mypy wants a self type to be this
    class or above it, hence the misc ignore on each.
    """

    class Meta:
        abstract = True

    @transaction.atomic
    def results_changed(  # type: ignore[misc]  # self: see the class's note
        self: League, since: Game | Position | None = None, players: Iterable[int] = (), days: Iterable[date] = ()
    ) -> None:
        """A game started or stopped counting, or its totals moved: re-rate and re-sum.

        since: the changed game (or where a deleted one stood); None rebuilds
        the whole league. players: the changed game's players. days: other
        days the change touched (the day a moved game left), whose seasons
        are refreshed with the changed game's.
        """
        ratings = self._rerate(since, players)
        self._refresh_standings(ratings, None if since is None else set(players))
        changes.results_changed(self.pk)
        position = since if since is None or isinstance(since, tuple) else since.position
        if position is None:
            self.seasons_changed()
        else:
            self.seasons_changed({position[0], *days})
        ResultsChange.log(self, position, days, None if since is None else set(ratings))

    def rebuild_results_in_steps(self: League, ratings: Ratings) -> None:  # type: ignore[misc]  # self: see the class's note
        """results_changed() for the whole league, one short transaction a step, for a league
        nobody sees yet (League.importing), its seats written with their ratings (`ratings`:
        every player's, as _rating_changes gives them): the standings, then each season.

        In one transaction, the whole league's figures hold SQLite's one write
        lock for as long as they take; in steps, another league's hand waits
        at most one step. Nothing reads or writes the league between the steps,
        so each step's reading is done before its transaction: the lock is held
        only for the step's writes, and the work between two steps is the gap
        in which a waiting hand takes it (games.bulk.step_write).
        """
        Season = model("Season")

        standings, rivalries = self._standing_rows(ratings)
        with step_write():
            self._store_standings(ratings, None, standings, rivalries)
            self._keep_year_seasons()
            # Nobody reads the league before the last step: its versions can move in the first.
            changes.results_changed(self.pk)
            ResultsChange.log(self, None, (), None)
        for season in Season.objects.filter(league=self):
            rows = season.standing_rows()
            with step_write():
                season.store_standings(rows)

    def seasons_changed(self: League, days: Iterable[date] | None = None) -> None:  # type: ignore[misc]  # self: see the class's note
        """Refresh the standings of the seasons taking in any of `days` (None: every season).

        A season's ratings start afresh at its first day, so a change
        anywhere in it re-rates the whole season (games.ratings.rate_afresh):
        a year's games at most, in the write that changed one of them, so
        that no page ever replays them.
        """
        Season = model("Season")

        created = self._keep_year_seasons()
        seasons = Season.objects.filter(league=self)
        if days is not None:
            touched = Q(pk__in=[season.pk for season in created])
            for day in set(days):
                touched |= Q(first_day__lte=day, last_day__gte=day)
            seasons = seasons.filter(touched)
        for season in seasons:
            season.refresh()

    def _keep_year_seasons(self: League) -> list[Season]:  # type: ignore[misc]  # self: see the class's note
        """A league's seasons are its calendar years until the organizer names one: keep them so.

        While the league has no season of the organizer's, there is an
        automatic season for each year from its first counted game's to its
        latest's (a year between them with no game included, as a gap the
        table took); once it has one, the automatic years go. Rows rather
        than years worked out on each request, so that a year's standings
        and ratings are kept like any season's (SeasonStanding) and every
        page reads one kind of season. Returns the years just created.
        """
        Game, Season = model("Game"), model("Season")

        years = Season.objects.filter(league=self, automatic=True)
        if Season.objects.filter(league=self, automatic=False).exists():
            years.delete()
            return []
        days = Game.objects.counted().filter(league=self).aggregate(first=Min("played_on"), last=Max("played_on"))
        wanted = set(range(days["first"].year, days["last"].year + 1)) if days["first"] else set()
        kept = {season.first_day.year: season.pk for season in years}
        years.filter(pk__in=[pk for year, pk in kept.items() if year not in wanted]).delete()
        return Season.objects.bulk_create(
            Season(league=self, name=str(year), first_day=date(year, 1, 1), last_day=date(year, 12, 31),
                   automatic=True)
            for year in sorted(wanted - set(kept))
        )  # fmt: skip

    def _rerate(self: League, since: Game | Position | None, players: Iterable[int]) -> Ratings:  # type: ignore[misc]  # self: see the class's note
        """Re-rate the counted games from `since` onward (all of them when None).

        `players` are those of the changed game, whose rating may move even
        when the game no longer counts. Returns the current rating of every
        player whose rating may have moved: all of the league's players when
        rating everything; None for a player left without a counted game.

        The league row is locked first so that two games finishing at once
        are rated one after the other, the second seeing the first's ratings.
        """
        Game, League, Seat = model("Game"), model("League"), model("Seat")

        League.all_objects.select_for_update().filter(pk=self.pk).exists()
        if since is None:
            Seat.objects.forget_uncounted_ratings(Game.objects.filter(league=self))
        elif not isinstance(since, tuple):
            # The changed game itself may have stopped counting.
            Seat.objects.forget_uncounted_ratings(Game.objects.filter(pk=since.pk))
        current, changed = self._rating_changes(since, players)
        Seat.objects.store_ratings(changed)
        return current

    def _rating_changes(  # type: ignore[misc]  # self: see the class's note
        self: League, since: Game | Position | None, players: Iterable[int]
    ) -> tuple[Ratings, list[tuple[int, Rating]]]:
        """_rerate's reading and rating, writing nothing: every player's rating that may have
        moved (as _rerate returns them) and the counted seats whose stored rating is not the new one."""
        Game, Seat = model("Game"), model("Seat")

        if since is None:
            players = self.players.values_list("pk", flat=True)
        elif not isinstance(since, tuple):
            since = since.position

        games = Game.objects.counted().filter(league=self)
        if since is not None:
            games = games.filter(Game.from_position(since))
        in_order = Seat.objects.filter(game__in=games).rated_in_order()
        current: Ratings = dict.fromkeys(set(players) | {seat.player_id for seats in in_order for seat in seats})
        current.update(self._ratings_before(since, set(current)))
        return current, rate_in_order(in_order, current)

    def _ratings_before(self: League, since: Position | None, player_ids: set[int]) -> dict[int, Rating]:  # type: ignore[misc]  # self: see the class's note
        """Each player's rating just before the game at `since`: their last rated seat."""
        Game, Seat = model("Game"), model("Seat")

        if since is None or not player_ids:
            return {}
        last = (
            Seat.objects.counted()
            .filter(player=OuterRef("pk"))
            .exclude(rating_mu=None)
            .exclude(Game.from_position(since, prefix="game__"))
            .order_by("-game__played_on", "-game__created_at", "-game_id")
        )
        rated = (
            self.players.filter(pk__in=player_ids)
            .annotate(mu=Subquery(last.values("rating_mu")[:1]), sigma=Subquery(last.values("rating_sigma")[:1]))
            .exclude(mu=None)
            .values_list("pk", "mu", "sigma")
        )
        return {pk: (mu, sigma) for pk, mu, sigma in rated}

    def _refresh_standings(self: League, ratings: Ratings, players: set[int] | None = None) -> None:  # type: ignore[misc]  # self: see the class's note
        """Re-sum the Standing and Rivalry rows of players (None: everyone in the
        league), and give every player in ratings their current rating.

        Only the changed game's players see their figures and rivalries move;
        a change to an old game moves the ratings of everyone who played after
        it, which costs one UPDATE rather than re-summing the whole league.
        """
        self._store_standings(ratings, players, *self._standing_rows(ratings, players))

    def _standing_rows(  # type: ignore[misc]  # self: see the class's note
        self: League, ratings: Ratings, players: set[int] | None = None
    ) -> tuple[list[Standing], list[tuple]]:
        """_refresh_standings' reading: the players' Standing rows, unsaved, and Rivalry rows."""
        Seat = model("Seat")

        seats = Seat.objects.counted().filter(game__league=self)
        if players is not None:
            seats = seats.filter(player_id__in=list(players))
        current = {player_id: ordinal(*rating) if rating else None for player_id, rating in ratings.items()}
        rows = seats.summed(
            lambda player_id, variant: Standing(
                league=self, player_id=player_id, variant=variant, rating=current.get(player_id)
            )
        )
        # Rows (RIVALRY_COLUMNS), not Rivalry instances: a league has thousands.
        rivalries = [
            (self.pk, row["player_id"], row["opponent"], row["wins"], row["losses"], row["ties"])
            for row in seats.rivalries()
        ]
        return rows, rivalries

    def _store_standings(  # type: ignore[misc]  # self: see the class's note
        self: League, ratings: Ratings, players: set[int] | None, rows: list[Standing], rivalries: list[tuple]
    ) -> None:
        """_refresh_standings' writing: the players' rows (_standing_rows) in place of theirs, and the
        current rating of every other player in ratings."""
        standing = Standing.objects.filter(league=self)
        kept_rivalries = Rivalry.objects.filter(league=self)
        if players is not None:
            standing = standing.filter(player_id__in=list(players))
            kept_rivalries = kept_rivalries.filter(player_id__in=list(players))
        # Rows, not bulk_create: nothing points to them, and a league's rivalries are thousands.
        standing.delete()
        insert_rows(Standing, *instance_rows(Standing, rows))
        kept_rivalries.delete()
        insert_rows(Rivalry, RIVALRY_COLUMNS, rivalries)

        if players is not None:
            current = {player_id: ordinal(*rating) if rating else None for player_id, rating in ratings.items()}
            others = {player_id: rating for player_id, rating in current.items() if player_id not in players}
            if others:
                Standing.objects.filter(league=self, player_id__in=list(others)).update(
                    rating=Case(
                        *(When(player_id=player_id, then=Value(rating)) for player_id, rating in others.items()),
                        output_field=FloatField(),
                    )
                )


class Figures(models.Model):
    """A standings row's sums and rating, as Standing and SeasonStanding both keep them."""

    ALL_VARIANTS = ""
    # The summed fields: one each for figure_sums()' aggregates, named alike.
    FIGURES = tuple(figure_sums())

    variant = models.CharField(max_length=20, blank=True)  # ALL_VARIANTS: every variant together
    # The summed fields (games, wins, total, ...) are made from games.figures' SUM_FIGURES below the class.
    # The player's rating (games.ratings.ordinal), the same on each of their rows.
    rating = models.FloatField(null=True, blank=True)

    if TYPE_CHECKING:
        player: Player  # each concrete row's own ForeignKey
        games: int
        wins: int

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.player} in {self.variant or 'every variant'}: {self.wins}/{self.games}"


add_fields(Figures, SUM_FIGURES)


class Standing(Figures):
    """A player's counted games summed up, per variant and over every variant, with their rating now.

    The standings' cache, so that a league of thousands of games shows its
    table from one small query: rebuilt by League.results_changed()
    whenever a game starts or stops counting or its totals change (the hook
    in Game.refresh), and rebuildable with `manage.py rebuild_results`.
    """

    league = models.ForeignKey("games.League", on_delete=models.CASCADE, related_name="+", db_index=False)
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="standings", db_index=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="one_standing_per_variant")]
        indexes = [models.Index(fields=["league", "variant"])]


class ResultsChange(models.Model):
    """One League.results_changed(), kept so that what sums a league's results (games.stats)
    is mended for the change rather than summed again over the league.

    From where in the order of play the ratings moved (the changed game's
    position; none when the whole league was worked out again), the days whose
    counted games came, went or changed, and whose figures may have moved (none:
    everyone's). When few games count from that position on (a game ending after the others,
    as at the table), the change also keeps their rated seats as they stand after it: a player's
    kept rated games are then mended from the change alone, without reading the seats again."""

    # A league's latest changes are kept: what was summed before them is summed afresh.
    KEPT = 500
    # At most this many rated seats from the change's position on are kept with it (a few games').
    RATED_KEPT = 64
    # What games.kept_figures.changes_after reads of a change, in this order; each change is also put in
    # the cache under its league and version once it commits (cache_key), so that the first page
    # after it finds it there rather than asking the database (a query fewer on every first visit).
    READ = ("since_day", "since_created_at", "since_game_id", "days", "players", "rated")
    CACHED_SECONDS = 24 * 60 * 60

    league = models.ForeignKey("games.League", on_delete=models.CASCADE, related_name="+", db_index=False)
    version = models.PositiveIntegerField()  # the league's results_version this change made
    since_day = models.DateField(null=True)
    since_created_at = models.DateTimeField(null=True)
    since_game_id = models.PositiveIntegerField(null=True)  # not a key: the game may be gone
    days = models.JSONField(default=list)  # ISO dates
    players = models.JSONField(null=True)  # player ids
    # Every counted seat from the position on, after the change, as [player id, *Rated] in order of
    # play (SeatQuerySet.rated_rows); None: not kept (more than RATED_KEPT, or no position).
    rated = models.JSONField(null=True, default=None)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "version"], name="one_results_change_a_version")]

    def __str__(self) -> str:
        return f"{self.league_id}: results version {self.version}"

    @classmethod
    def log(cls, league: League, since: Position | None, days: Iterable[date], players: set[int] | None) -> None:
        """In the change's transaction, after League.results_version moved on."""
        League = model("League")
        version = League.all_objects.values_list("results_version", flat=True).get(pk=league.pk)
        if since is None:
            change = cls.objects.create(league=league, version=version)
        else:
            change = cls.objects.create(
                league=league, version=version, since_day=since[0], since_created_at=since[1], since_game_id=since[2],
                days=sorted({since[0].isoformat(), *(day.isoformat() for day in days)}),
                players=sorted(players or ()), rated=cls._rated_from(league, since),
            )  # fmt: skip
        cls.objects.filter(league=league, version__lte=version - cls.KEPT).delete()
        # Only once committed: a change rolled back leaves its version to the next one.
        read = tuple(getattr(change, name) for name in cls.READ)
        transaction.on_commit(lambda: cache.set(cls.cache_key(league.pk, version), read, cls.CACHED_SECONDS))

    @classmethod
    def _rated_from(cls, league: League, since: Position) -> list[list[Any]] | None:
        """The league's counted, rated seats from `since` on, as the change keeps them (rated); None
        beyond RATED_KEPT. One query of at most RATED_KEPT + 1 seats, read in the change's transaction:
        what the first page after it would read (games.kept_figures.rated_games)."""
        Game, Seat = model("Game"), model("Seat")

        seats = (
            Seat.objects.counted().exclude(rating_mu=None).filter(game__league=league, game__played_on__gte=since[0])
        )
        seats = seats.filter(Game.from_position(since, prefix="game__")).order_by()[: cls.RATED_KEPT + 1]
        rows = seats.rated_rows()
        return [[player_id, *game] for player_id, game in rows] if len(rows) <= cls.RATED_KEPT else None

    @staticmethod
    def cache_key(league_id: int, version: int) -> str:
        """Where the change that made this results_version of the league is kept (READ's values):
        a committed change never changes, so every instance of the app may keep it. "rated": the
        values with the change's rated seats (a key of their own for the older five, which a cache
        shared across a deploy may still hold)."""
        return f"results-change-rated:{league_id}:{version}"


class Rivalry(models.Model):
    """How a player fared against one opponent over the counted games both played.

    Who finished lower wins; equal totals tie. The players' pages' cache of
    head-to-head records, kept with the Standing rows (League.results_changed) and
    rebuildable the same way.
    """

    league = models.ForeignKey("games.League", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="rivalries", db_index=False)
    opponent = models.ForeignKey("games.Player", on_delete=models.CASCADE, related_name="+")
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    ties = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "opponent"], name="one_rivalry_per_pair")]

    def __str__(self) -> str:
        return f"{self.player} against {self.opponent}: {self.wins}-{self.losses}-{self.ties}"
