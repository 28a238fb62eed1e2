"""The only source of chance: a seeded generator whose whole state is one integer.

An integer state makes clone() free and a game reproducible on any Python version,
which the standard library's Mersenne Twister (a 625-word state) would not give
as cheaply.
"""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_OFFSET = 0x632BE59BD9B4E019


def seed_state(seed: int) -> int:
    return (int(seed) * _GOLDEN + _OFFSET) & _MASK


def seed_of(state: int) -> int:
    """The seed whose generator starts in `state` (seed_state backwards: the multiplier
    is odd, so every state has one seed below 2**64)."""
    return ((state - _OFFSET) * pow(_GOLDEN, -1, 1 << 64)) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """SplitMix64: returns (new state, 64 random bits)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n), by rejection so that no value is favoured."""
    if n <= 1:
        return state, 0
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, r = next_u64(state)
        if r < limit:
            return state, r % n
