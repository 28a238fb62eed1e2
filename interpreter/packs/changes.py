"""Changes to a pack's cards made without editing its files: a property of a card or of
every card of a family set to another value (`Guard.defense=3`), or the cards removed
from the decks, or each replaced there by another card. A ruleset of the pack names
them (`rulesets:`), `cardtable sweep` tries values in turn, `cardtable impact` removes
each family to see what it was worth.

A change makes a new Pack beside the loaded one (the loaded one is never altered):
cards are dealt from `Pack.cards` and read their properties from there during play,
so a game of the new pack plays by the changed cards. Every change is checked
against the pack first, with a message that names the card, family or property.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..engine.model import Pack
from ..suggest import did_you_mean

SET, REMOVE, REPLACE = "set", "remove", "replace"


class ChangeError(ValueError):
    """A change that names no card, family or property of the pack, or a value that does not fit."""


@dataclass(frozen=True)
class CardChange:
    """`cards`: a card's name or a family's. SET gives their property `prop` the value
    `value`; REMOVE takes them out of every deck; REPLACE puts the card named `value`
    in each of their places."""
    cards: str
    kind: str = SET
    prop: str | None = None
    value: object = None
    seat: int | None = None     # REMOVE and REPLACE: in this seat's deck only (else in every deck)

    def text(self) -> str:
        if self.kind == SET:
            return f"{self.cards}.{self.prop}={self.value}"
        where = "" if self.seat is None else f" in seat {self.seat + 1}'s deck"
        return (f"without {self.cards}" if self.kind == REMOVE else f"{self.cards} replaced by {self.value}") + where

    def as_data(self) -> list:
        return [self.cards, self.kind, self.prop, self.value] + ([] if self.seat is None else [self.seat])


def from_data(data) -> tuple:
    """Changes as a game record keeps them (a list of [cards, kind, prop, value])."""
    return tuple(CardChange(*item) for item in data or ())


def parse_setting(text: str) -> CardChange:
    """`Card.property=value` (a number when it reads as one)."""
    target, sep, value = text.partition("=")
    cards, dot, prop = target.strip().rpartition(".")
    if not sep or not dot or not cards.strip() or not prop.strip():
        raise ChangeError(f'"{text}" is not CARD.PROPERTY=VALUE (a card or family, a property, a value)')
    return CardChange(cards.strip(), SET, prop.strip(), number_or_word(value.strip()))


def number_or_word(text: str):
    try:
        return int(text)
    except ValueError:
        return text


def matching(pack: Pack, cards: str) -> list[str]:
    """The names of the pack's cards that `cards` names: the card itself, or every card of the family."""
    return [name for name, card in pack.cards.items() if name == cards or card.family == cards]


def families(pack: Pack) -> list[str]:
    """The pack's card families that have cards in it, in the order of their first card."""
    return list(dict.fromkeys(card.family for card in pack.cards.values() if card.family))


def check(pack: Pack, change: CardChange) -> None:
    """Raises ChangeError unless the change fits the pack."""
    if change.kind not in (SET, REMOVE, REPLACE):
        raise ChangeError(f'a card change sets, removes or replaces cards, not "{change.kind}"')
    if not matching(pack, change.cards):
        known = [*families(pack), *pack.cards]
        raise ChangeError(f'{pack.name} has no card or card family "{change.cards}"{did_you_mean(change.cards, known)}')
    if change.kind == REPLACE and change.value not in pack.cards:
        raise ChangeError(f'{pack.name} has no card "{change.value}" to put in the place of '
                          f'{change.cards}{did_you_mean(str(change.value), pack.cards)}')
    if change.kind != SET:
        return
    if change.prop not in pack.properties:
        raise ChangeError(f'{pack.name}\'s cards have no property "{change.prop}"'
                          f'{did_you_mean(change.prop, pack.properties)}')
    default, words = pack.properties[change.prop], pack.one_of.get(change.prop)
    if words is not None:
        if change.value not in words:
            raise ChangeError(f'{change.prop} is one of {", ".join(map(str, words))}, not "{change.value}"')
    elif isinstance(default, int) and not isinstance(default, bool) and not isinstance(change.value, int):
        raise ChangeError(f'{change.prop} is a number, not "{change.value}"')


def changed(pack: Pack, changes, decks: dict | None = None) -> tuple[Pack, dict | None]:
    """The pack with `changes` made, and the decks given instead of the pack's with the
    removals and replacements made in them too. The changes are checked first."""
    if not changes:
        return pack, decks
    cards = dict(pack.cards)
    swap: dict[str, str | None] = {}
    for change in changes:
        check(pack, change)
        for name in matching(pack, change.cards):
            if change.kind == SET:
                cards[name] = dataclasses.replace(cards[name], props={**cards[name].props, change.prop: change.value})
            elif change.seat is None:
                swap[name] = change.value if change.kind == REPLACE else None

    def dealt(names, swap=swap):
        return tuple(swap.get(n, n) for n in names if swap.get(n, n) is not None)
    new_decks = {name: dealt(names) for name, names in pack.decks.items()}
    given = {place: dealt(names) for place, names in decks.items()} if decks else decks
    for change in changes:
        if change.kind != SET and change.seat is not None:
            given = dict(given or {})
            mine = {n: change.value if change.kind == REPLACE else None for n in matching(pack, change.cards)}
            given[change.seat] = dealt(given[change.seat] if change.seat in given else _seat_deck(pack, change),
                                       mine)
    return dataclasses.replace(pack, cards=cards, decks=new_decks), given


def _seat_deck(pack: Pack, change: CardChange) -> tuple:
    seats = pack.seats
    name = seats[change.seat].get("deck") if change.seat < len(seats) else None
    if name is None:
        raise ChangeError(f"seat {change.seat + 1} of {pack.name} has no deck of its own to take "
                          f"{change.cards} out of: the seats share their cards")
    return pack.decks[name]
