"""Any pack as a PettingZoo (AEC) environment, for reinforcement learning tools: `env(...)`
and `raw_env(...)` (docs/engine.md). It needs the pettingzoo extra:
pip install 'cardtable[pettingzoo]'."""
from .interpreter.play.pettingzoo_env import Layout, TooManyOptions, env, raw_env

__all__ = ["Layout", "TooManyOptions", "env", "raw_env"]
