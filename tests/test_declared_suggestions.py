""""Did you mean" for a name a scenario, a setup or a game's options mistype reads the
pack's declarations (Pack.declarations), the one list of the names a pack declares
that the loader, an editor and these messages share.

Each test gives Magic 54 one more declared name (nothing else of the pack has it) and
mistypes it: only a message that reads the declarations can suggest it."""
from __future__ import annotations

import dataclasses

import pytest

from cardtable import Game, Report, SetupError, load_pack
from cardtable.interpreter.engine.game import OptionError
from cardtable.interpreter.packs import expectations
from cardtable.interpreter.packs.declarations import Declarations
from cardtable.interpreter.packs.expectations import Look
from cardtable.interpreter.packs.stops import stop_target


class Refused(Exception):
    pass


def refuse(container, key, message):
    raise Refused(message)


@pytest.fixture(scope="module")
def magic54():
    return load_pack("magic54", Report())


def declaring(pack, kind: str, name: str):
    """The pack, with `name` declared as a `kind` besides what it declares."""
    decls = Declarations()
    for d in pack.declarations:
        decls.add(d.kind, d.name, d.file, (d.line, d.col))
    decls.add(kind, name, "pack.yaml", (1, 1))
    return dataclasses.replace(pack, declarations=decls)


def refusal(call) -> str:
    with pytest.raises((Refused, SetupError, OptionError)) as e:
        call()
    return str(e.value)


def test_a_phase_without_steps_declares_its_own_step(magic54):
    steps = magic54.declarations.of("step")
    assert [n for n in steps if n in magic54.declarations.of("phase")] == ["beginning", "pre_attack", "post_attack", "end"]
    assert steps["beginning"][2:] == magic54.declarations.of("phase")["beginning"][2:]


def test_a_stop_suggests_a_declared_phase_or_step(magic54):
    pack = declaring(magic54, "phase", "upkeep")
    assert refusal(lambda: stop_target(pack, {"phase": "upkep"}, refuse)) == 'unknown phase "upkep"; did you mean "upkeep"?'
    pack = declaring(magic54, "step", "draw")
    assert refusal(lambda: stop_target(pack, {"step": "drw"}, refuse)) == 'unknown step "drw"; did you mean "draw"?'
    # A phase without steps is a step of its name: a stop may name it, so it is suggested.
    assert refusal(lambda: stop_target(magic54, {"step": "beginnin"}, refuse)) == \
        'unknown step "beginnin"; did you mean "beginning"?'


@pytest.mark.parametrize("kind, name, setup, message", [
    ("zone", "exile", {"players": [{"zones": {"exle": []}}, {}]}, 'unknown zone "exle"; did you mean "exile"?'),
    ("zone", "exile", {"shared": {"exle": []}}, 'unknown zone "exle"; did you mean "exile"?'),
    ("player counter", "poison", {"players": [{"counters": {"poisn": 1}}, {}]},
     'unknown player counter "poisn"; did you mean "poison"?'),
    ("mark", "summoned", {"players": [{"zones": {"play": [{"card": "Jack of Hearts", "marks": {"sumoned": True}}]}}, {}]},
     'unknown mark "sumoned"; did you mean "summoned"?'),
    ("phase", "upkeep", {"phase": "upkep"}, 'unknown phase "upkep"; did you mean "upkeep"?'),
])
def test_a_setup_suggests_a_declared_name(magic54, kind, name, setup, message):
    game = Game(declaring(magic54, kind, name))
    assert refusal(lambda: game.position(setup)) == message


def test_an_option_suggests_a_declared_option(magic54):
    pack = declaring(magic54, "option", "mulligans")
    assert refusal(lambda: Game(pack, options={"muligans": 1})) == 'Magic 54 has no option "muligans"; did you mean "mulligans"?'


@pytest.mark.parametrize("kind, name, check, message", [
    ("zone", "exile", lambda look: expectations.check_zone(look, "exle", 0, [], {}, "exle"),
     'unknown zone "exle"; did you mean "exile"?'),
    ("card counter", "charge", lambda look: expectations.check_card(look, 0, "it", {"counters": {"charg": 1}}),
     'unknown card counter "charg"; did you mean "charge"?'),
    ("mark", "summoned", lambda look: expectations.check_card(look, 0, "it", {"marks": {"sumoned": True}}),
     'unknown mark "sumoned"; did you mean "summoned"?'),
    ("property", "speed", lambda look: expectations.check_card(look, 0, "it", {"sped": 1}),
     'unknown card property "sped"; did you mean "speed"?'),
    ("table value", "pot", lambda look: expectations.check_expectations(look, {"table": {"pto": 1}}),
     'unknown table value "pto"; did you mean "pot"?'),
])
def test_an_expectation_suggests_a_declared_name(magic54, kind, name, check, message):
    state = Game(declaring(magic54, kind, name)).new_initial_state(seed=1)
    assert refusal(lambda: check(Look(state, refuse))) == message
