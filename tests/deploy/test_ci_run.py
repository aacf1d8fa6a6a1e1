"""`.ci/run` installs missing system packages with apt-get, which needs root: without root
or sudo it says which packages to install and stops, before touching anything.

The check runs as an unprivileged user (`nobody` when the suite runs as root), who may not be
able to read the checkout itself (a clone in root's home folder, mode 700). So it runs a copy
of the script, byte for byte, from a folder of its own that everyone can read: the script
looks at nothing but its own folder's parent before it stops."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_ci_without_packages(script: Path, scratch: Path) -> subprocess.CompletedProcess[str]:
    """Run a copy of `script` with a PATH holding only what it needs before it installs:
    chromium, msgfmt, sudo and apt-get are all out of reach, as on a machine that lacks them."""
    tools, checkout = scratch / "path", scratch / "checkout"
    (checkout / ".ci").mkdir(parents=True)
    tools.mkdir()
    for tool in ("dirname", "id"):
        (tools / tool).symlink_to(shutil.which(tool) or tool)
    copy = checkout / ".ci" / "run"
    shutil.copy2(script, copy)
    for folder in (scratch, tools, checkout, checkout / ".ci"):
        folder.chmod(0o755)  # readable by the unprivileged user below
    command = ["/bin/bash", str(copy)]
    if os.geteuid() == 0:
        command = [shutil.which("runuser") or "runuser", "-u", "nobody", "--", *command]
    return subprocess.run(
        command, env={"PATH": str(tools)}, capture_output=True, text=True, timeout=30
    )


def assert_names_the_packages(run: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode == 1, run.stderr
    first, second = run.stderr.strip().split("\n")
    assert first.startswith(".ci/run: the tests need these Debian packages, which are missing:")
    assert first.split(": ")[-1].split()[:2] == ["chromium", "gettext"]
    assert second.startswith("Install them as root (apt-get install chromium gettext")


@pytest.fixture
def scratch() -> Iterator[Path]:
    """A folder in the system's temporary folder: pytest's own tmp_path sits under a folder of
    mode 700, which the unprivileged user can't enter."""
    folder = Path(tempfile.mkdtemp(prefix="tabletop-ci-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


def test_i26_ci_run_without_root_or_sudo_names_the_packages_to_install(scratch):
    assert_names_the_packages(run_ci_without_packages(ROOT / ".ci" / "run", scratch / "run"))


def test_i46_1_the_check_passes_from_a_clone_in_a_private_home_folder(scratch):
    # A clone in root's home folder (mode 700): the unprivileged user can't read it, and the
    # check must still be made and pass.
    home = scratch / "home"
    clone = home / "tabletop" / ".ci"
    clone.mkdir(parents=True)
    shutil.copy2(ROOT / ".ci" / "run", clone / "run")
    home.chmod(0o700)
    if os.geteuid() == 0:
        unreadable = subprocess.run(
            ["runuser", "-u", "nobody", "--", "/bin/bash", str(clone / "run")],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert "Permission denied" in unreadable.stderr  # the folder is private, as at home
    assert_names_the_packages(run_ci_without_packages(clone / "run", scratch / "run"))
