"""A hunter's turn: the spawn roll and open gather, the three actions, (R)est.

Rulebook: "Beginning Your Turn" (spawn and open gather rolled together), "Spending Your
Actions" (hunt, personal gather, move), "On Stealth and 'Stealthing'", "(R)est",
"Death and the Styx River" (the Ferryman drops the hero at a random space at the start of
the next turn), Part V "Taking a Turn".

Decisions where the rulebook is silent (also in the help text):

- A failed stealth check stops the action before it happens, and it is not spent.
- The Ferryman drops the hero first, then the spawn roll: a hero dropped among enemies is
  engaged with them, as anyone who begins a turn beside enemies.
- Riding (Rent a Horse) through the Village counts as entering it.
- An Alchemy reward may be passed up; a Wild reward may not.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import DiceRequest, Move, Pips
from d6tui.games.d6_board import alliance, hides, homebrews
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import faces, handles, move
from d6tui.games.d6_board.hand_room import draw_or_ask, full
from d6tui.games.d6_board.state import STYX, VILLAGE, Board, Prompt
from d6tui.words import plural

ACTIONS = 3


def map_die(state: Board) -> int:
    """The die of the map in play (D10 standard, D12 advanced)."""
    return int(state.map["die"])


def check_die(state: Board, seat: int) -> int:
    """The die of a hero's stat checks: the D6, the chib's D4, or a Werewolf chib's D8
    ("Chibbing Out"; Part IV)."""
    return fx.natural_die(state, seat)


def give_reward(state: Board, seat: int, reward: str, chance: Any) -> Board:
    """One gather reward ("Gather Rewards"): two coins, an Advantage card, a potion bottle
    (asked), or Wild (asked)."""
    if reward == "coins":
        return fx.gain_gold(state, seat, 2)
    if reward == "advantage" and hides.companion(state) is not None:
        return companion_reward(state, seat)
    if reward == "advantage":
        return draw_or_ask(state, seat, "advantage", chance)
    if reward == "alchemy" and not alchemy_options(state, seat):
        return state
    return fx.prompt(state, Prompt(seat, "reward", reward))


def companion_reward(state: Board, seat: int) -> Board:
    """Solo: the companion takes the Advantage card's place in a gather ("Companions"):
    from its carrier it comes to the hero's space; beside the hero it brings two coins;
    elsewhere on the map the hero may call it over (asked)."""
    hc = state.hc
    assert hc is not None
    here = state.heroes[seat].space
    if here == STYX:
        return state
    if hc.companion_at == hides.CARRIER:
        return hides.with_hc(state, companion_at=here)
    if hc.companion_at == here:
        return fx.gain_gold(state, seat, 2)
    return fx.prompt(state, Prompt(seat, "fetch"))


def gather(state: Board, seat: int, face: int, chance: Any) -> Board:
    """The reward at ``face`` of ``seat``'s gather board."""
    board = state.content["gather_boards"][state.heroes[seat].board]
    return give_reward(state, seat, board["rewards"][face - 1], chance)


def _what(potion: dict) -> str:
    """`` (what it does)`` from a potion's text, for a new hunter choosing a bottle."""
    text = str(potion.get("text", "")).rstrip(".").split(";")[0]
    return f" ({text[:1].lower()}{text[1:]})" if text else ""


def alchemy_options(state: Board, seat: int) -> list[tuple[str, str]]:
    """Where a bottle may go: a free bottle onto an empty potion, or a placed bottle moved
    to another ("Alchemy": one bottle a potion)."""
    h = state.heroes[seat]
    potions = state.content["gather_boards"][h.board]["potions"]
    empty = [p for p in potions if p not in h.bottles]
    names = state.content["potions"]
    if "" in h.bottles:
        return [(p, f"Fill {names[p]['name']}{_what(names[p])}") for p in empty]
    return [(f"{a}>{p}", f"Move the bottle from {names[a]['name']} to {names[p]['name']}")
            for a in h.bottles for p in empty]


def fill_potion(state: Board, seat: int, choice: str) -> Board:
    """Place (or move) a potion bottle."""
    h = state.heroes[seat]
    bottles = list(h.bottles)
    if ">" in choice:
        src, dst = choice.split(">")
        bottles[bottles.index(src)] = dst
    else:
        if "" not in bottles:
            raise EventError("both bottles are placed")
        bottles[bottles.index("")] = choice
    return state.with_hero(seat, bottles=tuple(bottles))  # type: ignore[arg-type]


def engage_here(state: Board) -> Board:
    """The active hero is engaged with every enemy in the space ("stealthing is not an
    option" at the start of a turn, and after a failed stealth check)."""
    here = fx.hostile(state, state.current, state.hero.space)
    return evolve(state, engaged=tuple(e.token for e in here))


def stealth(state: Board, ev: dict, space: str, name: str = "stealth") -> tuple[Board, bool]:
    """A stealth check before an action in an enemy space: roll under stealth ("On Stealth
    and 'Stealthing'"). Shadow Brew or Bramble Step passes it without a roll."""
    seat = state.current
    if not fx.hostile(state, seat, space):
        return state, True
    if homebrews.quiet(state, space):
        return state, True
    if state.sneak:
        return evolve(state, sneak=False), True
    face = faces(ev, name, check_die(state, seat))[0]
    if "echoes" in homebrews.castles(state, space):
        face += 1  # Curse of Endless Echoes
    if face < state.heroes[seat].stat("stealth"):
        if homebrews.on(state, "quiet_space") and space == state.heroes[seat].space:
            state = evolve(state, quiet=space)
        return state, True
    if name == "stealth":  # Dogmud may reroll it ("DOGMUD")
        from d6tui.games.d6_board.dogmud import failed_check

        state = failed_check(state, ev, face, check_die(state, seat))
    return state, False


def needs_stealth(state: Board, space: str) -> bool:
    """Whether an action in ``space`` needs a stealth roll now."""
    return bool(fx.hostile(state, state.current, space)) and not state.sneak \
        and not homebrews.quiet(state, space)


@handles("turn_began")
def turn_began(state: Board, ev: dict, chance: Any) -> Board:
    """The Ferryman (if dead), then the spawn roll and the open gather ("Beginning Your
    Turn"); then engagement with any enemy in the hero's space."""
    seat = state.current
    die = map_die(state)
    notes = []
    if state.hero.space == STYX:
        space = fx.space_of_roll(state, faces(ev, "ferry", die)[0])
        state = state.with_hero(seat, hp=int(state.rules["hp"]))
        state = fx.enter(state, seat, space)
        notes.append(f"the Ferryman left {state.hero.name} in space {space}")
    n_spawn, n_gather = hides.per_turn(state)
    for f in faces(ev, "spawn", die, n_spawn):
        space = homebrews.quota(state, fx.space_of_roll(state, f))
        state, token = fx.spawn(state, space, chance)
        notes.append(f"{state.kind(token)['name'] if token else 'nothing'} spawned in {space}")
    for face in faces(ev, "gather", 4, n_gather):
        for i in range(len(state.heroes)):
            state = gather(state, (seat + i) % len(state.heroes), face, chance)
        notes.append(f"open gather {face}")
    state = evolve(state, begun=True)
    state = engage_here(state)
    from d6tui.games.d6_board.red_cards import turn_prompts

    if state.revision >= 2:
        state = turn_prompts(state)
    if state.revision >= 4:
        state = evolve(state, prompts=together(state.prompts, state.current,
                                                len(state.heroes)))
    return evolve(state, note="; ".join(notes))


def together(prompts: tuple[Prompt, ...], first: int, n: int) -> tuple[Prompt, ...]:
    """The questions of a turn's start grouped by hunter, in turn order from ``first``,
    each hunter's in the order they were asked: the open gather's rewards and the red cards
    a hunter may play come one after the other, so at one keyboard one hand-over serves
    them (rules revision 4; the rulebook sets no order among the hunters' answers). Any
    other question (a token to name, in the table edition) keeps the order as it is."""
    if any(p.kind not in _GROUPED for p in prompts):
        return prompts
    return tuple(sorted(prompts, key=lambda p: (p.seat - first) % n))


#: The questions of a turn's start that may be grouped by hunter: gather rewards, a full
#: hand's discard, a red card on the turn, calling a companion.
_GROUPED = frozenset({"reward", "room", "red_turn", "fetch"})


@handles("reward_chosen")
def reward_chosen(state: Board, ev: dict, chance: Any) -> Board:
    """A Wild reward becomes one of the other three; an Alchemy reward places a bottle."""
    p = state.prompts[0]
    if p.kind != "reward" or p.seat != ev["who"]:
        raise EventError("no reward is waiting for that hunter")
    state = evolve(state, prompts=state.prompts[1:])
    if p.reward == "wild":
        if ev["pick"] not in ("coins", "advantage", "alchemy"):
            raise EventError("a Wild reward is coins, an Advantage card or Alchemy")
        waiting = len(state.prompts)
        state = give_reward(state, p.seat, ev["pick"], chance)
        if state.revision >= 4:
            # what the reward asks (a bottle, a discard for a full hand) comes now, ahead
            # of the other hunters' questions: the same hunter keeps the keyboard
            new = state.prompts[waiting:]
            state = evolve(state, prompts=(*(q for q in new if q.seat == p.seat),
                                            *state.prompts[:waiting],
                                            *(q for q in new if q.seat != p.seat)))
        elif ev["pick"] == "alchemy" and state.prompts and state.prompts[-1].seat == p.seat:
            # the bottle is placed now, ahead of the other hunters' questions
            state = evolve(state, prompts=(state.prompts[-1], *state.prompts[:-1]))
        from d6tui.games.d6_board.log_lines import REWARDS

        return evolve(state, note=f"{state.heroes[p.seat].name} took "
                                   f"{REWARDS.get(ev['pick'], ev['pick'])} (Wild)")
    if ev["pick"] == "pass":
        return evolve(state, note=f"{state.heroes[p.seat].name} left the bottles")
    state = fill_potion(state, p.seat, ev["pick"])
    return evolve(state, note=f"{state.heroes[p.seat].name} placed a potion bottle")


def spend(state: Board) -> Board:
    """One action spent (the action marker moves down); in solo the companion may then
    move one space ("Companions")."""
    if state.hc is not None and state.hc.companion:
        state = hides.with_hc(state, companion_moves=state.hc.companion_moves + 1)
    return evolve(state, actions=state.actions + 1)


def spotted(state: Board) -> Board:
    """A failed stealth check: the hero is engaged, and the note says what the die showed
    against which stealth ("Stealth": roll under it; a tie fails)."""
    r = state.retry
    stealth = state.hero.stat("stealth")
    shown = (f" {r['face']} not under stealth {stealth}" if r else "")
    tie = " (a tie fails)" if r and int(r["face"]) == stealth else ""
    return evolve(engage_here(state), note=f"stealth check{shown}: failed{tie}; engaged")


@handles("moved")
def moved(state: Board, ev: dict, chance: Any) -> Board:
    """Move one space along an arrow (an action), or two with a rented horse ("Rent a
    Horse": stealth in an enemy space on the way; a failed check ends the ride there)."""
    seat = state.current
    h = state.hero
    if not ev.get("free"):
        state, ok = stealth(state, ev, h.space)
        if not ok:
            return spotted(state)
        state = spend(state)
    path = ev["path"]
    if ev.get("horse"):
        state = fx.gain_gold(state, seat, -int(state.rules["prices"]["rent_a_horse"]))
    here = h.space
    for i, space in enumerate(path):
        if fx.barred(state, seat, space):
            raise EventError("a Werewolf in chib form may not enter the Village")
        if space not in state.links(here):
            raise EventError(f"no arrow leads from {here} to {space}")
        state = fx.enter(state, seat, space)
        here = space
        if state.engaged:
            return evolve(state, note=f"a Cash Cube caught {h.name} in space {space}")
        if i + 1 < len(path) and fx.hostile(state, seat, space):
            state, ok = stealth(state, ev, space, "stealth_mid")
            if not ok:
                return evolve(engage_here(state),
                               note=f"spotted in space {space}: the horse is lost, engaged")
    return evolve(state, note=f"{h.name} moved to "
                               f"{'the Village' if here == VILLAGE else here}")


@handles("hunted")
def hunted(state: Board, ev: dict, chance: Any) -> Board:
    """Hunt: the GM draws an enemy from the bag into the hero's space ("Hunting")."""
    state, ok = stealth(state, ev, state.hero.space)
    if not ok:
        return spotted(state)
    state, token = fx.spawn(spend(state), state.hero.space, chance)
    what = state.kind(token)["name"] if token else "nothing (the bag is empty)"
    return evolve(state, note=f"the hunt drew {what}")


@handles("gathered")
def gathered(state: Board, ev: dict, chance: Any) -> Board:
    """A personal gather: roll the D4 for this hero's reward only ("Gathering")."""
    state, ok = stealth(state, ev, state.hero.space)
    if not ok:
        return spotted(state)
    face = faces(ev, "gather", 4)[0]
    state = gather(spend(state), state.current, face, chance)
    reward = state.content["gather_boards"][state.hero.board]["rewards"][face - 1]
    words = {"coins": "two coins", "advantage": "an Advantage card", "alchemy": "Alchemy",
             "wild": "a Wild reward"}.get(reward, reward)
    if state.hc is not None and state.hc.companion and reward == "advantage":
        words = "companion"  # the companion takes the Advantage reward (Part III)
    return evolve(state, note=f"gathered {face}: {words}")


@handles("enemy_spawned")
def enemy_spawned(state: Board, ev: dict, chance: Any) -> Board:
    """The GM spawns an enemy after a bounty is collected ("Enemy Spawn")."""
    p = state.prompts[0] if state.prompts else None
    if p is None or p.kind != "spawn":
        raise EventError("no spawn is waiting")
    space = homebrews.quota(state, fx.space_of_roll(state, faces(ev, "roll",
                                                                  map_die(state))[0]))
    state, token = fx.spawn(evolve(state, prompts=state.prompts[1:]), space, chance)
    return evolve(state, note=f"{state.kind(token)['name'] if token else 'nothing'} "
                                f"spawned in space {space}")


@handles("swap_gathered")
def swap_gathered(state: Board, ev: dict, chance: Any) -> Board:
    """The free personal gather of a hero swapped by another ("Hero Swapping!")."""
    p = state.prompts[0]
    state = evolve(state, prompts=state.prompts[1:])
    face = faces(ev, "gather", 4)[0]
    return evolve(gather(state, p.seat, face, chance), note=f"swap gather {face}")


@handles("turn_ended")
def turn_ended(state: Board, ev: dict, chance: Any) -> Board:
    """(R)est: a complete turn (all three actions) draws two Heroic Quest cards."""
    if state.engaged or state.combat:
        raise EventError("an engaged hero cannot end the turn")
    seat = state.current
    complete = state.actions >= ACTIONS
    if state.hc is not None:
        from d6tui.games.d6_board.hide_benefits import benefit_rolled
        return benefit_rolled(state, ev, complete)
    if complete:
        state = draw_or_ask(state, seat, "heroic_quest", chance,
                            int(state.rules["rest_heroic_quest"]))
    state = alliance.rest_draw(state, seat, complete, chance)
    name = state.hero.name
    state = fx.next_turn(state)
    if state.phase == "over":  # no card to make room for once the season is over
        state = evolve(state, prompts=tuple(p for p in state.prompts if p.kind != "room"))
    return evolve(state, note=f"{name} rested" + ("" if complete else
                                                   " early (no Heroic Quest cards)"))


def can_act(state: Board) -> bool:
    """Whether the active hero may spend an action now."""
    return (state.begun and not state.engaged and state.combat is None and not state.prompts
            and state.actions < ACTIONS + state.bonus and state.hero.space != STYX)


def stealth_dice(state: Board, space: str, name: str = "stealth") -> tuple[DiceRequest, ...]:
    """The stealth roll an action in ``space`` needs, if any."""
    if not needs_stealth(state, space):
        return ()
    d = check_die(state, state.current)
    return (DiceRequest(name, 1, Pips(d), f"d{d} stealth check in space {space}",
                        state.current),)


def action_moves(state: Board, seat: int) -> list[Move]:
    """Hunt, gather and move ("Spending Your Actions"), with their stealth checks.

    A Rent a Horse ride is listed only to a space two steps away that no plain move reaches
    (a ride to a neighbour would cost a gold, and maybe a stealth check, for nothing)."""
    if not can_act(state):
        return []
    h = state.hero
    here = h.space
    sd = stealth_dice(state, here)
    out = []
    steps = set()  # what a plain move reaches: a ride there only costs a gold more
    for to in state.links(here):
        if fx.barred(state, seat, to):
            continue
        steps.add(to)
        out.append(move("moved", f"Move to {'the Village' if to == VILLAGE else to}", seat,
                        mid=f"move:{to}", path=[to], dice=sd, section="Moving"))
    price = int(state.rules["prices"]["rent_a_horse"])
    if h.gold >= price:
        seen = set()
        for mid in state.links(here):
            if fx.has_cube(state, seat, mid):
                continue
            for to in state.links(mid):
                if to == here or to in steps or (mid, to) in seen or \
                        fx.barred(state, seat, to) or fx.barred(state, seat, mid):
                    continue
                seen.add((mid, to))
                dice = sd
                if fx.hostile(state, seat, mid) and not (
                        state.sneak and not fx.hostile(state, seat, here)):
                    d = check_die(state, seat)
                    dice += (DiceRequest("stealth_mid", 1, Pips(d),
                                         f"d{d} stealth check in space {mid}", seat),)
                out.append(move("moved", f"Ride to {to} via {mid} ({price} gold)", seat,
                                mid=f"ride:{mid}:{to}", path=[mid, to], horse=True,
                                dice=dice, section="Rent a Horse"))
    if here != VILLAGE:
        out.append(move("hunted", "Hunt (draw an enemy here)", seat, mid="hunt", dice=sd,
                        section="Hunting", key="H"))
    out.append(move("gathered", "Personal gather (d4)", seat, mid="gather",
                    dice=sd + (DiceRequest("gather", 1, Pips(4), "d4 gather", seat),),
                    section="Gathering", key="g"))
    return out


def turn_moves(state: Board, seat: int | None) -> list[Move]:
    """The turn's own moves for ``seat``: begin, answer a prompt, act, rest."""
    out: list[Move] = []
    if state.prompts:
        p = state.prompts[0]
        if seat != p.seat:
            return []
        if p.kind == "reward" and p.reward == "wild":
            card = "your companion" if hides.companion(state) else "an Advantage card" + (
                " (hand full: you discard a card first)" if full(state, seat) else "")
            opts = (("coins", "two coins"), ("advantage", card),
                    ("alchemy", "Alchemy (a potion bottle)"))
            return [move("reward_chosen", f"Wild: take {label}", seat, mid=f"wild:{v}",
                         who=seat, pick=v, section="Gather Rewards")
                    for v, label in opts]
        if p.kind == "reward" and p.reward == "alchemy":
            out = [move("reward_chosen", label, seat, mid=f"alchemy:{v}", pick=v, who=seat,
                        section="Alchemy") for v, label in alchemy_options(state, seat)]
            keep = move("reward_chosen", "Leave the bottles as they are", seat,
                        mid="alchemy:pass", pick="pass", who=seat, section="Alchemy")
            # both bottles placed: keeping them is listed first, before the many moves
            return [keep, *out] if "" not in state.heroes[seat].bottles else [*out, keep]
        if p.kind == "spawn":
            d = map_die(state)
            return [move("enemy_spawned", f"Spawn an enemy (d{d})", seat, mid="spawn",
                         dice=(DiceRequest("roll", 1, Pips(d), f"d{d} for the space", seat),),
                         section="Enemy Spawn", key="r")]
        if p.kind == "swap_gather":
            return [move("swap_gathered", "Free personal gather (d4)", seat, mid="gather",
                         dice=(DiceRequest("gather", 1, Pips(4), "d4 gather", seat),),
                         section="Hero Swapping!", key="g")]
        return []
    if seat != state.current or state.phase != "turn":
        return []
    if not state.begun:
        d = map_die(state)
        dice = []
        if state.hero.space == STYX:
            dice.append(DiceRequest("ferry", 1, Pips(d), f"d{d}: where the Ferryman "
                                    "leaves you", seat))
        n_spawn, n_gather = hides.per_turn(state)
        dice += [DiceRequest("spawn", n_spawn, Pips(d), f"{n_spawn}d{d} spawn roll".lstrip("1"),
                             state.gm),
                 DiceRequest("gather", n_gather, Pips(4),
                             f"{n_gather}d4 open gather".lstrip("1"), seat)]
        return [move("turn_began", "Begin the turn: spawn roll and open gather", seat,
                     mid="begin", dice=tuple(dice), section="Beginning Your Turn", key="b")]
    out = action_moves(state, seat)
    if not state.engaged and state.combat is None:
        left = ACTIONS - state.actions
        label = "Rest: end the turn" + (" (2 Heroic Quest cards)" if left <= 0 else
                                        f" early ({plural(left, 'action')} unspent: no cards)")
        rest_dice: tuple[DiceRequest, ...] = ()
        if state.hc is not None:
            bd = hides.benefit_die(state)
            unspent = plural(left, "action")
            label = "Rest: end the turn" + (f" (Heroic Benefits roll, d{bd})" if left <= 0
                                            else f" early ({unspent} unspent: no roll)")
            if left <= 0:
                rest_dice = (DiceRequest("benefit", 1, Pips(bd), f"d{bd} Heroic Benefits",
                                         seat),)
        out.append(move("turn_ended", label, seat, mid="rest", section="(R)est", key="e",
                        dice=rest_dice))
    return out

