"""Fixtures shared by every test: users and leagues, and the browser set-up.

Browser tests drive Debian's Chromium (never a downloaded browser). Without
it they are skipped on a developer's machine, but with CI=true a missing
browser fails the run.
"""

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.core.cache import cache
from django.utils import translation

from tests import fuzzing  # noqa: F401 - loads the hypothesis profile before any test module
from tests.factories import LeagueFactory, UserFactory

# Playwright's sync API runs an event loop in the test's thread; the ORM calls
# made by live-server tests in that thread are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# The header htmx sends with every request: a test passes it as headers=HTMX.
HTMX = {"HX-Request": "true"}

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


# The fixtures through which a test reaches the database; a test with none of them and no
# django_db marker is refused any query by pytest-django, so it passed without a database.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}
)


def uses_database(item: pytest.Item) -> bool:
    return item.get_closest_marker("django_db") is not None or not DATABASE_FIXTURES.isdisjoint(
        getattr(item, "fixturenames", ())
    )


def is_transactional(item: pytest.Item) -> bool:
    """Whether pytest-django runs this test's writes for real (committed, then flushed) instead of in
    a transaction rolled back after it."""
    marker = item.get_closest_marker("django_db")
    names = getattr(item, "fixturenames", ())
    return bool(marker and marker.kwargs.get("transaction")) or not {"transactional_db", "live_server"}.isdisjoint(
        names
    )


def runs_elsewhere(item: pytest.Item, on_postgresql: bool) -> bool:
    """Whether this run leaves the test out (pytest_collection_modifyitems says why)."""
    if not on_postgresql:
        return False
    browser_only = item.get_closest_marker("browser") and not item.get_closest_marker("both_databases")
    return bool(browser_only) or not uses_database(item)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each test runs on every database it can tell apart; the others on SQLite only.

    The SQLite run (`make test`) runs every test. The PostgreSQL run leaves out the tests
    the database can make no difference to:

    - the tests that use no database at all (the engine's in tests/rules/, the layout,
      the catalogs, the deploy's subprocesses, which make their own SQLite): pytest-django
      refuses a query to any test without the django_db marker or a database fixture, so
      these pass without one, and would only run the same code again;
    - the browser tests not marked `both_databases`: printing, layouts, colour schemes
      and the screens draw the same pages whatever stores them, and they took a third
      of the PostgreSQL run. Those where the database can matter (phones at once, the
      bad network, dates, imports) are marked `both_databases` and run on both.

    CI runs the two side by side, one per core (.ci/run), and the PostgreSQL run was the
    longer one: its tests take 1.5 to 1.8 times SQLite's, so what it leaves out shortens CI.
    """
    from django.conf import settings

    on_postgresql = "postgresql" in settings.DATABASES["default"]["ENGINE"]
    kept, left_out = [], []
    for item in items:
        (left_out if runs_elsewhere(item, on_postgresql) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, chromium_path):
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A 360x740 phone, the screen the app is designed for first.

    Reduced motion turns Bootstrap's colour transitions off (app.css), so axe
    never measures a button's contrast halfway through one.
    """
    viewport = {"width": 360, "height": 740}
    return {**browser_context_args, "viewport": viewport, "device_scale_factor": 2, "reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def _empty_cache():
    """Every test starts with an empty cache: a rolled-back test gives its ids to the next
    one, so a page cached under (league id, results version) could be another test's."""
    cache.clear()


LOCALE = Path(__file__).resolve().parent.parent / "locale"


@pytest.fixture(autouse=True)
def _no_sweeps_of_the_attempts(monkeypatch):
    """The counters of logins and imports sweep old rows at random (games.models.attempts): never in a
    test, whose queries are counted; the tests of the sweep ask for one."""
    monkeypatch.setattr("games.models.attempts.SWEEP_CHANCE", 0)


@pytest.fixture(scope="session", autouse=True)
def _translations_compiled():
    """The catalogs compiled, as the Docker build does (the .mo files are not committed):
    msgfmt from apt's gettext. Without it the pages stay English, and CI fails."""
    if shutil.which("msgfmt") is None:
        if os.environ.get("CI"):
            pytest.fail("msgfmt is missing: apt-get install gettext (the translations are compiled by it)")
        return
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/django.po")):
        # Written aside and moved into place: CI runs the SQLite and PostgreSQL suites side
        # by side in one checkout, and one must never read a catalog the other is writing.
        compiled = po.with_suffix(f".mo.{os.getpid()}")
        subprocess.run(["msgfmt", "--check", "-o", str(compiled), str(po)], check=True)
        compiled.replace(po.with_suffix(".mo"))
    # Catalogs read before they were compiled are read again.
    from django.utils.translation import trans_real

    trans_real._translations = {}
    trans_real._default = None


@pytest.fixture(autouse=True)
def _no_listening_left_behind():
    """A live stream on PostgreSQL starts its process's LISTEN connection (games.live): it is closed
    after the test, before the next test's flush or the test database's drop finds it open."""
    yield
    from games.live import LISTENER

    if LISTENER.running:
        LISTENER.stop()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request in another language leaves it active in the thread (LocaleMiddleware sets it
    per request, never back): the next test starts in English, as a new request would."""
    yield
    translation.activate("en")


@pytest.fixture(scope="module")
def module_db(request: pytest.FixtureRequest, django_db_setup, django_db_blocker):
    """One transaction around a whole module, for data its tests share: made once, not once a test.

    A module-scoped fixture that asks for this one makes its rows inside the transaction;
    each test's own (the db fixture's, as ever) is a savepoint inside it, rolled back after
    the test, so every test starts from the shared rows exactly as they were made; the
    module's transaction is rolled back after its last test. This is what Django's
    TestCase.setUpTestData does for a class. The fixture that hands the rows to a test
    gives it a copy of their Python objects, as setUpTestData does, so a test that changes
    an object changes it for itself only.

    Every test of the module that uses the database must see the shared rows, whatever
    order pytest-randomly runs the module in: a test that asked for none would see them
    after another's had made them and not before. So all of the module's tests ask for
    them (pytestmark's usefixtures), none runs its writes for real (a transactional test
    flushes the database), and this fixture fails the module otherwise.

    It gives the fixture that makes the rows a context to make them in:

        @pytest.fixture(scope="module")
        def league_made_once(module_db):
            with module_db():
                return LeagueFactory()
    """
    from django.db import transaction

    module_items = [item for item in request.session.items if item.module is request.module]
    transactional = [item.name for item in module_items if is_transactional(item)]
    unshared = [item.name for item in module_items if uses_database(item) and "module_db" not in item.fixturenames]
    if transactional or unshared:
        pytest.fail(
            f"{request.module.__name__} shares rows made once (module_db): every test using the database must "
            f"ask for them (pytestmark = pytest.mark.usefixtures(...)) and none may be transactional; "
            f"transactional: {transactional}, not asking: {unshared}"
        )
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        # As Django's TestCase marks its own: the app's atomic(durable=True) nests in it in a test.
        outer._from_testcase = True
        outer.__enter__()

    @contextmanager
    def making() -> Iterator[None]:
        """Where the shared rows are made: the database open (the tests' stays blocked but for
        their own db fixture), and what the function-scoped autouse fixtures give a test."""
        with django_db_blocker.unblock(), pytest.MonkeyPatch.context() as patch, translation.override("en"):
            patch.setattr("games.models.attempts.SWEEP_CHANCE", 0)
            yield
        cache.clear()

    try:
        yield making
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def user(db):
    return UserFactory()


@pytest.fixture
def scorer(client, user):
    """The test client, logged in as `user` (the owner of `league`)."""
    client.force_login(user)
    return client


@pytest.fixture
def league(user):
    return LeagueFactory(owner=user)


@pytest.fixture
def outsider(db):
    return UserFactory()
