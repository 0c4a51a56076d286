"""The services of the places the hero visits (R07 shops, E01 castle, E08 and E15 villages,
E12 witch, E35 merchant and sick man): each checks the move and returns one event payload,
as :mod:`.commands` does.
"""

from __future__ import annotations

from d6tui.engine.dice import Dice
from d6tui.games.tales.payloads import Roll, checked, roll_fields
from d6tui.games.tales.state import Tale


def buy(state: Tale, scroll: str) -> dict:
    """Buy a scroll in the open shop (R07, E35 merchant).

    Args:
        state: the tale.
        scroll: the scroll's name.

    Returns:
        The event payload.

    Raises:
        RuleError: not sold here, or not enough gold.
    """
    return checked(state, {"type": "scroll_bought", "scroll": scroll})


def sell(state: Tale, scroll: str) -> dict:
    """Sell a scroll in the open shop for its price - 1 (a Human: full price), R07.

    Args:
        state: the tale.
        scroll: the scroll's name.

    Returns:
        The event payload.

    Raises:
        RuleError: the shop does not trade it, or there is none to sell.
    """
    return checked(state, {"type": "scroll_sold", "scroll": scroll})


def gamble(
    state: Tale, dice: Dice | None = None, roll: Roll | None = None, *,
    cookie: tuple[int, int] | None = None, reroll: Roll | bool | None = None,
) -> dict:
    """R07: a Human or Dwarf gambles in a shop, once a turn (2d6).

    Args:
        state: the tale.
        dice: the app's dice, used when ``roll`` is not given.
        roll: faces typed from real dice (``table_roll``), used instead of rolling.
        cookie: the Hobbit's cookie, ``(die index, +1 or -1)`` (R03).
        reroll: a Meeple's re-roll (J08): the roll kept instead of ``roll``, or True to roll
            it with ``dice``.

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed now.
    """
    return checked(state, {"type": "gambled", **roll_fields(2, dice, roll, cookie, reroll)})


def heal(state: Tale) -> dict:
    """E01: heal 1 HP in the castle, once a turn.

    Raises:
        RuleError: not in the castle, already healed, or at full HP.
    """
    return checked(state, {"type": "healed"})


def cure(state: Tale) -> dict:
    """E01: the castle cures the poison.

    Raises:
        RuleError: not in the castle, or not poisoned.
    """
    return checked(state, {"type": "cured"})


def take_quest(state: Tale) -> dict:
    """E01/E08/E15: get a new quest (E14).

    Raises:
        RuleError: not here, or a quest given here is still open.
    """
    return checked(state, {"type": "quest_taken"})


def donate(state: Tale, gold: int) -> dict:
    """E08: give gold to the temple, +5 fame each.

    Args:
        state: the tale.
        gold: how much to give.

    Returns:
        The event payload.

    Raises:
        RuleError: not in an E08 village, or not that much gold.
    """
    return checked(state, {"type": "donated", "gold": int(gold)})


def rest(state: Tale) -> dict:
    """E08: a Hobbit pays 1 gold to heal 1 and cure the poison.

    Raises:
        RuleError: not allowed.
    """
    return checked(state, {"type": "rested"})


def take_gift(state: Tale, scroll: str) -> dict:
    """E12: a Human takes the witch's Antidote or Dash.

    Args:
        state: the tale.
        scroll: "Antidote" or "Dash".

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed.
    """
    return checked(state, {"type": "gift_taken", "scroll": scroll})


def witch_teleport(state: Tale, square: str) -> dict:
    """E12: pay the witch 1 gold to go to ``square`` ("IV-2"), +10 fame.

    Args:
        state: the tale.
        square: the square's name, like "IV-2".

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed.
    """
    return checked(state, {"type": "teleported", "square": square})


def give_food(state: Tale, scroll: str, reward: str) -> dict:
    """E35 [6]: give the sick man food, for double its price ("gold") or +25 fame ("fame").

    Args:
        state: the tale.
        scroll: "Carrot", "Tomato" or "Pear".
        reward: "gold" or "fame".

    Returns:
        The event payload.

    Raises:
        RuleError: not allowed.
    """
    return checked(state, {"type": "food_given", "scroll": scroll, "reward": reward})


def leave(state: Tale) -> dict:
    """Close the open place (castle E01, village E08/E15, witch E12, merchant and sick man
    E35).

    Raises:
        RuleError: no place is open.
    """
    return checked(state, {"type": "shop_left"})
