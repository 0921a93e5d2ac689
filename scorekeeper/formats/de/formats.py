# "1. Dez. 2026", "31. Mai 2024", "Dienstag, 1. Dezember 2026", 16:30, 27%.
DATE_FORMAT = "j. N Y"
DATETIME_FORMAT = "j. N Y, H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j. N"
YEAR_MONTH_FORMAT = "N Y"
DAY_TIME_FORMAT = "j. N, H:i"
WEEKDAY_DATE_FORMAT = "l, j. F Y"
PERCENT_FORMAT = "{}%"
