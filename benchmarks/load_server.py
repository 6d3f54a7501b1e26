"""Load on ``blackmaria serve`` over loopback: many tables at once, each with one WebSocket player and bots.

Starts its own server process (a fresh SQLite file in a temporary directory,
or ``--db URL``) on a free loopback port, creates ``--tables`` tables of
four seats (one seat played by this script over a WebSocket, three bots),
and plays one-deal Hearts games at every table, starting the next game at
once, for ``--seconds``: the run (from the first table's creation to the last
connection closed) ends then, games in progress included, so it lasts
``--seconds`` plus at most ``CLOSE_SECONDS`` to close the connections (the
server's start and stop come on top). It reports the tables, the actions the server
committed per second (every deal, pass and play, bots' included, counted in
the database), the player actions sent, and the latency from sending an
action to receiving the broadcast that contains it (p50, p99, max).

    .venv/bin/python benchmarks/load_server.py --tables 200 --seconds 30 --think 1
    .venv/bin/python benchmarks/load_server.py --tables 20 --seconds 10 --json
    .venv/bin/python benchmarks/load_server.py --tables 100 --seconds 45 --think 1 --warmup 15 --profile stacks.txt

Over the measured time it also reports the server's CPU time per committed
action (``server_cpu_ms_per_action``, from /proc, so it counts the server's
own work whatever else runs on the machine) and, with ``--profile``, records
the server with py-spy (``pip install py-spy``; only threads holding the
interpreter lock, as collapsed stacks).

Bounded in count and time: at most 1,000 tables and 600 seconds; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
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

RULES = {"preset": "hearts", "target_score": None, "deal_count": 1}
CLOSE_SECONDS = 2.0
"""At most this long after ``--seconds`` to cancel the tables' players and close their connections."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def count_actions(db_url: str) -> int:
    """Actions stored in the database (0 before the server has made its tables)."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT COUNT(*) FROM bm_actions")).scalar_one())
    except Exception:  # noqa: BLE001 - no table yet in a fresh database
        return 0
    finally:
        engine.dispose()


def start_server(db_url: str, port: int, data_dir: str) -> subprocess.Popen[bytes]:
    args = [
        sys.executable,
        "-m",
        "blackmaria.cli",
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        "--log-level",
        "warning",
        "--lobby-rate",
        "0",
    ]
    log = open(Path(data_dir) / "server.log", "wb")  # noqa: SIM115 - the server process writes to it until it stops
    process = subprocess.Popen(args, env={**os.environ, "BLACKMARIA_DATA_DIR": data_dir}, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", trust_env=False).status_code == 200:
                return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not start")


async def post(http: httpx.AsyncClient, path: str, **kwargs: Any) -> httpx.Response:
    """POST, once more if the server closed an idle keep-alive connection just as it was reused."""
    try:
        return await http.post(path, **kwargs)
    except (httpx.ReadError, httpx.RemoteProtocolError):
        return await http.post(path, **kwargs)


async def play_table(
    http: httpx.AsyncClient,
    ws_base: str,
    level: str,
    think: float,
    latencies: list[float],
    counts: dict[str, int],
    rng: random.Random,
    measure_from: float,
) -> None:
    created = (await post(http, "/api/tables", json={"rules": RULES})).json()
    code, host = created["table"]["code"], created["host_token"]
    joined = (await post(http, f"/api/tables/{code}/seats", json={"name": "Load", "seat": 0})).json()
    await post(http, f"/api/tables/{code}/bots", json={"level": level}, headers={"Authorization": f"Bearer {host}"})
    async with connect(f"{ws_base}/ws/{code}", proxy=None, max_queue=None, close_timeout=CLOSE_SECONDS / 2) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": joined["token"]}))
        await ws.recv()
        await post(http, f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host}"})
        counts["started"] += 1
        sent_at: float | None = None
        last_action: dict[str, Any] | None = None
        while True:
            message = json.loads(await ws.recv())
            kind = message["type"]
            if kind == "error" and message.get("code") == "rate-limit" and last_action is not None:
                # Faster than the protocol allows (10 messages a second): wait as a client must, and send it again.
                counts["rate_limited"] += 1
                await asyncio.sleep(0.2)
                await ws.send(json.dumps(last_action))
                continue
            if kind == "error":
                counts["errors"] += 1
                sent_at = None
            if kind != "update":
                continue
            if sent_at is not None and any(e.get("seat") == 0 and e["type"] in ("CardPlayed", "CardsPassed") for e in message["events"]):
                if counts["started"] >= counts["tables"] and time.monotonic() >= measure_from:  # every table playing, warm-up over
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            state = message["state"]
            if state is None:
                continue
            if state["phase"] == "game-over":
                counts["games"] += 1
                await post(http, f"/api/tables/{code}/start", headers={"Authorization": f"Bearer {host}"})
                continue
            if sent_at is not None:
                continue
            if state["phase"] == "passing" and not state["has_passed"][0]:
                action: dict[str, Any] = {"type": "pass", "cards": state["hand"][:3]}
            elif state["phase"] == "playing" and state["turn"] == 0:
                action = {"type": "play", "card": state["legal"][0]}
            else:
                continue
            if think:
                # People do not act in step: each waits between half and one and a half times --think (seeded per table).
                await asyncio.sleep(think * (0.5 + rng.random()))
            sent_at = time.perf_counter()
            last_action = action
            await ws.send(json.dumps(action))
            counts["sent"] += 1


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def watch_server(pid: int, db_url: str, measure_from: float, stop_at: float, profile: str | None, out: dict[str, Any]) -> None:
    """From the end of the warm-up to the last game's start: the server's CPU time per committed action (and a profile)."""
    await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
    if stop_at - time.monotonic() < 0.5:
        return  # the warm-up took the whole run: nothing is measured
    spy = None
    if profile:
        duration = max(1, int(stop_at - time.monotonic()))
        spy_path = str(Path(sys.executable).parent / "py-spy")
        options = ["--rate", "67", "--gil", "--nonblocking", "--format", "raw", "-o", profile]
        spy = subprocess.Popen([spy_path, "record", "--pid", str(pid), "--duration", str(duration), *options], stdout=subprocess.DEVNULL)
    cpu0, actions0, t0 = cpu_seconds(pid), await asyncio.to_thread(count_actions, db_url), time.monotonic()
    await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
    cpu1, actions1, t1 = cpu_seconds(pid), await asyncio.to_thread(count_actions, db_url), time.monotonic()
    out["measured_seconds"] = round(t1 - t0, 2)
    out["measured_actions_per_second"] = round((actions1 - actions0) / (t1 - t0), 1)
    out["server_cpu_share"] = round((cpu1 - cpu0) / (t1 - t0), 3)
    out["server_cpu_ms_per_action"] = round(1000 * (cpu1 - cpu0) / max(1, actions1 - actions0), 3)
    if spy is not None:
        spy.wait(30)


async def run(
    port: int, tables: int, seconds: float, level: str, think: float, warmup: float, pid: int, db_url: str, profile: str | None
) -> dict[str, Any]:
    latencies: list[float] = []
    counts = {"sent": 0, "games": 0, "errors": 0, "rate_limited": 0, "started": 0, "tables": tables}
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=60, limits=limits) as http:
        began = time.monotonic()
        stop_at = began + seconds
        measure_from = began + warmup
        server: dict[str, Any] = {}
        watcher = asyncio.create_task(watch_server(pid, db_url, measure_from, stop_at, profile, server))
        players = [
            asyncio.create_task(play_table(http, f"ws://127.0.0.1:{port}", level, think, latencies, counts, random.Random(i), measure_from))
            for i in range(tables)
        ]
        # --seconds bounds the run: at its end every table's player stops, in the middle of a game or of its setup.
        await asyncio.wait(players, timeout=max(0.0, stop_at - time.monotonic()))
        for player in players:
            player.cancel()
        await asyncio.wait(players, timeout=CLOSE_SECONDS)
        failures = [p.exception() for p in players if p.done() and not p.cancelled() and p.exception() is not None]
        await watcher
        elapsed = time.monotonic() - began
        if failures:
            raise failures[0]
    latencies.sort()
    return {
        "tables": tables,
        "think_seconds": think,
        "warmup_seconds": warmup,
        "seconds": round(elapsed, 2),
        "player_actions": counts["sent"],
        "games": counts["games"],
        "errors": counts["errors"],
        "rate_limited": counts["rate_limited"],
        "latency_ms": {
            "p50": round(1000 * statistics.median(latencies), 2) if latencies else None,
            "p99": round(1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))], 2) if latencies else None,
            "max": round(1000 * latencies[-1], 2) if latencies else None,
            "samples": len(latencies),
        },
        **server,
    }


def event_loop_run() -> Any:
    """``uvloop.run`` where uvloop is installed (the server's extra brings it): the client then costs the shared cores less."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


def main() -> None:
    # The measuring client must not add pauses of its own to the latencies: no cyclic garbage collection during the
    # bounded run (what it would reclaim is small).
    gc.disable()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument(
        "--seconds", type=float, default=30.0, help="How long the run lasts: every table stops then, games in progress too."
    )
    parser.add_argument("--bots", default="random", help="Bot level of the three bot seats.")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: a fresh SQLite file in a temporary directory).")
    parser.add_argument("--think", type=float, default=0.0, help="Seconds the player waits before each of its actions (0: at once).")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="Seconds from the start not measured (nor anything before every table has started)."
    )
    parser.add_argument(
        "--profile", default=None, help="Record the server with py-spy over the measured time into this file (collapsed stacks)."
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600:
        raise SystemExit("--tables must be 1..1000 and --seconds at most 600")
    with tempfile.TemporaryDirectory() as tmp:
        db_url = args.db or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        port = free_port()
        before = count_actions(db_url)  # a PostgreSQL database may hold earlier runs' actions
        server = start_server(db_url, port, tmp)
        try:
            result = event_loop_run()(
                run(port, args.tables, args.seconds, args.bots, args.think, args.warmup, server.pid, db_url, args.profile)
            )
        finally:
            server.terminate()
            server.wait(30)
            errors = [
                line
                for line in (Path(tmp) / "server.log").read_text(errors="replace").splitlines()
                if "Error" in line or "Traceback" in line
            ]
            if errors:
                print(f"server log: {len(errors)} error lines, the first: {errors[0]}", file=sys.stderr)
        actions = count_actions(db_url) - before
    result["db"] = "sqlite" if db_url.startswith("sqlite") else db_url.split(":", 1)[0]
    result["server_actions"] = actions
    result["server_actions_per_second"] = round(actions / result["seconds"], 1)
    if args.json:
        print(json.dumps(result))
        return
    lat = result["latency_ms"]
    print(
        f"{result['tables']} tables (think {result['think_seconds']} s, first {result['warmup_seconds']} s not measured), {result['seconds']} s, {result['db']}: {result['server_actions']} actions committed "
        f"({result['server_actions_per_second']}/s), {result['games']} games, {result['player_actions']} player actions; "
        f"action -> broadcast p50 {lat['p50']} ms, p99 {lat['p99']} ms, max {lat['max']} ms; errors {result['errors']}, "
        f"rate-limited and sent again {result['rate_limited']}"
    )


if __name__ == "__main__":
    main()
