"""``/analyze``: paste a text, see it analysed in memory and marked up (nothing is stored).

``POST /analyze`` takes the form (``text``, optional ``title``; urlencoded, or a JSON object) and answers
with the marked-up result: the result fragment for htmx, the whole page for a plain form post, or the
analysis JSON (``Analysis.to_json()``) for ``POST /analyze.json`` or ``Accept: application/json``.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.responses import Response

from slant import api
from slant.models import Analysis
from slant.web._common import WebState, as_json, page, state, wants_json
from slant.web.views import article_context

router = APIRouter()

#: Longest title accepted, in characters.
MAX_TITLE_CHARS = 1_000


def _form_info(st: WebState) -> dict[str, Any]:
    return {
        "post": "/analyze.json",
        "fields": {"text": "the text to analyse (required)", "title": "its headline (optional)"},
        "encodings": ["application/x-www-form-urlencoded", "application/json"],
        "max_chars": st.max_text_chars,
        "mode": st.settings.mode,
        "languages": list(st.settings.languages),
    }


def _too_large(st: WebState, what: str) -> HTTPException:
    return HTTPException(
        413,
        f"{what} is too long: the form takes at most {st.max_text_chars:,} characters; "
        "for longer texts save them to a file and run `slant analyze FILE`",
    )


async def _body(request: Request, st: WebState) -> bytes:
    # a character is at most 4 UTF-8 bytes, each at most 3 when percent-encoded; plus room for the title
    limit = st.max_text_chars * 12 + MAX_TITLE_CHARS * 12 + 1024
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _too_large(st, "the posted text")
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(st, "the posted text")
        parts.append(chunk)
    return b"".join(parts)


def _fields(body: bytes, content_type: str) -> tuple[str, str | None]:
    """``(text, title)`` from a urlencoded or JSON body."""
    kind = content_type.split(";", 1)[0].strip().lower()
    if kind == "application/json":
        try:
            data = json.loads(body or b"{}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise HTTPException(400, f"the body is not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise HTTPException(400, 'send a JSON object: {"text": "...", "title": "..."}')
        text, title = data.get("text", ""), data.get("title")
        if not isinstance(text, str) or not (title is None or isinstance(title, str)):
            raise HTTPException(400, "'text' and 'title' must be strings")
        return text, title
    if kind in ("", "application/x-www-form-urlencoded"):
        form = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True)
        return form.get("text", [""])[0], form.get("title", [None])[0]
    raise HTTPException(415, f"cannot read a {kind} body; send the form urlencoded or as a JSON object")


def _analyse(st: WebState, text: str, title: str | None) -> Analysis:
    with st.analyse_lock:
        return api.analyze_text(text, title=title, source="<pasted text>", settings=st.settings)


async def _run(request: Request) -> tuple[Analysis, str, str]:
    st = state(request)
    text, title = _fields(await _body(request, st), request.headers.get("content-type", ""))
    title = (title or "").strip()
    if len(text) > st.max_text_chars:
        raise _too_large(st, f"the text ({len(text):,} characters)")
    if len(title) > MAX_TITLE_CHARS:
        raise HTTPException(413, f"the title is too long: at most {MAX_TITLE_CHARS:,} characters")
    if not text.strip():
        raise HTTPException(422, "paste some text to analyse: the text field is empty")
    analysis = await run_in_threadpool(_analyse, st, text, title or None)
    return analysis, text, title


@router.get("/analyze.json")
def analyze_form_json(request: Request) -> Response:
    """How to post a text for analysis."""
    return as_json(_form_info(state(request)))


@router.get("/analyze")
def analyze_form(request: Request) -> Response:
    """The form to paste a text into."""
    ctx = {**_form_info(state(request)), "text": "", "title": "", "result": None, "json_url": "/analyze.json"}
    return page(request, "analyze.html", ctx)


@router.post("/analyze.json")
async def analyze_json(request: Request) -> Response:
    """Analyse the posted text; answers with ``Analysis.to_json()``."""
    analysis, _, _ = await _run(request)
    return as_json(analysis.to_json())


@router.post("/analyze")
async def analyze(request: Request) -> Response:
    """Analyse the posted text and show it marked up (a fragment for htmx, else the whole page)."""
    analysis, text, title = await _run(request)
    if wants_json(request):
        return as_json(analysis.to_json())
    result = article_context(analysis)
    if request.headers.get("hx-request") == "true":
        return page(request, "_result.html", {"result": result})
    ctx = {**_form_info(state(request)), "text": text, "title": title, "result": result}
    return page(request, "analyze.html", ctx)
