"""Magic 54 written by hand: a small, fast, dedicated engine, the yardstick cardtable's
speed is measured against (benchmarks/vs_handwritten.py).

It plays the games cardtable plays from variants/magic54, decision for decision: the
same seeded random source (SplitMix64, as interpreter/rng.py), the same shuffles in
the same order, the same options offered in the same order at each decision, and
the same questions answered silently when only one answer is possible. check.py
proves it game by game. Nothing here is shared with the interpreter.

Cards are integers 0..53: seat 0 (Red) holds 0..26, seat 1 (Black) 27..53, each in
the order of its deck in the pack. Zones are plain lists (the last item is the top);
`where[c]` is the list that holds card c. A player as a target is PLAYER + seat.

The engine calls its agent, `choose(player, n) -> index`, at each decision: it
plays a whole game in one call and has no clone() or apply_action().
"""
from __future__ import annotations

# ---------------------------------------------------------------- the cards
CREATURE, MANA, DAMAGE, ACTION = range(4)

# Abilities: the number a player's option carries (option = card * 16 + ability).
SUMMON, PUT_MANA, GROWTH, DEAL, SEARCH, CANCEL, BOUNCE, RANSACK, SACRIFICE, PROTECTION, KNOWLEDGE = range(11)
# Those that go on the effects pile (Summon and Mana happen at once).
ON_PILE = frozenset((GROWTH, DEAL, SEARCH, CANCEL, BOUNCE, RANSACK, SACRIFICE, PROTECTION, KNOWLEDGE))

# rank: (kind, cost, attack, defense, strength, ability from hand, Special from play)
ROLES = {
    "Ace": (ACTION, 1, 0, 0, 0, CANCEL, None),
    "Two": (DAMAGE, 1, 0, 0, 1, DEAL, None),
    "Three": (MANA, 0, 0, 0, 0, PUT_MANA, None),
    "Four": (DAMAGE, 2, 0, 0, 2, DEAL, None),
    "Five": (MANA, 0, 0, 0, 0, PUT_MANA, None),
    "Six": (DAMAGE, 3, 0, 0, 3, DEAL, None),
    "Seven": (MANA, 0, 0, 0, 0, PUT_MANA, None),
    "Eight": (ACTION, 1, 0, 0, 0, BOUNCE, None),
    "Nine": (MANA, 0, 0, 0, 0, PUT_MANA, None),
    "Ten": (ACTION, 1, 0, 0, 0, RANSACK, None),
    "Jack": (CREATURE, 1, 1, 1, 0, SUMMON, SACRIFICE),
    "Queen": (CREATURE, 2, 2, 2, 0, SUMMON, PROTECTION),
    "King": (CREATURE, 3, 3, 3, 0, SUMMON, KNOWLEDGE),
    "Joker": (ACTION, 1, 0, 0, 0, SEARCH, None),
}
RANKS = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King")
SPECIAL_COST = {SACRIFICE: 1, PROTECTION: 2, KNOWLEDGE: 3}
DECKS = (("Hearts", "Diamonds", "Red Joker"), ("Clubs", "Spades", "Black Joker"))


def _deck(suit_a: str, suit_b: str, joker: str) -> list:
    """(name, rank, value) of a team's 27 cards, in the pack's deck order."""
    cards = [(f"{r} of {suit}", r, v) for suit in (suit_a, suit_b) for v, r in enumerate(RANKS, 1)]
    return cards + [(joker, "Joker", 0)]


CARDS = [card for deck in DECKS for card in _deck(*deck)]
NAMES = tuple(name for name, _, _ in CARDS)
OWNER = tuple(i // 27 for i in range(len(CARDS)))
VALUE = tuple(v for _, _, v in CARDS)
KIND, COST, ATTACK, DEFENSE, STRENGTH, FROM_HAND, SPECIAL = (
    tuple(ROLES[rank][k] for _, rank, _ in CARDS) for k in range(7))
PLAYER = len(CARDS)          # PLAYER + seat: a player as a damage target

MAIN, COMBAT = "main", "combat"
MAX_TURNS = 1000             # the engine's own limit, past the pack's turn limit
_MASK = (1 << 64) - 1


class GameOver(Exception):
    """Raised when the game ends; `Magic54.result` says how."""


class Magic54:
    def __init__(self, seed: int, choose, starting_life: int = 20, opening_hand: int = 5,
                 hand_limit: int = 5, turn_limit: int = 200):
        self.choose = choose
        self.rng = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK
        self.starting_life = starting_life
        self.opening_hand = opening_hand
        self.hand_limit = hand_limit
        self.turn_limit = turn_limit
        n = len(CARDS)
        self.deck = ([], [])
        self.hand = ([], [])
        self.play = ([], [])
        self.discard = ([], [])
        self.growth = ([], [])
        self.pile_cards = []         # the pile zone: the cards of effects waiting on the pile
        self.pile = []               # effects waiting: (card, ability, seat, target, target's moves, card's moves)
        self.where = [None] * n
        for c in range(n):
            self.deck[OWNER[c]].append(c)
            self.where[c] = self.deck[OWNER[c]]
        self.tapped = [False] * n
        self.damage = [0] * n
        self.entered = [0] * n
        self.moves = [0] * n
        self.plus = [0] * n          # Growth: + attack and + defense until end of turn
        self.attacking = [False] * n
        self.blocked = [False] * n
        self.blocking = [-1] * n     # the attacker a creature blocks
        self.redirects = []          # [from, to]: damage to one is dealt to the other this turn
        self.prevented = []          # targets no damage is dealt to this turn
        self.pending = []            # damage dealt, not yet applied: (target, amount, target's moves)
        self.life = [0, 0]
        self.mana_played = [0, 0]
        self.turn = 1
        self.active = 0
        self.window = ""
        self.decisions = 0
        self.why = ""                # what the last decision was about (for check.py)
        self.result = None           # (Red's, Black's): 1 won, -1 lost, 0 a draw

    # ------------------------------------------------------------- chance
    def below(self, n: int) -> int:
        """A uniform integer in [0, n): SplitMix64 with rejection, as the interpreter draws it."""
        if n <= 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.rng
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.rng = state
                return z % n

    def shuffle(self, cards: list) -> None:
        below = self.below
        for i in range(len(cards) - 1, 0, -1):
            j = below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def ask(self, player: int, n: int, why: str) -> int:
        self.why = why
        self.decisions += 1
        return self.choose(player, n)

    # --------------------------------------------------------------- game
    def play_game(self):
        """Plays the game to its end; returns (result, turns, decisions)."""
        try:
            self.active = self.below(2)
            for p in (0, 1):
                self.life[p] = self.starting_life
                self.shuffle(self.deck[p])
                self.draw(p, self.opening_hand)
            while True:
                self.play_turn()
                if self.turn >= min(self.turn_limit, MAX_TURNS):
                    self.result = (0, 0)
                    break
                self.turn += 1
                self.active = 1 - self.active
        except GameOver:
            pass
        return self.result, self.turn, self.decisions

    def play_turn(self) -> None:
        a = self.active
        self.mana_played[0] = self.mana_played[1] = 0
        tapped = self.tapped
        for c in self.play[a]:
            tapped[c] = False
        if self.turn > 1:
            self.draw(a, 1)
        self.priority(MAIN)
        self.attack()
        self.priority(MAIN)
        self.end_of_turn()

    def end_of_turn(self) -> None:
        a = self.active
        hand = self.hand[a]
        while len(hand) > self.hand_limit:
            self.move(hand[self.pick(a, hand, "discard down to the hand limit")], self.discard[a])
        if hand and self.ask(a, 2, "put a card under the deck and draw"):
            self.move(hand[self.pick(a, hand, "the card to put under the deck")], self.deck[a], bottom=True)
            self.draw(a, 1)
        damage = self.damage
        for p in (0, 1):
            for c in self.play[p]:
                damage[c] = 0
        self.end_turn_effects()

    def pick(self, player: int, cards: list, why: str) -> int:
        """Which of `cards` the player chooses: asked only when there is a choice."""
        return self.ask(player, len(cards), why) if len(cards) > 1 else 0

    # ------------------------------------------------------------- combat
    def attack(self) -> None:
        a, d = self.active, 1 - self.active
        turn = self.turn
        ready = [c for c in self.play[a] if KIND[c] == CREATURE and not self.tapped[c] and self.entered[c] != turn]
        attackers = []
        while ready:
            k = self.ask(a, len(ready) + 1, "choose your attackers")
            if k == 0:
                break
            attackers.append(ready[k - 1])
            ready = ready[k:]
        for c in attackers:
            self.tapped[c] = True
            self.attacking[c] = True
        if attackers:
            self.declare_blockers(d)
            if self.any_attacking():
                self.priority(COMBAT)
        self.combat_damage(a, d)

    def any_attacking(self) -> bool:
        attacking = self.attacking
        return any(attacking[c] for c in self.play[self.active])

    def declare_blockers(self, d: int) -> None:
        guards = [c for c in self.play[d] if KIND[c] == CREATURE and not self.tapped[c]]
        attackers = [c for c in self.play[self.active] if self.attacking[c]]
        for guard in guards:
            k = self.ask(d, len(attackers) + 1, "choose the attacker it blocks")
            if k:
                self.blocking[guard] = attackers[k - 1]
                self.blocked[attackers[k - 1]] = True

    def combat_damage(self, a: int, d: int) -> None:
        attacking, blocking = self.attacking, self.blocking
        guards = [c for c in self.play[d] if blocking[c] >= 0]
        for att in [c for c in self.play[a] if attacking[c]]:
            power = ATTACK[att] + self.plus[att]
            if not self.blocked[att]:
                self.deal(att, PLAYER + d, power)
                continue
            # A blocked attacker whose blockers are all gone deals no damage.
            mine = [g for g in guards if blocking[g] == att]
            left = power
            for g in mine[:-1]:
                if left <= 0:
                    break
                share = self.ask(a, left + 1, "divide the attack among the blockers")
                self.deal(att, g, share)
                left -= share
            if mine and left > 0:
                self.deal(att, mine[-1], left)
        for g in guards:
            self.deal(g, blocking[g], ATTACK[g] + self.plus[g])
        self.apply_damage()
        over = self.check()      # the step goes on to its end before the game does
        for p in (0, 1):
            for c in self.growth[p][:]:
                self.move(c, self.discard[OWNER[c]])
        for c in self.play[a]:
            attacking[c] = self.blocked[c] = False
        for c in self.play[d]:
            blocking[c] = -1
        if over:
            raise GameOver

    # ----------------------------------------------------------- priority
    def priority(self, window: str) -> None:
        """Players act or pass in turn, the active player first; when both pass in
        succession the pile resolves, or, with an empty pile, the window ends."""
        outer, self.window = self.window, window
        seat = self.active
        passes = 0
        while True:
            options = self.options(seat)
            k = self.ask(seat, len(options) + 1, "act or pass") if options else 0
            if k:
                passes = 0
                option = options[k - 1]
                if self.use(seat, option >> 4, option & 15):
                    seat = 1 - seat
                continue
            passes += 1
            if passes < 2:
                seat = 1 - seat
                continue
            passes = 0
            if not self.pile:
                self.window = outer
                return
            seat = self.active
            self.resolve()
            if self.check():
                raise GameOver

    def slow(self, seat: int) -> bool:
        """When the active player may summon a creature or put Mana into play: in the
        main window, with no effect waiting on the pile."""
        return seat == self.active and self.window == MAIN and not self.pile

    def options(self, seat: int) -> list:
        """The abilities `seat` may use now, as card * 16 + ability, in the pack's order:
        the cards in hand, then those in play, each card's abilities in its order."""
        tapped = self.tapped
        play = self.play[seat]
        mana = 0
        for c in play:
            if not tapped[c] and KIND[c] == MANA:
                mana += 1
        slow = self.slow(seat)
        combat = self.window == COMBAT
        out = []
        for c in self.hand[seat]:
            ab = FROM_HAND[c]
            if ab == PUT_MANA:
                if slow and self.mana_played[seat] < 1:
                    out.append(c * 16 + PUT_MANA)
                if combat and self.in_fight(seat):
                    out.append(c * 16 + GROWTH)
            elif COST[c] <= mana and (slow or ab != SUMMON) and (ab != BOUNCE or self.creatures()):
                out.append(c * 16 + ab)
        for c in play:
            ab = SPECIAL[c]
            if ab is not None and SPECIAL_COST[ab] <= mana:
                out.append(c * 16 + ab)
        return out

    def creatures(self) -> list:
        """The creatures in play, Red's then Black's."""
        return [c for c in self.play[0] + self.play[1] if KIND[c] == CREATURE]

    def in_fight(self, seat: int) -> list:
        """The creatures of `seat` in play that are blocked or blocking."""
        return [c for c in self.play[seat] if KIND[c] == CREATURE and (self.blocked[c] or self.blocking[c] >= 0)]

    def use(self, seat: int, card: int, ab: int) -> bool:
        """Uses an ability: the card goes to the pile zone, the target is chosen, the
        cost paid; then the ability waits on the pile (True) or happens at once."""
        pile = ab in ON_PILE
        if pile and self.where[card] is self.hand[seat]:
            self.move(card, self.pile_cards)
        target = moves = None
        if ab == DEAL or ab == CANCEL:
            targets = self.creatures() + [PLAYER, PLAYER + 1]
        elif ab == BOUNCE or ab == SACRIFICE:
            targets = self.creatures()
        elif ab == GROWTH:
            targets = self.in_fight(seat)
        else:
            targets = None
        if targets is not None:
            target = targets[self.pick(seat, targets, "choose a target")]
            if target < PLAYER:
                moves = self.moves[target]
        cost = SPECIAL_COST[ab] if ab >= SACRIFICE else COST[card]
        if cost:
            self.pay(seat, cost)
        if pile:
            self.pile.append((card, ab, seat, target, moves, self.moves[card]))
            return True
        self.move(card, self.play[seat])
        if ab == PUT_MANA:
            self.mana_played[seat] += 1
        return False

    def pay(self, seat: int, need: int) -> None:
        """Taps `need` untapped Mana cards of the player's, who picks them one by one in
        the order they lie in play, as long as there is a choice."""
        tapped = self.tapped
        pool = [c for c in self.play[seat] if KIND[c] == MANA and not tapped[c]]
        picked = []
        while len(picked) < need:
            left = need - len(picked)
            offer = len(pool) - left + 1
            if offer == 1:
                picked.extend(pool[:left])
                break
            k = self.ask(seat, offer, "pay mana")
            picked.append(pool[k])
            pool = pool[k + 1:]
        for c in picked:
            tapped[c] = True

    # ------------------------------------------------------ the effects pile
    def resolve(self) -> None:
        """Every effect on the pile, last in first; then the damage they dealt."""
        pile = self.pile
        while pile:
            card, ab, seat, target, moves, own = pile.pop()
            # An effect whose card has moved since (a Special whose creature left play), or
            # whose target has left its zone, does nothing.
            if self.moves[card] == own and (target is None or target >= PLAYER or self.moves[target] == moves):
                self.effect(card, ab, seat, target)
            if self.where[card] is self.pile_cards:
                self.move(card, self.discard[OWNER[card]])
        self.apply_damage()

    def effect(self, card: int, ab: int, seat: int, target) -> None:
        if ab == DEAL:
            self.deal(card, target, STRENGTH[card])
        elif ab == GROWTH:
            self.plus[target] += VALUE[card]
            self.move(card, self.growth[seat])
        elif ab == SEARCH:
            deck = self.deck[seat]
            if deck:
                self.move(deck[self.pick(seat, deck, "choose a card in your deck")], self.hand[seat])
            self.shuffle(deck)
        elif ab == CANCEL:
            if target < PLAYER:
                self.damage[target] = 0
            if self.pending:
                self.pending = [d for d in self.pending if d[0] != target]
            self.prevented.append(target)
        elif ab == BOUNCE:
            self.move(target, self.hand[OWNER[target]])
        elif ab == RANSACK:
            hand = self.hand[1 - seat]
            if hand:
                self.move(hand[self.below(len(hand))], self.discard[1 - seat])
        elif ab == SACRIFICE:
            self.redirects.append((target, card))
        elif ab == PROTECTION:
            self.redirects.append((card, PLAYER + OWNER[card]))
        else:
            self.draw(seat, 1)

    # -------------------------------------------------------------- damage
    def deal(self, source: int, target: int, amount: int) -> None:
        """Damage waits to be applied; redirections and prevention apply as it is dealt."""
        if amount <= 0:
            return
        if self.redirects:
            target = self.redirected(target)
        if target in self.prevented:
            return
        self.pending.append((target, amount, self.moves[target] if target < PLAYER else 0))

    def redirected(self, target: int) -> int:
        """Follows redirections, the latest first, each at most once."""
        seen = set()
        redirects = self.redirects
        while True:
            for i in range(len(redirects) - 1, -1, -1):
                if redirects[i][0] == target and i not in seen:
                    seen.add(i)
                    target = redirects[i][1]
                    break
            else:
                return target

    def apply_damage(self) -> None:
        """To creatures first, then to players."""
        if not self.pending:
            return
        pending, self.pending = self.pending, []
        prevented = self.prevented
        for target, amount, moves in pending:
            if target < PLAYER and self.moves[target] == moves and target not in prevented:
                self.damage[target] += amount
        for target, amount, _ in pending:
            if target >= PLAYER and target not in prevented:
                self.life[target - PLAYER] -= amount

    def check(self) -> bool:
        """A player at 0 life loses (both: a draw); creatures with damage at least their
        defense go to the discard pile. True when the game is over."""
        life = self.life
        over = life[0] <= 0 or life[1] <= 0
        if over:
            self.result = tuple(0 if life[0] <= 0 and life[1] <= 0 else -1 if life[p] <= 0 else 1 for p in (0, 1))
        damage, plus = self.damage, self.plus
        for c in self.creatures():
            if damage[c] and damage[c] >= DEFENSE[c] + plus[c]:
                self.move(c, self.discard[OWNER[c]])
        return over

    def end_turn_effects(self) -> None:
        self.redirects = []
        self.prevented = []
        plus = self.plus
        for p in (0, 1):
            for c in self.play[p]:
                plus[c] = 0

    # --------------------------------------------------------------- cards
    def move(self, c: int, dest: list, bottom: bool = False) -> None:
        """A card that changes zone is a new object: untapped, undamaged, unmarked, and
        the effects on it end."""
        self.where[c].remove(c)
        if bottom:
            dest.insert(0, c)
        else:
            dest.append(c)
        self.where[c] = dest
        self.tapped[c] = False
        self.damage[c] = 0
        self.entered[c] = self.turn
        self.moves[c] += 1
        self.plus[c] = 0
        if self.blocked[c]:
            # Its blockers block nothing any more.
            blocking = self.blocking
            for g in self.play[1 - OWNER[c]]:
                if blocking[g] == c:
                    blocking[g] = -1
        self.attacking[c] = self.blocked[c] = False
        self.blocking[c] = -1
        if self.redirects:
            self.redirects = [r for r in self.redirects if r[0] != c and r[1] != c]
        if c in self.prevented:
            self.prevented = [x for x in self.prevented if x != c]

    def draw(self, seat: int, n: int) -> None:
        """An empty deck is replaced by the discard pile turned over (its order reversed);
        with both empty, nothing is drawn."""
        deck, hand = self.deck[seat], self.hand[seat]
        for _ in range(n):
            if not deck:
                discard = self.discard[seat]
                if not discard:
                    return
                for c in discard[::-1]:
                    self.move(c, deck)
            self.move(deck[-1], hand)
