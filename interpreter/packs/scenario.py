"""Scenario tests: a position, the decisions each player takes, what must follow.

A scenario's game holds only the cards its setup names, so a position is exact. Its
script is a list of steps, each of a kind in the table STEPS (a decision, an
expectation on the way, a stop); its expectations are checked by the table of
expectations.py. Every failure names the scenario file and the line of the setup,
step or expectation concerned, and carries the game as it was then.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..diagnostics import Report
from ..engine.decisions import IllegalAction
from ..engine.game import Game, GameState, OptionError
from ..engine.model import Pack
from ..engine.state import RuleError
from ..suggest import did_you_mean
from .expectations import Look, check_expectations, entries, option_said, ordinal, result_text
from .importing import ImportProblem
from .project import project_roots, refusal
from .schemacheck import fits_schema, read_yaml
from .stops import PAUSE, Target, check_condition_syntax, stop_target, stoppable
from .yamlpos import PosDict
from .yamlpos import position as _pos     # the name "position" is a setup's here


class ScenarioFailure(Exception):
    """A scenario whose game did not go as it says; carries its file position, and
    the game as it was then (`state`: None when it failed before the game began;
    `paused`: where the scenario had stopped the game, if it had; `more`: the problems
    found beside this one before the game began, diagnostics.Problem each, as a
    scenario's options have them all told at once)."""

    def __init__(self, file: str, line: int, col: int, message: str, state: GameState | None = None,
                 paused: str | None = None, more: list = ()):
        super().__init__(f"{file}:{line}:{col}: {message}")
        self.file, self.line, self.col, self.message = file, line, col, message
        self.state, self.paused = state, paused
        self.more = list(more)


@dataclass
class Scenario:
    name: str
    file: str
    line: int
    raw: PosDict
    pack: str | None = None      # the file's `pack:`, as written


def load_scenarios(path, report: Report, pack_folder: Path | None = None, read=None) -> list[Scenario]:
    """The scenarios of a file; of a pack's own file (in `pack_folder`/tests) only if it
    is one the pack may read. `read()` gives the file's bytes instead of the disk (an
    editor's unsaved text)."""
    if pack_folder is not None:
        why = refusal(path, project_roots(pack_folder))
        if why:
            report.add(str(path), 1, 1, f"cannot read the scenario file: {why}")
            return []
    loaded = read_yaml(path, report, read)
    if loaded is None:
        return []
    if not fits_schema(loaded, "scenario", report):
        check_condition_syntax(loaded.data, loaded.filename, report)
        return []
    out = []
    for k, raw in enumerate(loaded.data["scenarios"]):
        line = loaded.data["scenarios"].item_pos[k][0]
        out.append(Scenario(raw["name"], loaded.filename, line, raw, loaded.data.get("pack")))
    return out


def is_scenario_file(target: str) -> bool:
    """A target of `cardtable test` that names a scenario file rather than a pack."""
    return Path(target).suffix in (".yaml", ".yml") and Path(target).name != "pack.yaml"


def scenarios_to_run(targets, pack: str | None, report: Report) -> dict:
    """What `cardtable test` runs, by pack (a name or a path, in the order given): a
    function of the loaded pack giving the scenarios, those of its tests/ folder when
    the pack is a target, and those of each scenario file given that runs against it
    (`pack`, else the file's `pack:`, else the pack whose tests/ folder holds it)."""
    plan: dict = {}
    for target in targets:
        if not is_scenario_file(target):
            plan.setdefault(target, []).append(None)
            continue
        scenarios = load_scenarios(target, report)
        if not scenarios:
            continue
        against = pack or file_pack(target, scenarios[0].pack)
        if against is None:
            report.add(target, 1, 1, "no pack to run these scenarios against: write the pack's name or "
                                     "path as `pack:` at the top of the file, or give --pack")
            continue
        plan.setdefault(against, []).append(scenarios)
    return {name: _scenarios_of(parts, report) for name, parts in plan.items()}


def file_pack(path, written: str | None) -> str | None:
    """The pack a scenario file names: a built-in (or variants/) pack by its name, a
    pack folder by its path from the file's folder; without `pack:`, the pack whose
    tests/ folder holds the file."""
    folder = Path(path).parent
    if written is None:
        home = folder.parent
        return str(home) if folder.name == "tests" and (home / "pack.yaml").is_file() else None
    if "/" in written or "\\" in written or written in (".", ".."):
        return str(folder / written)
    return written


def _scenarios_of(parts: list, report: Report):
    def scenarios(pack: Pack) -> list[Scenario]:
        out = []
        for part in parts:
            if part is not None:
                out += part
                continue
            for path in scenario_files(pack):
                out += load_scenarios(path, report, pack.path)
        return out
    return scenarios


def scenario_files(pack: Pack | Path) -> list[Path]:
    """The scenario files of a pack, or of the pack in a folder; a hidden file (an
    editor's lock or backup) is none."""
    folder = Path(pack.path if isinstance(pack, Pack) else pack) / "tests"
    return sorted(p for p in folder.glob("*.yaml") if not p.name.startswith(".")) if folder.is_dir() else []


def run_scenario(pack: Pack, sc: Scenario) -> GameState:
    """Play a scenario; raise ScenarioFailure at the first thing that differs."""
    run = Run(pack, sc)
    run.start()
    script = sc.raw.get("script") or []
    for k, step in enumerate(script):
        kind = step_kind(step)
        STEPS[kind](run, step, script, k)
    # What the game does by itself after the script follows from its last step.
    run.settle(at=(script, len(script) - 1) if script else (sc.raw, "name"))
    if "expect" in sc.raw:
        check_expectations(run.look(), sc.raw["expect"])
    return run.state


class Run:
    """A scenario as it plays: its game, the decisions its script made, those the
    game took by itself since, and where it stopped the game (see stops.py)."""

    def __init__(self, pack: Pack, sc: Scenario):
        self.sc = sc
        script = sc.raw.get("script") or []
        self.pack = stoppable(pack, any(isinstance(step, dict) and "until" in step for step in script))
        # Decisions with one option are taken without the script, as the pack takes them.
        self.auto = sc.raw.get("auto", True) and pack.auto_single
        self.state: GameState | None = None
        self.taken: list[str] = []      # "Red: pass", since the script's last move
        self.moves = 0                  # the script's decisions so far
        self.paused: str | None = None  # where the scenario stopped the game, in a designer's words
        self.passed = False             # it stopped there because it was past the point asked

    def fail(self, container, key, message: str):
        line, col = _pos(container, key)
        raise ScenarioFailure(self.sc.file, line, col, message, self.state, self.paused)

    def look(self) -> Look:
        return Look(self.state, self.fail, list(self.taken), self.paused)

    def start(self) -> None:
        from .scenarionames import settled     # which imports this module

        raw = self.sc.raw
        setup = raw.get("setup")
        problems = Report()
        n = settled(self.pack, self.sc, problems)
        if not problems.ok:     # every one, not the first that Game would stop at
            first, *more = problems.problems
            raise ScenarioFailure(first.file, first.line, first.col, first.message, more=more)
        try:
            game = Game(self.pack, dict(raw.get("options") or {}), num_players=n, deals=setup is None)
        except OptionError as e:
            self.fail(raw, None, str(e))
        seed = raw.get("seed", 0)
        try:
            if setup is None:
                self.state = game.new_initial_state(seed=seed)
            else:
                self.state = game.position(setup, seed, self.fail, lambda name: _card_def(game.pack, name))
        except (RuleError, RecursionError) as e:
            self.fail(raw, "setup", f"the rules could not run: {e}")

    def go_on(self, at: tuple) -> None:
        """The game goes on from where the scenario stopped it."""
        self.paused = None
        self.settle(at=at)

    def settle(self, target: Target | None = None, at: tuple = ()) -> None:
        """Play on through what needs no script: the decisions the pack takes by itself
        (one option) and the pauses as steps begin, up to a decision a player must
        make, the end of the game, or the point `target` (or past it). A rule that
        breaks meanwhile fails the scenario at `at` (container, key), the step that
        led there."""
        try:
            self._settle(target)
        except (RuleError, RecursionError) as e:
            self.fail(*at, f"the rules could not run: {e}")

    def _settle(self, target: Target | None) -> None:
        state = self.state
        holds = target.holds if target is not None else None
        while self.paused is None:
            # A condition is looked at each decision, and at the end of the game.
            if holds is not None and holds(state):
                self.paused, self.passed = f"as {target.said}", False
                return
            d = state.decision
            if d is None:
                return
            if d.kind == PAUSE:
                where = target.compare(d.options[0].value) if target is not None else -1
                if where >= 0:
                    self.paused, self.passed = d.prompt, where > 0
                    return
                state.skip_decision()       # nobody decides a pause: it leaves nothing in the game's history
            elif self.auto and len(d.options) == 1:
                self.taken.append(f"{state.seat_names[d.player]}: {d.options[0].label}")
                state.apply_action(0)
            else:
                return


# ------------------------------------------------------------------ the script's steps
# Each kind of step: `do(run, step, script, k)`, k its index in the script. A mapping
# step is the kind of the first of these keys it has; a text step is a decision.
STEPS: dict[str, Callable] = {}
script_step = entries(STEPS)


def step_kind(step) -> str:
    if isinstance(step, str):
        return "choose"
    return next(key for key in STEPS if key in step)


@script_step("choose")
def _decide(run: Run, step, script, k: int) -> None:
    run.go_on((script, k))
    taken, run.taken = run.taken, []
    state = run.state
    written = None
    if isinstance(step, str):
        who, sep, label = step.partition(": ")
        expect_error = None
        if not sep:
            run.fail(script, k, f'write a step as "PLAYER: OPTION", not "{step}"')
    else:
        who, written, expect_error = step["player"], step["choose"], step.get("expect_error")
        label = [option_said(v) for v in written] if isinstance(written, list) else option_said(written)
        if isinstance(who, int):
            who = state.seat_names[who] if 0 <= who < len(state.seat_names) else str(who)
    names = {name: seat for seat, name in enumerate(state.seat_names)}
    seat = names.get(who)
    if seat is None:
        run.fail(script, k, f'unknown player "{who}"{did_you_mean(who, names)}')
    run.moves += 1
    where = f"step {k + 1}" + (f" (the script's {ordinal(run.moves)} decision)" if run.moves != k + 1 else "")
    try:
        if isinstance(label, list):
            pick_all(run, seat, label, script, k, where)
        else:
            state.apply_label(label, seat)
    except IllegalAction as e:
        if expect_error is not None:
            if str(e) != expect_error:
                run.fail(script, k, f'the move was refused with "{e}", not "{expect_error}"')
            return
        said = f" ({state.prompt()})" if state.decision else ""
        run.fail(script, k, f"{where}: {e}{said}{_taken_already(taken, who, label)}{_as_list(state, who, label)}"
                            f"{_as_yaml_reads(written)}")
    except RuleError as e:
        run.fail(script, k, f"{where}: the rules could not run: {e}")
    if expect_error is not None:
        run.fail(script, k, f'the move was accepted, but it should be refused with "{expect_error}"')


def _as_yaml_reads(written) -> str:
    """The hint of a label written unquoted that YAML read as true or false (`on`, `off`)
    or as a decimal number: the scenario names the option as YAML read it."""
    values = written if isinstance(written, list) else [written]
    if any(isinstance(v, bool) for v in values):
        return ('; unquoted, YAML reads yes, no, on, off, true and false as true or false, which name the '
                'options "yes" and "no": write any other label in quotes')
    if any(isinstance(v, float) for v in values):
        return "; unquoted, a number is named as YAML reads it (1e3 as 1000.0): write it in quotes as the option reads"
    return ""


def _taken_already(taken: list, who: str, label) -> str:
    """Why the decision a step names is not open, when the game took it by itself: a
    decision with one option is not the script's to make."""
    if isinstance(label, str) and f"{who}: {label}" in taken:
        return (f'; the game took "{who}: {label}" by itself, the only option then: a script names only '
                f'real choices (`taken` expects those the game took, `auto: false` scripts every decision)')
    return ""


def _as_list(state, who: str, label) -> str:
    """The hint of several options written in one text ("Ann: Fox, Eel"), some of which
    are offered: a card's name may hold a comma, so the cards of a choice of several are
    a list."""
    if not isinstance(label, str) or ", " not in label or state.decision is None:
        return ""
    parts = label.split(", ")
    if not any(state.named(part) for part in parts):
        return ""
    return f'; name the options of one choice as a list: {{player: {who}, choose: [{", ".join(parts)}]}}'


def pick_all(run: Run, seat: int, labels: list, script, k: int, where: str) -> None:
    """The options of one choice made again and again (the cards of a payment, of a
    choice of several), named in any order: each is taken when it is offered, the
    cards in the order offered, what names no card (done, none) last."""
    state = run.state
    first = state.decision
    left = list(labels)
    log_from = len(state.log)
    while left:
        d = state.decision
        if d is None or d.player != seat or d.resume is not first.resume:
            break
        hits = {name: state.named(name) for name in left}
        order = [i for i, o in enumerate(d.options) if any(i in h for h in hits.values()) and o.value is not None]
        order = order or [i for i in range(len(d.options)) if any(i in h for h in hits.values())]
        if not order:
            raise IllegalAction(f'none of {", ".join(left)} is an option; the options are: '
                                f'{"; ".join(state.shown_labels())}')
        left.remove(next(name for name, h in hits.items() if order[0] in h))
        state.apply_action(order[0])
    # The rules take the last cards by themselves when they are the only way to finish
    # (a payment): the log names them.
    said = "\n".join(state.log[log_from:])
    for label in left:
        name = label.rpartition(" (")[0] or label      # "Bear (tapped)" is logged as a Bear
        if name not in said:
            run.fail(script, k, f'{where}: the choice was over before "{label}" was chosen')


@script_step("expect")
def _expect(run: Run, step, script, k: int) -> None:
    run.settle(at=(script, k))
    check_expectations(run.look(), step["expect"])


@script_step("until")
def _until(run: Run, step, script, k: int) -> None:
    target = stop_target(run.pack, step["until"], run.fail, run.state.seat_names)
    run.taken = []
    run.paused = None
    run.settle(target, (script, k))
    state = run.state
    if state.is_terminal() and run.paused is None:
        before = f' and "{step["until"]["condition"]}" never held' if target.holds else f", before {target.said}"
        run.fail(step, "until", f"the game ended on turn {state.turn}{before}: {result_text(state)}")
    if run.paused is None:
        run.fail(step, "until", f"the game waits for a decision before {target.said}: {state.prompt()}")
    if run.passed:
        run.fail(step, "until", f"the game is past {target.said}: the scenario stopped it {run.paused}")


# ------------------------------------------------------------------ positions
def position(game: Game, setup: dict, seed: int = 0) -> GameState:
    """A game set up as a scenario's `setup` says: a position to try a player on.
    A setup that does not fit the pack raises SetupError."""
    return game.position(setup, seed, card_def=lambda name: _card_def(game.pack, name))


def _card_def(pack: Pack, name: str):
    """A card of the pack, or of its imports (a card no deck of the pack holds); a
    problem is returned as its message."""
    card = pack.cards.get(name) or pack.tokens.get(name)
    if card is None and pack.card_maker is not None:
        try:
            card = pack.card_maker.named(name, list(pack.sources.values()))
        except ImportProblem as e:
            return e.message
    return unknown_card(pack, name) if card is None else card


def is_card(pack: Pack, name: str) -> bool:
    """Whether `name` is a card of the pack or of its imports (the card is not made)."""
    return (name in pack.cards or name in pack.tokens
            or pack.card_maker is not None and any(src.find(name) is not None for src in pack.sources.values()))


def unknown_card(pack: Pack, name: str) -> str:
    known = [*pack.cards, *pack.tokens, *(r["name"] for src in pack.sources.values() for r in src.records)]
    return f'unknown card "{name}"{did_you_mean(name, known)}'
