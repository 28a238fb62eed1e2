"""Scenario tests: a position, the decisions each player takes, what must follow.

A scenario's game holds only the cards its setup names, so a position is exact.
Every failure names the scenario file and the line of the setup, step or
expectation concerned.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Report
from ..engine.decisions import IllegalAction
from ..engine.game import Game, GameState, OptionError
from ..engine.model import Pack
from ..engine.positions import table_value
from ..engine.state import RuleError
from ..engine.tables import shown
from ..suggest import did_you_mean
from .importing import ImportProblem
from .project import project_roots, refusal
from .schemacheck import read_checked
from .yamlpos import PosDict


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


def _pos(container, key):
    for attr in ("value_pos", "key_pos"):
        table = getattr(container, attr, None)
        if table and key in table:
            return table[key]
    item_pos = getattr(container, "item_pos", None)
    if item_pos and isinstance(key, int) and key < len(item_pos):
        return item_pos[key]
    return getattr(container, "pos", (1, 1))


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
    names = {name: seat for seat, name in enumerate(state.seat_names)}
    for k, step in enumerate(raw.get("script") or []):
        if isinstance(step, str):
            who, sep, label = step.partition(": ")
            expect_error = None
            if not sep:
                fail(raw["script"], k, f'write a step as "PLAYER: OPTION", not "{step}"')
        else:
            who, label, expect_error = step["player"], step["choose"], step.get("expect_error")
            if isinstance(who, int):
                who = state.seat_names[who] if 0 <= who < len(state.seat_names) else str(who)
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
            where = f" ({state.prompt()})" if state.decision else ""
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
def position(game: Game, setup: dict, seed: int = 0) -> GameState:
    """A game set up as a scenario's `setup` says: a position to try a player on.
    A setup that does not fit the pack raises SetupError."""
    return game.position(setup, seed, card_def=lambda name: _card_def(game.pack, name))


def _position(game: Game, setup, seed: int, fail) -> GameState:
    return game.position(setup, seed, fail, lambda name: _card_def(game.pack, name))


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


# --------------------------------------------------------------- expectations
def check_expectations(state: GameState, expect, fail) -> None:
    names = state.seat_names
    view = state.observation(None)      # everything, every card named, with its id
    if "result" in expect:
        want = expect["result"]
        got = _result_text(state)
        if got != want:
            fail(expect, "result", f'the result is "{got}", not "{want}"')
    for seat, p in enumerate(expect.get("players") or []):
        _check_player(state, view, seat, p, fail)
    for zname, want in (expect.get("shared") or {}).items():
        _check_zone(state, view, zname, None, want, expect["shared"], fail, None)
    _check_cards(view, expect, fail)
    _check_table(state, expect, fail)
    for name, want in (expect.get("places") or {}).items():
        places = state.places()
        seat = state.seat_names.index(name) if name in state.seat_names else None
        if seat is None:
            fail(expect["places"], name, f'unknown player "{name}"{did_you_mean(name, state.seat_names)}')
        got = "none: the game is not over" if places is None else places[seat]
        if got != want:
            fail(expect["places"], name, f"{name}'s place is {got}, not {want}")
    for key, want in (expect.get("rounds") or {}).items():
        got = (view.get("rounds") or {}).get(key, "no such round")
        if got != want:
            fail(expect["rounds"], key, f"the {key} is {got}, not {want}" if key == "leader" else
                 f"it is {key} {got}, not {key} {want}")
    _check_log(state.log, expect, fail)
    if "decision" in expect:
        d, open_now = expect["decision"], state.decision
        if open_now is None:
            fail(expect, "decision", "no decision is open")
        if "player" in d and names[open_now.player] != d["player"]:
            fail(d, "player", f"the decision is {names[open_now.player]}'s, not {d['player']}'s")
        if "options" in d:
            got = state.legal_labels()
            if got != list(d["options"]):
                fail(d, "options", f"the options are: {'; '.join(got)}")


def _check_table(state: GameState, expect, fail) -> None:
    for name, want in (expect.get("table") or {}).items():
        value = table_value(state.s, name, want, expect["table"], fail)
        got = state.s.table[name]
        if got != value:
            fail(expect["table"], name, f"{name} is {shown(got)}, not {shown(value)}")


def _check_player(state: GameState, view: dict, seat: int, p, fail) -> None:
    who = state.seat_names[seat]
    counters = view["players"][seat]["counters"]
    if "life" in p:
        got = counters.get(state.game.pack.life_counter, 0)
        if got != p["life"]:
            fail(p, "life", f"{who} has {got} life, not {p['life']}")
    for name, value in (p.get("counters") or {}).items():
        got = counters.get(name, 0)
        if got != value:
            fail(p["counters"], name, f"{who} has {name} {got}, not {value}")
    for zname, want in (p.get("zones") or {}).items():
        _check_zone(state, view, zname, seat, want, p["zones"], fail, who)


def _check_cards(view: dict, expect, fail) -> None:
    """Tapped, untapped and damaged cards, each the first card of its name (its lowest id)."""
    cards = {}
    for zones in [p["zones"] for p in view["players"]] + [view["shared"]]:
        for zone in zones.values():
            cards.update((card["id"], card) for card in zone)
    first = {}
    for c in sorted(cards, reverse=True):
        first[cards[c]["name"]] = cards[c]
    for key, value in (("tapped", True), ("untapped", False)):
        for i, name in enumerate(expect.get(key) or []):
            card = first.get(name)
            if card is None:
                fail(expect[key], i, f'no card named "{name}" in this game')
            if card.get("tapped", False) != value:
                fail(expect[key], i, f"{name} is {'tapped' if card.get('tapped') else 'untapped'}")
    for name, n in (expect.get("damage") or {}).items():
        card = first.get(name)
        if card is None:
            fail(expect["damage"], name, f'no card named "{name}" in this game')
        if card.get("damage", 0) != n:
            fail(expect["damage"], name, f"{name} has {card.get('damage', 0)} damage, not {n}")


def _check_log(log: list, expect, fail) -> None:
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


def _result_text(state: GameState) -> str:
    if not state.is_terminal():
        return "ongoing"
    places = state.places()
    winners = [state.seat_names[p] for p, place in enumerate(places) if place == 1]
    if len(winners) == len(places):
        return "draw"
    return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}"


def _check_zone(state: GameState, view: dict, zname: str, seat, want, container, fail, who) -> None:
    pack = state.game.pack
    if zname not in pack.zone_by_name:
        fail(container, zname, f'unknown zone "{zname}"{did_you_mean(zname, pack.zone_by_name)}')
    if pack.zone_by_name[zname].per_player:
        cards = view["players"][seat or 0]["zones"][zname]
    else:
        cards = view["shared"][zname]
    got = [card["name"] for card in cards]
    label = f"{who}'s {zname}" if who else zname
    if isinstance(want, dict):
        if len(got) != want["count"]:
            fail(container, zname, f"{label} holds {len(got)} cards, not {want['count']}")
        return
    if got != list(want):
        fail(container, zname, f"{label} holds [{', '.join(got)}], not [{', '.join(want)}]")
