"""The help text of the D6 Dungeon screen (``?``), in d6tui's own words with the rulebook's
section names."""

HELP = """\
D6 Dungeon for two players at one keyboard (or one player against the computer). You build
a dungeon together in the **Dungeon Waffle**, a 6x6 frame of holes standing between you:
every die you put in a hole shows one map face to you and the opposite face to the other
player. Each of you sees only your own side. Rulebook sections are named in quotes.

## The screen

- **The waffle** (left): your side as you see it. Each hole shows its corridors and a mark
  for what is there: `o` Orc, `r` Giant Rat, `w` Spider Web, `x` Curse, `#` Door (a key
  opens it), `$` Treasure Chamber, `D` Dragon, `c` Treasure Chest, `g` Goblins; a plain
  junction is a Corner. `?` marks a die whose face you cannot see (a spectator's view).
- **Right**: whose turn it is and what the turn waits for, the die in hand (the dice tray
  shows its six faces: the one rolled is bright; while placing, `you` and `them` mark the
  faces turned to you and away), what both of you hold (collections are public), the bag's
  count, and your best route's score.
- Hole names: columns A-F from the **first** player's left, rows 1-6 from the top. The
  second player sees the waffle from behind, so their columns run F to A.

## The die in its hole (the orientation model)

```
   first player's side            second player's side
      A  B  C  D  E  F               F  E  D  C  B  A
        face P, t turns  <- die ->  face Q, -t turns
```

A die has two map faces on opposite sides. In its hole one faces each player, each turned
some quarter turns clockwise **as that player sees it**; the two turns always add up to a
whole turn (placing a die sets both upright together). **Turn** spins the die in its hole:
your face turns clockwise, theirs anticlockwise, and the same face still faces you.
**Pivot** takes the die out and puts it back the other way round with top and bottom kept:
you now see exactly what they saw, and they see what you saw. Two Pivots, or four quarter
Turns, leave the die as it was.

## A turn ("Course of Play")

1. `d` draws a die from the bag, `r` rolls it.
2. A **map face**: choose it or the face on the other side of the die (`f`), choose its way
   up (`r` clockwise, `R` back), move the cursor with the arrows to an empty hole (shaded)
   and press Enter. Corridors need not line up. The preview line says what your best route
   scores now and what it would score with the die there.
3. An **item or spell**: `s` sets it aside. A **Special Item**: `s` keeps it (1 point) or
   `x` trades it at once for any one die of the other player's (they are not asked; they get
   the Special Item and can never trade it back).
4. The **Wishing Ring**: `w` turns the die to any other side; `g` catches the wish with a
   free Dreamcatcher instead, for later. `m` uses a Dreamcatcher and its wish (or two
   Dreamcatchers) on a die you have just rolled: choose its side.
5. At any time in your turn `c` casts a collected spell. **Decay** takes a die off the
   waffle; it goes into the bag when your turn ends. **Turn** and **Pivot**: pick the die
   with the arrows and Enter. **Look**: at the other side (shown to you alone: `v` shows it
   again while it is your turn) or, before you draw, a die of your choice from the bag:
   pick its colour and it is your draw for the turn.
6. **Extra turn** ("Extra turn"): with more than six dice collected, once a turn, `a` pays
   one into the bag and rolls another of yours again as if just drawn.
7. `C` claims a complete route (the action bar offers it only once you have one); `e` ends
   the turn. At one keyboard a hand-over screen then hides everything until the next
   player presses Enter.

## The end ("End of the Game")

The game ends when the bag is empty at the start of a turn (casting a spell puts its die
back in the bag, so the turn can go on), or after a claim. A claim ends your turn, and the
other player has one last turn, in which nothing may spoil the claimed route (a spell or
trade that would is refused): it must still cross, and the route with its detours must
score no less (a Turn that shuts a side passage's treasure away is refused too).

d6tui checks a claim as it is made, so it offers `C` only when your side has a complete
route with what you hold, once your roll is dealt with. The rulebook has play simply go on
after a mistaken claim; here `C` pressed without a route says why (no line of corridors
across yet, or not the swords or keys to get through) and changes nothing: it is still
your turn, and you may cast, take the extra turn, end the turn, or claim once the route is
whole (a house decision).

Each player then chooses one way in, a corridor from the left or right edge of their side,
and walks the corridors; an edge is no corridor, so a walk never goes out by one corridor
of an edge and back in by another (once across, the route is done). d6tui finds the best
walk exactly, with its detours. `b` draws your best one on the
waffle at any time and says where it goes, hole by hole (or why there is none yet); at the
end the final routes are drawn, and `b` hides and shows them. The score lines (`p`) name
each route by the holes it crosses. Swords are
one pool (a die's swords may be split), a Vorpal Sword beats one enemy whole, a key opens a
Door or a Treasure Chest, a Spider Web takes one sword for each arm used, and what is beaten
stays beaten. Points: a complete route 5 for the player whose claim stood and 3 for the
other (3 each if the bag ran out: a house decision; the points table of "End of
the Game" gives 5 to the first to complete a route, and with no claim nobody was
first), 1 for each treasure (Treasure Chamber, Treasure Chest,
Dragon, Goblins), 1 for each Special Item, -1 for each Curse walked through (once each).

## House decisions

- The six dice designs are d6tui's (the rulebook does not give them); a file
  `dungeon_dice.toml` in the config folder may replace them.
- A spell's die goes back into the bag when cast; a Decayed die only when the turn ends, so
  it cannot be drawn again the same turn.
- The extra turn re-rolls one of your own collected dice.
- A map die rolled when no hole is empty is out of the game.
- Without a complete route you still walk in for treasure.

## Other keys

`t` table dice: check the players who type the colour they drew and the face they rolled
(the save keeps it; the computer's dice are d6tui's unless it is checked; ctrl+r in a
prompt lets d6tui draw or roll that one; over SSH `t` switches your own), `u` undo,
`ctrl+y` redo,
`l` the log, `v` the other side once the game is over, `escape` home. Against the computer
`u` takes back the computer's moves since your last action together with that action (the
computer never replays a turn knowing what it saw; its dice stay on the table).
"""
