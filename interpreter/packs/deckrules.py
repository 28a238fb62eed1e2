"""Rules a deck keeps (`deck_rules:` in pack.yaml, named by a deck's `rules`): how many
cards it has, how many copies of one card, and, for a deck led by one of its cards,
which cards that leader allows. The pack's own decks are checked as the pack loads; a
deck list given to a game (`--deck`) by the rules of the seat's deck it replaces.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DeckRule:
    name: str
    min: int | None = None          # at least this many cards
    max: int | None = None          # at most this many
    copies: int | None = None       # at most this many cards of one name...
    unlimited: tuple = ()           # ...but those these matches pick (basic lands)
    leader: dict | None = None      # the deck's leader: its first card this match picks
    within: tuple = ()              # properties whose words a card shares with its leader


def deck_rules(raw: dict) -> dict:
    """The rules by name, from `deck_rules:` (the schema has checked its shape)."""
    out = {}
    for name, r in (raw or {}).items():
        unlimited = r.get("unlimited") or ()
        out[name] = DeckRule(name, r.get("min"), r.get("max"), r.get("copies"),
                             tuple(unlimited) if isinstance(unlimited, list) else (unlimited,),
                             r.get("leader"), tuple(r.get("within") or ()))
    return out


def _values(card, key: str) -> tuple:
    if key == "name":
        return (card.name,)
    if key == "types":
        return tuple(card.types)
    if key == "keywords":
        return tuple(card.keywords)
    value = card.props.get(key)
    return tuple(value) if isinstance(value, (list, tuple, frozenset)) else (value,)


def matches(card, match: dict) -> bool:
    """A card of the pack picked by a match: each key a field (name, types, keywords, a
    property), each value one it must have, or a list of which it must have one."""
    for key, wanted in match.items():
        wanted = wanted if isinstance(wanted, list) else [wanted]
        if not set(wanted) & set(_values(card, key)):
            return False
    return True


def _said(match: dict) -> str:
    return ", ".join(f"{k} {' or '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in match.items())


def deck_problems(rule: DeckRule, names, cards: dict, deck: str) -> list[str]:
    """What a deck of these card names breaks of the rule, one message each."""
    out = []
    n = len(names)
    if rule.min is not None and n < rule.min:
        out.append(f'{deck} has {n} cards, fewer than {rule.min} (the rules "{rule.name}")')
    if rule.max is not None and n > rule.max:
        out.append(f'{deck} has {n} cards, more than {rule.max} (the rules "{rule.name}")')
    if rule.copies is not None:
        for name in dict.fromkeys(names):
            count = names.count(name)
            if count > rule.copies and not any(matches(cards[name], m) for m in rule.unlimited):
                out.append(f'{deck} has {count} copies of "{name}", more than {rule.copies} (the rules "{rule.name}"'
                           + (f"; {' or '.join(_said(m) for m in rule.unlimited)} excepted)" if rule.unlimited else ")"))
    if rule.leader is not None:
        out.extend(_led(rule, names, cards, deck))
    return out


def _led(rule: DeckRule, names, cards: dict, deck: str) -> list[str]:
    leader = next((name for name in names if matches(cards[name], rule.leader)), None)
    if leader is None:
        return [f'{deck} has no leader: no card with {_said(rule.leader)} (the rules "{rule.name}")']
    out = []
    for prop in rule.within:
        allowed = set(_values(cards[leader], prop))
        for name in dict.fromkeys(names):
            outside = [w for w in _values(cards[name], prop) if w is not None and w not in allowed]
            if outside:
                out.append(f'{deck} holds "{name}", of {prop} {", ".join(map(str, outside))}, which its leader '
                           f'"{leader}" is not (the rules "{rule.name}")')
    return out
