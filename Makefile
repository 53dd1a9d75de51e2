# Scorebook: `make run` serves on http://127.0.0.1:8000, `make test` runs every test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# apt-get needs root; use sudo only when we are not root already.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all venv system-deps messages catalogues migrate run test bench clean distclean

all: test

venv: $(STAMP)

# Reinstall only when pyproject.toml is newer than the stamp. Editable in compat mode: the
# project folder itself goes on sys.path, so packages added later import without a reinstall.
$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --upgrade pip
	$(PY) -m pip install -e '.[dev]' --config-settings editable_mode=compat
	@touch $(STAMP)

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

run: venv messages migrate
	$(PY) manage.py runserver 127.0.0.1:8000

# Everything, e2e included (headless Debian chromium), on SQLite; .ci/run adds PostgreSQL.
test: system-deps venv messages
	$(PY) -m pytest

bench: venv messages
	$(PY) benchmarks/run.py

clean:
	rm -rf staticfiles .pytest_cache .hypothesis .coverage htmlcov test_db.sqlite3*
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
	find scorebook/locale -name '*.mo' -delete 2>/dev/null || true

distclean: clean
	rm -rf $(VENV) *.egg-info
