"""systemd's notify protocol as the bot speaks it (bot/process/service.py): a datagram per state on
NOTIFY_SOCKET (a path or an abstract name), and watchdog pings every half WatchdogSec, for
this process only."""

from __future__ import annotations

import asyncio
import os
import socket

from bot.process.service import keep_watchdog, notify, watchdog_interval


def test_notify_sends_one_datagram_to_a_path_or_an_abstract_socket(tmp_path, monkeypatch):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify"))
    abstract = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    name = f"tabletop-test-{os.getpid()}"
    abstract.bind("\0" + name)
    try:
        monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
        assert notify("READY=1") and listener.recv(100) == b"READY=1"
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        assert notify("STOPPING=1") and abstract.recv(100) == b"STOPPING=1"
        monkeypatch.delenv("NOTIFY_SOCKET")
        assert not notify("READY=1")  # not under systemd: nothing sent, nothing raised
    finally:
        listener.close()
        abstract.close()


def test_the_watchdog_interval_is_half_of_watchdog_usec_for_this_process(monkeypatch):
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    assert watchdog_interval() is None
    monkeypatch.setenv("WATCHDOG_USEC", "60000000")
    assert watchdog_interval() == 30.0
    monkeypatch.setenv("WATCHDOG_PID", "1")  # meant for another process
    assert watchdog_interval() is None
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    assert watchdog_interval() == 30.0


async def test_the_watchdog_pings_while_the_event_loop_runs(tmp_path, monkeypatch):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify"))
    listener.setblocking(False)
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
    pings = asyncio.create_task(keep_watchdog(0.01))
    try:
        loop = asyncio.get_running_loop()
        heard = [await asyncio.wait_for(loop.sock_recv(listener, 100), 5) for _ in range(3)]
    finally:
        pings.cancel()
        listener.close()
    assert heard == [b"WATCHDOG=1"] * 3
