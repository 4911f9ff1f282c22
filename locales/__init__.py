"""The translation catalogs as package data: ``<lang>/LC_MESSAGES/cardtable.po`` (source)
and the ``.mo`` files compiled from them (``python -m i18n compile``; the wheel's build
step compiles them into the wheel, see ``setup.py``)."""
