"""The CPU the benchmark's processes used, read from the operating system (psutil): the app
server's (gunicorn and its workers) and the local PostgreSQL server's. Imports nothing that
patches the standard library, unlike the driver."""

from __future__ import annotations

import psutil


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) of a process and all its children, in seconds."""
    if pid is None:
        return 0.0
    try:
        root = psutil.Process(pid)
        total = 0.0
        for proc in [root, *root.children(recursive=True)]:
            try:
                times = proc.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                continue
        return total
    except psutil.NoSuchProcess:
        return 0.0


def postgres_cpu_seconds() -> float | None:
    """CPU time (user + system) of the PostgreSQL server on this machine: each of its
    processes, and the backends that have ended (the postmaster's reaped children); None when
    no PostgreSQL runs here (or its processes cannot be read).
    A backend reaped while its processes are being read would be counted twice (as a process,
    then in the postmaster's reaped children) or not at all: the reading is taken again until
    no backend was reaped meanwhile (a CI run saw a 0.3 s query lost so)."""
    total, postmasters = _postgres_sweep()
    for _ in range(5):
        if total is None:
            return None
        before = _reaped(postmasters)
        total, postmasters = _postgres_sweep()
        if before == [reaped for _, reaped in postmasters] == _reaped(postmasters):
            return total
    return total


def _postgres_sweep() -> tuple[float | None, list[tuple[psutil.Process, float]]]:
    """One reading of the server's processes: their CPU and the reaped backends', and each
    postmaster with its reaped children's CPU as it was at the start of the reading."""
    total, found = 0.0, False
    postmasters: list[tuple[psutil.Process, float]] = []
    for proc in psutil.process_iter(["name"]):
        if proc.info["name"] != "postgres":
            continue
        try:
            times = proc.cpu_times()
            parent = proc.parent()
            postmaster = parent is None or parent.name() != "postgres"
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        found = True
        total += times.user + times.system
        if postmaster:  # its children's CPU: the backends that ended and were reaped
            reaped = times.children_user + times.children_system
            total += reaped
            postmasters.append((proc, reaped))
    return (total if found else None), postmasters


def _reaped(postmasters: list[tuple[psutil.Process, float]]) -> list[float | None]:
    """Each postmaster's reaped children's CPU now (None: it cannot be read any more)."""
    now: list[float | None] = []
    for proc, _ in postmasters:
        try:
            times = proc.cpu_times()
            now.append(times.children_user + times.children_system)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            now.append(None)
    return now
