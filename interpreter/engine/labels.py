"""Options a person can tell apart. Two options of one decision may read the same: two
cards of one name, in a hand or in play, or two sets of cards of the same names (choose
a set). Each such option is shown with the words that tell its card from the others
(where it is, whether it is tapped, its damage, counters and marks, and its place in its
zone when nothing else differs), a set with those of each of its cards that differs
from the other sets', while its label, what scripts, replays and histories name, stays
as it is."""
from __future__ import annotations

import re

from .decisions import Decision
from .knowledge import labels_for
from .primitives import zone_label
from .results import ordinal
from .state import State


def told_apart(s: State, d: Decision) -> list[str]:
    """The labels of the options of `d`, each followed by the words that tell it from
    the options that read the same: "Attack: Bear (tapped)", "Attack: Bear (untapped)"."""
    labels = [o.label for o in d.options]
    groups: dict = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    for label, same in groups.items():
        if len(same) < 2:
            continue
        sets = [option_set(d, d.options[i]) for i in same]
        if None not in sets:
            for i, shown in zip(same, _sets_told_apart(s, sets, d.player)):
                labels[i] = shown
            continue
        cards = [option_card(s, d, d.options[i]) for i in same]
        if None in cards:
            _effects_told_apart(s, d, same, labels)
            continue
        for i, words in zip(same, _differences(s, cards)):
            labels[i] = f"{label} ({', '.join(words)})"
    return labels


def _effects_told_apart(s: State, d: Decision, same: list, labels: list) -> None:
    """Effects on the pile that read the same ("Stir of a card", the cards hidden from the
    one who decides) told apart by their places on the pile, which every seat sees:
    "Stir of a card (2nd from the top of the pile)"."""
    values = [d.options[i].value for i in same]
    if not all(isinstance(v, tuple) and hasattr(v, "ability") and v in s.pile for v in values):
        return
    top = len(s.pile)
    for i, v in zip(same, values):
        place = top - s.pile.index(v)
        labels[i] += " (the top of the pile)" if place == 1 else f" ({ordinal(place)} from the top of the pile)"


def _sets_told_apart(s: State, sets: list, seat: int) -> list[str]:
    """Sets of the same names, each card that is not the same in all of them shown with
    the words that tell it from the others: "Forest (tapped), Bear", "Forest (untapped),
    Bear". Two sets differ in a card, and two cards at least in their places, so no two
    read the same: none is left to the first of a label, as which of two alike cards stays
    behind may matter later (where it is drawn from, a card that names it)."""
    # (A card's name may hold a comma: sets of different sizes may read the same.)
    varying = [k for k in range(max(map(len, sets))) if len({cards[k:k + 1] for cards in sets}) > 1]
    told = list(dict.fromkeys(x for cards in sets for k in varying for x in cards[k:k + 1]))
    words = dict(zip(told, _differences(s, told)))
    return [", ".join(f"{name} ({', '.join(words[x])})" if k in varying else name
                      for k, (x, name) in enumerate(zip(cards, labels_for(s, cards, seat)))) for cards in sets]


INDEXED = frozenset({"value", "order", "replacement"})     # decisions whose options' numbers are no cards


def option_card(s: State, d: Decision, option) -> int | None:
    """The card an option names: the card played, picked, paid with or targeted."""
    value = option.value
    if d.kind == "priority" and value is not None:
        value = value[0]
    if type(value) is not int or d.kind in INDEXED or not 0 <= value < len(s.zone_of):
        return None
    if hasattr(d.resume, "asks_again"):     # a division's shares ("3 to Wolf": 3 is no card)
        return None
    label = option.label
    return value if s.t.names[value] in label or label.endswith("a card") else None     # "a card": one unseen


def said_of(label: str, was: str, now: str) -> str:
    """An option's label said of another card: the name of the card it named (the last
    name in it: a label ends in its card's, as "Cast: Bear" does) put in its place."""
    head, _, tail = label.rpartition(was)
    return head + now + tail


def option_set(d: Decision, option) -> tuple | None:
    """The cards of a set offered (choose a set: a choice's option whose value is a tuple),
    in its order; None for any other option."""
    return option.value if d.kind == "choice" and type(option.value) is tuple else None


def named(s: State, d: Decision, name: str) -> list[int]:
    """The options of `d` that `name` names, the likeliest first: the one shown so, those
    of that label, or those of its label whose card the words in brackets describe
    ("Bear (tapped)" names a tapped Bear even where no other Bear is offered beside it;
    "Forest (tapped), Bear" a set of a tapped Forest and a Bear)."""
    shown = told_apart(s, d)
    if name in shown:
        return [shown.index(name)]
    found = [i for i, o in enumerate(d.options) if o.label == name]
    if found or "(" not in name:
        return found
    sets = [i for i, o in enumerate(d.options) if (cards := option_set(d, o)) is not None and _set_named(s, cards, name, d.player)]
    label, bracket, words = name.rpartition(" (")
    if sets or not bracket or not words.endswith(")"):
        return sets
    words = words[:-1].split(", ")
    return [i for i, o in enumerate(d.options) if o.label == label and (c := option_card(s, d, o)) is not None
            and all(w in _all_words(s, c) for w in words)]


def _set_named(s: State, cards: tuple, name: str, seat: int) -> bool:
    """Whether `name` names the set of `cards`: their names in its order ("a card" for one
    `seat` does not see), joined by commas, each followed or not by words in brackets that
    hold for its card."""
    said = re.fullmatch(", ".join(re.escape(n) + r"(?: \(([^()]*)\))?" for n in labels_for(s, cards, seat)), name)
    return said is not None and all(words is None or all(w in _all_words(s, x) for w in words.split(", "))
                                    for x, words in zip(cards, said.groups()))


def _differences(s: State, cards: list) -> list[list[str]]:
    """For each card, the words of each look in which the cards differ; their places
    when no look tells two of them apart."""
    words = [[] for _ in cards]
    held = set(cards)
    kinds = sorted({k for (x, k) in s.counters if x in held})
    marks = sorted({m for (x, m) in s.marks if x in held and not m.startswith("@")})
    for look in _looks(s, kinds, marks):
        said = [look(c) for c in cards]
        if len(set(said)) > 1:
            for w, text in zip(words, said):
                w.append(text)
    zones = [s.zone_of[c] for c in cards]
    where = len(set(zones)) > 1
    if len({(tuple(w), z if where else None) for w, z in zip(words, zones)}) < len(cards):
        for w, c in zip(words, cards):
            w.append(_place(s, c))
    elif where:
        for w, zone in zip(words, zones):
            w.insert(0, f"in {zone_label(s, zone)}")
    return words


def _place(s: State, c: int) -> str:
    zone = s.zone_of[c]
    return f"{ordinal(s.zones[zone].index(c) + 1)} in {zone_label(s, zone)}"


def _looks(s: State, kinds, marks) -> list:
    """What a person sees of a card, each look a function of the card giving its words,
    as the board words them: the counters of `kinds`, the marks of `marks`."""
    looks = [lambda c: "face down" if s.face_down[c] else "face up",
             lambda c: "tapped" if s.tapped[c] else "untapped",
             lambda c: f"{s.damage[c]} damage" if s.damage[c] else "no damage"]
    looks += [lambda c, k=k: f"{s.counters.get((c, k)) or 'no'} {k}" for k in kinds]
    looks += [lambda c, m=m: m if (c, m) in s.marks else f"not {m}" for m in marks]
    return looks


def _all_words(s: State, c: int) -> set:
    """Every word that may tell the card apart and holds for it."""
    pack = s.t.pack
    words = {look(c) for look in _looks(s, pack.card_counters, pack.marks)}
    return words | {f"in {zone_label(s, s.zone_of[c])}", _place(s, c)}
