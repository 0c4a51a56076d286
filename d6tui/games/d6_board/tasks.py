"""Non-action tasks (rulebook "Non-Action Tasks"): skills, potions, cards, buying, the Cash
Cube, and the ways out of a fight ("Enemy Disengagement", "Chibbing Out").

Decisions where the rulebook is silent: skills other than Hero Swap and Animal Handling are
house skills (see the house data); Hero Swap may pick any hero on a numbered space (never in
the Village or the Styx); Animal Handling and Beguile send the enemy to the lowest-numbered
space an arrow leads to; Heroic Quest cards may be played in chib form (only Advantage cards
are barred); an Advantage card costs 3 gold (house price).
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.engine.game import Choice, Move
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import handles, move
from d6tui.games.d6_board.effects import skill_ready
from d6tui.games.d6_board.skill_use import pushable, useless
from d6tui.games.d6_board.state import CUBE, STYX, VILLAGE, Board, Prompt, space_name
from d6tui.games.d6_board.turn import alchemy_options


def _escape(state: Board, seat: int) -> Board:
    return evolve(state, engaged=(), locked="", combat=None)


def _push_enemy(state: Board, token: str) -> Board:
    e = state.enemy(token)
    assert e is not None
    spaces = sorted((s for s in state.links(e.space) if s != VILLAGE), key=int)
    if not spaces:
        return state
    state = evolve(state, enemies=tuple(evolve(x, space=spaces[0]) if x.token == token
                                         else x for x in state.enemies))
    engaged = tuple(t for t in state.engaged if t != token)
    return evolve(state, engaged=engaged, locked="" if state.locked == token else state.locked,
                   combat=None if state.combat and state.combat.enemy == token
                   else state.combat)


@handles("skill_used")
def skill_used(state: Board, ev: dict, chance: Any) -> Board:
    """A skill marker moves onto a skill ("Perform a Skill")."""
    seat = state.current
    sk = ev["skill"]
    if not skill_ready(state, seat, sk):
        raise EventError(f"{sk} cannot be used now")
    state = state.with_hero(seat, used=(*state.hero.used, sk))
    name = state.content["skills"][sk]["name"]
    if sk == "hero_swap" and ev["target"] == "companion":
        from d6tui.games.d6_board.hide_collection import swap_with_companion
        state = swap_with_companion(state)
    elif sk == "hero_swap":
        other = int(ev["target"])
        mine, theirs = state.hero.space, state.heroes[other].space
        state = state.with_hero(other, space=mine)
        state = _escape(state, seat)
        state = fx.enter(state, seat, theirs)
        state = fx.prompt(state, Prompt(other, "swap_gather"))
    elif sk in ("animal_handling", "beguile"):
        state = _push_enemy(state, ev["target"])
        pushed = state.enemy(ev["target"])
        if pushed is not None:  # say where the enemy went
            return evolve(state, note=f"{state.hero.name} used {name}: the "
                                       f"{state.kind(ev['target'])['name']} went to "
                                       f"{space_name(pushed.space)}")
    elif sk == "pathfinder":
        state = fx.enter(state, seat, ev["target"])
    elif sk == "scavenge":
        state = fx.gain_gold(state, seat, 2)
    elif sk == "second_wind":
        state = state.with_hero(seat, hp=min(int(state.rules["hp"]), state.hero.hp + 1))
    elif sk == "forage":
        state = fx.prompt(state, Prompt(seat, "reward", "alchemy"))
    elif sk == "bramble_step":
        state = evolve(state, sneak=True)
    return evolve(state, note=f"{state.hero.name} used {name}")


@handles("potion_drunk")
def potion_drunk(state: Board, ev: dict, chance: Any) -> Board:
    """A potion is drunk; its bottle goes back to its slot ("Drink a Potion")."""
    seat = state.current
    p = ev["potion"]
    b = list(state.hero.bottles)
    if p not in b:
        raise EventError(f"no bottle is on {p}")
    b[b.index(p)] = ""
    state = state.with_hero(seat, bottles=tuple(b))  # type: ignore[arg-type]
    if p == "wingso":
        state = fx.enter(_escape(state, seat), seat, VILLAGE)
    elif p == "acupunch":
        state = state.with_hero(seat, chib=False)
    elif p == "grapejib":
        state = evolve(state, bonus=state.bonus + 1)
    elif p == "healing":
        state = state.with_hero(seat, hp=min(int(state.rules["hp"]), state.hero.hp + 1))
    elif p == "shadow":
        state = evolve(state, sneak=True)
    return evolve(state, note=f"drank {state.content['potions'][p]['name']}")


def winning(state: Board) -> bool:
    """Whether the fight's roll is made and the hero wins it: chibbing out is for a hero
    about to lose (Part V "Chibbing Out"; "Chibbing Out": when you are getting your hide
    handed to you), so it is not offered then."""
    from d6tui.games.d6_board.combat import hero_wins

    c = state.combat
    return c is not None and c.step == "rolled" and bool(c.faces) and hero_wins(state)


@handles("chibbed_out")
def chibbed_out(state: Board, ev: dict, chance: Any) -> Board:
    """Chib out: flip the hero card, leave the fight for an adjacent space, no HP or action
    lost ("Chibbing Out")."""
    seat = state.current
    if ev["to"] not in state.links(state.hero.space):
        raise EventError("the chib runs to an adjacent space")
    state = _escape(state.with_hero(seat, chib=True), seat)
    state = fx.enter(state, seat, ev["to"])
    return evolve(state, note=f"{state.hero.name} chibbed out to {ev['to']}")


@handles("card_played")
def card_played(state: Board, ev: dict, chance: Any) -> Board:
    """A green-bannered Heroic Quest card played in the hero's own turn."""
    seat = state.current
    cid = ev["card"]
    card = state.card(cid)
    if cid not in state.hero.hand or card["banner"] != "green":
        raise EventError(f"{cid} cannot be played now")
    state = fx.discard(state, seat, cid)
    eff, v = card["effect"], int(card.get("value", 0))
    if eff == "gold":
        state = fx.gain_gold(state, seat, v)
    elif eff == "heal":
        state = state.with_hero(seat, hp=min(int(state.rules["hp"]), state.hero.hp + v))
    elif eff == "action":
        state = evolve(state, bonus=state.bonus + v)
    elif eff == "potion":
        state = fx.prompt(state, Prompt(seat, "reward", "alchemy"))
    elif eff == "escape":
        state = fx.enter(_escape(state, seat), seat, ev["to"])
    return evolve(state, note=f"played {card['name']}")


@handles("card_bought")
def card_bought(state: Board, ev: dict, chance: Any) -> Board:
    """Buy an Advantage card at any time in the turn ("Buy Advantage Cards")."""
    seat = state.current
    state = fx.gain_gold(state, seat, -int(state.rules["prices"]["advantage_card"]))
    state = fx.draw_card(state, seat, "advantage", chance)
    return evolve(state, note="bought an Advantage card")


@handles("card_discarded")
def card_discarded(state: Board, ev: dict, chance: Any) -> Board:
    """Discard a card to make room ("Shuffle and Draw" GM's Note)."""
    return evolve(fx.discard(state, state.current, ev["card"]), note="discarded a card")


@handles("cube_bribed")
def cube_bribed(state: Board, ev: dict, chance: Any) -> Board:
    """Mercenary Cube: four gold turn another hunter's deployed Cube against them
    (Part IV "Suggestions"), until its owner hires it again."""
    from d6tui.games.d6_board.homebrews import MERCENARY_PRICE, on

    token = f"{CUBE}{int(ev['owner'])}"
    e = state.enemy(token)
    if not on(state, "mercenary") or e is None or e.kind != "cash_cube":
        raise EventError("no Cube of that hunter waits on the map")
    state = fx.gain_gold(state, state.current, -MERCENARY_PRICE)
    state = evolve(state, enemies=tuple(evolve(x, kind="mercenary") if x.token == token
                                         else x for x in state.enemies))
    owner = state.heroes[int(ev["owner"])].name
    return evolve(state, note=f"{owner}'s Cash Cube was bought: it turns on its owner")


@handles("cube_hired")
def cube_hired(state: Board, ev: dict, chance: Any) -> Board:
    """Hire (or rehire) the Cash Cube: two gold, placed at once in a numbered space
    ("Cash Cube")."""
    seat = state.current
    space = ev["space"]
    if space not in state.spaces():
        raise EventError("a Cash Cube goes in a numbered space")
    token = f"{CUBE}{seat}"
    state = fx.gain_gold(state, seat, -int(state.rules["prices"]["cash_cube"]))
    enemies = tuple(e for e in state.enemies if e.token != token)
    state = evolve(state, enemies=(*enemies, fx.Enemy(token, "cash_cube", space)))
    state = state.with_hero(seat, cube=space)
    return evolve(state, note=f"{state.hero.name}'s Cash Cube waits in space {space}")


def task_moves(state: Board, seat: int | None) -> list[Move]:
    """The non-action tasks of the active hero now."""
    if (seat != state.current or state.phase != "turn" or not state.begun or state.prompts
            or state.hero.space == STYX):
        return []
    h = state.hero
    out: list[Move] = []
    engaged = bool(state.engaged) or state.combat is not None
    fighting = state.combat is not None and state.combat.step == "rolled"
    here = h.space
    skills = state.content["skills"]
    for sk in state.content["classes"][h.klass]["skills"]:
        if not skill_ready(state, seat, sk) or useless(state, seat, sk):
            continue
        when = skills[sk]["when"]
        name = skills[sk]["name"]
        if when == "engaged" and engaged:
            if sk == "hero_swap":
                opts = tuple((str(i), f"{o.name} in space {o.space}")
                             for i, o in enumerate(state.heroes)
                             if i != seat and o.space not in (VILLAGE, STYX, here))
                hc = state.hc
                if hc is not None and hc.companion and hc.companion_at not in (
                        "carrier", here):
                    opts += (("companion", f"your companion in space {hc.companion_at}"),)
                if opts:
                    out.append(move("skill_used", f"Skill: {name}", seat, mid=f"skill:{sk}",
                                    skill=sk, section="Hero Swapping!", choices=(
                                        Choice("target", "Swap with", opts),)))
            else:
                from d6tui.games.d6_board.combat import enemy_label, is_monster
                for t in state.engaged:
                    if t.startswith(CUBE) or not is_monster(state, t):
                        continue
                    if sk == "animal_handling" and state.kind(t)["class"] != "beast":
                        continue
                    if not pushable(state, t):
                        continue
                    out.append(move("skill_used", f"Skill: {name} on the "
                                    f"{enemy_label(state, t)}", seat, mid=f"skill:{sk}:{t}",
                                    skill=sk, target=t, section="Perform a Skill"))
        elif when == "turn" and not engaged:
            if sk == "pathfinder":
                for to in (t for t in state.links(here) if not fx.barred(state, seat, t)):
                    out.append(move("skill_used", f"Skill: {name} to {to}", seat,
                                    mid=f"skill:{sk}:{to}", skill=sk, target=to,
                                    section="Perform a Skill"))
            else:
                out.append(move("skill_used", f"Skill: {name}", seat, mid=f"skill:{sk}",
                                skill=sk, section="Perform a Skill"))
    names = state.content["potions"]
    for p in dict.fromkeys(b for b in h.bottles if b):
        if p == "wingso" and here != VILLAGE and not fx.barred(state, seat, VILLAGE):
            out.append(move("potion_drunk", f"Drink {names[p]['name']} (fly to the Village)",
                            seat, mid=f"potion:{p}", potion=p, section="Drink a Potion"))
        elif p == "acupunch" and h.chib:
            out.append(move("potion_drunk", f"Drink {names[p]['name']} (back to your hero)",
                            seat, mid=f"potion:{p}", potion=p, section="Chibbing Out"))
        elif p == "grapejib" and not engaged:
            out.append(move("potion_drunk", f"Drink {names[p]['name']} (one more action)",
                            seat, mid=f"potion:{p}", potion=p, section="Drink a Potion"))
        elif p == "healing" and h.hp < int(state.rules["hp"]):
            out.append(move("potion_drunk", f"Drink {names[p]['name']} (+1 HP)", seat,
                            mid=f"potion:{p}", potion=p, section="Drink a Potion"))
        elif p == "shadow" and not engaged and not state.sneak:
            out.append(move("potion_drunk", f"Drink {names[p]['name']} (sure stealth)",
                            seat, mid=f"potion:{p}", potion=p, section="Drink a Potion"))
    if engaged and not h.chib and here not in (VILLAGE, STYX) and not winning(state):
        out.append(move("chibbed_out", "Chib out (flip to your chib, run to an adjacent "
                        "space)", seat, mid="chib", section="Chibbing Out", choices=(
                            Choice("to", "Run to", tuple(
                                (s, space_name(s)) for s in state.links(here)
                                if not (s == VILLAGE and fx.werewolf(state, seat)))),)))
    seen = set()
    for cid in h.hand:
        if not cid.startswith("Q"):
            continue
        card = state.card(cid)
        if card["banner"] != "green" or card["name"] in seen:
            continue
        eff = card["effect"]
        ok = ((eff == "gold" and not fighting) or (eff == "heal" and h.hp < int(
            state.rules["hp"])) or (eff == "action" and not engaged)
            or (eff == "potion" and alchemy_options(state, seat) and not fighting)
            or (eff == "escape" and engaged))
        if not ok:
            continue
        seen.add(card["name"])
        choices = ()
        if eff == "escape":
            choices = (Choice("to", "Slip away to", tuple(
                (s, space_name(s)) for s in state.links(here) if not fx.barred(state, seat, s))),)
        out.append(move("card_played", f"Play {card['name']} ({eff})", seat,
                        mid=f"play:{cid}", card=cid, choices=choices,
                        section="Heroic Quest Cards"))
    prices = state.rules["prices"]
    from d6tui.games.d6_board.effects import hand_limit
    if h.gold >= int(prices["advantage_card"]) and fx.held(state, seat) < hand_limit(state, seat) \
            and not fighting:
        out.append(move("card_bought", f"Buy an Advantage card ({prices['advantage_card']} "
                        "gold)", seat, mid="buy", section="Buy Advantage Cards"))
    if h.gold >= int(prices["cash_cube"]) and not engaged and state.hc is None:
        out.append(move("cube_hired", ("Rehire" if h.cube else "Hire") + " your Cash Cube "
                        f"({prices['cash_cube']} gold)", seat, mid="cube",
                        section="Cash Cube", choices=(Choice("space", "Place it in", tuple(
                            (s, f"space {s}") for s in state.spaces() if s != h.cube)),)))
    out += _bribes(state, seat, engaged)
    if h.hand and not engaged:
        out.append(move("card_discarded", "Discard a card", seat, mid="discard",
                        section="Shuffle and Draw", choices=(Choice("card", "Card to discard",
                            tuple((c, state.card(c)["name"]) for c in h.hand)),)))
    return out


def _bribes(state: Board, seat: int, engaged: bool) -> list[Move]:
    """The Mercenary Cube homebrew's moves: buy another hunter's deployed Cube."""
    from d6tui.games.d6_board.homebrews import MERCENARY_PRICE, on
    from d6tui.games.d6_board.state import same_team

    if not on(state, "mercenary") or engaged or state.heroes[seat].gold < MERCENARY_PRICE:
        return []
    out = []
    for e in state.enemies:
        if e.token.startswith(CUBE) and e.kind == "cash_cube":
            owner = int(e.token[len(CUBE):])
            if not same_team(state, seat, owner):
                out.append(move("cube_bribed", f"Mercenary Cube: turn "
                                f"{state.heroes[owner].name}'s Cube against them "
                                f"({MERCENARY_PRICE} gold)", seat, mid=f"bribe:{owner}",
                                owner=owner, section="Mercenary Cube"))
    return out
