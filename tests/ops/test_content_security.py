"""No inline script or style anywhere, a Content-Security-Policy on every page, names escaped.

The policy forbids inline <script> and style="" (settings.CONTENT_SECURITY_POLICY);
these tests make sure no template or page relies on them, since a browser
would silently ignore them.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import HTMX
from tests.ops.conftest import IMAGE, SCRIPT
from tests.ops.routes import ROLES, ROUTES

# The pages' tests share one table, made once (tests/ops/conftest.py).
pytestmark = pytest.mark.usefixtures("table_made_once")

ROOT = Path(settings.BASE_DIR)
TEMPLATES = sorted(
    path for folder in (ROOT / "templates", *ROOT.glob("*/templates")) for path in folder.rglob("*.html")
)

# A start tag, quoted attribute values and all (a value may hold ">").
TAG = re.compile(r"""<[a-zA-Z](?:"[^"]*"|'[^']*'|[^'">])*>""")
QUOTED = re.compile(r""""[^"]*"|'[^']*'""")
INLINE_SCRIPT = re.compile(r"<script\b(?P<attributes>[^>]*)>(?P<body>.*?)</script\s*>", re.DOTALL | re.IGNORECASE)
# on*= handlers and hx-on (which htmx evaluates as script; allowEval is off).
# In a template an attribute may follow a {% ... %} tag directly.
HANDLER = re.compile(r"[\s%}](?:on[a-z]+|hx-on[:\w-]*)\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"[\s%}]style\s*=", re.IGNORECASE)
STYLE_ELEMENT = re.compile(r"<style\b", re.IGNORECASE)
JAVASCRIPT_URL = re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.IGNORECASE)


def inline_code(html: str) -> list[str]:
    """What a strict Content-Security-Policy would block in this HTML."""
    found = []
    for script in INLINE_SCRIPT.finditer(html):
        if "src=" not in script["attributes"] or script["body"].strip():
            found.append(f"inline script: {script[0][:80]}")
    for tag in TAG.findall(html):
        # Only attribute names count: a value (a player's name, say) may say anything.
        tag = QUOTED.sub('""', tag)
        if HANDLER.search(tag):
            found.append(f"event handler: {tag[:80]}")
        if STYLE_ATTRIBUTE.search(tag):
            found.append(f"style attribute: {tag[:80]}")
    found += [f"<style> element at {match.start()}" for match in STYLE_ELEMENT.finditer(html)]
    found += [f"javascript: URL: {match[0]}" for match in JAVASCRIPT_URL.finditer(html)]
    return found


def test_the_scanner_finds_what_the_policy_blocks():
    page = """<script>alert(1)</script><script src="/a.js"></script>
    <button onclick="go()">x</button><div hx-on:click="go()"></div><p style="color: red">
    <style>p {}</style><a href="javascript:go()">x</a>"""
    assert len(inline_code(page)) == 6
    assert inline_code('<script src="/static/js/theme.js" defer></script><p class="onward">') == []
    assert inline_code('<button value="&lt;img src=x onerror=alert(2)&gt;" title=\'a > b style="x"\'>') == []
    assert len(inline_code('<div {% if wide %}style="width: 9em"{% endif %}>')) == 1


def test_templates_exist_to_scan():
    assert ROOT / "templates" / "base.html" in TEMPLATES


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_has_inline_script_handlers_or_style(template):
    assert inline_code(template.read_text()) == []


def test_the_policy_allows_no_inline_script_or_style():
    directives = settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]
    for directive in ("script-src", "style-src", "default-src"):
        assert directives[directive] == ["'self'"], directive
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]


def best_role(route):
    """The visitor who sees most of a page: the highest role it answers 200."""
    for role in reversed(ROLES):
        if route.get.get(role) == 200:
            return role
    return None


PAGES = [route for route in ROUTES if route.html and best_role(route)]


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("route", PAGES, ids=lambda route: route.name)
def test_every_page_has_the_policy_and_no_inline_code(route, htmx, table):
    headers = HTMX if htmx else {}
    response = table.client(best_role(route)).get(
        route.url(table, best_role(route)), route.query(table), headers=headers
    )
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert inline_code(response.content.decode()) == []


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("route", PAGES, ids=lambda route: route.name)
def test_hostile_names_render_inert_on_every_page(route, htmx, table):
    headers = HTMX if htmx else {}
    for role in ROLES:
        if route.get[role] != 200:
            continue
        response = table.client(role).get(route.url(table, role), route.query(table), headers=headers)
        html = response.content.decode()
        assert SCRIPT not in html, role
        assert IMAGE not in html, role
        assert "<script>alert" not in html, role
        assert "<img src=x" not in html, role
