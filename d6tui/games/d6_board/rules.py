"""D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons: the definition the engine loads.

Rulebook Parts I, II and V and the Addenda: the standard game for 2-4 hunters. Two
editions (option ``edition``): ``house`` plays with the house data in ``d6tui/content``
(cards and GM events decided by the app's draws); ``table`` uses the players' own box (the
GM event is read from the Player's Manual and carried out with the GM tools). Decisions
where the rulebook is silent are listed in each module's docstring and in the help screen.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.game import GameDefinition, OptionField
from d6tui.games.d6_board import moves as board_moves
from d6tui.games.d6_board.content import load_content
from d6tui.games.d6_board.describe import describe, report, status
from d6tui.games.d6_board.export import export_markdown
from d6tui.games.d6_board.fold import EVENT_TYPES, fold
from d6tui.games.d6_board.refusals import why_not
from d6tui.games.d6_board.state import Board, glory
from d6tui.games.d6_board.view import view

NAME_MAX = 16

#: The rules revision a new season is played by (kept in its first event, so an older save
#: replays by the rules it was played by): 2 added red cards on an opponent's turn, named
#: enemy tokens in the table edition, and a Fountain roll that raises nothing ending at once.
REVISION = 2


def check_options(options: dict) -> dict:
    """The setup rules: 2-4 hunters with different names; computers are among them.

    Raises:
        RuleError: two names alike, or a computer that is not a player ("Setup").
    """
    names = [n.strip() for n in options["players"]]
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError("two hunters have the same name", "Setup")
    comp = [n.strip() for n in options.get("computers") or []]
    for n in comp:
        if n not in names:
            raise RuleError(f"{n!r} is not one of the players", "Setup")
    out = dict(options, players=names)
    if comp:
        out["computers"] = comp
    else:
        out.pop("computers", None)
    return out


def start(options: dict, dice: Dice) -> dict:
    """The first event: the hunters, the options and all the house data the fold reads.

    Raises:
        ContentError: the house data (or the user's override of it) is wrong.
    """
    return {"type": "game_started", "players": list(options["players"]),
            "computers": list(options.get("computers", [])) or None,
            "edition": options.get("edition", "house"), "map": options.get("map", "standard"),
            "season": options.get("season", "standard"), "revision": REVISION,
            "content": load_content()}


def _plain(v: Any) -> Any:
    if is_dataclass(v) and not isinstance(v, type):
        return {f.name: _plain(getattr(v, f.name)) for f in fields(v) if f.name != "content"}
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple | frozenset | set):
        return [_plain(x) for x in (sorted(v) if isinstance(v, frozenset | set) else v)]
    return v


def to_json(state: Board) -> dict:
    """The board as JSON values, with each hunter's glory and the winners' names."""
    out = _plain(state)
    out["glory"] = {h.name: glory(state, i) for i, h in enumerate(state.heroes)}
    if state.over:
        out["winner"] = " and ".join(state.heroes[s].name for s in state.winners)
    return out


RULES = GameDefinition(
    slug="d6_board",
    name="D6: Dungeons, Dudes, Dames, Danger, Dice and Dragons",
    event_types=EVENT_TYPES,
    check_options=check_options,
    start=start,
    new_state=lambda options: Board(),
    fold=fold,
    describe=describe,
    status=status,
    is_over=lambda s: s.over,
    to_json=to_json,
    default_title=lambda o: "D6 hunting season: " + ", ".join(o["players"]),
    export_markdown=export_markdown,
    report=report,
    options=(
        OptionField("players", "Hunters", "names", help="2-4 hunters in turn order, "
                    "separated by commas", min=2, max=4, name_max=NAME_MAX),
        OptionField("edition", "Edition", "choice", default="house",
                    help="house: d6tui's cards and GM events; table: your own box",
                    choices=(("house", "House (no box needed)"),
                             ("table", "Table (your own cards and Player's Manual)"))),
        OptionField("map", "Map", "choice", default="standard", help="standard (10 spaces) "
                    "or advanced (12)", choices=(("standard", "Standard"),
                                                 ("advanced", "Advanced"))),
        OptionField("season", "Season", "choice", default="standard",
                    help="standard: 3 rounds; extended: 6",
                    choices=(("standard", "Standard (3 rounds)"),
                             ("extended", "Extended (6 rounds)"))),
        OptionField("computers", "Computer hunters", "names", optional=True,
                    help="which hunters the computer plays (names, comma-separated)",
                    min=0, max=4, name_max=NAME_MAX),
    ),
    moves=board_moves.moves,
    view=view,
    seats=board_moves.seats,
    seat_to_move=board_moves.seat_to_move,
    why_not=why_not,
    blurb="2-4 hunters chase bounties for glory: class boards, gather boards and the map",
)
