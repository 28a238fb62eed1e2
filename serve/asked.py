"""What a request asks: its JSON object or its form, its numbers; anything else is a
400 with a sentence saying what was expected."""
from __future__ import annotations

import json
import re
from urllib.parse import parse_qs

from starlette.requests import Request

from ..interpreter.engine.limits import DIGITS
from ..interpreter.infiles import TEXT_LIMIT
from .workspace import Refused


async def _raw(request: Request) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdecimal() or int(size) > 2 * TEXT_LIMIT):
        raise Refused("the request is larger than a pack file may be", 413)
    # Read as it comes, and no further than the limit: a body sent in chunks says no size.
    chunks, got = [], 0
    async for chunk in request.stream():
        got += len(chunk)
        if got > 2 * TEXT_LIMIT:
            raise Refused("the request is larger than a pack file may be", 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def body(request: Request, *keys: str) -> dict:
    """The JSON object a request sends, with `keys` present."""
    try:
        data = json.loads(await _raw(request))
        # JSON may write half a character ("\\ud800"), which no file or page can hold.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("the request holds a text that is not Unicode (half of a character)", 400) from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused("the request is not a JSON object", 400) from None
    if not isinstance(data, dict) or any(k not in data for k in keys):
        raise Refused(f"the request needs {', '.join(keys)}", 400)
    return data


async def form(request: Request) -> dict[str, list[str]]:
    """The fields of a form (as htmx sends it: URL-encoded), each with its values."""
    try:
        return parse_qs((await _raw(request)).decode("utf-8"), keep_blank_values=True)
    except (UnicodeDecodeError, ValueError):
        raise Refused("the form is not URL-encoded UTF-8 text", 400) from None


def one(fields: dict, key: str, default: str | None = None) -> str:
    values = fields.get(key)
    if not values:
        if default is None:
            raise Refused(f'the form has no "{key}"', 400)
        return default
    return values[0]


_WHOLE = re.compile(rf"-?[0-9]{{1,{DIGITS}}}")


def number(text: str, what: str, least: int | None = None, most: int | None = None) -> int:
    text = text.strip()
    if not _WHOLE.fullmatch(text) or (least is not None and int(text) < least) or (most is not None and int(text) > most):
        bounds = (f" from {least:,} to {most:,}" if least is not None and most is not None else
                  f" of at least {least:,}" if least is not None else f" of at most {most:,}" if most is not None else "")
        raise Refused(f'{what} must be a whole number{bounds}, not "{text[:40]}"', 400)
    return int(text)
