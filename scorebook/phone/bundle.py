"""What the browser's engine loads, as static files: Pyodide (the npm package pinned in
package-lock.json, installed into node_modules/ by ``make``) and ``referee/``, with the engine and
its wording, in one archive built from this source tree, named by its content, so a page always
runs the server's own rules.

``EngineFinder`` (in ``STATICFILES_FINDERS``) hands both to Django's static files: served from
here in development and tests, copied by ``collectstatic`` (then hashed and compressed by
WhiteNoise's storage) in production. Only the files Pyodide needs to start are served.
"""

from __future__ import annotations

import hashlib
import io
import json
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage

ROOT = Path(settings.BASE_DIR)
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# What loadPyodide() fetches to start the interpreter with its standard library, no more; and the
# two source maps its loaders name (the manifest storage of collectstatic checks that they exist).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "pyodide.js.map", "pyodide.mjs.map")
STATIC_DIR = "engine"  # under STATIC_URL: engine/pyodide-<version>/<file>, engine/referee-<hash>.zip
LOCALE_DIR = ROOT / "scorebook" / "locale"
# A fixed date in the archive, so the same sources make the same bytes (and the same name).
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


# The wording the engine shares with the server, at its own path, so that the engine imports it by
# the same name in the browser as on the server; with its packages' __init__.py (docstrings only).
# And the referee checks of the games' pages (each game's checks.py, pure Python too).
SHARED = ("scorebook/__init__.py", "scorebook/phone/__init__.py", "scorebook/phone/wording.py",
          "scorebook/phone/checking.py")
# The packages above a game's checks.py import Django on the server (the games' registry): in the
# archive they are packages with nothing in them, so that the checks import by their server names.
EMPTY_PACKAGE = b'"""Only the games\' checks, in the phone\'s engine (scorebook/phone/bundle.py)."""\n'


def archive_members() -> list[tuple[str, bytes]]:
    """The archive's files: every module of referee/, the phone's engine as ``phone_engine.py``
    (it imports only referee/ and the wording), the wording and the checking (``SHARED``), each
    game's checks with its packages empty (``EMPTY_PACKAGE``), and the compiled catalogues
    (``make messages``) as locale/."""
    files = [(path.relative_to(ROOT).as_posix(), path) for path in sorted((ROOT / "referee").rglob("*.py"))]
    files.append(("phone_engine.py", ROOT / "scorebook" / "phone" / "engine.py"))
    files += [(name, ROOT / name) for name in SHARED]
    checks = sorted((ROOT / "scorebook" / "games").glob("*/checks.py"))
    files += [(path.relative_to(ROOT).as_posix(), path) for path in checks]
    files += [(f"locale/{path.relative_to(LOCALE_DIR).as_posix()}", path)
              for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/django.mo"))]
    members = [(name, path.read_bytes()) for name, path in files]
    packages = ["scorebook/games/__init__.py", *(f"scorebook/games/{path.parent.name}/__init__.py" for path in checks)]
    return members + [(name, EMPTY_PACKAGE) for name in packages]


def archive_bytes() -> bytes:
    """The archive, the same bytes for the same sources."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in archive_members():
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, content)
    return buffer.getvalue()


class _Built:
    """The archive written once per process into a folder of its own (never into the checkout)."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.name = ""

    def ensure(self) -> tuple[Path, str]:
        if self.folder is None or settings.DEBUG:
            content = archive_bytes()
            name = f"{STATIC_DIR}/referee-{hashlib.sha256(content).hexdigest()[:16]}.zip"
            if self.folder is None:
                self.folder = Path(tempfile.mkdtemp(prefix="scorebook-engine-"))
            target = self.folder / name
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
            self.name = name
        return self.folder, self.name


_BUILT = _Built()


def archive_name() -> str:
    """The archive's static name, ``engine/referee-<hash of its content>.zip``."""
    return _BUILT.ensure()[1]


def pyodide_folder() -> str:
    """Pyodide's static folder, named by its version (package-lock.json's): a new version is new
    addresses, so no phone keeps running an old one from its cache. Its files keep their plain names
    in production too (WhiteNoise keeps the unhashed copies): Pyodide finds its files by name."""
    version = json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    return f"{STATIC_DIR}/pyodide-{version}"


def installed() -> bool:
    """Whether Pyodide is installed (``make`` runs ``npm ci``): without it no page offers the engine."""
    return all((PYODIDE_DIR / name).is_file() for name in PYODIDE_FILES)


def _storage(location: Path, prefix: str) -> FileSystemStorage:
    # ``prefix`` is what Django's own FileSystemFinder sets for a prefixed folder: collectstatic and
    # WhiteNoise place the storage's files under it.
    storage = FileSystemStorage(location=location)
    storage.prefix = prefix  # type: ignore[attr-defined]
    return storage


class EngineFinder(BaseFinder):
    """Django's static files see Pyodide's files and the referee's archive here."""

    def _files(self) -> list[tuple[str, FileSystemStorage, str]]:
        """(static name, a storage, the file's name in it)."""
        folder, name = _BUILT.ensure()
        files = [(name, _storage(folder / STATIC_DIR, STATIC_DIR), name.rpartition("/")[2])]
        if installed():
            folder_name = pyodide_folder()
            modules = _storage(PYODIDE_DIR, folder_name)
            files += [(f"{folder_name}/{file}", modules, file) for file in PYODIDE_FILES]
        return files

    def check(self, **kwargs: Any) -> list[Any]:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        found = [storage.path(inside) for name, storage, inside in self._files() if name == path]
        return found if find_all else (found[0] if found else None)

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, Any]]:
        for _name, storage, inside in self._files():
            yield inside, storage
