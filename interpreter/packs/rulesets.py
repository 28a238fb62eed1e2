"""The `rulesets:` section: named versions of a game, as Ludii's rulesets are. Each sets
option values and changes cards (packs/changes.py), and is chosen by name with
`--ruleset`; every one is checked when the pack loads, so that a misspelt option,
card, family or property is reported at its line, not when someone picks the ruleset.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from ..engine.game import option_problems
from .build import Build
from .changes import REMOVE, REPLACE, SET, CardChange, ChangeError, check


@dataclass(frozen=True)
class Ruleset:
    name: str
    description: str
    options: dict
    changes: tuple          # of CardChange


def build_rulesets(b: Build) -> None:
    made = {}
    # What the checks of options and card changes read of the pack being built.
    pack = SimpleNamespace(name=b.d["name"], options=b.fields["options"], cards=b.fields["cards"],
                           declarations=b.decls, properties=b.names.properties, one_of=b.names.one_of)
    for name, raw in (b.d.get("rulesets") or {}).items():
        changes = _changes(b, pack, name, raw)
        given = raw.get("options") or {}
        # Every problem of every ruleset, each at its option, as `validate` tells a scenario's.
        for option, message in option_problems(pack, given):
            b.here(given, option, f'ruleset "{name}": {message}')
        options = dict(given)
        made[name] = Ruleset(name, raw.get("description", ""), options, tuple(changes))
    b.fields["rulesets"] = made


def _changes(b: Build, pack, name: str, raw) -> list:
    """The card changes of one ruleset, each checked, a problem reported at its key."""
    listed = []
    for cards, props in (raw.get("cards") or {}).items():
        listed += [(raw["cards"], cards, CardChange(cards, SET, prop, value)) for prop, value in props.items()]
    listed += [(raw["remove"], i, CardChange(cards, REMOVE)) for i, cards in enumerate(raw.get("remove") or ())]
    listed += [(raw["replace"], cards, CardChange(cards, REPLACE, None, by))
               for cards, by in (raw.get("replace") or {}).items()]
    changes = []
    for container, key, change in listed:
        try:
            check(pack, change)
        except ChangeError as e:
            b.here(container, key, f'ruleset "{name}": {e}')
            continue
        changes.append(change)
    return changes


def ruleset_of(pack, name: str | None):
    """The pack's ruleset of that name (None for none); raises ChangeError for a name it lacks."""
    if name is None:
        return None
    found = pack.rulesets.get(name)
    if found is None:
        from ..suggest import did_you_mean
        near = did_you_mean(name, pack.rulesets)
        have = near or (f" (its rulesets: {', '.join(pack.rulesets)})" if pack.rulesets else "; it has none")
        raise ChangeError(f'{pack.name} has no ruleset "{name}"{have}')
    return found
