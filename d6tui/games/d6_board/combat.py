"""Combat in the rulebook's seven steps (Part II "Specialty Hides" Step 1-7; "Enemy
Engagement"; Part V "Combat" and "Resolution").

1. The hero declares the enemy fought (a Cash Cube first; the enemy that won the last roll
   again). 2. Each other player may buff a monster or play red-bannered cards (a prompt each,
   quick to pass; only players holding a red card are asked). 3. The hero may turn in three
   specialty hides to transform a monster. 4. The hero picks the weapon. 5. Hero dice and the
   enemy die (rolled by the current GM) are rolled. 6. Hero buffs, Dogmud, skills, potions,
   escapes. 7. Resolution: the higher total wins; a tie is the hero's only with strength 6.

Decisions where the rulebook is silent: Critical doubles the whole roll of the weapons
played (both dice with Dual Wield); Holy Water is a D12 for the natural die alone (not in
chib form, not with a weapon card); the Hunters' Moon +2 and environment +1 count for
monsters only (never Guardians or Cash Cubes); a transformed monster has no bonus at all;
when several bounties fit a kill, the one worth most glory is taken.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.errors import EventError
from d6tui.engine.frozen import evolve
from d6tui.games.d6_board import alliance, hide_collection, hides, homebrews
from d6tui.games.d6_board import effects as fx
from d6tui.games.d6_board.act import faces, handles
from d6tui.games.d6_board.content import MONSTER_CLASSES
from d6tui.games.d6_board.state import CUBE, Board, Combat, Enemy, Prompt, same_team
from d6tui.words import article


def enemy_class(state: Board, token: str) -> str:
    """The class a token fights as: its transformed class, or its own."""
    c = state.combat
    if c is not None and c.enemy == token and c.transformed:
        if c.transformed in state.content["enemies"]:  # Hide Collection: a chosen monster
            return str(state.content["enemies"][c.transformed]["class"])
        return c.transformed
    if token.startswith(CUBE):
        return "cube"
    if hides.form(state, token):
        return str(state.content["enemies"][hides.form(state, token)]["class"])
    return str(state.kind(token)["class"])


def is_monster(state: Board, token: str) -> bool:
    """Monsters (not Guardians, not Cash Cubes) can be buffed and given HP ("Guardians")."""
    return not token.startswith(CUBE) and state.kind(token)["class"] in MONSTER_CLASSES


def enemy_die(state: Board, token: str) -> int:
    """The enemy's weapon: a D6 when transformed, D12 for a Cash Cube, its own die else;
    0 for a Plant of Eden, which does not roll ("Plants of Eden")."""
    c = state.combat
    kind = hides.kind_of(state, token, c.transformed if c is not None else "")
    if state.hc is not None and state.hc.specialty == "advanced" and (
            hides.form(state, token) or (c is not None and c.transformed)):
        # "Advanced Option": it fights with that monster's own weapon
        return int(state.content["enemies"][kind].get("die", 6))
    if c is not None and c.transformed:
        return 6
    return int(state.kind(token).get("die", 6))


def fixed_attack(state: Board, token: str) -> int:
    """The attack of an enemy with no die, a Plant of Eden ("Know Thine Enemy", Plants of
    Eden: 3, +1 for every other Plant on the board; the Overzealous homebrew's +1). The
    fight, the moves' labels and the map all take it from here."""
    k = state.kind(token)
    others = sum(1 for x in state.enemies if x.token != token
                 and not x.token.startswith(CUBE)
                 and state.kind(x.token).get("guardian") == "plant")
    return int(k.get("attack", 3)) + others + homebrews.overzealous(state)


def enemy_bonuses(state: Board) -> list[str]:
    """What :func:`enemy_total` adds to the enemy's die, in words, for notes and the log:
    ``["2 buffs", "1 environment", "2 Hunters' Moon"]`` ("Enemy Engagement"; empty for a
    transformed monster, a Plant's fixed attack and a mesmerized enemy's buffs)."""
    c = state.combat
    e = state.enemy(c.enemy) if c is not None else None
    if c is None or e is None:
        return []
    k = state.kind(c.enemy)
    if state.hc is not None and state.hc.specialty == "advanced" and (
            c.transformed or hides.form(state, c.enemy)):
        return [] if c.mesmerized or not e.buffs else [_buffs(e.buffs)]
    if c.transformed or k.get("guardian") == "plant":
        return []
    out = []
    if is_monster(state, c.enemy):
        if not c.mesmerized:
            if e.buffs:
                out.append(_buffs(e.buffs))
            if k.get("env") and k["env"] in state.env_at(e.space):
                out.append("1 environment")
            if k["class"] == "beast" and "beastie" in homebrews.castles(state, e.space):
                out.append("1 Buff the Beastie")
        if state.hunters_moon:
            out.append("2 Hunters' Moon")
    elif homebrews.overzealous(state):
        out.append(f"{homebrews.overzealous(state)} Overzealous Hunters' Moon")
    return out


def _buffs(n: int) -> str:
    return f"{n} buff" if n == 1 else f"{n} buffs"


def bonus_words(state: Board) -> str:
    """:func:`enemy_bonuses` as ``" (+1 environment, +2 Hunters' Moon)"``, or ``""``."""
    bits = enemy_bonuses(state)
    return f" ({', '.join('+' + b for b in bits)})" if bits else ""


def enemy_total(state: Board) -> int:
    """The enemy's combat total ("Enemy Engagement": die, buffs, environment, Hunters'
    Moon; "Plants of Eden": 3, +1 for every other Plant on the board)."""
    c = state.combat
    assert c is not None
    e = state.enemy(c.enemy)
    assert e is not None
    k = state.kind(c.enemy)
    if state.hc is not None and state.hc.specialty == "advanced" and (
            c.transformed or hides.form(state, c.enemy)):
        # the advanced form keeps buff coins, never the new monster's environment bonus
        return c.enemy_face + (0 if c.mesmerized else e.buffs)
    if c.transformed:
        return c.enemy_face
    if k.get("guardian") == "plant":
        return fixed_attack(state, c.enemy)
    total = c.enemy_face
    if is_monster(state, c.enemy):
        if not c.mesmerized:
            total += e.buffs
            if k.get("env") and k["env"] in state.env_at(e.space):
                total += 1
            if k["class"] == "beast" and "beastie" in homebrews.castles(state, e.space):
                total += 1  # Buff the Beastie curse castle
        if state.hunters_moon:
            total += 2
    else:
        total += homebrews.overzealous(state)
    return total



def mesmerize_helps(state: Board) -> bool:
    """Whether Mesmerize (the enemy's buffs and environment bonus count for nothing) would
    lower the enemy's total of the fight's roll now (house skill; "Perform a Skill")."""
    c = state.combat
    if c is None or c.step != "rolled" or c.mesmerized:
        return False
    return enemy_total(evolve(state, combat=evolve(c, mesmerized=True))) < enemy_total(state)


def hero_total(state: Board) -> int:
    """The hero's combat total: the dice (doubled by Critical) plus hero buffs, plus a
    solo companion's help ("Companions")."""
    c = state.combat
    assert c is not None
    bonus = hides.companion_plus(state, state.current, state.hero.space)
    return sum(c.faces) * (2 if c.critical else 1) + c.plus + bonus


def hero_wins(state: Board) -> bool:
    """Higher wins; a tie is a win only with strength 6 ("Enemy Engagement")."""
    h, e = hero_total(state), enemy_total(state)
    return h > e or (h == e and state.hero.stat("strength") == 6)


def _set_enemy(state: Board, token: str, **changes: Any) -> Board:
    return evolve(state, enemies=tuple(evolve(e, **changes) if e.token == token else e
                                        for e in state.enemies))


def _gm_prompts(state: Board, token: str) -> tuple[Prompt, ...]:
    out = []
    for i in range(1, len(state.heroes)):
        seat = (state.current + i) % len(state.heroes)
        if red_cards(state, seat, token):
            out.append(Prompt(seat, "gm_card"))
    return tuple(out)


def red_cards(state: Board, seat: int, token: str) -> list[str]:
    """The red-bannered cards ``seat`` may play on this fight (buffs and HP only on
    monsters)."""
    out = []
    for cid in state.heroes[seat].hand:
        if not cid.startswith("Q") or same_team(state, seat, state.current):
            continue  # Alliance: red Heroic Quest cards go on the other team only
        card = state.card(cid)
        if card["banner"] != "red":
            continue
        if card["effect"] in ("buff", "extra_hp") and not is_monster(state, token):
            continue
        out.append(cid)
    return out + alliance.playable(state, seat, token)


def _after_prompts(state: Board) -> Board:
    if state.combat is not None and state.combat.step == "gm" and not any(
            p.kind == "gm_card" for p in state.prompts):
        state = evolve(state, combat=evolve(state.combat, step="weapon"))
    return state


@handles("fight_declared")
def declared(state: Board, ev: dict, chance: Any) -> Board:
    """Step 1: the hero declares the fight; Step 2 prompts go to the other players."""
    token = ev["enemy"]
    if state.enemy(token) is None:
        raise EventError(f"{token} is not on the map")
    engaged = state.engaged if token in state.engaged else (*state.engaged, token)
    state = evolve(state, engaged=engaged, combat=Combat(token))
    state = fx.prompt(state, *_gm_prompts(state, token))
    state = _after_prompts(state)
    return evolve(state, note=f"{state.hero.name} fights the {state.kind(token)['name']}")


@handles("gm_played")
def gm_played(state: Board, ev: dict, chance: Any) -> Board:
    """Step 2: another player plays a red-bannered card on the fight."""
    p = state.prompts[0]
    seat, cid = p.seat, ev["card"]
    if cid not in red_cards(state, seat, state.combat.enemy if state.combat else ""):
        raise EventError(f"{cid} cannot be played now")
    card = state.card(cid)
    state = fx.discard(state, seat, cid)
    c = state.combat
    assert c is not None
    e = state.enemy(c.enemy)
    assert e is not None
    v = int(card.get("value", 1))
    eff = card["effect"]
    if eff == "buff":
        state = _set_enemy(state, e.token, buffs=e.buffs + v)
    elif eff == "extra_hp":
        state = _set_enemy(state, e.token, hp=e.hp + v)
    elif eff == "steal":
        take = min(v, state.hero.gold)
        state = fx.gain_gold(fx.gain_gold(state, state.current, -take), seat, take)
    elif eff in ("aid", "ward"):  # Alliance cards on a teammate's fight
        c = evolve(c, plus=c.plus + v) if eff == "aid" else evolve(c, ward=True)
        state = evolve(state, combat=c)
    elif eff == "ambush":
        state, token = fx.spawn(state, e.space, chance)
        if token:
            state = evolve(state, engaged=(*state.engaged, token))
    if not red_cards(state, seat, c.enemy):
        state = evolve(state, prompts=state.prompts[1:])
    state = _after_prompts(state)
    return evolve(state, note=f"{state.heroes[seat].name} played {card['name']}")


@handles("gm_passed")
def gm_passed(state: Board, ev: dict, chance: Any) -> Board:
    """Step 2: another player plays nothing."""
    who = state.heroes[state.prompts[0].seat].name if state.prompts else ""
    state = _after_prompts(evolve(state, prompts=state.prompts[1:]))
    return evolve(state, note=f"{who} played no card (Step 2)".strip())


@handles("monster_transformed")
def transformed(state: Board, ev: dict, chance: Any) -> Board:
    """Step 3: three specialty hides go back to the bag; the monster becomes a plain D6
    monster of the class chosen ("Specialty Hides")."""
    h = state.hero
    allowed = hides.monsters(state) if state.hc is not None else MONSTER_CLASSES
    if not all(h.specialty) or ev["klass"] not in allowed:
        raise EventError("three specialty hides and a monster class are needed")
    state = evolve(state, bag=state.bag | set(h.specialty))
    state = state.with_hero(state.current, specialty=("", "", ""))
    assert state.combat is not None
    state = evolve(state, combat=evolve(state.combat, transformed=ev["klass"]))
    if state.hc is not None and state.hc.specialty == "advanced":
        # "Advanced Option": it becomes that monster in every respect, for good
        forms = {**state.hc.forms, state.combat.enemy: ev["klass"]}
        state = hides.with_hc(state, forms=forms)
    name = state.content["enemies"].get(ev["klass"], {}).get("name", ev["klass"])
    return evolve(state, note=f"the monster became {article(name)}")


@handles("attacked")
def attacked(state: Board, ev: dict, chance: Any) -> Board:
    """Steps 4-5: weapons played (one-time cards are discarded) and the dice rolled."""
    c = state.combat
    assert c is not None
    seat = state.current
    weapons = list(ev.get("weapons", []))
    sides: list[int] = []
    ranged = critical = False
    extra = hides.extra_die(state, seat, weapons, bool(ev.get("holy")))
    for w in weapons:
        if w == "natural":
            sides.append(12 if ev.get("holy") else fx.natural_die(state, seat))
        else:
            card = state.card(w)
            sides.append(int(card["die"]))
            ranged = ranged or "ranged" in card.get("flags", [])
            critical = critical or "critical" in card.get("flags", [])
            state = fx.discard(state, seat, w)
    if ev.get("holy"):
        state = fx.gain_gold(state, seat, -int(state.rules["prices"]["holy_water"]))
    if extra:
        sides.append(extra)  # the Bird's D4
    rolled = [faces(ev, f"hero{i + 1}", s)[0] for i, s in enumerate(sides)]
    die = enemy_die(state, c.enemy)
    eface = faces(ev, "enemy", die)[0] if die else 0
    state = evolve(state, combat=evolve(c, step="rolled", dice=tuple(sides),
                                          faces=tuple(rolled), enemy_die=die,
                                          enemy_face=eface, ranged=ranged, critical=critical))
    against = eface or "a fixed attack"
    bits = "".join(f" + {b}" for b in enemy_bonuses(state))
    return evolve(state, note=f"rolled {'+'.join(map(str, rolled))} against {against}"
                   f"{bits}: {hero_total(state)} to {enemy_total(state)}")


@handles("hero_buffed")
def hero_buffed(state: Board, ev: dict, chance: Any) -> Board:
    """Step 6: an Advantage buff or a green card after the roll (+N, Critical, Shield
    Wall), or a reroll of one die (a card, or Dogmud for two gold)."""
    c = state.combat
    assert c is not None
    seat = state.current
    src = ev["source"]
    if src == "dogmud":
        state = fx.gain_gold(state, seat, -int(state.rules["prices"]["dogmud"]))
        eff = "reroll"
    elif src in ("cleave", "mesmerize"):
        state = state.with_hero(seat, used=(*state.hero.used, src))
        eff = "plus" if src == "cleave" else "mesmerize"
    elif src == "stoneskin":
        b = list(state.hero.bottles)
        b[b.index("stoneskin")] = ""
        state = state.with_hero(seat, bottles=tuple(b))  # type: ignore[arg-type]
        eff = "plus"
    else:
        card = state.card(src)
        eff = card["effect"]
        state = fx.discard(state, seat, src)
    c = state.combat
    assert c is not None
    if eff == "reroll":
        i = int(ev["die"])
        face = faces(ev, "roll", c.dice[i])[0]
        f = list(c.faces)
        f[i] = face
        c = evolve(c, faces=tuple(f))
    elif eff == "plus":
        v = 2 if src in ("cleave", "stoneskin") else int(state.card(src)["value"])
        c = evolve(c, plus=c.plus + v)
    elif eff == "critical":
        c = evolve(c, critical=True)
    elif eff == "ward":
        c = evolve(c, ward=True)
    elif eff == "mesmerize":
        c = evolve(c, mesmerized=True)
    state = evolve(state, combat=c)
    return evolve(state, note=f"now {hero_total(state)} to {enemy_total(state)}"
                   f"{bonus_words(state)}")


def _kill(state: Board, token: str, chance: Any) -> Board:
    """The enemy is destroyed: coins, then bounty, hide, trophy or bag ("Enemy
    Engagement")."""
    seat = state.current
    e = state.enemy(token)
    assert e is not None
    cls = enemy_class(state, token)
    h = state.hero
    engaged = tuple(t for t in state.engaged if t != token)
    state = evolve(state, engaged=engaged, locked="")
    if token.startswith(CUBE):
        return evolve(fx.to_bag(state, token), note="the Cash Cube went home")
    state = fx.gain_gold(state, seat, int(state.rules["kill_gold"]))
    k = state.kind(token)
    name = k["name"]
    if state.hc is not None and (cls != "guardian" or k.get("guardian") in ("dragon",
                                                                         "kraken")):
        kind = hides.kind_of(state, token, state.combat.transformed if state.combat else "")
        return hide_collection.claim(state, token, kind)
    if cls == "guardian":
        if k.get("glory"):
            state = evolve(state, enemies=tuple(x for x in state.enemies if x.token != token))
            state = state.with_hero(seat, trophies=(*h.trophies, token))
            return evolve(state, note=f"slew the {name}: {k['glory']} glory")
        return evolve(fx.to_bag(state, token), note=f"slew the {name}")
    fits = [b for b in state.bounties if state.card(b)["class"] == cls
            and str(state.card(b)["space"]) == e.space]
    if fits and len(h.backpack) < 3:
        best = max(fits, key=lambda b: (int(state.card(b)["glory"]), b))
        state = evolve(fx.to_bag(state, token),
                        bounties=tuple(b for b in state.bounties if b != best))
        state = state.with_hero(seat, backpack=(*h.backpack, best))
        state = fx.flip_bounty(state, chance)
        state = fx.prompt(state, Prompt(state.gm, "spawn"))
        got = state.card(best)
        worth = "" if state.hc is not None else f" ({got['glory']} glory)"
        return evolve(state, note=f"slew the {name}: bounty {cls} in {e.space}{worth} to "
                                   "the backpack")
    state = evolve(state, enemies=tuple(x for x in state.enemies if x.token != token))
    board = state.content["gather_boards"][h.board]
    for i, want in enumerate(board["specialty"]):
        if want == cls and not h.specialty[i]:
            spec = list(h.specialty)
            spec[i] = token
            state = state.with_hero(seat, specialty=tuple(spec))  # type: ignore[arg-type]
            return evolve(state, note=f"slew the {name}: a specialty hide")
    if len(h.wild) < 2:
        state = state.with_hero(seat, wild=(*h.wild, token))
        if len(h.wild) == 1 and "" in h.specialty:
            state = fx.prompt(state, Prompt(seat, "convert"))
        return evolve(state, note=f"slew the {name}: a wild hide")
    return evolve(evolve(state, bag=state.bag | {token}),
                   note=f"slew the {name}: no room for its hide")


@handles("combat_resolved")
def resolved(state: Board, ev: dict, chance: Any) -> Board:
    """Step 7: the outcome. A win takes one HP off the enemy; a loss costs the hero an HP
    (a stat to poison; nothing with Ranged or Shield Wall). Buffs are discarded."""
    c = state.combat
    assert c is not None
    token = c.enemy
    win = hero_wins(state)
    ht, et = hero_total(state), f"{enemy_total(state)}{bonus_words(state)}"
    e = state.enemy(token)
    assert e is not None
    state = _set_enemy(state, token, buffs=0)
    state = evolve(state, combat=None)
    if win:
        if e.hp > 1:
            state = _set_enemy(state, token, hp=e.hp - 1)
            return evolve(state, locked=token, note=f"won {ht} to {et}: an HP coin is off")
        c2 = c
        state = evolve(state, combat=c2)  # the class it fought as decides the bounty
        state = _kill(state, token, chance)
        return evolve(state, combat=None, note=f"won {ht} to {et}; " + state.note)
    state = evolve(state, locked=token)
    if c.ranged or c.ward:
        return evolve(state, note=f"lost {ht} to {et}, but took no hit")
    seat = state.current
    if state.kind(token).get("class") == "poison":
        if all(v == 3 for v in state.hero.stats):
            return evolve(fx.die(state, seat), note=f"lost {ht} to {et}: poisoned to death")
        state = fx.prompt(state, Prompt(seat, "poison"))
        return evolve(state, note=f"lost {ht} to {et}: poisoned (drop a stat)")
    name = state.hero.name
    state = fx.lose_hp(state, seat)
    if state.heroes[seat].space == "S":
        return evolve(state, note=f"lost {ht} to {et}: {name} died")
    return evolve(state, note=f"lost {ht} to {et}: {name} lost an HP")


@handles("poisoned")
def poisoned(state: Board, ev: dict, chance: Any) -> Board:
    """A poisonous hit drops a stat of the hero's choice by one ("Poison")."""
    p = state.prompts[0]
    if p.kind != "poison":
        raise EventError("no poison is waiting")
    h = state.heroes[p.seat]
    if h.stat(ev["stat"]) <= 3:
        raise EventError("a stat of 3 cannot drop")
    state = fx.drop_stat(evolve(state, prompts=state.prompts[1:]), p.seat, ev["stat"])
    return evolve(state, note=f"{h.name}'s {ev['stat']} dropped by one")


@handles("hide_converted")
def converted(state: Board, ev: dict, chance: Any) -> Board:
    """Two wild hides: one becomes a specialty hide, the other goes back to the bag."""
    p = state.prompts[0]
    h = state.heroes[p.seat]
    token, slot = ev["token"], int(ev["slot"])
    if token not in h.wild or h.specialty[slot]:
        raise EventError("that hide cannot go there")
    spec = list(h.specialty)
    spec[slot] = token
    back = [t for t in h.wild if t != token]
    state = state.with_hero(p.seat, specialty=tuple(spec), wild=())  # type: ignore[arg-type]
    state = evolve(state, bag=state.bag | set(back), prompts=state.prompts[1:])
    return evolve(state, note="a wild hide became a specialty hide")


# -- moves ------------------------------------------------------------------------------


def enemy_label(state: Board, token: str) -> str:
    """``Gnoll (d6, 2 HP, +1 buff)``."""
    e = state.enemy(token)
    k = state.kind(token)
    bits = [f"d{k['die']}" if k.get("die") else f"attack {fixed_attack(state, token)}"]
    if e is not None and e.hp > 1:
        bits.append(f"{e.hp} HP")
    if e is not None and e.buffs:
        bits.append(f"+{e.buffs} buff")
    owner = ""
    if token.startswith(CUBE):
        owner = f"{state.heroes[int(token[len(CUBE):])].name}'s "
    return f"{owner}{k['name']} ({', '.join(bits)})"


def monster_summary(state: Board, e: Enemy) -> str:
    """An enemy on the map in a few characters (for the map and the log)."""
    return enemy_label(state, e.token)
