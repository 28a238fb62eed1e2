"""Playthroughs: one seeded game of each built-in pack between random players,
written decision by decision to tests/playthroughs/NAME.txt and compared here with
the game as it plays now (after OpenSpiel's playthrough tests).

Each transcript gives, for the first decisions of its game, who decides, the
prompt, the options offered (numbered), the option taken and the log lines since
the last decision (a line some players may not read shows what the others read).
At intervals it gives what each seat may see (its observation), so a change to
hidden information shows too; then how the game ends when played on.

A change that is meant to change how games play (a rule fixed in a pack, a new log
line) changes the transcripts: regenerate them, read the diff and commit it with
the change, saying why:

    python -m pytest tests/test_playthroughs.py --regen-playthroughs

(the option is declared in tests/conftest.py). A change that must not change play
(a speed-up, a reorganisation) leaves them as they are.
"""
from __future__ import annotations

import difflib
import json
import random
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.play.agents import RandomAgent

FOLDER = Path(__file__).parent / "playthroughs"
REGEN = "python -m pytest tests/test_playthroughs.py --regen-playthroughs"
SHOWN = 80              # lines of a failing diff shown: where the games part, not all that follows

# file name: pack, options, players, seed, decisions written, observations every N decisions
PLAYTHROUGHS = {
    "magic54": ("magic54", {}, None, 0, 32, 16),
    "pub_magic_3_players": ("pub_magic", {}, 3, 0, 30, 15),
    "basic_tcg_last_standing": ("basic_tcg", {"scenario": "Last Standing"}, None, 0, 30, 15),
    "basic_tcg_conquest": ("basic_tcg", {"scenario": "Conquest"}, None, 1, 30, 15),
    "crazy_eights_3_players": ("crazy_eights", {}, 3, 0, 30, 15),
    "go_fish_3_players": ("go_fish", {}, 3, 0, 30, 15),
    "hearts": ("hearts", {}, None, 0, 30, 15),
    "lane_duel": ("lane_duel", {}, None, 0, 30, 15),
    "stack_duel": ("stack_duel", {}, None, 0, 30, 15),
}


def text(value) -> str:
    """A value of an observation as it reads: text bare (an empty text quoted), the rest as JSON."""
    return value if isinstance(value, str) and value else json.dumps(value, ensure_ascii=False)


def card_text(view: dict) -> str:
    """A card as a seat sees it: its name, its id when the seat may know it, then
    whatever else the observation says of it."""
    out = view["name"] + (f" #{view['id']}" if "id" in view else "")
    extra = [k if v is True else f"{k} {text(v)}" for k, v in view.items() if k not in ("name", "id")]
    return out + (f" ({', '.join(extra)})" if extra else "")


def zone_text(cards) -> str:
    if isinstance(cards, dict):          # a zone the seat may not look into
        return ", ".join(f"{k} {text(v)}" for k, v in cards.items())
    return ", ".join(card_text(c) for c in cards) or "-"


def fields(d: dict, skip: tuple) -> str:
    return ", ".join(f"{k} {text(v)}" for k, v in d.items() if k not in skip)


def observation_lines(state, seat: int) -> list[str]:
    """Every field of the seat's observation, a line for each zone."""
    o = state.observation(seat)
    lines = [f"  seen by {o['players'][seat]['name']}: {fields(o, ('players', 'shared', 'pile', 'decision'))}"]
    for p in o["players"]:
        lines.append(f"    {p['name']}: {fields(p, ('name', 'zones'))}")
        lines += [f"      {z}: {zone_text(cards)}" for z, cards in p["zones"].items()]
    lines += [f"    {z}: {zone_text(cards)}" for z, cards in o["shared"].items()]
    lines.append(f"    pile (effects waiting): {', '.join(fields(e, ()) for e in o['pile']) or '-'}")
    if "decision" in o:
        lines.append(f"    decision: {fields(o['decision'], ())}")
    return lines


def log_lines(state, start: int) -> list[str]:
    out = []
    for entry in state.s.log[start:]:
        line = f"  > {entry[2]}"
        if len(entry) > 5:      # one player's reading of a line an onlooker reads in another
            line = f"  > (read by {', '.join(state.s.t.players[p].name for p in entry[3])}) {entry[2]}"
        elif len(entry) > 3:
            readers = ", ".join(state.s.t.players[p].name for p in entry[3])
            line += f"  [read by {readers}; the others read: {entry[4]}]"
        out.append(line)
    return out


def transcript(pack, options, players, seed, decisions, every) -> str:
    game = Game(pack, options, num_players=players)
    state = game.new_initial_state(seed=seed)
    agent = RandomAgent(random.Random(seed))
    seats = range(game.num_players)
    lines = [f"# {pack.name}: seed {seed}, {game.num_players} players, options {text(game.options)}",
             f"# every seat played by the random agent seeded {seed}; regenerate with {REGEN}",
             "", "before the first decision:", *log_lines(state, 0)]
    n = 0
    while not state.is_terminal() and n < decisions:
        if n % every == 0:
            lines += ["", f"observations after {n} decisions:"] + [x for p in seats for x in observation_lines(state, p)]
        d, start, n = state.s.decision, len(state.s.log), n + 1
        choice = agent.choose(state)
        lines += ["", f"decision {n}: {state.s.t.players[d.player].name} ({d.kind}): {d.prompt}",
                  "  options: " + " | ".join(f"{i} {o.label}" for i, o in enumerate(d.options)),
                  f"  takes {choice}: {d.options[choice].label}"]
        state.apply_action(choice)
        lines += log_lines(state, start)
    lines += ["", f"observations after {n} decisions:"] + [x for p in seats for x in observation_lines(state, p)]
    return "\n".join(lines + ending(state, agent, n)) + "\n"


def ending(state, agent, n: int) -> list[str]:
    """The rest of the game played by the same agent, told by its end."""
    start = len(state.s.log)
    while not state.is_terminal():
        state.apply_action(agent.choose(state))
        n += 1
    places = f", places {text(state.places())}" if state.game.pack.ranks else ""
    return ["", f"played on: the game ends after {n} decisions, on turn {state.s.turn}, "
            f"returns {text(state.returns())}{places}; its last log lines:", *log_lines(state, max(start, len(state.s.log) - 3))]


@pytest.fixture(scope="module")
def packs():
    return {name: load_pack(name, Report()) for name in ("magic54", "pub_magic", "basic_tcg", "crazy_eights", "go_fish",
                                                          "hearts", "lane_duel", "stack_duel")}


@pytest.mark.parametrize("name", list(PLAYTHROUGHS))
def test_the_game_plays_as_its_transcript_says(packs, request, name):
    pack, *rest = PLAYTHROUGHS[name]
    now = transcript(packs[pack], *rest)
    path = FOLDER / f"{name}.txt"
    if request.config.getoption("--regen-playthroughs"):
        path.write_text(now, encoding="utf-8")
        return
    if not path.is_file():
        pytest.fail(f"{path} does not exist; write it with: {REGEN}", pytrace=False)
    before = path.read_text(encoding="utf-8")
    if now != before:
        diff = list(difflib.unified_diff(before.splitlines(), now.splitlines(), f"{path.name} (recorded)",
                                         f"{path.name} (as the game plays now)", lineterm="", n=2))
        more = f"\n... and {len(diff) - SHOWN} more lines of difference" if len(diff) > SHOWN else ""
        pytest.fail(f"the game no longer plays as {path.name} says:\n" + "\n".join(diff[:SHOWN]) + more
                    + f"\n\nIf the change is meant, regenerate the transcripts with: {REGEN}", pytrace=False)
