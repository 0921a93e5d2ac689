"""Views, one module per area of the app.

accounts: sign up; leagues: leagues and their players; table: games, hands
and the game page; rulebook: cheat-sheets and the referee; history:
standings, archive, players' statistics, export; members: roles, invites and
the public link; ops: health checks.
"""
