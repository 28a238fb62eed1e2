"""Scenario tests: a position, the decisions each player takes, what must follow.

A scenario's game holds only the cards its setup names, so a position is exact.
Every failure names the scenario file and the line of the setup, step or
expectation concerned.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Report
from ..engine import primitives
from ..engine.decisions import IllegalAction
from ..engine.game import Game, GameState, OptionError
from ..engine.model import Pack
from ..engine.script import ScriptFrame
from ..engine.state import PlayerRef, RuleError, State, Table
from ..engine.turns import TurnFrame, start_value
from ..suggest import did_you_mean
from .importing import ImportProblem
from .project import project_roots, refusal
from .schemacheck import read_checked
from .yamlpos import PosDict
from .yamlpos import position as _pos     # the name "position" is a setup's here


class ScenarioFailure(Exception):
    """A scenario whose game did not go as it says; carries its file position."""

    def __init__(self, file: str, line: int, col: int, message: str):
        super().__init__(f"{file}:{line}:{col}: {message}")
        self.file, self.line, self.col, self.message = file, line, col, message


@dataclass
class Scenario:
    name: str
    file: str
    line: int
    raw: PosDict


def load_scenarios(path, report: Report, pack_folder: Path | None = None) -> list[Scenario]:
    """The scenarios of a file; of a pack's own file (in `pack_folder`/tests) only if it
    is one the pack may read."""
    if pack_folder is not None:
        why = refusal(path, project_roots(pack_folder))
        if why:
            report.add(str(path), 1, 1, f"cannot read the scenario file: {why}")
            return []
    loaded = read_checked(path, "scenario", report)
    if loaded is None:
        return []
    out = []
    for k, raw in enumerate(loaded.data["scenarios"]):
        line = loaded.data["scenarios"].item_pos[k][0]
        out.append(Scenario(raw["name"], loaded.filename, line, raw))
    return out


def scenario_files(pack: Pack | Path) -> list[Path]:
    """The scenario files of a pack, or of the pack in a folder."""
    folder = Path(pack.path if isinstance(pack, Pack) else pack) / "tests"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def run_scenario(pack: Pack, sc: Scenario) -> GameState:
    """Play a scenario; raise ScenarioFailure at the first thing that differs."""
    raw = sc.raw

    def fail(container, key, message):
        line, col = _pos(container, key)
        raise ScenarioFailure(sc.file, line, col, message)

    try:
        setup = raw.get("setup")
        n = len(setup["players"]) if setup and "players" in setup else raw.get("players")
        game = Game(pack, dict(raw.get("options") or {}), num_players=n)
    except OptionError as e:
        fail(raw, "options" if "options" in raw else "players", str(e))
    seed = raw.get("seed", 0)
    try:
        if setup is None:
            state = game.new_initial_state(seed=seed)
        else:
            state = _position(game, setup, seed, fail)
    except (RuleError, RecursionError) as e:
        fail(raw, "setup", f"the rules could not run: {e}")
    names = {p.name: p.seat for p in state.s.t.players}
    for k, step in enumerate(raw.get("script") or []):
        if isinstance(step, str):
            who, sep, label = step.partition(": ")
            expect_error = None
            if not sep:
                fail(raw["script"], k, f'write a step as "PLAYER: OPTION", not "{step}"')
        else:
            who, label, expect_error = step["player"], step["choose"], step.get("expect_error")
            if isinstance(who, int):
                who = state.s.t.players[who].name if 0 <= who < len(state.s.t.players) else str(who)
        seat = names.get(who)
        if seat is None:
            fail(raw["script"], k, f'unknown player "{who}"{did_you_mean(who, names)}')
        try:
            state.apply_label(label, seat)
        except IllegalAction as e:
            if expect_error is not None:
                if str(e) != expect_error:
                    fail(raw["script"], k, f'the move was refused with "{e}", not "{expect_error}"')
                continue
            where = f" ({state.prompt()})" if state.s.decision else ""
            fail(raw["script"], k, f"step {k + 1}: {e}{where}")
        except RuleError as e:
            fail(raw["script"], k, f"step {k + 1}: the rules could not run: {e}")
        else:
            if expect_error is not None:
                fail(raw["script"], k, f'the move was accepted, but it should be refused with "{expect_error}"')
    if "expect" in raw:
        check_expectations(state, raw["expect"], fail)
    return state


# ------------------------------------------------------------------ positions
def _entries(cards):
    """Card entries of a setup zone: (name, flags dict, index)."""
    out = []
    for i, entry in enumerate(cards or []):
        if isinstance(entry, str):
            name, _, flags = entry.partition(":")
            f = {}
            for word in flags.split(","):
                word = word.strip()
                if word:
                    f.setdefault("words", []).append(word)
            out.append((name.strip(), f, i))
        else:
            out.append((entry["card"], entry, i))
    return out


def position(game: Game, setup: dict, seed: int = 0) -> GameState:
    """A game set up as a scenario's `setup` says: a position to try a player on."""
    def fail(container, key, message):
        raise ScenarioFailure(message)
    return _position(game, setup, seed, fail)


def _position(game: Game, setup, seed: int, fail) -> GameState:
    pack = game.pack
    players = setup.get("players") or []
    placed = []           # (card name, owner seat, zone name, zone seat, flags, container, index)
    for seat, p in enumerate(players):
        for zname, cards in (p.get("zones") or {}).items():
            if zname not in pack.zone_by_name:
                fail(p["zones"], zname, f'unknown zone "{zname}"{did_you_mean(zname, pack.zone_by_name)}')
            for name, flags, i in _entries(cards):
                owner = _seat(flags.get("owner"), game, seat, fail, cards, i)
                placed.append((name, owner, zname, seat, flags, cards, i))
    for zname, cards in (setup.get("shared") or {}).items():
        if zname not in pack.zone_by_name:
            fail(setup["shared"], zname, f'unknown zone "{zname}"{did_you_mean(zname, pack.zone_by_name)}')
        for name, flags, i in _entries(cards):
            owner = _seat(flags.get("owner"), game, 0, fail, cards, i)
            placed.append((name, owner, zname, None, flags, cards, i))
    defs, owners = [], []
    for name, owner, *_rest in placed:
        card = _card_def(pack, name)
        if isinstance(card, str):
            fail(_rest[3], _rest[4], card)
        defs.append(card)
        owners.append(owner)
    ptable = tuple(PlayerRef(i, _name(pack, i)) for i in range(game.num_players))
    table = Table(pack, tuple(defs), tuple(owners), ptable, game.options)
    s = State(table, seed)
    s.turn = setup.get("turn", 1)
    s.active = _seat(setup.get("active", 0), game, 0, fail, setup, "active")
    for c, (name, owner, zname, zseat, flags, cards, i) in enumerate(placed):
        z = pack.zone_by_name[zname]
        zone = table.zone(zname, zseat if z.per_player else None)
        s.zones[zone].append(c)
        s.zone_of[c] = zone
        s.controller[c] = zseat if zseat is not None else owner
        s.entered[c] = flags.get("entered", 0)
        _apply_flags(s, c, flags, pack, cards, i, fail)
    for seat, p in enumerate(players):
        pv = s.pvars[seat]
        for name, counter in pack.player_counters.items():
            pv[name] = start_value(s, counter)
        if "life" in p:
            if pack.life_counter is None:
                fail(p, "life", "the pack names no life counter")
            pv[pack.life_counter] = p["life"]
        for name, value in (p.get("counters") or {}).items():
            if name not in pack.player_counters:
                fail(p["counters"], name, f'unknown player counter "{name}"{did_you_mean(name, pack.player_counters)}')
            pv[name] = value
        if p.get("out"):
            s.out[seat] = True
    phase, step = setup.get("phase"), setup.get("step")
    s.frames.append(_turn_frame(pack, phase, step, setup, fail))
    state = GameState(game, s)
    state.advance()
    return state


def _card_def(pack: Pack, name: str):
    """A card of the pack, or of its imports (a card no deck of the pack holds); a
    problem is returned as its message."""
    card = pack.cards.get(name)
    if card is None and pack.card_maker is not None:
        try:
            card = pack.card_maker.named(name, list(pack.sources.values()))
        except ImportProblem as e:
            return e.message
    if card is None:
        known = [*pack.cards, *(r["name"] for src in pack.sources.values() for r in src.records)]
        return f'unknown card "{name}"{did_you_mean(name, known)}'
    return card


def _name(pack, seat):
    if seat < len(pack.seats) and pack.seats[seat].get("name"):
        return pack.seats[seat]["name"]
    return f"Player {seat + 1}"


def _seat(value, game: Game, default: int, fail, container, key) -> int:
    if value is None:
        return default
    if isinstance(value, int):
        if 0 <= value < game.num_players:
            return value
        fail(container, key, f"there is no seat {value}")
    names = [_name(game.pack, i) for i in range(game.num_players)]
    if value in names:
        return names.index(value)
    fail(container, key, f'unknown player "{value}"{did_you_mean(value, names)}')


def _apply_flags(s: State, c: int, flags: dict, pack: Pack, cards, i, fail) -> None:
    words = list(flags.get("words", []))
    if flags.get("tapped"):
        words.append("tapped")
    if flags.get("face_down"):
        words.append("face_down")
    for word in words:
        head, _, rest = word.partition(" ")
        if word == "tapped":
            s.tapped[c] = True
        elif word == "face_down":
            s.face_down[c] = True
        elif head == "damage" and rest.isdigit():
            s.damage[c] = int(rest)
        elif head == "entered" and rest.isdigit():
            s.entered[c] = int(rest)
        elif head in pack.marks:
            value = True
            if rest:
                value = _card_named(s, rest)
                if value is None:
                    fail(cards, i, f'no card named "{rest}" in this position')
            primitives.set_mark(s, c, head, value, flags.get("until"))
        else:
            near = did_you_mean(head, ["tapped", "face_down", "damage", "entered", *pack.marks])
            fail(cards, i, f'unknown card state "{word}"{near} (write tapped, face_down, damage N, entered N or a mark)')
    if flags.get("damage"):
        s.damage[c] = flags["damage"]
    for name, n in (flags.get("counters") or {}).items():
        s.counters[(c, name)] = n
    for mark, value in (flags.get("marks") or {}).items():
        if mark not in pack.marks:
            fail(cards, i, f'unknown mark "{mark}"{did_you_mean(mark, pack.marks)}')
        if isinstance(value, str):
            target = _card_named(s, value)
            if target is None:
                fail(cards, i, f'no card named "{value}" in this position')
            value = target
        primitives.set_mark(s, c, mark, value, flags.get("until"))


def _card_named(s: State, name: str):
    for c, n in enumerate(s.t.names):
        if n == name:
            return c
    return None


def _turn_frame(pack: Pack, phase, step, setup, fail) -> TurnFrame:
    if phase is None:
        return TurnFrame()
    names = [p.name for p in pack.phases]
    if phase not in names:
        fail(setup, "phase", f'unknown phase "{phase}"{did_you_mean(phase, names)}')
    pi = names.index(phase)
    steps = [st.name for st in pack.phases[pi].steps]
    si = 0
    if step is not None:
        if step not in steps:
            fail(setup, "step", f'unknown step "{step}" of phase {phase}{did_you_mean(step, steps)}')
        si = steps.index(step)
    return TurnFrame(pi, si, started=True)


# --------------------------------------------------------------- expectations
def check_expectations(state: GameState, expect, fail) -> None:
    s = state.s
    names = [p.name for p in s.t.players]
    if "result" in expect:
        want = expect["result"]
        got = _result_text(s)
        if got != want:
            fail(expect, "result", f'the result is "{got}", not "{want}"')
    for seat, p in enumerate(expect.get("players") or []):
        who = names[seat]
        if "life" in p:
            got = s.pvars[seat].get(s.t.pack.life_counter, 0)
            if got != p["life"]:
                fail(p, "life", f"{who} has {got} life, not {p['life']}")
        for name, value in (p.get("counters") or {}).items():
            got = s.pvars[seat].get(name, 0)
            if got != value:
                fail(p["counters"], name, f"{who} has {name} {got}, not {value}")
        for zname, want in (p.get("zones") or {}).items():
            _check_zone(s, zname, seat, want, p["zones"], fail, who)
    for zname, want in (expect.get("shared") or {}).items():
        _check_zone(s, zname, None, want, expect["shared"], fail, None)
    for key, value in (("tapped", True), ("untapped", False)):
        for i, name in enumerate(expect.get(key) or []):
            c = _card_named(s, name)
            if c is None:
                fail(expect[key], i, f'no card named "{name}" in this game')
            if s.tapped[c] != value:
                fail(expect[key], i, f"{name} is {'tapped' if s.tapped[c] else 'untapped'}")
    for name, n in (expect.get("damage") or {}).items():
        c = _card_named(s, name)
        if c is None:
            fail(expect["damage"], name, f'no card named "{name}" in this game')
        if s.damage[c] != n:
            fail(expect["damage"], name, f"{name} has {s.damage[c]} damage, not {n}")
    log = state.log
    if "log" in expect:
        pos = 0
        for i, line in enumerate(expect["log"]):
            try:
                pos = log.index(line, pos) + 1
            except ValueError:
                near = did_you_mean(line, log)
                fail(expect["log"], i, f'the log has no line "{line}" after the lines matched before it{near}')
    for i, line in enumerate(expect.get("log_absent") or []):
        if line in log:
            fail(expect["log_absent"], i, f'the log has the line "{line}"')
    if "decision" in expect:
        d = expect["decision"]
        if s.decision is None:
            fail(expect, "decision", "no decision is open")
        if "player" in d and names[s.decision.player] != d["player"]:
            fail(d, "player", f"the decision is {names[s.decision.player]}'s, not {d['player']}'s")
        if "options" in d:
            got = [o.label for o in s.decision.options]
            if got != list(d["options"]):
                fail(d, "options", f"the options are: {'; '.join(got)}")


def _result_text(s: State) -> str:
    if s.result is None:
        return "ongoing"
    winners = [s.t.players[p].name for p, r in enumerate(s.result) if r > 0]
    if not winners:
        return "draw"
    return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}"


def _check_zone(s: State, zname: str, seat, want, container, fail, who) -> None:
    pack = s.t.pack
    if zname not in pack.zone_by_name:
        fail(container, zname, f'unknown zone "{zname}"{did_you_mean(zname, pack.zone_by_name)}')
    z = pack.zone_by_name[zname]
    zone = s.t.zone(zname, seat if z.per_player else None)
    got = [s.t.names[c] for c in s.zones[zone]]
    label = f"{who}'s {zname}" if who else zname
    if isinstance(want, dict):
        if len(got) != want["count"]:
            fail(container, zname, f"{label} holds {len(got)} cards, not {want['count']}")
        return
    if got != list(want):
        fail(container, zname, f"{label} holds [{', '.join(got)}], not [{', '.join(want)}]")
