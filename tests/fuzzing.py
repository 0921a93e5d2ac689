"""How many random examples the property tests try, by hypothesis profile.

`make test` and CI run the "ci" profile: derandomized (the examples follow
from each test's name, so a run that passed passes again) and without the
example database, so CI can never fail by chance. `make fuzz` runs the
"fuzz" profile: fresh random examples, many more of them, and the database
that replays any failure found. Each test states its CI number of examples
through `examples()`, which the fuzz profile multiplies.
"""

from __future__ import annotations

import os

from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
FUZZ_FACTOR = 25

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
# The database is named, not left to hypothesis: with CI set in the environment
# hypothesis's default would be none, and a failure found by `make fuzz` would not replay.
settings.register_profile(
    "fuzz",
    derandomize=False,
    deadline=None,
    print_blob=True,
    database=DirectoryBasedExampleDatabase(".hypothesis/examples"),
)
settings.load_profile(PROFILE)


def examples(in_ci: int) -> int:
    return in_ci * FUZZ_FACTOR if PROFILE == "fuzz" else in_ci
