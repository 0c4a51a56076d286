"""A group's attack is all or nothing: every member's attack is checked before any event is
written (d6tui's reading: acting as a group is a table's habit, :func:`.fight_roster.group_turns`).

The check folds the group's turns and the passes from one member to the next on a copy of
the campaign, and tries each member's attack there with stand-in dice (not folded, so one
blow's outcome never decides another's check); the first refusal names the member and
why, and nothing is recorded. Rolls can still change what the rest may do (the target falls to
the first blow): that stops the group there, with the others' turns next in the order, as
any grouped turn. No Textual imports.
"""

from __future__ import annotations

from collections.abc import Callable

from d6tui.engine.dice import Dice
from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import campaign as c
from d6tui.games.simple_six import fight_roster
from d6tui.games.simple_six.state import ORDER, Campaign


class _StandIn(Dice):
    """Dice that always show 3 (never a 6, never a 1): a check that rolls nothing real."""

    def __init__(self) -> None:
        super().__init__(0)

    def roll(self, count: int, sides: int = 6) -> dict:
        return {"dice": f"{count}d{sides}", "faces": [3] * count, "source": "app"}


def check_group_attack(state: Campaign, ids: list[str], target: str,
                       keywords: Callable[[Campaign, str], dict]) -> None:
    """Refuse a group attack if any member's attack would be refused.

    Args:
        state: the campaign, with the group's first member acting.
        ids: the group, the acting combatant first (:func:`.fight_roster.group_of`).
        target: who they all attack.
        keywords: ``(state, who) -> {skill, weapon, defense, ...}``, the keywords of
            :func:`.attacks.attack` for one member's attack.

    Raises:
        RuleError: the group may not act together, or one member may not make this attack
            (the message names him); nothing was recorded.
    """
    dice = _StandIn()
    s = state
    if len(ids) > 1:
        s = c.fold(s, fight_roster.group_turns(s, ids))
    for i, who in enumerate(ids):
        name = s.member(who).sheet.name
        try:
            if i:
                s = c.fold(s, c.pass_turn(s))
            c.attack(s, who, target, dice=dice, **keywords(s, who))  # checked, not folded
        except (RuleError, DiceError) as e:
            raise RuleError(f"{name} cannot make this attack ({e}); the group attacks all"
                            " together or not at all", ORDER) from None
