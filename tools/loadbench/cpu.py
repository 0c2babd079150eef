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
    no PostgreSQL runs here (or its processes cannot be read)."""
    total, found = 0.0, False
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
            total += times.children_user + times.children_system
    return total if found else None
