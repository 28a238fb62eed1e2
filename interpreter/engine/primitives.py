"""The game actions that scripts call: moving cards, drawing, damage, counters, marks,
continuous effects, winning and losing. Each keeps the state consistent and logs it.
"""
from __future__ import annotations

import threading

from . import events, knowledge, lastknown, results, tables, wording
from .events import Event
from .layers import build, stale
from .limits import DEALT, count
from .state import PlayerRef, RuleError, State


_event = tuple.__new__      # an Event made from its fields (events.py), on the path of every move

# ------------------------------------------------------------------ moving cards
def move(s: State, c: int, dest: int, bottom: bool = False, controller: int | None = None,
         face_down: bool = False, source=None) -> bool:
    """Put card `c` into zone `dest` (face down: nobody sees what it is there). A card
    that changes zone is a new object: its tapped state, damage, marks, counters and
    effects on it end. A zone that is full takes no more: the card stays (False).
    `source`: the card whose ability moves it, for triggers. A card that leaves play is
    kept as it was there, for what reads it so (engine/lastknown.py)."""
    src = s.zone_of[c]
    t = s.t
    if t.moving is not None:        # (one look for most packs, which have neither)
        if t.capacity is not None and src != dest and full(s, dest):
            # The card stays where it is: who sees it there reads its name.
            knowledge.say_of(s, "full", c, f" cannot enter {zone_label(s, dest)}: it is full")
            return False
        if src in t.remembering:
            lastknown.remember(s, c)        # what it was in play, before it loses it (608.2h)
    zones = s.zones
    if src >= 0:
        before = s.controller[c]
        zones[src].remove(c)
    elif s.moves[c] and c in t.tokens:
        return False        # a token that ceased to exist is gone for good
    else:
        before = -1
    if s.known is not None and (src not in t.unseen or c in s.known or s.face_down[c]):
        knowledge.moved(s, c, src, dest, face_down)     # who sees it here, before it goes (not a draw)
    if bottom:
        zones[dest].insert(0, c)
    else:
        zones[dest].append(c)
    s.zone_of[c] = dest
    meta = t.zone_meta[dest]
    # Only a move into a player's zone may make the card theirs (Table.taken: None in most packs).
    if controller is not None:
        s.controller[c] = controller
        if t.taken is not None and meta[1] is not None and src in t.taken:
            take(s, c, meta[1])
    elif meta[1] is not None:
        s.controller[c] = meta[1]
        if t.taken is not None and src in t.taken:
            take(s, c, meta[1])
    else:
        s.controller[c] = s.owner[c]
    s.tapped[c] = False
    s.damage[c] = 0
    s.entered[c] = s.turn
    if s.control_turn:
        s.control_turn.pop(c, None)     # a card that moves is a new object: "entered this turn" tells
    s.moves[c] += 1
    if face_down:
        s.face_down[c] = s.downs = True
    elif s.face_down[c] and meta[0].visibility != "hidden" and meta[0].role not in ("play", "pile"):
        s.face_down[c] = False
        if t.layered:
            stale(s)        # a card turned face up: its own values are read again
    if s.marks:
        # The card is a new object: its marks go, and so do marks pointing at it
        # (a blocker no longer blocks an attacker that left play); but not those the pack keeps.
        kept = t.pack.kept_marks
        for key in [k for k, v in s.marks.items() if (k[0] == c or (type(v) is int and v == c)) and k[1] not in kept]:
            del s.marks[key]
            mark_seen(s, key[1])        # the mark of a card that stays where it is (a blocker's)
            if t.layered:
                stale(s)
    if s.counters:
        for key in [k for k in s.counters if k[0] == c]:
            del s.counters[key]
            if t.layered:
                stale(s)
    if s.mods:
        _drop_mods(s, lambda m: m[2] == c or (m[0] == "redirect" and m[4] == c))
    if t.triggering:
        if not s.grouped:
            s.batch += 1
        s.events.append(_event(Event, ("move", c, s.controller[c], before, source, 0, src, dest, s.batch, "")))
    if t.layered:
        s.stamp += 1
        s.stamps[c] = s.stamp
        if s.ctl.pop(c, None) is not None or not view_kept(s, c, src, dest):
            stale(s)
    seen = t.checks_see_zones
    if seen is None or dest in seen or src in seen or (t.checks_see_control and s.controller[c] != before >= 0):
        s.dirty = True          # (a card the checks reach elsewhere, by a kept mark, changing hands)
    return True


def take(s: State, c: int, seat: int) -> None:
    """Card `c` becomes `seat`'s, taken from a zone whose cards go to their taker. The
    owners are a tuple a clone shares: a new one is made, rarely (a card bought)."""
    if s.owner[c] != seat:
        s.owner = s.owner[:c] + (seat,) + s.owner[c + 1:]


def view_kept(s: State, c: int, src: int, dest: int) -> bool:
    """Whether what the layers' view holds stays true once card `c` has moved from `src` to
    `dest`: no static ability or derived property looks at either zone (Table.view_zones:
    None where one reads tapping, which a move undoes), the card has no static ability of
    its own, is not face down, and no mark the pack keeps is of it or points at it. (Control
    given by an effect, a mark or a counter it lost, or its turning face up, make the view
    again where move sees them.)"""
    t = s.t
    looked = t.view_zones
    if looked is None or src in looked or dest in looked or t.cards[c].statics or s.face_down[c]:
        return False
    return not (s.marks and any(k[0] == c or (type(v) is int and v == c) for k, v in s.marks.items()))


def full(s: State, zone: int) -> bool:
    """Whether a zone holds as many cards as its capacity allows."""
    limit = s.t.capacity[zone] if s.t.capacity is not None else None
    return limit is not None and len(s.zones[zone]) >= limit


def zone_label(s: State, zone: int) -> str:
    return s.t.zone_labels[zone]


RANDOM = 0      # a depth: any place in the zone


def move_logged(s: State, c: int, dest: int, bottom: bool = False, controller: int | None = None,
                face_down: bool = False, source=None, depth: int | None = None) -> bool:
    """move, told in the log to those who see it. `depth`: a place inside the zone
    (place_in), else its top or bottom."""
    src = s.zone_of[c]
    down = s.downs and s.face_down[c]
    if not move(s, c, dest, bottom, controller, face_down, source):
        return False
    where = place_in(s, c, dest, depth) if depth is not None else "the bottom of " if bottom else ""
    if s.quiet:
        return True
    labels = s.t.zone_labels
    route = f"from {labels[src]} to {where}{labels[dest]}"
    # A card put face down is seen only by those who saw it where it was (and, in a zone
    # of a team, by its partners: knowledge.sees).
    key = (src, -1 if face_down else dest)
    seen = s.t.seen
    seen_by = seen[key] if key in seen else seen.setdefault(key, who_sees(s, *key))
    if down:        # face down where it was, it was seen there by the player (or team) of that zone alone
        seen_by = seen_from_down(s, *key)
    if seen_by is not None and s.known is not None and c in s.known:
        seen_by = knowledge.also_known(s, c, seen_by)      # a card shown to them is named to them
    if face_down:
        route += " face down"
        if s.t.zone_alias is not None and seen_by is not None and s.t.zone_meta[dest][0].per_team:
            seen_by = tuple(sorted({*seen_by, *s.t.holders(dest)}))
    grouped = s.grouped
    if grouped:
        # One statement's cards that go the same way are told in one line (wording.told_together).
        told = s.told
        if told is not None:
            if told[0] == len(s.log) - 1 and told[1] == route and told[2] == seen_by:
                told[3].append(c)
                return True
            if len(told[3]) > 1:
                wording.told_together(s)
    if seen_by is None:
        s.say("move", f"{s.t.names[c]} moves {route}")
    else:
        s.say("move", f"{s.t.names[c]} moves {route}", seen_by, f"a card moves {route}")
    if grouped:
        s.told = [len(s.log) - 1, route, seen_by, [c]]
    return True


def place_in(s: State, c: int, zone: int, depth: int) -> str:
    """Card `c`, just put on top of `zone`, goes `depth` places from the top (1: stays
    on top; the bottom when the zone holds fewer cards), or with depth RANDOM to one of
    the n + 1 places around the zone's other n cards, each as likely. Returns where, in
    the log's words."""
    cards = s.zones[zone]
    cards.pop()
    n = len(cards)
    if depth == RANDOM:
        cards.insert(s.randbelow(n + 1), c)
        if s.known is not None:
            knowledge.hidden_at_random(s, c, zone)
        return "a random place in "
    if depth > n + 1:   # no place that deep: the bottom, said so
        cards.insert(0, c)
        return "the bottom of "
    cards.insert(n + 1 - depth, c)
    return f"the {results.ordinal(depth)} place from the top of "


def who_sees(s: State, *zones):
    """None when everyone sees a card pass between these zones; else the seats that do."""
    seats = set()
    for z in zones:
        if z < 0:
            continue
        zdef, seat = s.t.zone_meta[z]
        if zdef.visibility == "public":
            return None
        if zdef.visibility == "owner" and seat is not None:
            seats.update(s.t.holders(z))       # its player, or every partner in a zone of their team
    return tuple(sorted(seats))


def seen_from_down(s: State, src: int, dest: int):
    """As who_sees, for a card face down in `src`: of those who see `src`, only the player
    whose zone it is (every partner, in a zone of their team) saw which card it was there."""
    after = who_sees(s, dest)
    if after is None or s.t.zone_meta[src][1] is None:
        return after
    return tuple(sorted({*after, *s.t.holders(src)}))


def zone_of_role(s: State, role: str, seat: int) -> int:
    name = s.t.pack.roles.get(role)
    if name is None:
        raise RuleError(f'the pack has no zone with the role "{role}"')
    return s.t.zone(name, seat)


def refill(s: State, deck: int) -> bool:
    """An empty zone that declares a refill takes the cards of another zone."""
    zdef, seat = s.t.zone_meta[deck]
    if not zdef.refill_from:
        return False
    src = s.t.zone(zdef.refill_from, seat)
    leave = zdef.refill_leave
    cards = s.zones[src][:len(s.zones[src]) - leave] if leave else s.zones[src]
    if not cards:
        return False
    # A pile turned face down puts its top card at the bottom: the order reverses,
    # and the first card discarded is the first drawn.
    order = list(reversed(cards)) if zdef.refill_order == "reversed" else list(cards)
    for c in order:
        move(s, c, deck)
    if zdef.refill_order == "shuffled":
        s.shuffle_list(s.zones[deck])
        if s.known is not None or s.shown is not None:
            knowledge.shuffled(s, deck)
    n = len(order)
    taken = zone_label(s, src)
    if leave:
        taken += f" but its top {'card' if leave == 1 else f'{leave} cards'}"
    s.say("refill", f"{taken} becomes {zone_label(s, deck)} ({n} card{'s' if n != 1 else ''}, {zdef.refill_order})")
    return True


def draw(s: State, seat: int, n: int, one_line: bool = False) -> list:
    """`seat` draws up to n cards, and the cards it drew are returned. With `one_line`,
    cards dealt go into the line of the cards dealt to that player just before."""
    deck = zone_of_role(s, "deck", seat)
    hand = zone_of_role(s, "hand", seat)
    name = s.t.players[seat].name
    # Cards drawn before the first turn (or between turns, as a hand begins) are dealt:
    # the log says so in one line, so that it shows apart whether a player drew on
    # their first turn. Cards one statement draws are one line too ("draws 3 cards"),
    # told before what stops the draw or refills the deck.
    dealing = before_first_turn(s) or between_turns(s)
    drawn = []
    told = 0            # of the cards drawn, those the log has told
    # No draw takes more cards than the game has: a deck refilled from the hand would
    # otherwise go round for as long as the number asks.
    for _ in range(min(n, len(s.t.cards))):
        if s.t.capacity is not None and full(s, hand):
            _say_drawn(s, name, len(drawn) - told, dealing, one_line)
            s.say("draw", f"{name} cannot draw: {zone_label(s, hand)} is full")
            return drawn
        if not s.zones[deck]:
            _say_drawn(s, name, len(drawn) - told, dealing, one_line)
            told = len(drawn)
            if not refill(s, deck):
                s.say("draw", f"{name} cannot draw, no cards are left")
                return drawn
        c = s.zones[deck][-1]
        move(s, c, hand)
        drawn.append(c)
    _say_drawn(s, name, len(drawn) - told, dealing, one_line)
    return drawn


def _say_drawn(s: State, name: str, n: int, dealing: bool, one_line: bool = False) -> None:
    if not n or s.quiet:
        return
    if not dealing:
        s.say("draw", f"{name} draws {'a card' if n == 1 else f'{n} cards'}")
        return
    said = f"{name} is dealt "
    if one_line and s.log and s.log[-1][1] == "deal" and s.log[-1][2].startswith(said):
        n += int(s.log.pop()[2][len(said):].split()[0])
    s.say("deal", f"{said}{n} card{'s' if n != 1 else ''}")


def between_turns(s: State) -> bool:
    """In a game with rounds, no turn is under way: a round's begin or end script runs
    (a hand is dealt as it begins)."""
    return s.units is not None and not any(getattr(f, "single", False) for f in s.frames)


def before_first_turn(s: State) -> bool:
    """The pack's setup is running: the first turn has not begun (its turn frame has
    not started)."""
    return s.turn == 1 and not s.phase and any(getattr(f, "started", True) is False for f in s.frames)


def shuffle(s: State, zone: int) -> None:
    s.shuffle_list(s.zones[zone])
    if s.known is not None or s.shown is not None:
        knowledge.shuffled(s, zone)
    if not s.quiet:
        s.say("shuffle", f"{zone_label(s, zone)} is shuffled")


def take_control(s: State, c: int, seat: int) -> None:
    """`seat` gains control of `c` for good (gain control, without a duration): the
    card's own controller, which an effect that gives control of it still overrides
    while it lasts (the layers' view is made again to say who controls it now)."""
    if s.ctl is not None and c in s.ctl:     # no view (a pack without layers): nothing overrides it
        s.ctl[c] = seat         # under such an effect: what the view makes again starts from
    else:
        s.controller[c] = seat
    s.control_turn[c] = s.turn
    if s.t.checks_see_control:
        s.dirty = True
    if s.t.layered:
        stale(s)


def tap(s: State, c: int, state: bool) -> None:
    if s.tapped[c] != state:
        s.tapped[c] = state
        if s.t.layered and s.t.pack.statics_tapped:     # else what the view holds stays true
            stale(s)
        if s.t.checks_see_tapped:
            s.dirty = True


# ------------------------------------------------------------------------ damage
def deal(s: State, source, target, amount: int, kind: str = "") -> None:
    """Deal damage now: redirections and prevention apply as it is dealt; a pack
    that defers damage applies it later with `apply damage`. `kind`: the kind of
    damage the pack declares ("combat"), for triggers that watch it."""
    if amount <= 0 or target is None:
        return
    seen = set()
    while True:
        redirected = None
        for m in reversed(s.mods):
            if m[0] == "redirect" and m[2] == target and id(m) not in seen:
                seen.add(id(m))
                redirected = m[4]
                break
        if redirected is None:
            break
        knowledge.say_of(s, "redirect", "damage to ", target, " is dealt to ", redirected, " instead")
        target = redirected
    if _prevented(s, target):
        knowledge.say_of(s, "prevent", f"{amount} damage to ", target, " is prevented")
        return
    if s.mods:
        amount = _shielded(s, target, amount)
        if amount <= 0:
            return
    if type(target) is int and s.zone_of[target] < 0:
        return
    if not s.quiet:
        if source is None:      # dealt by a rule (a phase script, a replacement), not by a card
            knowledge.say_of(s, "damage", target, f" is dealt {amount} damage")
        else:
            knowledge.say_of(s, "damage", source, f" deals {amount} damage to ", target)
    if s.t.pack.damage_deferred:
        # Kept with the card's move count: if it changes zone first, it is a new object.
        s.pending.append((target, amount, source, s.moves[target] if type(target) is int else None, kind))
        if s.t.checks_see_damage:
            s.dirty = True      # "damage of" a card counts the damage not yet applied
    else:
        _mark_damage(s, target, amount, source, kind)


def _shielded(s: State, target, amount: int) -> int:
    """Prevention shields on the target ("prevent the next 3 damage"), the oldest first,
    take what they can of the damage; what is left is dealt."""
    for i, m in enumerate(s.mods):
        if m[0] != "shield" or m[2] is not target and m[2] != target or amount <= 0:
            continue
        taken = min(m[4], amount)
        amount -= taken
        s.mods[i] = m[:4] + (m[4] - taken,) + m[5:]
        knowledge.say_of(s, "prevent", f"{taken} damage to ", target, " is prevented")
    if any(m[0] == "shield" and m[4] <= 0 for m in s.mods):
        s.mods = [m for m in s.mods if m[0] != "shield" or m[4] > 0]
    return amount


def _prevented(s: State, target) -> bool:
    for m in s.mods:
        if m[0] == "prevent" and m[2] == target:
            return True
    return False


def _mark_damage(s: State, target, amount: int, source, kind: str) -> None:
    if isinstance(target, PlayerRef):
        life = s.t.pack.life_counter
        if life is None:
            raise RuleError("damage was dealt to a player, but the pack names no life counter")
        value = s.pvars[target.seat].get(life, 0) - amount
        for seat in tables.sharing(s, target.seat, life):
            s.pvars[seat][life] = value
    else:
        s.damage[target] += amount
    s.dirty = True
    if s.t.layered:
        stale(s)
    if s.t.watches_damage:
        events.damaged(s, target, amount, source, kind)
    if s.t.pack.damage_dealt is not None:
        _dealt(s, source, target, amount, kind)


_DEALING = threading.local()     # .depth: damage.dealt scripts running, one inside the other


def _dealt(s: State, source, target, amount: int, kind: str) -> None:
    """The pack's damage.dealt, run at once as the damage is marked (lifelink, deathtouch):
    `you` is the source's controller, or the active player for damage a rule deals.
    Damage it deals runs it again, inside: counted, as the native engine has no
    recursion limit of Python's to stop damage that deals itself for ever."""
    depth = getattr(_DEALING, "depth", 0)
    if depth >= DEALT:
        raise RuleError(f"what damage does as it is dealt (damage: dealt) dealt damage {count(DEALT)} times, one "
                        f"inside the other, within one damage: it deals damage that deals damage again",
                        s.t.pack.damage_dealt_at)
    seat = s.controller[source] if type(source) is int else s.active
    env = {"you": s.t.players[seat], "source": source, "target": target, "amount": amount, "kind": kind}
    _DEALING.depth = depth + 1
    try:
        for op in s.t.pack.damage_dealt:
            op(s, env)
            if s.result is not None:
                return
    finally:
        _DEALING.depth = depth


def apply_damage(s: State) -> None:
    """Damage waiting to be applied is applied to cards first, then to players."""
    if not s.pending:
        return
    pending, s.pending = s.pending, []
    for target, amount, source, moves, kind in pending:
        if type(target) is int and s.moves[target] == moves and not _prevented(s, target):
            _mark_damage(s, target, amount, source, kind)
    for target, amount, source, _, kind in pending:
        if isinstance(target, PlayerRef) and not s.out[target.seat] and not _prevented(s, target):
            _mark_damage(s, target, amount, source, kind)


def remove_damage(s: State, target) -> None:
    # The checks run again only if something changed: most cards have no damage.
    if type(target) is int and s.damage[target]:
        s.damage[target] = 0
        s.dirty = True
        if s.t.layered:
            stale(s)
    if s.pending:
        before = len(s.pending)
        s.pending = [p for p in s.pending if p[0] is not target and p[0] != target]
        if before != len(s.pending):
            s.dirty = True


# ---------------------------------------------------------- continuous effects
def add_mod(s: State, mod: tuple) -> None:
    if s.t.layered:
        mod = timed(s, mod)
    s.mods.append(mod)
    if mod[0] == "stat":
        key = (mod[2], mod[3])
        s.moddelta[key] = s.moddelta.get(key, 0) + mod[4]
    elif mod[0] == "control":
        build(s)        # the card changes hands now
    if mod[0] not in SHIELDS or s.t.checks_see_everything:
        s.dirty = True


def timed(s: State, mod: tuple, seen: bool = True) -> tuple:
    """A lasting effect of a layered pack, with its timestamp last (layers.py orders by it);
    the view made again unless the effect is one it does not see (`seen`)."""
    s.stamp += 1
    if seen:
        stale(s)
    return mod + (s.stamp,)


def view_sees_mark(s: State, mark: str) -> bool:
    """Whether the layers' view reads a mark: a keyword given by one, or one a static
    ability reads (Pack.view_marks)."""
    marks = s.t.pack.view_marks
    return mark[0] == "@" or marks is None or mark in marks


def _ending_seen(s: State, keep: list) -> None:
    """In a layered pack, the view made again if an effect that ends (in s.mods, not in
    `keep`) is one it sees: not an effect on damage still to come, nor a mark it does not read."""
    kept = {id(m) for m in keep}
    if any(id(m) not in kept and m[0] not in SHIELDS and (m[0] != "mark" or view_sees_mark(s, m[3])) for m in s.mods):
        stale(s)


def _drop_mods(s: State, doomed) -> None:
    keep = []
    for m in s.mods:
        if doomed(m):
            if m[0] == "stat":
                key = (m[2], m[3])
                left = s.moddelta.get(key, 0) - m[4]
                if left:
                    s.moddelta[key] = left
                else:
                    s.moddelta.pop(key, None)
            elif m[0] == "mark":
                if s.marks.get((m[2], m[3]), _MISSING) is m[4]:
                    del s.marks[(m[2], m[3])]
                    mark_seen(s, m[3])
        else:
            keep.append(m)
    if s.t.layered:
        _ending_seen(s, keep)
    s.mods = keep


_MISSING = object()


# Effects on damage yet to be dealt (redirected, prevented): nothing a rule reads sees
# them, so adding or ending one does not make the checks run again (but for checks that
# read what no change marks, which run after any change).
SHIELDS = frozenset({"redirect", "shield", "prevent"})


def end_effects(s: State, duration: str) -> None:
    if s.mods:
        seen = any(m[1] == duration and (m[0] not in SHIELDS or s.t.checks_see_everything) for m in s.mods)
        _drop_mods(s, lambda m: m[1] == duration)
        if seen:
            s.dirty = True


def set_mark(s: State, c: int, mark: str, value, duration: str | None, source=None) -> None:
    s.marks[(c, mark)] = value
    mark_seen(s, mark)
    if s.t.layered:
        # A keyword given by a mark applies in its layer from now: it gets a timestamp.
        seen = view_sees_mark(s, mark)
        if duration or mark[0] == "@":
            s.mods.append(timed(s, ("mark", duration, c, mark, value), seen))
        elif seen:
            stale(s)
    elif duration:
        s.mods.append(("mark", duration, c, mark, value))
    if mark in s.t.watched_marks:
        events.marked(s, c, mark, source)


def mark_seen(s: State, mark: str) -> None:
    """A mark was set or taken off: the checks run again if they read it (Table.checks_see_marks)."""
    seen = s.t.checks_see_marks
    if seen is None or mark in seen:
        s.dirty = True


# --------------------------------------------------------------- end of a game
def lose(s: State, seat: int) -> None:
    if s.out[seat] or s.result is not None:
        return
    s.put_out(seat)
    s.lost = (s.lost or ()) + ((seat, len(s.history)),)
    if s.t.layered:
        stale(s)
    s.say("lose", f"{s.t.players[seat].name} loses the game")
    s.dirty = True


def settle(s: State) -> None:
    """Players who lose in the same check lose together: the game ends once the
    losses are counted, with the last team standing (or nobody) winning; a game of one
    team ends so once they are all out. Once a player has finished, the game ends
    ranked when at most one player is still playing."""
    if s.result is not None:
        return
    if s.t.several_teams and not s.someone_out:
        return      # with every player in, every team is: nothing to count
    if s.finished:
        if len(s.in_game()) <= 1:
            results.end_ranked(s)
        return
    teams = {team_of(s, p) for p in s.in_game()}
    # A game of one team (one player against the rules) stands alone from the start:
    # that wins it nothing, and it is lost once its players are all out.
    if len(teams) <= 1 and (s.t.several_teams or not teams):
        finish(s, s.in_game(), lost=not s.t.several_teams)


def win(s: State, seat: int) -> None:
    if s.result is not None:
        return
    team = team_of(s, seat)
    finish(s, [p for p in range(len(s.out)) if team_of(s, p) == team])


def finish(s: State, winners: list, lost: bool = False) -> None:
    """The game ends with these winners; none is a draw, or with `lost` (a game of one
    side whose players are all out) a loss."""
    n = len(s.out)
    if lost:
        s.say("end", "the game is lost")
    elif not winners:
        s.say("end", "the game is a draw")
    else:
        names = " and ".join(s.t.players[p].name for p in winners)
        s.say("end", f"{names} {'wins' if len(winners) == 1 else 'win'} the game")
    # The winners' place is 1, everyone else's 2; in a draw everyone's is 1. A game of
    # one side has only first places: its returns say whether it was won.
    side = None if s.t.several_teams else results.one_side(n, bool(winners), lost)
    places = [1 if p in winners or not winners else 2 for p in range(n)]
    if winners and side is None:
        results.place_losers(s, places)
    results.conclude(s, places, side)


def team_of(s: State, seat: int) -> str:
    """A seat's team, as the rules read it (`team of p`); a seat without one is its own."""
    return s.t.teams[seat]


def teams_in_game(s: State) -> tuple:
    """The teams with a player still in the game (`teams`), in the order of their first seats."""
    out = s.out
    return tuple(team for team, seats in s.t.team_seats.items() if not all(out[p] for p in seats))


def team_players(s: State, team: str | None) -> tuple:
    """A team's players still in the game (`players of t`), in seat order; none of no team."""
    out, players = s.out, s.t.players
    return tuple(players[p] for p in s.t.team_seats.get(team, ()) if not out[p])
