"""A game's log and its answers: lists that only grow, shared between clones.

A search player clones a game thousands of times a move. Copying the log on each
clone made a clone cost as much as the game was long; a `Trail` instead keeps what
was written before the last clone in frozen chunks that every clone shares, and
only the lines written since in a list of its own. A clone costs the lines written
since the last clone, and never the whole game.
"""
from __future__ import annotations

from itertools import chain

# Chunks are joined into one when there are more: a chain of clones, each
# writing a little, keeps reading (len, a line from the end) cheap.
MAX_CHUNKS = 32


class Trail:
    __slots__ = ("chunks", "frozen", "tail", "append")

    def __init__(self, items=()):
        self.chunks = ()          # tuples, oldest first, shared with clones
        self.frozen = 0           # the number of items in them
        self.tail = list(items)   # what this copy wrote since
        self.append = self.tail.append     # bound once: appending is as quick as a list's

    def clone(self) -> "Trail":
        tail = self.tail
        if tail:
            chunks = self.chunks + (tuple(tail),)
            if len(chunks) > MAX_CHUNKS:
                chunks = (tuple(chain.from_iterable(chunks)),)
            self.frozen += len(tail)
            self.chunks = chunks
            tail.clear()          # in place: `append` stays bound to it
        c = Trail.__new__(Trail)
        c.chunks = self.chunks
        c.frozen = self.frozen
        c.tail = []
        c.append = c.tail.append
        return c

    def pop(self):
        tail = self.tail
        if not tail and self.chunks:
            # The last line was written before a clone: this copy takes it back as its own.
            *rest, last = self.chunks
            self.chunks = tuple(rest)
            self.frozen -= len(last)
            tail.extend(last)
        return tail.pop()

    def __len__(self) -> int:
        return self.frozen + len(self.tail)

    def __bool__(self) -> bool:
        return bool(self.frozen or self.tail)

    def __iter__(self):
        if not self.chunks:
            return iter(self.tail)
        return chain(*self.chunks, self.tail)

    def __getitem__(self, i):
        tail = self.tail
        if type(i) is slice:
            start, stop, stride = i.indices(len(self))
            if start >= self.frozen and stride == 1:
                return tail[start - self.frozen:stop - self.frozen]
            return list(self)[i]
        # The usual reading, the last line or answer, without counting the chunks.
        if i < 0 and -i <= len(tail):
            return tail[i]
        n = self.frozen + len(tail)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("trail index out of range")
        if i >= self.frozen:
            return tail[i - self.frozen]
        for chunk in self.chunks:
            if i < len(chunk):
                return chunk[i]
            i -= len(chunk)

    def __eq__(self, other):
        if isinstance(other, Trail):
            other = list(other)
        return list(self) == other if isinstance(other, list) else NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Trail({list(self)!r})"
