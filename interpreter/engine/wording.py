"""How the engine words what it asks and logs, as a pack words it for its players.

A window's question is the pack's sentence (`prompt:` of the phase or step, else of the
window) after the player's name, with `{phase}`, `{step}` and `{window}` filled in; a
currency's amount takes its singular or plural name (`one:`, `many:`)."""
from __future__ import annotations

from string import Formatter

PLACES = ("phase", "step", "window")     # what a window's prompt may name in braces


def words(name: str | None) -> str:
    """A name as players read it: `pre_attack` is "pre attack"."""
    return name.replace("_", " ") if name else ""


def and_list(names) -> str:
    """Names as a sentence lists them: "Ann", "Ann and Ben", "Ann, Ben and Cleo"."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def prompt_problem(text: str) -> str | None:
    """Why a prompt text cannot be filled in, or None."""
    try:
        fields = [(name, spec, conv) for _, name, spec, conv in Formatter().parse(text) if name is not None]
    except ValueError:
        return 'a brace that opens or closes nothing: write {{ or }} for a brace itself'
    for name, spec, conv in fields:
        if name not in PLACES or spec or conv:
            named = ", ".join("{" + p + "}" for p in PLACES[:-1]) + " or {" + PLACES[-1] + "}"
            return f'"{{{name}{"!" + conv if conv else ""}{":" + spec if spec else ""}}}" names nothing a prompt knows: ' \
                   f'it may name {named}'
    return None


def window_question(s, window: str) -> str:
    """What the player with priority in `window` is asked, after their name."""
    pack = s.t.pack
    text = pack.phase_prompts.get((s.phase, s.step)) or pack.window_prompts.get(window)
    if text is None:
        rules = pack.window_rules.get(window)
        if rules is not None and not rules.can_pass and not s.pile:
            return f"choose what to do ({window})"     # pass is not offered (priority.py)
        return f"act or pass ({window})"
    if "{" not in text and "}" not in text:
        return text
    return text.format(phase=words(s.phase), step=words(s.step), window=words(window))


def amount(currency, n) -> str:
    """"1 level", "2 levels": `n` of a currency, in its singular or plural name."""
    return f"{n} {currency.one if n == 1 else currency.many}"


# ------------------------------------------------------------------ moves told together
# While a batch of moves is open (events.open_batch), each move's line is written as it
# happens, and `State.told` keeps the last one: [its place in the log, its route, who
# sees it, its cards]. The next card that goes the same way, seen by the same players,
# while that line is still the last of the log, joins it (primitives.move_logged); once
# another card goes another way, or the batch closes, a line of several cards is written
# again as one. Anything told in between (a card that cannot enter a full zone, a
# replacement) ends the line, so the log keeps its order.
def told_together(s) -> None:
    """The last line of moves (State.told) is done: written as one when it has several
    cards (the callers that run often ask first). Called as another card goes another
    way, as the batch closes, and as a rule breaks the game off."""
    (at, route, seen_by, cards), s.told = s.told, None
    if len(cards) > 1:
        names = s.t.names
        text = f"{and_list([names[c] for c in cards])} move {route}"
        turn = s.log[at][0]
        s.log[at] = (turn, "move", text) if seen_by is None else \
            (turn, "move", text, seen_by, f"{len(cards)} cards move {route}")
