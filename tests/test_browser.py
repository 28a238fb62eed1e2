"""The workbench in a real browser: Playwright drives Debian's Chromium (the `browser`
extra; .ci/run installs both). A designer's day: a card edited into an error and
back, a game of each built-in pack played to its end by clicking, a position kept as
a scenario that `cardtable test` passes, a simulation and its chart, a file changed
in another editor.

Screenshots go to the tests' output folder (pytest's temporary folder, `browser/`),
or to the folder CARDTABLE_SCREENSHOTS names (docs/images for the workbench guide).
Chromium is /usr/bin/chromium unless CARDTABLE_CHROMIUM names another.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from checkout import importable

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
PACKS = ("magic54", "pub_magic", "basic_tcg")


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = Path(os.environ.get("CARDTABLE_SCREENSHOTS") or tmp_path_factory.mktemp("browser"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> Path:
    """Copies of the built-in packs: the tests edit them and add scenarios."""
    folder = tmp_path_factory.mktemp("packs")
    for name in PACKS:
        shutil.copytree(ROOT / "variants" / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def server(packs):
    env = {**os.environ, "PYTHONPATH": str(importable())}
    process = subprocess.Popen([sys.executable, "-m", "cardtable.cli", "serve", *PACKS, "--port", "0"],
                               cwd=packs, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not found:
        process.kill()
        raise AssertionError(f"the workbench did not start: {line}{process.stderr.read()}")
    yield found.group(0).rstrip("/")
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), (f"the browser tests drive Chromium at {CHROMIUM}: apt-get install chromium "
                                     f"(or name another with CARDTABLE_CHROMIUM)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # Generous: a shared machine under load can take many seconds to answer; speed is
    # measured by benchmarks/serve.py, never here.
    page.set_default_timeout(45000)
    yield page
    context.close()


def test_a_card_edited_into_an_error_shows_it_at_its_line_then_is_fixed_and_saved(server, page, packs, shots):
    page.goto(f"{server}/p/magic54")
    page.fill("#filter", "queen of hearts")
    page.wait_for_selector("text=1 of 54 cards")
    page.click('article[data-card="Queen of Hearts"] footer a')
    page.wait_for_selector(".editor textarea")
    area = page.locator(".editor textarea")
    text = area.input_value()
    broken = text.replace("effect: damage that would be dealt to this this turn is dealt to its controller instead",
                          "effect: damage that would be dealt to this this turn is dealt to its controler instead")
    area.fill(broken)
    problem = page.locator('#problems-box li.error[data-file="cards/creatures.yaml"]')
    problem.first.wait_for()
    assert problem.first.get_attribute("data-line") == "35"
    assert "cards/creatures.yaml:35:" in problem.first.inner_text() and "controler" in problem.first.inner_text()
    # The box may show the pack's own check (the page's events) before the editor's check
    # answers and marks its gutter: the mark is waited for, as long as the page's other waits.
    from playwright.sync_api import expect

    expect(page.locator(".gutter div").nth(34)).to_have_class("err", timeout=45000)
    page.screenshot(path=shots / "workbench-edit-error.png")
    area.fill(broken.replace("controler", "controller") + "# kept as typed\n")
    page.wait_for_selector("#problems-box >> text=No problems")
    page.click("#save")
    page.wait_for_selector("#status.saved")
    assert (packs / "magic54" / "cards" / "creatures.yaml").read_text() == text + "# kept as typed\n"


def test_a_file_changed_in_another_editor_shows_in_the_open_page(server, page, packs):
    page.goto(f"{server}/p/magic54/edit/cards/damage.yaml")
    area = page.locator(".editor textarea")
    file = packs / "magic54" / "cards" / "damage.yaml"
    file.write_text(file.read_text() + "# changed elsewhere\n")
    # How soon it shows is a figure of benchmarks/serve.py; here only that it does.
    from playwright.sync_api import expect

    expect(area).to_have_value(re.compile(r"# changed elsewhere\n$"), timeout=45000)
    assert area.input_value() == file.read_text()


# Options that make the games short (the game is played to its end all the same).
@pytest.mark.parametrize("pack, options", [("magic54", {"starting_life": "6"}), ("pub_magic", {"land_goal": "5"}),
                                           ("basic_tcg", {"turn_limit": "20"})])
def test_a_game_of_each_pack_is_played_to_its_end_by_clicking(server, page, shots, pack, options):
    page.goto(f"{server}/p/{pack}/play")
    page.fill("input[name=seed]", "5")
    for name, value in options.items():
        page.fill(f"input[name=option_{name}]", value)
    page.click("text=Start the game")
    page.wait_for_selector("#table")
    clicks = 0
    while page.locator("#over").count() == 0:
        buttons = page.locator("#options button")
        at = page.locator("#options input[name=at]").first.get_attribute("value")
        buttons.nth(buttons.count() - 1).click()     # the last option: a game that moves
        page.wait_for_selector(f"#over, #options input[name=at]:not([value='{at}'])", state="attached")
        clicks += 1
        if clicks == 4 and pack == "magic54":
            page.screenshot(path=shots / "workbench-play.png")
        assert clicks < 400
    assert re.search(r"(wins the game|is a draw) \(turn \d+, \d+ decisions\)\.", page.inner_text("#over"))


def test_a_refused_form_and_a_refused_move_say_why_as_text(server, page):
    # htmx drops a 4xx answer: the reason never showed, the button did nothing. The
    # reason quotes what was typed (and a pack's names): it is shown as text, not HTML.
    page.goto(f"{server}/p/magic54/play")
    page.fill("input[name=players]", "human,wizard<img src=x onerror=window.pwned=1>")
    page.click("text=Start the game")
    page.wait_for_selector("#start-error:not(:empty)")
    assert page.inner_text("#start-error") == ('no player named "wizard<img src=x onerror=window.pwned=1>" '
                                               '(players: human, random, heuristic, mcts)')
    assert page.locator("#start-error img").count() == 0 and page.evaluate("window.pwned") is None
    page.fill("input[name=players]", "human,random")
    page.click("text=Start the game")
    page.wait_for_selector("#options button")
    # A page left behind answers a decision taken since: the board says the game moved on.
    page.evaluate("document.querySelector('#options input[name=at]').value = '99'")
    page.locator("#options button").first.click()
    page.wait_for_selector("text=the game has moved on since this page was drawn: look again")


def test_a_position_kept_as_a_scenario_passes_cardtable_test(server, page, packs):
    page.goto(f"{server}/p/magic54/play")
    page.fill("input[name=seed]", "3")
    page.click("text=Start the game")
    for k in range(5):
        at = page.locator("#options input[name=at]").first.get_attribute("value")
        page.locator("#options button").first.click()
        page.wait_for_selector(f"#options input[name=at]:not([value='{at}'])", state="attached")
        if k == 1:
            page.click("text=Keep as a scenario test")
            page.click("text=Start the scenario here")
            page.wait_for_selector("#message")
    page.click("text=Keep as a scenario test")
    page.fill("input[name=name]", "kept at the workbench")
    page.fill("input[name=file]", "tests/kept.yaml")
    page.click("text=Save as a scenario")
    page.wait_for_selector("#message >> text=added the scenario")
    run = subprocess.run([sys.executable, "-m", "cardtable.cli", "test", str(packs / "magic54"), "-k", "workbench",
                          "-v"], capture_output=True, text=True, cwd=ROOT)
    assert run.stdout.splitlines() == ["ok   kept at the workbench", "1 passed, 0 failed"], run.stdout + run.stderr


def test_a_small_simulation_shows_its_charts(server, page, shots):
    page.goto(f"{server}/p/magic54/simulate")
    page.fill("input[name=games]", "20")
    page.click("button:text('Simulate')")
    page.wait_for_selector("#wins", timeout=60000)
    bars = page.locator("svg.chart g.row")
    assert bars.first.get_attribute("data-label") == "seat Red"
    assert page.locator("svg.chart rect.bin").count() > 3
    assert "20 games, 2 players, seeds 0 to 19" in page.inner_text("p.summary")
    page.screenshot(path=shots / "workbench-simulate.png")



def test_unsaved_changes_are_kept_and_simulated_when_asked(server, page, packs):
    page.goto(f"{server}/p/basic_tcg/edit/pack.yaml")
    area = page.locator(".editor textarea")
    text = area.input_value()
    with page.expect_response(lambda r: r.url.endswith("/check") and "trying" in r.request.post_data):
        area.fill(text + "# trying a change\n")
    page.goto(f"{server}/p/basic_tcg/simulate")
    assert page.inner_text("#unsaved-files") == "The editor has unsaved changes to pack.yaml."
    assert page.is_checked("input[name=unsaved]")
    page.fill("input[name=games]", "4")
    page.fill("input[name=option_turn_limit]", "20")
    page.click("button:text('Simulate')")
    page.wait_for_selector("#wins", timeout=60000)
    assert page.inner_text("#versions") == "Played: basic_tcg with the unsaved changes to pack.yaml."
    # The editor opened again shows the text as it was left, not saved.
    page.goto(f"{server}/p/basic_tcg/edit/pack.yaml")
    assert page.locator(".editor textarea").input_value() == text + "# trying a change\n"
    assert page.inner_text("#status") == "unsaved changes"
    assert (packs / "basic_tcg" / "pack.yaml").read_text() == text
    with page.expect_response(lambda r: r.url.endswith("/check") and json.loads(r.request.post_data)["text"] == text):
        page.locator(".editor textarea").fill(text)
    assert page.inner_text("#status") == ""
    page.goto(f"{server}/p/basic_tcg/simulate")
    assert page.locator("#unsaved-files").count() == 0


@pytest.fixture(scope="module")
def changed_records(tmp_path_factory) -> Path:
    """Two games recorded with a version of magic54 whose Jacks cost 2: the served
    magic54 (where they cost 1) parts ways with them."""
    folder = tmp_path_factory.mktemp("changed")
    shutil.copytree(ROOT / "variants" / "magic54", folder / "magic54")
    creatures = folder / "magic54" / "cards" / "creatures.yaml"
    creatures.write_text(creatures.read_text().replace("    cost: 1\n    attack: 1", "    cost: 2\n    attack: 1"))
    out = folder / "games.jsonl"
    run = subprocess.run([sys.executable, "-m", "cardtable.cli", "simulate", str(folder / "magic54"), "-n", "2",
                          "--seed", "7", "--out", str(out)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(importable())})
    assert run.returncode == 0, run.stderr
    return out


def test_a_record_is_uploaded_stepped_and_shows_where_the_pack_parts_ways(server, page, shots, changed_records):
    page.goto(f"{server}/replay")
    page.set_input_files("#records-file", str(changed_records))
    assert page.input_value("#records-name") == "games.jsonl"
    from playwright.sync_api import expect

    expect(page.locator("#records-text")).to_have_value(changed_records.read_text(), timeout=45000)
    page.click("button:text('Open')")
    page.wait_for_selector("#games")
    assert page.locator("#games a").all_inner_texts() == ["game 1", "game 2"]
    page.click("#games a:text('game 1')")
    steps = page.locator("#steps b")
    assert re.fullmatch(r"after decision 0 of \d+", steps.inner_text())
    page.click("#forward")
    page.click("#forward")
    assert steps.inner_text().startswith("after decision 2 of ")
    page.click("#back")
    assert steps.inner_text().startswith("after decision 1 of ")
    parted = page.inner_text("#parted")
    found = re.fullmatch(r'The versions part ways at decision (\d+) \(turn \d+\): the record has Red choose '
                         r'"([^"]+)" \(option (\d+)\), but the pack now asks "Red: play a card, use a Special or pass \(before the attack\)" and offers: '
                         r'(.+)\.\s+Go there', parted)
    assert found, parted
    at, chosen, option, offered = int(found.group(1)), found.group(2), int(found.group(3)), found.group(4).split("; ")
    assert option >= len(offered) or offered[option] != chosen     # the record's answer is no longer that option
    page.click("#parted a:text('Go there')")
    assert steps.inner_text().startswith(f"after decision {at - 1} of ")
    assert page.locator("#forward").count() == 0      # the record goes no further with this pack
    assert page.inner_text("#next") == f"The record's next decision: Red: {chosen}"
    page.screenshot(path=shots / "workbench-replay.png")
    # Another pack to replay it with: the page goes there at once (a script of the workbench's own).
    page.select_option("select[name=pack]", "pub_magic")
    page.wait_for_url(re.compile(r"pack=pub_magic"))

def test_the_pack_page(server, page, shots):
    page.goto(f"{server}/p/magic54")
    page.wait_for_selector("article.face")
    page.screenshot(path=shots / "workbench-pack.png")
    assert page.locator("article.face").count() == 54
