"""The Simple Six screen's help (``?``), in our own words with the SRD's sections."""

from __future__ import annotations

HELP = """\
Simple Six for a game master: the whole campaign is one save. Characters and NPCs stay from
session to session; each session, fight, round, roll, wound and award is written in the log.
Sections of the SRD are named in quotes.

## The screen

- **Tracker** (left): the roster, or during a fight the combatants in initiative order,
  highest first, each with his key for the whole fight (`1`-`9`, then letters: every list
  naming combatants takes it, and it never moves to another) and the total rolled. ► marks
  who acts, ✓ who has acted, ✗ a fallen one whose turn is skipped, … one holding his turn,
  `x2` a combatant who declared two actions ("Multiple Actions": -1D on every roll for each
  extra action). P is a player character, N an NPC. The last column is the wound level and
  its penalty; at 150 columns and more Dodge, Block, Parry and Soak follow.
- **Character sheet** (right): the picked character (`j`/`k` or arrows), as on paper:
  attributes with their skills under them, specializations, perks, complications, gear with
  damage codes, Block, Dodge, Parry, Soak with armor in brackets, Move (or Body Points),
  wounds, hero points and character points.
- **Dice tray** (bottom): the latest roll; the wild die is marked, and the line says the
  total, the target number and the margin.

## Building the party ("How to Make a Character")

`c` opens the character form. Attributes share the campaign's attribute dice; skills are
written as the dice added on top of their attribute ("Sword 2D"); a die spent on a
specialization buys three ("Skill Specializations"); perks cost skill dice; at most two
complications. Every broken rule is listed as you type, with its section; the character is
added only when nothing is wrong. `n` adds an NPC from a template (a number for its name, `4`,
adds Goblin 1 to 4, which one `u` takes back): the SRD gives stock NPCs no numbers, so the
shipped templates are house values, marked ⌂. Write your own in
`simple_six_npcs.toml` in the d6tui config folder.

## Sessions and fights

`s` starts a session; pressed again it ends it, asking the CP and hero points each player
character earned ("Experience"). `f` starts a fight between the characters you pick. `r`
declares actions and rolls initiative (Agility, "Order of Actions in a Round"). The acting
combatant attacks with `a`, on one box: press the target's key to see his defenses with
the TN each gives, the best first; `w` `d` `r` `c` `h` change weapon, defense, range, cover
and hero points; Enter (or his key again) attacks, and a line says what the roll did. `g`
has a group of NPCs (Goblin 1, 2...) attack together on one box: only those whose turns come
next in a row, with no one else's turn between (d6tui's reading of "Order of Actions in a
Round": highest goes first, so a group never jumps a slower PC's turn), and all or nothing:
if one of them may not make that attack, none does and no turn moves (the notice says who
and why); if the target falls first, the rest act next as usual. `o` changes the order:
a newcomer (he rolls initiative), one taken out, a total set, a delay, a held turn (d6tui's
reading: the SRD does not cover these). Fast Static Combat
uses the target's Dodge, Block or Parry ("Static Defenses"), plus range; Traditional rolls
the defense, or uses 10 ("Combat"). Damage beats Soak (or a Might roll plus armor) and the
wound chart does the rest ("Wound Level Chart", "Wound Level Effects"). `space` ends the turn.

A defense not declared with the round's actions (Traditional) leaves -1D on every roll the
defender makes until his next turn, shown `r-1D` on his tracker row and named in each roll
("Defensive Options"). A full dodge (`FD`) meets every attack until the dodger's next turn,
rolled once in Traditional; the dodger cannot attack or cast meanwhile. A reflex penalty or
full dodge taken before the defender's own turn in a round also covers that turn (d6tui's
reading). A helpless target (knocked out, Mortally Wounded, not yet rolled to stay up, held
by a spell) makes
no defense and none is asked: the attack meets Very Easy (5) plus range and cover, a d6tui
decision where the SRD is silent. A declared defense is one of the defender's declared
actions (refused once they are spent). A target with hero points is asked for them: +6 each
to Damage Resistance under Body Points, else on his defense or resist roll. A bare-handed
blow parried with a weapon takes the weapon's damage.

`w` on the picked character makes the Stamina roll to stay up when Incapacitated, the Might
roll of the Mortally Wounded (both open to Destiny and character points), or spends a hero
point for "just a flesh wound"; a hit that wounds a target who has a hero point (PC or NPC)
asks at once whether he spends it so (once a fight; not on a killing blow, which leaves
nothing to lessen). When the picked character has no roll due but another has
(the banner's "Might against death due"), `w` goes to that one, or asks whose when several.
Starting the next round or ending the fight with a Might roll against death still due asks
first: roll it now, or go on without it ("Wound Level Effects": each round).
A knockout ends after its 10D minutes (time let pass, or fight rounds at six a minute).
The unconscious treat and repair no one. `H` heals
("Healing", "Potions"); natural healing is rest, let pass on the clock.
`T` lets time pass for the whole campaign, typed as "3 days", "2 h", "10 rounds" or
"1 day 6 h", at rest or not (at a shared table `T` is the server's Tables key: the magic
menu `m` lets time pass there). It runs every rule that waits on time: spells of hours end at
their minute (named in a notice), knock-outs wake, the Mortally Wounded roll Might each
round until one falls below their minutes at that level ("Wound Level Effects"), and at rest
each wounded character rolls Might when his level's rest is reached, with only the spells
still working then ("Healing"); an hour of rest clears failed-cast penalties. A fight's
rounds go on the same clock. It is one step in the log, undone by `u`. With table dice on
for their side, those Might rolls are asked one by one (ctrl+r: d6tui rolls the rest).
`m` is magic ("The Grimoire"): cast a known spell (it asks for
the targets; a resisted spell rolls each target's attribute and adds it to the TN), read a
scroll, throw a held Lightning Bolt (this round with an action more, or the next), drop a
spell kept up, end a spell, let time pass (as `T`), and tools and items.
Spells on a character show on the sheet and as a letter on the
tracker (B Bless, H Hasten, Z Slumber, c a spell kept up, which counts as an action);
a caster with hero points is asked how many go on the cast or the throw. Bless (+2 to the
total of every roll, named in the dice tray), Charm, Invisibility, Hasten, Growth, Resist
Elements, Potions and enchanted items change the rolls by themselves. Spells lasting rounds
run out as rounds start and end with the fight; hours when time is let pass; a found
Sorcerer's Tool works after three days.
A cast (known, Heal or scroll) is made in the caster's own turn, carries his reflex
penalty and not while he full dodges; Heal counts the day's Heals on the patient itself and
takes the Wand and Staff; a caster knocked out or killed drops the spells he kept up; the
thrown bolt meets the target's defense as any attack; Still Mind keeps out ESP, Illusions
and Possession.
`x` rolls anything on the sheet against a target, with hero points (+6 each, or doubling);
character points come after (below).
`v` spends CP: a skill pip costs its dice, a specialization half, an attribute ten times
("Spending Character Points"). `X` writes the picked sheet as Markdown (to print) and TOML
beside the save; `I` imports such a TOML sheet into this campaign. `R` writes a session's
record in records/ beside the save: a summary (date, who was there, fights, CP awarded, time
passed), what happened with every die in words, the party at the end; and a players' copy
with no NPC statistics.

## Campaigns that change the attributes ("Optional Rules")

The new-campaign form sets them. "Renaming Attributes": four names for Might, Agility, Wit
and Charm in that order (`Power, Grace, Reason, Poise`); the rules keep their roles (the
first still resists damage) and every screen, sheet and record shows the new names. "Expanded
Number of Attributes": added attributes (`Perception, Courage`) bring 3D more attribute dice
each unless the GM types the total; skill defaults move skills to them, written
`Perception: Search, Tracking; Courage: Command`. "No Attributes": every skill starts at 2D,
16D to spend, 4D at most in one; d6tui adds a Toughness skill that does Might's work (Soak,
Body Points, damage, Might rolls) and lets Dodge do Agility's (initiative). "Independent
Skills": the sheet lists each skill's own dice; `x` asks which attribute joins the skill for
this roll; attacks and defenses add the skill's usual attribute (Might + Sword); raising a
skill costs twice its own dice, 2 CP at the least. NPC templates fit these campaigns: an added
attribute copies the attribute its skills came from; with no attributes each skill keeps its
whole code.
"Quasi Skills" (paranormal abilities, `Spiritual, Etheric`) are bought with the attribute
dice in the character form, 0D allowed; `v` raises them a pip for their dice in CP, and the
first die of one begun at 0D costs the campaign's price (10 or 20 CP, "Adding Paranormal
Abilities"); `x` rolls those above 0D.
"Paranormal Attributes with Skills": added attributes named in the form's Paranormal field
may be 0D at creation and bring no extra attribute dice; while one is 0D its skills cannot
be bought, raised or rolled; its first die later costs the same first-die price (`v`).

## Vehicles

`V` opens the vehicles view ("Vehicles"): the campaign's vehicles with their damage, kept from
session to session. Add one from a template (the SRD's sample vehicles, with house numbers
marked ⌂), crew it from the roster, fire on it (the pilot's Drive/Pilot plus Maneuverability
replaces Dodge; Body resists; 1D says where the damage lands), ram, run chases and repair.
Its own `?` lists its keys and the choices d6tui makes where the SRD is silent.

## Perks and what follows a roll

`P` lists the picked character's once-per-session perks ("General Perks"); each can be used
once a session, counted from `s` (outside a session they wait for one). Lucky doubles the
character's next roll of any kind; Daredevil, in a fight, halves his Dodge, Block and Parry
and doubles his Might against damage until the end of the round; Favors, Perceptive and the
like are marked used with your note (Perceptive that reveals nothing is not spent). `x` asks
whether a roll is about looks when Attractive can double it. When the campaign lets
character points buy wild dice, the player sees the total of an `x` check, a spell or an
attack first and may add CP as extra wild dice before the verdict (never on a roll with hero
points, and no more than the campaign's limit per roll): while the question is open the
screen shows nothing of the outcome (no TN; tracker, sheet and log as before the roll), and
cancelling the dice the points call for goes back to the question. After a failed check, spell or
attack, Destiny offers a reroll; the new roll counts and both stay in the log (a miss made a
hit rolls its damage then). With "Halfway There" on, `x` offers the
automatic success when the dice are at least half the TN. The Dwarf adds +2 to Smithing,
Crafts and Repair ("Racial Perks"); a Robot is not healed but repaired: `H` asks who works
on him, with which skill and against which TN.

## Table dice

`t` switches table dice on: each roll asks for the faces you threw, ordinary dice first,
then the wild die and each reroll of a 6 (`3 5 2 w 6 4`). d6tui says how many dice to throw
after penalties. Typed rolls are saved as table dice; so is the switch itself, so the campaign
reopens the way the table plays. In a list of ten or more, type both digits (`1 2`) or one
and Enter.

## At a shared table

The GM's seat makes every move with these keys (and `M` for the move list); only the file
tools (`X`, `R`, `I`) are off, as they would use the server's disk. The table starts with
the GM's seat: each player character the GM makes with `c` adds the seat its player joins.
A player's seat sees the tracker and the party's sheets (NPCs without statistics) and makes
no move, its own sheet included: the GM has the last word on every sheet and types the
changes a player asks for (a decision of d6tui's; "About this Book" leaves the game to the
GM).

Undo (`u`) keeps the undone step in the log, struck through. `d6tui export FILE --format
markdown` writes the campaign as a readable record.
"""
