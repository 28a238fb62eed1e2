"""A "where" clause that compares each card with a value no card of the scan changes
("its rank = rank of top card of discard") computes that value once in each scan
(expressions.once_a_scan, selectors._kept_where_marked): the counts follow the position
from one scan to the next, and what changes from card to card is computed for each."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report, render
from cardtable.interpreter.engine import rng
from cardtable.interpreter.engine.evaluation import evaluate
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.packs.loader import load_pack
from cardtable.interpreter.packs.scenario import position

ROOT = Path(__file__).resolve().parent.parent


def crazy_eights_judging(tmp_path, feature: str):
    """Crazy Eights whose evaluation is one feature: what the tests read."""
    folder = tmp_path / "c8"
    shutil.copytree(ROOT / "variants" / "crazy_eights", folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8")
    head = text[:text.index("evaluation:")]
    (folder / "pack.yaml").write_text(head + f"evaluation:\n  x: {{value: {feature}, weight: 1}}\n", encoding="utf-8")
    report = Report()
    pack = load_pack(str(folder), report)
    assert not report.problems, render(report, "text")
    return Game(pack)


def board(top: str, hand: list) -> dict:
    return {"turn": 4, "active": "Ann", "phase": "play", "table": {"suit_to_follow": "hearts"},
            "shared": {"stock": ["Three of Spades"], "discard": ["Nine of Clubs", top]},
            "players": [{"zones": {"hand": hand}}, {"zones": {"hand": ["Five of Diamonds"]}}]}


# Ann may play two cards or more whatever the top card (an Eight is wild): the position
# waits for her decision rather than playing on.
HAND = ["Seven of Hearts", "Seven of Clubs", "King of Spades", "Two of Clubs", "Eight of Diamonds"]


def test_the_value_each_card_is_compared_with_is_that_of_the_scan_it_is_read_in(tmp_path):
    game = crazy_eights_judging(tmp_path, "count of (cards in your hand where its rank = rank of top card of discard)")
    sevens = position(game, board("Seven of Diamonds", HAND))
    kings = position(game, board("King of Hearts", HAND))
    nines = position(game, board("Nine of Hearts", HAND))
    # The same compiled clause, scan after scan, on positions whose top cards differ.
    assert [evaluate(s.s, 0) for s in (sevens, kings, sevens, nines, kings)] == [2, 1, 2, 0, 1]


def test_a_comparison_with_a_suit_read_in_the_same_scan_as_a_rank(tmp_path):
    game = crazy_eights_judging(tmp_path, "count of (cards in your hand where (its suit = suit of top card of discard "
                                          "or its rank = rank of top card of discard))")
    assert evaluate(position(game, board("Seven of Diamonds", HAND)).s, 0) == 3     # two Sevens, a Diamond
    assert evaluate(position(game, board("Two of Spades", HAND)).s, 0) == 2      # King of Spades, Two of Clubs


def test_a_random_number_in_a_where_clause_is_drawn_for_each_card(tmp_path):
    game = crazy_eights_judging(tmp_path, "count of (cards in your hand where its penalty = a random number from 1 to 13)")
    state = position(game, board("Seven of Diamonds", HAND))
    before = state.s.rng
    evaluate(state.s, 0)
    expected = before
    for _ in HAND:
        expected, _ = rng.below(expected, 13)
    assert state.s.rng == expected


def test_any_and_no_that_read_nothing_of_the_card_are_answered_once_a_scan(tmp_path):
    # "any (cards in your hand where its rank = eight)" reads the hand's cards, not the
    # card of the outer scan: one answer for the scan, and the right one from scan to scan.
    game = crazy_eights_judging(tmp_path, "count of (cards in your hand where any (cards in your hand where "
                                          "its rank = eight) and its suit = clubs)")
    with_eight = position(game, board("Seven of Diamonds", HAND))
    without = position(game, board("Seven of Diamonds", HAND[:4]))
    assert [evaluate(s.s, 0) for s in (with_eight, without, with_eight)] == [2, 0, 2]
    game = crazy_eights_judging(tmp_path / "no", "count of (cards in your hand where ((no (cards in discard where "
                                                 "its rank = rank of top card of discard)) or its rank = king))")
    assert evaluate(position(game, board("Seven of Diamonds", HAND)).s, 0) == 1        # the King alone


def test_a_random_number_in_the_clause_of_an_inner_any_is_drawn_for_each_card(tmp_path):
    game = crazy_eights_judging(tmp_path, "count of (cards in your hand where any (cards in discard where "
                                          "its penalty = a random number from 1 to 13))")
    state = position(game, board("Seven of Diamonds", HAND))
    before = state.s.rng
    evaluate(state.s, 0)
    draws, probe = 0, before
    while probe != state.s.rng and draws < 20:
        probe, _ = rng.below(probe, 13)
        draws += 1
    # Drawn anew for each card of the hand (two discards, unless one matches first), not
    # once for the whole scan (two draws at most).
    assert 2 < draws < 20


def test_any_over_a_where_clause_tests_every_card_as_the_closures_do(tmp_path):
    # A clause that draws a random number draws for every card (the draws after it are the
    # same), and one that finds a number too large on a later card stops the game there,
    # written out or not.
    from cardtable.interpreter.engine.state import RuleError
    from cardtable.interpreter.lang import fuse
    drawn, failed = [], []
    for fused in (True, False):
        fuse.ENABLED[0] = fused
        try:
            game = crazy_eights_judging(tmp_path / f"draw{fused}", "count of (players where any (cards in your hand "
                                                                   "where a random number from 1 to 2 = 1))")
            big = crazy_eights_judging(tmp_path / f"big{fused}", "count of (players where any (cards in your hand where "
                                                                 "(its rank = seven or penalty of it * 1000000 * 1000000 "
                                                                 "* 1000000 > 0)))")
        finally:
            fuse.ENABLED[0] = True
        state = position(game, board("Seven of Diamonds", HAND))
        evaluate(state.s, 0)
        drawn.append(state.s.rng)
        with pytest.raises(RuleError) as e:
            evaluate(position(big, board("Seven of Diamonds", HAND)).s, 0)
        failed.append(str(e.value).split(" (at ")[0])
    assert drawn[0] == drawn[1]
    assert failed == ['"penalty of it * 1000000 * 1000000 * 1000000" comes to more than 10¹⁸: the numbers of a game '
                      'are at most that'] * 2


def crazy_eights_doubling(tmp_path, feature: str, fused: bool = True,
                          derived: str = "double: {derived: penalty of it * 2}"):
    """crazy_eights_judging with a derived property, `double` (twice the penalty) unless
    `derived` says another."""
    from cardtable.interpreter.lang import fuse
    folder = tmp_path / f"double{fused}"
    shutil.copytree(ROOT / "variants" / "crazy_eights", folder)
    text = (folder / "pack.yaml").read_text(encoding="utf-8").replace(
        "properties:\n", f"properties:\n  {derived}\n", 1)
    head = text[:text.index("evaluation:")]
    (folder / "pack.yaml").write_text(head + f"evaluation:\n  x: {{value: {feature}, weight: 1}}\n", encoding="utf-8")
    fuse.ENABLED[0] = fused
    try:
        return Game(load_pack(str(folder), Report()))
    finally:
        fuse.ENABLED[0] = True


@pytest.mark.parametrize("feature, count, called", [
    # Penalties: Seven 7, Seven 7, King 10, Two 2 (below 14), Eight 50.
    ("count of (cards in your hand where its penalty < double of top card of discard)", 4, 5),
    # A part of "or" and of "and": read for the cards that are not Sevens (three).
    ("count of (cards in your hand where (its rank = seven or (double of top card of discard) = 14))", 5, 3),
    ("count of (cards in your hand where its rank != seven and (double of top card of discard) > 20)", 0, 3),
])
def test_a_part_written_in_place_that_reads_nothing_of_the_card_is_computed_once_a_scan(tmp_path, feature, count,
                                                                                         called):
    # "double of top card of discard" is read once for the hand's cards written out
    # (fuse.lifted), for each card that reads it by the closures; both count the same cards.
    # (It reads the turn: a property computed from printed ones alone is kept for each card
    # once read, by either, Names.of_printed.)
    counts, calls = [], []
    for fused in (True, False):
        game = crazy_eights_doubling(tmp_path, feature, fused, "double: {derived: penalty of it * 2 + turn * 0}")
        state = position(game, board("Seven of Diamonds", HAND))
        derived = game.pack.derived["double"]
        read = []
        game.pack.derived["double"] = lambda s, c: read.append(c) or derived(s, c)
        try:
            counts.append(evaluate(state.s, 0))
        finally:
            game.pack.derived["double"] = derived
        calls.append(len(read))
    assert counts == [count, count]
    assert calls == [1, called]


def test_a_side_computed_once_a_scan_is_computed_only_when_the_clause_reads_it(tmp_path):
    # Read after "its rank = eight" only: never for a hand without an Eight, where the
    # closures never compute it either; with one, the number too large stops the game both ways.
    from cardtable.interpreter.engine.state import RuleError
    feature = ("count of (cards in your hand where its rank = eight and "
               "its penalty < double of top card of discard * 1000000 * 1000000 * 1000000)")
    for fused in (True, False):
        game = crazy_eights_doubling(tmp_path, feature, fused)
        assert evaluate(position(game, board("Seven of Diamonds", HAND[:4])).s, 0) == 0
        with pytest.raises(RuleError, match="comes to more than"):
            evaluate(position(game, board("Seven of Diamonds", HAND)).s, 0)


def test_a_derived_property_that_draws_a_random_number_is_drawn_for_each_card(tmp_path):
    # Read by its name, "roll" draws anew each time, as a random number written in the
    # clause: it is never computed once a scan (Names.drawing).
    feature = "count of (cards in your hand where its penalty < roll of top card of discard)"
    seen = []
    for fused in (True, False):
        game = crazy_eights_doubling(tmp_path, feature, fused, "roll: {derived: a random number from 1 to 13}")
        state = position(game, board("Seven of Diamonds", HAND))
        before = state.s.rng
        seen.append((evaluate(state.s, 0), state.s.rng))
    expected = before
    for _ in HAND:
        expected, _ = rng.below(expected, 13)
    assert seen[0] == seen[1]
    assert seen[0][1] == expected


def disenchanting(folder: Path, effect: str, fused: bool) -> Game:
    """Magic's pack with Disenchant's effect made `effect` (its lines, after "discard victim")."""
    from cardtable.interpreter.lang import fuse
    shutil.copytree(ROOT / "variants" / "mtg", folder)
    cards = folder / "cards" / "instants.yaml"
    old = "        targets: {victim: artifact in battlefield or enchantment in battlefield}\n        effect: discard victim\n"
    assert old in cards.read_text(encoding="utf-8")
    lines = "".join(f"          {line}\n" for line in ["discard victim", *effect.splitlines()])
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        old, "        targets: {victim: artifact in battlefield or enchantment in battlefield}\n        effect: |\n" + lines),
        encoding="utf-8")
    fuse.ENABLED[0] = fused
    try:
        return Game(load_pack(str(folder), Report()))
    finally:
        fuse.ENABLED[0] = True


def steal_then_disenchant(game: Game, start=(20, 20), steal: bool = True, victim: str = "Control Magic",
                          creature: str = "Serra Angel"):
    """Ann, with four Islands and two Plains, casts Control Magic on Bob's `creature` (unless
    not `steal`), then Disenchant on `victim`: the game after it resolves."""
    library = {"library": ["Forest", "Forest"]}
    state = position(game, {
        "turn": 2, "active": "Ann", "phase": "precombat_main",
        "players": [{"life": start[0], "zones": {"hand": ["Control Magic", "Disenchant"], **library}},
                    {"life": start[1], "zones": dict(library)}],
        "shared": {"battlefield": [{"card": "Island", "owner": "Ann"}] * 4 + [{"card": "Plains", "owner": "Ann"}] * 2
                   + [{"card": "Glorious Anthem", "owner": "Ann"}, {"card": "Bonesplitter", "owner": "Ann"},
                      {"card": creature, "owner": "Bob"}, {"card": "Grizzly Bears", "owner": "Bob"}]}})
    s = state.s
    angel, disenchant = s.t.names.index(creature), s.t.names.index("Disenchant")
    for _ in range(40):
        if s.zone_of[disenchant] == s.t.zone("graveyard", 0):
            break
        labels = state.legal_labels()
        pick = next((x for x in ("Cast: Control Magic", creature) if x in labels), None) if steal else None
        if pick is None and (s.controller[angel] == 0 or not steal):
            pick = next((x for x in ("Cast: Disenchant", victim) if x in labels), None)
        state.apply_action(labels.index(pick) if pick else labels.index("pass") if "pass" in labels else 0)
    return state


@pytest.mark.parametrize("clause, start, life", [
    # The Angel, the first creature, is Bob's again: nothing counted (a part written in
    # place, lifted in other packs).
    ("controller of (first of creatures in battlefield) = you and its power > 0", (20, 20), 20),
    # A side called (once_a_scan in other packs): Bob's life, 2, the Bears' power alone.
    ("life of (controller of (first of creatures in battlefield)) = its power", (4, 2), 5),
    # Ann controls no creature any more.
    ("any (creatures you control in battlefield)", (20, 20), 20),
])
def test_a_control_effect_that_ended_gives_the_card_back_before_the_next_reading_of_who_controls_it(tmp_path, clause,
                                                                                                    start, life):
    # Ann takes Serra Angel with Control Magic, then discards Control Magic with Disenchant,
    # whose effect goes on to count creatures: the Angel is Bob's again at once, for every
    # reading of who controls it (layers.controllers makes the stale view again), written
    # out or with closures, whatever the clause reads first.
    lives = []
    for fused in (True, False):
        game = disenchanting(tmp_path / f"mtg{fused}",
                             f"increase life of you by count of (creatures in battlefield where {clause})", fused)
        lives.append(steal_then_disenchant(game, start).s.pvars[0].get("life"))
    assert lives == [life, life]


def test_gaining_control_reads_who_controls_the_card_now_and_is_seen_at_once(tmp_path):
    # With Control Magic discarded, the Angel is Bob's again: Ann gains control of it for
    # good, and it is hers (an Anthem makes it 5/5) as the next statement reads it.
    effect = ("if controller of (first of creatures in battlefield) != you:\n"
              "  you gain control of (first of creatures in battlefield)\n"
              "increase life of you by power of (first of creatures in battlefield)")
    for fused in (True, False):
        state = steal_then_disenchant(disenchanting(tmp_path / f"mtg{fused}", effect, fused))
        s = state.s
        assert s.controller[s.t.names.index("Serra Angel")] == 0
        assert s.pvars[0].get("life") == 25
    # Without the steal, discarding Bonesplitter: the same.
    for fused in (True, False):
        state = steal_then_disenchant(disenchanting(tmp_path / f"plain{fused}", effect, fused), steal=False,
                                      victim="Bonesplitter")
        assert state.s.pvars[0].get("life") == 25


def test_gaining_control_of_a_card_a_control_effect_just_gave_back(tmp_path):
    # Control Magic discarded, the Angel is Bob's again (not Ann's, as the stale reading
    # said): Ann's gaining control of it takes it.
    for fused in (True, False):
        game = disenchanting(tmp_path / f"mtg{fused}", "you gain control of (first of creatures in battlefield)", fused)
        s = steal_then_disenchant(game).s
        assert s.controller[s.t.names.index("Serra Angel")] == 0


def test_a_creature_that_dies_under_a_control_effect_triggers_for_its_controller_as_it_died(tmp_path):
    # Ann holds Bob's Pelakka Wurm by Control Magic when it dies: "When Pelakka Wurm dies,
    # draw a card" is Ann's (it looks back, 603.10a), though the Wurm is Bob's in his graveyard.
    for fused in (True, False):
        game = disenchanting(tmp_path / f"mtg{fused}", "discard (first of creatures in battlefield)", fused)
        state = steal_then_disenchant(game, victim="Bonesplitter", creature="Pelakka Wurm")
        s = state.s
        assert s.zone_of[s.t.names.index("Pelakka Wurm")] == s.t.zone("graveyard", 1)
        assert "Ann draws a card" in state.log and "Bob draws a card" not in state.log
        assert [len(s.zones[s.t.zone("hand", p)]) for p in (0, 1)] == [1, 0]


@pytest.mark.parametrize("ann_forest, power", [(False, 1), (True, 2)])
def test_a_static_ability_of_a_card_taken_by_a_control_effect_is_its_new_controllers(tmp_path, ann_forest, power):
    # Kird Ape gets +1/+2 as long as "you" control a Forest: taken by Control Magic, "you"
    # is Ann, who controls a Forest or not; Bob's Forest no longer counts (613.1).
    game = Game(load_pack(str(ROOT / "variants" / "mtg"), Report()))
    lands = [{"card": "Island", "owner": "Ann"}] * 4 + ([{"card": "Forest", "owner": "Ann"}] if ann_forest else [])
    state = position(game, {
        "turn": 2, "active": "Ann", "phase": "precombat_main",
        "players": [{"zones": {"hand": ["Control Magic"], "library": ["Forest"]}}, {"zones": {"library": ["Forest"]}}],
        "shared": {"battlefield": lands + [{"card": "Kird Ape", "owner": "Bob"}, {"card": "Forest", "owner": "Bob"}]}})
    s = state.s
    ape = s.t.names.index("Kird Ape")
    assert s.prop(ape, "power") == 2                        # Bob's, with his Forest
    for _ in range(20):
        if s.controller[ape] == 0:
            break
        labels = state.legal_labels()
        pick = next((x for x in ("Cast: Control Magic", "Kird Ape") if x in labels), None)
        state.apply_action(labels.index(pick) if pick else labels.index("pass") if "pass" in labels else 0)
    assert s.controller[ape] == 0
    assert (s.prop(ape, "power"), s.prop(ape, "toughness")) == (power, power + 1 if ann_forest else 1)
