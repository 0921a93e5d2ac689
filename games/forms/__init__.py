"""Every form of the app, one module for each area of views (games.views): the table,
house rules and presets, leagues and players, seasons, the history's filters,
backups, members, sharing, accounts and the referee.

Forms only parse what the phone sent (numbers are numbers, seats are seats);
every rule is the engine's, and its errors are mapped back onto the fields
they are about (FieldError.field, SetupError.field).
"""

from games.forms.accounts import EmailForm, LanguageForm, SignupForm
from games.forms.activity import ActivityFilterForm
from games.forms.backups import BIG_FILES, GAMES_PER_MB, TOO_LARGE, LeagueImportForm, league_file_max_bytes
from games.forms.history import ArchiveForm, SpanForm, StandingsForm
from games.forms.house_rules import (
    DEFAULT_VARIANT,
    OPTION_FIELDS,
    PLAIN_CHOICE_LABELS,
    RANDOM_DEALER,
    SELECT_LABEL_FITS,
    CardPointsField,
    CardsField,
    PassWordsField,
    RulesForm,
    SeatsField,
    WrapsField,
)
from games.forms.leagues import (
    LeagueDeleteForm,
    LeagueForm,
    LeagueSettingsForm,
    PlayerEditForm,
    PlayerForm,
    PlayerMergeForm,
)
from games.forms.members import INVITE_DAYS, InviteForm, RoleForm
from games.forms.nights import NightForm, PresenceForm, RoundForm, SeatsForm
from games.forms.presets import PresetForm
from games.forms.rulebook import CARD_CHOICES, CARD_SUITS, SUIT_CHOICES, PlayForm, RevokeForm
from games.forms.seasons import SeasonForm
from games.forms.series import NightSeriesForm, SeriesForm
from games.forms.sharing import ShareForm
from games.forms.table import (
    SCORESHEET_MAX_BYTES,
    SUIT_LETTERS,
    DeclareForm,
    DeleteHandForm,
    GameDayForm,
    GameForm,
    GameImportForm,
    HandForm,
    HeartsField,
    SeatChoiceField,
    day_of_play,
    taker_field,
)

__all__ = [
    "BIG_FILES",
    "CARD_CHOICES",
    "CARD_SUITS",
    "DEFAULT_VARIANT",
    "GAMES_PER_MB",
    "INVITE_DAYS",
    "OPTION_FIELDS",
    "PLAIN_CHOICE_LABELS",
    "RANDOM_DEALER",
    "SCORESHEET_MAX_BYTES",
    "SELECT_LABEL_FITS",
    "SUIT_CHOICES",
    "SUIT_LETTERS",
    "TOO_LARGE",
    "ActivityFilterForm",
    "ArchiveForm",
    "CardPointsField",
    "CardsField",
    "DeclareForm",
    "DeleteHandForm",
    "EmailForm",
    "GameDayForm",
    "GameForm",
    "GameImportForm",
    "HandForm",
    "HeartsField",
    "InviteForm",
    "LanguageForm",
    "LeagueDeleteForm",
    "LeagueForm",
    "LeagueImportForm",
    "LeagueSettingsForm",
    "NightForm",
    "NightSeriesForm",
    "PassWordsField",
    "PlayForm",
    "PlayerEditForm",
    "PlayerForm",
    "PlayerMergeForm",
    "PresenceForm",
    "PresetForm",
    "RevokeForm",
    "RoleForm",
    "RoundForm",
    "RulesForm",
    "SeasonForm",
    "SeatChoiceField",
    "SeatsField",
    "SeatsForm",
    "SeriesForm",
    "ShareForm",
    "SignupForm",
    "SpanForm",
    "StandingsForm",
    "WrapsField",
    "day_of_play",
    "league_file_max_bytes",
    "taker_field",
]
