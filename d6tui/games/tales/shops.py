"""What the hero may do while a place's actions are open: the castle E01, the villages E08 and
E15, the witch E12, the merchant and the sick man of E35. Shops trade by R07 and J03.

Each place is a ``shop`` task whose ``arg`` names it; the hero acts any number of times, then
leaves (which pops the task).
"""

from __future__ import annotations

from d6tui.engine.errors import RuleError
from d6tui.games.tales import booklet, island, movement, sheet, tables
from d6tui.games.tales.state import Tale, Task, evolve

#: The merchant of E35 [4]: his three scrolls, one bit of ``Task.n`` each, at 1 gold.
MERCHANT = ("Dash", "Tomato", "Blast")
#: Places with a scroll shop (R07).
SHOPS = ("castle", "E08", "E15")


def place(state: Tale) -> str:
    """The place whose actions are open.

    Raises:
        RuleError: no place is open now.
    """
    top = state.top
    if top is None or top.kind != "shop":
        raise RuleError("there is no shop or place open now", "R07")
    return top.arg


def _need(state: Tale, *places: str, section: str) -> str:
    p = place(state)
    if p not in places:
        raise RuleError("that cannot be done here", section)
    return p


def price(state: Tale, shop: str, scroll: str) -> int | None:
    """R07: the price of ``scroll`` in ``shop``, None if it is not sold there.

    Args:
        state: the tale (its content holds the prices).
        shop: castle, E08 or E15.
        scroll: the scroll's name.
    """
    data = state.content.scrolls.get(scroll)
    return None if data is None else data.prices.get(shop)


def buy(state: Tale, scroll: str) -> Tale:
    """Buy a scroll (R07, or the merchant of E35 [4] at 1 gold).

    Args:
        state: the tale with a shop open.
        scroll: the scroll's name.
    Raises:
        RuleError: not sold here, or not enough gold.
    """
    p = place(state)
    if p == "merchant":
        bit = MERCHANT.index(scroll) if scroll in MERCHANT else -1
        top = state.top
        assert top is not None
        if bit < 0 or not top.n & (1 << bit):
            raise RuleError(f"the merchant has no {scroll} to sell", "E35")
        cost = 1
        state = evolve(state, tasks=(*state.tasks[:-1], evolve(top, n=top.n & ~(1 << bit))))
    else:
        _need(state, *SHOPS, section="R07")
        cost = price(state, p, scroll)  # type: ignore[assignment]
        if cost is None:
            raise RuleError(f"this shop does not sell {scroll}", "R07")
    if sheet.hero(state).gold < cost:
        raise RuleError(f"{sheet.a(scroll)} costs {cost} gold", "R07")
    return sheet.add_scroll(sheet.gold(state, -cost), scroll)


def sell_price(state: Tale, scroll: str) -> int | None:
    """What this shop pays for ``scroll``: its price minus 1, full price for a Human (R07).

    Args:
        state: the tale with a shop open.
        scroll: the scroll's name.
    """
    cost = price(state, place(state), scroll)
    if cost is None:
        return None
    return cost if sheet.hero(state).race == "human" else cost - 1


def sell(state: Tale, scroll: str) -> Tale:
    """Sell a scroll (R07).

    Args:
        state: the tale with a shop open.
        scroll: the scroll's name.
    Raises:
        RuleError: the shop does not trade it, or the backpack has none.
    """
    _need(state, *SHOPS, section="R07")
    got = sell_price(state, scroll)
    if got is None:
        raise RuleError(f"this shop does not trade {scroll}", "R07")
    state = sheet.drop_scroll(state, scroll)
    return sheet.gold(sheet.say(state, f"sold {sheet.a(scroll)}"), got)


def can_gamble(state: Tale) -> bool:
    """R07: a Human or Dwarf in a shop who has not gambled this turn."""
    top = state.top
    return (top is not None and top.kind == "shop" and top.arg in SHOPS
            and sheet.hero(state).race in ("human", "dwarf") and not state.gambled)


def gamble(state: Tale, faces: list[int]) -> Tale:
    """R07: once a turn, 2d6: 2-7 a loss the player picks, 8-9 +1 gold, 10-12 a treasure.

    Args:
        state: the tale with a shop open.
        faces: the 2d6.
    Raises:
        RuleError: not a Human or Dwarf, not in a shop, or already gambled this turn.
    """
    _need(state, *SHOPS, section="R07")
    if sheet.hero(state).race not in ("human", "dwarf"):
        raise RuleError("only a Human or a Dwarf may gamble", "R07")
    if state.gambled:
        raise RuleError("the hero has gambled once this turn already", "R07")
    state = evolve(state, gambled=True)
    total = sum(faces)
    if total <= 7:
        return sheet.push(sheet.say(state, "lost: pay with HP, a scroll or gold"),
                          Task("choose:gamble"))
    if total <= 9:
        return sheet.gold(state, 1)
    return booklet.read(state, "E03")


def castle_heal(state: Tale) -> Tale:
    """E01: heal 1 HP, once a turn.

    Raises:
        RuleError: not in the castle, or already healed there this turn.
    """
    _need(state, "castle", section="E01")
    if state.healed:
        raise RuleError("the castle heals once a turn", "E01")
    h = sheet.hero(state)
    if h.hp >= h.max_hp:
        raise RuleError("the hero already has full HP", "E01")
    return sheet.heal(evolve(state, healed=True), 1)


def castle_cure(state: Tale) -> Tale:
    """E01: Poison = 0.

    Raises:
        RuleError: not in the castle, or not poisoned.
    """
    _need(state, "castle", section="E01")
    if not sheet.hero(state).poison:
        raise RuleError("the hero is not poisoned", "E01")
    return sheet.cure(state)


def can_take_quest(state: Tale) -> bool:
    """E01/E08/E15: a new quest is given unless one given here is still open."""
    top = state.top
    if top is None or top.kind != "shop" or top.arg not in SHOPS:
        return False
    here = island.name(state.pos)
    return not any(q.recipient == here and not q.done for q in state.quests)


def take_quest(state: Tale) -> Tale:
    """E01/E08/E15: get a new quest at E14.

    Raises:
        RuleError: not in the castle or a village, or a quest given here is still open.
    """
    _need(state, *SHOPS, section="E14")
    if not can_take_quest(state):
        raise RuleError("a quest given on this square is still open", "E14")
    return booklet.read(state, "E14")


def donate(state: Tale, gold: int) -> Tale:
    """E08: each gold given to the temple is +5 fame.

    Args:
        state: the tale in an E08 village.
        gold: how much to give.
    Raises:
        RuleError: not in an E08 village, or not that much gold.
    """
    _need(state, "E08", section="E08")
    if gold < 1 or gold > sheet.hero(state).gold:
        raise RuleError(f"the hero cannot give {gold} gold", "E08")
    return sheet.fame(sheet.gold(state, -gold), 5 * gold)


def hobbit_rest(state: Tale) -> Tale:
    """E08: a Hobbit pays 1 gold to heal 1 HP and cure the poison.

    Raises:
        RuleError: not a Hobbit in an E08 village, or no gold.
    """
    _need(state, "E08", section="E08")
    h = sheet.hero(state)
    if h.race != "hobbit":
        raise RuleError("only a Hobbit can rest here", "E08")
    if h.gold < 1:
        raise RuleError("resting costs 1 gold", "E08")
    return sheet.cure(sheet.heal(sheet.gold(state, -1), 1))


def witch_gift(state: Tale, scroll: str) -> Tale:
    """E12: the witch gives a Human an Antidote or a Dash, once a visit.

    Args:
        state: the tale at the witch's.
        scroll: Antidote or Dash.
    Raises:
        RuleError: not a Human at the witch's, or the gift was given this visit.
    """
    _need(state, "witch", section="E12")
    top = state.top
    assert top is not None
    if sheet.hero(state).race != "human":
        raise RuleError("the witch gives scrolls only to Humans", "E12")
    if top.n:
        raise RuleError("the witch gives one scroll a visit", "E12")
    if scroll not in ("Antidote", "Dash"):
        raise RuleError("the witch gives an Antidote or a Dash", "E12")
    state = evolve(state, tasks=(*state.tasks[:-1], evolve(top, n=1)))
    return sheet.add_scroll(state, scroll)


def witch_teleport(state: Tale, target: int) -> Tale:
    """E12: pay 1 gold to be sent to any other square, +10 fame; the visit ends.

    Args:
        state: the tale at the witch's.
        target: the square to go to.
    Raises:
        RuleError: not at the witch's, no gold, or the same square.
    """
    _need(state, "witch", section="E12")
    if sheet.hero(state).gold < 1:
        raise RuleError("the witch asks 1 gold", "E12")
    if target == state.pos or not 0 <= target < 36:
        raise RuleError("choose another square of the island", "E12")
    state = sheet.pop(sheet.gold(state, -1))
    state = sheet.push(state, Task("goto", "E12:fame"))
    return movement.teleport(state, target)


def give_food(state: Tale, scroll: str, reward: str) -> Tale:
    """E35 [6]: give the sick man a Carrot, Tomato or Pear for double its price or +25 fame.

    Args:
        state: the tale with the sick man.
        scroll: Carrot, Tomato or Pear.
        reward: "gold" or "fame".
    Raises:
        RuleError: not the sick man, not a food scroll, or an unknown reward.
    """
    _need(state, "sick", section="E35")
    if scroll not in tables.FOOD:
        raise RuleError("the sick man needs a Carrot, a Tomato or a Pear", "E35")
    if reward not in ("gold", "fame"):
        raise RuleError("the reward is gold or fame", "E35")
    state = sheet.pop(sheet.drop_scroll(state, scroll))
    if reward == "fame":
        return sheet.fame(state, 25)
    return sheet.gold(state, food_gold(state, scroll))


def food_gold(state: Tale, scroll: str) -> int:
    """E35 [6]: the gold the sick man gives for a food scroll, double its price (R07).

    Args:
        state: the tale (its content holds the prices).
        scroll: Carrot, Tomato or Pear.
    """
    prices = [p for p in state.content.scrolls[scroll].prices.values()]
    return 2 * max(prices, default=0)


def leave(state: Tale) -> Tale:
    """Close the place's actions: "left the village (E08)", "left the castle"."""
    p = place(state)
    title = booklet.TITLES.get(p)
    words = f"{title.lower()} ({p})" if title else p
    return sheet.say(sheet.pop(state), f"left the {words}")
