"""Magic 54 as the rulings set it up: the two 27-card decks taken from the standard
54-card deck, each rank's role, cost and numbers, and the options' defaults. (How the
cards play is shown by the pack's scenarios, variants/magic54/tests.)"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.loader import load_pack

RANKS = ["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King"]

# rank -> (card type, the ability or abilities it has, cost, attack, defense, strength)
ROLES = {
    "Jack": ("creature", ["Sacrifice", "Summon"], 1, 1, 1, 0),
    "Queen": ("creature", ["Protection", "Summon"], 2, 2, 2, 0),
    "King": ("creature", ["Knowledge", "Summon"], 3, 3, 3, 0),
    "Three": ("mana", ["Mana", "Growth"], 0, 0, 0, 0),
    "Five": ("mana", ["Mana", "Growth"], 0, 0, 0, 0),
    "Seven": ("mana", ["Mana", "Growth"], 0, 0, 0, 0),
    "Nine": ("mana", ["Mana", "Growth"], 0, 0, 0, 0),
    "Two": ("damage", ["Damage"], 1, 0, 0, 1),
    "Four": ("damage", ["Damage"], 2, 0, 0, 2),
    "Six": ("damage", ["Damage"], 3, 0, 0, 3),
    "Ace": ("action", ["Cancel"], 1, 0, 0, 0),
    "Eight": ("action", ["Bounce"], 1, 0, 0, 0),
    "Ten": ("action", ["Ransack"], 1, 0, 0, 0),
}


@pytest.fixture(scope="module")
def pack():
    return load_pack("magic54", Report())


def test_each_team_has_its_colours_and_a_joker(pack):
    red = [f"{rank} of {suit}" for suit in ("Hearts", "Diamonds") for rank in RANKS] + ["Red Joker"]
    black = [f"{rank} of {suit}" for suit in ("Clubs", "Spades") for rank in RANKS] + ["Black Joker"]
    assert sorted(pack.decks["red"]) == sorted(red)
    assert sorted(pack.decks["black"]) == sorted(black)
    assert [s["deck"] for s in pack.seats] == ["red", "black"]
    assert [s["name"] for s in pack.seats] == ["Red", "Black"]


@pytest.mark.parametrize("rank", sorted(ROLES))
def test_each_rank_has_its_role(pack, rank):
    kind, abilities, cost, attack, defense, strength = ROLES[rank]
    for suit in ("Hearts", "Diamonds", "Clubs", "Spades"):
        card = pack.cards[f"{rank} of {suit}"]
        assert card.types == {kind}
        assert [a.name for a in card.abilities] == abilities
        props = {k: card.props.get(k, 0) for k in ("cost", "attack", "defense", "strength")}
        assert props == {"cost": cost, "attack": attack, "defense": defense, "strength": strength}
        # The number printed: what a Mana card adds as Growth.
        assert card.props["value"] == RANKS.index(rank) + 1


def test_the_jokers_search_for_1_mana(pack):
    for name in ("Red Joker", "Black Joker"):
        card = pack.cards[name]
        assert card.types == {"action"} and card.props["cost"] == 1
        assert [a.name for a in card.abilities] == ["Search"]


def test_the_options_default_to_the_rules(pack):
    assert {k: o.default for k, o in pack.options.items()} == {
        "starting_life": 20, "opening_hand": 5, "hand_limit": 5, "turn_limit": 200}


# ---------------------------------------------------------------- the audit
ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "docs" / "magic54.md"


def cited():
    """Every proof docs/magic54.md cites: (source, name), a source being a scenario
    file of the pack (`growth`) or a test module (`tests/test_game_api.py`)."""
    found = []
    for line in AUDIT.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|---"):
            continue
        proof = re.sub(r"\([^)]*\)", "", line.strip("|").split("|")[-1])
        source = None
        for part in proof.split(";"):
            head = re.match(r"\s*`([^`]+)`:(.*)", part)
            if head:
                source, part = head.groups()
            if source and part.strip():
                found.append((source, part.strip()))
    return found


def test_the_audit_cites_only_scenarios_and_tests_that_exist():
    scenarios = {f.stem: {s["name"] for s in yaml.safe_load(f.read_text())["scenarios"]}
                 for f in (ROOT / "variants" / "magic54" / "tests").glob("*.yaml")}
    proofs = cited()
    assert len(proofs) > 100
    for source, name in proofs:
        if source.startswith("tests/"):
            tests = re.findall(r"^def (test_\w+)", (ROOT / source).read_text(), re.M)
            assert "test_" + name.replace(" ", "_") in tests, (source, name)
        else:
            assert name in scenarios[source], (source, name)
    every = {(f, n) for f, names in scenarios.items() for n in names}
    assert every <= set(proofs), sorted(every - set(proofs))
    assert f"| {len(every)} scenario tests," in AUDIT.read_text()
