"""The Discord front end: thin cogs over the table manager (no rule is decided here).

- ``launcher`` builds and runs the bot (``run_bot``, ``create_bot``); ``bot`` is the Bot.
- Commands: ``play_cog`` (/play, /quickplay, /table), ``pickup_cog`` (/pickup, with the
  queue logic in ``pickup``), ``rules_cog`` (/rules, texts from the game plugins),
  ``admin`` (/sync), ``league_cog`` (/leaderboard, /stats, /history, /match, /season new),
  ``config_cog`` (/config: server settings, stored through ``storage.guilds``),
  ``entrants_cog`` (/pair for fixed partnerships; /league rules, table, record, export).
- Clicks: ``components`` (restart-safe DynamicItems; ids in ``custom_ids``) hand every click
  to ``controller``, which answers through ``responder`` within Discord's deadline.
- Messages: ``table_view`` renders the one table message, ``table_messages`` edits it
  (coalesced), ``hand_view`` renders the private hand (``rummy_view`` for rummy games: a
  card multi-select, then the actions those cards allow; ``slots`` is one component),
  ``turn_pings`` reminds a waiting player; ``cards_text`` and ``games`` are shared wording.
- Pictures: ``table_pictures`` draws the table and the hand (``pictures``) for servers with
  ``/config pictures`` on; the picture rides in the same edit as the text.
"""
