"""Multiple-choice lists read without colour ([x] / [ ]), keep a running total, and a pick the
rules refuse keeps the list open with the reason (cash Rep, buying from the store)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label, OptionList, Static

from d6tui.games.shooter.actions import find_action
from d6tui.games.shooter.bot import choose
from d6tui.ui.screens.modals import ChoiceModal
from d6tui.ui.shooter.screen import ShooterScreen
from tests.ui.helpers import make_app, new_shooter, sync, until


def _rows(modal: ChoiceModal) -> list[str]:
    options = modal.query_one("#choices", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def _picked_rows_are_marked_in_text(app, pilot) -> None:  # noqa: ANN001
    modal = ChoiceModal[str]("Which?", [("[b]Ann", "a"), ("Bob", "b")], multiple=True,
                             tally=lambda picked: f"{len(picked)} of 2")
    app.push_screen(modal)
    await pilot.pause()
    assert _rows(modal) == ["[ ] 1. [b]Ann", "[ ] 2. Bob"]
    await pilot.press("2")
    await pilot.pause()
    assert _rows(modal) == ["[ ] 1. [b]Ann", "[x] 2. Bob"]
    assert str(modal.query_one("#tally", Static).render()) == "1 picked: 1 of 2"
    await pilot.press("2")  # a second press unpicks
    await pilot.pause()
    assert _rows(modal)[1].startswith("[ ] ")
    await pilot.press("up", "space")  # Space toggles the row under the cursor
    await pilot.pause()
    assert modal.picked == {0}
    hint = " ".join(str(s.render()) for s in modal.query(".modal-hint"))
    assert "[x]" in hint and "[ ]" in hint


@sync
async def test_buying_by_keys_paying_too_little_and_q_over_a_list(
        saves: Path) -> None:
    """Seed 5's game, played by the bot until a buy is possible, at 80x24: a buy by keys
    through the choice lists (the card's list, then the paying list, which refuses an empty
    pick), undone; then a pick that pays too little for the dearest card keeps the list open
    with the reason and the pick, and paying enough buys it. Then, over a choice list, q
    quits the app."""
    session = new_shooter(saves, "Shopping", seed=5)
    while find_action(session.state, "buy") is None:
        action, answers = choose(session.state)
        session.do(action.command, dice=session.dice, **answers)
    state = session.state
    buy = find_action(state, "buy")
    assert buy is not None
    cards, paying = buy.choices
    dearest = max(range(len(cards.options)), key=lambda i: state.cards[cards.options[i]].price)
    card = state.cards[cards.options[dearest]]
    cheapest = min(range(len(paying.options)),
                   key=lambda i: state.cards[paying.options[i]].reward)
    assert state.cards[paying.options[cheapest]].reward < card.price
    app = make_app(saves, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShooterScreen)
        # first a buy by keys through the two lists: the first store card, paid with all
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal) and not app.screen.multiple
        await pilot.press("1")  # the first store card
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and modal.multiple
        await pilot.press("enter")  # nothing picked yet: refused, the list stays
        await pilot.pause()
        assert app.screen is modal
        for n in range(1, len(paying.options) + 1):
            await pilot.press(str(n))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        last = screen.session.events[-1]
        assert "bought" in screen.session.history()[-1].text, last
        assert cards.options[0] in screen.session.state.players[0].hand
        await pilot.press("u")  # undone: the store as it was, for the checks below
        await pilot.pause()
        assert screen.session.state == state

        await pilot.press("b", str(dearest + 1))
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal) and modal.multiple
        assert f"costs ${card.price}" in " ".join(str(s.render()) for s in modal.query(Static))
        await pilot.press(str(cheapest + 1), "enter")
        await pilot.pause()
        assert app.screen is modal  # refused, still open, the pick kept
        error = str(modal.query_one("#error", Label).render())
        assert f"costs ${card.price}" in error
        assert f"of the ${card.price} {card.name} costs" in str(
            modal.query_one("#tally", Static).render())
        for n in range(1, len(paying.options) + 1):
            if n != cheapest + 1:
                await pilot.press(str(n))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert card.id in screen.session.state.players[0].hand
        # then q quits while a choice list is open
        app.push_screen(ChoiceModal[str]("Which?", [("Ann", "a"), ("Bob", "b")], multiple=True))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def _q_is_typed_in_a_text_field(app, pilot) -> None:  # noqa: ANN001
    from textual.widgets import Input

    from d6tui.ui.screens.modals import TextPrompt

    prompt = TextPrompt("Name?")
    app.push_screen(prompt)
    await pilot.pause()
    prompt.query_one(Input).focus()
    await pilot.press("q")
    await pilot.pause()
    assert app.is_running and prompt.query_one(Input).value == "q"


@sync
async def test_long_lists_take_two_digit_numbers(saves: Path) -> None:
    from d6tui.ui.screens import modals

    # A digit waits NUMBER_WAIT seconds of wall time for the next one: long here, so that a
    # busy machine's stall between two presses cannot take the first digit alone (it did
    # at 0.8 s); short only where the wait itself is what is checked.
    real_wait = modals.NUMBER_WAIT
    modals.NUMBER_WAIT = 30.0
    try:
        await _two_digit_numbers(saves, modals, real_wait)
    finally:
        modals.NUMBER_WAIT = real_wait


async def _two_digit_numbers(saves: Path, modals: object, real_wait: float) -> None:
    app = make_app(saves)
    options = [(f"option {i}", i) for i in range(1, 16)]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        got: list[object] = []
        # "1" waits for a second digit; "2" makes it 12
        app.push_screen(ChoiceModal[int]("Which?", options), got.append)
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, ChoiceModal)
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is modal and modal.typed == "1"
        assert modal.query_one("#choices", OptionList).highlighted == 0
        assert "Number 1" in str(modal.query_one("#error", Label).render())
        await pilot.press("2")
        await pilot.pause()
        assert got == [12] and app.screen is not modal
        # "2": no option 20 or more, so it is taken at once
        app.push_screen(ChoiceModal[int]("Which?", options), got.append)
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert got[-1] == 2
        # "1" then Enter: option 1; "1" alone is taken after a moment
        app.push_screen(ChoiceModal[int]("Which?", options), got.append)
        await pilot.pause()
        await pilot.press("1", "enter")
        await pilot.pause()
        assert got[-1] == 1
        modals.NUMBER_WAIT = real_wait  # type: ignore[attr-defined]
        app.push_screen(ChoiceModal[int]("Which?", options), got.append)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause(real_wait + 0.4)
        assert await until(pilot, lambda: len(got) == 4)  # a loaded machine fires it late
        assert got[-1] == 1 and len(got) == 4
        modals.NUMBER_WAIT = 30.0  # type: ignore[attr-defined]
        # "0" first means nothing; "1" "0" is option 10
        app.push_screen(ChoiceModal[int]("Which?", options), got.append)
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceModal) and app.screen.typed == ""
        await pilot.press("1", "0")
        await pilot.pause()
        assert got[-1] == 10
        # a multiple choice: 1 2 toggles 12, Enter with a number pending toggles it first
        multi = ChoiceModal[int]("Which?", options, multiple=True)
        app.push_screen(multi, got.append)
        await pilot.pause()
        await pilot.press("1", "2")
        await pilot.pause()
        assert multi.picked == {11}
        await pilot.press("1", "enter")
        await pilot.pause()
        assert multi.picked == {0, 11} and app.screen is multi
        await pilot.press("enter")
        await pilot.pause()
        assert got[-1] == [1, 12]
        # a short list still picks at once
        app.push_screen(ChoiceModal[int]("Which?", options[:9]), got.append)
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert got[-1] == 1


async def _a_number_no_option_has_says_so(app, pilot) -> None:  # noqa: ANN001
    """Typing a number that no option has keeps the list open and says which numbers it
    has, in a short list, a long one and one numbered by the options' own numbers."""

    def error(modal: ChoiceModal) -> str:
        return str(modal.query_one("#error", Label).render())

    short = ChoiceModal[str]("Which?", [("Ann", "a"), ("Bob", "b"), ("Cy", "c")])
    app.push_screen(short)
    await pilot.pause()
    await pilot.press("7")
    await pilot.pause()
    assert app.screen is short and error(short) == "No option 7 here: type 1-3"
    await pilot.press("2")
    await pilot.pause()
    assert app.screen is not short
    long = ChoiceModal[int]("Which?", [(f"n{i}", i) for i in range(12)])
    app.push_screen(long)
    await pilot.pause()
    await pilot.press("9", "enter")  # 9 is an option: Enter takes it
    await pilot.pause()
    assert app.screen is not long
    long = ChoiceModal[int]("Which?", [(f"n{i}", i) for i in range(12)])
    app.push_screen(long)
    await pilot.pause()
    await pilot.press("0")  # no number of 1-12 starts with 0
    await pilot.pause()
    assert app.screen is long and error(long) == "No option 0 here: type 1-12"
    await pilot.press("escape")
    await pilot.pause()
    own = ChoiceModal[str]("Which space?", [("the Village", "V"), ("space 4", "4")],
                           numbers=[0, 4])
    app.push_screen(own)
    await pilot.pause()
    await pilot.press("2")
    await pilot.pause()
    assert app.screen is own and error(own) == "No option 2 here: type 0, 4"
    await pilot.press("4")
    await pilot.pause()
    assert app.screen is not own


async def _a_digit_and_enter_sent_together_keep_the_digits_pick(app, pilot) -> None:  # noqa: ANN001
    """A terminal sends "2" and Enter in one burst (a paste, tmux send-keys): both keys are
    queued before either is handled, and the pick of the digit still counts before Enter
    accepts the list."""
    from textual import events

    results: list[object] = []
    modal = ChoiceModal[str]("Who types?", [("Ann", "a"), ("Bob", "b")], multiple=True)
    app.push_screen(modal, results.append)
    await pilot.pause()
    app.post_message(events.Key("2", "2"))  # no wait between the two keys
    app.post_message(events.Key("enter", "\r"))
    for _ in range(20):
        await pilot.pause()
        if results:
            break
    assert results == [["b"]]
    one: list[object] = []
    app.push_screen(ChoiceModal[str]("Which?", [("Ann", "a"), ("Bob", "b")]), one.append)
    await pilot.pause()
    app.post_message(events.Key("2", "2"))
    app.post_message(events.Key("enter", "\r"))
    for _ in range(20):
        await pilot.pause()
        if one:
            break
    assert one == ["b"]


@sync
async def test_choice_lists_and_a_text_prompt_over_the_home_screen(saves: Path) -> None:
    """One app at 80x24, each dialog pushed over the home screen and gone before the next:
    picked rows are marked in text (:func:`_picked_rows_are_marked_in_text`), q is typed in a
    text field (:func:`_q_is_typed_in_a_text_field`), a number no option has says so
    (:func:`_a_number_no_option_has_says_so`), and a digit and Enter sent together keep the
    digit's pick (:func:`_a_digit_and_enter_sent_together_keep_the_digits_pick`)."""
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = app.screen
        for check in (_picked_rows_are_marked_in_text, _q_is_typed_in_a_text_field,
                      _a_number_no_option_has_says_so,
                      _a_digit_and_enter_sent_together_keep_the_digits_pick):
            await check(app, pilot)
            while app.screen is not home:  # a dialog the check left open
                app.pop_screen()
            await pilot.pause()
