"""Match results into league records, and matches replayed hand by hand from the action log.

The SQL lives in ``storage`` (``storage.matches``, ``storage.leagues``); this package knows
the engines: it turns a table and its finished match into a ``MatchRecord`` and replays a
stored match through the engine contract.
"""
