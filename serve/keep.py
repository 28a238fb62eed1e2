"""A position met in play kept as a scenario test: designers make tests by playing.

The scenario's setup is the position at the table's mark (`GameState.as_setup`), its
script the decisions taken since, each as "Player: option" with the option as its
button read (told apart: "Ann: Play: Spark (tapped)"), and its expectations the
position now: every zone of every player and of the table, the players'
counters, and the decision open, its options as their buttons read (or the result). Before it is written it is run as
`cardtable test` runs it; one that would not pass is not written, and the designer
is told why.
"""
from __future__ import annotations

import re

import yaml

from ..interpreter.diagnostics import Report, render
from ..interpreter.packs.expectations import result_text
from ..interpreter.packs.files import ENCODING
from ..interpreter.packs.scenario import ScenarioFailure, load_scenarios, run_scenario
from .workspace import digest

NEW_FILE = "scenarios:\n"
_ITEM = re.compile(r"^( *)- name:", re.M)


class KeepError(Exception):
    """The position cannot be kept as a scenario; the message says why."""


def scenario_of(table, name: str) -> dict:
    start = table.before[table.mark] if table.mark < len(table.before) else table.state
    left_out = start.setup_leaves_out()
    if left_out:
        raise KeepError(f"the position at the start of the scenario cannot be written as a setup: a setup has no "
                        f"place for {'; '.join(left_out)}; start it at another decision")
    names = table.names
    # Each answer as shown, not as labelled: of two options that read the same, the label names the first.
    history = table.state.history
    script = [f"{names[history[k][0]]}: {table.shown(k)}" for k in range(table.mark, len(history))]
    out = {"name": name, "description": f"Played at the workbench from seed {table.seed}, "
                                        f"{len(script)} decision{'s' if len(script) != 1 else ''}.",
           "seed": start.setup_seed(), "options": dict(table.game.options), "setup": start.as_setup()}
    if script:
        out["script"] = script
    out["expect"] = expectations(table.state)
    return out


def expectations(state) -> dict:
    view = state.observation(None)
    players = []
    for p in view["players"]:
        zones = {z: [c["name"] for c in cards] for z, cards in p["zones"].items()}
        players.append({"zones": zones, "counters": dict(p["counters"])})
    expect = {"players": players}
    shared = {z: [c["name"] for c in cards] for z, cards in view["shared"].items()}
    if shared:
        expect["shared"] = shared
    if state.is_terminal():
        expect["result"] = result_text(state)
    else:
        expect["decision"] = {"player": state.seat_names[state.current_player()], "options": state.shown_labels()}
    return expect


def as_yaml_item(scenario: dict, indent: int) -> str:
    text = yaml.safe_dump([scenario], sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)
    pad = " " * indent
    return "".join(pad + line if line.strip() else line for line in text.splitlines(keepends=True))


def with_scenario(current: str | None, scenario: dict) -> str:
    """The text of the scenario file with the scenario added at its end."""
    if current is None:
        return NEW_FILE + as_yaml_item(scenario, 2)
    items = _ITEM.findall(current)
    indent = len(items[-1]) if items else 2
    return current + ("" if current.endswith("\n") or not current else "\n") + "\n" + as_yaml_item(scenario, indent)


def keep(table, served, pack, rel: str, name: str) -> str:
    """Adds the table's scenario to the file `rel` of the pack's tests/ folder, after
    running it; returns what to tell the designer. Raises KeepError or Refused."""
    # A name that begins with a letter or digit: a hidden file is one that `cardtable test` passes over.
    if not re.fullmatch(r"tests/\w[\w .-]*\.yaml", rel):
        raise KeepError(f'"{rel}" is not a scenario file of the pack: give tests/NAME.yaml')
    if not name.strip():
        raise KeepError("give the scenario a name")
    path = served.path(rel)
    current = served.read(rel).decode(*ENCODING) if path.exists() else None
    text = with_scenario(current, scenario_of(table, name.strip()))
    report = Report()
    found = load_scenarios(path, report, path.parent.parent, lambda: text.encode(*ENCODING))
    if not report.ok or not found or found[-1].name != name.strip():
        raise KeepError(f"{rel} cannot take the scenario (its list of scenarios must be its last part):\n"
                        f"{render(report, 'text')}")
    try:
        run_scenario(pack, found[-1])
    except ScenarioFailure as e:
        raise KeepError(f"the scenario would not pass, so it was not written: {e}") from None
    served.write(rel, text, None if current is None else digest(current.encode(*ENCODING)))
    return f'added the scenario "{name.strip()}" to {rel}: `cardtable test` runs it'


