"""Setup (rulebook Part I "Setup"; Part V "Quick-Start Guide: Setup").

Order in d6tui: the first event copies the house data; each hunter in turn order picks a
class board, a hero card and a gather board; each rolls four stats, placing each roll on a
stat before the next ("Roll for Stats"); the hunters take turns placing the eight
environment pieces ("Place Environment Pieces": d6tui lets them choose, one piece each in
turn); each hunter spawns two enemies ("Place Enemies"); player one deals one Advantage and
one Heroic Quest card to everyone and turns up three bounties ("Shuffle and Draw").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, DiceRequest, Move, Pips
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board import hides, homebrews
from d6tui.games.d6_board.act import faces, handles, move
from d6tui.games.d6_board.content import ContentError, check_sizes
from d6tui.games.d6_board.state import STATS, Board, Hero


def token_table(content: dict) -> dict[str, str]:
    """Every enemy token id (``T01``...) -> its enemy kind, from the house token counts."""
    out: dict[str, str] = {}
    n = 0
    for eid, e in content["enemies"].items():
        for _ in range(int(e["tokens"])):
            n += 1
            out[f"T{n:02d}"] = eid
    return out


@handles("game_started")
def started(state: Board, ev: dict, chance: Any) -> Board:
    """The table before setup: hunters, options, house data, the full bag and decks."""
    content = ev["content"]
    # The save's copy of the house data passes a content file's size checks (its counts
    # size the bag, the piles and the map), and the hunters are 1-4 (Components).
    try:
        check_sizes(content)
    except ContentError as e:
        raise EventError(f"the save's house data: {e}") from None
    except (KeyError, TypeError, AttributeError, ValueError):
        raise EventError("the save's house data is incomplete") from None
    names = ev["players"]
    if not isinstance(names, list) or not 1 <= len(names) <= 4 or not all(
            isinstance(n, str) and n for n in names):
        raise EventError("a hunting season has 1 to 4 hunters, each with a name")
    computers = set(ev.get("computers", []))
    heroes = tuple(Hero(name=n, computer=n in computers) for n in ev["players"])
    tokens = token_table(content)
    # Handcuff the Guardians: those named never go in the bag (Part IV "Suggestions")
    cuffed = set(ev.get("handcuff", []))
    tokens = {t: k for t, k in tokens.items() if k not in cuffed}
    pieces = tuple(p for pid, e in content["environments"].items()
                   for p in [pid] * int(e["count"])) + tuple(ev.get("extra_pieces", ()))
    mode = ev.get("mode", "standard")
    decks = ("advantage", "heroic_quest", "bounty") + (
        ("alliance",) if mode == "alliance" else ())
    hc = None
    if mode in ("solo", "coop"):
        # Part III "Solo & Co-op": the Hide Collection board; four enemies spawned
        hc = hides.fresh(mode, ev.get("specialty", "standard"), ev.get("companion", ""),
                         content)
    return Board(
        hc=hc,
        content=content, heroes=heroes, phase="choose",
        options={"edition": ev.get("edition", "house"), "map": ev.get("map", "standard"),
                 "season": ev.get("season", "standard"), "mode": mode,
                 "revision": int(ev.get("revision", 1)),
                 **{k: ev[k] for k in ("homebrews", "gm_events", "expansion",
                                       "curse_castles") if k in ev},
                 **({"team_cards": ev.get("team_cards", "hidden")} if mode == "alliance"
                    else {})},
        tokens=tokens, bag=frozenset(tokens), env_left=pieces,
        piles={d: tuple(sorted(content[d])) for d in decks},
        discards={d: () for d in decks},
        spawns_left=(int(content["hide_rules"]["setup_spawns"]) if hc is not None
                     else 2 * len(heroes)),
        note="the Hide Collection game was set up" if hc else "the hunting season was set up")


@handles("hunter_chose")
def chose(state: Board, ev: dict, chance: Any) -> Board:
    """A hunter's class board, hero card and gather board ("Choose Your Class Board",
    "Choose Your Hero Card", "Choose Your Gather Board")."""
    seat = state.current
    taken = [(h.klass, h.board) for h in state.heroes if h.klass]
    if ev["klass"] in [k for k, _ in taken] or ev["board"] in [b for _, b in taken]:
        raise EventError("that board is taken")
    wolf = bool(state.content["classes"][ev["klass"]].get("werewolf"))
    if wolf != bool(state.content["heroes"][ev["hero"]].get("werewolf")):
        raise RuleError("the Werewolf class board takes a Werewolf hero, and only it does",
                        "Choose Your Hero Card")
    solo = state.hc is not None and state.hc.mode == "solo"
    if bool(state.content["gather_boards"][ev["board"]].get("solo")) != solo:
        raise EventError("solo plays the red-dot gather board, and only solo does")
    state = state.with_hero(seat, klass=ev["klass"], hero=ev["hero"], board=ev["board"])
    nxt = seat + 1
    if nxt < len(state.heroes):
        return evolve(state, current=nxt, note=f"{state.heroes[seat].name} chose a board")
    return evolve(state, current=0, phase="stats", note="every hunter chose boards")


@handles("stat_rolled")
def stat_rolled(state: Board, ev: dict, chance: Any) -> Board:
    """A stat roll: 1-3 make a 3 and pay a coin ("Roll for Stats")."""
    face = faces(ev, "roll", 6)[0]
    seat = state.current
    state = state.with_hero(seat, stat_roll=face)
    if face <= 3:
        state = fx.gain_gold(state, seat, 1)
    return evolve(state, note=f"rolled {face} for a stat")


def stat_value(state: Board, seat: int, stat: str, face: int) -> int:
    """The tile a roll makes on ``stat``: at least 3, +1 on the class's stat, at most 6."""
    value = max(3, face)
    if state.content["classes"][state.heroes[seat].klass]["advantage"] == stat:
        value += 1
    return min(6, value)


@handles("stat_assigned")
def stat_assigned(state: Board, ev: dict, chance: Any) -> Board:
    """The roll is placed on a stat with no tile ("C. Stats")."""
    seat = state.current
    h = state.heroes[seat]
    i = STATS.index(ev["stat"])
    if h.stats[i] or not h.stat_roll:
        raise EventError("that stat has its tile already")
    stats = list(h.stats)
    stats[i] = stat_value(state, seat, ev["stat"], h.stat_roll)
    state = state.with_hero(seat, stats=tuple(stats), stat_roll=0)  # type: ignore[arg-type]
    if all(stats):
        if seat + 1 < len(state.heroes):
            state = evolve(state, current=seat + 1)
        else:
            state = evolve(state, current=0, phase="environment")
    return evolve(state, note=f"{h.name}'s {ev['stat']} is {stats[i]}")


@handles("environment_placed")
def env_placed(state: Board, ev: dict, chance: Any) -> Board:
    """One environment piece on a numbered space, never two alike in a space ("The Maps")."""
    piece, space = ev["piece"], ev["space"]
    if piece not in state.env_left or piece in state.env_at(space) or \
            space not in state.spaces():
        raise EventError(f"the {piece} piece cannot go in space {space}")
    left = list(state.env_left)
    left.remove(piece)
    state = evolve(state, environment=(*state.environment, (space, piece)),
                    env_left=tuple(left), current=(state.current + 1) % len(state.heroes))
    if not left:
        state = evolve(state, phase="spawn", current=0)
    return evolve(state, note=f"the {piece} piece was placed in space {space}")


@handles("setup_spawned")
def setup_spawned(state: Board, ev: dict, chance: Any) -> Board:
    """Two enemies per hunter spawn at random spaces ("Place Enemies")."""
    space = fx.space_of_roll(state, faces(ev, "roll", int(state.map["die"]))[0])
    space = homebrews.quota(state, space)
    state, token = fx.spawn(state, space, chance)
    left = state.spawns_left - 1
    state = evolve(state, spawns_left=left, current=(state.current + 1) % len(state.heroes))
    if left <= 0:
        state = evolve(state, phase="deal", current=0)
    what = state.kind(token)["name"] if token else "nothing (the bag is empty)"
    return evolve(state, note=f"{what} spawned in space {space}")


@handles("cards_dealt")
def dealt(state: Board, ev: dict, chance: Any) -> Board:
    """Everyone draws one Advantage and one Heroic Quest card; three bounties are turned up
    ("Shuffle and Draw")."""
    for seat in range(len(state.heroes)):
        for _ in range(int(state.rules["start_advantage"])):
            state = fx.draw_card(state, seat, "advantage", chance)
        if state.hc is None:  # no Heroic Quest deck in the Hide Collection modes
            for _ in range(int(state.rules["start_heroic_quest"])):
                state = fx.draw_card(state, seat, "heroic_quest", chance)
    state = fx.flip_bounty(state, chance)
    if state.hc is not None:
        return evolve(state, phase="turn", current=0, round=1,
                       note=f"cards dealt; {len(state.bounties)} bounties posted (the only "
                            "ones); turn 1 of 4 begins")
    return evolve(state, phase="turn", current=0, round=1,
                   note="cards dealt; three bounties posted; round 1 begins")


def setup_moves(state: Board, seat: int | None) -> list[Move]:
    """The setup moves of ``seat`` (none for a seat that is not to act)."""
    if seat != state.current:
        return []
    c = state.content
    h = state.heroes[seat]
    if state.phase == "choose":
        taken_k = {x.klass for x in state.heroes if x.klass}
        taken_b = {x.board for x in state.heroes if x.board}
        taken_h = {x.hero for x in state.heroes if x.hero}
        # solo plays the red-dot board only; the other modes never offer it (Part III)
        solo = state.hc is not None and state.hc.mode == "solo"
        taken_b |= {k for k, v in c["gather_boards"].items() if bool(v.get("solo")) != solo}
        # Part IV: the Werewolf board takes a Werewolf hero, so it is a move of its own
        wolves = {k for k, v in c["heroes"].items() if v.get("werewolf")} - taken_h
        wolf_free = state.options.get("expansion") and "werewolf" not in taken_k and wolves
        taken_k |= {k for k, v in c["classes"].items() if v.get("werewolf") or (
            v.get("expansion") and not state.options.get("expansion"))}
        taken_h |= {k for k, v in c["heroes"].items() if v.get("werewolf")}
        return [move("hunter_chose", "Choose class board, hero and gather board", seat,
                     mid="choose", section="Choose Your Class Board", choices=(
                         Choice("klass", "Class board", tuple(
                             (k, f"{v['name']} (+1 {v['advantage']})")
                             for k, v in c["classes"].items() if k not in taken_k)),
                         Choice("hero", "Hero card", tuple(
                             (k, f"{v['name']} (chib: {v['chib']})")
                             for k, v in c["heroes"].items() if k not in taken_h)),
                         Choice("board", "Gather board", tuple(
                             (k, v["name"]) for k, v in c["gather_boards"].items()
                             if k not in taken_b)),
                     ))] + ([move("hunter_chose", "Play the Werewolf: its hero and a gather "
                                  "board", seat, mid="choose:werewolf", klass="werewolf",
                                  section="Class Boards and Class Miniatures", choices=(
                                      Choice("hero", "Werewolf hero", tuple(
                                          (k, f"{c['heroes'][k]['name']} (chib: "
                                              f"{c['heroes'][k]['chib']})")
                                          for k in sorted(wolves))),
                                      Choice("board", "Gather board", tuple(
                                          (k, v["name"]) for k, v in c["gather_boards"].items()
                                          if k not in taken_b)),
                                  ))] if wolf_free else [])
    if state.phase == "stats":
        if not h.stat_roll:
            return [move("stat_rolled", "Roll a stat (d6)", seat, mid="roll_stat",
                         dice=(DiceRequest("roll", 1, Pips(6), "d6 for a stat", seat),),
                         section="Roll for Stats", key="r")]
        open_stats = [s for s, v in zip(STATS, h.stats, strict=True) if not v]
        return [move("stat_assigned", f"Put {stat_value(state, seat, s, h.stat_roll)} on "
                     f"{state.rules['stat_names'][s]}", seat, mid=f"stat:{s}", stat=s,
                     section="Roll for Stats") for s in open_stats]
    if state.phase == "environment":
        out = []
        for piece in sorted(set(state.env_left)):
            spaces = tuple((s, f"space {s}") for s in state.spaces()
                           if piece not in state.env_at(s))
            out.append(move("environment_placed", f"Place the {piece} piece", seat,
                            mid=f"place:{piece}", piece=piece, section="The Maps",
                            choices=(Choice("space", f"Space for the {piece}", spaces),)))
        return out
    if state.phase == "spawn":
        die = int(state.map["die"])
        return [move("setup_spawned", f"Spawn an enemy (d{die})", seat, mid="spawn",
                     dice=(DiceRequest("roll", 1, Pips(die), f"d{die} for the space", seat),),
                     section="Place Enemies", key="r")]
    if state.phase == "deal":
        what = "eight bounties" if state.hc is not None else "three bounties"
        return [move("cards_dealt", f"Deal the cards and post {what}", seat,
                     mid="deal", section="Shuffle and Draw", key="d")]
    return []
