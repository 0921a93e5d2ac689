"""The trimmed Bootstrap still has every Bootstrap class the app uses.

tools/purge_bootstrap.py keeps only the classes it finds in the templates,
JavaScript and Python; a class used after the last run would silently have
no style. Rerun the tool when this fails.
"""

import glob
import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("purge_bootstrap", ROOT / "tools" / "purge_bootstrap.py")
purge_bootstrap = importlib.util.module_from_spec(spec)
spec.loader.exec_module(purge_bootstrap)

SELECTORS = re.compile(r"([^{}]+)\{")
CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
# How PurgeCSS's default extractor reads content: every run of these characters.
WORD = re.compile(r"[A-Za-z0-9_-]+")


def classes_in(css: str) -> set[str]:
    return {name for selector in SELECTORS.findall(css) for name in CLASS.findall(selector)}


def words_in_content() -> set[str]:
    words = set()
    for pattern in purge_bootstrap.content_globs():
        for path in glob.glob(pattern, recursive=True):
            words |= set(WORD.findall(Path(path).read_text(encoding="utf-8", errors="replace")))
    return words


def test_every_bootstrap_class_the_app_mentions_survived_the_purge():
    bootstrap = classes_in(purge_bootstrap.SOURCE.read_text())
    purged = classes_in(purge_bootstrap.PURGED.read_text())
    missing = (bootstrap & words_in_content()) - purged
    assert not missing, f"Run tools/purge_bootstrap.py: {sorted(missing)[:20]}"


def test_classes_assembled_in_templates_are_kept():
    purged = classes_in(purge_bootstrap.PURGED.read_text())
    assert set(purge_bootstrap.ASSEMBLED) <= purged


def test_the_dark_colour_mode_is_kept():
    assert "[data-bs-theme=dark]" in purge_bootstrap.PURGED.read_text()


def test_the_purged_file_is_a_fraction_of_bootstrap():
    assert purge_bootstrap.PURGED.stat().st_size < purge_bootstrap.SOURCE.stat().st_size / 3
