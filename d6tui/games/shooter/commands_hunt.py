"""D6 Shooter commands of a hunt: draw, roll, re-roll a skull, Reload, surround, give up,
press on or stop ("On Your Turn", "Drawing a Bandit Card").

A card is decided when it is drawn: :meth:`d6tui.engine.dice.Dice.draw` picks it from the Game
deck (an unordered pile) and the draw is stored in the ``card_drawn`` event as ``drawn``.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.games.shooter.commands_common import (
    acting_name,
    need_phase,
    take_roll,
    use_dice,
    with_outcome,
)
from d6tui.games.shooter.state import (
    KIND_NAMES,
    ROLLS_PER_HUNT,
    Phase,
    ShooterState,
    hand_card,
    unmatched,
)


def _draw_payload(state: ShooterState, dice: Dice | None, press_on: bool) -> dict:
    by = acting_name(state)
    if not state.deck and not state.discard:
        return {"type": "deck_exhausted", "by": by}
    payload: dict[str, Any] = {"type": "card_drawn", "by": by}
    pile = state.deck
    if not pile:
        # the discard pile becomes the deck, still unordered: nothing of it is stored
        pile = state.discard
        payload["reshuffled"] = True
    drawn = use_dice(dice).draw("game", pile)
    card = state.cards[drawn["faces"][0]]
    payload.update(card=card.id, drawn=drawn, name=card.name, kind=card.kind)
    if card.kind == "event":
        payload["effect"] = card.effect
    else:
        payload["symbols"] = list(card.symbols)
    if press_on:
        payload["press_on"] = True
    return with_outcome(state, payload)


def draw(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Draw a card of the Game deck into the In Play area ("On Your Turn").

    The card is decided now (:meth:`d6tui.engine.dice.Dice.draw`) and stored in the event as
    ``drawn``. When the deck is empty the discard pile becomes the deck (``reshuffled = true``;
    no order is stored); when both are empty the event is ``deck_exhausted`` and the turn
    ends.

    Args:
        state: the game, in the start phase or when a card must be drawn again.
        dice: draws the card.

    Returns:
        A ``card_drawn`` (or ``deck_exhausted``) payload.

    Raises:
        RuleError: it is not the moment to draw ("On Your Turn").
    """
    need_phase(state, (Phase.START, Phase.DRAW), "draw a card", "On Your Turn")
    return _draw_payload(state, dice, press_on=False)


def press_on(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Press your luck: draw the next card with the dice that are not skulls.

    Args:
        state: the game, right after a capture.
        dice: draws the card.

    Returns:
        A ``card_drawn`` payload with ``press_on = true`` (or ``deck_exhausted``).

    Raises:
        RuleError: no bandit was just captured
            ("If you successfully capture a bandit you now have two options:").
    """
    need_phase(state, (Phase.CAPTURED,), "press on",
                "If you successfully capture a bandit you now have two options:")
    return _draw_payload(state, dice, press_on=True)


def stop(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """End the hunt: the captured bandits go to your jail and the turn ends.

    Args:
        state: the game, right after a capture.
        dice: unused (every command accepts it).

    Returns:
        A ``hunt_stopped`` payload.

    Raises:
        RuleError: no bandit was just captured
            ("If you successfully capture a bandit you now have two options:").
    """
    need_phase(state, (Phase.CAPTURED,), "stop the hunt",
                "If you successfully capture a bandit you now have two options:")
    return with_outcome(state, {"type": "hunt_stopped", "by": acting_name(state),
                                 "cards": list(state.in_play)})


def roll(state: ShooterState, *, dice: Dice | None = None, roll: Any = None) -> dict:
    """Roll every free die: for a bandit, a dice event (Pan for Gold...) or Dynamite.

    Args:
        state: the game, in a hunt, a dice challenge or a Dynamite roll.
        dice: rolls the dice when ``roll`` is None.
        roll: faces typed from table dice (count = free dice).

    Returns:
        A ``dice_rolled`` payload naming the card rolled for.

    Raises:
        RuleError: nothing to roll now, no free dice, no rolls left, or a bad typed roll
            ("Drawing a Bandit Card", "Card Index").
    """
    need_phase(state, (Phase.HUNT, Phase.CHALLENGE, Phase.DYNAMITE), "roll",
                "Drawing a Bandit Card")
    if state.phase == Phase.HUNT:
        card, purpose, sec = state.hunting, "hunt", "Drawing a Bandit Card"
    else:
        card = state.resolving
        purpose = "dynamite" if state.phase == Phase.DYNAMITE else "challenge"
        sec = f"Card Index: {KIND_NAMES[state.cards[card].effect]}"
    if state.rolls_used >= ROLLS_PER_HUNT:
        raise RuleError("all three rolls are used", sec)
    n = state.dice.free
    if n == 0:
        raise RuleError("no dice are free to roll", sec)
    r = take_roll(dice, roll, n, sec)
    return with_outcome(state, {"type": "dice_rolled", "by": acting_name(state), "card": card,
                                 "name": state.cards[card].name, "purpose": purpose,
                                 "roll_no": state.rolls_used + 1, "roll": r})


def skull_reroll(state: ShooterState, *, dice: Dice | None = None, roll: Any = None) -> dict:
    """Bring one skull die back and roll it at once (Deputy 1, Sheriff 2 per turn).

    The face counts as part of the latest roll; it does not use up a roll.

    Args:
        state: the game, in a hunt or at its last chance.
        dice: rolls the die when ``roll`` is None.
        roll: one face typed from a table die.

    Returns:
        A ``skull_rerolled`` payload.

    Raises:
        RuleError: no re-roll left this turn, no skull out, or a bad typed roll
            ("Cashing in Reputation Points").
    """
    sec = "Cashing in Reputation Points"
    need_phase(state, (Phase.HUNT, Phase.LAST_CHANCE), "re-roll a skull", sec)
    if state.rerolls_left <= 0:
        raise RuleError("you have no skull re-roll left this turn", sec)
    if state.dice.skulls <= 0:
        raise RuleError("no skull die is out", sec)
    r = take_roll(dice, roll, 1, sec)
    return with_outcome(state, {"type": "skull_rerolled", "by": acting_name(state),
                                 "card": state.hunting,
                                 "name": state.cards[state.hunting].name, "roll": r})


def give_up(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Give up the hunt: every bandit in play is lost and the turn ends.

    Args:
        state: the game at the last chance, or in a hunt whose free dice cannot cover the
            missing symbols.
        dice: unused.

    Returns:
        A ``gave_up`` payload.

    Raises:
        RuleError: the hunt can still be won by rolling ("Drawing a Bandit Card").
    """
    sec = "Drawing a Bandit Card"
    need_phase(state, (Phase.HUNT, Phase.LAST_CHANCE), "give up", sec)
    if state.phase == Phase.HUNT and state.dice.free >= len(unmatched(state)):
        raise RuleError("you still have dice and rolls to capture this bandit", sec)
    return with_outcome(state, {"type": "gave_up", "by": acting_name(state), "card": state.hunting,
                                 "name": state.cards[state.hunting].name})


def play_reload(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Play Reload: every skull die comes back into play ("Card Index: Reload").

    Args:
        state: the game, in a hunt before a roll, with skulls out.
        dice: unused.

    Returns:
        A ``reload_played`` payload.

    Raises:
        RuleError: not in a hunt, no roll left, no skull out, or no Reload in hand.
    """
    sec = "Card Index: Reload"
    need_phase(state, (Phase.HUNT,), "play Reload", sec)
    p = state.players[state.current]
    card = hand_card(p, state, "reload")
    if not card:
        raise RuleError("you hold no Reload card", sec)
    if state.dice.skulls <= 0:
        raise RuleError("no skull die is out", sec)
    if state.rolls_used >= ROLLS_PER_HUNT:
        raise RuleError("Reload is played before a roll, and no roll is left", sec)
    return with_outcome(state, {"type": "reload_played", "by": p.name, "card": card,
                                 "skulls": state.dice.skulls})


def play_surrounded(state: ShooterState, *, dice: Dice | None = None) -> dict:
    """Play We Have You Surrounded: capture the drawn bandit at once; the turn ends.

    Args:
        state: the game, with a bandit drawn and not yet rolled for.
        dice: unused.

    Returns:
        A ``surrounded_played`` payload.

    Raises:
        RuleError: no bandit before its first roll, or no such card in hand
            ("Card Index: We Have You Surrounded").
    """
    sec = "Card Index: We Have You Surrounded"
    need_phase(state, (Phase.HUNT,), "play We Have You Surrounded", sec)
    p = state.players[state.current]
    card = hand_card(p, state, "we_have_you_surrounded")
    if not card:
        raise RuleError("you hold no We Have You Surrounded card", sec)
    if state.rolls_used:
        raise RuleError("it must be played before the first roll at this bandit", sec)
    return with_outcome(state, {"type": "surrounded_played", "by": p.name, "card": card,
                                 "bandit": state.hunting,
                                 "name": state.cards[state.hunting].name})
