"""What a pack's scenarios leave untested: `cardtable test --coverage`.

While the scenarios run, their pack is a copy (`covering`) that holds a Recorder as
Pack.coverage, and whose scripts of pack.yaml each begin by noting that they ran. The
engine tells the recorder each ability used or fired (activation.py), each effect that
happens (activation.py, resolution.py), the static abilities that apply to some card
as the view of the cards is made (layers.py) and each replacement that applies
(replacements.py). A pack played without --coverage has no recorder, and the engine
looks only at Pack.coverage being None, once an ability is used or the view made.

Afterwards `summarize` reads the pack back: every ability written in it (of a card, a
family of cards, a card type, or every player), each with where it is written, and
every script of pack.yaml; then what the scenarios used of them.
"""
from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass

from ..engine.model import Pack, Source
from ..engine.script import Script


class Recorder:
    """What the scenarios of one pack used of it, noted as they play."""

    def __init__(self, pack: Pack):
        self.uses: dict = {}            # Ability -> the names of the cards it was used of (None: a player's own)
        self.effects: set = set()       # the abilities whose effect happened
        self.ran: set = set()           # the places of the rules that ran: Pack.script_at's, ("replacement", NAME)
        self.cards: set = set()         # the names of the cards some scenario's game held
        self.scenarios = 0
        # A replacement that applies is a card's ability, or one of the pack's own rules.
        self._of = {id(ab.replace): ab for ab, _ in _owned(pack) if ab.replace is not None}

    # What the engine tells.
    def used(self, ab, card: str | None) -> None:
        """`ab` was used, or it fired, of the card named `card`."""
        self.uses.setdefault(ab, set()).add(card)

    def happened(self, ab) -> None:
        self.effects.add(getattr(ab, "origin", ab))     # an ability an effect used (activation.as_effect)

    def applied(self, s, affected: dict, *effects) -> None:
        """The static abilities among `effects` (layers._effects) that the view just made
        applied to some card (`affected`: id of each entry -> the cards it applied to)."""
        names = s.t.cards
        for found in effects:
            for _, kind, item in found:
                if kind == "static" and affected.get(id(item)):
                    self.used(item[1], names[item[0]].name)

    def replaced(self, s, rep, env: dict) -> None:
        ab = self._of.get(id(rep))
        if ab is None:
            self.ran.add(("replacement", rep.name))
        else:
            self.used(ab, s.t.cards[env["this"]].name)

    # What the scenario runner tells.
    def played(self, state) -> None:
        """A scenario's game as it ended (or failed): the cards it held."""
        self.scenarios += 1
        if state is not None:
            view = state.view
            self.cards.update(view.card(c).definition.name for c in range(len(view.card_names)))


def covering(pack: Pack, recorder: Recorder) -> Pack:
    """The copy of `pack` the scenarios play to note what they use: the same rules, each
    script of pack.yaml begun by an operation that notes it ran."""
    def noted(script, place: tuple):
        if script is None:
            return None

        def ran(s, env):
            recorder.ran.add(place)
        ops = (ran, *script)
        return Script(ops, script.kinds) if isinstance(script, Script) else ops
    phases = tuple(dataclasses.replace(phase, steps=tuple(
        dataclasses.replace(step, script=noted(step.script, ("step", phase.name, step.name))) for step in phase.steps))
        for phase in pack.phases)
    rounds = tuple(dataclasses.replace(r, begin=noted(r.begin, ("round", r.name, "begin")),
                                       end=noted(r.end, ("round", r.name, "end"))) for r in pack.rounds)
    return dataclasses.replace(
        pack, coverage=recorder, phases=phases, rounds=rounds, setup=noted(pack.setup, ("setup",)),
        checks=noted(pack.checks, ("checks",)), damage_dealt=noted(pack.damage_dealt, ("damage", "dealt")),
        pile_after_each=noted(pack.pile_after_each, ("pile", "after_each")),
        pile_after_all=noted(pack.pile_after_all, ("pile", "after_all")))


# ------------------------------------------------------------------ reading the pack back
@dataclass
class Written:
    """An ability as the pack writes it, and what the scenarios did with it."""
    name: str
    owner: str          # whose it is, in the summary's words: "Goblin Guide", "the family Mana", "creature cards"
    kind: str           # activated | triggered | static | replacement
    at: Source | None
    used: bool
    happened: bool      # its effect happened (a static ability's or a replacement's: it applied)
    reachable: bool     # some deck holds one of its cards, or some scenario's game did (a player's own: always)


@dataclass
class Rule:
    """A script of pack.yaml, or one of the pack's replacements."""
    place: tuple
    said: str
    at: Source | None
    ran: bool


@dataclass
class Summary:
    pack: Pack
    scenarios: int
    abilities: list         # of Written, in the order they are written
    cards: dict             # card name -> (used, reachable), for the cards that have an ability
    plain: int              # the cards that have none
    rules: list             # of Rule

    @property
    def share(self) -> float:
        """The percentage of the abilities some scenario used (100 for a pack without any)."""
        used = sum(w.used for w in self.abilities)
        return 100.0 * used / len(self.abilities) if self.abilities else 100.0


def _owned(pack: Pack) -> list:
    """(ability, whose it is in the summary's words) for every ability the pack writes, each
    once: of card types, of families, of cards and tokens, and every player's own."""
    found = {}

    def add(abilities, owner: str) -> None:
        for ab in abilities:
            found.setdefault(id(ab), (ab, owner))
    for kind, abilities in pack.type_abilities.items():
        add(abilities, f"{kind} cards")
    for family in pack.card_maker.families if pack.card_maker is not None else ():
        add(family.own, f"the family {family.name}")
    for card in (*pack.cards.values(), *pack.tokens.values()):
        add((ab for ab in card.abilities if ab.owner_name == card.name), card.name)
    add(pack.player_abilities, "every player")
    return list(found.values())


def _kind(ab) -> str:
    return ("triggered" if ab.trigger is not None else "static" if ab.static is not None
            else "replacement" if ab.replace is not None else "activated")


def summarize(pack: Pack, recorder: Recorder) -> Summary:
    """What the scenarios recorded used of `pack` (the pack as loaded: the cards the
    scenarios placed from its imports are among its cards by now)."""
    cards = (*pack.cards.values(), *pack.tokens.values())
    dealt = {name for names in pack.decks.values() for name in names}
    present = dealt | recorder.cards
    uses = recorder.uses
    used_cards = {name for names in uses.values() for name in names}
    abilities = []
    for ab, owner in _owned(pack):
        reachable = ab.owner_name == "" or any(c.name in present for c in cards if ab in c.abilities)
        # A static ability or a replacement does what it does as it applies.
        effect = ab.static is None and ab.replace is None
        abilities.append(Written(ab.name, owner, _kind(ab), ab.at, ab in uses,
                                 ab in recorder.effects if effect else ab in uses, reachable))
    abilities.sort(key=lambda w: _order(w.at))
    with_abilities = {c.name: (c.name in used_cards, c.name in present) for c in cards if c.abilities}
    return Summary(pack, recorder.scenarios, abilities, dict(sorted(with_abilities.items())),
                   len(cards) - len(with_abilities), _rules(pack, recorder.ran))


def _order(at: Source | None) -> tuple:
    return (at.file, at.line, at.col) if at is not None else ("", 0, 0)


def _rules(pack: Pack, ran: set) -> list:
    rules = [Rule(place, _said(place), at, place in ran) for place, at in pack.script_at.items()]
    declared = pack.declarations.of("replacement") if pack.declarations is not None else {}
    for rep in pack.replacements:
        d = declared.get(rep.name)
        place = ("replacement", rep.name)
        rules.append(Rule(place, _said(place), Source(d.file, d.line, d.col) if d else None, place in ran))
    rules.sort(key=lambda r: _order(r.at))
    return rules


def _said(place: tuple) -> str:
    """A rule of the pack by its place, in a designer's words."""
    kind = place[0]
    if kind == "step":
        _, phase, step = place
        return f"the script of phase {phase}" if phase == step else f"the script of step {step} (phase {phase})"
    if kind == "round":
        return f"the {place[2]} script of round {place[1]}"
    if kind == "replacement":
        return f'the replacement "{place[1]}"'
    return {("setup",): "the setup", ("checks",): "the checks", ("pile", "after_each"): "the pile's after_each",
            ("pile", "after_all"): "the pile's after_all", ("damage", "dealt"): "damage's dealt script"}[place]


# ------------------------------------------------------------------ telling it
def share_text(share: float) -> str:
    """A percentage with one decimal, never rounded up: 99.96% of the abilities is not 100%."""
    return f"{math.floor(share * 10) / 10:.1f}%"


def _of(part: int, whole: int, verb: str) -> str:
    return f"{part} of {whole} {verb} ({share_text(100.0 * part / whole)})" if whole else "none"


def text(summary: Summary) -> str:
    """The summary a designer reads: the counts, then what no scenario used, each
    ability and script where it is written; apart, what no scenario's game could use."""
    pack, ws, cards, rules = summary.pack, summary.abilities, summary.cards, summary.rules
    n = summary.scenarios
    away = [w for w in ws if not w.reachable]
    lines = [f"coverage of {pack.name} ({pack.path}) by {n} scenario{'s' if n != 1 else ''}:",
             f"  cards: {_cards(summary)}",
             f"  abilities: {_of(sum(w.used for w in ws), len(ws), 'used')}" + (
                 f"; {len(away)} of the unused {'is' if len(away) == 1 else 'are'} of cards no scenario's game has"
                 if away else ""),
             f"  rules: {_of(sum(r.ran for r in rules), len(rules), 'used')}"]
    for w in ws:
        said = f'{_place(w.at)}{w.owner}: "{w.name}" ({w.kind})'
        if not w.used and w.reachable:
            lines.append(f"{said} is used by no scenario")
        elif w.used and not w.happened:
            lines.append(f"{said} {'triggered' if w.kind == 'triggered' else 'was used'}, but its effect never happened")
    lines += [f"{_place(r.at)}{r.said} {'applied' if r.place[0] == 'replacement' else 'ran'} in no scenario"
              for r in rules if not r.ran]
    lines += _names("cards no scenario used", [name for name, (used, there) in cards.items() if not used and there])
    if away:
        lines.append("no deck holds the cards of these and no scenario's game has them, so no scenario can use them:")
        lines += [f'{_place(w.at)}{w.owner}: "{w.name}" ({w.kind})' for w in away]
    lines += _names("cards in no deck and in no scenario's game",
                    [name for name, (_, there) in cards.items() if not there])
    return "\n".join(lines)


def _cards(summary: Summary) -> str:
    cards, plain = summary.cards, summary.plain
    if not cards:
        return f"none of the {plain} has an ability" if plain else "none"
    more = f", and {plain} more without an ability" if plain else ""
    return _of(sum(used for used, _ in cards.values()), len(cards), "used") + more


def _place(at: Source | None) -> str:
    return f"{at}: " if at is not None else ""


def _names(title: str, names: list) -> list:
    """The names after the title, as many a line as fit in 100 characters, a name never cut."""
    if not names:
        return []
    lines = [f"{title} ({len(names)}):"]
    for k, name in enumerate(names):
        said = name + (";" if k < len(names) - 1 else "")     # a card's name may hold a comma
        if len(lines[-1]) + 1 + len(said) > 100:
            lines.append("  " + said)
        else:
            lines[-1] += " " + said
    return lines


def as_json(summaries: list) -> str:
    """The summaries for a program (a CI job keeping them): every ability and rule, used or not."""
    def place(at):
        return {"file": at.file, "line": at.line, "col": at.col} if at is not None else None

    def one(s: Summary) -> dict:
        return {
            "pack": s.pack.path, "name": s.pack.name, "scenarios": s.scenarios,
            "share": round(s.share, 2), "cards_without_abilities": s.plain,
            "cards": [{"name": name, "used": used, "reachable": reachable}
                      for name, (used, reachable) in s.cards.items()],
            "abilities": [{"owner": w.owner, "name": w.name, "kind": w.kind, **(place(w.at) or {}),
                           "used": w.used, "effect_happened": w.happened, "reachable": w.reachable}
                          for w in s.abilities],
            "rules": [{"rule": r.said, **(place(r.at) or {}), "ran": r.ran} for r in s.rules],
        }
    return json.dumps({"packs": [one(s) for s in summaries]}, indent=1) + "\n"
