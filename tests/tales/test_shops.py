"""R07, J03: scroll prices, selling, gambling, and every scroll's effect."""

from __future__ import annotations

import pytest

from d6tui.engine.errors import RuleError
from d6tui.games.tales import commands, play, services, shops
from d6tui.games.tales.content import current
from d6tui.games.tales.state import Tale

from .util import act, at_step, begin, hero, read, rolls, waits

PRICES = [
    ("Antidote", {"castle": 1, "E15": 1}), ("Throw", {"castle": 1, "E08": 1}),
    ("Dash", {"E08": 2, "E15": 2}), ("Carrot", {"castle": 1, "E15": 1}),
    ("Tomato", {"E08": 2, "E15": 2}), ("Pear", {"castle": 3, "E08": 3}),
    ("Spark", {"castle": 1}), ("Blast", {}), ("Kaboom", {}),
]


@pytest.mark.parametrize(("scroll", "prices"), PRICES)
def test_price_table_r07(scroll: str, prices: dict[str, int]) -> None:
    for shop in shops.SHOPS:
        assert shops.price(Tale(), shop, scroll) == prices.get(shop)


def in_shop(shop: str, race: str = "elf", **sheet: object) -> Tale:
    s = hero(at_step(begin(race), "square_event", "III-3"), **sheet)
    return read(s, {"castle": "E01"}.get(shop, shop))


@pytest.mark.parametrize(("scroll", "prices"), PRICES)
@pytest.mark.parametrize("shop", shops.SHOPS)
def test_buy_and_sell(shop: str, scroll: str, prices: dict[str, int]) -> None:
    s = in_shop(shop, gold=5, scrolls=(scroll,))
    cost = prices.get(shop)
    if cost is None:
        with pytest.raises(RuleError, match="R07"):
            services.buy(s, scroll)
        with pytest.raises(RuleError, match="R07"):
            services.sell(s, scroll)
        return
    bought = act(s, services.buy, scroll)
    assert bought.hero is not None and bought.hero.gold == 5 - cost
    assert bought.hero.scrolls == (scroll, scroll)
    sold = act(s, services.sell, scroll)
    assert sold.hero is not None and sold.hero.gold == 5 + cost - 1 and sold.hero.scrolls == ()


def test_human_sells_at_full_price() -> None:
    s = act(in_shop("castle", "human", gold=0, scrolls=("Pear",)), services.sell, "Pear")
    assert s.hero is not None and s.hero.gold == 3


def test_buying_needs_the_gold() -> None:
    with pytest.raises(RuleError, match="costs 3"):
        services.buy(in_shop("castle", gold=2), "Pear")


def test_only_humans_and_dwarves_gamble() -> None:
    for race in ("elf", "hobbit"):
        with pytest.raises(RuleError):
            services.gamble(in_shop("E08", race))


@pytest.mark.parametrize("total", range(2, 13))
def test_gamble_r07(total: int) -> None:
    s = in_shop("E15", "dwarf", gold=3, scrolls=("Carrot",))
    a = min(6, total - 1)
    s = act(s, services.gamble, roll={"dice": "2d6", "faces": [a, total - a],
                                      "source": "table"})
    assert s.hero is not None
    if total <= 7:
        assert waits(s) == "choose choose:gamble"
        assert set(play.pending(s).options) == {"hp", "gold", "scroll:Carrot"}
        lost = act(s, commands.choose, "scroll:Carrot")
        assert lost.hero is not None and lost.hero.scrolls == ()
    elif total <= 9:
        assert s.hero.gold == 4
    else:
        assert waits(s) == "roll roll:treasure"
    with pytest.raises(RuleError):
        services.gamble(s)


@pytest.mark.parametrize(
    ("scroll", "hp", "poison"),
    [("Antidote", 1, 0), ("Carrot", 2, 1), ("Tomato", 3, 1), ("Pear", 4, 1)],
)
def test_healing_and_cure_scrolls_j03(scroll: str, hp: int, poison: int) -> None:
    s = hero(at_step(begin(), "movement"), hp=1, poison=1, scrolls=(scroll,))
    s = act(s, commands.use_scroll, scroll)
    assert s.hero is not None and (s.hero.hp, s.hero.poison) == (hp, poison)


@pytest.mark.parametrize(("scroll", "spd"), [("Throw", 4), ("Dash", 6)])
def test_speed_scrolls_j03(scroll: str, spd: int) -> None:
    from d6tui.games.tales import movement

    s = hero(at_step(begin(), "movement"), scrolls=(scroll,))
    assert movement.speed(act(s, commands.use_scroll, scroll)) == spd
    with pytest.raises(RuleError, match="movement"):
        commands.use_scroll(hero(at_step(begin(), "end_of_turn"), scrolls=(scroll,)), scroll)


@pytest.mark.parametrize("scroll", ["Spark", "Blast", "Kaboom"])
def test_damage_scrolls_only_in_fights(scroll: str) -> None:
    s = hero(at_step(begin(), "movement"), scrolls=(scroll,))
    with pytest.raises(RuleError, match="fight"):
        commands.use_scroll(s, scroll)
    assert current().scrolls[scroll].house


def test_mango_heals() -> None:
    s = hero(at_step(begin(), "movement"), hp=2, items=("Mango",))
    s = act(s, commands.use_item, "Mango")
    assert s.hero is not None and s.hero.hp == 3 and s.hero.items == ()


def test_e14_treasure_table_matches_current() -> None:
    assert current().treasure[7] == "scroll:Antidote"
    s = read(at_step(begin(), "square_event", "III-3"), "E03")
    assert rolls(s, 3, 4).hero.scrolls == ("Antidote",)  # type: ignore[union-attr]
