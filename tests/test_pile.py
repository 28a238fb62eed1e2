"""The pile, first-class: the effects waiting on it as the language reads them, countering,
and when an effect does nothing as it resolves. The games are tests/data/pilepack's
scenarios; here, the messages of the mistakes a pack can make, and what a game keeps."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.engine.game import Game
from cardtable.interpreter.engine.pile import Entry
from cardtable.interpreter.packs.loader import PackError, load_pack
from test_dsl_errors import located

PACK = Path(__file__).parent / "data" / "pilepack"
PLACE = "        effect: deal 1 damage to target\n"     # Bolt's effect


def edited(pack: Path, folder: Path, old: str, new: str, file: str = "cards.yaml") -> list[str]:
    """The problems of a copy of `pack` with `old` (once in `file`) made `new`, as FILE:LINE:COL: MESSAGE."""
    shutil.copytree(pack, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return [f"{file}:{problem}" for problem in located(folder)]


def problems(folder: Path, old: str = PLACE, new: str = PLACE) -> list[str]:
    return edited(PACK, folder, old, new)


def test_the_pack_is_valid_as_it_is(tmp_path):
    assert problems(tmp_path / "p") == []


@pytest.mark.parametrize("effect, message", [
    ("counter 3", 'cards.yaml:23:19: counter needs an effect or a card on the pile, but "3" is a number'),
    ("counter you", 'cards.yaml:23:19: counter needs an effect or a card on the pile, but "you" is a player'),
    ("if any effects in hand: draw a card", 'cards.yaml:23:29: effects are only on the pile ("effects in stack")'),
    ("if any trigered effects in stack: draw a card",
     'cards.yaml:23:18: unknown word "trigered" for an effect; did you mean "triggered"?'),
    ("for each e in effects in stack:\n            increase life of you by power of e",
     'cards.yaml:24:37: an effect has no "power" (it has card, controller, name)'),
])
def test_mistakes_about_effects_are_named(tmp_path, effect, message):
    new = "        effect: |\n          " + effect + "\n"
    assert problems(tmp_path / "p", new=new) == [message]


def without_pile(folder: Path, bear: str = "") -> Path:
    """The pack without its pile section, holding only the Bear (`bear` added to its Growl)."""
    shutil.copytree(PACK, folder)
    pack = folder / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    text = text[:text.index("define:")] + text[text.index("decks:"):]
    pack.write_text(text.replace("[Bear, Bolt]", "[Bear, Bear]"), encoding="utf-8")
    cards = (folder / "cards.yaml").read_text(encoding="utf-8")
    cards = cards[:cards.index("  - name: Bolt")].replace("        if: this is untapped\n", "        if: this is untapped\n" + bear)
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    return folder


def test_pile_true_in_a_pack_without_a_pile_is_refused(tmp_path):
    report = Report()
    with pytest.raises(PackError):
        load_pack(str(without_pile(tmp_path / "p", "        pile: true\n")), report)
    assert [f"{Path(p.file).name}:{p.line}:{p.col}: {p.message}" for p in report.problems] == [
        'cards.yaml:10:15: this pack has no effects pile ("pile" section in pack.yaml), so its abilities happen at '
        'once: declare the pile (e.g. "pile: {resolve: all}") or leave out "pile: true"']


def test_without_a_pile_section_abilities_happen_at_once(tmp_path):
    p = load_pack(str(without_pile(tmp_path / "p")), Report())
    assert [(ab.name, ab.pile) for ab in p.cards["Bear"].abilities] == [("Growl", False), ("Rest", False)]
    state = Game(p).position({"active": "Ann", "phase": "main", "players": [{"zones": {"field": ["Bear"]}}, {}]})
    state.apply_label("Growl: Bear", 0)
    assert state.log[-1] == "Ann uses Growl of Bear"
    assert state.s.pvars[0]["life"] == 11 and state.s.pile == []


def test_an_effect_is_named_by_its_ability_and_card_and_clones_share_entries():
    p = load_pack(str(PACK), Report())
    state = Game(p).position({"active": "Ann", "phase": "main", "players": [{"zones": {"field": ["Bear"]}}, {}]})
    state.apply_label("Growl: Bear", 0)
    s = state.s
    (entry,) = s.pile
    assert isinstance(entry, Entry) and s.card_name(entry) == "Growl of Bear" and entry.id == s.entries == 1
    copy = state.clone()
    copy.apply_label("Growl: Bear", 0)
    assert [e.id for e in copy.s.pile] == [1, 2] and copy.s.entries == 2
    assert s.pile == [entry] and s.entries == 1
    assert state.observation(1)["pile"] == [{"card": "Bear", "ability": "Growl", "player": "Ann"}]


def test_card_on_pile_needs_an_ability_that_waits_on_the_pile(tmp_path):
    # Rest resolves at once (pile: false): its card cannot wait on the pile with it.
    assert edited(PACK, tmp_path / "p", "        pile: false\n", "        pile: false\n        card_on_pile: true\n") == [
        'cards.yaml:15:23: card_on_pile: true needs an ability of a card that is used (not triggered) and goes on '
        'a pile that has a zone ("pile: {zone: ...}")']
