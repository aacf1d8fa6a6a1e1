"""The layers the design promises, checked on the source: imports run cogs -> bot ->
engines without loops, engines import no Discord, and the platform names no particular
game."""

from __future__ import annotations

import ast
from pathlib import Path

from engines.base import GAMES

ROOT = Path(__file__).parents[1]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _sources(folder: str) -> list[Path]:
    found = sorted((ROOT / folder).rglob("*.py"))
    assert ROOT / folder / "__init__.py" in found, f"no package found at {folder}/"
    return found


def test_engines_import_neither_the_bot_nor_discord():
    for path in _sources("engines"):
        assert not _imports(path) & {"bot", "cogs", "discord"}, path


def test_bot_imports_no_cog():
    for path in _sources("bot"):
        assert "cogs" not in _imports(path), path


def _games_named(path: Path) -> list[str]:
    """The game keys (quoted) and game engine packages a source file names."""
    text = path.read_text().lower()
    keys = [key for key in GAMES if f'"{key}"' in text or f"'{key}'" in text]
    return keys + [package for package in ENGINE_PACKAGES if package in text]


def _engine_packages() -> tuple[str, ...]:
    """Every package under engines/ (a game's engine or its fast path), found on disk so a
    new engine is checked without anyone adding it here."""
    return tuple(
        f"engines.{init.parent.name}" for init in sorted((ROOT / "engines").glob("*/__init__.py"))
    )


ENGINE_PACKAGES = _engine_packages()


def test_every_registered_game_engine_is_among_the_checked_packages():
    """The packages the platform may not name include the one each registered game lives
    in, read from the registry itself."""
    products = [
        info for info in GAMES.values() if not info.new_game.__module__.startswith("tests.")
    ]
    assert len(products) >= 3  # the test games (Nim) registered by tests aside
    for info in products:
        package = ".".join(info.new_game.__module__.split(".")[:2])
        assert package in ENGINE_PACKAGES, package


def test_the_platform_names_no_game():
    """bot/ and the shared cogs serve every registered game without naming one."""
    assert {"flip7", "sinkorswim", "sequence"} <= set(GAMES)
    plugins = ROOT / "cogs" / "games"
    # A game's own folder may name its game; the plug-in API beside those folders may not.
    own = [
        path for path in _sources("cogs") if path.parent == plugins or plugins not in path.parents
    ]
    shared = [*_sources("bot"), *own]
    assert ROOT / "cogs" / "desk" / "desk.py" in shared
    for path in shared:
        assert not _games_named(path), path


# The host's commands, run by name (`python -m bot`, `bot.backup`, `bot.migrate_db`), stay at
# bot/'s top as entries into the folder that does the work.
ENTRIES = {
    "__main__.py": "bot.process.start",
    "backup.py": "bot.host.backup",
    "migrate_db.py": "bot.host.migrate_db",
}


def test_i38_bot_keeps_at_most_five_modules_loose_each_named_in_the_architecture():
    """bot/ is in folders by job; what stays loose at its top is few and said why."""
    loose = sorted(p.name for p in (ROOT / "bot").glob("*.py") if p.name != "__init__.py")
    assert len(loose) <= 5, loose
    assert set(ENTRIES) <= set(loose)
    architecture = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    for name in loose:
        assert f"`bot/{name}`" in architecture, name
    folders = {p.parent.name for p in (ROOT / "bot").glob("*/__init__.py")}
    assert {"process", "play", "rules", "host", "storage", "tournament"} <= folders
    for folder in folders:
        assert f"\n  {folder}/" in architecture, folder


def test_i38_the_host_commands_at_bots_top_only_call_their_tools_main():
    """An entry imports `main` from the module that does the work and runs it, nothing else:
    no old module path lives on as a re-export."""
    for name, module in ENTRIES.items():
        tree = ast.parse((ROOT / "bot" / name).read_text())
        imports = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        assert [ast.unparse(n) for n in imports] == ["import sys", f"from {module} import main"]
        guard = tree.body[-1]
        assert isinstance(guard, ast.If) and ast.unparse(guard.test) == "__name__ == '__main__'"
        assert len(tree.body) == len(imports) + 2  # the docstring, the imports, the guard


DRIVERS = {"sqlite3", "aiosqlite", "asyncpg"}
BACKEND_FOLDERS = ("bot/storage/sqlite", "bot/storage/postgres")
# The tools that move a database from one backend to the other speak to both.
BOTH_BACKENDS = ("bot/host/backup.py", "bot/host/migrate_db.py")


def _speaks_to_a_driver(path: Path) -> bool:
    where = path.relative_to(ROOT).as_posix()
    return not where.startswith(BACKEND_FOLDERS) and where not in BOTH_BACKENDS


def test_i27_only_the_storage_backends_import_a_database_driver():
    """A database driver is imported inside its backend's folder (and by the two tools
    that speak to both), so the interface, the records and what the backends share can't
    come to depend on one backend's connection."""
    checked = [p for f in ("engines", "bot", "cogs") for p in _sources(f) if _speaks_to_a_driver(p)]
    assert ROOT / "bot" / "storage" / "standings_reads.py" in checked
    for path in checked:
        assert not _imports(path) & DRIVERS, path


def test_the_layer_checks_see_what_they_look_for():
    """Positive controls: the readers find imports and game names where they are."""
    assert {"discord", "bot"} <= _imports(ROOT / "cogs" / "desk" / "desk.py")
    assert {"sqlite3", "aiosqlite"} <= _imports(ROOT / "bot" / "storage" / "sqlite" / "store.py")
    assert "asyncpg" in _imports(ROOT / "bot" / "storage" / "postgres" / "store.py")
    assert not _speaks_to_a_driver(ROOT / "bot" / "storage" / "postgres" / "results.py")
    assert _games_named(ROOT / "cogs" / "games" / "flip7" / "__init__.py") == [
        "flip7",
        "engines.flip7",
    ]
    assert _first_loop({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _first_loop({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def _module_imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules a file imports anywhere in it (a function-level import too);
    `from package import module` names the module, not the package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named = {f"{node.module}.{alias.name}" for alias in node.names}
            found |= named & modules or {node.module}
    return found & modules


def test_no_modules_import_each_other_in_a_loop():
    """Each layer is a tree of imports: a loop (a game importing its AI that imports the
    game) would make neither module readable without the other."""
    modules = {}
    for folder in ("engines", "bot", "cogs"):
        for path in _sources(folder):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            modules[name.removesuffix(".__init__")] = path
    assert {"engines.base", "bot.play.matches", "cogs.desk.desk"} <= set(modules)
    graph = {name: _module_imports(path, set(modules)) - {name} for name, path in modules.items()}
    loop = _first_loop(graph)
    assert loop is None, " -> ".join(loop)


def _first_loop(graph: dict[str, set[str]]) -> list[str] | None:
    """A chain of imports that comes back to where it started, if the graph has one."""
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> list[str] | None:
        if name in trail:
            return [*trail[trail.index(name) :], name]
        if name in done:
            return None
        for other in sorted(graph[name]):
            loop = visit(other, [*trail, name])
            if loop:
                return loop
        done.add(name)
        return None

    for name in sorted(graph):
        loop = visit(name, [])
        if loop:
            return loop
    return None


# The Discord layer's folders, each above those it may import: wording at the ground, then
# the table's parts, the shared tools, the desk, and /games beside the game plug-ins and the
# live web table (none imports another).
COG_FOLDERS = {"wording": 0, "ui": 1, "tools": 2, "desk": 3, "server": 4, "games": 4, "live": 4}


def test_i27_the_discord_layers_folders_import_only_downward():
    """A change to a sentence, a button, the desk or /games goes in the folder that says so,
    and a lower folder never reaches up: cogs.app alone composes them all."""
    modules = {}
    for path in _sources("cogs"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    assert {"cogs.wording.i18n", "cogs.ui.components", "cogs.desk.desk"} <= set(modules)
    assert {"cogs.server.games", "cogs.games.api", "cogs.app"} <= set(modules)
    assert {"cogs.desk.extension", "cogs.server.games"} <= _module_imports(
        ROOT / "cogs" / "app.py", set(modules)
    )
    for name, path in modules.items():
        folder = name.split(".")[1] if name.count(".") > 1 else None
        if folder is None:
            continue  # cogs.app, the composition root, stands above every folder
        for other in _module_imports(path, set(modules)):
            theirs = other.split(".")[1] if other.count(".") > 1 else "app"
            assert theirs == folder or COG_FOLDERS.get(theirs, 9) < COG_FOLDERS[folder], (
                f"{name} imports {other}"
            )


# bot/'s floors, each above those it may import: the pure rules at the ground, then
# storage, the core every running part reads (settings, failure log, metrics, log
# context), playing matches, tournaments and the host's tools beside each other, and the
# process that composes them all (bot/process/app.py). `bot.errors` is read by every floor
# and imports nothing of bot/; the host's commands at bot/'s top stand above the floors.
BOT_FLOORS = {
    "rules": 0,
    "storage": 1,
    "core": 2,
    "play": 3,
    "tournament": 4,
    "host": 4,
    "process": 5,
}
BOT_GROUND = {"bot.errors"}


def _bot_floor_breaks(modules: dict[str, Path]) -> list[str]:
    breaks = []
    for name, path in modules.items():
        if path.parent == ROOT / "bot":
            continue  # bot/'s top: the host's commands and errors.py
        floor = name.split(".")[1]
        for other in _module_imports(path, set(modules)):
            if other in BOT_GROUND or other == "bot":
                continue
            theirs = other.split(".")[1]
            if modules[other].parent == ROOT / "bot":
                theirs = "top"
            if theirs != floor and BOT_FLOORS.get(theirs, 9) >= BOT_FLOORS[floor]:
                breaks.append(f"{name} imports {other}")
    return sorted(breaks)


def _bot_modules() -> dict[str, Path]:
    modules = {}
    for path in _sources("bot"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    return modules


def test_i49_2_bots_floors_import_only_downward():
    """A rule is read alone, storage knows nothing of the process, and only the process's
    composition root knows every room; no floor reaches up."""
    modules = _bot_modules()
    folders = {name.split(".")[1] for name, path in modules.items() if path.parent != ROOT / "bot"}
    assert folders == set(BOT_FLOORS), "a folder of bot/ without a floor: name it in BOT_FLOORS"
    assert not _module_imports(ROOT / "bot" / "errors.py", set(modules))
    assert _bot_floor_breaks(modules) == []


def test_i49_2_the_floor_check_sees_an_arrow_up(tmp_path):
    """Positive control: a rule that reads the settings, a store that reads the match
    service, each caught."""
    rule = tmp_path / "pace.py"
    rule.write_text("from bot.core.settings import Settings\n")
    store = tmp_path / "base.py"
    store.write_text("import bot.play.matches\n")
    modules = _bot_modules()
    modules["bot.rules.pace"], modules["bot.storage.base"] = rule, store
    assert _bot_floor_breaks(modules) == [
        "bot.rules.pace imports bot.core.settings",
        "bot.storage.base imports bot.play.matches",
    ]


# -- issue 49, item 1: the match service speaks in verbs; its rooms are its own --------------

MATCH_SERVICE = ROOT / "bot" / "play" / "matches.py"
HANDLES = ROOT / "bot" / "play" / "handles.py"
# What a match service is called where it is used: the bot's `matches`, a test's `service`.
SERVICE_NAMES = {"matches", "service"}


def _class_of(path: Path, name: str) -> ast.ClassDef:
    (found,) = [
        node
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef) and node.name == name
    ]
    return found


def _service_rooms() -> set[str]:
    """The rooms MatchService builds for itself: the private attributes its __init__ sets."""
    init = next(
        node
        for node in _class_of(MATCH_SERVICE, "MatchService").body
        if isinstance(node, ast.FunctionDef) and node.name == "__init__"
    )
    return {
        target.attr
        for node in ast.walk(init)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
        and target.attr.startswith("_")
    }


def _service_handles() -> dict[str, set[str]]:
    """The rooms MatchService hands out as read-only handles (its properties typed by a
    Protocol of bot/play/handles.py), each with the verbs its Protocol names."""
    protocols = {
        node.name: {
            item.name
            for item in node.body
            if isinstance(item, ast.AsyncFunctionDef | ast.FunctionDef)
        }
        for node in ast.parse(HANDLES.read_text()).body
        if isinstance(node, ast.ClassDef)
    }
    return {
        node.name: protocols[node.returns.id]
        for node in _class_of(MATCH_SERVICE, "MatchService").body
        if isinstance(node, ast.FunctionDef)
        and isinstance(node.returns, ast.Name)
        and node.returns.id in protocols
    }


def _names_a_service(node: ast.expr) -> bool:
    """Whether an expression reads as a match service: `matches`, `service`, `x.matches`."""
    if isinstance(node, ast.Name):
        return node.id in SERVICE_NAMES
    return isinstance(node, ast.Attribute) and node.attr == "matches"


def _reaches_into_the_service(
    path: Path, rooms: set[str], handles: dict[str, set[str]]
) -> list[str]:
    """Where a file names one of the match service's rooms (`matches.moves`, `x._sessions`),
    or reaches past a handle's verbs (`matches.queues.sessions`)."""
    public = {room.removeprefix("_") for room in rooms} - set(handles)
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Attribute):
            continue
        owner, name = node.value, node.attr
        own = isinstance(owner, ast.Name) and owner.id == "self"  # a class's own attribute
        if (name in rooms and not own) or (name in public and _names_a_service(owner)):
            found.append(f"{path.name}:{node.lineno} {name}")
        elif (
            isinstance(owner, ast.Attribute)
            and owner.attr in handles
            and _names_a_service(owner.value)
            and name not in handles[owner.attr]
        ):
            found.append(f"{path.name}:{node.lineno} {owner.attr}.{name}")
    return sorted(found)


# The script that made an old database runs at that database's commit (5d000b8), against
# the match service of then, rooms and all; it is no caller of today's.
RUNS_AT_AN_OLD_COMMIT = {ROOT / "tests" / "upgrade" / "make_v20_database.py"}


def _outside_the_match_service() -> list[Path]:
    play = ROOT / "bot" / "play"
    folders = ("bot", "cogs", "playground", "bench", "tests")
    return [
        path
        for folder in folders
        for path in _sources(folder)
        if play not in path.parents and path not in RUNS_AT_AN_OLD_COMMIT
    ]


def test_i49_1_no_module_outside_bot_play_names_a_room_of_the_match_service():
    """Callers say what they do (`matches.play`, `matches.act_in_lobby`), never which room
    does it: the rooms are the service's own, and a handle it hands out (the queues, quiet
    hours, watchers) offers its verbs and nothing behind them."""
    rooms, handles = _service_rooms(), _service_handles()
    assert {"_sessions", "_seating", "_moves", "_planner", "_thinker", "_live"} <= rooms
    assert {"queues", "quiet", "watchers"} == set(handles) and "join" in handles["queues"]
    found = [
        hit
        for path in _outside_the_match_service()
        for hit in _reaches_into_the_service(path, rooms, handles)
    ]
    assert found == []


def test_i49_1_the_room_check_sees_a_caller_reach_through(tmp_path):
    """Positive control: a room named through the bot's service, a private room read from
    outside, and a handle reached past its verbs are each caught; verbs, a handle's own
    verbs and a class's own private attribute are not."""
    caller = tmp_path / "caller.py"
    caller.write_text(
        "await bot.matches.moves.play(1, 2, 3, 'hit', publish)\n"
        "async with service._sessions.lock(1):\n"
        "    pass\n"
        "timers = self.matches.queues.sessions\n"
        "await self.matches.play(1, 2, 3, 'hit', publish)\n"
        "await matches.queues.join(guild_id=1)\n"
        "self._sessions = {}\n"
    )
    found = _reaches_into_the_service(caller, _service_rooms(), _service_handles())
    assert found == ["caller.py:1 moves", "caller.py:2 _sessions", "caller.py:4 queues.sessions"]


# Tests of the harness that puts Discord's delays back (bench/discord_delays.py) use the
# cogs' fixtures, so they sit at tests/cogs/'s top rather than in a room of their own.
LOOSE_TESTS = {"tests/cogs/test_discord_delays.py"}


def _folders_unmirrored(tests: Path, source: Path) -> list[str]:
    """The test folders under `tests` named for no folder of `source`, and the test files
    loose at `tests`' top."""
    rooms = {p.name for p in source.iterdir() if (p / "__init__.py").exists()}
    wrong = [p.name for p in tests.iterdir() if p.is_dir() and p.name != "__pycache__"]
    loose = [p.relative_to(ROOT).as_posix() for p in tests.glob("test_*.py")]
    return sorted({*(name for name in wrong if name not in rooms), *set(loose) - LOOSE_TESTS})


def test_i49_6_the_tests_of_bot_and_cogs_are_in_folders_named_for_the_source_rooms():
    for layer in ("bot", "cogs"):
        assert _folders_unmirrored(ROOT / "tests" / layer, ROOT / layer) == [], layer
    # The check can fail: the cogs' tests are not in the platform's rooms.
    assert "desk" in _folders_unmirrored(ROOT / "tests" / "cogs", ROOT / "bot")
