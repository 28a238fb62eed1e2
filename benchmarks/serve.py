"""The workbench's speed: from a click on an option to the updated board, and many
games played at once.

A workbench (`cardtable serve magic54`) runs in a process of its own, on one core
(its CPU affinity), on a free port of this machine. Scripted clients then do what a
browser does: start a game of Magic 54 against the random agent from the play form
and answer each decision by posting the option, as a click does, and reading the
board that comes back.

- clicks: one client, one game after another; the time of each POST (the move, the
  random agent's replies, the new board as HTML) until N clicks are measured.
- together: 20 clients, each in its own thread, each playing a whole game at once;
  how long until all are over, and the times of their clicks.

    python benchmarks/serve.py                  # 300 clicks, 20 games at once
    python benchmarks/serve.py --clicks 1000 --clients 20 --core 0
"""
from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
AT = re.compile(r'name="at" value="(\d+)"')
CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)">')


def client(timeout: float) -> httpx.Client:
    # As a browser does: no Nagle delay on the request's small writes (headers, then
    # the form), which would otherwise wait for the server's delayed ACK (~40 ms).
    nodelay = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
    return httpx.Client(timeout=timeout, transport=httpx.HTTPTransport(socket_options=nodelay))


def start_server(core: int) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT.parent)}
    process = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", "magic54", "--port", "0"],
                               cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
                               preexec_fn=lambda: os.sched_setaffinity(0, {core}))
    url = re.search(r"http://127\.0\.0\.1:\d+", process.stdout.readline()).group(0)
    return process, url


def new_game(client: httpx.Client, url: str, seed: int) -> tuple[str, str, str]:
    """A game against the random agent: its address, the first board, the CSRF token."""
    form = client.get(f"{url}/p/magic54/play").text
    token = CSRF.search(form).group(1)
    r = client.post(f"{url}/p/magic54/play", data={"players": "human,random", "seed": str(seed)},
                    headers={"x-csrf-token": token})
    table = r.headers["location"].split("?")[0]
    return table, client.get(f"{url}{table}?seat=0").text, token


def play(client: httpx.Client, url: str, seed: int, times: list, limit: int | None = None,
         inside: list | None = None) -> None:
    """Plays one game to its end (or `limit` clicks), the first option each time,
    adding the time of each click to `times` (and the workbench's own, its
    Server-Timing, to `inside`)."""
    table, page, token = new_game(client, url, seed)
    while (found := AT.search(page)) and (limit is None or limit > 0):
        t = time.perf_counter()
        r = client.post(f"{url}{table}/choose", data={"seat": "0", "at": found.group(1), "action": "0"},
                        headers={"x-csrf-token": token})
        times.append(time.perf_counter() - t)
        if inside is not None:
            inside.append(float(r.headers["server-timing"].split("dur=")[1]) / 1000)
        assert r.status_code == 200, r.text
        page = r.text
        limit = None if limit is None else limit - 1


def clicks(url: str, count: int) -> tuple[list, list]:
    times: list = []
    inside: list = []
    with client(60) as http:
        play(http, url, 0, [], 5)           # the first requests load the pack and templates
        seed = 1
        while len(times) < count:
            play(http, url, seed, times, count - len(times), inside)
            seed += 1
    return times, inside


def together(url: str, clients: int) -> tuple[float, list]:
    times: list = []
    lock = threading.Lock()

    def one(seed):
        mine: list = []
        with client(120) as http:
            play(http, url, seed, mine)
        with lock:
            times.extend(mine)
    threads = [threading.Thread(target=one, args=(100 + i,)) for i in range(clients)]
    t = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - t, times


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.1f} ms"


def describe(times: list) -> str:
    q = statistics.quantiles(times, n=20)
    return (f"{len(times)} clicks: median {ms(statistics.median(times))}, 90% {ms(q[17])}, "
            f"95% {ms(q[18])}, max {ms(max(times))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=300)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--core", type=int, default=0, help="the core the workbench runs on")
    args = parser.parse_args()
    process, url = start_server(args.core)
    try:
        print(f"workbench on core {args.core}: {url}")
        times, inside = clicks(url, args.clicks)
        print("one client, a click to the new board:", describe(times))
        print("   of which in the workbench (Server-Timing):", describe(inside))
        seconds, times = together(url, args.clients)
        print(f"{args.clients} games at once: all over in {seconds:.1f} s; {describe(times)}")
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    main()
