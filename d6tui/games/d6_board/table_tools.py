"""The table edition: cards and enemy tokens from the players' own box, and the GM's plain
tools.

With ``edition = "table"`` the app does not draw Advantage, Heroic Quest or Bounty cards:
whoever draws one (player one for bounties) is asked which card it was, by its kind and
values as the rules read them (:func:`pick_moves`, :func:`kind_label`: a weapon's die and
flags, a buff's value, a Heroic Quest card's banner and effect; a house card alike stands
for the box's). The enemy tokens come from the real bag too: the hunter says which token
was drawn (:func:`token_moves`), among the enemies with a token left. The GM event is read
from the Player's Manual. What a card or event says is carried out with GM tools, moves of
the current GM (player one between rounds), each an event in the log: give or take gold,
HP, a stat, a card, a potion; move a hero; spawn, move, buff or remove an enemy (rulebook
"The Role of the GM", "GM Events").
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError, RuleError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, Move, Seat
from d6tui.games.d6_board import card_spec as specs
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import handles, move, record
from d6tui.games.d6_board.state import CUBE, STATS, STYX, VILLAGE, Board, Prompt, space_name

#: What a card not yet named shows in a hand (table edition).
UNNAMED = "-"


def card_label(state: Board, cid: str) -> str:
    """A card in a few words: ``Short Sword (weapon d8)``, ``Enrage (red: buff 1)``."""
    c = state.card(cid)
    if cid.startswith("A"):
        what = f"weapon d{c['die']}" + "".join(f" {f.replace('_', ' ')}"
                                                for f in c.get("flags", [])) \
            if c["kind"] == "weapon" else f"buff: {c['effect']} {c.get('value') or ''}".strip()
        return f"{c['name']} ({what})"
    if cid.startswith("Q"):
        return f"{c['name']} ({c['banner']}: {c['effect']} {c.get('value') or ''})".strip()
    if state.hc is not None:  # no glory in Hide Collection ("Solo & Co-op")
        return f"{c['class']} in space {c['space']}"
    return f"{c['class']} in space {c['space']}, {c['glory']} glory"


@handles("card_named")
def card_named(state: Board, ev: dict, chance: Any) -> Board:
    """The drawer names the card they drew from the physical deck."""
    p = state.prompts[0]
    deck, cid = p.reward, ev["card"]
    if p.kind != "pick" or cid not in state.piles[deck]:
        raise EventError(f"{cid} is not in the {deck} deck")
    piles = dict(state.piles)
    piles[deck] = tuple(c for c in piles[deck] if c != cid)
    named = dict(state.named)
    named.pop(cid, None)  # a card reshuffled in is a new draw
    if "spec" in ev:  # a card unlike any house card, as the rules read it
        try:
            spec = specs.check(deck, dict(ev["spec"]), state.spaces(), state.hc is None)
        except RuleError as e:
            raise EventError(f"the card named cannot be read: {e}") from e
        named[cid] = specs.as_card(deck, spec)
    state = evolve(state, piles=piles, named=named, prompts=state.prompts[1:])
    if deck == "bounty":
        return evolve(state, bounties=(*state.bounties, cid), note="a bounty was posted")
    h = state.heroes[p.seat]
    hand = list(h.hand)
    hand[hand.index(UNNAMED)] = cid
    return evolve(state.with_hero(p.seat, hand=tuple(hand)), note="a card was named")


@handles("token_named")
def token_named(state: Board, ev: dict, chance: Any) -> Board:
    """The hunter names the enemy token drawn from the real bag: a token of that enemy
    takes the place of the one the app put down."""
    p = state.prompts[0]
    placed = f"T{p.data:02d}"
    if p.kind != "pick" or p.reward != "token":
        raise EventError("no enemy token waits to be named")
    kind = ev["enemy"]
    if state.enemy(placed) is None:  # gone already (killed before it was named)
        return evolve(state, prompts=state.prompts[1:], note="the token was named")
    if state.tokens[placed] == kind:
        named = placed
    else:
        left = sorted(t for t in state.bag if state.tokens[t] == kind)
        if not left:
            raise EventError(f"no {kind} token is left in the bag")
        named = left[0]
    space = state.enemy(placed).space  # type: ignore[union-attr]
    state = evolve(fx.swap_token(state, placed, named), prompts=state.prompts[1:])
    return evolve(state, note=f"the token drawn was {state.kind(named)['name']}, in "
                               f"{space_name(space)}")


def token_moves(state: Board, seat: Seat) -> list[Move]:
    """Name the token drawn: each enemy with a token left (or the one put down)."""
    p = state.prompts[0]
    placed = f"T{p.data:02d}"
    kinds = {state.tokens[t] for t in state.bag}
    if state.enemy(placed) is not None:
        kinds.add(state.tokens[placed])
    names = state.content["enemies"]
    out = []
    for k in sorted(kinds, key=lambda k: names[k]["name"]):
        n = sum(1 for t in state.bag if state.tokens[t] == k)
        out.append(move("token_named", f"Drawn: {names[k]['name']} "
                        f"({names[k]['class']}, {n} left)", seat,
                        mid=f"token:{k}", enemy=k, section="Enemy Spawn"))
    return out


def pick_moves(state: Board, seat: Seat) -> list[Move]:
    """Name the card drawn: one choice per kind of card left in the deck (its kind and
    values; the house cards stand for the box's), or the enemy token drawn."""
    p = state.prompts[0]
    if p.reward == "token":
        return token_moves(state, seat)
    seen: dict[str, list[str]] = {}
    for cid in sorted(state.piles[p.reward]):
        seen.setdefault(kind_label(state, cid), []).append(cid)
    out = []
    for label, cids in sorted(seen.items()):
        names = list(dict.fromkeys(str(state.card(c).get("name", "")) for c in cids))
        like = f" (like {', '.join(names[:2])})" if names and names[0] else ""
        out.append(move("card_named", f"It was: {label}{like}", seat, mid=f"name:{cids[0]}",
                        card=cids[0], section="The Cards"))
    return out + other_card_moves(state, seat)


def _stand_in(state: Board, deck: str, spec: dict) -> str:
    """The face-down card a named card takes the place of: one alike if the deck has one,
    else its first (the deck keeps its count)."""
    pile = sorted(state.piles[deck])
    want = specs.label(deck, spec)
    return next((c for c in pile if specs.label(deck, _rule_values(state, deck, c)) == want),
                pile[0])


def _rule_values(state: Board, deck: str, cid: str) -> dict:
    c = state.card(cid)
    try:
        return specs.check(deck, c, state.spaces(), state.hc is None)
    except RuleError:  # a house card the table form cannot state (an override)
        return {"kind": "", "effect": "", "banner": "", "class": "", "space": ""}


def _named_move(mid: str, label: str, seat: int, deck: str, choices: tuple[Choice, ...],
                read: Any) -> Move:
    """A move naming a card from its answers (``read(state, **answers) -> spec``)."""
    def run(state: Any, dice_: Any = None, **answers: Any) -> dict:
        spec = read(state, **answers)
        return record(state, {"type": "card_named", "card": _stand_in(state, deck, spec),
                              "spec": spec}, dice_)

    return Move(mid, label, run, seat, choices, (), section="The Cards")


def other_card_moves(state: Board, seat: Seat) -> list[Move]:
    """Name a card unlike any in the list: typed as printed, or (a weapon, a bounty) by its
    die and keywords, or its class, space and glory (:mod:`.card_spec`)."""
    deck = state.prompts[0].reward
    if deck not in specs.FORMS or not state.piles[deck] or seat is None:
        return []
    glory = state.hc is None
    typed = Choice("text", f"The card as printed: {specs.FORMS[deck]}", kind="text",
                   max_length=60, value=specs.EXAMPLES[deck])
    out = [_named_move(f"name:typed:{deck}", "Another card: type what it says", seat, deck,
                       (typed,), lambda st, text: specs.parse(deck, text, st.spaces(), glory))]
    if deck == "advantage":
        dice = Choice("die", "The weapon's die", tuple((str(d), f"d{d}")
                                                       for d in specs.WEAPON_DICE))
        words = Choice("flags", "Its keywords (none, one or more)", tuple(
            (k, k.replace("_", " ").title()) for k in specs.KEYWORDS), min=0, max=3)
        out.append(_named_move("name:weapon", "Another weapon: pick its die and keywords",
                               seat, deck, (dice, words), lambda st, die, flags: specs.check(
                                   deck, {"kind": "weapon", "die": int(die),
                                          "flags": list(flags or [])}, st.spaces())))
    elif deck == "bounty":
        classes = Choice("cls", "Its monster class", tuple(
            (c, c.title()) for c in specs.MONSTER_CLASSES))
        where = Choice("space", "Its space", tuple((s, f"space {s}") for s in state.spaces()))
        points = (Choice("glory", "Its glory", tuple(
            (str(g), f"{g} glory") for g in range(1, specs.MOST_GLORY + 1))),) if glory else ()

        def read(st: Board, cls: str, space: str, glory: str = "0") -> dict:
            return specs.check(deck, {"class": cls, "space": space, "glory": int(glory)},
                               st.spaces(), st.hc is None)

        out.append(_named_move("name:bounty", "Another bounty: pick its class, space and "
                               "glory" if glory else "Another bounty: pick its class and space",
                               seat, deck, (classes, where, *points), read))
    return out


def kind_label(state: Board, cid: str) -> str:
    """A card by what the rules read off it, not its name ("The Cards"): ``weapon d8 dual
    wield``, ``buff: +2``, ``red: buff +1``, ``poison in space 5, 2 glory``. Cards alike in
    kind and values are one entry of the list, whatever their names in the box."""
    c = state.card(cid)
    if cid.startswith("A"):
        if c["kind"] == "weapon":
            return f"weapon d{c['die']}" + "".join(f" {f.replace('_', ' ')}"
                                                   for f in c.get("flags", []))
        v = f" +{c['value']}" if c.get("value") else ""
        return f"buff: {c['effect']}{v}"
    if cid.startswith("Q"):
        v = f" {c['value']}" if c.get("value") else ""
        return f"{c['banner']}: {c['effect'].replace('_', ' ')}{v}"
    if state.hc is not None:  # no glory in Hide Collection ("Solo & Co-op")
        return f"{c['class']} in space {c['space']}"
    return f"{c['class']} in space {c['space']}, {c['glory']} glory"


@handles("gm_tool_used")
def tool_used(state: Board, ev: dict, chance: Any) -> Board:
    """A GM tool: one plain change carried out for a card or a GM event."""
    tool = ev["tool"]
    v = int(ev.get("amount", 0))
    if tool in ("gold", "hp", "stat", "card", "potion", "move_hero"):
        seat = int(ev["hero"])
        h = state.heroes[seat]
        who = h.name
        if tool == "gold":
            state = fx.gain_gold(state, seat, v)
        elif tool == "hp":
            if v < 0:
                state = fx.lose_hp(state, seat) if h.space not in (STYX,) else state
            else:
                state = state.with_hero(seat, hp=min(int(state.rules["hp"]), h.hp + 1))
        elif tool == "stat":
            i = STATS.index(ev["stat"])
            stats = list(h.stats)
            stats[i] = min(6, max(3, stats[i] + v))
            state = fx.trim_markers(state.with_hero(seat, stats=tuple(stats)), seat)  # type: ignore[arg-type]
        elif tool == "card":
            if v > 0:
                from d6tui.games.d6_board.hand_room import draw_or_ask

                state = draw_or_ask(state, seat, ev.get("deck", "advantage"), chance)
            elif h.hand:
                state = fx.discard(state, seat, h.hand[0]) if h.hand[0] != UNNAMED else \
                    state.with_hero(seat, hand=h.hand[1:])
        elif tool == "potion":
            if v > 0:
                state = fx.prompt(state, Prompt(seat, "reward", "alchemy"))
            else:
                state = state.with_hero(seat, bottles=("", ""))
        elif tool == "move_hero":
            state = fx.enter(state, seat, ev["space"])
        return evolve(state, note=f"GM tool: {tool} {v:+d} for {who}" if v else
                       f"GM tool: {tool} for {who}")
    if tool == "spawn":
        state, token = fx.spawn(state, ev["space"], chance)
        return evolve(state, note=f"GM tool: an enemy spawned in {ev['space']}")
    token = ev["enemy"]
    e = state.enemy(token)
    if e is None:
        raise EventError(f"{token} is not on the map")
    if tool == "remove_enemy":
        state = fx.to_bag(state, token)
        state = evolve(state, engaged=tuple(t for t in state.engaged if t != token))
    else:
        changes = {"move_enemy": {"space": ev.get("space", e.space)},
                   "buff_enemy": {"buffs": max(0, e.buffs + v)},
                   "hp_enemy": {"hp": max(1, e.hp + v)}}[tool]
        state = evolve(state, enemies=tuple(evolve(x, **changes) if x.token == token else x
                                             for x in state.enemies))
    moved = state.enemy(token)
    if moved is None or moved.space != e.space:
        # the enemy left its space: a fight with it, or an engagement, ends (house)
        state = evolve(state, engaged=tuple(t for t in state.engaged if t != token),
                        locked="" if state.locked == token else state.locked,
                        combat=None if state.combat and state.combat.enemy == token
                        else state.combat)
    return evolve(state, note=f"GM tool: {tool.replace('_', ' ')}")


def gm_seat(state: Board) -> int:
    """The seat holding the GM tools: player one between rounds, else the current GM."""
    return 0 if state.phase == "event" else state.gm


def gm_tool_moves(state: Board, seat: Seat) -> list[Move]:
    """The GM tools of ``seat`` (table edition, the GM only, no question waiting)."""
    if (state.options.get("edition") != "table" or state.phase not in ("turn", "event")
            or seat != gm_seat(state) or state.prompts):
        return []
    heroes = tuple((str(i), h.name) for i, h in enumerate(state.heroes))
    hero = Choice("hero", "Which hero", heroes)
    sign = Choice("amount", "Give or take", (("1", "give one"), ("-1", "take one")))
    spaces = Choice("space", "Which space", tuple((s, space_name(s))
                                                  for s in (VILLAGE, *state.spaces())))
    numbered = Choice("space", "Which space", tuple((s, space_name(s)) for s in state.spaces()))
    tokens = tuple((e.token, f"{state.kind(e.token)['name']} in {e.space}")
                   for e in state.enemies if not e.token.startswith(CUBE))
    enemy = Choice("enemy", "Which enemy", tokens)
    sec = "The Role of the GM"
    out = [
        move("gm_tool_used", "GM: give or take gold", seat, mid="gm:gold", tool="gold",
             section=sec, choices=(hero, Choice("amount", "How much", tuple(
                 (str(n), f"{n:+d}") for n in (-3, -2, -1, 1, 2, 3))))),
        move("gm_tool_used", "GM: give or take an HP", seat, mid="gm:hp", tool="hp",
             section=sec, choices=(hero, sign)),
        move("gm_tool_used", "GM: raise or lower a stat", seat, mid="gm:stat", tool="stat",
             section=sec, choices=(hero, Choice("stat", "Which stat", tuple(
                 (s, state.rules["stat_names"][s]) for s in STATS)), sign)),
        move("gm_tool_used", "GM: give or take a card", seat, mid="gm:card", tool="card",
             section=sec, choices=(hero, Choice("deck", "Which deck", (
                 ("advantage", "Advantage"), ("heroic_quest", "Heroic Quest"))), sign)),
        move("gm_tool_used", "GM: give a potion (Alchemy) or empty the bottles", seat,
             mid="gm:potion", tool="potion", section=sec, choices=(hero, sign)),
        move("gm_tool_used", "GM: move a hero", seat, mid="gm:move_hero", tool="move_hero",
             section=sec, choices=(hero, spaces)),
        move("gm_tool_used", "GM: spawn an enemy from the bag", seat, mid="gm:spawn",
             tool="spawn", section=sec, choices=(numbered,)),
    ]
    if tokens:
        out += [
            move("gm_tool_used", "GM: move an enemy", seat, mid="gm:move_enemy",
                 tool="move_enemy", section=sec, choices=(enemy, numbered)),
            move("gm_tool_used", "GM: buff an enemy (+1) or take a buff", seat,
                 mid="gm:buff_enemy", tool="buff_enemy", section=sec, choices=(enemy, sign)),
            move("gm_tool_used", "GM: give or take an enemy's extra HP", seat,
                 mid="gm:hp_enemy", tool="hp_enemy", section=sec, choices=(enemy, sign)),
            move("gm_tool_used", "GM: remove an enemy (back to the bag)", seat,
                 mid="gm:remove_enemy", tool="remove_enemy", section=sec,
                 choices=(enemy,)),
        ]
    return out
