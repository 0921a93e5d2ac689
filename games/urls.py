from django.urls import path, register_converter

from games.converters import IdConverter, TokenConverter
from games.views import (
    accounts,
    activity,
    attendance,
    backups,
    guests,
    history,
    leagues,
    live,
    members,
    night_screen,
    nights,
    offline,
    ops,
    presets,
    results,
    rulebook,
    seasons,
    series,
    sharing,
    table,
    trash,
    typed,
)

app_name = "games"

# Ids and tokens that cannot exist are a 404 before any view runs (see converters.py).
register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")

# Each area keeps its own block; add routes inside your area's block.

urlpatterns = [
    path("", leagues.home, name="home"),
    # At the root, so that its scope is every page (static/js/offline.js registers it).
    path("sw.js", offline.service_worker, name="service-worker"),
]

# --- accounts ---------------------------------------------------------------

# Log in, log out and password changes are Django's views under /accounts/.
urlpatterns += [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/email/", accounts.account_email, name="account-email"),
    path("accounts/language/", accounts.account_language, name="account-language"),
]

# --- leagues and players ----------------------------------------------------

urlpatterns += [
    path("leagues/new/", leagues.league_new, name="league-new"),
    path("leagues/<id:league_id>/", leagues.league_detail, name="league-detail"),
    path("leagues/<id:league_id>/edit/", leagues.league_edit, name="league-edit"),
    path("leagues/<id:league_id>/delete/", leagues.league_delete, name="league-delete"),
    path("leagues/<id:league_id>/players/new/", leagues.player_new, name="player-new"),
    path("leagues/<id:league_id>/players/<id:player_id>/edit/", leagues.player_edit, name="player-edit"),
    path("leagues/<id:league_id>/players/<id:player_id>/delete/", leagues.player_delete, name="player-delete"),
    path("leagues/<id:league_id>/players/<id:player_id>/merge/", leagues.player_merge, name="player-merge"),
]

# --- the table: games, hands, the game page ----------------------------------

urlpatterns += [
    path("leagues/<id:league_id>/games/new/", table.game_new, name="game-new"),
    path("leagues/<id:league_id>/games/import/", table.game_import, name="game-import"),
    path("games/<id:game_id>/", table.game_detail, name="game-detail"),
    path("games/<id:game_id>/poll/", table.game_poll, name="game-poll"),
    # The page's live stream (live.py): an event the moment the game changes, and the poll fetches it.
    path("games/<id:game_id>/stream/", live.game_stream, name="game-stream"),
    path("games/<id:game_id>/declare/", table.game_declare, name="game-declare"),
    path("games/<id:game_id>/reopen/", table.game_reopen, name="game-reopen"),
    path("games/<id:game_id>/clock/", table.game_clock, name="game-clock"),
    path("games/<id:game_id>/day/", table.game_day, name="game-day"),
    path("games/<id:game_id>/export/", table.game_export, name="game-export"),
    path("games/<id:game_id>/share/", sharing.game_share, name="game-share"),
    path("games/<id:game_id>/share/stop/", sharing.game_share_stop, name="game-share-stop"),
    path("games/<id:game_id>/pad/", table.game_pad, name="game-pad"),
    path("games/<id:game_id>/join/<str:token>/", sharing.game_join, name="game-join"),
    path("games/<id:game_id>/hands/new/", table.hand_new, name="hand-new"),
    path("games/<id:game_id>/hands/preview/", table.hand_preview, name="hand-preview"),
    path("games/<id:game_id>/hands/typed/", typed.hand_typed, name="hand-typed"),
    path("games/<id:game_id>/hands/delete/", table.hand_delete, name="hand-delete"),
    path("games/<id:game_id>/hands/<int:number>/edit/", table.hand_edit, name="hand-edit"),
    # A phone without an account: the game's table link (its QR code on the cards, the TV, the Share panel).
    path("t/<token:token>/", guests.table_link, name="table-link"),
    path("games/<id:game_id>/table-link/", guests.table_link_change, name="table-link-change"),
]

# --- rulebook: cheat-sheets and the referee ---------------------------------

urlpatterns += [
    path("rules/", rulebook.rules_index, name="rules-index"),
    path("rules/<str:variant>/", rulebook.rules_variant, name="rules-variant"),
    path("games/<id:game_id>/rules/", rulebook.game_rules, name="game-rules"),
    path("games/<id:game_id>/referee/", rulebook.game_referee, name="game-referee"),
    path("games/<id:game_id>/referee/revoke/", rulebook.game_referee_revoke, name="game-referee-revoke"),
    path("leagues/<id:league_id>/rules/new/", presets.preset_new, name="preset-new"),
    path("leagues/<id:league_id>/rules/<id:preset_id>/", presets.preset_rules, name="preset-rules"),
    path("leagues/<id:league_id>/rules/<id:preset_id>/edit/", presets.preset_edit, name="preset-edit"),
    path("leagues/<id:league_id>/rules/<id:preset_id>/delete/", presets.preset_delete, name="preset-delete"),
]

# --- history: standings, archive, players, export ---------------------------

urlpatterns += [
    path("leagues/<id:league_id>/standings/", history.league_standings, name="league-standings"),
    path("leagues/<id:league_id>/seasons/", seasons.league_seasons, name="league-seasons"),
    path("leagues/<id:league_id>/seasons/<id:season_id>/edit/", seasons.season_edit, name="season-edit"),
    path("leagues/<id:league_id>/seasons/<id:season_id>/delete/", seasons.season_delete, name="season-delete"),
    path("leagues/<id:league_id>/games/", history.league_games, name="league-games"),
    path("leagues/<id:league_id>/players/<id:player_id>/", history.player_detail, name="player-detail"),
    path("leagues/<id:league_id>/export/league.json", backups.league_export_json, name="league-export-json"),
    path("leagues/<id:league_id>/export/games.csv", backups.league_export_games_csv, name="league-export-games"),
    path("leagues/<id:league_id>/export/hands.csv", backups.league_export_hands_csv, name="league-export-hands"),
    path("leagues/import/", backups.league_import, name="league-import"),
    path("games/<id:game_id>/scoresheet/", history.game_scoresheet, name="game-scoresheet"),
    path("games/<id:game_id>/delete/", history.game_delete, name="game-delete"),
    path("leagues/<id:league_id>/trash/", trash.league_trash, name="league-trash"),
    path("leagues/<id:league_id>/trash/<str:kind>/<id:item_id>/restore/", trash.trash_restore, name="trash-restore"),
    path("leagues/<id:league_id>/restore/", trash.league_restore, name="league-restore"),
    path("leagues/<id:league_id>/activity/", activity.league_activity, name="league-activity"),
    path("leagues/<id:league_id>/activity/<id:entry_id>/undo/", activity.activity_undo, name="activity-undo"),
    path("public/<token:token>/", history.public_standings, name="public-standings"),
    path("public/<token:token>/games/", history.public_games, name="public-games"),
    path("public/<token:token>/games/<id:game_id>/", history.public_scoresheet, name="public-scoresheet"),
    path("public/<token:token>/players/<id:player_id>/", history.public_player, name="public-player"),
    path(
        "public/<token:token>/games/<id:game_id>/result-<id:version>.png",
        results.public_result_image,
        name="public-result-image",
    ),
]

# --- members, invites, the public link --------------------------------------

urlpatterns += [
    path("leagues/<id:league_id>/members/", members.league_members, name="league-members"),
    path("leagues/<id:league_id>/members/<id:membership_id>/role/", members.member_role, name="member-role"),
    path("leagues/<id:league_id>/members/<id:membership_id>/remove/", members.member_remove, name="member-remove"),
    path(
        "leagues/<id:league_id>/invitations/<id:invitation_id>/withdraw/",
        members.invitation_withdraw,
        name="invitation-withdraw",
    ),
    path("invitations/<id:invitation_id>/accept/", members.invitation_accept, name="invitation-accept"),
    path("invitations/<id:invitation_id>/decline/", members.invitation_decline, name="invitation-decline"),
    path("leagues/<id:league_id>/invites/", members.invite_new, name="invite-new"),
    path("leagues/<id:league_id>/invites/<id:invite_id>/revoke/", members.invite_revoke, name="invite-revoke"),
    path("leagues/<id:league_id>/public-link/", members.public_link, name="public-link"),
    path("invites/<token:token>/", members.invite_accept, name="invite-accept"),
]

# --- club nights: the organizer's side -----------------------------------------

urlpatterns += [
    path("leagues/<id:league_id>/nights/new/", nights.night_new, name="night-new"),
    # The night's page: nights.night_detail, with the Share button of night_screen's links.
    path("nights/<id:night_id>/", night_screen.night_page, name="night-detail"),
    path("nights/<id:night_id>/seats/", nights.night_seats, name="night-seats"),
    path("nights/<id:night_id>/round/", nights.night_round, name="night-round"),
    path("nights/<id:night_id>/players/", nights.night_players, name="night-players"),
    path("nights/<id:night_id>/cards/", nights.night_cards, name="night-cards"),
    path("nights/<id:night_id>/sheet/", nights.night_sheet, name="night-sheet"),
    path("nights/<id:night_id>/delete/", nights.night_delete, name="night-delete"),
    # The night's screen: the club's TV behind a signed link (night_screen.py), its poll and its preview.
    path("nights/<id:night_id>/screen/", night_screen.night_screen_link, name="night-screen-link"),
    path("nights/<id:night_id>/links/stop/", night_screen.night_link_stop, name="night-link-stop"),
    path("screen/<str:token>/", night_screen.night_screen, name="night-screen"),
    path("screen/<str:token>/poll/", night_screen.night_screen_poll, name="night-screen-poll"),
    path("screen/<str:token>/stream/", live.night_screen_stream, name="night-screen-stream"),
    path("screen/<str:token>/standings-<str:version>.png", night_screen.night_screen_image, name="night-screen-image"),
    # The night's lasting link: its screen through the league's public link (as long as that link is on).
    path("public/<token:token>/nights/<id:night_id>/", night_screen.public_night, name="public-night"),
    path("public/<token:token>/nights/<id:night_id>/poll/", night_screen.public_night_poll, name="public-night-poll"),
    path("public/<token:token>/nights/<id:night_id>/stream/", live.public_night_stream, name="public-night-stream"),
    path(
        "public/<token:token>/nights/<id:night_id>/standings-<str:version>.png",
        night_screen.public_night_image,
        name="public-night-image",
    ),
]

# --- a series of club nights ------------------------------------------------------

urlpatterns += [
    path("leagues/<id:league_id>/series/", series.series_list, name="series-list"),
    path("leagues/<id:league_id>/series/<id:series_id>/", series.series_detail, name="series-detail"),
    path("leagues/<id:league_id>/series/<id:series_id>/edit/", series.series_edit, name="series-edit"),
    path("leagues/<id:league_id>/series/<id:series_id>/final/", series.series_final, name="series-final"),
    path("nights/<id:night_id>/series/", series.night_series, name="night-series"),
]

# --- before the night: who is coming (attendance.py) -------------------------

urlpatterns += [
    path("leagues/<id:league_id>/nights/announce/", attendance.announcement_new, name="announcement-new"),
    path("announcements/<id:announcement_id>/answer/", attendance.announcement_answer, name="announcement-answer"),
    path("announcements/<id:announcement_id>/link/", attendance.announcement_link, name="announcement-link"),
    path(
        "announcements/<id:announcement_id>/link/stop/",
        attendance.announcement_link_stop,
        name="announcement-link-stop",
    ),
    path("announcements/<id:announcement_id>/cancel/", attendance.announcement_cancel, name="announcement-cancel"),
    # The link shared in the club's chat: no account, the night's day, note and who said yes only.
    path("coming/<token:token>/", attendance.answer_link, name="answer-link"),
]

# --- operations -------------------------------------------------------------

urlpatterns += [
    path("healthz", ops.healthz, name="healthz"),
]
