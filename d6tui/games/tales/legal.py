"""Every legal action now, for bots, tests and a UI's key hints, and which moves of the
Hobbit's cookie matter (R03).
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.engine.errors import RuleError
from d6tui.games.tales import island, movement, play, shops
from d6tui.games.tales.commands import (
    attack,
    choose,
    complete_quest,
    end_turn,
    flee,
    keep_roll,
    level_up,
    meeple_reroll,
    move,
    pass_event,
    play_event,
    roll,
    skip_level_up,
    stop,
    use_cookie,
    use_item,
    use_scroll,
)
from d6tui.games.tales.payloads import Roll
from d6tui.games.tales.services import (
    buy,
    cure,
    donate,
    gamble,
    give_food,
    heal,
    leave,
    rest,
    sell,
    take_gift,
    take_quest,
    witch_teleport,
)
from d6tui.games.tales.state import STATS, Tale, evolve
from d6tui.games.tales.tables import FOOD

#: A command with its arguments and keyword arguments.
Action = tuple[Callable[..., dict], tuple, dict]


def _outcome(state: Tale) -> Tale:
    """What a roll's result decides, without its words: the news, the notes of the fights
    and the Cookie itself (eaten or not) are left out."""
    h = state.hero
    if h is not None:
        h = evolve(h, items=tuple(i for i in h.items if i != "Cookie"))
    fights = tuple(evolve(f, notes="") for f in state.fights)
    days = tuple(evolve(d, results=()) for d in state.days)
    return evolve(state, news=(), fights=fights, hero=h, days=days)


def cookie_choices(state: Tale, action: Action, roll: Roll) -> list[tuple[int, int]]:
    """The Hobbit's cookie moves (die index, +1 or -1) that would change what ``roll`` does
    for ``action`` (R03): moves that end the same way as keeping the dice are left out, so
    the player is asked only when the cookie matters. [] without a Cookie.

    Args:
        state: the tale.
        action: the rolling command, its arguments and keyword arguments.
        roll: the dice as rolled.
    """
    h = state.hero
    if h is None or not h.has("Cookie"):
        return []
    fn, args, kwargs = action
    kept = _outcome(play.apply(state, fn(state, *args, roll=roll, **kwargs)))
    out = []
    for k, face in enumerate(roll["faces"]):
        for delta in (1, -1):
            if not 1 <= face + delta <= 6:
                continue
            try:
                event = fn(state, *args, roll=roll, cookie=(k, delta), **kwargs)
                after = play.apply(state, event)
            except RuleError:
                continue
            if _outcome(after) != kept:
                out.append((k, delta))
    return out


#: The rolling commands by the kind of roll they make (a held roll names its kind).
ROLL_KINDS: dict[str, tuple[Callable[..., dict], tuple]] = {
    "roll": (roll, ()), "attack": (attack, ()), "flee": (flee, ()), "gamble": (gamble, ()),
    "ruby": (use_item, ("Ruby",)),
}


def roll_kind(fn: Callable[..., dict], args: tuple) -> str:
    """The kind of roll the command ``fn`` with ``args`` makes ("" for one that rolls none)."""
    for kind, (f, a) in ROLL_KINDS.items():
        if f is fn and tuple(args) == a:
            return kind
    return ""


def held_action(kind: str) -> Action:
    """The rolling command a held roll of ``kind`` was made for."""
    fn, args = ROLL_KINDS[kind]
    return fn, args, {}


def held_cookie_choices(state: Tale) -> list[tuple[int, int]]:
    """The cookie's moves that would change what the held roll does (R03); [] without
    held dice or a Cookie."""
    held = state.held
    if held is None:
        return []
    return cookie_choices(evolve(state, held=None), held_action(held.kind), held.counted)


def worth_holding(state: Tale, action: Action, rolled: Roll) -> bool:
    """Whether ``rolled`` for ``action`` leaves the player a choice once seen: the hero has
    a Meeple (J08), or a cookie that would change what the roll does (R03). Only then are
    the dice held before they count."""
    h = state.hero
    if h is None:
        return False
    return h.has("Meeple") or bool(cookie_choices(state, action, rolled))


def actions(state: Tale) -> list[Action]:
    """The commands that are legal now (R10), with their arguments (rolls made by the app).

    Items and scrolls are listed where they are allowed; the cookie and the Meeple are left
    out (they are options of a roll, not actions).
    """
    if state.over or state.hero is None:
        return []
    h = state.hero
    out: list[Action] = []
    top = state.top
    p = play.pending(state)
    if state.held is not None:  # the dice are seen: keep them or change them (R03, J08)
        out.append((keep_roll, (), {}))
        out += [(use_cookie, (k, d), {}) for k, d in held_cookie_choices(state)]
        if h.has("Meeple") and state.held.again is None:
            out.append((meeple_reroll, (), {}))
        return out
    if top is None:
        if state.step == "level_up":
            out += [(level_up, (s,), {}) for s in STATS if h.gold >= play.level_cost(h, s)]
            out.append((skip_level_up, (), {}))
        elif state.step == "movement":
            out += [(move, (d,), {}) for d in island.DIRS if not movement.can_move(state, d)]
            out.append((stop, (), {}))
        elif state.step == "square_event":
            out += [(play_event, (), {}), (pass_event, (), {})]
        elif state.step == "end_of_turn":
            out.append((end_turn, (), {}))
        for q in state.quests:
            if play.can_complete(state, q):
                out.append((complete_quest, (q.qid,), {}))
    elif p.kind == "roll":
        out.append((roll, (), {}))
        out += [(choose, (o,), {}) for o in p.options]
    elif p.kind == "choose":
        out += [(choose, (o,), {}) for o in p.options]
    elif p.kind == "shop":
        out += _shop_actions(state, top.arg)
    elif p.kind == "fight":
        f = state.fight
        assert f is not None
        out.append((attack, (), {}))
        if f.phase == "break":
            if f.can_flee:
                out.append((flee, (), {}))
                out += [(use_scroll, (s, "flee"), {}) for s in ("Throw", "Dash")
                        if s in h.scrolls]
            for s in sorted(set(h.scrolls)):
                eff = state.content.scrolls[s].effect
                if eff in ("damage", "heal", "cure"):
                    out.append((use_scroll, (s,), {}))
                if h.has("Flaming Sword") and not f.ignited and eff == "damage":
                    out.append((use_scroll, (s, "ignite"), {}))
            if h.has("Ruby"):
                out.append((use_item, ("Ruby",), {}))
            if h.has("Mango") and h.hp < h.max_hp:  # at full HP it would heal nothing
                out.append((use_item, ("Mango",), {}))
    if top is None or (p.kind in ("roll", "choose", "shop") and state.fight is None):
        out += _free_actions(state)
    return out


def _shop_actions(state: Tale, place: str) -> list[Action]:
    h = state.hero
    assert h is not None
    out: list[Action] = [(leave, (), {})]
    if place in shops.SHOPS:
        for name in state.content.scrolls:
            cost = shops.price(state, place, name)
            if cost is not None and h.gold >= cost:
                out.append((buy, (name,), {}))
            if cost is not None and name in h.scrolls:
                out.append((sell, (name,), {}))
        if shops.can_gamble(state):
            out.append((gamble, (), {}))
        if shops.can_take_quest(state):
            out.append((take_quest, (), {}))
    if place == "castle":
        if not state.healed and h.hp < h.max_hp:
            out.append((heal, (), {}))
        if h.poison:
            out.append((cure, (), {}))
    if place == "E08":
        if h.gold:
            out.append((donate, (1,), {}))
        if h.race == "hobbit" and h.gold:
            out.append((rest, (), {}))
    if place == "witch":
        top = state.top
        assert top is not None
        if h.race == "human" and not top.n:
            out += [(take_gift, ("Antidote",), {}), (take_gift, ("Dash",), {})]
        if h.gold:
            out += [(witch_teleport, (island.name(i),), {}) for i in range(36) if i != state.pos]
    if place == "merchant":
        top = state.top
        assert top is not None
        for bit, name in enumerate(shops.MERCHANT):
            if top.n & (1 << bit) and h.gold >= 1:
                out.append((buy, (name,), {}))
    if place == "sick":
        for s in sorted(set(h.scrolls) & set(FOOD)):
            out += [(give_food, (s, "gold"), {}), (give_food, (s, "fame"), {})]
    return out


def _free_actions(state: Tale) -> list[Action]:
    """Scrolls and items usable outside a fight."""
    h = state.hero
    assert h is not None
    out: list[Action] = []
    for s in sorted(set(h.scrolls)):
        eff = state.content.scrolls[s].effect
        if eff in ("heal", "cure"):
            out.append((use_scroll, (s,), {}))
        if (eff == "speed" and state.top is None and state.step in play.SPEED_STEPS):
            out.append((use_scroll, (s,), {}))
        if s in ("Dash", "Kaboom") and state.step not in ("setup", "over"):
            out.append((use_scroll, (s, "road"), {}))
    if h.has("Mango") and h.hp < h.max_hp:  # at full HP it would heal nothing
        out.append((use_item, ("Mango",), {}))
    return out
