"""docs/packs.md's two walk-throughs, done step by step in a copy of Magic 54: every
`$ cardtable ...` the guide shows is run in the guide's order and must print what the
guide says it prints."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from click.testing import CliRunner

from cardtable.cli import main

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "packs.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    return GUIDE.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def blocks(text: str) -> list[tuple[str, str]]:
    """The fenced code blocks of a Markdown text: (language, body)."""
    found, language, lines = [], None, []
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if language is None:
                language, lines = line[3:].strip(), []
            else:
                found.append((language, "".join(lines)))
                language = None
        elif language is not None:
            lines.append(line)
    return found


def commands(text: str) -> list[tuple[str, str]]:
    """Each `$ cardtable ...` of the text's code blocks, with the lines it prints."""
    found = []
    for language, body in blocks(text):
        for part in re.split(r"^\$ ", body, flags=re.M)[1:] if not language else []:
            command, _, output = part.partition("\n")
            found.append((command, output))
    return found


def yaml_block(text: str, holding: str) -> str:
    return next(body for language, body in blocks(text) if language == "yaml" and holding in body)


class Walk:
    """Runs the guide's commands in order, in a folder holding variants/."""

    def __init__(self, text: str, folder: Path, monkeypatch):
        self.steps = commands(text)
        self.folder = folder
        self.monkeypatch = monkeypatch

    def run(self, command: str, folder: Path | None = None) -> None:
        shown, output = self.steps.pop(0)
        assert shown == command
        self.monkeypatch.chdir(folder or self.folder)
        result = CliRunner().invoke(main, shlex.split(command)[1:])
        assert result.output == output, f"$ {command}"


def copy_pack(folder: Path, name: str = "magic54") -> Path:
    target = folder / "variants" / name
    shutil.copytree(ROOT / "variants" / "magic54", target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path.name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_changing_a_card(tmp_path, monkeypatch):
    walk = Walk(section("Changing a card"), tmp_path / "edited", monkeypatch)
    pack = copy_pack(tmp_path / "edited")
    copy_pack(tmp_path / "unchanged")

    edit(pack / "cards" / "creatures.yaml", "cost: 2\n    attack: 2\n    defense: 2\n",
         "cost: 2\n    attack: 2\n    defense: 3\n")
    edit(pack / "cards" / "creatures.yaml", "Queen = 2/2", "Queen = 2/3")
    walk.run("cardtable validate magic54")
    walk.run("cardtable test magic54 -q")
    walk.run('cardtable test magic54 -k "a Four"')

    scenario = pack / "tests" / "damage_cards.yaml"
    edit(scenario, "a Four deals 2 damage, enough for a Queen, not for a King",
         "a Four deals 2 damage, not enough for a Queen or a King")
    edit(scenario, "play: [King of Hearts]\n            discard: [Queen of Hearts]\n",
         "play: [Queen of Hearts, King of Hearts]\n")
    edit(scenario, "damage: {King of Hearts: 2}\n", "damage: {Queen of Hearts: 2, King of Hearts: 2}\n")
    edit(scenario, "        - Four of Spades deals 2 damage to Queen of Hearts\n"
                   "        - Queen of Hearts moves from Red's play to Red's discard\n",
         "        - Four of Spades deals 2 damage to Queen of Hearts\n")
    walk.run('cardtable test magic54 -k "a Four" -v')

    walk.run("cardtable simulate magic54 --games 200 --seed 1", tmp_path / "unchanged")
    walk.run("cardtable simulate magic54 --games 200 --seed 1")
    assert walk.steps == []


def test_adding_a_card_without_python(tmp_path, monkeypatch):
    text = section("Adding a card without Python")
    walk = Walk(text, tmp_path, monkeypatch)
    assert "cp -r variants/magic54 variants/magic54_healer" in text
    pack = copy_pack(tmp_path, "magic54_healer")

    edit(pack / "pack.yaml", "id: magic54\nname: Magic 54\n", "id: magic54_healer\nname: Magic 54 with Healers\n")
    for colour in ("red", "black"):
        edit(pack / "pack.yaml", f"{colour}: {{from: standard54, where: {{colour: {colour}}}, size: 27}}",
             f"{colour}: {{from: standard54, where: {{colour: {colour}}}, cards: [Healer], size: 27}}")
    edit(pack / "pack.yaml", "  - cards/actions.yaml\n", "  - cards/actions.yaml\n  - cards/healer.yaml\n")
    card = pack / "cards" / "healer.yaml"
    card.write_text(yaml_block(text, "name: Healer"), encoding="utf-8")
    walk.run("cardtable validate magic54_healer")

    edit(card, "increase lief of", "increase life of")
    for colour in ("red", "black"):
        edit(pack / "pack.yaml", f"{colour}}}, cards: [Healer], size: 27}}", f"{colour}}}, cards: [Healer], size: 28}}")
    walk.run("cardtable validate magic54_healer")

    (pack / "tests" / "healer.yaml").write_text(yaml_block(text, "Mend gains 2 life"), encoding="utf-8")
    walk.run("cardtable test magic54_healer -k Mend -v")
    walk.run("cardtable test magic54_healer -q")

    opening = pack / "tests" / "rulings.yaml"
    edit(opening, "5 cards of a 27-card deck", "5 cards of a 28-card deck")
    text_now = opening.read_text(encoding="utf-8")
    assert text_now.count("deck: {count: 22}") == 2
    opening.write_text(text_now.replace("deck: {count: 22}", "deck: {count: 23}"), encoding="utf-8")
    edit(opening, "hand: [Seven of Clubs, Five of Clubs, Five of Spades, Ace of Spades, Two of Clubs]",
         "hand: [Three of Clubs, Jack of Spades, King of Spades, Seven of Spades, Queen of Clubs]")
    edit(opening, "- Magic 54 begins with Red, Black; Black starts",
         "- Magic 54 with Healers begins with Red, Black; Black starts")
    edit(opening, 'options: [pass, "Mana: Seven of Clubs", "Mana: Five of Clubs", "Mana: Five of Spades"]',
         'options: [pass, "Mana: Three of Clubs", "Mana: Seven of Spades"]')
    walk.run("cardtable test magic54_healer")
    walk.run("cardtable simulate magic54_healer --games 200 --seed 1")
    assert walk.steps == []



def test_starting_a_pack(tmp_path, monkeypatch):
    walk = Walk(section("Starting a pack"), tmp_path, monkeypatch)
    walk.run("cardtable new my_duel")
    walk.run("cardtable validate my_duel")
    walk.run("cardtable test my_duel")
    walk.run("cardtable new my54 --from magic54")
    # The cards renamed: the scenarios still name the old ones.
    edit(tmp_path / "my_duel" / "cards" / "cards.yaml", "name: Spark", "name: Bolt")
    edit(tmp_path / "my_duel" / "cards" / "cards.yaml", "name: Flare", "name: Blaze")
    edit(tmp_path / "my_duel" / "pack.yaml", "[14 Spark, 6 Flare]", "[14 Bolt, 6 Blaze]")
    walk.run("cardtable validate my_duel")
    assert walk.steps == []


def test_validate_given_a_scenario_file(monkeypatch):
    walk = Walk(section("The folder"), ROOT, monkeypatch)
    walk.run("cardtable validate variants/magic54/tests/creatures.yaml")
    assert walk.steps == []


def test_the_trick_loop_of_the_guide_plays_games_to_their_end(tmp_path):
    """The `rounds` example ("A game without priority windows"), with Hearts' zones,
    properties, counters and `legal` around it: games between random players end, each
    hand dealt in full and each trick taken by the highest card of the suit led (read
    from the log)."""
    from cardtable.interpreter.diagnostics import Report
    from cardtable.interpreter.engine.game import Game
    from cardtable.interpreter.packs.loader import load_pack
    from cardtable.interpreter.play.agents import make_agent
    example = yaml_block(section("pack.yaml"), "round: trick")
    pack = tmp_path / "hearts"
    shutil.copytree(ROOT / "variants" / "hearts", pack)
    text = (pack / "pack.yaml").read_text(encoding="utf-8")
    text = text[:text.index("rounds:\n")] + text[text.index("define:\n"):]
    text = text[:text.index("turn:\n")] + example + "\n" + text[text.index("ranking:\n"):]
    (pack / "pack.yaml").write_text(text, encoding="utf-8")
    game = Game(load_pack(str(pack), Report()), {"hand_limit": 3})
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        agents = [make_agent("random", f"{seed}:{seat}") for seat in range(4)]
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
        assert sum(line.endswith(" is dealt 13 cards") for line in state.log) == 12
        assert takers(state.log) == [best_of_trick(trick) for trick in tricks(state.log)]
        assert len(tricks(state.log)) == 39


RANKS = "Two Three Four Five Six Seven Eight Nine Ten Jack Queen King Ace".split()


def tricks(log: list) -> list:
    """Each trick's cards, as (player, card) in the order played."""
    found = []
    for line in log:
        if line.startswith("trick ") and " begins, " in line:
            found.append([])
        elif line.endswith(" (play a card)"):         # the question of the choice of the card played
            player, _, card = line[:-len(" (play a card)")].partition(" chooses ")
            found[-1].append((player, card))
    return found


def best_of_trick(trick: list) -> str:
    led = trick[0][1].split(" of ")[1]
    return max((RANKS.index(card.split(" of ")[0]), player) for player, card in trick if card.endswith(led))[1]


def takers(log: list) -> list:
    """Who took each trick: the player whose won zone the trick's first card went to."""
    found, ended = [], False
    for line in log:
        if line.startswith("trick ") and line.endswith(" ends"):
            ended = True
        elif ended and "'s played to " in line:
            found.append(line.rsplit(" to ", 1)[1][:-len("'s won")])
            ended = False
    return found
