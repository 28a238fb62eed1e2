"""An edit of a card file checked alone (recheck.Kept.edit) finds exactly what the
whole check of `cardtable validate` finds: the same problems at the same places, the
same declarations, after each edit of a series."""
from __future__ import annotations

import shutil
from pathlib import Path

from cardtable.interpreter.diagnostics import Report
from cardtable.interpreter.packs.files import PackFiles
from cardtable.interpreter.packs.recheck import Kept
from cardtable.interpreter.packs.validate import validation

DATA = Path(__file__).resolve().parent / "data" / "recheck"
VARIANTS = Path(__file__).resolve().parents[1] / "variants"
PACK = (DATA / "pack.yaml").read_text(encoding="utf-8")
ENDS = (DATA / "ends.txt").read_text(encoding="utf-8")     # the checks' lines that end a game


def card(i: int) -> str:
    effects = ["deal 2 damage to target", "draw a card", "mark target as stunned until end of turn",
               "if count of cards in your hand > 3:\n            draw a card\n          else:\n            deal 1 damage to opponent"]
    effect = effects[i % len(effects)]
    target = "\n        targets: {target: creature in play}" if "target" in effect else ""
    return (f"  - name: Card {i}\n    types: [creature]\n    cost: {i % 5}\n    power: {i % 4}\n    toughness: 2\n"
            f"    abilities:\n      - name: Use\n        when: window is main{target}\n        effect: |\n"
            f"          {effect}\n\n")


def texts(ends: bool = True, cards: int = 12) -> dict:
    return {"pack.yaml": PACK + (ENDS if ends else ""),
            "cards/a.yaml": "cards:\n" + "".join(card(i) for i in range(cards)),
            "cards/b.yaml": "cards:\n" + "".join(card(i) for i in range(cards, 2 * cards))}


def whole(files: PackFiles):
    report = Report()
    build = validation(files, report).build
    return report.problems, sorted(map(str, build.decls)) if build is not None else None


def run(tmp_path, start: dict, key: str, edits, on_disk: bool = False) -> list[str]:
    """Apply each edit (a function of the file's text) in turn, checking it alone when it
    can be; after each, compare with the whole check. Returns how each was checked."""
    folder = str(tmp_path)
    current = dict(start)
    kept = Kept(PackFiles(current, folder, on_disk))
    how = []
    for edit in edits:
        current[key] = edit(current[key])
        files = PackFiles(current, folder, on_disk)
        if kept.edit(key, current[key]):
            how.append(kept.last_path)
        else:
            kept = Kept(files)
            how.append("whole")
        problems, declared = whole(files)
        assert kept.problems == problems
        assert sorted(map(str, kept.build.decls)) == declared
    return how


def replace(old: str, new: str, count: int = 1):
    def edit(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, count)
    return edit


def replace_last(old: str, new: str):
    def edit(text: str) -> str:
        head, found, tail = text.rpartition(old)
        assert found, old
        return head + new + tail
    return edit


def lines(at: int, remove: int = 0, add: tuple = ()):
    def edit(text: str) -> str:
        rows = text.split("\n")
        rows[at:at + remove] = list(add)
        return "\n".join(rows)
    return edit


def test_edits_inside_cards_are_checked_alone_and_find_what_the_whole_check_finds(tmp_path):
    how = run(tmp_path, texts(), "cards/a.yaml", [
        replace("deal 2 damage", "deal 3 damage"),                      # a number
        replace("creature in play}", "creature in paly}"),             # a zone misspelt: a problem
        replace("draw a card", "drawe a card"),                          # a syntax error further down
        lines(3, add=("    keywords: [flying]",)),                       # a line more above both
        replace("toughness: 2", "toughness: two"),                       # a property of the wrong kind
        lines(4, remove=1),                                              # a line less
        replace("creature in paly}", "creature in play}"),             # fixed
        replace("drawe a card", "draw a card"),
        replace("power: 1", "power: 1\n    speed: 3"),                    # an unknown property
        replace("    speed: 3\n", ""),
        replace("toughness: two", "toughness: 2"),
    ])
    assert how == ["cards"] * 11


def test_edits_that_change_names_or_the_files_shape_check_the_pack_whole(tmp_path):
    how = run(tmp_path, texts(), "cards/b.yaml", [
        replace("name: Card 13", "name: Card Thirteen"),                 # a card renamed
        replace("  - name: Card 15\n", "  - name: Card 12\n"),          # a card defined twice
        replace_last("  - name: Card 12\n", "  - name: Card 15\n"),
        replace("cards:\n", "cards:\n  - name: New\n    types: [spell]\n"),   # a card added
        replace("    types: [spell]\n", "   types: [spell]\n"),          # YAML that does not read
        replace("   types: [spell]\n", "    types: [spell]\n"),
        replace("types: [creature]", "types: creature"),                 # the schema refuses it
        replace("types: creature", "types: [creature]"),
        replace("deal 2 damage", "deal 4 damage"),                       # then alone again
    ])
    assert how == ["whole"] * 8 + ["cards"]


def test_a_card_that_ends_the_game_is_the_packs_only_end(tmp_path):
    """Without a rule of its own that ends a game, a pack is warned of; a card that
    makes a player win ends it, and the warning comes back when the card no longer does."""
    how = run(tmp_path, texts(ends=False), "cards/a.yaml", [
        replace("draw a card\n", "you win the game\n"),
        replace("you win the game\n", "draw a card\n"),
        replace("deal 2 damage", "deal 2 damages"),                     # an error: no warning then
        replace("deal 2 damages", "deal 2 damage"),                     # the pack loads again
    ])
    assert how == ["cards"] * 4
    problems, _ = whole(PackFiles(texts(ends=False), str(tmp_path)))
    assert [p.message[:32] for p in problems] == ["nothing in this pack ends a game"]


def test_a_pack_that_follows_card_text_checks_its_own_cards_alone(tmp_path):
    """Basic TCG follows the text of its imported cards: its scenario cards, which no
    import has, are checked alone; when the pack loads again after an error, its
    warnings of card text to write are looked for again in the whole pack."""
    folder = tmp_path / "basic_tcg"
    shutil.copytree(VARIANTS / "basic_tcg", folder)
    key = "cards/scenarios.yaml"
    start = {key: (folder / key).read_text(encoding="utf-8")}
    how = run(folder, start, key, [
        replace("active player loses the game", "active player losess the game"),
        replace("conquest_goal", "conquest_gaol"),
        replace("conquest_gaol", "conquest_goal"),
        replace("active player losess the game", "active player loses the game"),
    ], on_disk=True)
    assert how == ["cards", "cards", "cards", "whole"]


def test_the_names_scenarios_use_are_looked_up_while_the_pack_loads(tmp_path):
    """A scenario's names are looked up in a pack that loads: an edit that breaks the
    pack leaves them unread, and the pack checked whole when it loads again reads them."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "t.yaml").write_text(
        "scenarios:\n  - name: a card the pack does not have\n    setup:\n"
        "      players: [{zones: {hand: [Card 1, Card 99]}}, {}]\n", encoding="utf-8")
    how = run(tmp_path, texts(), "cards/a.yaml", [
        replace("deal 2 damage", "deal 3 damage"),
        replace("draw a card", "drawe a card"),
        replace("drawe a card", "draw a card"),
    ])
    assert how == ["cards", "cards", "whole"]
    problems, _ = whole(PackFiles(texts(), str(tmp_path)))
    assert [(p.line, p.col, p.message[:22]) for p in problems] == [(4, 41, 'unknown card "Card 99"')]


def test_an_option_is_warned_of_once_no_card_reads_it(tmp_path):
    """Cards 1, 5 and 9 read the option "bonus", with the same text: the last two take
    it from the texts compiled already, and read the option all the same."""
    start = texts()
    start["pack.yaml"] = start["pack.yaml"].replace("options:\n", "options:\n  bonus: {default: 2}\n")
    reads, reads_not = "effect: |\n          draw bonus cards\n", "effect: |\n          draw 2 cards\n"
    start["cards/a.yaml"] = start["cards/a.yaml"].replace("effect: |\n          draw a card\n", reads)
    how = run(tmp_path, start, "cards/a.yaml", [
        replace(reads, reads_not),          # card 1: cards 5 and 9 still read it
        replace(reads, reads_not, 2),       # none does
        replace(reads_not, reads),
    ])
    assert how == ["cards"] * 3
    problems, _ = whole(PackFiles({**start, "cards/a.yaml": start["cards/a.yaml"].replace(reads, reads_not)},
                                  str(tmp_path)))
    assert [(p.line, p.col, p.severity, p.message) for p in problems] == [
        (7, 3, "warning", 'option "bonus" is read by no rule')]
