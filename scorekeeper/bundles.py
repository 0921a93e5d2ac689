"""Every page's CSS and JavaScript as one file each, so a phone's first load is a handful of requests.

On the table's Wi-Fi each request costs a round trip; the hand-entry page's
budget is six requests in all (benchmarks/lighthouse.py). The sources stay
separate files under static/; this staticfiles finder joins them into
css/app.bundle.css and js/app.bundle.js, which templates link with
{% static %}. collectstatic picks the bundles up like any file (hashed and
compressed by WhiteNoise), and in development and tests, where WhiteNoise
serves from the finders, they are rebuilt from the sources as found.

To add a stylesheet or script to every page, add it to BUNDLES here.
"""

from __future__ import annotations

import builtins
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, overload

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import BaseFinder
from django.core.checks import CheckMessage, Error
from django.core.files.storage import FileSystemStorage


@dataclass(frozen=True)
class Bundle:
    # Joined as they are, in order.
    sources: tuple[str, ...]
    # Scripts that were loaded with `defer`: wrapped to run once the page is
    # parsed, as `defer` would run them, while the bundle itself loads in the
    # <head> so that theme.js sets the colour mode before the first paint.
    deferred: tuple[str, ...] = field(default=())

    def build(self) -> str:
        parts = [_read(source) for source in self.sources]
        parts += [
            f"// {source}, run once the page is parsed (as with defer)\n"
            f'document.addEventListener("DOMContentLoaded", function () {{\n{_read(source)}}});\n'
            for source in self.deferred
        ]
        return "\n".join(parts)


# The bundles live beside their sources' folders, so relative url()s in
# app.css still resolve.
BUNDLES = {
    "css/app.bundle.css": Bundle(sources=("vendor/bootstrap/bootstrap.purged.css", "css/app.css")),
    "js/app.bundle.js": Bundle(
        sources=("js/theme.js",),
        deferred=(
            "js/connection.js",
            "js/wakelock.js",
            "js/hand_form.js",
            "js/announce.js",
            "js/focus_keeper.js",
            "js/entry_keeper.js",
            "js/share.js",
            "js/queue_store.js",
            "js/offline.js",
            "js/clock.js",
            "js/language.js",
            "js/night_screen.js",
            "js/live.js",
        ),
    ),
}


def _source_path(source: str) -> str | None:
    for finder in finders.get_finders():
        if isinstance(finder, BundleFinder):
            continue
        found = finder.find(source)
        if found:
            return found
    return None


def _read(source: str) -> str:
    path = _source_path(source)
    if path is None:
        raise FileNotFoundError(f"Bundle source {source} is not a static file")
    return Path(path).read_text(encoding="utf-8")


class BundleFinder(BaseFinder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.location = Path(settings.BASE_DIR) / "var" / "bundles"
        self.storage = FileSystemStorage(location=str(self.location))

    def _write(self, name: str) -> str:
        """Build bundle `name` into var/bundles and return its path."""
        target = self.location / name
        target.parent.mkdir(parents=True, exist_ok=True)
        content = BUNDLES[name].build()
        if not target.exists() or target.read_text(encoding="utf-8") != content:
            # Two test runs may build at once: replace the file whole.
            handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(content)
            os.replace(temporary, target)
        return str(target)

    @overload
    def find(self, path: str, find_all: Literal[False] = False, **kwargs: Any) -> str | None: ...

    @overload
    def find(self, path: str, find_all: Literal[True], **kwargs: Any) -> list[str]: ...

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> str | list[str] | None:
        find_all = find_all or kwargs.get("all", False)
        if path not in BUNDLES:
            return [] if find_all else None
        found = self._write(path)
        return [found] if find_all else found

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        for name in BUNDLES:
            self._write(name)
            yield name, self.storage

    # builtins.list: in this class `list` is the finder's method.
    def check(self, **kwargs: Any) -> builtins.list[CheckMessage]:
        return [
            Error(f"Bundle {name} lists {source}, which is not a static file", id="scorekeeper.E002")
            for name, bundle in BUNDLES.items()
            for source in (*bundle.sources, *bundle.deferred)
            if _source_path(source) is None
        ]
