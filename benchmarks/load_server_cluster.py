"""Two ``blackmaria serve`` processes over one PostgreSQL behind nginx, routed by table code; one is SIGKILLed under load.

Starts, all on loopback in a temporary directory: a throwaway PostgreSQL
cluster (``initdb`` from ``/usr/lib/postgresql/*/bin``, run as the
``postgres`` user when this runs as root; or ``--db URL``), ``--processes``
server processes over it, and nginx (``/usr/sbin/nginx``) with the
configuration of ``docs/deploy.md``: requests for a table (``/ws/CODE``,
``/api/tables/CODE/...``) go to one process by a consistent hash of the code,
new tables to any. Then it plays ``--tables`` tables through nginx, each one
WebSocket player (think time 0.5-1.5 times ``--think``) and three ``random``
bots, one-deal Hearts games back to back, for ``--seconds``.

At ``--kill-at`` seconds it SIGKILLs the first process. Its players'
connections drop; each reconnects through nginx with its token (retrying, as
a client must), nginx sends it to the next process on the hash ring, and that
process takes the table over from the database (``Store.claim``: the dead
process's advisory locks went with its session). It reports the latency before
the kill and after the takeover, the tables each process served, how long each
orphaned table took to be back (kill to the reconnected player's welcome),
and checks that nothing was lost: every action any player was told of is in
the database, every table finished its game after the takeover, and the
records of finished games (a sample of ``--verify`` tables) replay and match
their shuffle commitments.

    .venv/bin/python benchmarks/load_server_cluster.py --tables 200 --seconds 60 --kill-at 30

Bounded: at most 1,000 tables and 600 seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import glob
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_server import RULES, cpu_seconds, free_port, post  # noqa: E402

from blackmaria.server.shuffle import verify_record  # noqa: E402

NGINX_CONF = """\
# blackmaria behind nginx: every request for a table reaches the one process that serves it (docs/deploy.md).
worker_processes 1;
user root;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/nginx-body;
    proxy_temp_path {tmp}/nginx-proxy;
    fastcgi_temp_path {tmp}/nginx-fastcgi;
    uwsgi_temp_path {tmp}/nginx-uwsgi;
    scgi_temp_path {tmp}/nginx-scgi;
    # The table code from the path; anything else (a new table, the pages) may go to any process.
    map $uri $table_code {{
        "~^/ws/(?<ws_code>[A-Za-z0-9_-]{{16}})$" $ws_code;
        "~^/api/tables/(?<api_code>[A-Za-z0-9_-]{{16}})" $api_code;
        default $request_id;
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' '';
    }}
    upstream blackmaria {{
        hash $table_code consistent;
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://blackmaria;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 1h;
            proxy_connect_timeout 2s;
            # A process that is gone: the request goes to the next one on the hash ring, which takes the table over.
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


def start_postgres(tmp: Path) -> tuple[str, list[str]]:
    """A throwaway cluster on a free port, as .ci/run starts one; its URL and the command that stops it."""
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in Path(p).parent.name.split(".")])
    if not bins:
        raise SystemExit("no PostgreSQL found under /usr/lib/postgresql (apt-get install postgresql), or pass --db URL")
    pgbin, data, port = bins[-1], tmp / "pg", free_port()
    data.mkdir()
    as_postgres: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
        shutil.chown(data, "postgres")
        as_postgres = ["su", "postgres", "-s", "/bin/sh", "-c"]

    def run(command: str) -> list[str]:
        return [*as_postgres, command] if as_postgres else ["/bin/sh", "-c", command]

    subprocess.run(run(f"cd / && {pgbin}/initdb -D {data} -A trust -U postgres"), check=True, stdout=subprocess.DEVNULL)
    options = f"-k {tmp} -p {port} -c listen_addresses=127.0.0.1 -c max_connections=200 -c synchronous_commit=on"
    subprocess.run(run(f"cd / && {pgbin}/pg_ctl -D {data} -l {tmp}/pg.log -w -o '{options}' start"), check=True, stdout=subprocess.DEVNULL)
    return f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", run(f"cd / && {pgbin}/pg_ctl -D {data} -m immediate stop")


def start_servers(db_url: str, count: int, tmp: Path) -> list[tuple[int, subprocess.Popen[bytes]]]:
    servers = []
    for index in range(count):
        port = free_port()
        args = [sys.executable, "-m", "blackmaria.cli", "serve", "--port", str(port), "--db", db_url, "--log-level", "warning"]
        log = open(tmp / f"server-{index}.log", "wb")  # noqa: SIM115 - written by the process until it ends
        env = {**os.environ, "BLACKMARIA_DATA_DIR": str(tmp)}
        servers.append((port, subprocess.Popen([*args, "--lobby-rate", "0"], env=env, stderr=log)))
    for port, process in servers:
        wait_for(f"http://127.0.0.1:{port}/api/health", process)
    return servers


def wait_for(url: str, process: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise SystemExit(f"{url}: the process exited with {process.returncode}")
        try:
            if httpx.get(url, trust_env=False).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.05)
    raise SystemExit(f"{url} did not answer within 30 s")


def start_nginx(tmp: Path, ports: list[int]) -> tuple[int, subprocess.Popen[bytes]]:
    port = free_port()
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;" for p in ports)
    conf = tmp / "nginx.conf"
    conf.write_text(NGINX_CONF.format(tmp=tmp, servers=servers, port=port))
    process = subprocess.Popen(["/usr/sbin/nginx", "-c", str(conf), "-g", "daemon off;"], stderr=subprocess.DEVNULL)
    wait_for(f"http://127.0.0.1:{port}/api/health", process)
    return port, process


class Stats:
    def __init__(self) -> None:
        self.before: list[float] = []
        self.after: list[float] = []
        self.told: dict[tuple[str, int], int] = {}
        """(code, game) -> the highest seq a player was told of."""
        self.back_after: list[float] = []
        self.counts = {"sent": 0, "games": 0, "errors": 0, "reconnects": 0, "started": 0, "finished_after_kill": 0, "orphaned": 0}
        self.killed_at: float | None = None


async def play_table(http: httpx.AsyncClient, ws_base: str, think: float, stop_at: float, stats: Stats, rng: random.Random) -> str:
    created = (await post(http, "/api/tables", json={"rules": RULES})).json()
    code: str = created["table"]["code"]
    host = created["host_token"]
    joined = (await post(http, f"/api/tables/{code}/seats", json={"name": "Load", "seat": 0})).json()
    await post(http, f"/api/tables/{code}/bots", json={"level": "random"}, headers={"Authorization": f"Bearer {host}"})
    token, game, started, dropped_at, orphaned = joined["token"], 0, False, None, False
    while True:
        try:
            async with connect(f"{ws_base}/ws/{code}", proxy=None, max_queue=None, open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
                welcome = json.loads(await ws.recv())
                if welcome["type"] != "welcome":  # elsewhere: the old process still held the table; try again
                    raise ConnectionError(welcome.get("code"))
                if dropped_at is not None:
                    stats.back_after.append(time.monotonic() - dropped_at)
                    dropped_at = None
                game = welcome["table"]["game"]
                if not started:
                    await post(http, f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host}"})
                    stats.counts["started"] += 1
                    started = True
                state, seq, sent_at = welcome["state"], welcome["seq"], None
                stats.told[(code, game)] = max(stats.told.get((code, game), 0), seq)
                while True:
                    if state is not None and state["phase"] == "game-over":
                        stats.counts["games"] += 1
                        if orphaned:  # a game this table finished on the process that took it over
                            stats.counts["finished_after_kill"] += 1
                            orphaned = False
                        if time.monotonic() >= stop_at:
                            return code
                        answer = await post(http, f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host}"})
                        if answer.status_code == 200:
                            game = answer.json()["game"]
                        state = None
                    elif state is not None and sent_at is None:
                        action: dict[str, Any] | None = None
                        if state["phase"] == "passing" and not state["has_passed"][0]:
                            action = {"type": "pass", "cards": state["hand"][:3]}
                        elif state["phase"] == "playing" and state["turn"] == 0:
                            action = {"type": "play", "card": state["legal"][0]}
                        if action is not None:
                            await asyncio.sleep(think * (0.5 + rng.random()))
                            sent_at = time.perf_counter()
                            await ws.send(json.dumps(action))
                            stats.counts["sent"] += 1
                    message = json.loads(await ws.recv())
                    if message["type"] == "error":
                        stats.counts["errors"] += 1
                        sent_at = None
                    if message["type"] == "table":
                        game = message["table"]["game"]
                    if message["type"] != "update":
                        continue
                    seq, state = message["seq"], message["state"]
                    stats.told[(code, game)] = max(stats.told.get((code, game), 0), seq)
                    mine = any(e.get("seat") == 0 and e["type"] in ("CardPlayed", "CardsPassed") for e in message["events"])
                    if sent_at is not None and mine:
                        (stats.before if stats.killed_at is None else stats.after).append(time.perf_counter() - sent_at)
                        sent_at = None
        except (ConnectionClosed, ConnectionError, InvalidStatus, OSError, TimeoutError):
            if dropped_at is None:
                dropped_at = time.monotonic()
                if not orphaned:
                    stats.counts["orphaned"] += 1
                orphaned = True
            stats.counts["reconnects"] += 1
            if time.monotonic() - dropped_at > 60:
                raise SystemExit(f"table {code}: not back 60 s after its process went") from None
            await asyncio.sleep(0.2 + 0.3 * rng.random())


async def run(args: argparse.Namespace, proxy_port: int, victim: subprocess.Popen[bytes], db_url: str) -> tuple[Stats, list[str], float]:
    stats = Stats()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{proxy_port}", trust_env=False, timeout=60, limits=limits) as http:
        began = time.monotonic()

        async def kill() -> None:
            await asyncio.sleep(args.kill_at)
            stats.killed_at = time.monotonic()
            victim.send_signal(signal.SIGKILL)

        killer = asyncio.create_task(kill())
        codes = await asyncio.gather(
            *(
                play_table(http, f"ws://127.0.0.1:{proxy_port}", args.think, began + args.seconds, stats, random.Random(i))
                for i in range(args.tables)
            )
        )
        await killer
        elapsed = time.monotonic() - began
        records = []
        for code in codes[: args.verify]:
            answer = await http.get(f"/api/tables/{code}/record", params={"game": 1})
            records.append(answer.text)
    for record in records:
        if not all(check.ok for check in verify_record(record)):
            raise SystemExit("a finished game's record does not match its shuffle commitments")
    return stats, list(codes), elapsed


def stored(db_url: str) -> dict[tuple[str, int], int]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT t.code, a.game_no, MAX(a.seq) FROM bm_actions a JOIN bm_tables t ON t.id = a.table_id GROUP BY t.code, a.game_no"
                )
            ).all()
    finally:
        engine.dispose()
    return {(code, game): seq for code, game, seq in rows}


def percentiles(samples: list[float]) -> dict[str, float | int | None]:
    samples = sorted(samples)
    if not samples:
        return {"p50": None, "p99": None, "max": None, "samples": 0}
    return {
        "p50": round(1000 * statistics.median(samples), 2),
        "p99": round(1000 * samples[min(len(samples) - 1, int(0.99 * len(samples)))], 2),
        "max": round(1000 * samples[-1], 2),
        "samples": len(samples),
    }


def main() -> None:
    gc.disable()  # as in load_server.py: the measuring client adds no pauses of its own
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="Start no new game after this long.")
    parser.add_argument("--kill-at", type=float, default=30.0, help="SIGKILL the first process this many seconds in (0: never).")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--verify", type=int, default=20, help="Tables whose first game's record is checked against its commitments.")
    parser.add_argument("--db", default=None, help="A PostgreSQL URL to use instead of a throwaway cluster (its bm_ tables are added to).")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600 or not 2 <= args.processes <= 8:
        raise SystemExit("--tables must be 1..1000, --seconds at most 600, --processes 2..8")
    if args.kill_at <= 0:
        args.kill_at = 10 * args.seconds
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        os.chmod(tmp, 0o755)
        stop_pg: list[str] | None = None
        db_url = args.db
        if db_url is None:
            db_url, stop_pg = start_postgres(tmp)
        servers: list[tuple[int, subprocess.Popen[bytes]]] = []
        nginx = None
        try:
            servers = start_servers(db_url, args.processes, tmp)
            proxy_port, nginx = start_nginx(tmp, [port for port, _ in servers])
            cpu0 = [cpu_seconds(p.pid) for _, p in servers]
            stats, codes, elapsed = asyncio.run(run(args, proxy_port, servers[0][1], db_url))
            cpu = [round(cpu_seconds(p.pid) - c, 1) for (_, p), c in zip(servers[1:], cpu0[1:], strict=True)]
        finally:
            if nginx is not None:
                nginx.terminate()
                nginx.wait(10)
            for _, process in servers:
                if process.poll() is None:
                    process.terminate()
                    process.wait(30)
            errors = [
                line
                for index in range(len(servers))
                for line in (tmp / f"server-{index}.log").read_text(errors="replace").splitlines()
                if "Error" in line or "Traceback" in line
            ]
            if errors:
                print(f"server logs: {len(errors)} error lines, the first: {errors[0]}", file=sys.stderr)
        in_db = stored(db_url)
        lost = {key: seq for key, seq in stats.told.items() if in_db.get(key, 0) < seq}
        if stop_pg is not None:
            subprocess.run(stop_pg, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = {
        "processes": args.processes,
        "tables": args.tables,
        "think_seconds": args.think,
        "seconds": round(elapsed, 2),
        "killed_at_seconds": args.kill_at if args.kill_at < args.seconds * 10 else None,
        "games": stats.counts["games"],
        "player_actions": stats.counts["sent"],
        "errors": stats.counts["errors"],
        "actions_stored": sum(in_db.get(key, 0) for key in {(c, g) for c, g in in_db if c in set(codes)}),
        "latency_before_kill_ms": percentiles(stats.before),
        "latency_after_kill_ms": percentiles(stats.after),
        "orphaned_tables": stats.counts["orphaned"],
        "reconnect_attempts": stats.counts["reconnects"],
        "back_after_ms": percentiles(stats.back_after),
        "orphaned_tables_that_finished_a_game_after": stats.counts["finished_after_kill"],
        "told_but_not_stored": len(lost),
        "records_verified": min(args.verify, len(codes)),
        "survivor_cpu_seconds": cpu,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=2))
    if lost:
        raise SystemExit(f"{len(lost)} games: a player was told of actions the database does not hold, e.g. {next(iter(lost.items()))}")


if __name__ == "__main__":
    main()
