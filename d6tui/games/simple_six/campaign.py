"""A Simple Six campaign's commands in one place: the GM's moves, the state they read and the
fold that applies their events ("Campaign").

Each command validates against the state and returns one event payload, raising RuleError when
a rule is broken; :func:`fold` applies an event. The commands live in the module of their part
of the rules, and this module only gathers them for the screen and the tests
(``campaign.attack``, ``campaign.start_round``...); no module of the rules imports it:

- :mod:`.state`: the folded campaign (:class:`Campaign`, :class:`Member`, :class:`Combat`);
- :mod:`.roster`: options, the first event, characters, sessions, character points;
- :mod:`.rounds`: a fight's rounds and turns; :mod:`.attacks`: attacks and defenses;
- :mod:`.recovery`: staying up, dying, healing, rest; :mod:`.checks`: checks and casting;
- :mod:`.rolling`: how a roll is made and what stops a character acting;
- :mod:`.fold`: every event applied to the state.

Spells, perks, rolls changed after the fact, repairs, tools and vehicles have their own command
modules (:mod:`.spellcast`, :mod:`.perks`, :mod:`.afterroll`, :mod:`.repair`,
:mod:`.tool_commands`, :mod:`.vehicle_commands`).
"""

from __future__ import annotations

from d6tui.games.simple_six.attacks import (
    attack,
    defense_tn,
    hit_effects,
    ready_to_attack,
    scale_of,
    weapon_is_ranged,
)
from d6tui.games.simple_six.checks import (
    cast_spell,
    roll_check,
)
from d6tui.games.simple_six.fold import (
    EVENT_TYPES,
    fold,
)
from d6tui.games.simple_six.recovery import (
    flesh_wound,
    heal,
    mortal_roll,
    rest,
    stay_up,
)
from d6tui.games.simple_six.rolling import (
    HEAL_SPELL,
    Typed,
    able_to_treat,
    check_can_cast,
    check_heal_patient,
    daredevil,
    heals_today,
    wild_options,
)
from d6tui.games.simple_six.roster import (
    add_character,
    add_from_template,
    check_options,
    end_session,
    import_character,
    new_state,
    spend_cp,
    start,
    start_session,
)
from d6tui.games.simple_six.rounds import (
    end_combat,
    pass_turn,
    start_combat,
    start_round,
)
from d6tui.games.simple_six.state import (
    Campaign,
    Combat,
    LastRoll,
    Member,
    slug,
)

__all__ = [
    "add_from_template",
    "Campaign",
    "Combat",
    "EVENT_TYPES",
    "HEAL_SPELL",
    "LastRoll",
    "Member",
    "Typed",
    "able_to_treat",
    "add_character",
    "attack",
    "cast_spell",
    "check_can_cast",
    "check_heal_patient",
    "check_options",
    "daredevil",
    "defense_tn",
    "end_combat",
    "end_session",
    "flesh_wound",
    "fold",
    "heal",
    "heals_today",
    "hit_effects",
    "import_character",
    "mortal_roll",
    "new_state",
    "pass_turn",
    "ready_to_attack",
    "rest",
    "roll_check",
    "scale_of",
    "slug",
    "spend_cp",
    "start",
    "start_combat",
    "start_round",
    "start_session",
    "stay_up",
    "weapon_is_ranged",
    "wild_options",
]
