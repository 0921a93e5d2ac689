"""Views, one module per area of the app, each with the form module of the same name.

- accounts: sign up, the account's page and its password reset. logins and
  limits: the limits on login attempts and on imports.
- leagues: leagues and their players. members: roles, invites and the public
  link. activity: the league's activity log and its undo.
- table: games, hands and the game page; hand_queue: the offline queue's JSON
  answers; revoke: a revoke asked on a page of its own without JavaScript;
  regions: the game page's regions drawn once for every phone; guests: a
  phone without an account opening its table's link; offline: the service
  worker; sharing: a game's share link and QR code; results: a result sent
  to a chat and its preview.
- rulebook: cheat-sheets and the referee. presets: a league's house rules.
- history: standings, archive, scoresheets and players' statistics; seasons:
  a league's named seasons; backups: a league's export and import; trash:
  what an organizer deleted, and its restore.
- nights: the club night, the organizer's side; night_screen: the night's
  page and the club's screen behind a signed link; series: a series of
  nights, its standings and its final table; attendance: the next night
  announced, and who says they come (on the league page or a link).
- ops: the health check; errors: 503 when the database fails; pages: page or partial.
"""
