"""Load benchmark (issues 4 and 15): children at tables against the app served by gunicorn.

    bin/loadbench [--db sqlite|postgresql] [--seconds N] [--tables 8] [--seats 4] [--workers W]
                  [--think-ms 3000 | --think-ms 0 for full speed] [--trivial-seconds 10]

Makes a fresh database (a SQLite file in a temporary folder, or a new PostgreSQL database on
127.0.0.1:5432 as user postgres, dropped afterwards), applies the migrations, seeds a class
with tables of children already playing (seed.py), serves the app with gunicorn, then runs
the driver (driver.py, Locust) in its own process: every child signs in and plays at a
child's pace (thinking about 3 s before each move, polling every 0.7 s as table.js does), or
at full speed (--think-ms 0, the stress figure). Prints the server's CPU per child-second (the
driver's own CPU left out: it is another process) and so children per core, the move latency,
the time until another seat sees a move; optionally (--trivial-seconds) the landing page's
requests per second at the same concurrency, the old ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, LiteralString

from classroom.game import Level
from classroom.game.benchmark import games_per_second
from classroom.game.players import Personality
from tools.loadbench.pgstats import PG_HOST, PG_PORT, PG_USER, admin

ROOT = Path(__file__).resolve().parents[2]
# Exit codes beyond 0 (ran, no errors) and 1 (ran, with errors): the test skips on these.
NO_SERVER = 3
NO_DATABASE = 4
TARGET_P95_MS = 50.0
TARGET_CHILDREN_PER_CORE = 1000.0
TARGET_SEEN_MS = 1000.0
# The machine's speed, as the engine's benchmark gives it (one process, Tabby at all four
# seats of a Standard game, games a second): children per core moves with the machine (the same
# code gave 672 on SQLite on a machine at 763 games/s and about 1,000 on one at about 1,250), so
# a figure is read beside it. REFERENCE_SPEED is the machine of docs/performance.md's figures
# until 28 Nov, afternoon.
SPEED_SECONDS = 1.5
REFERENCE_SPEED = 1250.0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="bin/loadbench", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seconds", type=float, default=30, help="measured play (default 30)")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="gunicorn worker processes (default 2, as bin/run; one per core here)",
    )
    parser.add_argument(
        "--threads", type=int, default=1, help="threads per worker (above 1: gthread workers)"
    )
    parser.add_argument(
        "--trivial-seconds",
        type=float,
        default=0,
        help="measured trivial requests after the play (default 0: none)",
    )
    parser.add_argument(
        "--trivial-path", default="/", help="the trivial endpoint (default: the landing page)"
    )
    parser.add_argument(
        "--poll-ms", type=float, default=700, help="how often waiting children poll (as the page)"
    )
    parser.add_argument(
        "--think-ms",
        type=float,
        default=3000,
        help="a child's pause before each move (default 3000; 0: full speed, the stress figure)",
    )
    parser.add_argument(
        "--push",
        type=float,
        default=0,
        help="TABLE_PUSH seconds: pages listen to event streams, no polls (gevent workers)",
    )
    parser.add_argument(
        "--hosts",
        type=int,
        default=1,
        help="app processes (gunicorn, --workers each) on their own ports, as hosts, behind "
        "HAProxy (deploy/haproxy.cfg); above 1 needs --push",
    )
    parser.add_argument(
        "--relay",
        default="",
        metavar="URL",
        help="TABLE_RELAY: moves relayed between the workers through this Redis (with --push)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds per game (1-20)")
    parser.add_argument("--level", default="standard")
    parser.add_argument("--seed", type=int, default=0, help="the children's choices")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON here")
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary folder (logs, database)"
    )
    return parser.parse_args(argv)


def local_postgres(kind: str) -> bool:
    """Does this run's PostgreSQL server run on this machine (so its CPU can be measured)?"""
    return kind == "postgresql" and PG_HOST in ("127.0.0.1", "localhost", "::1")


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_admin(statement: LiteralString, name: str) -> None:
    """Run `statement` ("CREATE DATABASE {}" or a DROP) for database `name` on the server."""
    from psycopg import sql

    with admin() as conn:
        conn.execute(sql.SQL(statement).format(sql.Identifier(name)))


@contextlib.contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh, empty database for one run; a PostgreSQL one is dropped afterwards."""
    if kind == "sqlite":
        yield "sqlite:///" + str(folder / "loadbench.sqlite")
        return
    name = f"classroom_loadbench_{int(time.time())}_{os.getpid()}"
    try:
        pg_admin("CREATE DATABASE {}", name)
    except Exception as problem:
        print(f"cannot reach PostgreSQL at {PG_HOST}:{PG_PORT} as {PG_USER}: {problem}")
        raise SystemExit(NO_DATABASE) from None
    try:
        yield f"postgresql://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        pg_admin("DROP DATABASE IF EXISTS {} WITH (FORCE)", name)


@contextlib.contextmanager
def gunicorn(
    args: argparse.Namespace, env: dict[str, str], folder: Path, name: str = "gunicorn"
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """The app under gunicorn on a free port, as bin/run serves it, and its address; stopped
    afterwards. Its log: `name`.log in the folder."""
    port = free_port()
    log = open(folder / f"{name}.log", "w", encoding="utf-8")  # noqa: SIM115
    command = [
        sys.executable, "-m", "gunicorn",
        "--workers", str(args.workers),
        "--bind", f"127.0.0.1:{port}",
        "--backlog", "2048",
        "--log-level", "warning",
        "--config", "gunicorn.conf.py",
        "classroom:create_app()",
    ]  # fmt: skip
    if args.threads > 1:
        command[3:3] = ["--threads", str(args.threads), "--worker-class", "gthread"]
    elif args.push:
        # Many open streams a worker: gevent, as bin/run serves pushed updates.
        command[3:3] = ["--worker-class", "gevent", "--worker-connections", "2000"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    host = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(host + "/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                log.flush()
                tail = (folder / f"{name}.log").read_text(encoding="utf-8")[-2000:]
                print(f"gunicorn did not start:\n{tail}")
                raise SystemExit(NO_SERVER)
            time.sleep(0.2)
        yield server, host
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        log.close()


@contextlib.contextmanager
def hosts(
    args: argparse.Namespace, env: dict[str, str], folder: Path
) -> Iterator[tuple[list[int], str, dict[str, int]]]:
    """The app as the district runs it (docs/deploy.md): `args.hosts` gunicorn processes on
    their own ports behind HAProxy (deploy/haproxy.cfg; with one host, gunicorn alone). The
    app processes' pids, the address the children use, and the other parts measured apart
    (the balancer, and the Redis the relay names when it runs here)."""
    with contextlib.ExitStack() as stack:
        servers = [
            stack.enter_context(gunicorn(args, env, folder, f"gunicorn-{n}" if n else "gunicorn"))
            for n in range(args.hosts)
        ]
        pids = [server.pid for server, _ in servers]
        parts = {}
        redis = redis_pid(args.relay)
        if redis is not None:
            parts["Redis"] = redis
        if args.hosts == 1:
            yield pids, servers[0][1], parts
            return
        port = free_port()
        balancer_env = os.environ | {"CLASSROOM_BIND": f"127.0.0.1:{port}"}
        for n, (_, address) in enumerate(servers, 1):
            balancer_env[f"CLASSROOM_APP{n}"] = address.removeprefix("http://")
        config = folder / "haproxy.cfg"
        config.write_text(_with_servers(args.hosts), encoding="utf-8")
        log = stack.enter_context(open(folder / "haproxy.log", "w", encoding="utf-8"))
        balancer = subprocess.Popen(
            ["haproxy", "-db", "-f", str(config)], env=balancer_env, stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        stack.callback(balancer.wait, 10)
        stack.callback(balancer.terminate)
        host = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(OSError), urllib.request.urlopen(host + "/", timeout=2) as got:
                if got.status == 200:
                    break
            if balancer.poll() is not None or time.monotonic() > deadline:
                print("HAProxy did not start:\n" + (folder / "haproxy.log").read_text()[-2000:])
                raise SystemExit(NO_SERVER)
            time.sleep(0.2)
        yield pids, host, parts | {"HAProxy": balancer.pid}


def _with_servers(count: int) -> str:
    """deploy/haproxy.cfg with a server line for each of `count` hosts (it has three)."""
    text = (ROOT / "deploy" / "haproxy.cfg").read_text(encoding="utf-8")
    line = '    server app1 "${CLASSROOM_APP1}"\n'
    lines = "".join(line.replace("1", str(n)) for n in range(1, count + 1))
    start = text.index(line)
    end = text.index("\n", text.index('    server app3 "${CLASSROOM_APP3}"')) + 1
    return text[:start] + lines + text[end:]


def redis_pid(url: str) -> int | None:
    """The pid of the redis-server on this machine that `url` names (None: none, or not
    here)."""
    if not url:
        return None
    import psutil

    port = str(urllib.parse.urlsplit(url).port or 6379)
    for proc in psutil.process_iter(["name", "cmdline"]):
        if proc.info["name"] == "redis-server" and any(
            part.endswith(":" + port) or part == port for part in proc.info["cmdline"] or []
        ):
            return int(proc.pid)
    return None


def machine() -> str:
    """The CPU, cores and Python of this machine, and its load just now."""
    model = platform.processor() or "unknown CPU"
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, load average {load}"
    )


def engine_speed() -> float:
    """This machine's speed just now: full Standard games of four Tabbies a second in this
    process (classroom.game.benchmark), the better of two tries."""
    tries = [games_per_second(Personality.SOLID, SPEED_SECONDS / 2, Level.STANDARD) for _ in "ab"]
    return max(tries)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """One whole run; returns the driver's figures with the settings."""
    folder = Path(tempfile.mkdtemp(prefix="loadbench-"))
    speed_before = engine_speed()  # before anything of the run is started
    try:
        with database(args.db, folder) as url:
            env = os.environ | {
                "DATABASE_URL": url,
                "CLASSROOM_INSTANCE_PATH": str(folder / "instance"),
                "FLASK_APP": "classroom",
                "PYTHONPATH": str(ROOT),
            }
            env.pop("CLASSROOM_DATABASE_URL", None)
            env["CLASSROOM_TABLE_PUSH"] = str(args.push)
            env["CLASSROOM_TABLE_RELAY"] = args.relay
            if args.threads > 1:
                # A connection for each thread that may be busy at once, within PostgreSQL's
                # 100 connections for two workers.
                pool = {"pool_size": min(args.threads, 40)}
                env["CLASSROOM_SQLALCHEMY_ENGINE_OPTIONS"] = json.dumps(pool | {"max_overflow": 0})
            print(f"==> {args.db}: migrations", flush=True)
            migrated = subprocess.run(
                [sys.executable, "-m", "flask", "db", "upgrade"],
                cwd=ROOT, env=env, capture_output=True, text=True,
            )  # fmt: skip
            if migrated.returncode != 0:
                raise SystemExit(f"flask db upgrade failed:\n{migrated.stderr[-3000:]}")
            print(f"==> seeding {args.tables} tables of {args.seats} children", flush=True)
            plan = folder / "plan.json"
            subprocess.run(
                [
                    sys.executable, "-m", "tools.loadbench.seed",
                    str(args.tables), str(args.seats), str(args.rounds), args.level, str(plan),
                ],
                cwd=ROOT, env=env, check=True,
            )  # fmt: skip
            threads = f" x {args.threads} threads" if args.threads > 1 else ""
            where = f" on {args.hosts} hosts behind HAProxy" if args.hosts > 1 else ""
            print(f"==> gunicorn, {args.workers} workers{threads}{where}", flush=True)
            with hosts(args, env, folder) as (server_pids, host, parts):
                load_before = machine()
                print(
                    f"==> {args.tables * args.seats} children sign in and play for "
                    f"{args.seconds:g} s"
                    + (
                        f", then {args.trivial_path} for {args.trivial_seconds:g} s"
                        if args.trivial_seconds
                        else ""
                    ),
                    flush=True,
                )
                out = folder / "driver.json"
                driver = subprocess.run(
                    [
                        sys.executable, "-m", "tools.loadbench.driver",
                        "--host", host, "--plan", str(plan),
                        "--seconds", str(args.seconds),
                        "--trivial-seconds", str(args.trivial_seconds),
                        "--trivial-path", args.trivial_path,
                        "--poll-ms", str(args.poll_ms), "--think-ms", str(args.think_ms),
                        *(["--push"] if args.push else []),
                        "--seed", str(args.seed),
                        *[f"--server-pid={pid}" for pid in server_pids],
                        *[f"--part={name}={pid}" for name, pid in parts.items()],
                        "--out", str(out),
                        *(["--database-cpu"] if local_postgres(args.db) else []),
                    ],
                    cwd=ROOT, env=env,
                )  # fmt: skip
                if driver.returncode != 0 or not out.exists():
                    tail = server_logs(folder)[-3000:]
                    raise SystemExit(f"the driver failed ({driver.returncode}); gunicorn:\n{tail}")
                result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
                server_log = server_logs(folder)
        result["settings"] = {
            k: getattr(args, k)
            for k in ("db", "seconds", "tables", "seats", "workers", "threads", "trivial_path")
        } | {
            "poll_ms": args.poll_ms,
            "think_ms": args.think_ms,
            "push": args.push,
            "relay": args.relay,
            "hosts": args.hosts,
            "rounds": args.rounds,
            "level": args.level,
        }
        result["machine"] = load_before
        result["load_after"] = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        result["speed"] = [speed_before, engine_speed()]  # before the run, and after it
        result["server_log_tail"] = server_log[-2000:] if "Traceback" in server_log else ""
        return result
    finally:
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


def server_logs(folder: Path) -> str:
    """Every app process's log (one per host)."""
    return "".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("gunicorn*.log")))


def ms(value: float | None) -> str:
    """A latency for the report."""
    return "-" if value is None else f"{value:.1f} ms"


def report(result: dict[str, Any]) -> list[str]:
    """The figures, as lines to print."""
    play = result["play"]
    trivial = result.get("trivial")
    moves = play["requests"].get("move", {})
    seen = play["requests"].get("seen", {})
    ok_moves = moves.get("statuses", {}).get("200", 0)
    moves_per_s = ok_moves / play["seconds"]
    s = result["settings"]
    children = result["users"]
    server_cores = play["server_cpu_seconds"] / play["seconds"]
    # The server's CPU per child-second, and so how many children one core carries.
    cpu_ms_per_child_second = 1000 * server_cores / children if children else 0.0
    per_core = children / server_cores if server_cores else 0.0
    server_ms_per_move = 1000 * play["server_cpu_seconds"] / ok_moves if ok_moves else 0.0
    pace = f"children think {s['think_ms']:g} ms" if s["think_ms"] else "full speed"
    if s.get("push"):
        pace += f", pushed updates (streams of {s['push']:g} s)"
    if s.get("relay"):
        pace += ", moves relayed between the workers (Redis)"
    speed = speed_figures(result, per_core)
    lines = [
        "",
        f"Load benchmark: {s['db']}, {s['tables']} tables x {s['seats']} children "
        f"({s['level']}, {s['rounds']} rounds a game, {pace}, polls every {s['poll_ms']:g} ms), "
        f"gunicorn {s['workers']} workers"
        + (f" x {s['threads']} threads" if s["threads"] > 1 else "")
        + (f" on each of {s['hosts']} hosts behind HAProxy" if s.get("hosts", 1) > 1 else ""),
        f"machine: {result['machine']}",
        f"load average after the run: {result['load_after']}",
        *speed_lines(result, speed),
        "",
        f"children per core  {per_core:8.0f}   (server CPU {cpu_ms_per_child_second:.2f} ms per "
        f"child-second: {server_cores:.2f} cores for {children} children; the driver's own "
        f"{play['driver_cpu_seconds'] / play['seconds']:.2f} cores left out)",
        *database_lines(play, children, server_cores, ok_moves),
        *parts_lines(play, children, server_cores),
        f"moves/s            {moves_per_s:8.1f}   ({ok_moves} moves in {play['seconds']:.1f} s)",
        f"move latency       p50 {ms(moves.get('p50'))}  p95 {ms(moves.get('p95'))}  "
        f"p99 {ms(moves.get('p99'))}  max {ms(moves.get('max'))}",
        f"seen by the others p50 {ms(seen.get('p50'))}  p95 {ms(seen.get('p95'))}  "
        f"max {ms(seen.get('max'))}   (a move's answer to another seat's poll bringing it)",
        f"errors             {play['errors'] + (trivial or {}).get('errors', 0):8d}   "
        f"(5xx or unexpected 4xx; stale-version 409s counted apart: {play['stale']})",
        "",
        "every request of the play phase:",
    ]
    for name, row in play["requests"].items():
        if name == "seen":
            continue
        lines.append(
            f"  {name:<8} {row['count']:7d}  {row['per_second']:7.1f}/s  "
            f"p50 {ms(row['p50'])}  p95 {ms(row['p95'])}  p99 {ms(row['p99'])}"
        )
    counted = ", ".join(f"{k} {v}" for k, v in sorted(play["counted"].items()))
    lines.append(f"  at the tables: {counted}")
    lines.append(f"  server CPU: {server_ms_per_move:.1f} ms per move (every play request counted)")
    if s["think_ms"] and not play["counted"].get("rounds counted"):
        # A round lasts about three minutes at a child's pace: a shorter window measures the
        # middle of rounds only, which costs a third less than whole rounds (docs/performance.md).
        lines.append(
            "  NOTE: no round ended in the window, so counting, the results and the pages"
            " between rounds are left out (a round takes about 3 minutes at a child's pace:"
            " --seconds 180 or more measures whole rounds)"
        )
    ratio = None
    if trivial is not None:
        triv = trivial["requests"].get("trivial", {})
        trivial_per_s = triv.get("per_second", 0.0)
        ratio = moves_per_s / trivial_per_s if trivial_per_s else 0.0
        lines.append(
            f"  landing page: {trivial_per_s:.1f} req/s at {children} clients "
            f"(p95 {ms(triv.get('p95'))}); moves/s against it {ratio:.2f} (the old ratio)"
        )
    samples = play["error_samples"] + (trivial or {}).get("error_samples", [])
    if samples:
        lines += ["", "first errors:", *(f"  {line}" for line in samples)]
    if result.get("server_log_tail"):
        lines += ["", "gunicorn log (tail):", result["server_log_tail"]]
    p95, seen_p95 = moves.get("p95"), seen.get("p95")
    verdict = [
        "move p95 under 50 ms: " + ("yes" if p95 is not None and p95 < TARGET_P95_MS else "NO")
    ]
    if s["think_ms"]:
        verdict += [
            f"at least {TARGET_CHILDREN_PER_CORE:g} children per core: "
            + ("yes" if per_core >= TARGET_CHILDREN_PER_CORE else "NO"),
            "moves seen within 1 s: "
            + ("yes" if seen.get("max") is not None and seen["max"] < TARGET_SEEN_MS else "NO"),
        ]
    lines += ["", "targets: " + "; ".join(verdict)]
    result["figures"] = speed | {
        "children": children,
        "children_per_core": per_core,
        "server_cpu_ms_per_child_second": cpu_ms_per_child_second,
        "server_cores": server_cores,
        "moves_per_second": moves_per_s,
        "moves": ok_moves,
        "move_p50_ms": moves.get("p50"),
        "move_p95_ms": p95,
        "move_p99_ms": moves.get("p99"),
        "seen_p50_ms": seen.get("p50"),
        "seen_p95_ms": seen_p95,
        "seen_max_ms": seen.get("max"),
        "ratio": ratio,
        "errors": play["errors"] + (trivial or {}).get("errors", 0),
        "stale": play["stale"],
        "server_cpu_ms_per_move": server_ms_per_move,
    }
    database_seconds = play.get("database_cpu_seconds")
    if database_seconds is not None:
        database_cores = database_seconds / play["seconds"]
        result["figures"] |= {
            "database_cpu_ms_per_child_second": 1000 * database_cores / children,
            "database_cpu_ms_per_move": 1000 * database_seconds / ok_moves if ok_moves else 0.0,
            "children_per_core_with_database": children / (server_cores + database_cores),
        }
        if play.get("database_connections_started") is not None:
            result["figures"]["database_connections_started"] = play["database_connections_started"]
    return lines


def speed_figures(result: dict[str, Any], per_core: float) -> dict[str, float]:
    """The machine's mean speed over the run (engine_speed, before and after it) and children
    per core as it would be at REFERENCE_SPEED: the figure moves with the machine, so runs on
    different machines (or hours) are compared at one speed. {} when the run did not measure
    it."""
    speeds = result.get("speed")
    if not speeds:
        return {}
    speed = sum(speeds) / len(speeds)
    return {
        "engine_games_per_second": speed,
        "children_per_core_at_reference_speed": per_core * REFERENCE_SPEED / speed,
    }


def speed_lines(result: dict[str, Any], figures: dict[str, float]) -> list[str]:
    """speed_figures as the report says them."""
    if not figures:
        return []
    before, after = result["speed"][0], result["speed"][-1]
    return [
        f"machine speed: {before:.0f} games/s before the run, {after:.0f} after "
        f"(the engine's benchmark: four Tabbies, one process)",
        f"  at {REFERENCE_SPEED:,.0f} games/s (the machine of the figures until 28 Nov) about "
        f"{figures['children_per_core_at_reference_speed']:,.0f} children per core (scaled by "
        "that speed: a guide within about a tenth, not a measurement)",
    ]


def database_lines(
    play: dict[str, Any], children: int, server_cores: float, moves: int
) -> list[str]:
    """PostgreSQL's own CPU over the window, when it runs on this machine: children per core
    counts the app's processes only, and the database is the other half of the server."""
    seconds = play.get("database_cpu_seconds")
    if seconds is None or not children:
        return []
    cores = seconds / play["seconds"]
    both = children / (server_cores + cores) if server_cores + cores else 0.0
    per_move = f", {1000 * seconds / moves:.1f} ms per move" if moves else ""
    lines = [
        f"  and PostgreSQL   {1000 * cores / children:.2f} ms per child-second ({cores:.2f} cores"
        f"{per_move}; every process of the local server: run nothing else against it)",
        f"  counting both    {both:8.0f} children per core",
    ]
    started = play.get("database_connections_started")
    if started is not None:
        # A connection started is a server process forked and set up: once the workers'
        # pools hold what their bursts need, hardly any (serving.engine_pool).
        lines.append(
            f"  connections      {started:8d} started by PostgreSQL in the window "
            f"({started / play['seconds']:.1f} a second, a server process each)"
        )
    return lines


def parts_lines(play: dict[str, Any], children: int, server_cores: float) -> list[str]:
    """The balancer's and Redis's CPU over the window, and each one's share of the whole
    server side (app processes, PostgreSQL when measured, and the parts)."""
    parts: dict[str, float] = play.get("parts_cpu_seconds") or {}
    if not parts or not children:
        return []
    seconds = play["seconds"]
    whole = server_cores + (play.get("database_cpu_seconds") or 0.0) / seconds
    whole += sum(parts.values()) / seconds
    lines = []
    for name, used in sorted(parts.items()):
        cores = used / seconds
        share = 100 * cores / whole if whole else 0.0
        lines.append(
            f"  and {name:<12} {1000 * cores / children:.3f} ms per child-second "
            f"({cores:.3f} cores, {share:.1f} % of the server side)"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures; 0 when it ran without errors."""
    args = parse_args(argv)
    if args.tables * args.seats > 78:
        raise SystemExit("a class has sign-in pictures for 78 children at most")
    if args.hosts > 1 and not args.push:
        raise SystemExit("--hosts above 1 needs --push (the district serves pages by streams)")
    if not 1 <= args.rounds <= 20:
        raise SystemExit("--rounds: an assignment has 1 to 20 rounds")
    result = run(args)
    print("\n".join(report(result)))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    figures = result["figures"]
    return 0 if figures["errors"] == 0 and figures["moves"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
