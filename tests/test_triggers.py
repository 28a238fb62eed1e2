"""Triggered abilities that name their cause: the messages of the mistakes a pack can
make with "that ...", damage kinds and the new trigger forms, and what a game keeps of
events. The games are tests/data/triggerpack's scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.events import Event
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from test_dsl_errors import located
from test_pile import edited

PACK = Path(__file__).parent / "data" / "triggerpack"
FAREWELL = "        trigger: when this dies\n        effect: that player draws a card\n"


def problems(folder: Path, old: str, new: str, file: str = "cards.yaml") -> list[str]:
    return edited(PACK, folder, old, new, file)


@pytest.mark.parametrize("trigger, effect, message", [
    ("when this dies", "increase life of you by that amount",
     'cards.yaml:19:41: "that amount" is the damage of the event, and "when ... dies" has none'),
    ("at the end of your turn", "put that card into your hand",
     'cards.yaml:19:21: "that card" is the card of the event, and "at the end of" has none'),
    ("whenever a creature dies", "put that spell into your hand",
     'cards.yaml:19:21: the trigger watches creature cards: write "that creature" or "that card"'),
    ("when this dies", "that thing draws a card",
     'cards.yaml:19:22: "that thing" is not something an event has (that card, that player, that source, '
     'that amount, or that and a card type)'),
    ("whenever this deals fire damage to a player", "draw a card",
     'cards.yaml:18:38: unknown damage kind "fire" (the kinds: combat)'),
    ("whenever this deals combt damage", "draw a card",
     'cards.yaml:18:38: unknown damage kind "combt"; did you mean "combat"? (the kinds: combat)'),
])
def test_mistakes_in_a_triggered_ability_are_named(tmp_path, trigger, effect, message):
    new = f"        trigger: {trigger}\n        effect: {effect}\n"
    assert problems(tmp_path / "p", FAREWELL, new) == [message]


KIN = ("        trigger: whenever a creature c where any (creatures in field where it != c and name of it = name of c) "
       "enters field\n")


@pytest.mark.parametrize("trigger, message", [
    ("whenever a creature c enters field",
     'cards.yaml:136:38: "c" after "creature" would name each creature inside a "where" clause, and there is none: a '
     'word that narrows the creature comes before "creature"'),
    ("whenever a creature c where power of it > 1 enters field",
     'cards.yaml:136:38: "c" after "creature" names each creature in its "where", which does not read it: a word that '
     'narrows the creature comes before "creature"'),
    ("whenever a creature turn_limit where turn_limit > 1 enters field",
     'cards.yaml:136:38: "turn_limit" is an option: a variable named so would hide it in the rest of this text; name '
     'it otherwise'),
    ("whenever a creature c where any (cards c in field where it != c) enters field",
     'cards.yaml:136:57: "c" is a variable here (line 136): a name for each card of a "where" may not hide it; name it '
     'otherwise'),
])
def test_a_trigger_names_the_card_it_watches_as_a_selector_does(tmp_path, trigger, message):
    assert problems(tmp_path / "p", KIN, f"        trigger: {trigger}\n") == [message]


def test_that_outside_a_triggered_ability_is_refused(tmp_path):
    old = "        effect: put each creature in field into its owner's graveyard\n"
    new = "        effect: put that card into its owner's graveyard\n"
    assert problems(tmp_path / "p", old, new) == [
        'cards.yaml:87:21: "that card" means the card of the event that set off a triggered ability, and this is not one']


def test_a_damage_kind_must_be_declared(tmp_path):
    old = "        effect: deal power of this damage to opponent from this as combat\n"
    new = "        effect: deal power of this damage to opponent from this as fire\n"
    assert problems(tmp_path / "p", old, new) == ['cards.yaml:37:68: unknown damage kind "fire" (the kinds: combat)']


def test_dies_needs_zones_of_play_and_discard(tmp_path):
    old = "  graveyard: {per: player, ordered: true, role: discard}\n"
    new = "  graveyard: {per: player, ordered: true}\n"
    message = ('"dies" is going from the zone with role play to the one with role discard, and this pack has no '
               'zone with role discard')
    problems(tmp_path / "p", old, new, "pack.yaml")
    # In cards.yaml: the three abilities that watch a creature die.
    assert located(tmp_path / "p") == [f"{line}:18: {message}" for line in (8, 18, 24, 114)]


def test_events_name_their_cause_and_clones_keep_their_batch():
    p = load_pack(str(PACK), Report())
    state = Game(p).position({"active": "Ann", "phase": "main",
                              "players": [{"zones": {"hand": ["Purge"]}}, {"zones": {"field": ["Artist", "Herald"]}}]})
    s = state.s
    before = s.batch
    copy = state.clone()
    state.apply_label("Cast: Purge", 0)
    # Purge's two moves were one batch: Artist saw Herald die, and itself.
    assert s.batch > before and not s.grouped and copy.s.batch == before
    assert [o.label for o in s.decision.options] == ["Drain of Artist", "Drain of Artist (2)"]
    (order,) = [f for f in s.frames if hasattr(f, "groups")]
    (seat, mine), = order.groups
    artist, herald = s.zones[s.t.zone("graveyard", 1)]
    assert seat == 1 and [env["@event"].card for _, _, env in mine] == [artist, herald]
    assert [env["@event"].player.name for _, _, env in mine] == ["Bob", "Bob"]
    assert Event._fields == ("kind", "card", "player", "before", "source", "amount", "src", "dest", "batch", "word")


@pytest.mark.parametrize("pack", ["basic_tcg", "lane_duel", "stack_duel", "variants/mtg"])
def test_an_event_finds_the_cards_it_fires_where_they_are_or_by_every_entry_alike(monkeypatch, pack):
    # Looking at the cards in the zones where they fire (fewer than the entries, with most
    # triggering cards in decks and hands) or at every entry: the same abilities fire, in
    # the same order, whoever left in the same batch.
    from cardtable.interpreter.engine import triggered
    from cardtable.interpreter.play.batch import games_digest
    source = str(Path(__file__).resolve().parent.parent / pack) if "/" in pack else pack
    game = Game(load_pack(source, Report()))
    digests = []
    for few in (10 ** 9, 0):
        monkeypatch.setattr(triggered, "_FEW", few)
        digests.append(games_digest(game, range(3)))
    assert digests[0] == digests[1]
