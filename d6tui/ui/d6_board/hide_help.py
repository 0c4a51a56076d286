"""The help sections of the Hide Collection modes (solo and co-op) and of Alliance, added
to the D6 board game's help in such a game (own words; rulebook Part III sections in
quotes)."""

HIDE_HELP = """

## Solo and co-op: Hide Collection (Part III "Solo & Co-op")

No glory here: the goal is one hide of each of the **15 monsters** (five classes of three),
placed on the **Hide Collection board** (its own panel: `]` after the map). Everything not
said below is as in the standard game.

- **Setup** ("Setup", "Spawn/Gather"): solo plays the red-dot gather board (the companion
  takes its Advantage reward); co-op hunters pick any board. Eight bounties are turned up:
  the only ones of the game. Four enemies spawn. No Heroic Quest cards are dealt.
- **Turns and the end** ("Winning and Losing"): four turns to begin with. Each bounty
  **delivered to the Village** moves the max turn counter up one (carrying it is not
  enough). The compass dial moves on after every turn (co-op hunters take turns). The 15th
  hide wins at once; the end of the last turn without it loses.
- **A turn begins** with two spawns and two open gathers in solo, one and one in co-op.
- **A kill counts for one thing** ("Hide Collection"): you pick a bounty it fits, its slot
  on the Hide Collection board, a specialty hide slot, a wild hide, or nothing.
- **A Dragon or the Kraken** is worth any one hide and goes on a free slot at once
  ("Special Enemies"). **Plants of Eden** give their two coins only.
- **Heroic Benefits** ("Heroic Quest Deck Replacement"): instead of Heroic Quest cards, a
  complete turn ends with a roll (D8 solo: items 1-8; D10 co-op: items 1-10). A free skill
  marker (three in all) goes on the item rolled; with none free, move one from a held item
  or gain nothing. A held item is used once, from the moves list, and frees its marker.
- **Specialty hides** ("Specialty Hides"): three of them turn an engaged monster into the
  monster you name. Standard option: it fights one round with a D6. Advanced option: it
  becomes that monster for good, with its weapon. Never with that monster's environment
  bonus. Agreed at the start (the `specialty` option).
- **Companions** (solo, "Companions"): the Bird (one more D4 when your weapon is your D6),
  the Kitteh (+1), the Crustacean (+2 in a space with a dungeon), the Wasteland Wisp (+2 for
  each terrain in the space: forest, trails, cemetery, hills). It helps only in your space.
  The gather's companion reward brings it from its carrier to you, pays two coins when it
  is beside you, or lets you call it over from elsewhere. Each action you spend lets it
  move one space. Hero Swap may swap you with it. Losing an HP beside it sends it back to
  its carrier.
- **No Cash Cubes** in these modes.

House decisions (the rulebook is silent): the Heroic Benefits items are house data in
`d6tui/content/d6_board_hides.toml`, as is the red-dot board's order and hides; the roll
comes with a complete turn only (as the cards it replaces); an item already marked gives
nothing more; in co-op the board and items are shared; no GM events and no Hunters' Moon
(the dial counts turns, not rounds); a companion may wait in the Village, never in the Styx.
"""

ALLIANCE_HELP = """

## Alliance, 2v2 (Part III "Alliance")

Hunters 1 and 3 play against hunters 2 and 4 (teammates sit across, so the GM, the next
hunter, is never your teammate). The team with the most glory together wins (house: then
gold, then stats, summed).

- **The Alliance deck** ("The Alliance Deck"): when a hunter rests after a complete turn
  (the two Heroic Quest cards), the teammate draws two Alliance cards; no Heroic Quest
  cards, no Alliance cards. They are red-bannered: never played in your own turn. d6tui
  asks for them at Step 2 of a fight: those that hurt on the other team's fights (a buff
  or an HP on the monster, a theft of gold, an ambush), those that help on your
  teammate's (+1 or +2 to the roll, or a lost roll that does no harm). The 24 cards are
  house data (`d6tui/content/d6_board_alliance.toml`). Red Heroic Quest cards go on the
  other team only.
- **Gifts**: in the same space, the hunter whose turn it is may give the teammate a gold
  coin or an Advantage card (house: a teammate's gift waits for their own turn).
- **Cash Cubes** never attack their owner's team.
- **Teammates' cards**: hidden or shared, agreed at the start (the `team_cards` option);
  every screen, the log and `d6tui view --seat` show a teammate's hand only when shared.
"""

PART_IV_HELP = """

## The expansion and homebrews in play (Part IV)

- **Expansion classes** (`--expansion`): the Bard, the Cleric and the Werewolf, with house
  skills. The Werewolf board takes a Werewolf hero; its chib rolls a D8 (stat checks too),
  may not enter the Village, and may play buff cards but no weapon cards.
- **Extra environment pieces** (`--extra-pieces`): up to eight dungeons and two each of
  forest, cemetery, hills and trails more, never two alike in a space.
- **Curse castles** (`--curse-castles effect@space`, shown `C:ech` on the map): Curse of
  Endless Echoes (+1 to stealth rolls there), Gift to the Gods (one more coin on any gold
  earned there), Buff the Beastie (Beasts +1 in combat there). In the table edition a
  castle may bear a name of your own (`--curse-castles "Troll Toll@4"`): the GM carries
  out its effect with the GM tools (`G`).
- **Creature Quota**: three enemies a space at most; a spawn roll onto a full space goes
  on to the next numbered space (not for hunts).
- **Overzealous Hunters' Moon**: its +2 for every enemy, Guardians and Cubes too.
- **Quiet Space**: a passed stealth check holds in that space until you leave it.
- **Mercenary Cube**: four gold turn another hunter's Cube against them (and everyone)
  until they hire it again.
- **Uneventful / Funeventful**: 0, or 2-3 GM events between rounds (`--gm-events`).
- **Handcuff the Guardians**: the Guardians named are left out of the bag.
- **Melee Mode**: once a turn, fight another hunter in your space (each rolls their own
  die; the loser goes to a random space; house: no HP lost, a tie is nobody's).
"""

#: The options whose rules :data:`PART_IV_HELP` explains.
PART_IV_OPTIONS = ("expansion", "extra_pieces", "curse_castles", "homebrews", "gm_events",
                   "handcuff")
