"""cardtable: card games whose rules are data.

The public API is what this module exports (`__all__`); programs import from here,
`from cardtable import Game, load_pack`, and keep working when modules move inside
the package. docs/engine.md describes it. A name is imported when it is first used,
so that `import cardtable` and the command line start quickly.
"""

__version__ = "0.1.0"

# The engine compiled to machine code, where `cardtable native build` made it from this source.
from .interpreter.native import install as _native  # noqa: E402

_native()

# Each public name, and the module that defines it ("module:name" where it has another name there).
_EXPORTS = {
    # loading and checking packs
    "load_pack": "packs.loader", "PackError": "packs.loader", "Report": "diagnostics", "render": "diagnostics",
    "validate_pack": "packs.validate", "load_deck": "packs.importing", "given_roots": "packs.project",
    "PackFiles": "packs.files", "Declaration": "packs.declarations", "Declarations": "packs.declarations",
    # playing a game
    "Game": "engine.game", "GameState": "engine.game", "OptionError": "engine.game", "TERMINAL": "engine.game",
    "Decision": "engine.decisions", "Option": "engine.decisions", "IllegalAction": "engine.decisions",
    "NotInGame": "engine.game", "RuleError": "engine.state", "SetupError": "engine.positions",
    # scenarios
    "Scenario": "packs.scenario", "ScenarioFailure": "packs.scenario", "load_scenarios": "packs.scenario",
    "run_scenario": "packs.scenario", "scenario_files": "packs.scenario",
    # computer players and batches of games
    "AGENTS": "play.agents", "AgentError": "play.agents", "make_agent": "play.agents", "parse_agents": "play.agents",
    "register_agent": "play.agents:register", "Setting": "play.agents", "Batch": "play.batch", "SimulationError": "play.batch",
    "run_batch": "play.batch:run",
}
# The PettingZoo environment needs the pettingzoo extra: it is the module cardtable.pettingzoo_env.

__all__ = ["__version__", *sorted(_EXPORTS)]


def __getattr__(name: str):
    where = _EXPORTS.get(name)
    if where is None:
        raise AttributeError(f"module 'cardtable' has no attribute {name!r}")
    import importlib

    module, _, attr = where.partition(":")
    value = getattr(importlib.import_module(f"{__name__}.interpreter.{module}"), attr or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
