"""One plugin per built-in game (``rules.plugin.GamePlugin``), listed by ``rules.registry``.

Each module is light: it names its engine's module, which is imported on first use."""
