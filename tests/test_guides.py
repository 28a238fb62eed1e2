"""The guides keep up with the code: docs/cli.md documents every command and option
of `cardtable`, and its quick examples print what it shows; the links between
README.md and docs/ lead somewhere, and the rules in their YAML examples parse."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from cardtable.cli import main

ROOT = Path(__file__).resolve().parent.parent
CLI_GUIDE = ROOT / "docs" / "cli.md"


def sections(text: str) -> dict[str, str]:
    """The text under each `## cardtable <command>` heading, by command."""
    parts = re.split(r"^## cardtable (\S+)[ \t]*$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def documented_words(param: click.Parameter) -> list[str]:
    """What the guide must mention of one parameter: each of its option names, or the
    argument's name as --help shows it, and each value it may take from a list."""
    if isinstance(param, click.Argument):
        words = [param.make_metavar(click.Context(main)).split(" ")[0].rstrip(".")] \
            if not isinstance(param.type, click.Choice) else []
    else:
        words = [*param.opts, *param.secondary_opts]
    if isinstance(param.type, click.Choice):
        words += [str(c) for c in param.type.choices]
    return words


COMMANDS = sorted(main.commands)


def test_every_command_has_its_section():
    assert sorted(sections(CLI_GUIDE.read_text(encoding="utf-8"))) == COMMANDS


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_of_a_command_is_in_its_section(name):
    # Each in the first column of the section's table, where it is explained.
    section = sections(CLI_GUIDE.read_text(encoding="utf-8")).get(name, "")
    first_cells = " ".join(line.split("|")[1] for line in section.splitlines() if line.startswith("| `"))
    params = [p for p in main.commands[name].params if p.name != "help"]
    missing = [w for p in params for w in documented_words(p)
               if not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", first_cells)]
    assert not missing, f"docs/cli.md, section cardtable {name}, does not mention: {', '.join(missing)}"


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_a_section_lists_is_one_of_its_command(name):
    # The guide listed test's --coverage under validate, simulate and play, which refused it.
    section = sections(CLI_GUIDE.read_text(encoding="utf-8")).get(name, "")
    first_cells = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    listed = {w for cell in first_cells for w in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", cell)}
    options = {w for p in main.commands[name].params for w in (*p.opts, *p.secondary_opts)}
    assert sorted(listed - options) == [], f"docs/cli.md, section cardtable {name}, lists options it does not take"


def test_the_options_of_cardtable_itself_are_in_the_guide():
    intro = re.split(r"^## ", CLI_GUIDE.read_text(encoding="utf-8"), flags=re.M)[0]
    for word in ("--help", "-h", "--version"):
        assert word in intro, word


def test_the_guide_lists_every_exit_code():
    text = CLI_GUIDE.read_text(encoding="utf-8")
    table = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^\| (\d) \|", table, flags=re.M) == ["0", "1", "2"]


# ------------------------------------------------------------------------ links

GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md"]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings."""
    found = set()
    for heading in re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_between_guides_lead_somewhere(guide):
    broken = []
    for target in LINK.findall(guide.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):        # https:, mailto:: not checked here
            continue
        file, _, anchor = target.partition("#")
        path = (guide.parent / file).resolve() if file else guide
        if not path.exists():
            broken.append(target)
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(target)
    assert not broken, f"{guide.relative_to(ROOT)}: links to nothing: {', '.join(broken)}"


def test_readme_links_every_guide():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for guide in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{guide.name})" in readme, f"README.md does not link docs/{guide.name}"


RULE_TEXTS = {"effect": "script", "cost": "script", "script": "script", "setup": "script", "checks": "script",
              "if": "condition", "when": "condition", "trigger": "trigger"}


def rule_texts(node, path=()):
    """The DSL texts of a YAML example, each with where it is and how it is read."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in RULE_TEXTS and isinstance(value, str):
                yield (*path, key), value, RULE_TEXTS[key]
            else:
                yield from rule_texts(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from rule_texts(value, (*path, i))


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_yaml_examples_of_a_guide_read_and_their_rules_parse(guide):
    """A designer copies these into a pack: each is YAML, and each rule in it is the
    effect language (a text of comments alone stands for lines left out)."""
    import yaml

    from cardtable.interpreter.lang import dsl
    text = guide.read_text(encoding="utf-8")
    wrong = []
    for example in re.finditer(r"^```yaml\n(.*?)^```", text, flags=re.S | re.M):
        line = text.count("\n", 0, example.start()) + 1
        data = yaml.safe_load(example.group(1))
        for path, rule, start in rule_texts(data):
            if all(not part.strip() or part.strip().startswith("#") for part in rule.splitlines()):
                continue
            try:
                dsl.parse(rule, start)
            except dsl.DslSyntaxError as e:
                wrong.append(f"line {line}, {'/'.join(map(str, path))}: {e.message}")
    assert not wrong, f"{guide.relative_to(ROOT)}: " + "; ".join(wrong)


def reads_as_shown(shown: list[str], printed: list[str]) -> bool:
    """The lines printed are those shown, a line `...` standing for any number of lines."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(reads_as_shown(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0].rstrip() == shown[0].rstrip() and reads_as_shown(shown[1:], printed[1:])


# The examples of docs/cli.md that take seconds, run in the guide's order in one folder
# (the first of each command; the others need a pack changed first).
QUICK_EXAMPLES = [
    "cardtable validate magic54 --format xml",
    "cardtable validate magic54",
    "cardtable validate magic45",
    "cardtable test magic54 -k Knowledge -v",
    "cardtable test magic54 --coverage",
    "cardtable simulate go_fish --players 3 --games 100 --seed 1",
    "cardtable simulate pub_magic --players 8 --games 100 --seed 1 --jobs 2",
    "cardtable simulate magic54 --option starting_life=0",
    "cardtable simulate magic54 --players 3",
    "cardtable simulate magic54 --agents random,smart",
    "cardtable impact magic54 --only King --only Queen --only Mana -n 30 --jobs 2",
    "cardtable impact stack_duel --matchups -n 20",
    "cardtable sweep magic54 --set 'Queen.defense=1..3' --set starting_life=10,20 -n 30 --jobs 2",
    "cardtable simulate magic54 --games 3 --seed 1 --agents random,heuristic --out games.jsonl",
    "cardtable replay games.jsonl",
    "cardtable replay games.jsonl --game 2",
    "cardtable replay games.jsonl --game 2 --at 20",
]


def test_the_quick_examples_of_the_cli_guide_print_what_it_shows(tmp_path, monkeypatch):
    import shlex

    from click.testing import CliRunner
    from test_pack_guide import commands
    first = {}
    for command, output in commands(CLI_GUIDE.read_text(encoding="utf-8")):
        first.setdefault(command, output.splitlines())
    monkeypatch.chdir(tmp_path)
    differ = []
    for command in QUICK_EXAMPLES:
        result = CliRunner().invoke(main, shlex.split(command)[1:], prog_name="cardtable")
        if not reads_as_shown(first[command], result.output.splitlines()):
            differ.append(f"$ {command}\n{result.output}")
    assert not differ, "docs/cli.md shows other output:\n" + "\n".join(differ)
