"""Whether a computer player ducks the Queen of Spades in Hearts: seeded matches with the
agent in one seat (the seat moving round from match to match) and random players in
the others, beside a random player in the same seats on the same seeds.

    python benchmarks/ducking.py mcts --games 100 --jobs 2
    python benchmarks/ducking.py heuristic --games 100 --jobs 2

Two measures, both from the seat under test:
- **ducks**: each time it plays to a trick that already holds the Queen of Spades and
  it may play either a card that would take the trick as it stands (a higher card of
  the suit led) or one that would not, how often it plays one that would not;
- **takes the Queen**: the share of the hands it plays in which it takes the Queen
  (a quarter, for a player no better than the others).
Game i uses seed `--seed + i` and puts the agent in seat i mod 4.
"""
from __future__ import annotations

import argparse

import placings                      # benchmarks/placings.py, beside this script
from agents import batch_arguments
from cardtable.interpreter.play.agents import make_agent
from cardtable.interpreter.play.stats import wilson

RANKS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
QUEEN = "Queen of Spades"


def takes(card: str, led: str, best: int) -> bool:
    """Whether `card` would take a trick of the suit `led` whose best rank is `best`."""
    rank, suit = card.split(" of ")
    return suit.lower() == led and RANKS.index(rank) > best


def duck_choice(state) -> tuple[list, str] | None:
    """At a play to a trick holding the Queen with a real choice between taking it and
    not: each option's label and whether it takes; None otherwise."""
    view = state.observation(None)
    played = [c["name"] for p in view["players"] for c in p["zones"]["played"]]
    if QUEEN not in played or not state.decision.prompt.endswith("play a card"):
        return None
    led = view["table"]["led"]
    best = max(RANKS.index(c.split(" of ")[0]) for c in played if c.split(" of ")[1].lower() == led)
    labels = state.legal_labels()
    taking = [takes(label, led, best) for label in labels]
    return (labels, taking) if any(taking) and not all(taking) else None


def play(job: tuple) -> tuple:
    """One match: (chances to duck, ducks, hands, Queens taken) of the seat under test."""
    seed, spec = job
    seat_tested = seed % 4
    agents = [make_agent(spec if seat == seat_tested else "random", f"{seed}:{seat}") for seat in range(4)]
    chances = ducks = 0
    state = placings._GAME.new_initial_state(seed=seed)
    while not state.is_terminal():
        seat = state.current_player()
        action = agents[seat].choose(state)
        choice = duck_choice(state) if seat == seat_tested else None
        if choice:
            labels, taking = choice
            chances += 1
            ducks += not taking[labels.index(state.action_to_string(action))]
        state.apply_action(action)
    name = state.seat_names[seat_tested]
    hands = sum(1 for line in state.log if line.startswith("hand ") and line.endswith(" begins"))
    queens = sum(1 for line in state.log if line.startswith(f"{QUEEN} moves from") and line.endswith(f"to {name}'s won"))
    return chances, ducks, hands, queens


def summary(label: str, results: list) -> str:
    chances, ducks, hands, queens = (sum(r[i] for r in results) for i in range(4))
    d_low, d_high = wilson(ducks, chances)
    q_low, q_high = wilson(queens, hands)
    return (f"  {label:<22} ducks {ducks} of {chances} ({100 * ducks / max(1, chances):.1f}%, "
            f"{100 * d_low:.1f}% - {100 * d_high:.1f}%); takes the Queen in {queens} of {hands} hands "
            f"({100 * queens / max(1, hands):.1f}%, {100 * q_low:.1f}% - {100 * q_high:.1f}%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("agent", help="an agent spec, such as mcts or heuristic")
    batch_arguments(parser)
    args = parser.parse_args()
    setup = ("hearts", dict(pair.split("=", 1) for pair in args.option), 4)
    seeds = range(args.seed, args.seed + args.games)
    print(f"hearts: {args.games} matches, seeds {seeds[0]} to {seeds[-1]}, the seat under test moving round")
    print(summary(args.agent, placings.run(args.agent, seeds, args.jobs, setup, play)))
    print(summary("random (same seats)", placings.run("random", seeds, args.jobs, setup, play)))


if __name__ == "__main__":
    main()
