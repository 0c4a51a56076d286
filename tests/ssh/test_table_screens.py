"""The lobby's table screen with a stand-in for the server: it shows the seat's status and
moves, asks a move's choice, sends the move, and redraws on a change notice."""

from __future__ import annotations

import asyncio

from textual.app import App

from d6tui.ui.screens.tables import ChoicePrompt, TableChanged, TableScreen


class FakeClient:
    """Answers like the tables service; remembers what was sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []
        self.pot = 0

    async def request(self, op, **fields):
        self.sent.append((op, fields))
        if op == "state":
            return {"code": "ABCD", "seat": 0, "status": f"Ann to play, pot {self.pot}",
                    "over": False, "view": {"pot": self.pot}, "events": 1,
                    "moves": [{"id": "play", "label": "Play a card", "seat": 0, "section": "",
                               "dice": [], "choices": [{"name": "card", "prompt": "Which card?",
                                                        "options": [["A", "Ace"], ["B", "Bee"]],
                                                        "min": 1, "max": 1}]}]}
        return None


def test_a_move_with_a_choice_is_asked_then_sent_and_a_notice_redraws():
    client = FakeClient()

    async def main():
        app = App()
        async with app.run_test(size=(90, 30)) as pilot:
            screen = TableScreen(client, "ABCD")  # type: ignore[arg-type]
            app.push_screen(screen)
            await pilot.pause(0.2)
            assert "Table ABCD (seat 1): Ann to play, pot 0" in str(
                screen.query_one("#table-status").render())
            screen.query_one("#table-moves").focus()
            await pilot.press("down", "enter")
            await pilot.pause(0.2)
            assert isinstance(app.screen, ChoicePrompt)
            await pilot.press("down", "enter")  # the first is highlighted: Bee
            await pilot.pause(0.2)
            assert ("play", {"code": "ABCD", "move": "play", "answers": {"card": "B"}}) in \
                client.sent
            client.pot = 7
            screen.post_message(TableChanged("ABCD"))
            await pilot.pause(0.2)
            assert "pot 7" in str(screen.query_one("#table-status").render())
            screen.post_message(TableChanged("ZZZZ"))  # another table: nothing asked
            before = len(client.sent)
            await pilot.pause(0.1)
            assert len(client.sent) == before

    asyncio.run(main())
