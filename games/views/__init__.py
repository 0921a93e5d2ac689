"""Views, one module per area of the app.

accounts: sign up; leagues: leagues and their players; table: games, hands
and the game page; rulebook: cheat-sheets and the referee; history:
standings, archive, scoresheets and players' statistics; seasons: a league's
named seasons; backups: a league's
export and import; members: roles, invites, the public link and password
links; logins: the limits on login attempts; ops: the health check; errors: 503 when the
database fails; pages: page or partial.
"""
