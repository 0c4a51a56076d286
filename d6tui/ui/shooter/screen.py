"""The D6 Shooter screen: a whole hot-seat game of 2-4 bounty hunters at 80x24.

Keys are fixed per action (``r`` roll, ``p`` press on, ``s`` stop...) and enabled only when the
rules list that action for the phase (:func:`d6tui.games.shooter.actions.legal_actions`); the
action bar always says whose turn it is and what they can do. Choices (which bandits to cash,
which store card, whose jail) are modal lists awaited in a worker.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Header, Static

from d6tui.engine.errors import RuleError
from d6tui.engine.session import Session
from d6tui.games.shooter.actions import Action, Choice, legal_actions
from d6tui.games.shooter.state import (
    RANKS,
    SHOOTER_DIE,
    ShooterState,
    card_rep,
    jail_rep,
    rep_needed,
)
from d6tui.ui.screens.game import GameScreen
from d6tui.ui.shooter.tray import tray_roll
from d6tui.ui.shooter.widgets import (
    BadgeCard,
    GameDeck,
    GeneralStore,
    InPlayArea,
    JailArea,
    phase_words,
)
from d6tui.ui.widgets.dice_tray import DiceTray, TrayRoll
from d6tui.ui.widgets.event_log import EventLogView
from d6tui.ui.widgets.fitted_footer import FittedFooter
from d6tui.ui.widgets.static_text import same_rows
from d6tui.words import plural

#: The fixed key of each action the rules may offer (actions without one use its number).
ACTION_KEYS: dict[str, str] = {
    "roll": "r",
    "contest_roll": "r",
    "press_on": "p",
    "stop": "s",
    "draw": "d",
    "buy": "b",
    "cash_rep": "c",
    "skull_reroll": "x",
    "give_up": "g",
    "end_turn": "e",
    "accept": "a",
    "take_reward": "y",
    "decline_reward": "n",
}

#: Actions that play a General Store card from the hand (key ``k`` lists them).
CARD_ACTIONS = frozenset({
    "play_reload", "play_surrounded", "play_dynamite", "play_falsely_accused", "play_transfer",
    "play_shackles", "horseback", "night_watch",
})

#: Binding action names that stand for several rules actions.
_ALIASES: dict[str, tuple[str, ...]] = {"roll": ("roll", "contest_roll")}

_NONE = "\x00none"

#: Outcomes (``state.outcome["outcome"]``) announced in a notification, with its title and
#: whether the player lost something ("Drawing a Bandit Card", "Card Index").
ANNOUNCED: dict[str, tuple[str, bool]] = {
    "failed": ("The hunt failed", True),
    "escaped": ("Escape!", True),
    "broke_out": ("Jail Break!", True),
    "blew": ("Dynamite!", True),
    "fizzled": ("The Dynamite fizzled", False),
    "won": ("Won", False),
    "tie": ("A tie", False),
    "promoted": ("Promoted", False),
}

#: Engine events that are not moves of the game (the outcome line skips them).
_ENGINE_EVENTS = frozenset({"undone", "redone", "retitled", "note"})


def _act(name: str, key: str, description: str, tooltip: str) -> Binding:
    # Not in the Footer: the action bar lists every action with its key, and at 80 columns a
    # Footer holding them all lost "? Help" off its end.
    return Binding(key, f"act('{name}')", description, id=f"shooter.{name}", tooltip=tooltip,
                   show=False)


#: Columns of the Header that are not the title: its icon (8) and the clock space (10).
_HEADER_CHROME = 18

#: The terminal size (columns, rows) from which the log sits under the table, full width.
STACKED = (160, 45)


class ShooterScreen(GameScreen):
    """A D6 Shooter game, hot-seat: every player uses the same keyboard in turn.

    Args:
        session: a D6 Shooter session.
    """

    AT_A_TABLE = True
    CSS_PATH: ClassVar[Any] = [*GameScreen.CSS_PATH, Path(__file__).with_name("screen.tcss")]

    BINDINGS = [
        _act("roll", "r", "Roll", "Roll the free dice (On Your Turn, Drawing a Bandit Card)"),
        _act("draw", "d", "Draw", "Draw the top card of the Game deck (On Your Turn)"),
        _act("press_on", "p", "Press on", "Hunt another bandit with the dice left"),
        _act("stop", "s", "Stop", "Take the captured bandits to your jail; the turn ends"),
        _act("skull_reroll", "x", "Skull re-roll", "Deputy/Sheriff: bring a skull die back"),
        _act("give_up", "g", "Give up", "Give up the hunt; bandits in play are lost"),
        _act("buy", "b", "Buy", "Buy a General Store card with bandits' reward"),
        _act("cash_rep", "c", "Cash Rep", "Cash jailed bandits' Rep for a promotion"),
        _act("accept", "a", "Accept", "Let the Escape, Jail Break or Dynamite happen"),
        _act("take_reward", "y", "Take card", "Take a General Store card as your reward"),
        _act("decline_reward", "n", "Decline", "Decline the reward"),
        _act("end_turn", "e", "End turn", "End the turn; play passes to the left"),
        Binding("k", "play_card", "Play card", id="shooter.play_card", show=False,
                tooltip="Play a General Store card from your hand"),
        Binding("t", "table_dice", "Table dice", id="shooter.table_dice", show=False,
                tooltip="Type the faces of real dice for the next roll"),
        Binding("j", "jails", "Jails", id="shooter.jails",
                tooltip="Every player's hand and jail in full"),
        Binding("T", "toggle_table_mode", "Always table dice", show=False,
                id="shooter.table_mode", tooltip="Ask for table dice on every roll"),
        *[Binding(str(n), f"nth({n})", f"Action {n}", show=False, id=f"shooter.action{n}",
                  tooltip="the action with that number in the action bar")
          for n in range(1, 10)],
    ]

    HELP = """\
D6 Shooter for 2 to 4 players, hot-seat: pass the keyboard around. Each of you is a bounty
hunter racing to become **Marshal** by capturing bandits and cashing in their Rep.
Rulebook sections are named in quotes.

## The screen

- **Top line**: the game's title (cut short if it must be) and whose turn it is with what it
  waits for; the line under it says the same in words.
- **What just happened** (» line): the latest move in the log's words, marked ! when
  something was lost (a failed hunt, an Escape, a Jail Break, Dynamite); a failed hunt, a
  loss, a won challenge or contest and a promotion are also announced in a notice.
- **Badge cards** (left): ► marks whose turn it is. Rank, Rep in jail against the Rep the
  next badge needs, the badge's ability. Under each badge: cards in hand and the **jail**
  (shackled bandits are marked). A jail too long for its line ends in "+N more (j)": `j`
  shows every hand and jail in full.
- **Game deck** and **General Store** (right), with the hand of the player who acts.
- **In Play** area: bandits captured this turn and the bandit being hunted, with its
  symbols (✓ = matched).
- **Dice tray**: the latest roll die by die, and whether d6tui rolled it or it was typed from
  table dice. Faces show a symbol and a letter: ♥H heart, ♠S spade, ♣C club, ♦D diamond,
  ★J joker, ☠X skull.
- **Action bar** (above the keys): everything the player can do now, each with its key.
  After a capture the dice tray says how many dice you press on with (every die but the
  skulls) and warns that a bandit needing more symbols than that fails at once.

## A turn ("On Your Turn")

Before drawing you may buy one store card (`b`), cash Rep (`c`) or play a card (`k`).
Then draw (`d`) the top card into the In Play area. An event card is dealt with at once
("Drawing an Event Card"); most end the turn.

## Hunting ("Drawing a Bandit Card")

Roll (`r`) up to three times to show every symbol on the bandit. Dice that match stay put
(d6tui sets them aside for you), a joker matches any symbol, and a skull is lost for the rest
of the turn. After a capture, press on (`p`) with the dice you have left, or stop (`s`) and
take every bandit in play to your jail ("If you successfully capture a bandit..."). A failed
hunt, or giving up (`g`), loses every bandit in play; your jail is safe.

## Badges ("Cashing in Reputation Points")

At the start or end of your turn, cash jailed bandits (`c`): 6 Rep makes a Deputy (one skull
re-roll a turn, `x`), 8 more a Sheriff (two), 10 more a Marshal, who wins. Cashed cards are
discarded and Rep beyond the need is lost.

## Store cards ("General Store Cards", "Card Index")

One purchase a turn, two cards in hand at most, paid with jailed bandits' reward money (no
change given). "Card Index: Reload" brings every skull die back before a roll. Horseback
answers an Escape, Night Watch a Jail Break or Dynamite. Shackles protect one or two jailed
bandits. Falsely Accused and Transfer Prisoner take an unshackled bandit from another jail.
Dynamite blows up another jail on three skulls. We Have You Surrounded captures the drawn
bandit before its first roll.

## Table dice

Press `t` before a roll to type the faces of real dice: "h s j", "heart spade joker" or
"1 5 6" (1-6 in the order heart, spade, club, diamond, joker, skull). `T` asks on every roll
(at a shared table `T` is the server's Tables key instead).
Typed dice are checked and saved as table dice.

## House decisions

The rulebook leaves some things open; d6tui decides (see d6tui/games/shooter/rules.py):

- The card mix, rewards and store prices are house values (marked as such in the card file).
- Matching dice are kept automatically, exact suits before jokers.
- A skull re-roll uses no roll and may also be spent before a bandit's first roll.
- Escape or Jail Break with nothing to hit is discarded and you draw again.
- Dice events (Pan for Gold, Stop Bar Brawl, Stop Robbery) use six fresh dice; skulls are
  not lost. With a full hand you give up a card to take the reward, or decline.
- A Shooting Contest is against the next player; ties start over. The won card sits in the
  winner's jail worth 2 Rep and is never lost.
- An empty Game deck is refilled by shuffling the discard pile.

Everything is saved as it happens: quit at any moment (`q`) and open the save later to go on
from the same point. Undo (`u`) keeps the undone step in the log, struck through.
"""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.legal: list[Action] = []
        self._shown: dict[str, Text] = {}  # each line's text as drawn (see _show)

    @property
    def shooter_state(self) -> ShooterState:
        """The folded game state."""
        return self.session.state

    def compose(self) -> ComposeResult:
        state = self.shooter_state
        yield Header()
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="banner")
                yield Static(id="outcome")
                with Horizontal(id="table"):
                    with Vertical(id="players"):
                        for i in range(len(state.players)):
                            yield BadgeCard(i, id=f"badge-{i}")
                            yield JailArea(i, id=f"jail-{i}")
                    with Vertical(id="side"):
                        yield GameDeck(id="deck")
                        yield GeneralStore(id="store")
                yield InPlayArea(id="in-play")
                yield DiceTray(id="tray")
                yield Static(id="actions")
            log = EventLogView(id="log")
            log.border_title = "Log (l)"
            yield log
        yield FittedFooter()

    def on_mount(self) -> None:
        self._stack()
        super().on_mount()

    def _stack(self) -> None:
        """From :data:`STACKED` on, the log fills the rows under the dice, full width; under
        120 columns it is hidden (``l`` shows it), also when a big window is made small."""
        w, h = self.app.size
        self.query_one("#body").set_class(w >= STACKED[0] and h >= STACKED[1], "-stacked")
        if (w >= 120) != getattr(self, "_wide", None):
            self._wide = w >= 120
            self.query_one("#log").display = self._wide

    # -- drawing ----------------------------------------------------------------------------

    def refresh_game(self) -> None:
        """Re-render everything, then fit the top line to the window."""
        super().refresh_game()
        self.fit_header()

    def on_resize(self) -> None:
        self._stack()
        self.fit_header()

    def header_status(self, state: ShooterState) -> str:
        """Whose turn and what it waits for, short enough for the top line at 80 columns
        (the rank is on the badge card)."""
        if state.over:
            return f"{state.winner_name} is Marshal and wins"
        if not state.players:
            return ""
        p = state.players[state.current]
        if state.pending != state.current:
            return f"{p.name}'s turn: {state.players[state.pending].name} answers the Dynamite"
        r = (state.turn - 1) // len(state.players) + 1
        return f"{p.name}'s turn, round {r}: {state.phase.value}"

    def fit_header(self) -> None:
        """Title and status on the top line; the title gives way (with an ellipsis) so that
        what the turn waits for is never cut off."""
        status = self.header_status(self.shooter_state)
        if self.fit_table_header(status):  # the table's part (code, seat, away) kept whole
            return
        room = self.app.size.width - _HEADER_CHROME - len(" \u2014 ") - len(status) - 1
        title = self.session.title
        if len(title) > room:
            title = title[:max(room - 1, 0)].rstrip() + "\u2026" if room > 1 else ""
        self.title = title
        self.sub_title = status

    def render_state(self, state: ShooterState) -> None:
        """Pass the state to every widget and rebuild the banner and the action bar."""
        self.legal = legal_actions(state) if self.my_turn(state) else []
        self.query_one("#store", GeneralStore).hand_of = self.seat_here(...)
        for widget in self.query("BadgeCard, JailArea, GameDeck, GeneralStore, InPlayArea"):
            widget.update_view(state)  # type: ignore[attr-defined]
        self.query_one("#tray", DiceTray).roll = self.tray_roll(state)
        banner = Text(phase_words(state), style="bold")
        if self.table_mode:
            banner.append("   [table dice on every roll]", style="italic")
        self._show("banner", banner)
        self.show_outcome(state)
        self._show("actions", self.actions_text(state))

    def _show(self, name: str, text: Text) -> None:
        """Put ``text`` in the line ``#name``; the text it shows already is not drawn (nor
        laid out) again (a roll often leaves the banner or the action bar as it was), and a
        text that takes the same rows as the one shown is drawn without laying the screen
        out again (:func:`~d6tui.ui.widgets.static_text.same_rows`)."""
        old = self._shown.get(name)
        if old == text:
            return
        self._shown[name] = text
        line = self.query_one(f"#{name}", Static)
        line.update(text, layout=not (old is not None
                                      and same_rows(old, text, line.content_size.width)))

    def my_turn(self, state: ShooterState) -> bool:
        """Whether the keys may act: always at one keyboard; at a shared table when this
        terminal's seat is the one the game waits for."""
        return not self.at_table or (not state.over and self.table_seat == state.pending)

    def latest_text(self) -> str:
        """The latest game event still in effect, in words (what just happened), or ""."""
        history = self.session.history()
        for i in range(len(history) - 1, -1, -1):
            entry = history[i]
            if not entry.undone and entry.event.get("type") not in _ENGINE_EVENTS:
                return str(entry.text)
        return ""

    def show_outcome(self, state: ShooterState) -> None:
        """The outcome line under the banner: what the latest event did, a loss marked."""
        line = self.query_one("#outcome", Static)
        text = self.latest_text()
        outcome = str(state.outcome.get("outcome", ""))
        bad = ANNOUNCED.get(outcome, ("", False))[1]
        line.set_class(bad, "-loss")
        self._show("outcome", Text.assemble(("! " if bad else "\u00bb ", "bold"), text))

    def do(self, command: Any, *args: Any, **kwargs: Any) -> dict | None:
        """Run a game command; a decisive outcome (a failed hunt, an Escape's or a Jail
        Break's losses, a won contest, a promotion) is also announced in a notification."""
        event = super().do(command, *args, **kwargs)
        if event is not None:
            outcome = str(self.shooter_state.outcome.get("outcome", ""))
            if outcome in ANNOUNCED:
                title, bad = ANNOUNCED[outcome]
                self.notify(self.latest_text(), title=title, timeout=8, markup=False,
                            severity="warning" if bad else "information")
        return event

    def key_for(self, action: Action, number: int) -> str:
        """The key shown for ``action``: its fixed key (as the key map sets it) or its number."""
        name = action.name
        wanted = None
        for alias, names in _ALIASES.items():
            if name in names:
                wanted = f"act('{alias}')"
        wanted = wanted or f"act('{name}')"
        for key, active in self.active_bindings.items():
            if active.binding.action == wanted:
                return self.app.get_key_display(Binding(key, wanted))
        return str(number)

    def actions_text(self, state: ShooterState) -> Text:
        """``Ann to act:  r Roll 6 dice  g Give up ...`` or the winner."""
        out = Text()
        if state.over:
            out.append(f"{state.winner_name} is Marshal and wins! ", "bold")
            out.append("Undo (u) to go back, q to quit.")
            return out
        who = state.players[state.pending].name
        if not self.my_turn(state):
            out.append(f"Waiting for {who} to act.", "bold")
            out.append("  You: " + self.session.seat_name(), "italic")
            return out
        out.append(f"{who} to act:", "bold")
        for i, action in enumerate(self.legal, start=1):
            out.append("  ")
            out.append(f" {self.key_for(action, i)} ", "bold reverse")
            out.append(f" {action.label}")
        if any(a.rolls for a in self.legal):
            out.append("  ")
            out.append(" t ", "bold reverse")
            out.append(" table dice")
        return out

    def last_roll_source(self) -> str:
        """``"table"`` when the latest effective roll was typed from real dice, else ``"app"``."""
        for entry in reversed(self.session.history()):
            if entry.undone:
                continue
            roll = entry.event.get("roll")
            if isinstance(roll, dict):
                return str(roll.get("source", "app"))
        return "app"

    def tray_roll(self, state: ShooterState) -> TrayRoll:
        """The dice tray's content: the latest roll, what is kept and what is lost."""
        return tray_roll(state, self.last_roll_source)

    # -- actions ----------------------------------------------------------------------------

    def _named(self, name: str) -> Action | None:
        names = _ALIASES.get(name, (name,))
        for action in self.legal:
            if action.name in names:
                return action
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show a key only when the rules allow its action now."""
        if action == "act":
            return self._named(str(parameters[0])) is not None
        if action == "play_card":
            return any(a.name in CARD_ACTIONS for a in self.legal)
        if action == "table_dice":
            return any(a.rolls for a in self.legal)
        return super().check_action(action, parameters)

    def action_act(self, name: str) -> None:
        """Run the legal action called ``name`` (asking for its choices first)."""
        action = self._named(name)
        if action is None:
            self.notify(f"You cannot do that now: {phase_words(self.shooter_state)}.",
                        severity="warning", markup=False)
            return
        self.perform([action])

    def action_nth(self, n: int) -> None:
        """Run the ``n``-th action of the action bar."""
        if 1 <= n <= len(self.legal):
            self.perform([self.legal[n - 1]])

    def action_play_card(self) -> None:
        """Play a General Store card from the hand (a list when several can be played)."""
        cards = [a for a in self.legal if a.name in CARD_ACTIONS]
        if cards:
            self.perform(cards, prompt="Which card do you play?")

    def action_table_dice(self) -> None:
        """Type the faces of real dice for the next roll."""
        rolling = [a for a in self.legal if a.rolls]
        if not rolling:
            self.notify("There is nothing to roll now.", severity="warning", markup=False)
            return
        self.perform(rolling, table=True, prompt="Which roll do you make with table dice?")

    def jails_text(self) -> str:
        """Every player's rank, Rep, hand and jail in full (for ``j``; the badge area may
        have to cut a long jail short)."""
        from d6tui.ui.shooter.widgets import jail_parts

        state = self.shooter_state
        lines = []
        for p in state.players:
            hand = ", ".join(state.cards[c].name for c in p.hand) or (
                f"{plural(p.hidden, 'card')}, not shown to you" if p.hidden else "empty")
            jail = ", ".join(jail_parts(state, p)) or "empty"
            lines.append(f"{p.name} ({RANKS[p.rank]}, Rep {jail_rep(state, p)} in jail)\n"
                         f"  hand: {hand}\n  jail: {jail}")
        return "\n".join(lines)

    def action_jails(self) -> None:
        """Show every hand and jail in full."""
        from d6tui.ui.screens.modals import MessageModal

        self.app.push_screen(MessageModal("Hands and jails", self.jails_text()))

    @property
    def table_mode(self) -> bool:
        """Every roll asks for table dice (the game's table-dice setting, kept in the save)."""
        return self.session.table_all

    def action_toggle_table_mode(self) -> None:
        """Ask for table dice on every roll (or stop asking); the save keeps the choice."""
        if self._guard(lambda: self.session.set_table_dice(everyone=not self.table_mode)) \
                is None:
            return
        self.notify("Every roll now asks for table dice." if self.table_mode
                    else "d6tui rolls the dice again.", markup=False)
        self.refresh_game()

    @work(exclusive=True, group="shooter-action")
    async def perform(self, actions: list[Action], *, table: bool = False,
                         prompt: str = "What do you do?") -> None:
        """Pick among ``actions`` if several, ask its choices and table dice, then run it."""
        from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME, TableDiceInput
        from d6tui.ui.screens.modals import ChoiceModal

        action = actions[0]
        if len(actions) > 1:
            picked = await self.app.push_screen_wait(
                ChoiceModal(prompt, [(a.label, a) for a in actions]))
            if picked is None:
                return
            action = picked
        answers: dict[str, Any] = {}
        for choice in action.choices:
            answer = await self.app.push_screen_wait(self._choice_modal(action, choice, answers))
            if answer is None:
                return
            if answer != _NONE:
                answers[choice.param] = answer
        if table or self.table_mode:
            for param, count in action.rolls:
                who = action.player
                if param == "opponent_roll" and self.shooter_state.contest is not None:
                    who = self.shooter_state.players[self.shooter_state.contest.opponent].name
                roll = await self.app.push_screen_wait(TableDiceInput(
                    f"{action.label}: roll {count} Shooter "
                    f"{'die' if count == 1 else 'dice'} for {who} and type the faces.",
                    count, die=SHOOTER_DIE, roll_for_me=True))
                if roll is None:
                    return
                if roll is not ROLL_FOR_ME:
                    answers[param] = roll
        self.play(action.name, answers)

    def tally(self, action: Action, choice: Choice, answers: dict[str, Any],
              picked: list[str]) -> str:
        """The running total of a multiple choice: Rep against the promotion's need
        ("Cashing in Reputation Points"), or reward money against the price ("Reward")."""
        state = self.shooter_state
        if action.name == "cash_rep":
            rank = state.players[state.current].rank
            rep = sum(card_rep(state, c) for c in picked)
            return f"{rep} Rep of the {rep_needed(rank)} a {RANKS[rank]} needs to be promoted"
        if action.name == "buy" and choice.param == "paying" and answers.get("card"):
            card = state.cards[answers["card"]]
            money = sum(state.cards[c].reward for c in picked)
            return f"${money} of the ${card.price} {card.name} costs (no change given)"
        return ""

    def rule_problem(self, action: Action, answers: dict[str, Any]) -> str:
        """Why the rules would refuse ``action`` with ``answers`` ("" when they accept it).

        The command is only tried on the immutable state with throw-away dice: nothing is
        recorded and the game's dice are not used.
        """
        try:
            action.run(self.shooter_state, dice=None, **answers)
        except RuleError as e:
            return str(e)
        return ""

    def _choice_modal(self, action: Action, choice: Choice, answers: dict[str, Any]) -> Any:
        from d6tui.ui.screens.modals import ChoiceModal

        options: list[tuple[str, Any]] = list(zip(choice.labels, choice.options, strict=False))
        title = f"{action.player}: {choice.prompt}"
        note = action.label
        if action.name == "buy" and answers.get("card"):
            card = self.shooter_state.cards[answers["card"]]
            note = f"{action.label}: {card.name} costs ${card.price}"
        if choice.max == 1:
            if choice.min == 0:
                options.append(("none", _NONE))
            return ChoiceModal(title, options, note=note)
        last = choice is action.choices[-1]
        return ChoiceModal(
            title, options, multiple=True, minimum=choice.min, maximum=choice.max, note=note,
            tally=partial(self.tally, action, choice, dict(answers)),
            check=(lambda picked: self.rule_problem(
                action, {**answers, choice.param: picked})) if last else None)
