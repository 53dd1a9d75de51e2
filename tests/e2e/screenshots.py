"""Where the browser tests save their screenshots: test-results/screenshots/, ignored by git, so a
test run never rewrites the tracked pictures. (pytest-playwright empties test-results/ when a run
starts.) `make screenshots` runs the browser tests and copies the pictures that docs/screenshots/
keeps; to keep a new one, copy it there once by hand.
"""
from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
