"""The plain-text report of ``d6tui replay FILE`` for a Simple Six campaign: the folded state
as the generic replay prints it, with renamed attributes shown by the campaign's names
("Renaming Attributes"), as the screens show them. ``--json`` keeps the rules' ids."""

from __future__ import annotations

from d6tui.cli import _state_lines
from d6tui.games.simple_six.describe import names_in
from d6tui.games.simple_six.state import Campaign
from d6tui.games.simple_six.summary import to_json


def report(state: Campaign) -> str:
    """The campaign's state, one ``key: value`` line each, renamed attributes by their names.

    Args:
        state: the folded campaign.

    Returns:
        The text (no trailing newline).
    """
    keep = {f"{a}: {n}" for a, n in state.settings.attribute_names}  # the renaming itself
    return "\n".join(line if line.strip() in keep else state.settings.rename(line)
                     for line in _state_lines(to_json(state)))


def vehicles_markdown(state: Campaign) -> str:
    """The campaign's vehicles as they stand, for the end of the Markdown record: one line
    each with Body, Maneuverability and Move now, damage, pilot and those aboard (empty text
    when there are none).

    Args:
        state: the folded campaign.
    """
    if not state.vehicles:
        return ""
    names = names_in(state)
    out = ["", "## The vehicles now", ""]
    for v in state.vehicles:
        aboard = [f"{names.get(v.pilot, v.pilot)} (pilot)"] if v.pilot else []
        aboard += [names.get(x, x) for x in v.crew]
        house = " \u2302" if v.stats.house else ""
        out.append(f"- **{v.name}** ({v.stats.name}{house},"
                   f" scale {v.stats.scale}D): Body {v.body}, MNV {v.maneuverability},"
                   f" Move {v.move}; {v.damage_words()}; aboard: {', '.join(aboard) or '-'}")
    return "\n".join(out) + "\n"
