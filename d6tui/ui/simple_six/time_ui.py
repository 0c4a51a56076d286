"""The Simple Six screen's "let time pass" (key ``T``, the palette, the magic menu and
natural healing): a span typed in natural units, at rest or not, then one ``time_passed``
event that runs every rule waiting on time (:mod:`d6tui.games.simple_six.clock`)."""

from __future__ import annotations

from textual import on
from textual.widgets import Input, Label

from d6tui.engine.errors import DiceError, RuleError
from d6tui.games.simple_six import clock
from d6tui.games.simple_six.describe import describe
from d6tui.games.simple_six.move_rolls import table_rolls
from d6tui.ui.screens.dice_prompt import ROLL_FOR_ME, TableDiceInput
from d6tui.ui.screens.modals import ChoiceModal, TextPrompt
from d6tui.ui.simple_six.forms import WildDiceInput
from d6tui.ui.simple_six.host import SixHost


class SpanPrompt(TextPrompt):
    """Ask for a span of time ("3 days", "2 h", "10 rounds"); a span that does not read is
    told in one line under the field and the text stays there to fix. Dismisses the text.
    """

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__(title, value, placeholder='e.g. 3 days, 2 h, 10 rounds, 1 day 6 h')

    @on(Input.Changed)
    def _span_changed(self, event: Input.Changed) -> None:
        label = self.query_one("#error", Label)
        try:
            label.update("= " + clock.span_words(clock.parse_span(event.value)))
        except RuleError:
            label.update("")

    @on(Input.Submitted)
    def _span_submitted(self, event: Input.Submitted) -> None:
        event.prevent_default()  # the plain prompt's own Enter is not run
        try:
            clock.parse_span(event.value)
        except RuleError as e:  # one line: the section is the clock's, not news here
            self.query_one("#error", Label).update(e.reason)
            return
        self.dismiss(event.value.strip())


async def let_time_pass(screen: SixHost, value: str = "", rest: bool | None = None) -> None:
    """Ask how long and whether everyone rests, then let the time pass for the campaign.

    Args:
        screen: the Simple Six screen.
        value: the span to offer ("3 days").
        rest: None asks; True or False is given (natural healing rests; travel does not).
    """
    if screen.campaign.combat is not None:
        screen.notify("In a fight time passes by rounds (r); end the fight first (f).",
                      timeout=5)
        return
    span = await screen.app.push_screen_wait(SpanPrompt("Let time pass: how long?", value))
    if span is None:
        return
    rounds = clock.parse_span(span)
    if rest is None:
        rest = await screen.app.push_screen_wait(ChoiceModal(
            f"{clock.span_words(rounds)}: what does everyone do?",
            [("rest, uninterrupted (natural healing, failed casts cleared after an hour)",
              True),
             ("go on (travel, work, watch): no healing", False)]))
        if rest is None:
            return
    await run_time(screen, span, rest)


async def run_time(screen: SixHost, span: str, rest: bool) -> None:
    """Let ``span`` pass (at rest or not), with a notice of what the time brought. With
    table dice on for a side, the checks of its characters the time brings (Might to heal,
    Might against death, Body Points recovered) are asked in the one dice prompt, in the
    order they come; ctrl+r lets d6tui roll that one and every later one of the span."""
    if getattr(screen.session, "dice", None) is None:
        # a shared table: the clock is the game's move; the server rolls what it brings
        event = screen.play("time", {"span": span, "rest": "yes" if rest else "no"})
        if event is not None:
            screen.notify(describe(event, screen.campaign), title="Time passed", timeout=8,
                          markup=False)
        return
    typed_for = [m.id for m in screen.campaign.members if screen.typed_for(m.id)] \
        if screen.table_mode else []
    kw: dict = {}
    if typed_for:
        got = await _table_checks(screen, span, rest, typed_for)
        if got is None:
            return
        kw = {"rolls": table_rolls({"typed_for": typed_for, "typed": got[0],
                                    "typed_plain": got[1]})}
    event = screen.play("time", {"span": span, "rest": "yes" if rest else "no", **kw})
    if event is not None:
        # the spells that ran out, the healed, the dead: a notice as well as the log line
        screen.notify(describe(event, screen.campaign), title="Time passed", timeout=8,
                      markup=False)


async def _table_checks(screen: SixHost, span: str, rest: bool, typed_for: list[str]
                        ) -> tuple[list, list] | None:
    """The table's rolls for the checks of ``typed_for`` the span brings: a dry run with the
    session's dice (rewound) finds the next check to ask, until none is left. None when the
    GM gave up (Escape) or the span is refused (told in one line)."""
    rolls: list = []
    plains: list = []
    while True:
        try:
            payload = clock.pass_time(screen.campaign, span, rest=rest,
                                      dice=screen.session.dice, typed_for=typed_for,
                                      typed=rolls, typed_plain=plains)
        except (RuleError, DiceError) as e:
            screen.notify(str(e), title="Not allowed", severity="error", timeout=6)
            return None
        finally:
            screen.session.dice.rewind()
        asks = []
        for ch in payload.get("checks", ()):
            if "roll" in ch and ch.get("who") in typed_for:
                asks.append(("roll", ch))
                if isinstance(ch.get("recovered"), dict):
                    asks.append(("plain", ch))
        if len(asks) <= len(rolls) + len(plains):
            return rolls, plains
        kind, ch = asks[len(rolls) + len(plains)]
        name = screen.campaign.member(ch["who"]).sheet.name
        if kind == "roll":
            label = ch["roll"].get("label", "Might")
            typed = await screen.app.push_screen_wait(WildDiceInput(
                f"{label} for {name}, after {clock.span_words(int(ch.get('at', 0)))} of"
                f" {clock.span_words(clock.parse_span(span))}",
                ch["roll"]))
        else:
            count = len(ch["recovered"]["faces"])
            typed = await screen.app.push_screen_wait(TableDiceInput(
                f"{name} recovers Body Points: throw {count}D (Body Points)", count,
                roll_for_me=True))
        if typed is None:
            return None
        if typed == ROLL_FOR_ME:  # d6tui rolls this check and the rest of the span
            screen.notify("d6tui rolls the rest of this span's checks.", timeout=3)
            return rolls, plains
        if kind == "roll":
            rolls.append((list(typed[0]), list(typed[1])))
        else:
            plains.append(list(typed["faces"]))
