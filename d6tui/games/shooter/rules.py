"""D6 Shooter: the rules module the engine registry loads (``RULES``).

The rulebook (``d6-shooter-rulebook.txt``) leaves several things open. d6tui plays them as
follows; the help screen and README cite these decisions by their section.

Setup ("Setup")
    2-4 players with non-empty names of at most 20 characters (longer ones break the 80-column
    layout), unique ignoring case ("Ana" and "ana" would be told apart only by case); turn
    order is the order given and the first name starts. Options: ``players`` (list) and an
    optional ``seed``, a whole number from 0 to 2**63-1 (it must fit a TOML integer). Card
    ids: bandits B01-B70, events E01-E20, General Store S01-S10. The card table is house content
    (``d6tui/content/shooter_cards.toml``, overridable, see :mod:`.content`) and is stored in
    the ``game_started`` event so a save always replays the same. House event mix: Escape 5,
    Jail Break 4, Pan for Gold 3, Stop Bar Brawl 3, Stop Robbery 3, Shooting Contest 2. Store:
    one of each of the 8 kinds plus a second Horseback and a second Night Watch.

Dice ("Drawing a Bandit Card")
    Six dice per turn. A bandit hunt has up to 3 rolls; each roll rolls every free die. Dice
    showing a needed symbol are kept automatically (exact suits first, then jokers, wild, fill
    what is left); symbols match as a multiset, order irrelevant. Skulls are out for the rest of
    the turn. When every symbol is matched the bandit is captured.

Skull re-rolls ("Cashing in Reputation Points")
    Deputy 1, Sheriff 2 per turn. During a hunt, when a skull is out, one skull die comes back
    and is rolled at once; its face counts as part of the latest roll (it uses no roll). House
    addition: it may also be used before a bandit's first roll (after pressing on with skulls
    out). After the third roll with symbols unmatched, the player chooses to re-roll or give up
    if re-rolls could still complete the capture (a re-roll fills at most one symbol, so there
    must be at least as many re-rolls left and skull dice out as missing symbols); otherwise
    the capture fails at once. If the free dice are fewer
    than the unmatched symbols and no rescue remains (a re-roll, a Reload with a roll left, We
    Have You Surrounded before the first roll), the capture fails at once too; while a rescue
    remains the player may also give up. A promotion in the start phase grants the new rank's
    re-rolls for that turn.

Capture ("If you successfully capture a bandit you now have two options:")
    Press on: draw the next card using only the dice that are not skulls (every non-skull die is
    free again, the dice kept for the captured bandit included: :func:`.state.dice_left` is six
    minus the skulls out). A drawn bandit needing more symbols than that fails at once unless a
    rescue remains, as above; the event says why. Stop: the bandits in play go to the jail and
    the turn ends.

Escape ("Card Index: Escape", "Card Index: Horseback")
    With bandits in play they are all discarded and the turn ends (a failed capture does the
    same). With none in play the Escape is discarded and the player draws again. Horseback
    answers an Escape: the bandits in play go to the jail instead, and the turn ends.

Jail Break ("Card Index: Jail Break", "Card Index: Night Watch")
    With bandits in the jail, every unshackled bandit there is discarded (won Shooting Contest
    cards stay), the bandits in play go to the jail and the turn ends. With no bandit in the jail
    it is discarded and the player draws again. Night Watch answers it: nothing is lost, the
    bandits in play go to the jail, the turn ends. (The answer is offered only when an
    unshackled bandit is at risk.)

Dice challenges ("Card Index: Pan for Gold", "Stop Bar Brawl", "Stop Robbery")
    Six fresh dice, three rolls, keep dice showing the suit (diamond, heart, club), three are
    needed; skulls and jokers count for nothing and skulls are not lost for the turn. Success:
    take one face-up store card of choice (refilled from the face-down pile). With a full hand
    (2 cards) the player gives up one hand card to take it, or declines. Either way the turn
    ends and the bandits in play go to the jail.

Shooting Contest ("Card Index: Shooting Contest")
    The player and the one to their left (next in turn order) each hold 3 dice; each round rolls
    both sides (one command); skulls are kept, jokers count for nothing; the first to 3 skulls
    wins. Both reaching 3 in the same round is a tie: both start over with 3 dice. The winner
    puts the card in their own jail, worth 2 Rep, never lost to a Jail Break or Dynamite, with no
    reward value. The turn ends (bandits in play to the jail).

Outcomes (DESIGN "The log")
    Every event that decides something carries its outcome (captured, failed and why, what an
    Escape, Jail Break or Dynamite took, a dice challenge won or lost, the Shooting Contest's
    winner, a promotion), so the log says what happened; see ``fold.OUTCOME_KEYS``. The
    commands compute these facts from the state; loading checks them and refuses an event
    whose facts the rules do not give. Saves written before they existed lack them and load.

Dynamite ("Card Index: Dynamite")
    Played in the start phase on an opponent's jail holding an unshackled bandit. If the target
    holds Night Watch they may play it (both cards are discarded). Otherwise 6 dice, 3 rolls,
    keep skulls, 3 needed, jokers count for nothing. Success: every unshackled bandit of the
    target is discarded. The turn then goes on normally (the draw uses 6 fresh dice).

Other store cards ("Card Index")
    Falsely Accused (discard one unshackled bandit from another player's jail), Transfer
    Prisoner (move one into your jail) and Shackles (on 1-2 of your jailed bandits; permanent;
    protects them from Jail Break, Dynamite, Falsely Accused and Transfer Prisoner; it goes to
    the store discard when one of its bandits is cashed in, and the other is then free) are
    played in the start or end phase. We Have You Surrounded is played when a bandit is drawn,
    before its first roll: it is captured at once and the turn ends (bandits in play to jail).
    Reload is played in a hunt before a roll when skulls are out: every skull die comes back.
    Played store cards go to the store discard.

Turn ("On Your Turn", "General Store Cards")
    Start phase, before drawing: buy at most one store card per turn by cashing jailed bandits
    whose rewards add up to the price or more (no change; the bandits and their Rep are
    discarded); a hand holds 2 store cards at most; cash Rep; play store cards; then draw. End
    phase, after the hunt or event is over: cash Rep, play store cards, then end the turn;
    play passes to the next player in the list ("to the left").

Rep ("Cashing in Reputation Points")
    Choose jailed cards (bandits and Shooting Contest cards) whose Rep reaches the rank's need:
    Bounty Hunter to Deputy 6, Deputy to Sheriff 8, Sheriff to Marshal 10. They are discarded and
    any excess is lost; a selection short of the need is refused. Promotion to Marshal wins the
    game; every command after that is refused. Several promotions in one cashing window are
    allowed (the rulebook does not forbid them): with enough Rep in jail a player may cash 6 to
    become Deputy, then at once 8 more to become Sheriff, then 10 more to win, at the start or
    at the end of one turn. Each promotion is its own ``rep_cashed`` event with its own cards;
    a promotion in the start phase gives that turn the new rank's skull re-rolls.

Decks ("Setup")
    A card is decided when it is drawn: the Game deck and the face-down store pile are kept as
    unordered sets, and each draw (a card from the deck, the store cards turned face up) is
    stored in its event as ``drawn``, in the shape of a roll, so a save holds no card before
    its time. An empty Game deck is refilled by turning the discard pile into it (``reshuffled
    = true``); if both are empty the turn ends without a draw. An empty face-down store pile is
    refilled from the store discard the same way. Saves written before this stored both
    shuffled decks in ``game_started`` and each reshuffled order; they replay by that order.
    Cards are conserved: deck, discard, in play, every jail (with its Shackles), hands and the
    store (face up, face down, discard) always hold all 100 cards.
"""

from __future__ import annotations

from typing import Any

from d6tui.engine.dice import Dice
from d6tui.engine.errors import RuleError
from d6tui.engine.game import OptionField
from d6tui.engine.registry import GameRules
from d6tui.games.shooter import moves as shooter_moves
from d6tui.games.shooter import view as shooter_view
from d6tui.games.shooter.content import card_to_dict, load_cards
from d6tui.games.shooter.describe import describe
from d6tui.games.shooter.fold import FOLDS, fold
from d6tui.games.shooter.state import (
    RANKS,
    STORE_FACE_UP,
    Card,
    Phase,
    Player,
    ShooterState,
    card_rep,
)

#: Every event type D6 Shooter writes.
EVENT_TYPES = frozenset(FOLDS)

#: Longest player name ("Setup"): longer names break the 80-column layout.
NAME_MAX = 20

#: Largest seed: a TOML integer is a signed 64-bit number.
SEED_MAX = 2**63 - 1


def check_options(options: dict) -> dict:
    """Normalise the setup choices ("Setup").

    Args:
        options: ``{"players": [names...], "seed": int}`` (seed optional).

    Returns:
        The options with names stripped.

    Raises:
        RuleError: fewer than 2 or more than 4 players, an empty name, a name longer than
            :data:`NAME_MAX` characters, two names equal but for case, or a seed that is not a
            whole number from 0 to 2**63-1.
    """
    names = options.get("players")
    if not isinstance(names, list | tuple):
        raise RuleError("list the players' names", "Setup", field="players")
    names = [n.strip() if isinstance(n, str) else n for n in names]
    if not 2 <= len(names) <= 4:
        raise RuleError(f"D6 Shooter is for 2 to 4 players, not {len(names)}", "Setup",
                        field="players")
    seen: dict[str, str] = {}
    for n in names:
        if not isinstance(n, str) or not n:
            raise RuleError("every player needs a name", "Setup", field="players")
        if len(n) > NAME_MAX:
            raise RuleError(f"a player's name may have at most {NAME_MAX} characters; "
                            f"{n!r} has {len(n)}", "Setup", field="players")
        key = n.casefold()
        if key in seen:
            same = "the same name" if seen[key] == n else f"the same name ({seen[key]!r} and " \
                f"{n!r} differ only by case)"
            raise RuleError(f"two players have {same}", "Setup", field="players")
        seen[key] = n
    out: dict[str, Any] = {"players": names}
    seed = options.get("seed")
    if seed is not None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RuleError("the seed must be a whole number", "Setup")
        if not 0 <= seed <= SEED_MAX:
            raise RuleError(f"the seed must be a whole number from 0 to {SEED_MAX} "
                            "(it is saved as a 64-bit TOML integer)", "Setup")
        out["seed"] = seed
    return out


def start(options: dict, dice: Dice) -> dict:
    """The ``game_started`` payload: players, the card table, the store's face-up cards
    ("Setup").

    No deck order is stored: the Game deck and the face-down store pile stay unordered sets
    until a card is drawn (DESIGN "The log"). Only the three store cards dealt face up are
    drawn now, in ``drawn`` (the shape of a roll, ``{"dice": "draw store", ...}``).

    Args:
        options: checked options.
        dice: draws the face-up store cards.

    Returns:
        The payload.

    Raises:
        ContentError: the card files are wrong.
    """
    cards = load_cards()
    store = [c.id for c in cards if c.kind == "store"]
    return {
        "type": "game_started",
        "players": list(options["players"]),
        "cards": [card_to_dict(c) for c in cards],
        "drawn": dice.draw("store", store, min(STORE_FACE_UP, len(store))),
    }


def new_state(options: dict) -> ShooterState:
    """The empty state before ``game_started``.

    Args:
        options: the setup choices (unused: everything comes from the first event).

    Returns:
        A state in the ``setup`` phase.
    """
    return ShooterState()


def status(state: ShooterState) -> str:
    """One line: whose turn and what they are doing, or who won.

    Args:
        state: the game.

    Returns:
        The line.
    """
    if state.phase == Phase.SETUP:
        return "setting up"
    if state.over:
        return f"{state.winner_name} is Marshal and wins"
    p = state.player
    who = f"{p.name} ({RANKS[p.rank]})"
    if state.pending != state.current:
        return f"{who}'s turn: {state.pending_player.name} answers the Dynamite"
    return f"{who}'s turn, round {(state.turn - 1) // len(state.players) + 1}: {state.phase.value}"


def is_over(state: ShooterState) -> bool:
    """Whether someone is Marshal ("Cashing in Reputation Points").

    Args:
        state: the game.

    Returns:
        True once the game is won.
    """
    return state.over


def _plain(v: Any) -> Any:
    """A free-form value (an event's outcome facts) as JSON values: tuples as lists."""
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    if isinstance(v, Phase):
        return v.value
    return v


def _card(c: Card) -> dict:
    return {"id": c.id, "kind": c.kind, "name": c.name, "symbols": list(c.symbols),
            "rep": c.rep, "reward": c.reward, "effect": c.effect, "price": c.price,
            "source": c.source}


def _player(p: Player) -> dict:
    out = {"name": p.name, "rank": p.rank, "jail": list(p.jail),
           "shackles": [{"card": s.card, "bandits": list(s.bandits)} for s in p.shackles],
           "hand": list(p.hand)}
    if p.hidden:  # a player's ``hidden`` only when there are some
        out["hidden"] = p.hidden
    return out


def to_json(state: ShooterState) -> dict:
    """The state as JSON values (``d6tui replay --json``).

    Each dataclass is a dict of its fields in declaration order, tuples are lists and the
    phase is its value; built field by field (a generic walk of the ~100 cards cost about
    2 ms a call, and a seat's frame calls it for every view).

    Args:
        state: the game.

    Returns:
        A dict of plain values; ``winner`` is the Marshal's name (absent while nobody has
        won) and ``winner_seat`` their index in ``players``; a player's ``hidden`` (cards
        held but not shown, in a seat's view) only when there are some.
    """
    s = state
    contest = None if s.contest is None else {
        "opponent": s.contest.opponent, "skulls": list(s.contest.skulls),
        "rounds": s.contest.rounds}
    out = {
        "players": [_player(p) for p in s.players],
        "cards": {str(k): _card(c) for k, c in s.cards.items()},
        "deck": list(s.deck), "discard": list(s.discard), "in_play": list(s.in_play),
        "hunting": s.hunting, "resolving": s.resolving, "store_up": list(s.store_up),
        "store_down": list(s.store_down), "store_discard": list(s.store_discard),
        "phase": s.phase.value, "current": s.current, "pending": s.pending,
        "dice": {"kept": [{"face": d.face, "symbol": d.symbol} for d in s.dice.kept],
                 "free": s.dice.free, "skulls": s.dice.skulls},
        "rolls_used": s.rolls_used, "rerolls_left": s.rerolls_left, "bought": s.bought,
        "target": s.target, "contest": contest, "last_roll": list(s.last_roll),
        "last_roll_other": list(s.last_roll_other), "turn": s.turn, "note": s.note,
        "outcome": _plain(s.outcome), "deck_ordered": s.deck_ordered,
        "store_ordered": s.store_ordered,
    }
    if state.over:
        out = {"winner": state.winner_name, "winner_seat": state.winner, **out}
    return out


def report(state: ShooterState) -> str:
    """The table in a few lines for ``d6tui replay``: each player's badge, jail and hand.

    Args:
        state: the game.

    Returns:
        Text, one line per player plus the decks.
    """
    lines = []
    for i, p in enumerate(state.players):
        mark = "*" if state.over and i == state.winner else (">" if i == state.current else " ")
        jail = ", ".join(state.cards[c].name for c in p.jail) or "empty"
        hand = ", ".join(state.cards[c].name for c in p.hand) or "empty"
        rep = sum(card_rep(state, c) for c in p.jail)
        lines.append(f"{mark} {p.name}: {RANKS[p.rank]}, {rep} Rep in jail ({jail}); "
                     f"hand: {hand}")
    lines.append(f"  Game deck {len(state.deck)}, discard {len(state.discard)}")
    return "\n".join(lines)


def where(state: ShooterState) -> dict:
    """Where the game is now, for a note: the turn (from 1) and whose it is; "Setup" before
    the first turn ("Setup", "On Your Turn")."""
    if state.phase == Phase.SETUP or not state.players:
        return {"turn": 0, "label": "Setup"}
    turn = max(1, state.turn)  # counted from 1 as each turn begins
    if state.over:
        return {"turn": turn, "label": f"The end: {state.winner_name} is Marshal"}
    who = state.player.name
    return {"turn": turn, "player": who, "label": f"Turn {turn} \u00b7 {who}"}


def default_title(options: dict) -> str:
    """A new game's title ("D6 Shooter: Ann, Bob").

    Args:
        options: checked options.

    Returns:
        The title.
    """
    return "D6 Shooter: " + ", ".join(options["players"])


RULES = GameRules(
    slug="shooter",
    name="D6 Shooter",
    event_types=EVENT_TYPES,
    check_options=check_options,
    start=start,
    new_state=new_state,
    fold=fold,
    describe=describe,
    status=status,
    is_over=is_over,
    to_json=to_json,
    default_title=default_title,
    report=report,
    options=(
        OptionField("players", "Players", "names", help="2-4 players, in turn order, "
                    "separated by commas", name_max=NAME_MAX),
    ),
    moves=shooter_moves.moves,
    view=shooter_view.view,
    seats=shooter_moves.seats,
    seat_to_move=shooter_moves.seat_to_move,
    blurb="2-4 bounty hunters race to Marshal with six Shooter dice (hot-seat)",
    where=where,
)
