"""Time of `cardtable validate` on a generated pack of 10,000 cards.

Every card is a standalone card with its own abilities in the effect language: effects
of one to three statements with their amounts, targets, conditions and costs drawn at
random (seeded), spread over card files of 1,000 cards each, as a large set would be.
The pack must come out valid.

    python benchmarks/validate_large.py                  # 10,000 cards, best of 5 runs
    python benchmarks/validate_large.py --cards 2000 --repeat 3
    python benchmarks/validate_large.py --venv /tmp/v    # reuse (or create) that venv
    python benchmarks/validate_large.py --keep /tmp/big  # keep the generated pack there

Like startup.py, it times a regular (non-editable) install in a fresh venv, as users
get it, on one core (the process is pinned when the system allows it; its children
inherit that). It reports the best of --repeat runs of the whole command (a fresh
process: start-up included), its processor time (less disturbed than the wall-clock
time when other work shares the machine), and the time of the check alone
(`validate_pack` in a fresh process, after the imports).
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from startup import _venv_bin, install  # the same regular install as the start-up benchmark

PACK = """\
# yaml-language-server: $schema=../../schemas/pack.schema.json
id: large
name: Large
version: 1.0.0
description: A generated pack of {cards:,} cards, to time validation.
players: {{min: 2, max: 2}}
options:
  starting_life: {{default: 20, min: 1}}
zones:
  deck: {{per: player, visibility: hidden, ordered: true, role: deck}}
  hand: {{per: player, visibility: owner, role: hand}}
  play: {{per: player, role: play}}
  discard: {{per: player, ordered: true, role: discard}}
card_types:
  creature: {{damageable: true}}
  spell: {{}}
  artifact: {{}}
properties:
  cost: {{default: 0}}
  power: {{default: 0}}
  toughness: {{default: 1}}
player_counters:
  life: {{start: starting_life}}
card_counters:
  charge: A charge counter.
keywords:
  flying: Can fly.
  reach: Blocks fliers.
  haste: Attacks at once.
marks:
  stunned: Does not untap.
durations:
  turn: Until the end of the turn.
windows:
  main: The main window.
currencies:
  mana: {{pay: tap, using: untapped artifacts you control in play}}
damage: {{to_players: life}}
define:
  fast: window is main
cards:
  - cards/*.yaml
setup: |
  for each p in players:
    set life of p to starting_life
    shuffle p's deck
    p draws 5 cards
turn:
  - phase: main
    script: |
      untap each card you control in play
      draw a card
      window main
checks: |
  for each p in players where life of it <= 0:
    p loses the game
  for each dead in creatures in play where damage of it >= toughness of it:
    discard dead
"""

CARD_FILE_HEAD = "# yaml-language-server: $schema=../../../schemas/cards.schema.json\ncards:\n"

# Statements an effect is made of (one to three of them), with what their target must
# be: None (no target), "object" (a creature or a player) or "card". {n}, {m} and {who}
# are filled in at random, {k} keeps each statement's variables apart.
STATEMENTS = [
    ("deal {n} damage to target", "object"),
    ("draw {n} cards", None),
    ("{who} draws {n} cards", None),
    ("add {n} charge counters to target", "card"),
    ("mark target as stunned until end of turn", "card"),
    ("if count of cards in your hand > {m}:\n  draw a card\nelse:\n  deal {n} damage to opponent", None),
    ("for each c{k} in creatures opponent controls in play:\n  deal {n} damage to c{k}", None),
    ("choose a card in your hand as spent{k}\ndiscard spent{k}\ndraw {n} cards", None),
    ("increase power of target by {n} until end of turn", "card"),
    ("repeat {n} times:\n  deal 1 damage to opponent", None),
    ("put target into its owner's hand", "card"),
    ("remove all damage from target", "card"),
    ("if life of you < {m}: set life of you to {m}", None),
    ("let x{k} be count of creatures you control in play\ndeal x{k} damage to opponent", None),
]
TARGETS = {"object": ["creature in play or player", "creature opponent controls in play"],
           "card": ["creature in play", "artifact opponent controls in play", "card in play where power of it >= {m}"],
           "both": ["creature in play", "creature opponent controls in play"]}
CONDITIONS = ["fast", "window is main and active player = you", "count of cards in your hand >= {m}",
              "turn > {m} and fast", None]
COSTS = ["{n}", "pay {n} mana", "tap this", "discard this", "remove 1 charge counters from this", None]


def card(i: int, rnd: random.Random) -> str:
    def fill(text: str, k: int = 0) -> str:
        return text.format(n=rnd.randint(1, 9), m=rnd.randint(1, 20), who=rnd.choice(["you", "opponent"]), k=k)

    types = rnd.choice([["creature"], ["spell"], ["artifact"], ["artifact", "creature"]])
    lines = [f"  - name: Card {i:05d}", f"    types: [{', '.join(types)}]", f"    cost: {rnd.randint(0, 7)}"]
    if "creature" in types:
        lines += [f"    power: {rnd.randint(0, 6)}", f"    toughness: {rnd.randint(1, 6)}"]
        kws = rnd.sample(["flying", "reach", "haste"], rnd.randint(0, 2))
        if kws:
            lines.append(f"    keywords: [{', '.join(kws)}]")
    lines.append(f'    text: "Card {i}: generated."')
    lines.append("    abilities:")
    for a in range(rnd.randint(1, 2)):
        picked = rnd.sample(STATEMENTS, rnd.choice([1, 1, 2, 2, 3]))
        needs = {need for _, need in picked}
        target = ("both" if {"card", "object"} <= needs else "card" if "card" in needs
                  else "object" if "object" in needs else None)
        lines.append(f"      - name: Ability {a + 1}")
        if "creature" not in types and a == 0:
            lines.append("        from: hand")
        condition, cost = rnd.choice(CONDITIONS), rnd.choice(COSTS)
        if condition:
            lines.append(f"        when: {fill(condition)}")
        if cost:
            lines.append(f"        cost: {fill(cost)}")
        if target:
            lines.append(f"        targets: {{target: {fill(rnd.choice(TARGETS[target]))}}}")
        lines.append("        effect: |")
        effect = "\n".join(fill(text, k) for k, (text, _) in enumerate(picked))
        lines += [f"          {row}" for row in effect.split("\n")]
    return "\n".join(lines) + "\n"


def write_pack(folder: Path, cards: int, per_file: int = 1000, seed: int = 0) -> None:
    rnd = random.Random(seed)
    (folder / "cards").mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(PACK.format(cards=cards), encoding="utf-8")
    for start in range(0, cards, per_file):
        body = "".join(card(i, rnd) for i in range(start + 1, min(start + per_file, cards) + 1))
        (folder / "cards" / f"set{start // per_file + 1:02d}.yaml").write_text(CARD_FILE_HEAD + body, encoding="utf-8")


def time_command(python: Path, folder: Path, repeat: int) -> tuple[float, float]:
    """Best wall-clock and best processor seconds of `cardtable validate FOLDER`."""
    exe = [str(python), "-m", "cardtable.cli", "validate", str(folder)]
    subprocess.run(exe, capture_output=True)          # warms the file cache and Lark's grammar cache
    wall = cpu = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(exe, capture_output=True, text=True)
        wall = min(wall, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            raise SystemExit(f"the generated pack is not valid:\n{done.stdout[-3000:]}")
    return wall, cpu


CHECK_ALONE = """
import sys, time
from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.validate import validate_pack
start = time.perf_counter()
assert validate_pack(sys.argv[1], Report())
print(time.perf_counter() - start)
"""


def time_check(python: Path, folder: Path, repeat: int) -> float:
    return min(float(subprocess.run([str(python), "-c", CHECK_ALONE, str(folder)], capture_output=True,
                                    text=True, check=True).stdout) for _ in range(repeat))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--venv", type=Path, default=None, help="venv to install into and time (default: a temp dir)")
    ap.add_argument("--no-install", action="store_true", help="time the --venv as it is, without reinstalling")
    ap.add_argument("--keep", type=Path, default=None, help="write the pack in this folder and keep it")
    ap.add_argument("--profile", action="store_true", help="print where the time of the check goes")
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})   # children inherit it

    with tempfile.TemporaryDirectory(prefix="cardtable-large-") as tmp:
        folder = args.keep or Path(tmp) / "large"
        start = time.perf_counter()
        write_pack(folder, args.cards)
        size = sum(p.stat().st_size for p in folder.rglob("*.yaml"))
        print(f"generated {args.cards:,} cards ({size / 1024 / 1024:.1f} MB of YAML) in "
              f"{time.perf_counter() - start:.1f} s")
        venv = args.venv or Path(tmp) / "venv"
        python = _venv_bin(venv, "python")
        if not args.no_install:
            install(venv)
        wall, cpu = time_command(python, folder, args.repeat)
        alone = time_check(python, folder, args.repeat)
        print(f"cardtable validate, {args.cards:,} cards: {wall:.2f} s ({cpu:.2f} s of processor time); "
              f"the check alone {alone:.2f} s  (best of {args.repeat})")
        if args.profile:
            from cardtable.interpreter.diagnostics import Report
            from cardtable.interpreter.packs.validate import validate_pack

            profile = cProfile.Profile()
            profile.runcall(validate_pack, str(folder), Report())
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
