"""How a random game of a two-sided pack ended, checked the same way by each pack's tests."""
from __future__ import annotations


def winner_seat(state) -> int | None:
    """The seat of the game's one winner, its last log line saying so; None for a game
    drawn at the turn limit of 200, its last two lines saying so."""
    winners = [seat for seat, r in enumerate(state.returns()) if r > 0]
    if not winners:
        assert state.log[-2:] == ["the turn limit (200) is reached", "the game is a draw"]
        return None
    name = state.s.t.players[winners[0]].name
    assert len(winners) == 1 and state.log[-1] == f"{name} wins the game"
    return winners[0]
