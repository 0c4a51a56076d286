"""The small changes the rules make again and again: gold, cards, tokens, HP, death.

Each function takes the board and returns a new one (the state is a value). Where chance is
needed (a card drawn, a token from the bag) a chance object (:mod:`.chance`) decides it.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.frozen import evolve
from d6tui.games.d6_board import hides
from d6tui.games.d6_board.state import (
    CUBE,
    STATS,
    STYX,
    VILLAGE,
    Board,
    Enemy,
    Prompt,
    same_team,
)


def gain_gold(state: Board, seat: int, n: int) -> Board:
    """Give (or take, ``n < 0``) gold; a hunter holds 0-10 and coins beyond the cap are not
    collected ("Roll for Stats" GM's Note: "You can't hold more than 10 gold coins")."""
    h = state.heroes[seat]
    cap = int(state.rules["gold_cap"])
    if n > 0 and any(c.startswith("gift@") and c.split("@")[1] == h.space
                     for c in state.options.get("curse_castles", ())):
        n += 1  # a Gift to the Gods curse castle stands here
    return state.with_hero(seat, gold=max(0, min(cap, h.gold + n)))


def hand_limit(state: Board, seat: int) -> int:
    """How many Heroic Quest and Advantage cards a hunter may hold, by strength (house data
    ``[rules] hand_limit``; "Shuffle and Draw" GM's Note)."""
    s = state.heroes[seat].stat("strength") or 3
    return int(state.rules["hand_limit"][str(s)])


def held(state: Board, seat: int) -> int:
    """The cards of a hand the limit counts: Heroic Quest and Advantage cards ("Shuffle and
    Draw" GM's Note); Alliance cards are not named there, so they do not count (house)."""
    return sum(1 for c in state.heroes[seat].hand if not c.startswith("L"))


def werewolf(state: Board, seat: int) -> bool:
    """Whether ``seat`` plays the expansion's Werewolf class (Part IV "Class Boards and
    Class Miniatures")."""
    return bool(state.content["classes"].get(state.heroes[seat].klass, {}).get("werewolf"))


def natural_die(state: Board, seat: int) -> int:
    """The hero's own die: the D6; a chib's D4; a Werewolf chib's D8 ("Chibbing Out")."""
    if not state.heroes[seat].chib:
        return 6
    return 8 if werewolf(state, seat) else 4


def barred(state: Board, seat: int, space: str) -> bool:
    """A Werewolf in chib form may not enter the Village (Part IV)."""
    return space == VILLAGE and state.heroes[seat].chib and werewolf(state, seat)


def unlocked(state: Board, seat: int) -> int:
    """Unlocked skill markers by the skill stat ("E. Skills": 3 -> 1, 4 -> 2, 5 -> 3)."""
    s = state.heroes[seat].stat("skill") or 3
    return int(state.rules["skill_markers"][str(s)])


def free_markers(state: Board, seat: int) -> int:
    """Unlocked markers not yet used ("E. Skills")."""
    return max(0, unlocked(state, seat) - len(state.heroes[seat].used))


def skill_ready(state: Board, seat: int, skill: str) -> bool:
    """Whether ``seat`` may use ``skill`` now: it is on the class board, a marker is free,
    not in the Village ("What You Can't Do in the Village"), and the skill holds no marker
    yet, or one with a skill stat of 6 ("Stacking Skills")."""
    h = state.heroes[seat]
    if skill not in state.content["classes"][h.klass]["skills"] or h.space in (VILLAGE, STYX):
        return False
    if free_markers(state, seat) <= 0:
        return False
    held = h.used.count(skill)
    return held == 0 or (held == 1 and h.stat("skill") == 6)


def draw_card(state: Board, seat: int, deck: str, chance: Any, *, check_limit: bool = True
              ) -> Board:
    """``seat`` draws one card of ``deck`` (``advantage``, ``heroic_quest`` or
    ``alliance``) into the hand.

    A hand at its limit (:func:`held`) draws nothing ("Shuffle and Draw": discard first to
    make room). An empty deck is made again from its discards (house rule: the rulebook is silent).
    """
    if check_limit and deck != "alliance" and held(state, seat) >= hand_limit(state, seat):
        return state
    if state.options.get("edition") == "table":
        if not state.piles[deck] and not state.discards[deck]:
            return state
        state = _refill(state, deck)
        state = state.with_hero(seat, hand=(*state.heroes[seat].hand, "-"))
        return prompt(state, Prompt(seat, "pick", deck))
    state, cid = take_from(state, deck, chance)
    if cid is None:
        return state
    return state.with_hero(seat, hand=(*state.heroes[seat].hand, cid))


def _refill(state: Board, deck: str) -> Board:
    if state.piles[deck]:
        return state
    piles, discards = dict(state.piles), dict(state.discards)
    piles[deck], discards[deck] = tuple(sorted(discards[deck])), ()
    return evolve(state, piles=piles, discards=discards)


def take_from(state: Board, deck: str, chance: Any) -> tuple[Board, str | None]:
    """One card off ``deck`` (its discards shuffled back in when it is empty)."""
    piles, discards = dict(state.piles), dict(state.discards)
    if not piles[deck]:
        piles[deck], discards[deck] = tuple(sorted(discards[deck])), ()
    cid = chance.draw(deck, sorted(piles[deck]))
    if cid is None:
        return evolve(state, piles=piles, discards=discards), None
    piles[deck] = tuple(c for c in piles[deck] if c != cid)
    return evolve(state, piles=piles, discards=discards), cid


def discard(state: Board, seat: int, cid: str) -> Board:
    """A card leaves ``seat``'s hand for its deck's discard pile."""
    h = state.heroes[seat]
    hand = list(h.hand)
    hand.remove(cid)
    if cid == "-":
        return state.with_hero(seat, hand=tuple(hand))
    deck = {"A": "advantage", "L": "alliance"}.get(cid[0], "heroic_quest")
    discards = dict(state.discards)
    discards[deck] = (*discards[deck], cid)
    return evolve(state.with_hero(seat, hand=tuple(hand)), discards=discards)


def flip_bounty(state: Board, chance: Any) -> Board:
    """Turn the top Bounty card face up so that three are in play ("Enemy Engagement":
    "There must always be three Bounty cards in play"). In the Hide Collection modes the
    eight bounties turned up at setup are the only ones ("Hide Collection")."""
    want = 3
    if hides.on(state):
        if state.phase != "deal":
            return state
        want = hides.rule(state, "bounties")
    if state.options.get("edition") == "table":
        waiting = sum(1 for p in state.prompts if p.kind == "pick" and p.reward == "bounty")
        for _ in range(want - len(state.bounties) - waiting):
            state = prompt(_refill(state, "bounty"), Prompt(0, "pick", "bounty"))
        return state
    while len(state.bounties) < want:
        state, cid = take_from(state, "bounty", chance)
        if cid is None:
            break
        state = evolve(state, bounties=(*state.bounties, cid))
    return state


def to_bag(state: Board, token: str) -> Board:
    """A token goes back into the bag (a Cash Cube goes back to its owner's board)."""
    state = evolve(state, enemies=tuple(e for e in state.enemies if e.token != token))
    if token.startswith(CUBE):
        return state.with_hero(int(token[len(CUBE):]), cube="")
    return evolve(state, bag=state.bag | {token})


def spawn(state: Board, space: str, chance: Any) -> tuple[Board, str | None]:
    """A random token from the bag is placed in ``space`` ("Enemy Spawn"; "Hunting").

    In the table edition the token stands for the one drawn from the real bag: the active
    hunter is asked which it was (a ``pick`` prompt of ``token``), and the naming swaps it
    for a token of that enemy (:func:`swap_token`)."""
    token = chance.draw("bag", sorted(state.bag))
    if token is None:
        return state, None
    state = evolve(state, bag=state.bag - {token},
                    enemies=(*state.enemies, Enemy(token, state.tokens[token], space)))
    if state.options.get("edition") == "table" and state.revision >= 2:
        state = prompt(state, Prompt(state.current, "pick", "token", int(token[1:])))
    return state, token


def swap_token(state: Board, placed: str, named: str) -> Board:
    """Token ``placed`` (on the map) goes back to the bag and ``named`` (from the bag)
    takes its place: its space, HP, buffs, engagement and fight."""
    if placed == named:
        return state
    if named not in state.bag or state.enemy(placed) is None:
        raise ValueError(f"{named} cannot stand for {placed}")
    enemies = tuple(evolve(e, token=named, kind=state.tokens[named]) if e.token == placed
                    else e for e in state.enemies)
    combat = state.combat
    if combat is not None and combat.enemy == placed:
        combat = evolve(combat, enemy=named)
    return evolve(state, enemies=enemies, bag=(state.bag - {named}) | {placed},
                   engaged=tuple(named if t == placed else t for t in state.engaged),
                   locked=named if state.locked == placed else state.locked, combat=combat)


def space_of_roll(state: Board, face: int) -> str:
    """The numbered space a map die shows ("'Random' Thoughts": D10 standard, D12
    advanced)."""
    return str(max(1, min(int(state.map["spaces"]), face)))


def hostile(state: Board, seat: int, space: str) -> tuple[Enemy, ...]:
    """The enemies in ``space`` that threaten ``seat``: every token, and other hunters'
    Cash Cubes ("Cash Cube": it "will not attack its owner", nor in Alliance the owner's
    team). None in the Village."""
    if space in (VILLAGE, STYX):
        return ()
    return tuple(e for e in state.at(space) if not (
        e.token.startswith(CUBE) and e.kind == "cash_cube"  # a bribed Cube spares nobody
        and same_team(state, seat, int(e.token[len(CUBE):]))))


def has_cube(state: Board, seat: int, space: str) -> bool:
    """Whether another hunter's Cash Cube waits in ``space`` (no stealth past it)."""
    return any(e.token.startswith(CUBE) for e in hostile(state, seat, space))


def enter(state: Board, seat: int, space: str) -> Board:
    """``seat`` enters ``space``: the Village cashes the pack in and heals ("The Village");
    another hunter's Cash Cube engages at once, with every enemy there ("Cash Cube")."""
    state = state.with_hero(seat, space=space)
    if state.quiet and state.quiet != space:
        state = evolve(state, quiet="")  # Quiet Space ends on leaving the space
    h = state.heroes[seat]
    if space == VILLAGE:
        state = state.with_hero(seat, delivered=(*h.delivered, *h.backpack), backpack=(),
                                hp=int(state.rules["hp"]))
        if state.hc is not None and h.backpack:
            # each bounty returned moves the max turn counter ("Winning and Losing")
            state = hides.with_hc(state, max_turns=state.hc.max_turns + len(h.backpack))
    elif seat == state.current and has_cube(state, seat, space):
        state = evolve(state, engaged=tuple(e.token for e in hostile(state, seat, space)))
    return state


def lose_hides(state: Board, seat: int) -> Board:
    """Specialty and wild hides go back to the bag ("Death and the Styx River")."""
    h = state.heroes[seat]
    back = {t for t in (*h.specialty, *h.wild) if t}
    return evolve(state.with_hero(seat, specialty=("", "", ""), wild=()),
                   bag=state.bag | back)


def die(state: Board, seat: int) -> Board:
    """The hero dies: to the Styx River, hides and Heroic Quest cards lost, the turn over
    with no Heroic Quest cards ("Death and the Styx River")."""
    h = state.heroes[seat]
    state = lose_hides(state, seat)
    for cid in [c for c in h.hand if c.startswith("Q")]:
        state = discard(state, seat, cid)
    state = state.with_hero(seat, space=STYX, hp=0)
    state = evolve(state, engaged=(), locked="", combat=None, sneak=False,
                    note=f"{h.name} died and went to the Styx River")
    return next_turn(state)


def lose_hp(state: Board, seat: int) -> Board:
    """One HP coin goes to the Village; the last one lost is death ("D. Health Points")."""
    h = state.heroes[seat]
    state = hides.recall(state, seat)
    if h.hp <= 1:
        return die(state, seat)
    return state.with_hero(seat, hp=h.hp - 1)


def drop_stat(state: Board, seat: int, stat: str) -> Board:
    """A poisonous hit drops ``stat`` by 1 (never below 3; "Poison")."""
    h = state.heroes[seat]
    stats = list(h.stats)
    i = STATS.index(stat)
    stats[i] = max(3, stats[i] - 1)
    state = state.with_hero(seat, stats=tuple(stats))  # type: ignore[arg-type]
    return trim_markers(state, seat)


def trim_markers(state: Board, seat: int) -> Board:
    """Used markers beyond the unlocked count go back to the locked row (house: a lowered
    skill stat locks markers again, used ones first)."""
    h = state.heroes[seat]
    keep = unlocked(state, seat)
    if len(h.used) > keep:
        return state.with_hero(seat, used=h.used[:keep])
    return state


def prompt(state: Board, *prompts: Prompt) -> Board:
    """Queue questions after those already waiting."""
    return evolve(state, prompts=(*state.prompts, *prompts))


def next_turn(state: Board) -> Board:
    """The action marker goes back to (R)est and the next hunter's turn begins; after the
    last hunter the round ends: a GM event between rounds, or the end of the season."""
    state = evolve(state, begun=False, actions=0, bonus=0, engaged=(), locked="",
                    combat=None, sneak=False, fountain=0, quiet="", melee=False)
    if state.hc is not None:
        return hides_next_turn(state)
    if state.current + 1 < len(state.heroes):
        return evolve(state, current=state.current + 1)
    if state.round >= state.rounds:
        return finish(state)
    if int(state.options.get("gm_events", 1)) == 0:  # the Uneventful homebrew
        return evolve(state, round=state.round + 1, current=0)
    return evolve(state, phase="event", current=0)


def finish(state: Board) -> Board:
    """The season is over: the most glory wins; ties go to gold, then the stat total; a tie
    on all three is shared (house: the rulebook stops at the stat total)."""
    from d6tui.games.d6_board.state import tie_key

    best = max(tie_key(state, s) for s in range(len(state.heroes)))
    winners = tuple(s for s in range(len(state.heroes)) if tie_key(state, s) == best)
    return evolve(state, phase="over", winners=winners, prompts=(), combat=None)


def hides_next_turn(state: Board) -> Board:
    """The Hide Collection modes: the compass dial moves one turn on; past the max turn
    counter the hunters have lost; in co-op the hunters take turns ("Winning and Losing").
    No GM events: the dial counts turns, not rounds (house)."""
    hc = state.hc
    assert hc is not None
    state = hides.with_hc(state, turn=hc.turn + 1, companion_moves=0)
    if hc.turn + 1 > hc.max_turns:
        state = hides.with_hc(state, result="lost")
        return evolve(state, phase="over", winners=(), prompts=(), combat=None)
    return evolve(state, current=(state.current + 1) % len(state.heroes))
