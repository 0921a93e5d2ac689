# English as the app has always written it: "1 Dec 2026", "Tuesday 1 December 2026", 16:30, 27%.
DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "j M Y, H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "j M"
YEAR_MONTH_FORMAT = "M Y"
DAY_TIME_FORMAT = "j M H:i"
WEEKDAY_DATE_FORMAT = "l j F Y"
PERCENT_FORMAT = "{}%"
