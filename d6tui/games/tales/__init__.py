"""6x6 Tales: the pure rules of the solo game (rulebook R01-R10, events E01-E39, journal
J01-J09). Never imports Textual.

How it fits together:

- :mod:`.state` holds the frozen :class:`~.state.Tale` (hero J01, map J02, quests J04, days
  J05, fights J06, dungeon J07, the R10 step, a stack of awaited tasks, and the tale's own
  :class:`~.content.Content`).
- :mod:`.commands` are the player's commands on the turn and :mod:`.services` those of the
  places: ``command(state, ...) -> event payload``, raising ``RuleError(message, section)``,
  built by :mod:`.payloads`. Rolls take ``dice=`` or ``roll=`` (typed table dice), plus the
  Hobbit's ``cookie=`` and a Meeple's ``reroll=``. :func:`.legal.actions` lists every legal
  command now. A roll the cookie or a Meeple could change is held once seen (:mod:`.held`:
  ``dice_rolled``, then ``meeple_rerolled`` and ``roll_kept``), so that each is a move.
- :mod:`.play` folds one event (:func:`.play.apply`) and runs what needs no input
  (:func:`.play.settle`); :func:`.play.pending` says what the tale waits for, and
  :func:`.prompts.prompt` says it in words. :mod:`.fold` is the engine's fold over it.
- :mod:`.movement` (R04-R06), :mod:`.combat` (R08, R09), :mod:`.shops` (R07, E01, E08, E12,
  E15, E35), :mod:`.dungeon` (J07, J08) hold the rules; the booklet is :mod:`.booklet`
  (reading E01-E39), :mod:`.rolls` and :mod:`.choices` (what its rolls and choices do),
  :mod:`.quests` (J04), :mod:`.scoring` (E17, J09) and :mod:`.tables` (its d6 tables);
  :mod:`.island` is the grid.
- :mod:`.rules` is ``RULES`` for the engine, registered as ``tales``
  (``Session.new("tales", {"name": ..., "race": ...})``); the screen is ``d6tui.ui.tales``.
- :mod:`.describe` puts events in words, :mod:`.journal` writes the map as text and the tale
  as Markdown; :mod:`.bot` plays.

The numbers the rulebook leaves out live in ``d6tui/content/tales.toml`` as house values
(``source = "house"``): the road shapes of J02, the days in a week, monsters of weeks 2-3 and
of E10/E32, Pink Slime's Dmg and HP, the effects of Pear, Spark, Blast and Kaboom, and how
E38 measures distance. :mod:`.content` copies them (with the user's override) into a tale's
first event; saves without that copy replay with ``d6tui/content/frozen/tales-v1.toml``.
"""

from d6tui.engine.game import GameEntry

#: The game as d6tui lists it; its definition is imported only when a game is opened.
GAME = GameEntry(
    slug="tales",
    name="6x6 Tales",
    blurb="A solo hero explores an island for four weeks: map, events and journal booklet",
    definition_at="d6tui.games.tales.rules:RULES",
    screen="d6tui.ui.tales.screen:TalesScreen",
    setup="d6tui.ui.tales.setup:HeroSetup",
)
