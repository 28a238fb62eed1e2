"""damage.dealt: what a pack makes damage do as it is dealt (lifelink, deathtouch), run
at once with the source, the target, the amount and the kind."""
from click.testing import CliRunner

from cardtable.cli import main
from cardtable.interpreter.packs.newpack import new_pack

SCENARIO = """scenarios:
  - name: damage dealt gives its source's controller as much life
    setup:
      turn: 2
      active: Ann
      phase: main
      players:
        - zones:
            hand: [Flare]
        - zones: {}
    script:
      - "Ann: Play: Flare"
      - "Ann: Ben"
    expect:
      players:
        - {life: 12}
        - {life: 8}
"""


def pack_with(tmp_path, dealt: str):
    folder = tmp_path / "sparks"
    new_pack(str(folder), None)
    pack = folder / "pack.yaml"
    text = pack.read_text(encoding="utf-8")
    assert "damage: {to_players: life}\n" in text
    pack.write_text(text.replace("damage: {to_players: life}\n", f"damage:\n  to_players: life\n  dealt: {dealt}\n"),
                    encoding="utf-8")
    (folder / "tests" / "cards.yaml").write_text(SCENARIO, encoding="utf-8")
    return folder


def test_what_damage_does_as_it_is_dealt_is_the_packs_script(tmp_path):
    folder = pack_with(tmp_path, "'if source != none and kind = \"\": increase life of you by amount'")
    r = CliRunner().invoke(main, ["test", str(folder)])
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, "1 passed, 0 failed"), r.output


def test_it_fails_where_the_game_goes_otherwise(tmp_path):
    folder = pack_with(tmp_path, "'increase life of you by amount + 1'")
    r = CliRunner().invoke(main, ["test", str(folder)])
    assert r.exit_code == 1 and "1 passed" not in r.output


def test_what_damage_does_may_not_wait_for_a_player(tmp_path):
    folder = pack_with(tmp_path, "'choose a player as p \"who gains\"'")
    r = CliRunner().invoke(main, ["validate", str(folder)])
    assert r.exit_code == 1
    assert (f"{folder / 'pack.yaml'}:49:10: error: what damage does as it is dealt happens at once: it may not "
            "wait for a player (a choice, a window)") in r.output


def test_damage_that_deals_itself_again_stops_the_game_where_the_script_is_written(tmp_path):
    # Without a count of its own, the native engine (which has no recursion limit of
    # Python's) crashed here; the Python source stopped with no place named.
    folder = pack_with(tmp_path, "'if target != none: deal amount damage to target from source'")
    r = CliRunner().invoke(main, ["simulate", str(folder), "--games", "1"])
    assert r.exit_code == 1
    assert r.output.splitlines()[0] == (
        f"{folder / 'pack.yaml'}:49:10: error: game 1 (seed 0) stopped on turn 1: what damage does as it is dealt "
        "(damage: dealt) dealt damage 100 times, one inside the other, within one damage: it deals damage that "
        "deals damage again")
