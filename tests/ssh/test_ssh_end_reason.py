"""Why a session ended, as the server logs it (d6tui.server.ssh.end_reason): a client that
goes away while its screen is drawing makes the relay's write fail, and that is the client
leaving, not a crash (tests/ssh/test_limits_e2e.py had read 'crashed' under load)."""

from __future__ import annotations

import asyncio

from d6tui.server.ssh import end_reason


def _reason(pump_raises: bool | None = None, finished: str = "pump") -> str:
    async def main() -> str:
        async def relay() -> None:
            if pump_raises:
                raise BrokenPipeError("the channel is closed")

        async def forever() -> None:
            await asyncio.sleep(3600)

        tasks = {name: asyncio.create_task(relay() if name == finished else forever())
                 for name in ("pump", "reader", "watchdog", "kicked")}
        done, _ = await asyncio.wait(set(tasks.values()), return_when=asyncio.FIRST_COMPLETED)
        reason = end_reason(done, pump=tasks["pump"], kicked=tasks["kicked"],
                            watchdog=tasks["watchdog"])
        for t in tasks.values():
            t.cancel()
        return reason

    return asyncio.run(main())


def test_a_failed_write_to_the_client_is_the_client_leaving():
    assert _reason(pump_raises=True) == "client left"


def test_the_child_closing_its_terminal_is_a_quit():
    assert _reason(pump_raises=False) == "quit"


def test_the_other_ends():
    assert _reason(finished="reader") == "client left"
    assert _reason(finished="watchdog") == "idle"
    assert _reason(finished="kicked") == "logged in again"
