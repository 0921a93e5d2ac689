"""What every browser test needs: a logged-in phone, and a check of each screen.

`screen(page, name)` is called on every screen a test reaches: it saves a
screenshot to test-artifacts/ and runs axe, failing with axe's own report
when anything is found, so a reader sees the rule, the element and the fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page

# One instance: it reads axe-core's script from disk once.
AXE = Axe()
PHONE_WIDTH = 360
TAP = 44  # the smallest touch target, in CSS pixels

ScreenCheck = Callable[[Page, str], None]


@pytest.fixture
def screen(artifacts_dir: Path) -> ScreenCheck:
    def check(page: Page, name: str) -> None:
        page.screenshot(path=str(artifacts_dir / f"{name}.png"), full_page=True)
        results = AXE.run(page)
        assert results.violations_count == 0, f"axe on {name} ({page.url}):\n{results.generate_report()}"

    return check


def login_cookie(client, user, live_server) -> dict:
    """The session cookie of a user logged in by the test client, for a browser context."""
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }


@pytest.fixture
def phone(page: Page, client, user, live_server) -> Page:
    """The `page` fixture, logged in as `user` (the owner of `league`)."""
    page.context.add_cookies([login_cookie(client, user, live_server)])
    return page


@pytest.fixture
def new_phone(browser: Browser, browser_context_args: dict, live_server, csp_violations) -> Callable[..., Page]:
    """Another phone at the table: a fresh context, logged in as the given user."""
    from django.test import Client

    contexts: list[BrowserContext] = []

    def open_phone(user, **context_args) -> Page:
        context = browser.new_context(**{**browser_context_args, **context_args})
        listen_for_csp(context, csp_violations)
        contexts.append(context)
        if user is not None:
            context.add_cookies([login_cookie(Client(), user, live_server)])
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


CSP_ERROR = re.compile(r"Content Security Policy")


@pytest.fixture
def csp_violations() -> list[str]:
    """Console errors from the Content-Security-Policy (an inline script or style slipped in),
    on every phone of the test; `no_csp_violations` fails the test on any of them."""
    return []


def listen_for_csp(context: BrowserContext, found: list[str]) -> None:
    def listen(message: ConsoleMessage) -> None:
        if message.type == "error" and CSP_ERROR.search(message.text):
            found.append(f"{message.text} at {message.location}")

    context.on("console", listen)


@pytest.fixture
def context(context: BrowserContext, csp_violations: list[str]) -> BrowserContext:
    listen_for_csp(context, csp_violations)
    return context


@pytest.fixture(autouse=True)
def no_csp_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser test fails on a CSP error in any phone's console, whether it asks or not."""
    if "page" not in request.fixturenames and "new_phone" not in request.fixturenames:
        yield
        return
    found = request.getfixturevalue("csp_violations")
    yield
    assert found == [], "CSP violations in the console:\n" + "\n".join(found)


def kept_on_the_phone(page: Page) -> list[dict]:
    """The hands this phone keeps to send, as static/js/queue_store.js keeps them in IndexedDB."""
    return page.evaluate("() => window.HandQueue.all()")


def field(page: Page, label: str) -> Locator:
    """The form field labelled `label`, exactly; crispy's hidden "*" after required labels is allowed."""
    return page.get_by_label(re.compile(rf"^\s*{re.escape(label)}\*?\s*$"))


def small_targets(page: Page) -> list[str]:
    """Visible buttons, button-like links and fields smaller than 44px tall, described.

    Bootstrap's .btn-check radios are hidden behind their labels, which are the
    targets; a .form-check checkbox counts with its label. A details' summary
    ("Revoke…") is tapped to open it, and a hearts box's name beside it
    focuses the box: both are targets too.
    """
    return page.evaluate(
        """(tap) => Array.from(document.querySelectorAll(
                'button, .btn, input:not([type=hidden]):not(.btn-check), select, textarea, summary, .hand-form label'))
            .filter((el) => el.offsetParent !== null)
            // Clipped to 1px for screen readers or the keyboard only (a form's default button): never tapped.
            .filter((el) => !el.classList.contains('visually-hidden'))
            // A checkbox is tapped anywhere on its row, label included.
            .map((el) => [el, (el.closest('.form-check') || el).getBoundingClientRect()])
            .filter(([el, box]) => box.height < tap)
            .map(([el, box]) => `${el.outerHTML.slice(0, 80)} is ${Math.round(box.height)}px tall`)""",
        TAP,
    )


def overflows_phone(page: Page) -> bool:
    """True when the page scrolls sideways at the phone's width."""
    return page.evaluate("() => document.documentElement.scrollWidth") > PHONE_WIDTH
