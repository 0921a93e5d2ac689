"""The club night's forms: starting a night, its seats before a round, who is here.

They parse what the organizer's phone sent; every rule of the night (sizes,
seating, at least three players) is rules.night's, asked by the models.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.forms.numbers import IdChoiceField, IdsChoiceField
from games.forms.series import SeriesChoiceField
from games.models import (
    NIGHT_NAME_LENGTH,
    Announcement,
    Answer,
    League,
    LeaguePreset,
    Night,
    NightSeat,
    Player,
    player_name,
)
from rules import name_key
from rules.night import MOST_ROUNDS
from rules.variants import PRESETS

SAVED = "saved:"
MOST_NEWCOMERS = 64

# The table sizes an organizer may allow (CLUBNIGHT.md, Tables): the value is the sizes, "" the law's own rule.
TABLE_SIZES = {
    "": (),
    "4": (4,),
    "4-5": (4, 5),
    "3-4": (3, 4),
    "3-5": (3, 4, 5),
    "3": (3,),
    "5": (5,),
    "6-8": (6, 7, 8),
}


def _rules_choices(league: League) -> list[tuple[str, Any]]:
    # Every preset the new-game form offers (CLUBNIGHT.md: "any preset"); the engine says each one's table sizes.
    built_in = [(key, variant.name) for key, variant in PRESETS.items()]
    saved = [(f"{SAVED}{preset.pk}", preset.name) for preset in league.presets.all()]
    choices: list[tuple[str, Any]] = [(gettext("Built-in games"), built_in)]
    if saved:
        choices.append((gettext("The league's house rules"), saved))
    return choices


class NightForm(forms.Form):
    name = forms.CharField(label=_("Name of the night"), max_length=NIGHT_NAME_LENGTH, required=False)
    players = IdsChoiceField(
        label=_("Who is here"), queryset=Player.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    newcomers = forms.CharField(
        label=_("Newcomers"),
        help_text=_("One name a line: they join the league's players."),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    rules = forms.ChoiceField(label=_("The game every table plays"))
    time_limit = forms.IntegerField(
        label=_("Time limit of a round (minutes)"),
        help_text=_("Leave empty for rounds played to the end."),
        required=False,
        min_value=1,
        max_value=1440,
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MOST_ROUNDS, initial=3)
    sizes = forms.ChoiceField(
        label=_("Tables"),
        choices=[
            ("", _("Of 4, with a fifth player or tables of 3 where the numbers need them")),
            ("4", _("Of 4 only: the others sit out in turn")),
            ("4-5", _("Of 4 or 5: the others sit out in turn")),
            ("3-4", _("Of 3 or 4")),
            ("3-5", _("Of 3, 4 or 5")),
            ("3", _("Of 3 only: the others sit out in turn")),
            ("5", _("Of 5 only: the others sit out in turn")),
            ("6-8", _("Of 6 to 8, for 3D Hearts: the others sit out in turn")),
        ],
        required=False,
    )
    # The league's series, set in __init__ (games.forms.series).
    series = SeriesChoiceField()
    # The announced night this one starts (games.models.announcements): starting it closes the answers.
    announcement = IdChoiceField(queryset=Announcement.objects.none(), required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, league: League, announcement_id: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        self.fields["series"] = SeriesChoiceField(league)
        cast(IdsChoiceField, self.fields["players"]).queryset = league.players.all()
        cast(forms.ChoiceField, self.fields["rules"]).choices = _rules_choices(league)
        self.fields["rules"].initial = "standard"
        upcoming = league.announcements.upcoming()
        cast(IdChoiceField, self.fields["announcement"]).queryset = upcoming
        self.from_announcement = None
        if announcement_id and announcement_id.isdigit() and len(announcement_id) <= 18:
            self.from_announcement = upcoming.filter(pk=int(announcement_id)).first()
        if self.from_announcement is not None:
            self._from_answers(self.from_announcement)

    def _from_answers(self, announcement: Announcement) -> None:
        """Opened from an announced night: those who said yes ticked, the maybes marked, the link's newcomers typed."""
        answers = list(announcement.answers.select_related("player").order_by("answered_at", "pk"))
        yes = [answer for answer in answers if answer.choice == Answer.Choice.YES]
        maybe = [answer for answer in answers if answer.choice == Answer.Choice.MAYBE]
        self.initial.update(
            {
                "announcement": announcement.pk,
                "players": [answer.player_id for answer in yes if answer.player_id is not None],
                "newcomers": "\n".join(answer.name for answer in yes if answer.player_id is None),
            }
        )
        maybes = {answer.player_id for answer in maybe if answer.player_id is not None}
        players = cast(forms.ModelMultipleChoiceField, self.fields["players"])
        players.label_from_instance = lambda player: (  # type: ignore[method-assign,assignment]
            gettext("%(name)s (maybe)") % {"name": player.name} if player.pk in maybes else player.name
        )
        new_maybes = [answer.name for answer in maybe if answer.player_id is None]
        if new_maybes:
            self.fields["newcomers"].help_text = gettext(
                "One name a line: they join the league's players. Said maybe: %(names)s"
            ) % {"names": ", ".join(new_maybes)}

    def clean_newcomers(self) -> list[str]:
        lines = [line.strip() for line in self.cleaned_data["newcomers"].splitlines() if line.strip()]
        if len(lines) > MOST_NEWCOMERS:
            raise ValidationError(gettext("At most %(most)d newcomers at once") % {"most": MOST_NEWCOMERS})
        names = []
        for line in lines:
            try:
                names.append(player_name(line))
            except ValidationError as error:
                raise ValidationError(
                    gettext("%(problem)s: %(name)s") % {"problem": error.messages[0], "name": line[:20]}
                ) from None
        return names

    def clean_rules(self) -> tuple[str, dict[str, Any], LeaguePreset | None]:
        value = self.cleaned_data["rules"]
        if value.startswith(SAVED):
            preset = self.league.presets.filter(pk=int(value.removeprefix(SAVED))).first()
            if preset is None:
                raise ValidationError(gettext("These house rules are no longer the league's"))
            if preset.options.get("teams"):
                # The night's standings place each player by their own total (rules.night).
                raise ValidationError(
                    gettext("A club night's players each play for themselves: %(name)s plays in partners")
                    % {"name": preset.name}
                )
            return preset.variant, dict(preset.options), preset
        return value, {}, None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        players = list(data.get("players") or [])
        newcomers = data.get("newcomers") or []
        known = {player.name_key: player for player in self.league.players.all()}
        seen = {player.name_key: player.name for player in players}
        self.newcomer_names: list[str] = []
        self.present: list[Player] = list(players)
        for name in newcomers:
            key = name_key(name)
            if key in seen:
                self.add_error("newcomers", gettext("%(name)s is here twice") % {"name": name})
                continue
            seen[key] = name
            if key in known:
                # A "newcomer" who already plays in the league is that player.
                self.present.append(known[key])
            else:
                self.newcomer_names.append(name)
        if "players" not in self.errors and "newcomers" not in self.errors and len(seen) < 3:
            self.add_error(
                "players",
                gettext("A night needs at least %(fewest)d players; %(count)d are here")
                % {"fewest": 3, "count": len(seen)},
            )
        return data

    def clean_sizes(self) -> tuple[int, ...]:
        return TABLE_SIZES[self.cleaned_data["sizes"]]

    def game_options(self) -> tuple[str, dict[str, Any], LeaguePreset | None]:
        variant, options, preset = self.cleaned_data["rules"]
        options = dict(options)
        options.pop("time_limit", None)
        if self.cleaned_data.get("time_limit"):
            options["time_limit"] = self.cleaned_data["time_limit"]
        elif preset is not None and preset.options.get("time_limit"):
            options["time_limit"] = preset.options["time_limit"]
        return variant, options, preset


class SeatsForm(forms.Form):
    """Before a round starts: swap two players, or move one to another table (0: sitting out)."""

    action = forms.ChoiceField(
        label=pgettext_lazy("a change of seats", "Change"),
        choices=[("swap", _("Swap two players")), ("move", _("Move a player to another table"))],
    )
    first = IdChoiceField(label=_("Player"), queryset=Player.objects.none())
    second = IdChoiceField(label=_("Swap with"), queryset=Player.objects.none(), required=False)
    table = forms.IntegerField(
        label=_("Move to table"),
        help_text=_("0: sitting out this round."),
        min_value=0,
        max_value=64,
        required=False,
    )

    def __init__(self, *args: Any, night: Night, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The latest round's players, seated or sitting out: not every player the league has ever had.
        seated = NightSeat.objects.filter(round__in=night.round_set.order_by("-number").values("pk")[:1])
        players = Player.objects.filter(pk__in=seated.values("player_id"))
        cast(IdChoiceField, self.fields["first"]).queryset = players
        cast(IdChoiceField, self.fields["second"]).queryset = players

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("action") == "swap" and not data.get("second") and "second" not in self.errors:
            self.add_error("second", gettext("Choose who to swap with"))
        if data.get("action") == "move" and data.get("table") is None and "table" not in self.errors:
            self.add_error("table", gettext("Choose a table"))
        return data


class RoundForm(forms.Form):
    """Start the proposed round, end the round being played, seat the next one, or bring back a game the round's
    end abandoned or counted (`table` posted beside it); `number` is the round seen."""

    action = forms.ChoiceField(
        choices=[("start", "start"), ("end", "end"), ("next", "next"), ("bring_back", "bring_back")]
    )
    number = forms.IntegerField(min_value=1, max_value=MOST_ROUNDS)


class PresenceForm(forms.Form):
    """A late arrival (a league player or a new name) or a player who leaves."""

    action = forms.ChoiceField(
        label=pgettext_lazy("a player arriving or leaving", "Change"),
        choices=[("arrive", _("Arrives")), ("leave", _("Leaves"))],
    )
    player = IdChoiceField(label=_("Player"), queryset=Player.objects.none(), required=False)
    name = forms.CharField(label=_("Or a new player"), required=False, max_length=200)

    def __init__(self, *args: Any, league: League, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(IdChoiceField, self.fields["player"]).queryset = league.players.all()

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            return ""
        try:
            return player_name(name)
        except ValidationError as error:
            raise ValidationError(error.messages[0]) from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("player") and not data.get("name") and not self.errors:
            self.add_error("player", gettext("Choose a player or type a new name"))
        if data.get("action") == "leave" and not data.get("player") and "player" not in self.errors:
            self.add_error("player", gettext("Choose who leaves"))
        return data
