"""Every violation code the sources can answer, read with ``ast``: nothing of the project is imported.

Shared by ``scripts/codes_table.py`` (which writes docs/codes.md from it) and by
``tests/scorebook/test_codes_listed.py`` (which checks docs/codes.md against it).

Where a code is made (a *sink*):

- a call of ``referee.ledger``'s ``error``, ``warning`` or ``Violation``, or of
  ``scorebook.api.errors.violation`` (code, message, field);
- a ``{"code": ..., "message": ...}`` display: a violation written as JSON (``scorebook.limits``);
- ``code=`` given to DRF's ``ErrorDetail`` or ``ValidationError`` (then mapped by ``DRF_CODES``).

The code at a sink is followed back to the string literals it can hold: a parameter through every
call of its function (``EntryReader.bad(code, ...)``, ``check_share(..., code, message)``,
``limits.too_many(..., code="throttled")``: the default too), a name through its assignments, a
module constant through its imports, ``D.get(key, key)`` or ``D[key]`` of a dict display through
its values, an f-string through the values of its parts (so ``f"laid_off_{kind}"`` would be read
as every ``kind``). A code and the message and field that go with it are followed along the same
calls, so ``check_share``'s ``points_total`` keeps the message its caller gave with it.

Reading ``.code`` or ``["code"]`` of something passes on a code made elsewhere (a relay: the
edge writing a Violation as JSON), and makes none. DRF's own codes (``required``, ``invalid``…)
are made inside DRF, not here: ``DRF_CODES`` maps them, and the test checks every code the API's
serializer fields can raise against that map. A code that cannot be read to literals (an attribute,
a call, a loop over something computed) is *unresolved*: ``scan`` reports it, and the test fails
on it, so a code built a new way is taught here rather than left out of the list.
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("referee", "scorebook")
SKIP = ("scorebook/migrations/",)

# The functions that make a violation, each called (code, message, field, ...).
MAKERS = {("referee.ledger", "error"), ("referee.ledger", "warning"), ("referee.ledger", "Violation"),
          ("scorebook.api.errors", "violation")}
DRF_DETAILS = {"ErrorDetail", "ValidationError"}  # DRF's: their code= is a code of ours once answered
TRANSLATE = {"_", "gettext", "gettext_noop", "gettext_lazy", "english"}  # mark a template, return it


@dataclass(frozen=True)
class Unknown:
    """A value the scan cannot read to a literal. *text* shows it, ``<source>`` for each part not
    read: ``<exc.message>``, ``hands[<seat>].melds`` (an f-string read but for the seat)."""

    text: str


def opaque(node: ast.AST | str) -> Unknown:
    return Unknown(f"<{node if isinstance(node, str) else ast.unparse(node)}>")


Value = str | None | Unknown
Via = frozenset[tuple[int, int]]  # the calls a value came through: (id of the function, id of the call)


@dataclass(frozen=True)
class Alt:
    """One value an expression can hold, the calls it came through (function → call site), and
    where its literal is written (path, line): a code belongs to the file that spells it."""

    value: Value
    via: Via = frozenset()
    where: tuple[str, int] = ("", 0)


@dataclass(frozen=True)
class Found:
    """One code a sink can answer, with the fields and message templates that go with it there."""

    code: str
    path: str  # where the code's literal is written: decides its group (a game, the write path…)
    line: int
    sink: str  # path:line of the call that makes the violation
    severity: str
    fields: tuple[Value, ...]
    messages: tuple[Value, ...]


@dataclass
class Scan:
    found: list[Found] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # "path:line: source" of codes not read


def compatible(a: Via, b: Via) -> bool:
    """Did two values come through the same call wherever both went through one function?"""
    calls = dict(a)
    return all(calls.get(fn, call) == call for fn, call in b)


@dataclass
class Module:
    name: str  # dotted: referee.games.thousand.entries
    path: str  # relative: referee/games/thousand/entries.py
    tree: ast.Module
    imports: dict[str, tuple[str, str | None]]  # local name → (module, name or None for a module)
    parents: dict[int, ast.AST]


class Scanner:
    def __init__(self) -> None:
        self.modules: dict[str, Module] = {}
        for package in PACKAGES:
            for path in sorted((ROOT / package).rglob("*.py")):
                rel = path.relative_to(ROOT).as_posix()
                if rel.startswith(SKIP):
                    continue
                name = rel[: -len(".py")].replace("/", ".").removesuffix(".__init__")
                tree = ast.parse(path.read_text(encoding="utf-8"), rel)
                parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
                self.modules[name] = Module(name, rel, tree, _imports(tree, name, rel), parents)
        self.calls: dict[str, list[tuple[Module, ast.Call]]] = {}
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                if isinstance(node, ast.Call) and (called := _called_name(node.func)):
                    self.calls.setdefault(called, []).append((module, node))
        self.defs: dict[str, list[tuple[Module, ast.FunctionDef | ast.AsyncFunctionDef]]] = {}
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.defs.setdefault(node.name, []).append((module, node))
        self.fields: dict[str, list[tuple[Module, ast.ClassDef, ast.AnnAssign]]] = {}  # a class's own fields
        for module in self.modules.values():
            for cls in ast.walk(module.tree):
                if not isinstance(cls, ast.ClassDef):
                    continue
                for item in cls.body:
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        self.fields.setdefault(item.target.id, []).append((module, cls, item))
        self._busy: set[tuple[int, str]] = set()

    # ------------------------------------------------------------ the sinks

    def scan(self) -> Scan:
        result = Scan()
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                for code, message, where, severity in self._sink(module, node):
                    self._record(result, module, node, code, message, where, severity)
        self._placed(result)
        result.found.sort(key=lambda f: (f.code, f.path, f.line))
        return result

    def _placed(self, result: Scan) -> None:
        """A violation made without a field is placed by its caller: ``card = deck_card(...)`` then
        ``dataclasses.replace(card, field=where)``. Its null field becomes the fields it is given."""
        given: dict[tuple[str, int, int], list[Value]] = {}  # a function (path, first, last line) → fields
        for module in self.modules.values():
            for call in ast.walk(module.tree):
                if not (isinstance(call, ast.Call) and _called_name(call.func) == "replace" and call.args
                        and isinstance(call.args[0], ast.Name) and (where := _argument(call, None, "field"))):
                    continue
                scope = _enclosing_function(module, call) or module.tree
                made = [value for value in _assignments(scope, call.args[0].id) if isinstance(value, ast.Call)]
                for value in made:
                    for home, definition in self.defs.get(_called_name(value.func) or "", []):
                        span = (home.path, definition.lineno, definition.end_lineno or definition.lineno)
                        given.setdefault(span, []).extend(alt.value for alt in self.values(module, where))
        for index, found in enumerate(result.found):
            if None not in found.fields:
                continue
            path, _, line = found.sink.rpartition(":")
            fields = [value for (home, first, last), values in given.items()
                      if home == path and first <= int(line) <= last for value in values]
            if fields:
                rest = [value for value in found.fields if value is not None]
                result.found[index] = dataclasses.replace(found, fields=_distinct([*rest, *fields]))

    def _sink(self, module: Module, node: ast.AST) -> Iterator[tuple[ast.expr, ast.expr | None,
                                                                     ast.expr | None, str]]:
        if isinstance(node, ast.Call):
            maker = self._maker(module, node.func)
            if maker is not None and not self._inside_maker(module, node):
                code = _argument(node, 0, "code")
                if code is not None:  # Violation(many=True) is the API's serializer of that name
                    yield (code, _argument(node, 1, "message"),
                           _argument(node, 2, "field") or _argument(node, 2, "field_name"),
                           _severity(maker, node))
            elif _called_name(node.func) in DRF_DETAILS and (code := _argument(node, None, "code")):
                yield code, _argument(node, 0, "detail") or _argument(node, 0, "string"), self._detail_key(
                    module, node), "error"
        elif isinstance(node, ast.Dict):
            keys = {k.value: v for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if "code" in keys and "message" in keys and not self._inside_maker(module, node):
                severity = keys.get("severity")
                yield (keys["code"], keys["message"], keys.get("field"),
                       str(severity.value) if isinstance(severity, ast.Constant) else "error")

    def _maker(self, module: Module, func: ast.expr) -> str | None:
        """The maker *func* names in *module* (error, warning, Violation, violation), or None."""
        if isinstance(func, ast.Name):
            module_name, name = module.imports.get(func.id) or (module.name, func.id)
            if (module_name, name) in MAKERS:
                return name
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            imported = module.imports.get(func.value.id)
            if imported is not None and imported[1] is None and (imported[0], func.attr) in MAKERS:
                return func.attr
        return None

    def _inside_maker(self, module: Module, node: ast.AST) -> bool:
        """The makers' own bodies pass their code on: the calls of them are the sinks."""
        function = _enclosing_function(module, node)
        return function is not None and (module.name, getattr(function, "name", "")) in MAKERS

    def _detail_key(self, module: Module, node: ast.AST) -> ast.expr | None:
        """The field of an ErrorDetail: the key of the dict that holds its list (None for
        ``non_field_errors``, the whole request)."""
        child, parent = node, module.parents.get(id(node))
        while isinstance(parent, (ast.List, ast.Tuple)):
            child, parent = parent, module.parents.get(id(parent))
        if isinstance(parent, ast.Dict):
            for key, value in zip(parent.keys, parent.values, strict=True):
                if value is child and key is not None:
                    if isinstance(key, ast.Constant) and key.value == "non_field_errors":
                        return ast.Constant(None)
                    return key
        if isinstance(parent, ast.DictComp) and parent.value is child:
            return parent.key
        return None

    def _record(self, result: Scan, module: Module, node: ast.AST, code: ast.expr, message: ast.expr | None,
                where: ast.expr | None, severity: str) -> None:
        sink = f"{module.path}:{getattr(node, 'lineno', 0)}"
        codes = self.values(module, code)
        messages = self.values(module, message) if message is not None else [Alt(None)]
        fields = self.values(module, where) if where is not None else [Alt(None)]
        for alt in codes:
            if not isinstance(alt.value, str):
                result.unresolved.append(f"{sink}: {ast.unparse(code)} → {alt.value}")
                continue
            path, line = alt.where if alt.where[0] else (module.path, getattr(node, "lineno", 0))
            result.found.append(Found(
                alt.value, path, line, sink, severity,
                _distinct(m.value for m in fields if compatible(m.via, alt.via)),
                _distinct(m.value for m in messages if compatible(m.via, alt.via))))

    # ------------------------------------------------------------ values of an expression

    def values(self, module: Module, node: ast.expr) -> list[Alt]:
        """Every value *node* can hold, followed back through names, parameters and constants."""
        here = (module.path, node.lineno if hasattr(node, "lineno") else 0)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) or node.value is None:
                return [Alt(node.value, where=here)]
            return [Alt(opaque(repr(node.value)), where=here)]
        if isinstance(node, ast.JoinedStr):
            return self._fstring(module, node)
        if isinstance(node, ast.IfExp):
            return self.values(module, node.body) + self.values(module, node.orelse)
        if isinstance(node, ast.BoolOp):
            return [alt for value in node.values for alt in self.values(module, value)]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):  # a template filled: the template
            return self.values(module, node.left)
        if isinstance(node, ast.Call):
            return self._call(module, node)
        if isinstance(node, ast.Subscript):
            if _is_code_relay(node):
                return []
            table = self._dict(module, node.value)
            if table is not None:
                return [alt for value in table.values for alt in self.values(self._home(module, node.value), value)]
        if isinstance(node, ast.Attribute):
            if node.attr == "code":  # a relay: the code of a violation made elsewhere
                return []
            return self._attribute(module, node)
        if isinstance(node, ast.Name):
            return self._name(module, node)
        return [Alt(opaque(node), where=here)]

    def _call(self, module: Module, node: ast.Call) -> list[Alt]:
        if _called_name(node.func) in TRANSLATE and len(node.args) == 1:
            return self.values(module, node.args[0])
        if (isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args
                and (table := self._dict(module, node.func.value)) is not None):
            # D.get(key, default): a value of D, or the default where the key has no row. In the
            # DRF_CODES idiom, D.get(code, code), a key the scan reads and D maps is D's value already.
            out = [alt for value in table.values for alt in self.values(self._home(module, node.func.value), value)]
            if len(node.args) > 1:
                rows = {k.value for k in table.keys if isinstance(k, ast.Constant)}
                same = ast.dump(node.args[0]) == ast.dump(node.args[1])
                out += [alt for alt in self.values(module, node.args[1]) if not (same and alt.value in rows)]
            return out
        return [Alt(opaque(node), where=(module.path, node.lineno))]

    def _fstring(self, module: Module, node: ast.JoinedStr) -> list[Alt]:
        """Every string an f-string can be, its parts taken along the same calls; a part the scan
        cannot read shows as ``<its source>`` (and makes the whole an Unknown)."""
        parts: list[list[Alt]] = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                parts.append([Alt(str(part.value))])
            elif isinstance(part, ast.FormattedValue):
                known = [alt for alt in self.values(module, part.value) if alt.value is not None]
                parts.append(known[:64] if known else [Alt(opaque(part.value))])
        out = []
        for combination, via in itertools.islice(_joined(parts), 256):
            text = "".join(_text(alt.value) for alt in combination)
            value: Value = Unknown(text) if any(isinstance(alt.value, Unknown) for alt in combination) else text
            out.append(Alt(value, via, (module.path, node.lineno)))
        return out

    def _attribute(self, module: Module, node: ast.Attribute) -> list[Alt]:
        """``module.CONSTANT`` through the import; else a field of a dataclass, as its default and
        every value its constructor is given by keyword (``deck.outside`` reads each
        ``Deck(..., outside=...)``)."""
        if isinstance(node.value, ast.Name):
            origin = module.imports.get(node.value.id)
            if origin is not None and origin[1] is None and origin[0] in self.modules:
                return self._global(self.modules[origin[0]], node.attr, ast.Name(node.attr, lineno=node.lineno))
        out: list[Alt] = []
        for home, cls, item in self.fields.get(node.attr, []):
            out += self.values(home, item.value) if item.value is not None else []
            out += [alt for caller, call in self.calls.get(cls.name, [])
                    for kw in call.keywords if kw.arg == node.attr for alt in self.values(caller, kw.value)]
        return out or [Alt(opaque(node), where=(module.path, node.lineno))]

    def _name(self, module: Module, node: ast.Name) -> list[Alt]:
        scope = _enclosing_function(module, node)
        while scope is not None:
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node.id in _parameters(scope):
                return self._parameter(module, scope, node.id, node)
            assigned = list(_loop_binding(module, node, scope) or _assignments(scope, node.id))
            if assigned:
                key = (id(scope), node.id)
                if key in self._busy:  # "where = f'{where}.cards'", or a loop over itself
                    return [Alt(opaque(node.id), where=(module.path, node.lineno))]
                self._busy.add(key)
                try:
                    return [alt for value in assigned for alt in self._assigned(module, value, node)]
                finally:
                    self._busy.discard(key)
            scope = _enclosing_function(module, scope)
        return self._global(module, node.id, node)

    def _global(self, module: Module, name: str, node: ast.Name) -> list[Alt]:
        assigned = list(_assignments(module.tree, name))
        if assigned:
            return [alt for value in assigned for alt in self._assigned(module, value, node)]
        origin = module.imports.get(name)
        if origin is not None and origin[1] is not None and origin[0] in self.modules:
            return self._global(self.modules[origin[0]], origin[1], node)
        return [Alt(opaque(name), where=(module.path, getattr(node, "lineno", 0)))]

    def _assigned(self, module: Module, value: ast.expr | tuple[ast.expr, int], node: ast.Name) -> list[Alt]:
        if isinstance(value, tuple):  # a loop's target: each item of the sequence, or its index'th part
            iterable, index = value
            items = self._items(module, iterable, node)
            if items is None:  # a seat, an index: shown by the loop variable's name
                return [Alt(opaque(node.id), where=(module.path, node.lineno))]
            out = []
            for item in items:
                if index >= 0:
                    if not isinstance(item, (ast.Tuple, ast.List)) or index >= len(item.elts):
                        return [Alt(opaque(node.id), where=(module.path, node.lineno))]
                    item = item.elts[index]
                out += self.values(module, item)
            if all(isinstance(alt.value, Unknown) and alt.value.text.count("<") == 1 for alt in out):
                return [Alt(opaque(node.id), where=(module.path, node.lineno))]  # "seat", not the "s" it came from
            return out
        return self.values(module, value)

    def _items(self, module: Module, iterable: ast.expr, node: ast.AST) -> list[ast.expr] | None:
        """The items a loop can take from *iterable*, as expressions: a literal's, a
        comprehension's element, a sum of those, a local name bound to one; None if not read."""
        if isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
            return list(iterable.elts)
        if isinstance(iterable, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return [iterable.elt]
        if isinstance(iterable, ast.BinOp) and isinstance(iterable.op, ast.Add):
            left, right = self._items(module, iterable.left, node), self._items(module, iterable.right, node)
            return None if left is None or right is None else left + right
        if isinstance(iterable, ast.Name):
            scope = _enclosing_function(module, node) or module.tree
            bound = [value for value in _assignments(scope, iterable.id) if isinstance(value, ast.expr)]
            read = [self._items(module, value, node) for value in bound]
            if bound and all(items is not None for items in read):
                return [item for items in read for item in items or []]
        return None

    def _parameter(self, module: Module, function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str,
                   node: ast.AST) -> list[Alt]:
        """A parameter's values: the argument at every call of its function, or its default."""
        key = (id(function), name)
        if key in self._busy:
            return []  # a recursive call: its values are the ones found from outside
        self._busy.add(key)
        try:
            out: list[Alt] = []
            index, default, method = _parameter_slot(function, name)
            calls = list(self._callers(module, function))
            for caller_module, call, through in calls:
                argument = _argument(call, None if index is None else index - method, name)
                if argument is None and (any(isinstance(a, ast.Starred) for a in call.args)
                                         or any(kw.arg is None for kw in call.keywords)):
                    out.append(Alt(opaque(name), where=(caller_module.path, call.lineno)))
                    continue
                values = self.values(caller_module, argument) if argument is not None else (
                    self.values(module, default) if default is not None else [])
                via = through | {(id(function), id(call))}
                out += [Alt(alt.value, alt.via | via, alt.where) for alt in values if compatible(alt.via, via)]
            if not calls:  # called from nowhere the scan sees (a public function): its default, if any
                out += self.values(module, default) if default is not None else [
                    Alt(opaque(name), where=(module.path, getattr(node, "lineno", 0)))]
            return out
        finally:
            self._busy.discard(key)

    def _callers(self, module: Module, function: ast.AST) -> Iterator[tuple[Module, ast.Call, Via]]:
        """Every call of *function*, with the call it went through when it was passed as a value.
        A nested function is called inside its outer one, a method through an attribute, a
        module's function by its name where imported (or as ``module.name``); a lambda given to a
        function is called where that function calls the parameter it arrived in
        (``reader.per_seat("points", lambda v, w: ...)`` calls it as ``item(raw, where)``)."""
        if isinstance(function, ast.Lambda):
            yield from self._lambda_callers(module, function)
            return
        name = function.name  # type: ignore[attr-defined]
        outer = _enclosing_function(module, function)
        in_class = isinstance(module.parents.get(id(function)), ast.ClassDef)
        for caller, call in self.calls.get(name, []):
            func = call.func
            if outer is not None and not in_class:
                if caller is module and isinstance(func, ast.Name) and _inside(module, call, outer):
                    yield caller, call, frozenset()
            elif in_class:
                if isinstance(func, ast.Attribute):
                    yield caller, call, frozenset()
            elif isinstance(func, ast.Name):
                imported = caller.imports.get(func.id)
                if caller is module or (imported is not None and self._defined(*imported) == (module.name, name)):
                    yield caller, call, frozenset()
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                imported = caller.imports.get(func.value.id)
                if imported is not None and imported[1] is None and self._defined(imported[0], name) == (
                        module.name, name):
                    yield caller, call, frozenset()

    def _defined(self, module: str, name: str | None) -> tuple[str, str | None]:
        """Where *name* of *module* is defined, through the imports that re-export it (a game
        package's ``__init__`` re-exports its modules' functions)."""
        seen = set()
        while name is not None and module in self.modules and (module, name) not in seen:
            seen.add((module, name))
            origin = self.modules[module].imports.get(name)
            if origin is None or origin[1] is None:
                break
            module, name = origin
        return module, name

    def _lambda_callers(self, module: Module, function: ast.Lambda) -> Iterator[tuple[Module, ast.Call, Via]]:
        parent = module.parents.get(id(function))
        keyword = parent.arg if isinstance(parent, ast.keyword) else None
        given = module.parents.get(id(parent)) if isinstance(parent, ast.keyword) else parent
        if not isinstance(given, ast.Call) or (callee := _called_name(given.func)) is None:
            return
        position = None if keyword else given.args.index(function)
        for home, definition in self.defs.get(callee, []):
            positional = [*definition.args.posonlyargs, *definition.args.args]
            method = int(bool(positional) and positional[0].arg in ("self", "cls"))
            if keyword is not None:
                parameter = keyword
            elif position is not None and position + method < len(positional):
                parameter = positional[position + method].arg
            else:
                continue
            for call in ast.walk(definition):
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == parameter:
                    yield home, call, frozenset({(id(definition), id(given))})

    def _dict(self, module: Module, node: ast.expr) -> ast.Dict | None:
        """The dict display a name stands for (a module constant), or None."""
        if isinstance(node, ast.Dict):
            return node
        if isinstance(node, ast.Name):
            home = self._home(module, node)
            for value in _assignments(home.tree, _origin_name(module, node.id)):
                if isinstance(value, ast.Dict):
                    return value
        return None

    def _home(self, module: Module, node: ast.expr) -> Module:
        """The module a name's constant is written in (itself, or the one it is imported from)."""
        if isinstance(node, ast.Name):
            origin = module.imports.get(node.id)
            if origin is not None and origin[1] is not None and origin[0] in self.modules:
                return self.modules[origin[0]]
        return module


# ---------------------------------------------------------------- helpers over the tree


def scan() -> Scan:
    return Scanner().scan()


def _imports(tree: ast.Module, name: str, path: str) -> dict[str, tuple[str, str | None]]:
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                local = alias.asname or alias.name
                # "from scorebook import limits" binds a module; "from x import y" a name of x
                out[local] = (f"{base}.{alias.name}", None) if _looks_like_module(base, alias.name) else (
                    base, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                out[alias.asname or alias.name.split(".")[0]] = (alias.name if alias.asname else
                                                                 alias.name.split(".")[0], None)
    return out


def _looks_like_module(base: str, name: str) -> bool:
    folder = ROOT / Path(*base.split("."))
    return (folder / f"{name}.py").exists() or (folder / name / "__init__.py").exists()


def _origin_name(module: Module, name: str) -> str:
    origin = module.imports.get(name)
    return origin[1] if origin is not None and origin[1] is not None else name


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _argument(call: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    if index is not None and 0 <= index < len(call.args):
        if any(isinstance(a, ast.Starred) for a in call.args[: index + 1]):
            return None
        return call.args[index]
    return None


def _severity(maker: str, call: ast.Call) -> str:
    if maker == "warning":
        return "warning"
    given = _argument(call, 3, "severity") if maker == "Violation" else None
    if isinstance(given, ast.Attribute) and given.attr == "WARNING":
        return "warning"
    return "error"


def _enclosing_function(module: Module, node: ast.AST) -> ast.AST | None:
    parent = module.parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        parent = module.parents.get(id(parent))
    return parent


def _inside(module: Module, node: ast.AST, outer: ast.AST) -> bool:
    parent = module.parents.get(id(node))
    while parent is not None:
        if parent is outer:
            return True
        parent = module.parents.get(id(parent))
    return False


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    a = function.args
    return {p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs]}


def _parameter_slot(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
                    name: str) -> tuple[int | None, ast.expr | None, int]:
    """(position or None for keyword-only, default, 1 for a method's self)."""
    a = function.args
    positional = [*a.posonlyargs, *a.args]
    method = int(bool(positional) and positional[0].arg in ("self", "cls"))
    for index, p in enumerate(positional):
        if p.arg == name:
            first_default = len(positional) - len(a.defaults)
            return index, a.defaults[index - first_default] if index >= first_default else None, method
    for p, default in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        if p.arg == name:
            return None, default, method
    return None, None, method  # pragma: no cover - asked only for a parameter


def _assignments(scope: ast.AST, name: str) -> Iterator[ast.expr | tuple[ast.expr, int]]:
    """What *name* is bound to directly in *scope* (not in functions nested in it)."""
    for node in _own_nodes(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    yield node.value
        elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and isinstance(node.target, ast.Name):
            if node.target.id == name and node.value is not None:
                yield node.value
        elif isinstance(node, (ast.For, ast.comprehension)):
            target = node.target
            if isinstance(target, ast.Name) and target.id == name:
                yield node.iter, -1
            elif isinstance(target, ast.Tuple):
                for index, element in enumerate(target.elts):
                    if isinstance(element, ast.Name) and element.id == name:
                        yield node.iter, index


def _loop_binding(module: Module, node: ast.Name, scope: ast.AST) -> list[tuple[ast.expr, int]]:
    """The loop around *node* that binds its name, if one does: that binding, not every other
    loop's of the same name in the function."""
    parent = module.parents.get(id(node))
    while parent is not None and parent is not scope:
        loops = [parent] if isinstance(parent, ast.For) else list(getattr(parent, "generators", []))
        for loop in loops:
            bound = [(loop.iter, -1)] if isinstance(loop.target, ast.Name) and loop.target.id == node.id else [
                (loop.iter, index) for index, element in enumerate(getattr(loop.target, "elts", []))
                if isinstance(element, ast.Name) and element.id == node.id]
            if bound:
                return bound
        parent = module.parents.get(id(parent))
    return []


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))


def _is_code_relay(node: ast.Subscript) -> bool:
    return isinstance(node.slice, ast.Constant) and node.slice.value == "code"


def _joined(parts: list[list[Alt]], via: Via = frozenset()
            ) -> Iterator[tuple[tuple[Alt, ...], Via]]:
    """The combinations of one value per part that came along the same calls."""
    if not parts:
        yield (), via
        return
    for alt in parts[0]:
        if compatible(via, alt.via):
            for rest, joined in _joined(parts[1:], via | alt.via):
                yield (alt, *rest), joined


def _text(value: Value) -> str:
    return value.text if isinstance(value, Unknown) else str(value)


def _distinct(values: Iterator[Value] | list[Value]) -> tuple[Value, ...]:
    return tuple(dict.fromkeys(values))
