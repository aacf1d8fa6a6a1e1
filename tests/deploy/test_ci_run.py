"""`.ci/run` installs missing system packages with apt-get, which needs root: without root
or sudo it says which packages to install and stops, before touching anything."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_i26_ci_run_without_root_or_sudo_names_the_packages_to_install():
    # A PATH holding only what the script needs before it installs: chromium, msgfmt, sudo
    # and apt-get are all out of reach, as on a machine that lacks them.
    tools = Path(tempfile.mkdtemp(prefix="tabletop-ci-path-"))
    try:
        tools.chmod(0o755)  # readable by the unprivileged user below
        for tool in ("dirname", "id"):
            (tools / tool).symlink_to(shutil.which(tool) or tool)
        command = ["/bin/bash", str(ROOT / ".ci" / "run")]
        if os.geteuid() == 0:
            command = [shutil.which("runuser") or "runuser", "-u", "nobody", "--", *command]
        run = subprocess.run(
            command, env={"PATH": str(tools)}, capture_output=True, text=True, timeout=30
        )
    finally:
        shutil.rmtree(tools)
    assert run.returncode == 1, run.stderr
    first, second = run.stderr.strip().split("\n")
    assert first.startswith(".ci/run: the tests need these Debian packages, which are missing:")
    assert first.split(": ")[-1].split()[:2] == ["chromium", "gettext"]
    assert second.startswith("Install them as root (apt-get install chromium gettext")
