"""Trim Bootstrap to the classes the app uses: static/vendor/bootstrap/bootstrap.purged.css.

    .venv/bin/python tools/purge_bootstrap.py

The whole of Bootstrap is ~31 KB gzipped, half a phone's first-load budget
(60 KB for the hand-entry page; see benchmarks/lighthouse.py). PurgeCSS
(npm, installed once into var/purgecss/, git-ignored) keeps only the rules
whose classes appear in the templates, the JavaScript, the Python that
builds markup and crispy-forms' Bootstrap 5 templates. The output is
committed; run this again after using a Bootstrap class the app did not use
before. tests/ops/test_purged_bootstrap.py fails until you do.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOTSTRAP = ROOT / "static" / "vendor" / "bootstrap"
SOURCE = BOOTSTRAP / "bootstrap.min.css"
PURGED = BOOTSTRAP / "bootstrap.purged.css"
PURGECSS_DIR = ROOT / "var" / "purgecss"
PURGECSS = PURGECSS_DIR / "node_modules" / "purgecss"


def content_globs() -> list[str]:
    """Where class names can come from (tests/ops/test_purged_bootstrap.py reads the same)."""
    import crispy_bootstrap5

    crispy = Path(crispy_bootstrap5.__file__).parent / "templates" / "bootstrap5"
    return [
        str(ROOT / "templates" / "**" / "*.html"),
        str(ROOT / "static" / "js" / "**" / "*.js"),
        str(ROOT / "games" / "**" / "*.py"),
        str(ROOT / "rules" / "**" / "*.py"),
        str(crispy / "**" / "*.html"),
    ]


# Kept whatever the content says: classes that templates assemble from a
# variable (messages.html: alert-{{ message.level_tag }}), and the colour
# modes, which switch on an attribute static/js/theme.js sets at run time.
ASSEMBLED = ["alert-success", "alert-info", "alert-warning", "alert-danger"]
SAFELIST = {"standard": ASSEMBLED, "greedy": ["/data-bs-theme/"]}


def main() -> int:
    if not PURGECSS.exists():
        PURGECSS_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(PURGECSS_DIR), "--no-audit", "--no-fund", "purgecss@7"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    runner = PURGECSS_DIR / "purge.js"
    # The safelist's regular expressions are written out as JavaScript literals.
    safelist = json.dumps(SAFELIST).replace('"/', "/").replace('/"', "/")
    runner.write_text(
        "const { PurgeCSS } = require('purgecss');\n"
        f"new PurgeCSS().purge({{ content: {json.dumps(content_globs())}, css: [{json.dumps(str(SOURCE))}], "
        f"safelist: {safelist} }}).then((result) => process.stdout.write(JSON.stringify(result)));\n"
    )
    result = subprocess.run(["node", str(runner)], cwd=PURGECSS_DIR, check=True, capture_output=True, text=True)
    (purged,) = json.loads(result.stdout)
    banner = (
        SOURCE.read_text().split("*/", 1)[0]
        + "*/\n/* Purged by tools/purge_bootstrap.py: only the classes this app uses. */\n"
    )
    PURGED.write_text(banner + purged["css"].split("*/", 1)[1].lstrip())
    purged, source = len(PURGED.read_bytes()) / 1024, len(SOURCE.read_bytes()) / 1024
    print(f"{PURGED.relative_to(ROOT)}: {purged:.1f} KB (from {source:.1f} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
