"""The per-channel game manager (no Discord here): ``TableManager`` runs tables of any
registered game for every front end (the Discord cogs, the terminal console); its
computer players come from the top-level ``players`` package.

- ``manager``: lobby, acting (log before apply, one lock per table), timers, recovery.
- ``table``: a table in memory and the states front ends render (``TableState``,
  ``SeatView``); ``updates``: what subscribers receive (``TableUpdate``).
- ``errors``: every refusal as a typed ``TableError`` with a translatable message.
- ``clock``: real and fake time; ``config``: ``TableSettings``.
- ``console``: ``python bot.py console GAME``.
"""
