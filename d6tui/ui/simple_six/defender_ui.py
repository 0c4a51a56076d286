"""The attack dialog's question to the target: hero points spent on the defense.

Under Body Points each hero point is +6 to Damage Resistance ("Body Points"); under
Traditional wound levels it goes on the defense roll, or on the resist roll when there is no
defense roll ("Hero Points"). Static wound levels have no rolled defense: the target's hero
point is "just a flesh wound" (the ``w`` key) instead, so the question is not asked there.
"""

from __future__ import annotations

from d6tui.games.simple_six.campaign import Campaign, Member
from d6tui.ui.simple_six.host import SixHost
from d6tui.ui.simple_six.pickers import hero_point_choice


def spent_on(c: Campaign, defense: str | None) -> str:
    """Where a defender's hero points go in this campaign, in a few words."""
    if c.settings.wounds == "body_points":
        return "+6 each to Damage Resistance if hit, Body Points"
    if defense is not None:
        return "on the defense roll, Hero Points"
    return "on the resist roll if hit, Hero Points"


async def ask_hero_points(screen: SixHost, c: Campaign, t: Member,
                          defense: str | None) -> int | None:
    """Ask how many hero points the target spends (0 to what he has, at most 3 on a roll
    under the static hero-point rule, 1 under the traditional doubling).

    Returns:
        The number, or None when the GM backs out.
    """
    most = t.sheet.hero_points
    if c.settings.wounds == "levels":
        most = min(most, 3 if c.settings.wild.hero_points == "static" else 1)
    return await screen.app.push_screen_wait(hero_point_choice(
        f"{t.sheet.name}'s hero points against it? ({t.sheet.hero_points} left;"
        f" {spent_on(c, defense)})", most))
