"""The fake's own multipart reader (``fake_discord/multipart.py``) reads what aiohttp's
reader reads, on the bodies aiohttp (discord.py's uploads) writes."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from tests.e2e.fake_discord import multipart


async def _sent(form: aiohttp.FormData) -> tuple[str, bytes, list[tuple[Any, ...]]]:
    """The Content-Type and body aiohttp sends for ``form``, and aiohttp's own reading of
    it: ``(name, filename, content type, data)`` per part."""
    seen: dict[str, Any] = {}

    async def handle(request: web.Request) -> web.Response:
        seen["type"] = request.headers["Content-Type"]
        seen["body"] = await request.read()
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        async with (
            aiohttp.ClientSession() as session,
            session.post(f"http://127.0.0.1:{port}/", data=form) as response,
        ):
            assert response.status == 204
    finally:
        await runner.cleanup()
    stream = aiohttp.StreamReader(
        aiohttp.base_protocol.BaseProtocol(asyncio.get_running_loop()),
        2**16,
        loop=asyncio.get_running_loop(),
    )
    stream.feed_data(seen["body"])
    stream.feed_eof()
    reader = aiohttp.MultipartReader({"Content-Type": seen["type"]}, stream)
    theirs = []
    while (part := await reader.next()) is not None:
        assert isinstance(part, aiohttp.BodyPartReader)
        data = bytes(await part.read())
        theirs.append((part.name, part.filename, part.headers.get("Content-Type"), data))
    return seen["type"], seen["body"], theirs


def _form() -> aiohttp.FormData:
    # As discord.py builds an upload (quote_fields=False: Discord wants files[n] as is).
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "é ✓"}', content_type="application/json")
    form.add_field(
        "files[0]", b"\x89PNG\r\n--\r\n\r\nx", filename='hand "1".png', content_type="image/png"
    )
    form.add_field("files[1]", b"", filename="empty.bin")
    form.add_field("files[2]", b"{}", filename="tábla;1.json")
    return form


async def test_the_parts_are_aiohttps_parts() -> None:
    content_type, body, theirs = await _sent(_form())
    ours = [
        (p.name, p.filename, p.content_type, p.data) for p in multipart.parts(content_type, body)
    ]
    assert ours == theirs
    assert [name for name, *_ in ours] == ["payload_json", "files[0]", "files[1]", "files[2]"]
    assert multipart.parts(content_type, body)[0].text() == '{"content": "é ✓"}'


@pytest.mark.parametrize(
    "body",
    [b"", b"--other\r\n\r\nx\r\n--other--", b"--b\r\nContent-Type: a/b\r\n\r\nno end"],
)
def test_a_malformed_body_is_refused(body: bytes) -> None:
    with pytest.raises(multipart.MultipartError):
        multipart.parts("multipart/form-data; boundary=b", body)


def test_a_quoted_boundary() -> None:
    body = b'--a b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--a b--\r\n'
    (part,) = multipart.parts('multipart/form-data; boundary="a b"', body)
    assert (part.name, part.data, part.content_type) == ("x", b"1", "application/octet-stream")
