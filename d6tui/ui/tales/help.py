"""The help screen's text for 6x6 Tales (``?``): the screen, a turn of R10, dice, keys and the
house values, in d6tui's own words with the rulebook's sections.
"""

from __future__ import annotations

HELP = """\
6x6 Tales is a solo adventure: a hero explores a small island for four weeks, one day at a
time, and the tale ends with **E17**, when the fame is counted (J09). d6tui runs the rules,
the dice and the events booklet, and keeps the journal booklet for you.

## The screen

- **Island map** (J02), left: columns I-VI, rows 1-6. A square shows its terrain (top left:
  `pln` plains, `mtn` mountains, `for` forest, `swp` swamp, `vlg` village, `CST` castle), its
  picture (top right: `tw` tower, `py` pyramid, `lk` lake, `ht` hut, `rf` rift, `pt` portal,
  `cv` cave), its road in lines, its village number (`v1`) and its event (`E08`, and `E00`
  once it is done). From 200x50 the squares are bigger: the pictures are written in full,
  with the name you gave the place and the title of its event.
  `@` is the hero; `→2` means the hero can still reach that square this turn in 2 steps;
  dotted squares are not revealed yet. The reversed square is the **cursor**.
- **Journal booklet**, right: J01 hero, J02 map notes (and what is under the cursor), J03
  scroll backpack, J04 quests, J05 daily records, J06 fights, J07/J08 dungeon, J09 scoring.
  What changed since the turn began is highlighted.
- **Step bar**, bottom: the week and day, the R10 step the turn is at, what the tale waits
  for, what the last action did, and every key that acts now.

## A turn (R10)

Each day goes through the steps of R10 in order: the new day and its printed day event
(J05), the poison check, a level up, movement, the final square, the terrain event (not in a
village or the castle), the square's event (once a turn, never E00), and the end of the
turn. Steps with nothing to decide go by themselves; d6tui stops whenever you must roll or
choose.

- **Level up**: a number key raises that stat by one, paid in gold as R10 says (the new
  value), then heals 1; `n` skips.
- **Movement** (R04): the arrow keys walk along the roads, up to your Spd. Stepping onto a
  dark square reveals it: roll (`r`) for its road and terrain (J02), then pick a number to
  turn the road so it joins yours. Only roads that look different are offered (a
  crossroads is placed in one way, a straight road in two). After a teleport there is no road
  to join but a neighbour's, if one leads in. R04 lets you draw a road whose every arm runs
  into the water (or into roads that do not join); such a choice is marked `no way off`:
  the hero would be shut in until a Dash or Kaboom (R06) or a teleport. `s` stops; the
  square becomes the day's final square.
- **Events**: `p` plays the square's event, `x` passes it. Places (castle E01, villages E08
  and E15, the witch E12...) list their services under number keys, `k` opens the shop, `x`
  leaves.
- **Fights** (R09): at each Break, `f` flees (1d6), `b` uses a scroll or an item, `a`
  attacks with 2d6 + Atk. `e` ends the turn.

## Dice

`r` lets d6tui roll. `t` asks for the faces of real dice instead, for that roll (they are
checked and saved as table dice). `D` asks for real dice on every roll from now on, until
`D` again (the save keeps it; the step bar says `[table dice]`); in each prompt ctrl+r lets
d6tui roll that one. A Hobbit's cookie and a Meeple are offered once the dice are seen; the
cookie only when moving a die by one would change what the roll does (R03). Escape keeps
the dice as rolled.

House reading of the cookie: R03 gives +1/-1 to any roll and keeps the roll between 1 and
6, bounds that fit one die, and it does not say which die of a 2d6 roll. d6tui moves one
die of your choice by one (within 1-6), once: the total moves by one as well, and a roll
read die by die (a square's column and row, R02) moves in the die you pick.

## Keys for the map and the booklet

Shift+arrows (or `H` `J` `K` `L`) move the cursor; J02 describes the square under it, and
`w` pays the witch to travel there (E12).

## Your own words

`N` writes a note where the tale is now (its day and event): J05 shows it under that day.
`i` writes the hero's look and story on J01 (R03 invites a portrait); `o` names the square
under the cursor once it is drawn on the map (J02); `v` names a monster the hero beat
(J06). Each is kept in the log and undone with `u` like a move; names may be written after
the tale is over. `]` and `[` (PageDown, PageUp) turn the booklet's
pages; `m` hides the map so a page has the whole width.
`X` writes the journal as Markdown (your notes with their days, the map, J01, J06, J09),
beside the save.

## At a shared table

Over SSH (`d6tui serve`) the hero's seat plays as here: your moves, your notes and your
names go to the table's log, `t` types your own dice for one roll (`D` for every roll),
and `u` undoes your latest move.
Everyone else watches: the map, the booklet and the log follow each move; a key that would
act says why it does nothing. `X` writes the journal into your own saves folder on the
server.

## House values

Values marked `*` are not printed in the rulebook; d6tui fills them in
(d6tui/content/tales.toml, `source = "house"`), and a tales.toml in your config folder
overrides them: the road shapes of J02, the length of a week, the monsters of weeks 2-3 and
of E10/E32, Pink Slime's Dmg and HP, the effects of Pear, Spark, Blast and Kaboom, and how
E38 measures distance. A tale keeps the values it began with: they are copied into its save,
so changing the file later changes only new tales.

Everything is saved as it happens. `u` undoes (kept in the log, struck through), `l` shows
the log, Escape goes home.
"""
