"""The systemd units in deploy/ run this checkout's scripts/start, restart on failure, and
give each templated instance its own shards."""

from __future__ import annotations

import configparser
import os
from pathlib import Path

from bot.settings import load_settings

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
