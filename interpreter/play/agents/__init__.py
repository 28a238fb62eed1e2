"""Computer players, and the one index of them: importing this package registers
every agent (a new agent is a module here, imported below), so that the registry is
whole wherever it is read, and no agent imports another's module to be listed."""
from __future__ import annotations

from . import mcts, simple
from .mcts import MCTSAgent
from .registry import (AGENTS, AgentError, AgentKind, Setting, make_agent, parse_agents, parse_spec, register,
                       seat_agents)
from .simple import HeuristicAgent, RandomAgent, outlook, play_on, quiet

__all__ = ["AGENTS", "AgentError", "AgentKind", "HeuristicAgent", "MCTSAgent", "RandomAgent", "Setting", "make_agent",
           "mcts", "outlook", "parse_agents", "parse_spec", "play_on", "quiet", "register", "seat_agents", "simple"]
