"""The Discord layer goes through narrow doors (issue 38, item 2): it reaches what is stored
through the match service's doors (bot/storage/doors.py), never the store itself. Checked on
the source, every import included (those under `TYPE_CHECKING` too), each imported name
followed through re-exports to where it is defined, and every `.storage` the layer reads.
And the store is split by what it keeps (issue 49, item 4): each door at most 15 methods, and
only the composition root and the storage itself name the whole `Store`."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Protocol

import pytest

ROOT = Path(__file__).parents[1]

# Where the store's own work is done: its interface, the backends, and opening them.
STORE_MODULES = ("bot.storage.sqlite", "bot.storage.postgres", "bot.process.opening")
STORE_NAMES = {("bot.storage.interface", "Store")}

# The cogs modules allowed to see the store itself. None: the composition root that opens
# it is bot/process/app.py, and the host's tools (backup, migration) live in bot/host/.
MAY_SEE_THE_STORE: set[str] = set()


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _cogs_modules() -> list[Path]:
    return sorted((ROOT / "cogs").rglob("*.py"))


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module an import names, relative imports resolved against `module`."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _origins(path: Path, module: str | None = None) -> list[tuple[str, str]]:
    """(defining module, name) for every name the file imports; a module import is
    (module, "")."""
    module = module or _module_name(path)
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, module, path.name == "__init__.py")
            for alias in node.names:
                found.append(_defined_at(source, alias.name))
    return found


def _defined_at(source: str, name: str) -> tuple[str, str]:
    """Follow a re-export to where the name is defined (a submodule counts as a module)."""
    try:
        value = getattr(importlib.import_module(source), name)
    except (ImportError, AttributeError):
        return (f"{source}.{name}", "")  # `from package import submodule`
    if inspect.ismodule(value):
        return (value.__name__, "")
    defined = getattr(value, "__module__", None)
    return (defined, name) if isinstance(defined, str) else (source, name)


def _store_work(origin: tuple[str, str]) -> bool:
    module = origin[0]
    return origin in STORE_NAMES or any(
        module == store or module.startswith(store + ".") for store in STORE_MODULES
    )


def _reads_storage(path: Path) -> list[int]:
    """The lines where the file reads a `.storage` attribute (the store behind the doors)."""
    tree = ast.parse(path.read_text())
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "storage"
    ]


@pytest.mark.parametrize("path", _cogs_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_discord_layer_reaches_the_store_only_through_its_doors(path):
    module = _module_name(path)
    if module in MAY_SEE_THE_STORE:
        return
    through = [origin for origin in _origins(path) if _store_work(origin)]
    assert not through, f"{module} imports the store's own work: {through}"
    assert not _reads_storage(path), f"{module} reads .storage at lines {_reads_storage(path)}"


def test_the_check_sees_a_store_imported_under_type_checking_or_re_exported(tmp_path):
    """The check itself: a hidden import, a re-export and a `.storage` read are all caught."""
    hidden = tmp_path / "hidden.py"
    hidden.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bot.storage import Store\n"
        "from bot.storage import Storage\n"
        "def f(matches):\n"
        "    return matches.storage.get_match(1)\n"
    )
    origins = _origins(hidden, "cogs.hidden")
    assert ("bot.storage.interface", "Store") in origins
    assert any(_store_work(origin) for origin in origins if origin[1] == "Storage")
    assert _reads_storage(hidden) == [6]
    assert not _store_work(_defined_at("bot.storage", "MatchRecord"))  # records are data
    assert not _store_work(_defined_at("bot.storage", "Standings"))  # a door


# -- issue 49, item 4: one door per thing kept ------------------------------------------

MOST_METHODS = 15  # a door a newcomer reads at a glance (boardgame.io's storage has 7)

# Who may name the whole store: the composition root, what opens the store, and the
# storage itself. Every other module is typed with the doors it uses.
MAY_NAME_THE_STORE = ("bot.process.app", "bot.process.opening", "bot.storage")
SOURCE_FOLDERS = ("bot", "cogs", "engines", "playground", "bench")


def _doors() -> list[type]:
    from bot.storage import doors

    return [
        value
        for value in vars(doors).values()
        if inspect.isclass(value)
        and value.__module__ == doors.__name__
        and getattr(value, "_is_protocol", False)
    ]


def _methods(protocol: type) -> list[str]:
    """The methods (and properties) a Protocol declares itself, its bases' left out."""
    return [
        name
        for name, value in vars(protocol).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    ]


def _too_wide(protocols: list[type]) -> list[tuple[str, int]]:
    return [(p.__name__, len(_methods(p))) for p in protocols if len(_methods(p)) > MOST_METHODS]


def test_i49_4_every_door_of_the_store_has_at_most_15_methods():
    doors = _doors()
    assert len(doors) >= 12, [door.__name__ for door in doors]  # the store is split
    assert _too_wide(doors) == []


def test_i49_4_the_door_count_catches_a_door_of_16_methods():
    """The count itself: a Protocol of 16 methods is too wide, one of 15 is not."""
    body = {f"m{n}": lambda self: None for n in range(16)}
    wide = type("Wide", (Protocol,), body)
    narrow = type("Narrow", (Protocol,), {f"m{n}": lambda self: None for n in range(15)})
    assert _too_wide([wide, narrow]) == [("Wide", 16)]


def test_i49_4_the_store_is_its_doors_and_its_lifecycle_and_nothing_more():
    """Each method is declared once, in its door: `Store` adds only its standings (a door
    of their own, on an object of their own)."""
    from bot.storage.doors import ChangeFeed, Standings
    from bot.storage.interface import Lifecycle, Store

    assert _methods(Store) == ["standings"]
    assert set(Store.__mro__) >= set(_doors()) - {Standings, ChangeFeed}
    assert Lifecycle in Store.__mro__ and len(_methods(Lifecycle)) <= MOST_METHODS


def _source_modules() -> list[Path]:
    return sorted(path for folder in SOURCE_FOLDERS for path in (ROOT / folder).rglob("*.py"))


def _names_the_store(path: Path, module: str | None = None) -> bool:
    return ("bot.storage.interface", "Store") in _origins(path, module)


def _may_name_the_store(module: str) -> bool:
    return any(
        module == allowed or module.startswith(allowed + ".") for allowed in MAY_NAME_THE_STORE
    )


def test_i49_4_only_the_composition_root_and_the_storage_name_the_whole_store():
    naming = [
        _module_name(path)
        for path in _source_modules()
        if not _may_name_the_store(_module_name(path)) and _names_the_store(path)
    ]
    assert naming == []


def test_i49_4_the_store_check_sees_a_room_that_names_the_store(tmp_path):
    """The check itself: a room importing `Store` (through the package, under
    TYPE_CHECKING) is caught; the composition root is let be."""
    room = tmp_path / "room.py"
    room.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.storage import Store\n"
    )
    assert _names_the_store(room, "bot.play.room")
    assert not _may_name_the_store("bot.play.room")
    assert _may_name_the_store("bot.process.app") and _may_name_the_store("bot.storage.base")
    assert _names_the_store(ROOT / "bot" / "process" / "app.py")


# The match's model (issue 49, item 4): the record, its seats and turns, its status and end
# reason and its typed fields. The Discord layer reads them from bot/play/model.py; storage
# defines them, and may change how, behind that module.
MATCH_MODEL = frozenset(
    name
    for name in importlib.import_module("bot.play.model").__all__
    if inspect.isclass(getattr(importlib.import_module("bot.play.model"), name))
)


def _model_from_storage(path: Path, module: str | None = None) -> list[str]:
    """The match's model types the file imports through a bot.storage module (any of them,
    the package's re-exports included), or a storage module of the model imported whole."""
    module = module or _module_name(path)
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name in _MODEL_HOMES]
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, module, path.name == "__init__.py")
            if source == "bot.storage" or source.startswith("bot.storage."):
                found += [f"{source}.{a.name}" for a in node.names if a.name in MATCH_MODEL]
    return found


_MODEL_HOMES = {"bot.storage.records", "bot.storage.match_fields"}


@pytest.mark.parametrize("path", _cogs_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_i49_4_the_discord_layer_reads_the_matchs_model_not_the_storages_row(path):
    imported = _model_from_storage(path)
    assert not imported, f"{_module_name(path)} imports the model from storage: {imported}"


def test_i49_4_the_model_check_sees_a_record_taken_from_storage(tmp_path):
    """Positive control: the record through the package, a status from its defining module,
    and a storage module imported whole are caught; the same names from the model are not."""
    cog = tmp_path / "cog.py"
    cog.write_text(
        "from bot.storage import MatchRecord, StorageError\n"
        "from bot.storage.match_fields import MatchStatus\n"
        "import bot.storage.records\n"
        "from bot.play.model import EndReason, MatchRecord as Model\n"
    )
    assert _model_from_storage(cog, "cogs.cog") == [
        "bot.storage.MatchRecord",
        "bot.storage.match_fields.MatchStatus",
        "bot.storage.records",
    ]
    assert {"MatchRecord", "MatchStatus", "EndReason", "Seat"} <= MATCH_MODEL
