"""D6 Dungeon: the definition the engine loads (``RULES``), and the house decisions.

The rulebook (``d6-dungeon-rulebook.txt``) leaves some things open. d6tui plays them so;
the help screen and the README say the same.

Dice ("Contents")
    The six designs are house data (``d6tui/content/dungeon_dice.toml``, overridable from
    the config dir); faces 1 and 6 of a design are its two map faces. The table is copied
    into the first event.

Where dice go
    A die rolled to an item or spell is that item or spell in its owner's collection. A cast
    spell's die goes back into the bag at once ("End of the Game": a spell thrown into the
    bag), so every spell cast at the start of a turn with an empty bag lets the turn go on. A
    die a Decay takes off the waffle waits beside the caster and goes into the bag when their
    turn ends: it cannot be drawn again in the same turn. A map face rolled when no hole is
    empty is out of the game (back in the bag, a full waffle would never let the bag empty).

Extra turn ("Extra turn")
    With more than six dice collected, once a turn, after the roll is dealt with: pay one
    collected die into the bag and roll another of your collected dice again as if you had
    just drawn it (it leaves the collection and is dealt with like any roll).

Wishing Ring, Dreamcatcher
    The Ring lets you choose any other side of the die. A free Dreamcatcher (one without a
    caught Ring) may catch it instead: the Ring's die joins the collection beside it. Later,
    after any roll, the pair (or two free Dreamcatchers) turns the die to the side you choose;
    both dice of the pair go back into the bag.

Special Item
    Kept, or traded at once for any one die of the opponent's collection (they are not
    asked); they receive the Special Item, which they can never trade back (a trade is only
    made with a Special Item just rolled).

Look
    At the opponent's side: the caster sees that side as it is at that moment, until their
    next Look. Into the bag: the caster sees how many dice of each colour are in it.

Claims and the end ("End of the Game")
    A claim is offered once the roll is dealt with, and only when the scorer finds a complete
    route with what the player holds: d6tui checks it as it is made, so a claim is never
    wrong. A claim tried without one is refused with the reason and changes nothing: it is
    still the claimer's turn, with everything they could do before (cast, the extra turn,
    end the turn, claim once the route is whole); that is the rulebook's "play simply goes
    on". (Saves from before hold wrong claims that ended the turn; they replay so.) A claim
    ends the claimant's turn and gives the opponent one last turn, in which any spell or
    trade that would leave the claimant without a complete route is refused. The game also
    ends when a player finds the bag empty at the start of their turn and casts nothing.

Scoring
    A complete route is worth 5 to the player whose claim stood and 3 to the other; if the
    bag ran out with no claim, 3 to each. A player without a complete route still enters and
    walks for treasure. Each Curse on the walk costs 1 once; Special Items are 1 each.
    Corridors join only where both holes open onto the shared edge.

Hole names
    Columns A-F from the first player's left, rows 1-6 from the top; the second player sees
    F on their left.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.game import GameDefinition, OptionField
from d6tui.games.dungeon import moves as dungeon_moves
from d6tui.games.dungeon.content import load_designs
from d6tui.games.dungeon.describe import describe
from d6tui.games.dungeon.export import export_markdown, report, status, to_json
from d6tui.games.dungeon.fold import FOLDS, fold
from d6tui.games.dungeon.state import DungeonState
from d6tui.games.dungeon.view import view

#: Longest player name (the 80-column layout).
NAME_MAX = 16

#: The computer's name when only one player is named.
COMPUTER = "Computer"

#: The players when none are named: both, or the first against the computer.
DEFAULT_PLAYERS = ("Ana", "Ben")


def check_options(options: dict) -> dict:
    """The setup rules ("Course of Play": two players).

    Raises:
        RuleError: not two names (one with ``vs_computer``), or two equal names.

    No names: :data:`DEFAULT_PLAYERS`, or only its first against the computer (whose seat is
    :data:`COMPUTER`, never a person's default name).
    """
    vs = bool(options.get("vs_computer", False))
    given = options.get("players") or list(DEFAULT_PLAYERS[:1] if vs else DEFAULT_PLAYERS)
    names = [n.strip() for n in given]
    if vs and len(names) == 1:
        names.append(COMPUTER if names[0].casefold() != COMPUTER.casefold() else "Machine")
    if len(names) != 2:
        raise RuleError(f"D6 Dungeon is for two players, not {len(names)}", "Course of Play")
    if names[0].casefold() == names[1].casefold():
        raise RuleError("the two players need different names", "Course of Play")
    return {**options, "players": names, "vs_computer": vs}


def start(options: dict, dice: Dice) -> dict:
    """The ``dungeon_started`` payload: the players and the dice table ("Contents").

    Raises:
        ContentError: the dice file is wrong.
    """
    designs = load_designs()
    out = {"type": "dungeon_started", "players": list(options["players"]),
           "designs": [d.to_dict() for d in designs], "dice_each": 6}
    if options.get("vs_computer"):
        out["computer"] = 1
    return out


def where(state: DungeonState) -> dict:
    """Where the game is now, for a note: the turn (from 1) and whose it is ("Setup" before
    the first; "The end" once over)."""
    if state.turn_no == 0 or not state.players:
        return {"turn": 0, "label": "Setup"}
    if state.over:
        return {"turn": state.turn_no, "label": "The end"}
    who = state.players[state.turn]
    return {"turn": state.turn_no, "player": who, "label": f"Turn {state.turn_no} \u00b7 {who}"}


def _computer(seen: Any, seat: int, legal: list) -> tuple[str, dict]:
    """The computer player at a shared table and for ``d6tui play``:
    :func:`d6tui.games.dungeon.bot.table_move`."""
    from d6tui.games.dungeon.bot import table_move

    return table_move(seen, seat, legal)


def sealed(state: DungeonState, event: dict) -> str:
    """Why ``event`` may not be undone (``GameDefinition.sealed``): once the game is over
    both sides are shown ("End of the Game"), and no undo can hide them again."""
    if state.over:
        return ("The game is over and both sides of the waffle have been shown, so it "
                "cannot be undone: a player would play on knowing the other's side.")
    return ""


RULES = GameDefinition(
    slug="dungeon",
    name="D6 Dungeon",
    event_types=frozenset(FOLDS),
    check_options=check_options,
    start=start,
    new_state=lambda options: DungeonState(),
    fold=fold,
    describe=describe,
    status=status,
    is_over=lambda s: s.over,
    to_json=to_json,
    default_title=lambda o: "D6 Dungeon: " + " and ".join(o["players"]),
    export_markdown=export_markdown,
    where=where,
    computer=_computer,
    computer_seats=lambda s: () if s.computer is None else (s.computer,),
    report=report,
    options=(
        # No default here: with none typed, check_options names the seats (Ana and Ben, or
        # Ana against the computer).
        OptionField("players", "Players", "names", optional=True,
                    help="two names, the starting player first; only yours against the computer",
                    min=1, max=2, name_max=NAME_MAX),
        OptionField("vs_computer", "Against the computer", "bool", default=False,
                    help="the computer plays the second seat"),
    ),
    moves=dungeon_moves.moves,
    view=view,
    seats=dungeon_moves.seats,
    seat_to_move=dungeon_moves.seat_to_move,
    sealed=sealed,
    why_not=dungeon_moves.why_not,
    blurb="Two players build a dungeon through the Dungeon Waffle, each seeing their own side",
)
