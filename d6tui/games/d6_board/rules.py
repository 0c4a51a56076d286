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
from d6tui.games.d6_board.homebrews import CASTLES, EXTRA_PIECES, HOMEBREWS
from d6tui.games.d6_board.refusals import why_not
from d6tui.games.d6_board.state import Board, glory
from d6tui.games.d6_board.view import view

NAME_MAX = 16
#: The Guardians of the house data that Handcuff the Guardians may leave out.
GUARDIANS = ("red_dragon", "green_dragon", "frost_dragon", "kraken", "plant_of_eden")

#: The rules revision a new season is played by (kept in its first event, so an older save
#: replays by the rules it was played by): 2 added red cards on an opponent's turn, named
#: enemy tokens in the table edition, and a Fountain roll that raises nothing ending at once;
#: 3 asks a full hand to discard before a card it is given is drawn (:mod:`.hand_room`);
#: 4 puts one hunter's questions together (a turn's start, a Wild reward), so that one
#: hand-over screen serves them all (:func:`.turn.together`).
REVISION = 4


#: Options that belong to some modes only: (option, its default, the modes, section).
MODE_OPTIONS = (
    ("team_cards", "hidden", ("alliance",), "Alliance"),
    ("companion", "kitteh", ("solo",), "Solo & Co-op"),
    ("specialty", "standard", ("solo", "coop"), "Solo & Co-op"),
)


def check_options(options: dict) -> dict:
    """The setup rules: 2-4 hunters with different names (one in solo); computers are
    among them; the companion only in solo.

    Raises:
        RuleError: two names alike, a computer that is not a player ("Setup"), a
            player count the mode does not take ("Solo & Co-op"), or an option of another
            mode given (``MODE_OPTIONS``: a companion in the standard game).
    """
    names = [n.strip() for n in options["players"]]
    mode = options.get("mode", "standard")
    for key, default, modes, where in MODE_OPTIONS:
        value = options.get(key, default)
        if value != default and mode not in modes:
            raise RuleError(f"{key.replace('_', '-')} {value!r} belongs to the "
                            f"{' or '.join(modes)} mode, not {mode}", where, field=key)
    if mode == "solo" and len(names) != 1:
        raise RuleError("solo Hide Collection is for one hunter", "Solo & Co-op")
    if mode == "alliance" and len(names) != 4:
        raise RuleError("Alliance is for four hunters, two teams seated across (1 and 3 "
                        "against 2 and 4)", "Alliance")
    if mode != "solo" and len(names) < 2:
        raise RuleError(f"the {mode} game needs 2-4 hunters (solo is for one)",
                        "Solo & Co-op" if mode == "coop" else "Setup")
    if len({n.casefold() for n in names}) != len(names):
        raise RuleError("two hunters have the same name", "Setup", field="players")
    comp = [n.strip() for n in options.get("computers") or []]
    for n in comp:
        if n not in names:
            raise RuleError(f"{n!r} is not one of the players", "Setup")
    out = dict(options, players=names)
    brews = [b.strip() for b in options.get("homebrews") or []]
    for b in brews:
        if b not in HOMEBREWS:
            raise RuleError(f"no homebrew {b!r} (use {', '.join(HOMEBREWS)})", "Suggestions")
    cuffs = [g.strip() for g in options.get("handcuff") or []]
    for g in cuffs:
        if g not in GUARDIANS:
            raise RuleError(f"{g!r} is not a Guardian (use {', '.join(GUARDIANS)})",
                            "Handcuff the Guardians")
    spaces = 12 if options.get("map") == "advanced" else 10
    castles = [c.strip() for c in options.get("curse_castles") or []]
    table = options.get("edition") == "table"
    for c in castles:
        kind, _, at = c.partition("@")
        if not kind or (kind not in CASTLES and not table) or not at.isdigit() or \
                not 1 <= int(at) <= spaces:
            raise RuleError(f"a curse castle is effect@space ({', '.join(CASTLES)}, or a name "
                            f"of your own in the table edition, on 1-{spaces}; never the "
                            f"Village), not {c!r}", "Curse Castle Standees")
    extra = [p.strip() for p in options.get("extra_pieces") or []]
    for p in set(extra):
        if p not in EXTRA_PIECES or extra.count(p) > EXTRA_PIECES[p]:
            raise RuleError(f"the expansion adds {EXTRA_PIECES.get(p, 0)} {p} pieces at most",
                            "Environment Miniatures")
        base = 4 if p == "dungeon" else 1
        if base + extra.count(p) > spaces:
            raise RuleError(f"{base + extra.count(p)} {p} pieces cannot fit {spaces} spaces, "
                            "never two alike in one", "The Maps")
    for key, vals in (("homebrews", brews), ("handcuff", cuffs),
                      ("curse_castles", castles), ("extra_pieces", extra)):
        if vals:
            out[key] = vals
        else:
            out.pop(key, None)
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
            **_mode_keys(options), **_homebrew_keys(options), "content": load_content()}


def _homebrew_keys(options: dict) -> dict:
    """The homebrews' keys of the first event (Part IV "Suggestions"), only when used."""
    out: dict = {k: list(options[k]) for k in ("homebrews", "handcuff", "curse_castles",
                                               "extra_pieces") if options.get(k)}
    if options.get("expansion"):
        out["expansion"] = True
    if int(options.get("gm_events", 1)) != 1:
        out["gm_events"] = int(options["gm_events"])
    return out


def _mode_keys(options: dict) -> dict:
    """The mode's setup keys of the first event (none for the standard game, so its
    saves stay as they were)."""
    mode = options.get("mode", "standard")
    if mode == "standard":
        return {}
    if mode == "alliance":
        return {"mode": mode, "team_cards": options.get("team_cards", "hidden")}
    out = {"mode": mode, "specialty": options.get("specialty", "standard")}
    if mode == "solo":
        out["companion"] = options.get("companion", "kitteh")
    return out


_SCALARS = frozenset({str, int, float, bool, type(None)})
#: Per dataclass type, the names of its fields that go into the JSON (not ``content``).
_FIELDS: dict[type, tuple[str, ...]] = {}


def _plain(v: Any) -> Any:
    """``v`` as JSON values: dataclasses as dicts of their fields (but ``content``), tuples
    and lists as lists, sets sorted. Field names are looked up once per type (the board has
    ~450 objects, and ``is_dataclass`` on each made the walk cost ~0.6 ms a call)."""
    t = type(v)
    if t in _SCALARS:
        return v
    names = _FIELDS.get(t)
    if names is None and is_dataclass(v) and not isinstance(v, type):
        names = _FIELDS[t] = tuple(f.name for f in fields(v) if f.name != "content")
    if names is not None:
        return {n: _plain(getattr(v, n)) for n in names}
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


def where(state: Board) -> dict:
    """Where the game is now, for a note: the compass dial's round and whose turn it is
    ("Setup" before the first turn; "The end" once the season is over)."""
    if state.phase in ("setup", "choose", "stats", "environment", "spawn", "deal") \
            or not state.heroes:
        return {"round": 0, "label": "Setup"}
    if state.over:
        return {"round": state.round, "label": "The end of the season"}
    who = state.heroes[state.current].name
    return {"round": state.round, "player": who,
            "label": f"Round {state.round} \u00b7 {who}"}


def _computer(seen: Any, seat: int, legal: list) -> tuple[str, dict]:
    """The computer player at a shared table and for ``d6tui play``:
    :func:`d6tui.games.d6_board.bot.table_move`."""
    from d6tui.games.d6_board.bot import table_move

    return table_move(seen, seat, legal)


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
    default_title=lambda o: {"solo": "D6 Hide Collection: ", "coop": "D6 Hide Collection: ",
                             "alliance": "D6 Alliance: "}.get(o.get("mode", "standard"),
                                                              "D6 hunting season: ")
    + ", ".join(o["players"]),
    export_markdown=export_markdown,
    where=where,
    computer=_computer,
    computer_seats=lambda s: (i for i, h in enumerate(s.heroes) if h.computer),
    report=report,
    options=(
        OptionField("players", "Hunters", "names", help="2-4 hunters in turn order, "
                    "separated by commas (one for solo)", min=1, max=4, name_max=NAME_MAX),
        OptionField("mode", "Mode", "choice", default="standard",
                    help="standard: glory for 2-4; solo or co-op: Hide Collection; "
                         "alliance: 2v2 (Part III)",
                    choices=(("standard", "Standard (glory, 2-4 hunters)"),
                             ("solo", "Solo Hide Collection (1 hunter)"),
                             ("coop", "Co-op Hide Collection (2-4 hunters)"),
                             ("alliance", "Alliance (2v2: hunters 1 and 3 against 2 and 4)"))),
        OptionField("team_cards", "Teammates' cards (Alliance)", "choice", default="hidden",
                    help="Alliance only: whether teammates see each other's hands",
                    choices=(("hidden", "Hidden"), ("shared", "Shared with the teammate"))),
        OptionField("companion", "Companion (solo)", "choice", default="kitteh",
                    help="solo only: the Bird (+D4 with your D6), the Kitteh (+1), the "
                         "Crustacean (+2 by a dungeon), the Wasteland Wisp (+2 a terrain)",
                    choices=(("bird", "The Bird"), ("kitteh", "The Kitteh"),
                             ("crustacean", "The Crustacean"),
                             ("wisp", "The Wasteland Wisp"))),
        OptionField("specialty", "Specialty hides (solo, co-op)", "choice",
                    default="standard", help="standard: the chosen monster fights one "
                    "round with a D6; advanced: it becomes that monster, its weapon too",
                    choices=(("standard", "Standard option"), ("advanced", "Advanced option"))),
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
        OptionField("expansion", "Expansion classes", "bool", default=False,
                    help="Part IV: the Bard, the Cleric and the Werewolf (house skills)"),
        OptionField("homebrews", "Homebrews", "names", optional=True, min=0, max=5,
                    name_max=12, help="Part IV: quota (Creature Quota), overzealous "
                    "(Overzealous Hunters' Moon), quiet_space, mercenary (Mercenary Cube), melee"),
        OptionField("gm_events", "GM events a round", "int", default=1, min=0, max=3,
                    help="between rounds: 0 Uneventful, 1 as the rules, 2-3 Funeventful"),
        OptionField("handcuff", "Handcuffed Guardians", "names", optional=True, min=0,
                    max=5, name_max=16, help="Guardians left out of the bag: red_dragon, "
                    "green_dragon, frost_dragon, kraken, plant_of_eden"),
        OptionField("curse_castles", "Curse castles", "names", optional=True, min=0, max=6,
                    name_max=24, help="Part IV: effect@space, e.g. echoes@3 (+1 on "
                    "stealth rolls there, so harder to pass), gift@5 (one more gold), "
                    "beastie@8 (Beasts +1 there); table edition: a name of your own, "
                    "carried out with the GM tools"),
        OptionField("extra_pieces", "Extra environment pieces", "names", optional=True,
                    min=0, max=16, name_max=10, help="the expansion's pieces added: up to 8 "
                    "dungeon and 2 each of forest, cemetery, hills, trails"),
        OptionField("computers", "Computer hunters", "names", optional=True,
                    help="which hunters the computer plays (names, comma-separated)",
                    min=0, max=4, name_max=NAME_MAX),
    ),
    moves=board_moves.moves,
    view=view,
    seats=board_moves.seats,
    seat_to_move=board_moves.seat_to_move,
    why_not=why_not,
    blurb="Hunters chase bounties for glory (2-4 or 2v2) or hides (solo, co-op)",
)
