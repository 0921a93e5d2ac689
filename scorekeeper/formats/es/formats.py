# "1 dic 2026", "31 may 2024", "martes, 1 de diciembre de 2026", 16:30, and a
# no-break space before % (27 %), as Spanish writes it.
DATE_FORMAT = "j N Y"
DATETIME_FORMAT = "j N Y, H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j N"
YEAR_MONTH_FORMAT = "N Y"
DAY_TIME_FORMAT = "j N, H:i"
WEEKDAY_DATE_FORMAT = r"l, j \d\e F \d\e Y"
PERCENT_FORMAT = "{}\N{NO-BREAK SPACE}%"
