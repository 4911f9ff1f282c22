"""The fake's reader of ``multipart/form-data`` bodies (uploads: ``payload_json`` and files).

aiohttp's own reader cost the load benchmark's fake most of its CPU per upload (a cProfile
of ``bench/discord_load.py``, 100 tables: 6.3 of 7.1 s handling requests): it parses each
request's Content-Type through the email package (its cache misses, every boundary is new)
and each part's Content-Disposition three times, rebuilding an escape table on each call.
Here the body is split on its boundary at once, and a part's Content-Disposition is parsed
by aiohttp's own function, cached (the same few headers come back on every upload), so the
parameters read are exactly aiohttp's.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from aiohttp.multipart import content_disposition_filename, parse_content_disposition

_BOUNDARY = re.compile(r';\s*boundary=(?:"([^"]+)"|([^\s;]+))', re.IGNORECASE)
_CHARSET = re.compile(r';\s*charset="?([^\s;"]+)', re.IGNORECASE)


class MultipartError(ValueError):
    """A body that is not well-formed ``multipart/form-data``."""


@dataclass(frozen=True)
class Part:
    name: str
    filename: str | None
    content_type: str
    data: bytes

    def text(self) -> str:
        found = _CHARSET.search(self.content_type)
        return self.data.decode(found.group(1) if found else "utf-8")


def is_multipart(content_type: str) -> bool:
    return content_type.lstrip().lower().startswith("multipart/")


@functools.lru_cache(maxsize=256)
def _disposition(header: str) -> tuple[str | None, str | None]:
    """``(name, filename)`` of a part's Content-Disposition, as aiohttp reads them."""
    _, params = parse_content_disposition(header)
    return content_disposition_filename(params, "name"), content_disposition_filename(
        params, "filename"
    )


def parts(content_type: str, body: bytes) -> list[Part]:
    """The parts of ``body``, in order (a body with a Content-Type of ``content_type``)."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise MultipartError(f"no boundary in {content_type!r}")
    delimiter = b"--" + (found.group(1) or found.group(2)).encode("latin-1")
    if not body.startswith(delimiter):
        raise MultipartError("the body does not start with its boundary")
    result = []
    position = len(delimiter)
    separator = b"\r\n" + delimiter
    while True:
        if body.startswith(b"--", position):
            return result  # the closing delimiter
        if not body.startswith(b"\r\n", position):
            raise MultipartError("a boundary not followed by a line break")
        end = body.find(separator, position)
        if end < 0:
            raise MultipartError("a part without a closing boundary")
        result.append(_part(body[position + 2 : end]))
        position = end + len(separator)


def _part(raw: bytes) -> Part:
    head, blank, data = raw.partition(b"\r\n\r\n")
    if not blank:
        if not raw.startswith(b"\r\n"):
            raise MultipartError("a part without a blank line after its headers")
        head, data = b"", raw[2:]  # no headers at all
    headers: dict[str, str] = {}
    for line in head.decode("utf-8", "surrogateescape").split("\r\n"):  # as aiohttp
        key, colon, value = line.partition(":")
        if colon:
            headers[key.strip().lower()] = value.strip()
    name, filename = _disposition(headers.get("content-disposition", ""))
    return Part(name or "", filename, headers.get("content-type", "application/octet-stream"), data)
