"""The rulebook's suggested homebrews, as setup options (Part IV "Suggestions").

- ``quota`` (Creature Quota): no space holds more than three enemies; a spawn roll onto a
  full space goes to the next numbered space (looping to 1, never the Village).
- ``overzealous`` (Overzealous Hunters' Moon): the Hunters' Moon's +2 is for every enemy,
  Guardians and Cash Cubes too.
- ``quiet_space`` (Quiet Space): after a stealth check passes in a space, the hunter stays
  stealthy there until leaving it (or the turn ends).
- ``mercenary`` (Mercenary Cube): pay four gold to turn another hunter's deployed Cash Cube
  against them, until they hire it again.
- ``melee`` (Melee Mode): hunters may fight one another (see :mod:`.melee`).
- ``gm_events`` (Uneventful 0, Funeventful 2 or 3): how many GM events between rounds.
- ``handcuff`` (Handcuff the Guardians): the Guardians left out of the bag at setup.
- ``curse_castles`` ("Incorporating the Curse Castles"): castles placed at setup, each on a
  numbered space (never the Village) with one of the three suggested effects: ``echoes``
  (Curse of Endless Echoes: +1 on stealth rolls there, a penalty since a stealth roll
  must come under the stat), ``gift`` (Gift to the Gods: one more gold coin on any gold
  earned there), ``beastie`` (Buff the Beastie: Beasts +1 in
  combat there). In the table edition a castle may bear a name of the players' own: d6tui
  marks it on the map and the GM carries out its effect with the GM tools.
- ``extra_pieces`` (the expansion's 16 environment pieces: eight dungeons, two each of
  forest, cemetery, hills and trails): those added to the eight of the base game.

Decisions where the rulebook is silent: the quota holds for spawn rolls (at setup, a turn's
start, after a bounty, GM events), not for a hunt, which draws the enemy to the hunter; a
bribed Cube threatens every hunter, its owner included.
"""

from __future__ import annotations

from d6tui.games.d6_board.state import CUBE, Board

#: The homebrews named in the ``homebrews`` option.
HOMEBREWS = ("quota", "overzealous", "quiet_space", "mercenary", "melee")
#: The most enemies a space holds under Creature Quota.
QUOTA = 3
#: What the Mercenary Cube costs ("Mercenary Cube": four gold).
MERCENARY_PRICE = 4


def on(state: Board, name: str) -> bool:
    """Whether homebrew ``name`` is in play."""
    return name in state.options.get("homebrews", ())


def gm_events(state: Board) -> int:
    """How many GM events come between rounds (1 unless Uneventful or Funeventful)."""
    return int(state.options.get("gm_events", 1))


def quota(state: Board, space: str) -> str:
    """Where a spawn roll onto ``space`` puts the enemy ("Creature Quota")."""
    if not on(state, "quota"):
        return space
    n = len(state.spaces())
    here = int(space)
    for _ in range(n):
        if sum(1 for e in state.at(str(here)) if not e.token.startswith(CUBE)) < QUOTA:
            return str(here)
        here = here % n + 1
    return space  # every space is full: the rule cannot be kept (house: it stays)


def quiet(state: Board, space: str) -> bool:
    """Whether the active hunter is still stealthy in ``space`` ("Quiet Space")."""
    return on(state, "quiet_space") and bool(state.quiet) and state.quiet == space \
        and state.hero.space == space


#: The suggested curse castle effects (Part IV "Incorporating the Curse Castles").
CASTLES = ("echoes", "gift", "beastie")
#: How many of each environment piece the expansion adds (Part IV "Environment
#: Miniatures").
EXTRA_PIECES = {"dungeon": 8, "forest": 2, "cemetery": 2, "hills": 2, "trails": 2}


def castles(state: Board, space: str) -> set[str]:
    """The curse castle effects in ``space``."""
    out = set()
    for c in state.options.get("curse_castles", ()):
        kind, at = c.split("@")
        if at == space:
            out.add(kind)
    return out


def overzealous(state: Board) -> int:
    """The Overzealous Hunters' Moon: +2 for Guardians and Cash Cubes too, in a Hunters'
    Moon round."""
    return 2 if state.hunters_moon and on(state, "overzealous") else 0
