"""What the player who must act may do now: the legal-action API the screen and bots use.

:func:`legal_actions` lists :class:`Action` objects for the pending player. Each names a
command of :mod:`d6tui.games.shooter.commands`; run it through the session::

    for action in legal_actions(session.state):
        ...
    args = {"cards": ["B04", "B17"]}            # answers to action.choices
    session.do(action.command, dice=session.dice, **args)

Every command accepts ``dice`` (a :class:`~d6tui.engine.dice.Dice`) as a keyword, so a screen
may pass it to all of them. Commands that roll (``action.rolls`` not empty) also accept
``roll=`` (and ``opponent_roll=`` for a Shooting Contest): a dict made by
:func:`d6tui.engine.dice.table_roll_custom` from faces typed off real dice, or a list of typed
face names; the count must be the number in ``action.rolls``.

Choice answers: a :class:`Choice` with ``max == 1`` takes one option id (a str), or is left out
when ``min == 0``; otherwise a list of option ids with ``min <= len <= max``.

Rulebook sections: "On Your Turn", "Cashing in Reputation Points", "General Store Cards",
"Card Index".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from d6tui.games.shooter import commands as cmd
from d6tui.games.shooter.state import (
    CONTEST_DICE,
    HAND_LIMIT,
    KIND_NAMES,
    RANKS,
    ROLLS_PER_HUNT,
    Phase,
    ShooterState,
    card_rep,
    current_player,
    hand_card,
    jail_rep,
    jailed_bandits,
    rep_needed,
    unmatched,
)
from d6tui.words import plural

__all__ = [
    "Action",
    "Choice",
    "legal_actions",
    "find_action",
    "current_player",
    "rep_needed",
    "option_label",
]


@dataclass(frozen=True)
class Choice:
    """A selection the player must make before an action runs ("Card Index").

    Attributes:
        param: the command's keyword argument that receives the answer.
        prompt: the question, in a few words ("Bandits to cash in").
        options: the ids the player picks from (card ids or player names).
        labels: one display label per option ("B04 Dusty Pete (3 Rep, $2)").
        min: fewest options to pick (0 = may pick none).
        max: most options to pick; ``1`` means the answer is a single id.
    """

    param: str
    prompt: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    min: int = 1
    max: int = 1


@dataclass(frozen=True)
class Action:
    """One thing the pending player may do now ("On Your Turn").

    Attributes:
        name: stable id ("roll", "stop", "press_on", "draw", "buy", "cash_rep",
            "play_reload", "give_up", "skull_reroll", "end_turn", "horseback", "accept",
            "night_watch", "take_reward", "decline_reward", "contest_roll", "play_dynamite",
            "play_falsely_accused", "play_transfer", "play_shackles", "play_surrounded").
        label: short English for a Footer ("Roll 4 dice").
        command: ``command(state, *, dice=None, **answers) -> event payload``.
        player: name of the player who acts.
        choices: the selections to make first (see :class:`Choice`).
        rolls: ``(param, dice count)`` for each roll the command makes, so a screen can ask
            for faces typed from table dice (``roll`` and, in a contest, ``opponent_roll``).
        section: the rulebook section the action comes from (for help).
    """

    name: str
    label: str
    command: Callable[..., dict]
    player: str
    choices: tuple[Choice, ...] = ()
    rolls: tuple[tuple[str, int], ...] = ()
    section: str = ""

    def run(self, state: ShooterState, dice: Any = None, **answers: Any) -> dict:
        """Call the command on ``state`` (without a session).

        Args:
            state: the game.
            dice: the :class:`~d6tui.engine.dice.Dice` to roll with.
            **answers: the choices' answers and optional table ``roll``.

        Returns:
            The event payload.

        Raises:
            RuleError: the action is illegal with these answers.
        """
        return self.command(state, dice=dice, **answers)


def option_label(state: ShooterState, card_id: str) -> str:
    """A card as one line for a choice list ("Card Index").

    Args:
        state: the game.
        card_id: any card id.

    Returns:
        For a bandit ``"B04 Dusty Pete (3 Rep, $2)"``; for a store card its name and price; for
        a Shooting Contest card its name and 2 Rep.
    """
    c = state.cards[card_id]
    if c.kind == "bandit":
        return f"{c.id} {c.name} ({c.rep} Rep, ${c.reward})"
    if c.kind == "store":
        return f"{c.id} {c.name} (${c.price})"
    return f"{c.id} {c.name} ({card_rep(state, card_id)} Rep)"


def jail_of(state: ShooterState, card_id: str) -> str | None:
    """The name of the player whose jail holds ``card_id``, or None."""
    return next((p.name for p in state.players if card_id in p.jail), None)


def _cards_choice(state: ShooterState, param: str, prompt: str, ids: tuple[str, ...],
                  lo: int = 1, hi: int = 1, *, whose: bool = False) -> Choice:
    """A choice among cards; ``whose`` adds the jail each is in (for a pick among other
    players' jails: "Card Index: Falsely Accused", "Transfer Prisoner")."""
    labels = tuple(option_label(state, c) + (f", in {jail_of(state, c)}'s jail" if whose
                                             and jail_of(state, c) else "") for c in ids)
    return Choice(param, prompt, ids, labels, lo, hi)


def _start_or_end_plays(state: ShooterState, out: list[Action]) -> None:
    """Store cards playable in the start or end phase ("General Store Cards")."""
    p = state.players[state.current]
    name = p.name
    others = tuple(
        b for i, q in enumerate(state.players) if i != state.current
        for b in jailed_bandits(state, q, unshackled=True)
    )
    if others and hand_card(p, state, "falsely_accused"):
        out.append(Action(
            "play_falsely_accused", "Falsely Accused", cmd.play_falsely_accused, name,
            (_cards_choice(state, "bandit", "Bandit to discard", others, whose=True),),
            section="Card Index: Falsely Accused"))
    if others and hand_card(p, state, "transfer_prisoner"):
        out.append(Action(
            "play_transfer", "Transfer Prisoner", cmd.play_transfer, name,
            (_cards_choice(state, "bandit", "Bandit to move to your jail", others,
                           whose=True),),
            section="Card Index: Transfer Prisoner"))
    own = jailed_bandits(state, p, unshackled=True)
    if own and hand_card(p, state, "shackles"):
        out.append(Action(
            "play_shackles", "Shackles", cmd.play_shackles, name,
            (_cards_choice(state, "bandits", "Bandits to shackle", own, 1, min(2, len(own))),),
            section="Card Index: Shackles"))


def _cash_action(state: ShooterState, out: list[Action]) -> None:
    p = state.players[state.current]
    if p.rank < len(RANKS) - 1 and jail_rep(state, p) >= rep_needed(p.rank):
        need = rep_needed(p.rank)
        out.append(Action(
            "cash_rep", f"Cash {need} Rep", cmd.cash_rep, p.name,
            (_cards_choice(state, "cards", f"Cards to cash (need {need} Rep)", p.jail, 1,
                           len(p.jail)),),
            section="Cashing in Reputation Points"))


def legal_actions(state: ShooterState) -> list[Action]:
    """Everything the pending player may do now, in a sensible menu order.

    Args:
        state: the game.

    Returns:
        The actions (empty before the game starts and once someone is Marshal). Each has the
        command to run and the choices it needs; running one with valid answers never raises
        RuleError.
    """
    ph = state.phase
    if ph in (Phase.SETUP, Phase.OVER):
        return []
    p = state.players[state.current]
    name = p.name
    out: list[Action] = []
    if ph == Phase.START:
        _cash_action(state, out)
        if not state.bought and len(p.hand) < HAND_LIMIT and state.store_up:
            pay = jailed_bandits(state, p)
            money = sum(state.cards[b].reward for b in pay)
            afford = tuple(c for c in state.store_up if state.cards[c].price <= money)
            if afford:
                out.append(Action(
                    "buy", "Buy from the store", cmd.buy, name,
                    (_cards_choice(state, "card", "Store card to buy", afford),
                     _cards_choice(state, "paying", "Bandits to cash for it", pay, 1,
                                   len(pay))),
                    section="General Store Cards"))
        targets = tuple(
            q.name for i, q in enumerate(state.players)
            if i != state.current and jailed_bandits(state, q, unshackled=True)
        )
        if targets and hand_card(p, state, "dynamite"):
            out.append(Action(
                "play_dynamite", "Dynamite", cmd.play_dynamite, name,
                (Choice("target", "Whose jail to blow up", targets, targets),),
                section="Card Index: Dynamite"))
        _start_or_end_plays(state, out)
        out.append(Action("draw", "Draw a card", cmd.draw, name, section="On Your Turn"))
    elif ph == Phase.DRAW:
        out.append(Action("draw", "Draw again", cmd.draw, name, section="Drawing an Event Card"))
    elif ph == Phase.HUNT:
        sec = "Drawing a Bandit Card"
        if state.dice.free > 0 and state.rolls_used < ROLLS_PER_HUNT:
            n = state.dice.free
            out.append(Action("roll", f"Roll {plural(n, 'die', 'dice')}", cmd.roll, name,
                              rolls=(("roll", n),), section=sec))
        if state.rerolls_left > 0 and state.dice.skulls > 0:
            out.append(Action("skull_reroll", "Re-roll a skull", cmd.skull_reroll, name,
                              rolls=(("roll", 1),), section="Cashing in Reputation Points"))
        if state.dice.skulls > 0 and state.rolls_used < ROLLS_PER_HUNT and hand_card(
                p, state, "reload"):
            out.append(Action("play_reload", "Reload", cmd.play_reload, name,
                              section="Card Index: Reload"))
        if state.rolls_used == 0 and hand_card(p, state, "we_have_you_surrounded"):
            out.append(Action("play_surrounded", "We Have You Surrounded", cmd.play_surrounded,
                              name, section="Card Index: We Have You Surrounded"))
        if state.dice.free < len(unmatched(state)):
            out.append(Action("give_up", "Give up", cmd.give_up, name, section=sec))
    elif ph == Phase.LAST_CHANCE:
        out.append(Action("skull_reroll", "Re-roll a skull", cmd.skull_reroll, name,
                          rolls=(("roll", 1),), section="Cashing in Reputation Points"))
        out.append(Action("give_up", "Give up", cmd.give_up, name,
                          section="Drawing a Bandit Card"))
    elif ph == Phase.CAPTURED:
        sec = "If you successfully capture a bandit you now have two options:"
        out.append(Action("press_on", "Press on", cmd.press_on, name, section=sec))
        out.append(Action("stop", "Stop and jail them", cmd.stop, name, section=sec))
    elif ph == Phase.ESCAPE:
        out.append(Action("horseback", "Play Horseback", cmd.horseback, name,
                          section="Card Index: Horseback"))
        out.append(Action("accept", "Let them escape", cmd.accept, name,
                          section="Card Index: Escape"))
    elif ph == Phase.JAIL_BREAK:
        out.append(Action("night_watch", "Play Night Watch", cmd.night_watch, name,
                          section="Card Index: Night Watch"))
        out.append(Action("accept", "Let them break out", cmd.accept, name,
                          section="Card Index: Jail Break"))
    elif ph in (Phase.CHALLENGE, Phase.DYNAMITE):
        n = state.dice.free
        kind = state.cards[state.resolving].effect
        out.append(Action("roll", f"Roll {plural(n, 'die', 'dice')}", cmd.roll, name,
                          rolls=(("roll", n),), section=f"Card Index: {KIND_NAMES[kind]}"))
    elif ph == Phase.REWARD:
        if state.store_up:
            choices = [_cards_choice(state, "card", "Store card to take", state.store_up)]
            if len(p.hand) >= HAND_LIMIT:
                choices.append(_cards_choice(state, "discard", "Hand card to give up", p.hand))
            out.append(Action("take_reward", "Take a store card", cmd.take_reward, name,
                              tuple(choices), section="General Store Cards"))
        out.append(Action("decline_reward", "Decline", cmd.decline_reward, name,
                          section="General Store Cards"))
    elif ph == Phase.CONTEST:
        c = state.contest
        assert c is not None
        mine, theirs = CONTEST_DICE - c.skulls[0], CONTEST_DICE - c.skulls[1]
        out.append(Action("contest_roll", "Shoot", cmd.contest_roll, name,
                          rolls=(("roll", mine), ("opponent_roll", theirs)),
                          section="Card Index: Shooting Contest"))
    elif ph == Phase.DYNAMITE_DEFENSE:
        target = state.players[state.target].name
        out.append(Action("night_watch", "Play Night Watch", cmd.night_watch, target,
                          section="Card Index: Night Watch"))
        out.append(Action("accept", "Let it blow", cmd.accept, target,
                          section="Card Index: Dynamite"))
    elif ph == Phase.END:
        _cash_action(state, out)
        _start_or_end_plays(state, out)
        out.append(Action("end_turn", "End turn", cmd.end_turn, name, section="On Your Turn"))
    return out


def find_action(state: ShooterState, name: str) -> Action | None:
    """The legal action called ``name``, if there is one now.

    Args:
        state: the game.
        name: an :attr:`Action.name`.

    Returns:
        The action, or None when it is not legal now.
    """
    for a in legal_actions(state):
        if a.name == name:
            return a
    return None
