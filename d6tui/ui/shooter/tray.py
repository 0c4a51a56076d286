"""What the D6 Shooter dice tray shows: the latest roll with each die's mark (a skull out,
the contest's two sides), and the kept dice, free dice and skulls under it."""

from __future__ import annotations

from collections.abc import Callable

from d6tui.games.shooter.state import Phase, ShooterState, dice_left
from d6tui.ui.widgets.dice_tray import TrayDie, TrayRoll
from d6tui.ui.widgets.faces import face_label
from d6tui.words import plural


def tray_roll(state: ShooterState, source: Callable[[], str]) -> TrayRoll:
    """The dice tray's content: the latest roll, what is kept and what is lost ("Drawing
    a Bandit Card"; the Shooting Contest of the "Card Index").

    Args:
        state: the game now.
        source: gives ``"table"`` when the latest roll was typed from real dice, else
            ``"app"``; asked only when a roll is shown (it reads the log back).
    """
    if not state.last_roll:
        return TrayRoll(caption="No dice rolled yet this turn.")
    if state.phase in (Phase.CHALLENGE, Phase.DYNAMITE) and state.rolls_used == 0:
        # the latest roll belongs to the hunt before this card
        name = state.cards[state.resolving].name if state.resolving else "this card"
        return TrayRoll(caption=f"No dice rolled yet for {name}.")
    me = state.players[state.current].name
    if state.phase == Phase.CONTEST and state.contest is not None:
        them = state.players[state.contest.opponent].name
        if not state.last_roll_other:
            return TrayRoll(caption=f"Shooting Contest: {me} vs {them}, no shots yet.")
        dice = tuple(TrayDie(f, me[:5]) for f in state.last_roll) + tuple(
            TrayDie(f, them[:5]) for f in state.last_roll_other)
        return TrayRoll(dice, source(), f"Shooting Contest: {me} vs {them}")
    skull_lost = state.phase in (Phase.HUNT, Phase.LAST_CHANCE, Phase.CAPTURED)
    dice = tuple(
        TrayDie(f, "out" if (f == "skull" and skull_lost) else "",
                dim=f == "skull" and skull_lost)
        for f in state.last_roll
    )
    notes = []
    rolling = (Phase.HUNT, Phase.LAST_CHANCE, Phase.CAPTURED, Phase.CHALLENGE,
               Phase.DYNAMITE, Phase.REWARD)
    if state.dice.kept and state.phase in rolling:
        kept = " ".join(
            face_label(k.face) + ("" if k.face == k.symbol else f"={face_label(k.symbol)}")
            for k in state.dice.kept)
        if state.phase == Phase.CAPTURED:
            # Pressing on brings the kept dice back: only skulls stay out.
            left = dice_left(state)
            notes.append(f"kept: {kept}   skulls out: {state.dice.skulls}   "
                         f"press on with {plural(left, 'die', 'dice')}")
            if left < 5:
                notes.append(f"(a bandit needing more than {plural(left, 'symbol')} "
                             "fails at once)")
        else:
            notes.append(f"kept: {kept}   {plural(state.dice.free, 'die', 'dice')} free   "
                         f"skulls out: {state.dice.skulls}")
    caption = f"{me}'s latest roll"
    return TrayRoll(dice, source(), caption, tuple(notes))
