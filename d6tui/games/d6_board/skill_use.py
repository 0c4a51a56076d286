"""Whether a class skill would change anything now ("Perform a Skill"): a skill whose use
changes nothing is neither offered (``moves``) nor allowed (``why_not`` says why), so no
skill marker is spent for nothing.

The house skills (``d6tui/content/d6_board.toml``) and what makes each one do nothing:
Second Wind at full HP, Scavenge at the gold cap, Bramble Step when the next stealth check
is sure already, Forage with no bottle to place, Mesmerize when the enemy's total has no
buff or environment bonus to lose, Animal Handling and Beguile on an enemy with no space
to be sent to. Hero Swap and Pathfinder are offered only with a target; Cleave always adds.
"""

from __future__ import annotations

from d6tui.games.d6_board.state import VILLAGE, Board


def pushable(state: Board, token: str) -> bool:
    """Whether an enemy has a space to be sent to (an adjacent space, not the Village)."""
    e = state.enemy(token)
    return e is not None and any(s != VILLAGE for s in state.links(e.space))


def useless(state: Board, seat: int, skill: str, target: str | None = None) -> str:
    """Why ``skill`` of ``seat`` would change nothing now (with the rule), or "" when it
    would do something. ``target`` is the enemy of Animal Handling or Beguile, if known."""
    h = state.heroes[seat]
    name = state.content["skills"].get(skill, {}).get("name", skill)
    if skill == "second_wind" and h.hp >= int(state.rules["hp"]):
        return f"{name} regains a lost HP, and {h.name} has lost none (Perform a Skill)"
    if skill == "scavenge" and h.gold >= int(state.rules["gold_cap"]):
        return (f"{name} gives gold, and {h.name} holds {h.gold}, the most a hunter may "
                "hold (Roll for Stats, GM's Note)")
    if skill == "bramble_step" and state.sneak:
        return f"{name}: the next stealth check succeeds already (Perform a Skill)"
    if skill == "forage":
        from d6tui.games.d6_board.turn import alchemy_options

        if not alchemy_options(state, seat):
            return f"{name}: no potion bottle can be placed (Alchemy)"
    if skill == "mesmerize":
        from d6tui.games.d6_board.combat import mesmerize_helps

        c = state.combat
        if c is None or c.step != "rolled":
            return f"{name} is used after the roll of a fight (Perform a Skill)"
        if not mesmerize_helps(state):
            return (f"{name} takes away the enemy's buffs and environment bonus, and this "
                    "enemy has none (Perform a Skill)")
    if skill in ("animal_handling", "beguile") and target and not pushable(state, target):
        return f"{name}: the enemy has no space to be sent to (Perform a Skill)"
    return ""


__all__ = ["pushable", "useless"]
