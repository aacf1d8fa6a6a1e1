"""`scripts/start` on a fresh checkout that the unit runs read-only: only `.venv` and
`data/` are writable (bind-mounted over a read-only bind of the checkout in a mount
namespace, as systemd's ProtectSystem=strict with ReadWritePaths= does). Two instances
install at once: the lock lets one install and the other find it done. The checkout is
left as it was, and the bot then starts from it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Runs inside the namespace: $1 is the checkout. The writable folders are bound first,
# then the checkout itself is made read-only around them.
SCRIPT = r"""
set -e
ck=$1
mount --bind "$ck" "$ck"
mount --bind "$ck/.venv" "$ck/.venv"
mount --bind "$ck/data" "$ck/data"
mount -o remount,bind,ro "$ck"
if touch "$ck/probe" 2>/dev/null; then echo "the checkout is writable"; exit 90; fi
"$ck/scripts/start" --install 2>"$ck/.venv/first.err" & first=$!
"$ck/scripts/start" --install 2>"$ck/.venv/second.err" || exit 91
wait $first || exit 92
cat "$ck/.venv/first.err" "$ck/.venv/second.err" >&2
# The bot itself, without a network: it gets as far as Discord and waits for it (retrying).
# Once it says so, the stop a unit sends ends it cleanly (exit 0).
DISCORD_TOKEN=t unshare $NET "$ck/scripts/start" 2>"$ck/.venv/bot.err" & bot=$!
for _ in $(seq 1200); do
    grep -q "can't reach Discord" "$ck/.venv/bot.err" && break
    kill -0 $bot 2>/dev/null || break
    sleep 0.05
done
kill -TERM $bot 2>/dev/null
wait $bot && status=0 || status=$?
cat "$ck/.venv/bot.err" >&2
exit $status
"""


def fresh_clone(folder: Path) -> Path:
    """The checkout's files as a clone has them (tracked and new, none ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    clone = folder / "tabletop-bot"
    for name in filter(None, listed):
        source = ROOT / name.decode()
        if source.is_file():
            target = clone / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return clone


def files_of(clone: Path) -> dict[str, float]:
    return {
        str(path.relative_to(clone)): path.stat().st_mtime
        for path in clone.rglob("*")
        if path.relative_to(clone).parts[0] not in (".venv", "data")
    }


@pytest.mark.long
def test_the_install_step_writes_only_into_venv_on_a_read_only_checkout(tmp_path):
    if not shutil.which("unshare"):
        pytest.skip("no unshare here: can't make the checkout read-only")
    clone = fresh_clone(tmp_path)
    (clone / ".venv").mkdir()  # what the unit's ExecStartPre makes
    (clone / "data").mkdir()
    before = files_of(clone)
    root = os.geteuid() == 0
    run = subprocess.run(
        ["unshare", "-m" if root else "-rm", "bash", "-c", SCRIPT, "start", str(clone)],
        env={"PATH": "/usr/bin:/bin", "NET": "-n" if root else "-rn", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if run.returncode != 0 and run.stderr.startswith(("unshare:", "mount:")):
        pytest.skip(f"no mount namespace here: {run.stderr.strip()}")
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stderr.count("scripts/start: installing the dependencies") == 1  # the lock
    assert "can't reach Discord" in run.stderr and "Traceback" not in run.stderr
    assert (clone / "data" / "tabletop.sqlite3").exists()  # the bot made its database
    assert files_of(clone) == before  # nothing written in the checkout
    assert not list(clone.glob("*.egg-info")) and not (clone / "build").exists()
