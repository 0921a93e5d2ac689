# "1 déc. 2026", "30 juin 2024", "mardi 1 décembre 2026", 16:30, and a narrow
# no-break space before % (27 %), as French typography sets it.
DATE_FORMAT = "j N Y"
DATETIME_FORMAT = "j N Y, H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j N"
YEAR_MONTH_FORMAT = "N Y"
DAY_TIME_FORMAT = "j N, H:i"
WEEKDAY_DATE_FORMAT = "l j F Y"
PERCENT_FORMAT = "{}\N{NARROW NO-BREAK SPACE}%"
