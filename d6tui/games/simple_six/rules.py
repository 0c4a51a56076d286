"""Simple Six: the rules module the engine's registry can load (``RULES``), wired from the
modules of the game (:mod:`.roster` starts a campaign, :mod:`.fold` folds it, :mod:`.describe`
puts its events in words, :mod:`.summary`, :mod:`.report` and :mod:`.markdown` show it).

The game is listed in ``registry.GAMES``; its screen is ``d6tui.ui.simple_six.screen``. A session
can also be driven headless with ``Session.new(RULES, options)`` and ``Session.load(path)``.

How d6tui reads the SRD where it leaves a choice open (each named in the docstring of the
function that applies it):

- Die codes: three pips make a die; penalties that leave no die forbid the roll.
- The wild die: a 1 only counts as "a 1 on the wild die" when it is the first face of the
  chain (a 1 rolled after a 6 is part of an exploding total). Extra wild dice bought with
  character points explode but do not trigger the wild-1 rule.
- Traditional hero points double the code after penalties, before the rolling limit; one per
  roll. They double the die code only, not flat bonuses (the SRD doubles "the number of dice").
- Flat bonuses (Bless's +2 to all rolls, damage and resistance included; the Elf's +1 on
  ranged attacks; the Dwarf's +2 to crafts; the Reptoid's +1 unarmed damage) add to the
  total after the dice and the rolling limit, each named in the roll (``bonuses``); they are
  never split into dice ("Splitting Dice" is about die codes), are not thrown at the table,
  do not count for "Halfway There", and Lucky's doubling doubles them with the dice. Rolls
  stored without ``bonuses`` total as before.
- Hero points may be spent on a spell's Magic roll and on a Lightning Bolt's Throwing roll
  ("Hero Points": before any roll); the screen asks when the caster has any.
- "Halfway There": skill dice of at least half the TN count.
- Named difficulties use the top of their range (Moderate 15, as "Wound Level Effects" does).
- Creation: attribute and skill dice must be spent exactly; at most 2D of skill dice go into a
  specialization; one suit of armor and one shield.
- Initiative ties go to the higher Agility, then to the order of the roster. A combatant whose
  wound penalty leaves less than one die of Agility rolls the wild die alone for initiative;
  the roll's breakdown names the whole penalty and says so.
- A Mortally Wounded character dies when his Might roll is below the whole minutes (six rounds
  each) spent at that level.
- "Renaming Attributes" changes only the names shown; events store the ids of the rules (a
  roll of an attribute stores the name the GM picked, which reads back to its id).
- "Expanded Number of Attributes": 3D more attribute dice per added attribute unless the GM
  types the total; an NPC template's added attribute copies the attribute its moved skills
  came from.
- "No Attributes": a Toughness skill (the SRD's gunslinger has one) is added to the list when
  missing and stands in for Might wherever a rule reads it (Soak, Body Points, damage, Might
  rolls); Dodge stands in for Agility (initiative).
- "Independent Skills": attacks and static defenses add the skill's usual attribute (Might +
  Sword, as in the SRD's knight); other rolls pick it; a pip costs twice the skill's own dice,
  a skill under 1D counting as 1D.
- "Quasi Skills": at most the campaign's attribute limit at creation; once 1D or more they
  rise a pip for their dice in CP, once a session like skills; a 0D one cannot be rolled.
- "Paranormal Attributes with Skills": only exactly 0D is allowed below the attribute
  minimum; a 0D paranormal attribute cannot be rolled, nor its skills or their
  specializations bought, raised or rolled; its first die costs ``quasi_first_die`` CP.
- Vehicles (see :mod:`.vehicles` for the whole list): a 6 on the 1D damage chart is
  Structural Damage; a structural hit is one wound, of the level the wound chart gives for
  the damage that got through (so one big hit can destroy a vehicle); a vehicle's structural
  wound takes its character penalty off the pilot's rolls; a System hit picks the system with
  1D over the vehicle's list; dice lost on armor, shields, plating or hull lower Body, on
  engines, boilers, levitation or repulsors lower Move, other systems are bookkeeping; salvo
  difficulty rises one level per doubling of the guns; a repair counts a structural wound as
  its penalty dice (Mortally Wounded 4D); a target nobody steers is rammed on beating 10; in
  a ram the larger vehicle adds the scale difference both ways. A combatant's vehicle action
  in a running fight is one of his actions (his turn, his declared count, the multiple-action
  and reflex penalties, no full dodge; see :mod:`.vehicle_commands`); out of a fight vehicle
  actions are free. The sample vehicles' numbers are house values (marked ⌂).
- Once-per-session perks are counted from a session's start and cannot be used outside one;
  Lucky doubles the next roll of any kind, Lucky and Attractive on one roll make it x4, and
  Daredevil halves static defenses or the defense roll (rounded down) and doubles the Might
  part of Soak or the resist roll, not armor (:mod:`.perks`).
- Character points are added after the roll while it is the latest event; the verdict is
  shown once they are spent or declined. Destiny rerolls the same dice, bonuses and doubling.
  An attack roll can be changed too: a miss that becomes a hit rolls its damage (and the
  target's resist roll) in the new event (:mod:`.afterroll`).
- "Halfway There" is the GM's choice before rolling, a ``halfway_taken`` event with no dice; a
  roll that is made counts its dice.
- The Dwarf's craft skills are Smithing, Crafts and Repair. A Robot is not healed by rest,
  medicine, potions or the Heal spell; he is repaired.
- Magic ("The Grimoire"): spell effects sit on their targets with their duration; rounds
  count down as rounds start, hours end on the campaign clock (:mod:`.clock`: time let pass,
  and a fight's rounds once it ends), concentration lasts until dropped. Each spell kept up
  adds an action to the multiple-action penalty. A resisted spell is one Magic roll against
  each target's TN. Paralysis, Slumber and Petrify leave their target out of action
  (``Member.spell_helpless`` says why). More in :mod:`.spellcast`.
- Casting: every cast (a spell known, Heal, a scroll) passes the same checks
  (``rolling.check_can_cast``): in a fight only in the caster's turn, one spell a turn, an
  action left, not while holding a full dodge, with the reflex penalty on the Magic roll. A
  character outside the fight casts as out of one (each cast its own turn). Spells lasting
  rounds (Hasten, Growth, a held Lightning Bolt, Earthquake) end when the fight ends: the
  fight's end is taken to be past their rounds (its rounds go on the clock as it ends).
  Spells kept up end when their caster is knocked out, Mortally Wounded or dead (Fly: he
  floats down). A Death Spell made a success by character points or Destiny rolls its
  damage in the new event. The thrown Lightning Bolt meets the attack's own defense
  (``attacks.defense_tn``). Heal takes the Magic Wand and Spell Staff, and its +10 counts the
  Heal spells cast on the patient this campaign day from the log (failed ones too). Still Mind
  keeps out ESP, Illusions and Possession (the spells that read or sway the mind; Curse and
  Slumber work on the body). Under "No Attributes" a spell resisted by Wit or Charm is resisted
  with 2D (the base every skill starts from), and Death Spell's damage is Magic less 2D.
- Helpless targets (:mod:`.helpless`): a target who is knocked out, not yet rolled to stay up,
  Mortally Wounded, dead, or held by a spell (``Member.spell_helpless``) makes no Dodge, Block
  or Parry; the attack meets Very Easy (5) plus range and cover in both combat systems.
  Further conditions plug in there (``helpless.CONDITIONS``).
- Reflex penalty and full dodge (:mod:`.reflexes`): each Traditional defense not declared with
  the round's actions costs -1D on every roll (attacks, defenses, checks, casting; not
  initiative, damage or resistance) until the defender's next turn; a full dodge holds against
  every attack until then (Traditional rolls it once) and the dodger neither attacks nor casts.
  Taken before the defender's own turn in a round, either also covers that turn; his turn in
  the next round ends it.
- Stunned: the -1D lasts the round of the stun and the next and ends with the fight; a wound
  lowered to Stunned in a fight (flesh wound, potion, Heal) counts as a fresh stun.
- Table dice are the engine's ``table_dice`` event read by side (all rolls; the GM's seat
  typing the player characters' while d6tui rolls the NPCs'; none): the campaign reopens the
  way the table plays. Older logs' ``table_dice_set`` still folds.
- Body Points fixed instead of rolled are 20 plus 4 a die of Might (the 4 a die replaces the
  rolled Might, not the base 20). A stored sheet keeps the Body Points it was saved with
  (campaigns made before this reading load as they were); the rule is for new characters.
- A Traditional defense marked declared is one of the defender's declared actions: refused
  once he has spent them all this round (attacks and spells in his turn, earlier declared
  defenses; the GM then records it as undeclared, -1D), and one attack or spell fewer in his
  own turn when it comes first. Its roll carries the multiple-action penalty of what he
  declared.
- A brawling (bare-handed) attack that a weapon parries, and so misses, hits the brawler with
  the parrying weapon's damage, resisted as any hit (the first melee weapon on the defender's
  sheet; in Fast Static the default melee defense counts as a parry when Parry beats Block).
- A defender's hero points: +6 each to Damage Resistance under Body Points (spent only on a
  hit); under Traditional wound levels on his defense roll, or on his resist roll when he
  makes no defense roll; under Fast Static wound levels none (a hero point is "just a flesh
  wound" there). Scale adds its difference to the larger target's Damage Resistance too.
- A 10D-minute knockout counts the minutes of ``time_passed`` and a fight's rounds (ten
  seconds each, one as each round ends, for everyone on the roster); then the character
  wakes, still Incapacitated (:mod:`.knockout`).
- Treating (Medicine), and repairing a Robot, are actions: the knocked out, the Mortally
  Wounded, the dead and the spell-held cannot do them, even on themselves, and the healer's
  wound penalty is on the roll. Natural healing is rest, not an action.
- A full dodger makes no skill checks until his next turn. Destiny and character points
  reach the stay-up roll and the Mortally Wounded Might roll (whose target is the whole
  minutes spent Mortally Wounded, when one or more).
- "Renaming Attributes" refuses, for a new campaign, a name that is a skill of its list.
- The clock (:mod:`.clock`): time is let pass between fights only, typed in natural units,
  everyone at rest or no one. The Mortally Wounded roll Might each round of it until one roll
  falls below the whole minutes at that level; the first minute, which no roll can fail, is
  counted without rolls. Natural healing counts rest at the current level (reset when the
  level changes) and rolls when the table's frequency is reached; Body Points roll after
  each full day of rest. A fight's rounds go on the clock when it ends (older logs: they did not).
- Heal's six turns (:mod:`.heal_focus`): a ``heal_focused`` event begins them on one patient
  (the caster's action that turn); each of his turns that ends in a fight, or each round of
  time let pass between fights, counts one; until six are counted the concentration adds an
  action to the multiple-action penalty. Heal spells in older logs fold as they did.
- A skill check by a combatant in a fight is one of his declared actions (refused once they
  are spent); a roll the GM calls for as no action (``free``) is not. Older ``rolled`` events
  counted nothing and fold as they did.
- Parry is the skill of the melee weapon carried (the best of several); a character with no
  melee weapon has no Parry and blocks. The hand-to-hand -5 goes on a Dodge (static or
  rolled) and the Traditional base TN, never on a Block or Parry.
- "Access to Magic": where magic needs the Sorcerer perk, it is taken at creation only; a
  character who cannot work magic neither raises nor rolls Magic. A White Wizard casts no
  spell that harms (Death Spell, Lightning Bolt, Earthquake, Curse, Petrify: d6tui's reading)
  and earns his CP at every session's end by himself; other complications earn theirs when
  the GM names them at the session's end, one each at most ("Complications").
"""

from __future__ import annotations

from d6tui.engine.registry import GameRules
from d6tui.games.simple_six import moves as six_moves
from d6tui.games.simple_six import table_dice
from d6tui.games.simple_six import view as six_view
from d6tui.games.simple_six.describe import describe
from d6tui.games.simple_six.describe_seat import describe_for
from d6tui.games.simple_six.fold import EVENT_TYPES, fold
from d6tui.games.simple_six.markdown import export_markdown
from d6tui.games.simple_six.report import report
from d6tui.games.simple_six.roster import check_options, new_state, start
from d6tui.games.simple_six.summary import status, to_json, where

RULES = GameRules(
    slug="simple_six",
    name="Simple Six",
    event_types=EVENT_TYPES,
    check_options=check_options,
    start=start,
    new_state=new_state,
    fold=fold,
    describe=describe,
    describe_for=describe_for,
    status=status,
    is_over=lambda state: False,
    to_json=to_json,
    default_title=lambda options: "Simple Six campaign",
    export_markdown=export_markdown,
    where=where,
    table_dice_words=table_dice.engine_words,
    report=report,
    moves=six_moves.moves,
    view=six_view.view,
    seats=six_view.seats,
    seat_to_move=six_view.seat_to_move,
    blurb="A GM's campaign: character sheets, the wild die, initiative and wounds",
)
