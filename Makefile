# Two commands do everything on a fresh machine with Python 3.11:
#   make run   - set up, migrate and serve at http://127.0.0.1:8000 (PORT=... for another)
#   make test  - set up and run the whole test suite
#   make lint  - ruff's checks and formatter, and mypy's types

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV_VERSION := 0.13.9
PORT ?= 8000
HOST ?= 127.0.0.1
export UV_PROJECT_ENVIRONMENT := $(VENV)

.PHONY: run test lint fuzz sync migrate bench load lighthouse replay clean messages i18n-report print-fill \
	templates-format

# uv is bootstrapped into the project's own virtual environment with pip, so a
# machine needs nothing but Python; uv then installs exactly what uv.lock says.
$(BIN)/uv:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"

$(VENV)/.synced: $(BIN)/uv pyproject.toml uv.lock
	$(BIN)/uv sync --locked --python $(BIN)/python
	touch $@

sync: $(VENV)/.synced

migrate: sync
	$(BIN)/python manage.py migrate --noinput
	-$(BIN)/python manage.py compilemessages --ignore=.venv --ignore=var >/dev/null

# Served as in production, by gunicorn's asgi worker (gunicorn.conf.py), which holds the pages' live
# streams; --reload restarts it when the code changes, as runserver would.
run: migrate
	DJANGO_DEBUG=$${DJANGO_DEBUG:-true} HOST=$(HOST) PORT=$(PORT) WEB_CONCURRENCY=1 $(BIN)/gunicorn --reload

test: sync
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The property tests with fresh random examples, 25 times as many as in CI
# (tests/fuzzing.py); run it before a release or after touching the engine.
# Every test module with a property (@given) is found, so a new one is fuzzed too.
PROPERTY_TESTS = $(sort $(shell grep -rl --include='test_*.py' '@given' tests))
fuzz: sync
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -q $(PROPERTY_TESTS)

# ruff's rules and mypy's strictness are chosen in pyproject.toml; the formatter keeps
# every file one shape; no app function is over 60 lines (tools/function_length.py: ruff's
# C901 and PLR0915 check complexity and statements, but no rule of ruff's counts lines). mypy
# keeps its cache in .mypy_cache, so a second run takes a second or two.
lint: sync
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python tools/function_length.py
	$(BIN)/mypy
	@echo "templates: djhtml --check, djlint --lint, tools/template_lines.py"
	@$(BIN)/djhtml --check --tabwidth 2 $(TEMPLATES_CHECKED)
	@$(BIN)/djlint --lint --quiet $(TEMPLATES_CHECKED)
	@$(BIN)/python tools/template_lines.py $(TEMPLATES_CHECKED)

# Templates are one shape (issue 37): djhtml indents them (it moves only the whitespace that
# starts a line, so a page renders as before), djlint's linter reads them (pyproject.toml), and
# no line is over 120 characters (tools/template_lines.py, which also breaks them) but those
# tools/template_lines_todo.txt still counts, file by file, to be broken by hand. The files
# below were being changed on other branches when the formatter came in: `make templates-format`
# formats them once those are merged, after which they leave this list and it stays empty.
TEMPLATES_PENDING = templates/base.html templates/games/game_detail.html templates/games/game_regions.html \
	templates/games/hand_form.html templates/games/includes/clock.html templates/games/includes/recorded_hands.html \
	templates/games/includes/share_result.html templates/games/includes/stale_edit.html \
	templates/games/nights/night_screen.html templates/offline/queue_strings.html
TEMPLATES_CHECKED = $(filter-out $(TEMPLATES_PENDING),$(sort $(shell find templates -name '*.html' -o -name '*.txt')))

# Indents and breaks the long lines of the pending templates (FILES=... for others), lists what is
# left to break by hand and counts it in tools/template_lines_todo.txt; then empty TEMPLATES_PENDING,
# run make lint (djlint's findings are fixed by hand) and the tests of the pages changed.
FILES ?= $(TEMPLATES_PENDING)
templates-format: sync
	$(BIN)/python tools/template_lines.py --fix $(FILES)

bench: sync
	$(BIN)/python benchmarks/engine.py

# Not part of the tests: each serves the app with gunicorn on 127.0.0.1 and prints figures.
load: sync
	$(BIN)/python benchmarks/load.py

lighthouse: sync
	$(BIN)/python benchmarks/lighthouse.py

# Every printed sheet's fill (how close to a second page) per language and paper, printed in Chromium.
print-fill: sync
	$(BIN)/python benchmarks/print_fill.py

clean:
	rm -rf $(VENV) var test-artifacts

# The translators' catalogs (docs/I18N.md): every marked string of the app and the
# engine into locale/<lang>/LC_MESSAGES/django.po, the translations kept. Needs
# gettext (apt). The .mo files are compiled by the tests and the Docker build.
MESSAGE_LANGUAGES = nl de fr es
messages: sync
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(MESSAGE_LANGUAGES)) --no-obsolete --no-wrap --add-location=file \
		--ignore=var --ignore=tests --ignore=benchmarks --ignore=tools

# What each page still shows in English, per language and page of the route table
# (tests/ops/untranslated.py): the leftovers to mark or translate before a language
# goes into test_translated_pages.py's STRICT_LANGUAGES.
i18n-report: sync
	I18N_REPORT=1 $(BIN)/python -m pytest -q -s -p no:randomly tests/ops/test_translated_pages.py -k every_page_is_in_its_language
