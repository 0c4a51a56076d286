"""``d6tui serve``: an SSH server where each connection plays d6tui in its own terminal.

Modules: :mod:`.keys` (host key, authorized keys with a name per key), :mod:`.limits`
(sessions, timeouts, rate, size), :mod:`.terminal` (one player's d6tui on a pty),
:mod:`.ssh` (asyncssh: auth, refusals, the session loop, the log), :mod:`.serve` (start-up),
:mod:`.launcher` (forks each session's d6tui already imported),
:mod:`.table` (a shared table: seats, spectators, one writer per log; no UI, no SSH),
:mod:`.service` (the tables, reached by each session over a socket pair bound to its key
name) and :mod:`.table_client` (the session's side, used by ``d6tui.ui.screens.tables``).

**One process per session, decided.** Each session runs ``python -m d6tui`` under a pty
of its own (on Linux forked from the session launcher, :mod:`.launcher`, which has d6tui
and Textual imported already: the same child at a quarter of the CPU), and the server
(one asyncio loop, asyncssh) only relays bytes, resizes the pty and enforces the limits.
The other design, one Textual app per channel inside the server's loop with a driver of
our own, was weighed and not taken, because:

- *Isolation.* A blocking call in any app (a save's ``fsync``, a long fold on the UI
  thread, a bug that loops) would freeze every player in a shared loop; a crash that takes
  the interpreter down (a C extension, memory) would drop them all. With a process each,
  the kernel schedules sessions apart and one dying closes one channel.
- *Fidelity.* The child uses Textual's own Linux driver on a real pty: the lone-Escape
  timeout, SIGWINCH resizes, bracketed paste and restoring the terminal are Textual's
  tested code, not a copy. The colour depth comes from the child's own environment (the
  client's ``TERM``/``COLORTERM``), where one process would have to patch each app's
  console; and Textual's ``stdout`` redirection, global per process, cannot be nested
  safely for apps that end in any order.
- *Cost, measured* (``bench/ssh_sessions.py --sessions 10 --keys 40``, this machine, 2
  shared cores, 2026-12): each session's child is a whole interpreter with Textual,
  38.5 MB resident (the server itself 43 MB with 10 sessions open), and 10 sessions took
  8.1 s to open one after another (about 0.8 s each). One more app inside a shared process
  measured only +1.5 MB (a first app 37.5 MB): the shared loop is some 25 times cheaper in
  memory, and that is the price paid for isolation. Latency is not the issue: a key's
  first redraw bytes came back over SSH in 3.7 ms median, 4.7 ms p95, against 2.5 ms and
  5.2 ms for a local d6tui on a pty in the same run. At the default limit of 50 sessions
  the children need about 2 GB: set ``--max-sessions`` to what the host can hold.
  With 50 sessions open (``bench/ssh_sessions.py --sessions 50 --keys 40``, 2026-12, the
  machine shared with other work): 40.1 MB per child, the server 47 MB; a key's redraw
  over SSH 8.5 ms median, 13.4 ms p95, against 6.5 and 16.3 ms locally (1.31x, 0.82x);
  another seat's terminal at a D6 Dungeon table showed a move 52 ms after its key
  (median; p95 86 ms), which includes the move's ``fsync`` and both screens' redraws.

Shared tables live in the server process (one writer per log, :mod:`.table`): a session's
child reaches them over two socket pairs made for it (:mod:`.service`), and gets only its
own seat's view (:mod:`.seat_frame`), which the game's own screen draws through a
Session-shaped proxy (:mod:`.seat_session`); tables and their seats are listed on disk and
reopened after a restart (:mod:`.table_index`). Each table's log still has one writer,
the table, whose moves run one at a time in a worker thread so their ``fsync`` never holds
the loop that relays every session's bytes.
Nothing in the server writes to stdout: events go to ``<data dir>/server.log``.
"""
