"""Benchmark: the score pad under load on loopback.

A real Companion on a real SQLite file and a real waitress server on 127.0.0.1 run in one
process, as on the Pi. Another process holds 200 phones on the live stream (/events) and
150 idle sockets (connected, half of them with half a request sent, then silent) while load
workers hit /api/state as fast as they can for 20 s; meanwhile a seat presses every 50 ms
(a Gesture submitted exactly as the seat adapter does) and each phone notes when the press
reaches it. Prints the phones served, the idle sockets held, requests/s, p50/p99 latency,
errors, press-to-page p50/p99 and the table process's memory (resident and peak).

    .venv/bin/python bench/web.py [--seconds 20] [--phones 200] [--idle 150] [--workers 4]

Targets: every phone served and every press reaching it; >= 500 requests/s, p99 <= 50 ms,
no errors; press-to-page p99 <= 50 ms; the table's peak memory well under 400 MB.
Loopback only; bounded in time (the duration plus a few seconds) and in count.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HOST = "127.0.0.1"
MAX_REQUESTS_PER_WORKER = 2_000_000
MAX_PRESSES = 2_000


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


# --- the table: companion + server, in its own process -----------------------------------
def run_table(port_out, go, seconds: float, presses_out) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from companion import commands as c
    from companion.service import Companion
    from companion.store import Store
    from web import serve

    with tempfile.TemporaryDirectory() as directory:
        store = Store(Path(directory))
        companion = Companion(store).start()
        players = ["Ann", "Bob", "Cy", "Dee"]
        companion.call(c.NewGame("mexican-train", players, None, {}))
        server = serve(companion, HOST, 0, {"pin": "0000", "data_dir": directory})
        port_out.send(server.port)
        go.wait(30)
        presses: list[tuple[int, int, int]] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end and len(presses) < MAX_PRESSES:
            seat = companion.state()["turn"]["seat"] - 1
            started = time.monotonic_ns()
            companion.call(c.Gesture(seat, "press", source="button"))
            committed = time.monotonic_ns()  # on disk and announced
            presses.append((companion.seq, started, committed))  # the only thread pressing
            time.sleep(0.05)
        presses_out.send((presses, memory()))
        time.sleep(0.5)  # let the phones read the last press
        server.close()
        companion.stop()
        store.close()


def memory() -> dict[str, int]:
    """This process's resident memory now and at its peak, in MB (Linux)."""
    figures = {}
    with open("/proc/self/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                figures[key] = int(value.split()[0]) // 1024
    return figures


# --- phones on the live stream -------------------------------------------------------------
def phone(
    port: int, arrivals: dict[int, list[int]], ready: threading.Barrier, stop, served: list
) -> None:
    connection = http.client.HTTPConnection(HOST, port, timeout=5)
    try:
        connection.request("GET", "/events")
        response = connection.getresponse()
    except (OSError, http.client.HTTPException):
        response = None
    if response is None or response.status != 200:
        ready.wait()
        connection.close()
        return
    served.append(1)
    ready.wait()
    while not stop.is_set():
        try:
            line = response.readline()
        except TimeoutError:
            continue
        if not line:
            break
        if line.startswith(b"id: "):
            arrivals.setdefault(int(line[4:]), []).append(time.monotonic_ns())
    connection.close()


# --- load workers -----------------------------------------------------------------------------
def load_worker(port: int, seconds: float, ready, out) -> None:
    latencies: list[float] = []
    errors = 0
    connection = http.client.HTTPConnection(HOST, port, timeout=5)
    ready.wait(30)  # every worker started (spawning costs CPU) before the clock starts
    until = time.monotonic() + seconds
    while time.monotonic() < until and len(latencies) < MAX_REQUESTS_PER_WORKER:
        started = time.perf_counter()
        try:
            connection.request("GET", "/api/state")
            response = connection.getresponse()
            body = response.read()
            if response.status != 200 or "seq" not in json.loads(body):
                errors += 1
        except (OSError, http.client.HTTPException, ValueError):
            errors += 1
            connection.close()
            connection = http.client.HTTPConnection(HOST, port, timeout=5)
            continue
        latencies.append(time.perf_counter() - started)
    connection.close()
    out.put((latencies, errors))


def _still_open(sock: socket.socket) -> bool:
    """The server has not closed this idle socket on us."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True  # nothing to read: still open
    except OSError:
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--phones", type=int, default=200, help="on the live stream")
    parser.add_argument("--idle", type=int, default=150, help="idle sockets held open")
    parser.add_argument("--workers", type=int, default=4, help="load processes")
    args = parser.parse_args(argv)
    context = mp.get_context("spawn")

    port_in, port_out = context.Pipe(duplex=False)
    presses_in, presses_out = context.Pipe(duplex=False)
    go = context.Event()
    table = context.Process(target=run_table, args=(port_out, go, args.seconds, presses_out))
    table.start()
    port = port_in.recv()

    arrivals: dict[int, list[int]] = {}
    stop = threading.Event()
    ready = threading.Barrier(args.phones + 1)
    served: list[int] = []
    phones = [
        threading.Thread(target=phone, args=(port, arrivals, ready, stop, served), daemon=True)
        for _ in range(args.phones)
    ]
    for thread in phones:
        thread.start()
    ready.wait(60)
    idle = []
    for number in range(args.idle):
        sock = socket.create_connection((HOST, port), timeout=5)
        if number % 2:
            sock.sendall(b"GET /api/state HTTP/1.1\r\nHost: ta")  # and never the rest
        idle.append(sock)

    results = context.Queue()
    workers_ready = context.Barrier(args.workers + 1)
    workers = [
        context.Process(target=load_worker, args=(port, args.seconds, workers_ready, results))
        for _ in range(args.workers)
    ]
    for worker in workers:
        worker.start()
    workers_ready.wait(60)
    started = time.monotonic()
    go.set()
    latencies: list[float] = []
    errors = 0
    for _ in workers:
        got, failed = results.get(timeout=args.seconds + 30)
        latencies += got
        errors += failed
    elapsed = time.monotonic() - started
    for worker in workers:
        worker.join(10)
    presses, table_memory = presses_in.recv()
    time.sleep(0.3)
    stop.set()
    idle_held = sum(1 for sock in idle if _still_open(sock))
    for sock in idle:
        sock.close()
    table.join(30)

    delays = []
    commits = [(committed - pressed) / 1e6 for _, pressed, committed in presses]
    missed = 0
    for seq, pressed, _ in presses:
        seen = arrivals.get(seq, [])
        missed += len(served) - len(seen)
        delays += [(arrived - pressed) / 1e6 for arrived in seen]

    print(
        f"web bench: {args.phones} phones on /events, {args.idle} idle sockets, "
        f"{args.workers} load workers, {args.seconds:g} s on {HOST}"
    )
    print(
        f"  phones served: {len(served)}/{args.phones}  "
        f"idle sockets held to the end: {idle_held}/{args.idle}"
    )
    print(
        f"  /api/state: {len(latencies) / elapsed:.0f} requests/s  "
        f"p50 {percentile(latencies, 0.5) * 1000:.1f} ms  "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms  errors {errors}"
    )
    print(
        f"  press-to-page: {len(presses)} presses x {args.phones} phones  "
        f"p50 {percentile(delays, 0.5):.1f} ms  p99 {percentile(delays, 0.99):.1f} ms  "
        f"max {max(delays, default=float('nan')):.1f} ms  missed {missed}"
    )
    print(
        f"  of which press-to-commit (the event log on disk, then announced): "
        f"p50 {percentile(commits, 0.5):.1f} ms  p99 {percentile(commits, 0.99):.1f} ms"
    )
    print(
        f"  table process memory: {table_memory.get('VmRSS')} MB resident, "
        f"peak {table_memory.get('VmHWM')} MB"
    )
    print(
        "  targets: every phone served; >= 500 requests/s, p99 <= 50 ms, 0 errors; "
        "press-to-page p99 <= 50 ms; peak well under 400 MB"
    )
    if delays:
        print(f"  press-to-page mean {statistics.fmean(delays):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
