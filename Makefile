# Scorebook: `make run` serves on http://127.0.0.1:8000, `make test` runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

VENV := .venv
PY := $(VENV)/bin/python
LOCK := requirements.lock
# Two stamps: the pinned packages (rebuilt when the lock changes) and the project on top of them.
PACKAGES := $(VENV)/.packages
STAMP := $(VENV)/.installed
# Browser tests save their screenshots here (ignored); `make screenshots` copies the kept ones.
SHOTS := test-results/screenshots
# apt-get needs root; use sudo only when we are not root already.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all venv lock lock-upgrade system-deps messages catalogues migrate run test lint typecheck screenshots \
	usability codes bench load clean distclean

all: test

venv: $(STAMP)

# Exactly the packages of the lock, hash-checked, with plain pip. A changed lock builds the venv
# anew, so a package dropped from the lock does not linger.
$(PACKAGES): $(LOCK)
	rm -rf $(VENV)
	python3 -m venv $(VENV)
	# Python 3.11's own pip (23.2) re-resolves a pinned package asked for with an extra
	# (pytest-cov needs coverage[toml]) and then refuses it as unpinned; pip 24+ keeps the pin.
	$(PY) -m pip install --quiet pip==26.3
	$(PY) -m pip install --require-hashes -r $(LOCK)
	@touch $(PACKAGES)

# The project itself, editable in compat mode: the project folder goes on sys.path, so new modules
# import without a reinstall. `pip check` compares pyproject.toml's dependencies with what the lock
# installed: a dependency added without `make lock` stops here.
$(STAMP): $(PACKAGES) pyproject.toml
	$(PY) -m pip install --no-deps -e . --config-settings editable_mode=compat
	@$(PY) -m pip check || { echo >&2 "ERROR: pyproject.toml and $(LOCK) disagree: run make lock"; exit 1; }
	@touch $(STAMP)

# After a change of dependencies in pyproject.toml: resolve them again into the lock (pins already
# in the lock are kept where they still fit); the next make rebuilds the venv from it. Resolved in
# a copy, so an unchanged lock keeps its date and the venv stays.
UV_COMPILE := $(VENV)/bin/uv pip compile pyproject.toml --extra dev --generate-hashes --python-version 3.11 \
	--custom-compile-command "make lock" --quiet
lock: $(PACKAGES)
	cp $(LOCK) $(LOCK).new
	$(UV_COMPILE) --output-file $(LOCK).new
	@if cmp -s $(LOCK) $(LOCK).new; then rm $(LOCK).new; echo "$(LOCK) unchanged"; else mv $(LOCK).new $(LOCK); fi

# The same, taking the newest release of every package.
lock-upgrade: $(PACKAGES)
	cp $(LOCK) $(LOCK).new
	$(UV_COMPILE) --output-file $(LOCK).new --upgrade
	@if cmp -s $(LOCK) $(LOCK).new; then rm $(LOCK).new; echo "$(LOCK) unchanged"; else mv $(LOCK).new $(LOCK); fi

# Debian packages the tests need: msgfmt (gettext) for compilemessages, chromium for e2e.
system-deps:
	@missing=""; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		if ! { $(SUDO) apt-get update && \
		       DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends$$missing fonts-dejavu-core; }; then \
			echo >&2 "ERROR: could not install$$missing with apt-get."; \
			echo >&2 "Install them by hand (apt-get install$$missing) and run make again."; \
			exit 1; \
		fi; \
	fi

messages: venv
	@if [ -d scorebook/locale ]; then $(PY) manage.py compilemessages --ignore=$(VENV); fi

# New strings into the .po catalogues (no source locations: fewer merge conflicts), then translate them.
catalogues: venv
	$(PY) manage.py makemessages -l ru -l uk --no-location --ignore=$(VENV) --ignore=tests --ignore=benchmarks --ignore=scripts

migrate: venv
	$(PY) manage.py migrate --noinput

# uvicorn (ASGI): the pages, the API and the live streams from one process, the streams told of
# each write in its memory (no Redis needed); --reload restarts it when the code changes.
run: venv messages migrate
	$(PY) -m uvicorn scorebook.asgi:application --host 127.0.0.1 --port 8000 --lifespan off --reload --reload-dir scorebook \
		--reload-dir templates --reload-dir static --reload-dir referee

# Everything, e2e included (headless Debian chromium), on SQLite; .ci/run adds PostgreSQL.
# Screenshots go to $(SHOTS), never into the tracked docs/screenshots/.
test: system-deps venv messages
	$(PY) -m pytest

lint: venv
	$(VENV)/bin/ruff check .

# mypy with the Django and DRF plugins over referee/ and scorebook/ (settings in pyproject.toml),
# then referee/ alone under --strict: the pure rules library keeps the stricter bar (it ships py.typed).
typecheck: venv
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --strict referee

# Refresh the kept pictures on purpose: run the browser tests, then copy over each PNG that
# docs/screenshots/ already holds. A new picture is kept by copying it there once by hand.
screenshots: system-deps venv messages
	rm -rf $(SHOTS)
	$(PY) -m pytest -m e2e
	@cd docs/screenshots && find . -name '*.png' | sort | while read -r shot; do \
		if [ -f "../../$(SHOTS)/$$shot" ]; then cp "../../$(SHOTS)/$$shot" "$$shot"; \
		else echo "kept, but no test took it: docs/screenshots/$${shot#./}"; fi; \
	done
	@cd $(SHOTS) && find . -name '*.png' | sort | while read -r shot; do \
		[ -f "../../docs/screenshots/$$shot" ] || echo "taken, not kept: $(SHOTS)/$${shot#./}"; \
	done

# Taps per typical deal of each game, counted by the browser tests, as the table of docs/usability.md.
usability: system-deps venv messages
	rm -rf test-results/usability
	$(PY) -m pytest -m e2e tests/e2e/test_taps_per_deal.py -q -p no:randomly
	$(PY) scripts/usability_table.py

# Every violation code the engine and the API can answer, read from the sources (ast, nothing imported),
# into docs/codes.md; tests/scorebook/test_codes_listed.py fails until it is run after a code changes.
codes: venv
	$(PY) scripts/codes_table.py

# Speed goals (docs/performance.md): the figures of the hot paths, then the capacity in live tables.
# Both start gunicorn on a throw-away SQLite database (PostgreSQL when DATABASE_URL is set).
bench: venv messages
	$(PY) benchmarks/run.py

load: venv messages
	$(PY) benchmarks/load.py

clean:
	rm -rf staticfiles .pytest_cache .mypy_cache .hypothesis .coverage htmlcov test-results test_db.sqlite3*
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find scorebook/locale -name '*.mo' -delete 2>/dev/null || true

distclean: clean
	rm -rf $(VENV) *.egg-info
