"""Spelling suggestions for names a designer mistyped, and values shown as a designer wrote them."""
from __future__ import annotations

import difflib
from collections.abc import Iterable


def suggest(word: object, candidates: Iterable[object], cutoff: float = 0.6) -> str | None:
    """The known name closest to `word`, or None if nothing is close enough."""
    word = str(word)
    names = sorted({str(c) for c in candidates if isinstance(c, str)} - {word})
    if not names:
        return None
    # Capitals are the commonest slip and difflib scores them as real differences;
    # so are numbers written in words ("Red one" for "Red 1"), which share no letter.
    folded = [n for n in names if n.casefold() == word.casefold()]
    if not folded:
        digits = _in_digits(word)
        folded = [n for n in names if _in_digits(n) == digits]
    if folded:
        return folded[0]
    close = difflib.get_close_matches(word, names, n=1, cutoff=cutoff)
    return close[0] if close else None


_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}


def _in_digits(text: str) -> str:
    """`text` folded, each number written in words written in digits."""
    return " ".join(_NUMBER_WORDS.get(w, w) for w in text.casefold().split())


def did_you_mean(word: object, candidates: Iterable[object]) -> str:
    """'; did you mean "x"?' to append to a message, or '' when nothing is close."""
    best = suggest(word, candidates)
    return f'; did you mean "{best}"?' if best is not None else ""


def described(value) -> str:
    """A value as a designer wrote it, for a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        if not value:
            return "an empty list"
        listed = ", ".join(map(str, value))
        return f"a list ({listed})" if len(listed) <= 40 else f"a list ({listed[:40]}...)"
    text = str(value)
    return f'"{text}"' if len(text) <= 40 else f'"{text[:40]}..."'
