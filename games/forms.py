"""Every form of the app, named by what it edits: accounts, leagues and players,
the table (starting a game, entering a hand, declaring, importing a game), the
seasons that filter standings and the archive, importing a league, members,
and the referee's questions.

Forms only parse what the phone sent (numbers are numbers, seats are seats);
every rule is the engine's, and its errors are mapped back onto the fields
they are about (FieldError.field, SetupError.field).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import date
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import MaxValueValidator, MinValueValidator
from django.http import QueryDict
from django.utils import timezone

from games import stats
from games.json_input import UnreadableJSON, read_json
from games.models import (
    EARLIEST_DAY,
    PLAYER_NAME_LENGTH,
    Game,
    League,
    Membership,
    Player,
    league_name,
    player_name,
    time_zone_choices,
)
from rules import OPTIONS, VARIANTS, EntryError, GameSetup, HandEntry, Option, SetupError, name_key
from rules.referee import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    MIXED,
    ONLY_HEARTS,
    ONLY_HEARTS_AND_QUEEN,
    RANKS,
    SPADES,
    Card,
    PlayQuestion,
    PlayRules,
)

DEFAULT_VARIANT = "standard"
RANDOM_DEALER = "random"
# A scoresheet of a few hundred hands is well under this.
SCORESHEET_MAX_BYTES = 1_000_000
# The biggest league file the import page takes: about 2,800 games at 1.8 KB
# a game (benchmarks/league.py). Storing a league holds SQLite's write lock,
# and other tables' hands wait on it (at most 20 s, the busy timeout): this
# many games are stored in a few seconds. A bigger backup (a league may hold
# 20,000 games) is restored by the server's administrator with the
# import_league command, as the page says.
IMPORT_MAX_BYTES = 5 * 1024 * 1024
IMPORT_MAX_MB = IMPORT_MAX_BYTES // (1024 * 1024)
BIG_FILES = "python manage.py import_league FILE --owner YOUR-USER-NAME"


# Starting a game -----------------------------------------------------------


class WrapsField(forms.CharField):
    """A list of totals typed as '104, 126'."""

    def to_python(self, value: Any) -> list[int]:
        text = super().to_python(value)
        try:
            return [int(part) for part in text.replace(",", " ").split()]
        except ValueError:
            raise forms.ValidationError("Enter whole numbers separated by commas, e.g. 104, 126") from None


class SeatsField(forms.Field):
    """Player names in seat order, one hidden input each."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        return [str(name).strip() for name in (value or []) if str(name).strip()]


def _option_field(option: Option) -> forms.Field:
    common = {"label": option.label, "help_text": option.help}
    if option.kind == "int":
        # No min_value: the engine's message for a bad target is the one shown.
        return forms.IntegerField(widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}), **common)
    if option.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if option.kind == "choice":
        choices = [(value, option.choice_labels.get(value, value)) for value in option.choices]
        return forms.ChoiceField(choices=choices, **common)
    return WrapsField(required=False, **common)


def _option_initial(option: Option, value: Any) -> Any:
    if option.kind == "int_list":
        return ", ".join(str(total) for total in value)
    return value


class GameForm(forms.Form):
    """A new game: the variant, its house rules, the players in seat order and the first dealer.

    Besides "start", the form is posted to rearrange itself (change variant,
    add, move or remove a seat): those posts are refreshes, answered with
    the form rebuilt by `refreshed`, and never create anything.
    """

    variant = forms.ChoiceField(choices=[(key, f"{v.name} ({v.player_range} players)") for key, v in VARIANTS.items()])
    # The variant the option fields below belong to: when it differs from the
    # chosen variant, the options shown are stale and are reset to defaults.
    options_for = forms.CharField(widget=forms.HiddenInput, required=False)
    seat = SeatsField(required=False)
    new_name = forms.CharField(label="New player", max_length=PLAYER_NAME_LENGTH, required=False)
    first_dealer = forms.ChoiceField(label="First dealer", required=False)
    # Today at the table unless a paper game is being back-filled.
    played_on = forms.DateField(
        label="Played on",
        required=False,
        widget=forms.DateInput(attrs={"type": "date", "class": "form-control"}),
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["played_on"].widget.attrs["max"] = league.today().isoformat()
        source = self.data if self.is_bound else self.initial
        key = source.get("variant")
        self.variant_key = key if key in VARIANTS else DEFAULT_VARIANT
        self.option_keys = VARIANTS[self.variant_key].option_keys
        for option_key in self.option_keys:
            self.fields[option_key] = _option_field(OPTIONS[option_key])
        self.seat_names = self._seat_names(source)
        self.fields["first_dealer"].choices = [(RANDOM_DEALER, "Draw at random")] + [
            (name, name) for name in self.seat_names
        ]
        self.fields["first_dealer"].widget.attrs["class"] = "form-select"
        self.notice = ""

    @staticmethod
    def _seat_names(source: Mapping[str, Any]) -> list[str]:
        raw = source.getlist("seat") if isinstance(source, QueryDict) else source.get("seat", [])
        return [name.strip() for name in raw if isinstance(name, str) and name.strip()]

    @classmethod
    def blank(cls, league: League, variant: str | None = None) -> GameForm:
        variant = variant if variant in VARIANTS else DEFAULT_VARIANT
        return cls(league=league, initial={**cls._defaults(variant, [], RANDOM_DEALER), "played_on": league.today()})

    @staticmethod
    def _defaults(variant: str, seats: list[str], first_dealer: str) -> dict[str, Any]:
        preset = VARIANTS[variant]
        initial: dict[str, Any] = {"variant": variant, "options_for": variant, "seat": seats}
        for key in preset.option_keys:
            initial[key] = _option_initial(OPTIONS[key], preset.defaults[key])
        initial["first_dealer"] = first_dealer
        return initial

    @classmethod
    def refreshed(cls, league: League, data: QueryDict) -> GameForm:
        """The form after a rearranging post: seats moved, added or removed, options reset for a new variant."""
        variant = data.get("variant")
        variant = variant if variant in VARIANTS else DEFAULT_VARIANT
        seats = cls._seat_names(data)
        notice = ""

        def index(key: str) -> int | None:
            try:
                value = int(data.get(key, ""))
            except ValueError:
                return None
            return value if 0 <= value < len(seats) else None

        if (i := index("up")) is not None and i > 0:
            seats[i - 1], seats[i] = seats[i], seats[i - 1]
        elif (i := index("down")) is not None and i < len(seats) - 1:
            seats[i + 1], seats[i] = seats[i], seats[i + 1]
        elif (i := index("remove")) is not None:
            del seats[i]
        for typed in (data.get("add_player", ""), data.get("new_name", "")):
            if not typed.strip():
                continue
            try:
                name = player_name(typed.strip())
            except forms.ValidationError as error:
                notice = error.messages[0]
                continue
            if name_key(name) in {name_key(seat) for seat in seats}:
                notice = f"{name} already has a seat"
            else:
                # A league player's own spelling wins over the typed one.
                known = league.players.filter(name_key=name_key(name)).values_list("name", flat=True).first()
                seats.append(known or name)

        dealer = data.get("first_dealer", RANDOM_DEALER)
        dealer = dealer if dealer in seats else RANDOM_DEALER
        if data.get("options_for") == variant:
            initial = {"variant": variant, "options_for": variant, "seat": seats, "first_dealer": dealer}
            for key in VARIANTS[variant].option_keys:
                option = OPTIONS[key]
                initial[key] = (key in data) if option.kind == "bool" else data.get(key, "")
        else:
            initial = cls._defaults(variant, seats, dealer)
        initial["played_on"] = data.get("played_on") or league.today()
        form = cls(league=league, initial=initial)
        form.notice = notice
        return form

    @property
    def stale_options(self) -> bool:
        """The variant changed but its options were never shown (no JS, straight to start)."""
        return self.data.get("options_for") != self.data.get("variant")

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.option_keys]

    @property
    def option_errors(self) -> bool:
        """Whether any house-rule field has an error (the folded rules then open)."""
        return self.is_bound and any(self.errors.get(key) for key in (*self.option_keys, "options"))

    @property
    def variant_label(self) -> str:
        return VARIANTS[self.variant_key].name

    def unseated_players(self) -> list[str]:
        seated = {name.casefold() for name in self.seat_names}
        return [name for name in self.league.players.values_list("name", flat=True) if name.casefold() not in seated]

    def clean_played_on(self) -> date:
        day = self.cleaned_data.get("played_on") or self.league.today()
        if day > self.league.today():
            raise forms.ValidationError("A game can't be played after today: choose today or an earlier day.")
        if day < EARLIEST_DAY:
            raise forms.ValidationError("Choose a day from 1900 on.")
        return day

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        names = list(self.seat_names)
        new_name = (cleaned.get("new_name") or "").strip()
        if new_name:
            names.append(new_name)
        cleaned["names"] = names
        return cleaned

    def setup_arguments(self) -> dict[str, Any]:
        """Keyword arguments for Game.start_named; draws the first dealer when asked to."""
        data = self.cleaned_data
        names = data["names"]
        dealer = data.get("first_dealer") or RANDOM_DEALER
        if dealer == RANDOM_DEALER or dealer not in names:
            # The table asked the app to draw: an unpredictable pick.
            first_dealer = secrets.randbelow(len(names)) if names else 0
        else:
            first_dealer = names.index(dealer)
        options = {key: data[key] for key in self.option_keys}
        return {
            "variant": data["variant"],
            "names": names,
            "options": options,
            "first_dealer": first_dealer,
            "played_on": data["played_on"],
        }

    def add_setup_error(self, error: SetupError) -> None:
        field = {"variant": "variant", "players": "seat", "first_dealer": "first_dealer", "options": "options_for"}
        self.add_error(field.get(error.field or ""), error.message)


# Entering a hand -----------------------------------------------------------


class SeatChoiceField(forms.TypedChoiceField):
    """One of the game's seats, as a radio button per player."""

    def __init__(self, setup: GameSetup, **kwargs: Any) -> None:
        super().__init__(
            choices=list(enumerate(setup.players)),
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            **kwargs,
        )


class HandForm(forms.Form):
    """One hand as the table enters it: the cards taken, or a revoke instead.

    Only the shape is checked here (whole numbers, real seats); whether the
    hearts add up, who shot the moon and so on is the engine's to say.
    """

    CARDS = "cards"
    REVOKE = "revoke"

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # The game's version when an edit form was opened (see Game.edit_hand).
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)
    action = forms.ChoiceField(choices=[(CARDS, CARDS), (REVOKE, REVOKE)], required=False)
    moon = forms.ChoiceField(
        choices=[("add", "add"), ("subtract", "subtract")], required=False, widget=forms.RadioSelect
    )

    def __init__(self, *args: Any, setup: GameSetup, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setup = setup
        self.fields["queen"] = SeatChoiceField(setup, label="Who took the Q♠?")
        if setup.options.jack_of_diamonds:
            self.fields["jack"] = SeatChoiceField(setup, label="Who took the J♦?")
        self.fields["revoke"] = SeatChoiceField(setup, label="Who revoked?")
        in_play = setup.hearts_in_play
        for seat, name in enumerate(setup.players):
            # No min or max validators: the engine says what is wrong with the
            # hearts, in the table's words.
            self.fields[f"hearts_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                # Empty with a 0 shown as a placeholder, not a 0 the finger has
                # to delete first: a blank box counts as no hearts.
                widget=forms.NumberInput(
                    attrs={
                        "min": 0,
                        "max": in_play,
                        "inputmode": "numeric",
                        "placeholder": "0",
                        "class": "form-control hearts-input",
                    }
                ),
            )
        self.hearts_errors: list[str] = []

    @classmethod
    def initial_for(cls, number: int, entry: HandEntry | None = None, version: int | None = None) -> dict[str, Any]:
        initial: dict[str, Any] = {"number": number, "version": version}
        if entry is None:
            return initial
        if entry.is_revoke:
            return {**initial, "action": cls.REVOKE, "revoke": entry.revoke}
        initial.update(queen=entry.queen, jack=entry.jack, moon=entry.moon)
        initial.update({f"hearts_{seat}": hearts for seat, hearts in enumerate(entry.hearts)})
        return initial

    @property
    def has_jack(self) -> bool:
        return "jack" in self.fields

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        self._refuse_repeated_fields()
        if cleaned.get("action") == self.REVOKE and cleaned.get("revoke") is None and "revoke" not in self.errors:
            self.add_error("revoke", "Who revoked? Pick one of the players")
        return cleaned

    def _refuse_repeated_fields(self) -> None:
        """Each card has exactly one taker and each player one hearts count.

        A form posts every field once; a request carrying one twice (say
        `queen=0&queen=1`) was made by hand, and Django would silently keep the
        last value. Refuse it instead of guessing which was meant."""
        getlist = getattr(self.data, "getlist", None)
        if getlist is None:
            return
        for name, field in self.fields.items():
            if len(getlist(name)) > 1:
                what = {"queen": "the Q♠", "jack": "the J♦", "revoke": "the revoke"}.get(name, str(field.label or name))
                self.add_error(None, f"{what} was sent more than once: each card has exactly one taker")

    def entry(self) -> HandEntry:
        data = self.cleaned_data
        if data.get("action") == self.REVOKE:
            return HandEntry.revoked(data["revoke"])
        hearts = [data.get(f"hearts_{seat}") or 0 for seat in range(self.setup.seats)]
        return HandEntry.cards(hearts, data.get("queen"), data.get("jack"), data.get("moon") or None)

    def partial_entry(self) -> HandEntry | None:
        """The entry, if what was posted parses, whatever the engine said of it since."""
        if not self.is_bound:
            return None
        parsed = HandForm(self.data, setup=self.setup)
        return parsed.entry() if parsed.is_valid() else None

    def add_entry_errors(self, error: EntryError) -> None:
        for problem in error.errors:
            if problem.field == "hearts":
                self.hearts_errors.append(problem.message)
            elif problem.field in self.fields:
                self.add_error(problem.field, problem.message)
            else:
                self.add_error(None, problem.message)

    def seat_rows(self) -> list[dict[str, Any]]:
        """One row per player for the template: their hearts field and which cards they hold."""
        chosen = {key: str(self[key].value()) for key in ("queen", "jack", "revoke") if key in self.fields}
        return [
            {
                "seat": seat,
                "name": name,
                "hearts": self[f"hearts_{seat}"],
                "queen": chosen["queen"] == str(seat),
                "jack": chosen.get("jack") == str(seat),
                "revoke": chosen["revoke"] == str(seat),
            }
            for seat, name in enumerate(self.setup.players)
        ]


class DeleteHandForm(forms.Form):
    number = forms.IntegerField(min_value=1)


class DeclareForm(forms.Form):
    status = forms.ChoiceField(choices=[(Game.Status.NULL, "null"), (Game.Status.ABANDONED, "abandoned")])


# Importing a scoresheet ----------------------------------------------------


class GameImportForm(forms.Form):
    """A game's scoresheet (shared/SCORESHEET.md), uploaded or pasted."""

    scoresheet = forms.FileField(label="Scoresheet file (.json)", required=False)
    text = forms.CharField(
        label="…or paste the scoresheet",
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "font-monospace"}),
    )
    again = forms.BooleanField(label="It is another game: import it anyway", required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload = cleaned.get("scoresheet")
        text = cleaned.get("text") or ""
        if upload and text.strip():
            raise forms.ValidationError("Upload a file or paste a scoresheet, not both")
        if upload:
            if upload.size > SCORESHEET_MAX_BYTES:
                raise forms.ValidationError("That file is too large for a scoresheet")
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text; export it again as JSON") from None
        if not text.strip():
            raise forms.ValidationError("Choose a scoresheet file or paste one")
        try:
            cleaned["document"] = read_json(text)
        except UnreadableJSON as error:
            raise forms.ValidationError(f"This scoresheet cannot be read: {error}") from None
        return cleaned


# Accounts ------------------------------------------------------------------


class SignupForm(UserCreationForm):
    """A username and a password: nothing else is needed to keep score."""

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username",)
        widgets = {"username": forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "username"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Up to 150 letters, digits and @ . + - _"
        self.fields["password2"].label = "Password again"


# Leagues and players -------------------------------------------------------


class LeagueForm(forms.Form):
    name = forms.CharField(
        label="League name",
        max_length=League._meta.get_field("name").max_length,
        help_text="Your house, club or family: “Thursday night”, “The Ricketts table”.",
    )

    def clean_name(self) -> str:
        # The same rule as players' names: a tab in a league's name made its
        # own backup unrestorable.
        return league_name(self.cleaned_data["name"])


class LeagueSettingsForm(forms.ModelForm):
    """What an organizer sets for the league: its name, where it plays, when a win rate ranks."""

    class Meta:
        model = League
        fields = ["name", "time_zone", "min_games"]
        labels = {"name": "League name", "time_zone": "Time zone", "min_games": "Games before a win rate ranks"}
        help_texts = {
            "time_zone": "Where the table plays: a new game's day, and every time shown, go by it.",
            "min_games": "Below it a player's win rate is shown but ranks after everyone who has played enough.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].widget = forms.Select(choices=time_zone_choices())
        self.fields["min_games"].min_value = 1
        self.fields["min_games"].max_value = 100
        self.fields["min_games"].widget.attrs.update(min=1, max=100)
        self.fields["min_games"].validators += [MinValueValidator(1), MaxValueValidator(100)]

    def clean_name(self) -> str:
        return league_name(self.cleaned_data["name"])


class LeagueDeleteForm(forms.Form):
    """Deleting a league is for good: the organizer types its name to say they mean it."""

    name = forms.CharField(label="Type the league's name to delete it", strip=True)

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["name"].widget.attrs.update(autocomplete="off", spellcheck="false")

    def clean_name(self) -> str:
        typed = self.cleaned_data["name"]
        if typed != self.league.name:
            raise forms.ValidationError(f"That is not the league's name: type {self.league.name} exactly")
        return typed


class PlayerMergeForm(forms.Form):
    """The player the one being merged becomes."""

    into = forms.ModelChoiceField(queryset=Player.objects.none(), label="Merge into", empty_label="Choose a player")

    def __init__(self, *args: Any, player: Player, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["into"].queryset = Player.objects.filter(league_id=player.league_id).exclude(pk=player.pk)
        self.fields["into"].widget.attrs["class"] = "form-select"


class PlayerForm(forms.ModelForm):
    """A player's name, unique in the league whatever its capitals.

    The check is here rather than only in the database so the table gets a
    clear message instead of an IntegrityError; the constraint still stops a
    race between two phones.
    """

    class Meta:
        model = Player
        fields = ["name"]
        labels = {"name": "Player's name"}
        widgets = {
            "name": forms.TextInput(attrs={"class": "form-control", "autocomplete": "off", "autocapitalize": "words"})
        }

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.instance.league = league

    def clean_name(self) -> str:
        # The one rule for names (rules.names), as Game.start_named applies it.
        name = player_name(self.cleaned_data["name"])
        if self.instance.pk is None and self.league.players.count() >= League.MOST_PLAYERS:
            raise forms.ValidationError(self.league.too_many_players() + ".")
        taken = self.league.players.filter(name_key=name_key(name)).exclude(pk=self.instance.pk).first()
        if taken is not None:
            raise forms.ValidationError(f"{taken.name} is already a player in {self.league.name}. Pick another name.")
        return name


class PlayerEditForm(PlayerForm):
    """Rename a player and, optionally, link them to a member's account."""

    class Meta(PlayerForm.Meta):
        fields = ["name", "user"]
        labels = {**PlayerForm.Meta.labels, "user": "Member's account"}
        help_texts = {"user": "Link the player to a member's account so their games show as theirs."}

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, league=league, **kwargs)
        user_field = self.fields["user"]
        user_field.queryset = get_user_model().objects.filter(memberships__league=league).order_by("username")
        user_field.empty_label = "Not linked"
        user_field.label_from_instance = lambda user: user.get_username()

    def clean_user(self) -> Any:
        user = self.cleaned_data["user"]
        if user is None:
            return user
        other = self.league.players.filter(user=user).exclude(pk=self.instance.pk).first()
        if other is not None:
            raise forms.ValidationError(f"{user.get_username()} is already linked to {other.name}.")
        return user


# Seasons: the standings' and the archive's filters ---------------------------------


class SeasonForm(forms.Form):
    """A variant and dates of play, from GET parameters; all optional."""

    variant = forms.ChoiceField(
        required=False,
        choices=[("", "All variants"), *((key, variant.name) for key, variant in VARIANTS.items())],
    )
    since = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date", "class": "form-control"})
    )
    until = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date", "class": "form-control"})
    )

    # A season's dates stay where games can be: ?until=9999-12-31 made the
    # midnight after it overflow (a 500 on every standings and archive page).
    EARLIEST = date(1900, 1, 1)

    def _in_range(self, field: str) -> date | None:
        day = self.cleaned_data.get(field)
        latest = date(timezone.localdate().year + 1, 12, 31)
        if day is not None and not self.EARLIEST <= day <= latest:
            raise forms.ValidationError(f"Choose a date from 1900 to the end of {latest.year}.")
        return day

    def clean_since(self) -> date | None:
        return self._in_range("since")

    def clean_until(self) -> date | None:
        return self._in_range("until")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and since > until:
            raise forms.ValidationError("The 'from' date is after the 'to' date.")
        return cleaned

    def season(self) -> stats.Season:
        if not self.is_valid():
            return stats.Season()
        data = self.cleaned_data
        return stats.Season(data["variant"], data["since"], data["until"])


class StandingsForm(SeasonForm):
    sort = forms.ChoiceField(required=False, choices=[(column.key, column.label) for column in stats.COLUMNS])
    order = forms.ChoiceField(required=False, choices=[("asc", "ascending"), ("desc", "descending")])


class ArchiveForm(SeasonForm):
    status = forms.ChoiceField(required=False, choices=[("", "Any status"), *Game.Status.choices])
    player = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)

    def __init__(self, data: Any, players: list[tuple[int, str]]) -> None:
        super().__init__(data)
        self.fields["player"].choices = [("", "Anyone"), *players]


# Importing a league ----------------------------------------------------------


class LeagueImportForm(forms.Form):
    """A league file from Export, read as JSON (games.league_io checks what it holds)."""

    file = forms.FileField(label="League file (.json, from Export)")

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                f"That file is over {IMPORT_MAX_MB} MB, more than this page takes. "
                f"The server's administrator can import it with: {BIG_FILES}"
            )
        try:
            return read_json(upload.read())
        except UnreadableJSON as error:
            raise forms.ValidationError(
                f"That file is not a league export this app can read ({error}); choose a league .json file from Export."
            ) from None


# Members ---------------------------------------------------------------------


INVITE_DAYS = 7


class InviteForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices, initial=Membership.Role.SCORER)
    days = forms.TypedChoiceField(
        label="Valid for",
        coerce=int,
        choices=[(1, "1 day"), (INVITE_DAYS, f"{INVITE_DAYS} days"), (30, "30 days")],
        initial=INVITE_DAYS,
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


# The referee: a moment of play, and charging a revoke -------------------------------

SUIT_CHOICES = [(SPADES, "♠ spades"), (HEARTS, "♥ hearts"), (DIAMONDS, "♦ diamonds"), (CLUBS, "♣ clubs")]
CARD_CHOICES = [
    ("heart", "a heart ♥"),
    ("queen", "the Q♠"),
    ("spade", "a spade ♠ (not the Q♠)"),
    ("diamond", "a diamond ♦"),
    ("club", "a club ♣"),
    ("other", "another card (not a heart, not the Q♠, not the suit led)"),
]
CARD_SUITS = {"heart": HEARTS, "spade": SPADES, "diamond": DIAMONDS, "club": CLUBS}


_SELECT = forms.Select(attrs={"class": "form-select"})
_RADIOS = forms.RadioSelect(attrs={"class": "form-check-input"})
_CHECKBOX = forms.CheckboxInput(attrs={"class": "form-check-input"})


class PlayForm(forms.Form):
    """The moment of play, as the player describes it: only what the rules need."""

    card = forms.ChoiceField(choices=CARD_CHOICES, initial="heart", label="The card", widget=_SELECT)
    rank = forms.ChoiceField(
        choices=[("", "any")] + [(rank, rank) for rank in RANKS],
        required=False,
        label="Rank",
        widget=_SELECT,
    )
    play = forms.ChoiceField(
        choices=[("lead", "Leading the trick"), ("follow", "Following")],
        initial="lead",
        widget=_RADIOS,
        label="I am",
    )
    first_trick = forms.BooleanField(required=False, label="It is the first trick of the hand", widget=_CHECKBOX)
    heart_played = forms.BooleanField(required=False, label="A heart has been played this hand", widget=_CHECKBOX)
    queen_played = forms.BooleanField(required=False, label="The Q♠ has been played this hand", widget=_CHECKBOX)
    suit_led = forms.ChoiceField(choices=[("", "—"), *SUIT_CHOICES], required=False, label="Suit led", widget=_SELECT)
    holds_suit_led = forms.BooleanField(required=False, label="I hold a card of the suit led", widget=_CHECKBOX)
    hand = forms.ChoiceField(
        choices=[
            (MIXED, "other cards too"),
            (ONLY_HEARTS, "only hearts"),
            (ONLY_HEARTS_AND_QUEEN, "only hearts and the Q♠"),
        ],
        initial=MIXED,
        widget=_RADIOS,
        label="Apart from this card, my hand holds",
    )
    pile_empty = forms.BooleanField(required=False, label="The draw pile is empty", widget=_CHECKBOX)
    through_warren = forms.BooleanField(
        required=False, label="I play it through the Warren card (it is the extra card)", widget=_CHECKBOX
    )

    def __init__(self, *args, rules: PlayRules, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # Ask only what this game's rules can turn on.
        if not rules.queen_breaks_hearts:
            del self.fields["queen_played"]
        if not rules.draw_pile:
            del self.fields["pile_empty"]
        if not rules.warren:
            del self.fields["through_warren"]

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("play") == "follow" and not cleaned.get("suit_led"):
            self.add_error("suit_led", "Which suit was led?")
        return cleaned

    def question(self) -> PlayQuestion:
        data = self.cleaned_data
        if data["card"] == "queen":
            card = Card(SPADES, "Q")
        else:
            card = Card.parse(CARD_SUITS.get(data["card"]), data["rank"] or None)
        return PlayQuestion(
            card=card,
            leading=data["play"] == "lead",
            first_trick=data["first_trick"],
            heart_played=data["heart_played"],
            queen_played=data.get("queen_played", False),
            suit_led=data["suit_led"] or None,
            holds_suit_led=data["holds_suit_led"],
            hand=data["hand"],
            pile_empty=data.get("pile_empty", False),
            through_warren=data.get("through_warren", False),
        )


class RevokeForm(forms.Form):
    offender = forms.TypedChoiceField(coerce=int, label="Who revoked?", widget=_SELECT)
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)

    def __init__(self, *args, players: tuple[str, ...], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["offender"].choices = [("", "—"), *list(enumerate(players))]
