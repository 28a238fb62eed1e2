"""How soon `cardtable lsp` shows the problems of an edit, driven over standard input
and output as an editor drives it.

For each case, the script opens a file of a pack (the time until its diagnostics
arrive is the time to open it), then makes one-line edits that alternately break and
mend a card's effect (`deal 2 damage` / `deal 2 damages`), each answered by new
diagnostics; it reports the median and the slowest time from sending the edit to
receiving them. The cases, side by side in one run:

- a card of a built-in pack's card file (basic_tcg, cards/scenarios.yaml): the edit
  is checked alone (interpreter/packs/recheck.py);
- the same edit in pack.yaml of that pack (magic54): the whole pack is checked;
- a card of a generated pack of 10,000 cards (validate_large.py's, ten files of 1,000
  cards): checked alone; and an edit of its pack.yaml, checked whole, for the ratio.

    python benchmarks/lsp_edit.py                 # 10,000 cards, 21 edits a case
    python benchmarks/lsp_edit.py --cards 2000 --edits 11

The server runs on one core (the process is pinned when the system allows it; the
server inherits it) from the environment this script runs in.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from queue import Empty, Queue

from validate_large import write_pack

ROOT = Path(__file__).resolve().parents[1]


class Client:
    """A minimal LSP client: requests, notifications, and the diagnostics as they come."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.diagnostics: Queue = Queue()
        self.replies: Queue = Queue()
        self.ids = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": os.getpid(), "capabilities": {}, "rootUri": None})
        self.notify("initialized", {})

    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            if message.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics.put((time.perf_counter(), message["params"]))
            elif "id" in message and "method" not in message:
                self.replies.put(message)

    def request(self, method: str, params) -> dict:
        self.ids += 1
        self._send({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params})
        return self.replies.get(timeout=120)

    def notify(self, method: str, params) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, uri: str, timeout: float = 120) -> tuple[float, list]:
        """When the next diagnostics of `uri` arrived, and what they are."""
        end = time.perf_counter() + timeout
        while True:
            try:
                at, params = self.diagnostics.get(timeout=max(end - time.perf_counter(), 0.01))
            except Empty:
                raise SystemExit(f"no diagnostics for {uri}") from None
            if params["uri"] == uri:
                return at, params["diagnostics"]

    def close(self) -> None:
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=30)


def time_case(name: str, path: Path, word: str, edits: int) -> dict:
    """Open `path` in a fresh server, then misspell and mend its first `word` in turn
    (an "s" added and taken away)."""
    text = path.read_text(encoding="utf-8")
    uri = path.resolve().as_uri()
    row = next(i for i, line in enumerate(text.split("\n")) if word in line)
    col = text.split("\n")[row].index(word) + len(word)
    client = Client()
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": text}})
    opened = client.wait(uri)[0] - start
    times = []
    for k in range(edits):
        broken = k % 2 == 0
        change = {"range": {"start": {"line": row, "character": col}, "end": {"line": row, "character": col + (not broken)}},
                   "text": "s" if broken else ""}
        start = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": k + 2},
                                                 "contentChanges": [change]})
        at, shown = client.wait(uri)
        if bool(shown) != broken:
            raise SystemExit(f"{name}: edit {k + 1} should {'' if broken else 'not '}have a problem: {shown}")
        times.append(at - start)
    client.close()
    return {"case": name, "open": opened, "median": statistics.median(times), "slowest": max(times)}


def time_checks(path: Path, word: str, edits: int) -> dict:
    """The same open and edits checked in this process, in processor time: the server's
    check alone, without the protocol, and less disturbed by other work on the machine."""
    from cardtable.lsp.checks import PackCheck, file_key, pack_folder

    text = path.read_text(encoding="utf-8")
    at = text.index(word) + len(word)
    folder = pack_folder(path.resolve())
    key = file_key(folder, path.resolve())
    check = PackCheck(folder)
    start = time.process_time()
    check.run({key: text})
    opened = time.process_time() - start
    times, how = [], set()
    for k in range(edits):
        edited = text[:at] + "s" + text[at:] if k % 2 == 0 else text
        start = time.process_time()
        check.run({key: edited})
        times.append(time.process_time() - start)
        how.add(check.how)
    return {"open": opened, "median": statistics.median(times), "slowest": max(times), "how": "/".join(sorted(how))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=10_000)
    ap.add_argument("--edits", type=int, default=21)
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    with tempfile.TemporaryDirectory(prefix="cardtable-lsp-") as tmp:
        packs = Path(tmp)
        for name in ("basic_tcg", "magic54"):
            shutil.copytree(ROOT / "variants" / name, packs / name)
        write_pack(packs / "large", args.cards)
        middle = f"set{(args.cards // 1000 + 1) // 2:02d}.yaml" if args.cards >= 2000 else "set01.yaml"
        cases = [("basic_tcg, a card of cards/scenarios.yaml", packs / "basic_tcg" / "cards" / "scenarios.yaml", "player loses the game"),
                 ("magic54, pack.yaml (checked whole)", packs / "magic54" / "pack.yaml", "this damage"),
                 (f"{args.cards:,} cards, a card of cards/{middle}", packs / "large" / "cards" / middle, "damage to"),
                 (f"{args.cards:,} cards, pack.yaml (checked whole)", packs / "large" / "pack.yaml", "draws 5 card")]
        print("over the protocol (wall-clock):")
        print(f"{'case':<48} {'open':>8} {'edit, median':>13} {'slowest':>9}")
        for name, path, word in cases:
            r = time_case(name, path, word, args.edits)
            print(f"{r['case']:<48} {r['open'] * 1000:>6.0f} ms {r['median'] * 1000:>10.1f} ms "
                  f"{r['slowest'] * 1000:>6.0f} ms")
        print("the check alone (processor time, in this process):")
        for name, path, word in cases:
            r = time_checks(path, word, args.edits)
            print(f"{name:<48} {r['open'] * 1000:>6.0f} ms {r['median'] * 1000:>10.1f} ms "
                  f"{r['slowest'] * 1000:>6.0f} ms  ({r['how']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
