"""The project's settings with ``benchmarks.bare`` as the URLconf: the project's URLs, then the
bare write `make bench` measures the POST against (benchmarks/bare.py)."""

from scorebook.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.bare"
