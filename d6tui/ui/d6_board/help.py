"""The help text of the D6 board game screen (own words; rulebook sections in quotes)."""

#: The standard game's goal, the help's second line (Alliance: the team's glory).
GLORY_GOAL = ("The most **glory** at the end of the season wins: bounties delivered or "
              "carried, and\nDragons and the Kraken slain.")
#: The Hide Collection modes' goal, in place of the glory line.
HIDE_GOAL = ("Hide Collection: collect one hide of each of the 15 monsters before the turns "
             "run out;\nglory does not count.")

HELP = """\
D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons for 2-4 hunters at one keyboard.
The most **glory** at the end of the season wins: bounties delivered or carried, and
Dragons and the Kraken slain. Rulebook sections are named in quotes.

## The screen

- **Top lines**: the round, the Hunters' Moon, and what the game waits for (whose move),
  then what the latest move did.
- **Boards**: at 80x24 one at a time: `]` (or Tab) and `[` turn them, `m` shows the map.
  From 100x32 (120x40) the map, the boards of the hunter to move and the log are shown
  together (`]` turns to the next hunter's boards). On a large terminal (150x45 and more)
  every board is shown, with the log.
  - *Compass dial*: the rounds with `00` for each GM event between them, the round now in
    brackets, the moon mark on Hunters' Moon rounds; the GM, the bag and the 3 bounties.
  - *Map*: each space shows its number, environment pieces (Dng, For, Cem, Hil, Trl) and
    its arrows (`>1,4,7`); then the heroes (two letters, `(c)` for a chib); then its
    enemies (name, die, `+N` buff coins, a heart and the HP). A space is as tall as it
    needs; at 80x24 a crowded map cuts enemy names to 4 or 3 letters, two to a line, and
    last leaves the heart off enemies with their one natural HP, so it never scrolls.
    Spaces your moves lead to are highlighted and marked `*`. The Styx River takes the
    map's empty corner (or the last line).
  - *Class board*: actions track R 1 2 3, hero or chib side, stat tiles (the class's
    stat marked `+`), HP, gold, Cash Cube, skill markers and skills (`[x]` used), hand.
    Other hunters' cards show as `?`. At one keyboard a hand-over screen comes
    whenever the move passes to another person: press Enter once only you can see
    the screen (none for computer hunters, nor when one person plays).
  - *Gather board*: rewards 1-4 in this board's order, potion bottles, specialty and
    wild hides, backpack, delivered bounties, Guardians and glory.
- **Moves**: everything the seat the game waits for may do now. A number or Enter runs
  one (two digits in a list of ten or more: `1` `2`; a first digit waits for the
  second or Enter, shown on the list's border, and Escape clears it). Fights and the
  hunt come first, Rent a Horse rides last; Rest before your three actions asks
  first. Choices come in lists, and a
  list of spaces is picked by the space's own number (`0` the Village); dice are
  rolled by d6tui, or typed from real dice for the hunters checked in the table-dice
  list (`t`: a check for each hunter; a computer hunter's dice are d6tui's unless it is
  checked, and then its rolls are asked too). The save keeps the choice, the top line
  names them (`[table dice: Ann]`), and ctrl+r in a prompt lets d6tui roll that one.
  Over SSH `t` switches your own seat's dice. `p` passes at once when you are asked for
  a red card.
- `u` undoes (the dice stay on the table; against computer hunters their moves since
  your last one go back with it, and redo brings them back), `l` the log (at 80x24 in
  the boards' place; Home the first event, End the newest), `x` exports
  the season as Markdown, `?` this help.

## Setup ("Setup", Part V "Setup")

Each hunter picks a class board, a hero card and a gather board, then rolls four stats: a
roll must be placed before the next; 1-3 make a 3 and pay a coin; the class's stat gets +1
(never past 6). Hunters take turns placing the 8 environment pieces (never two alike in a
space), spawn 2 enemies each, and player one deals 1 Advantage and 1 Heroic Quest card to
everyone and posts 3 bounties. Skill markers unlock by the skill stat (3: 1, 4: 2, 5: 3, 6:
3 and stacking).

## A turn ("Beginning Your Turn", "Spending Your Actions", "(R)est")

Begin: the spawn roll (map die; the GM draws a token) and the open gather (D4: everyone
takes that reward of their own board; Wild and Alchemy ask what to take). Then up to three
actions: **move** along an arrow (Rent a Horse: one more space for 1 gold), **hunt** (an
enemy from the bag comes to you) or **gather** (D4, you alone). In a space with enemies
each action needs a **stealth check** first: roll under your stealth (a tie fails). A
failed check engages you with every enemy there and the action is not spent. Beginning a
turn beside enemies engages them. A Cash Cube (not yours) engages you as you enter, with
everything in its space, and is fought first. Rest with all three actions spent: two Heroic
Quest cards. Rest earlier: none. An engaged hero cannot rest until free.

## Combat (the seven steps in "Specialty Hides"; "Enemy Engagement")

1 declare the enemy; 2 the other hunters may buff a monster or play red-bannered cards
(each is asked; Pass is quick); 3 turn in three specialty hides to transform a monster
(a plain D6 of the class you choose, with no bonus); 4 choose the weapon (natural D6, an
Advantage weapon, Dual Wield with a second, Holy Water's D12 against the Undead for 2
gold); 5 roll: your dice and the enemy's die (the GM's); 6 hero buffs, Dogmud (2 gold:
reroll one of your dice), skills, potions, escapes; 7 resolve. The higher total wins; a
tie is yours only with strength 6. Monsters add buff coins, +1 in their environment, +2 in
a Hunters' Moon; Guardians add nothing; Plants of Eden attack 3, +1 for each other Plant on
the board. Win: the enemy loses an HP; destroyed, it pays 2 gold (not a Cash Cube) and
becomes a bounty in your backpack (its class in the bounty's space, pack of 3 at most; a
new bounty is posted and the GM spawns an enemy), a specialty hide, a wild hide (two
convert one), a Guardian for glory, or goes back to the bag. Lose: an HP (Ranged and
Shield Wall: no hit); poison drops a stat of your choice instead. Buff coins go after each
roll; extra HP stays. You stay engaged with an enemy that beat you.

Red-bannered cards are played on another hunter's turn: at step 2 of their fight, and the
ones that need no fight (Pickpocket, Ambush) also once their turn has begun (holders are
asked after the spawn roll and the open gather; `p` passes).

Dogmud is any one of your own dice rolled again for 2 gold ("DOGMUD"): a fight die at
step 6, a failed stealth check (a pass lifts the engagement and the action goes ahead;
until anything else is done) or the Fountain of You's roll.

## Getting away ("Enemy Disengagement", "Chibbing Out")

Chib out (to an adjacent space, no HP or action lost; then D4 for fights and checks, no
Advantage cards, until you drink Acupunch), Wingso Flightamous (to the Village), Hero Swap
(change places with a hero out on the map; they get a free gather), Secret Path cards.

## Death and the Village ("Death and the Styx River", "The Village")

At 0 HP (or poisoned with every stat at 3) you go to the Styx River: hides and Heroic
Quest cards are lost, the turn ends. Next turn the Ferryman drops you at a random space
(map die) with full HP. The Village is safe: entering delivers the backpack and heals.
There: Fountain of You (1 gold, D6; raise any stat lower than the roll to it), Training
Camp (2 gold, +1), refresh a skill marker (1 gold). No skills in the Village.

## Between rounds ("GM Events") and the end ("The End of the Game")

Player one rolls 1-100 for a GM event; then the compass moves on. The season is 3 rounds
(6 extended). Most glory wins; ties go to gold, then the stat total; a tie on all three
is shared.

## House data and decisions

The rulebook does not print the components' contents: class skills, three of the four
favoured stats (the Mesmerist's skill is the rulebook's), the fourth stat (Wits), gather
board orders and specialty hides, hand limits by strength (2/3/4/5 for 3-6), potions beyond
Wingso, Acupunch and Grapejib, both maps' arrows, enemy dice, token counts, all 153 cards
and the GM event table are **house data** in `d6tui/content/d6_board*.toml` (each entry
marked), overridable by a same-named file in your config folder. Other decisions: a failed
stealth check does not spend the action; the Ferryman drops you before the spawn roll; an
Alchemy reward may be passed up; Critical doubles both dice of Dual Wield; Holy Water works
on the natural die alone; when several bounties fit, the richest is taken; two wild hides
convert only into an empty specialty slot; Animal Handling and Beguile push the enemy to
the lowest-numbered neighbouring space; a card given on a full hand asks you to discard a
card first or let it go (you may also discard any time in your turn); a skill that would
change nothing is not offered; an empty deck is made again from its discards; an Advantage
card costs 3 gold; Hunters' Moon: round 3 (standard season), rounds 3 and 6 (extended) on
the standard map.

## Editions

House: d6tui's cards and events. Table: GM events are read from your Player's Manual
(d6tui rolls or takes your typed d100, then you carry it out and move on); each card drawn
is named by what the rules read off it ("The Cards"): a kind already in the list, a weapon's
die (d4-d20) and keywords or a bounty's class, space and glory from lists, or typed as
printed (D8 Dual Wield, buff +2, green gold 3, undead in space 5, 2 glory), and
each enemy token drawn from your bag is named from the tokens left ("Enemy Spawn").
"""
