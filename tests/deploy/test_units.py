"""The systemd units in deploy/ run this checkout's scripts/start, restart on failure, and
give each templated instance its own shards."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

from bot.core.settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
INSTALLED = "/opt/tabletop-bot"  # where the units expect the checkout (README says to edit)


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ROOT / "deploy" / name, encoding="utf-8")
    return parser


def test_the_unit_runs_the_checkouts_start_script_reads_env_and_restarts():
    service = unit("tabletop.service")["Service"]
    script = Path(service["ExecStart"].replace(INSTALLED, str(ROOT)))
    assert script == ROOT / "scripts" / "start" and os.access(script, os.X_OK)
    assert service["WorkingDirectory"] == INSTALLED
    assert service["EnvironmentFile"] == f"{INSTALLED}/.env"
    assert service["Restart"] == "on-failure"
    # a bad setting exits 2 and is not retried forever
    assert service["RestartPreventExitStatus"] == "2"


def test_each_templated_instance_runs_the_shards_its_name_gives():
    service = unit("tabletop@.service")["Service"]
    assert service["Environment"] == "SHARD_IDS=%i"
    assert "EnvironmentFile" not in service  # it would override the instance's SHARD_IDS
    assert service["Restart"] == "on-failure"
    for instance, shards in (("0-3", (0, 1, 2, 3)), ("4-7", (4, 5, 6, 7))):
        env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": "8", "SHARD_IDS": instance}
        assert load_settings(env).shard_ids == shards


def test_both_units_stop_gracefully_and_tell_systemd_when_ready():
    for name in ("tabletop.service", "tabletop@.service"):
        service = unit(name)["Service"]
        assert (service["Type"], service["NotifyAccess"]) == ("notify", "main")
        assert int(service["WatchdogSec"]) >= 30  # pinged every half of it (bot/process/service.py)
        # SIGTERM is what the bot drains on; it exits well inside the stop timeout.
        assert service["KillSignal"] == "SIGTERM" and int(service["TimeoutStopSec"]) >= 10
        # The folders the bot writes exist before the sandbox is set up, made as root.
        made = service["ExecStartPre"].split()
        assert made[:4] == ["+/usr/bin/install", "-d", "-o", service["User"]]
        assert made[-2:] == service["ReadWritePaths"].split()


def installed_here(folder: Path) -> list[Path]:
    """Both units with this checkout's path for /opt/tabletop-bot, the template as an
    instance, for systemd-analyze to check the commands they run too."""
    paths = []
    for name, as_name in (("tabletop.service", None), ("tabletop@.service", "tabletop@0-3")):
        text = (ROOT / "deploy" / name).read_text().replace(INSTALLED, str(ROOT))
        (folder / name).write_text(text)
        paths.append(folder / (f"{as_name}.service" if as_name else name))
    return paths


def verify(paths: list[Path]) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("systemd-analyze")
    assert tool, "systemd-analyze is missing: install Debian's systemd (.ci/run does)"
    return subprocess.run(
        [tool, "verify", "--man=no", *map(str, paths)], capture_output=True, text=True
    )


def test_systemd_analyze_verifies_both_units_without_a_warning(tmp_path):
    checked = verify(installed_here(tmp_path))
    assert (checked.returncode, checked.stderr) == (0, ""), checked.stderr
    # The same check finds a misspelt key, which systemd would only warn about and ignore.
    broken = tmp_path / "tabletop.service"
    broken.write_text(broken.read_text().replace("WatchdogSec=", "WatchdogSecs="))
    caught = verify([broken])
    assert "Unknown key 'WatchdogSecs'" in caught.stderr
