"""Hypothesis against the lobby over HTTP, driven by the app's own OpenAPI document: no request gets a 5xx.

Every route of ``/openapi.json`` is called with its path filled by a real
table code, a made-up one or junk; query parameters from huge numbers to lone
surrogates; bodies built from the route's schema with hostile values (floats
out of range, ``NaN``, surrogates, huge integers, wrong types, unknown
fields), or raw bytes under any content type. Whatever comes, the answer is
below 500 and, if it is an error, the documented ``{"detail": "a sentence"}``
in valid UTF-8 JSON. The app runs in process (httpx's ASGI transport, one
event loop), so hundreds of requests take seconds; the reported requests
also go to a real ``blackmaria serve`` over a socket
(``test_the_reported_requests_get_4xx_over_a_real_socket``).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blackmaria.server.app import create_app
from test_server_helpers import running_server

HUGE = [2**63, 2**63 - 1, -(2**63) - 1, 10**30, 2**53 + 1, -1, 0]
HOSTILE_TEXT = ["\ud800", "a\udfffb", "\x00", "\u202e", "x" * 200, "", " ", "é" * 30, "1e999", "NaN", "hearts", "medium", "QS"]
# JSON text pieces that Python's json module reads into values no encoder writes back: inf, nan, lone surrogates.
RAW_JSON = ["1e999", "-1e999", "NaN", "Infinity", '"\\ud800"', '"\\udfff\\ud800"', "9" * 40, "1e-400", "-0.0", "[]", "{}", "null", "true"]
JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(HUGE),
    st.integers(),
    st.floats(),
    st.sampled_from(HOSTILE_TEXT),
    st.text(max_size=12),
)
JSON_VALUE = st.recursive(
    JSON_LEAF, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=4
)
FIELD_VALUE = JSON_VALUE | st.sampled_from(RAW_JSON).map(lambda raw: ("raw", raw))
JUNK_CODE = st.sampled_from(["AAAAAAAAAAAAAAAA", "%FF%FE", "x" * 300, "%2E%2E", "%00", "%ED%A0%80"]) | st.text(min_size=1, max_size=20).map(
    lambda text: quote(text.encode("utf-8", "surrogatepass"), safe="")
)
QUERY_VALUE = st.sampled_from(HUGE) | st.sampled_from(HOSTILE_TEXT) | st.integers() | st.text(max_size=8)
TOKEN_TEXT = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=20)
RAW_BODY = st.binary(max_size=40) | st.sampled_from([b"\xff\xfe", b'{"name": "\xff"}', b"{" * 3000, b"[" * 20000])
# A body that is accepted, for each route with one: the fuzz changes some of its fields and adds others.
VALID_BODIES: dict[str, dict[str, Any]] = {
    "/api/tables": {"rules": "hearts", "turn_seconds": 60},
    "/api/tables/{code}/seats": {"name": "Ben"},
    "/api/tables/{code}/bots": {"level": "random", "seats": [1]},
}
CONTENT_TYPES = [
    None,
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "application/ld+json",
    "\u00ff/x",
]


def dumps(value: Any) -> str:
    """JSON text of ``value``, writing inf, nan and lone surrogates as the raw pieces a hostile client would send."""
    if isinstance(value, float) and value != value:
        return "NaN"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "1e999" if value > 0 else "-1e999"
    if isinstance(value, str):
        return json.dumps(value)  # ensure_ascii: a surrogate is written as \udXXX
    if isinstance(value, list):
        return "[" + ",".join(dumps(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(str(k))}:{dumps(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


class Lobby:
    """The app in process over a fresh SQLite file, with a few real tables to aim requests at."""

    def __init__(self, db: Path) -> None:
        self.app = create_app(f"sqlite:///{db}", lobby_per_minute=0)
        self.loop = asyncio.new_event_loop()
        self.lifespan = self.app.router.lifespan_context(self.app)
        self.loop.run_until_complete(self.lifespan.__aenter__())
        # raise_app_exceptions=False: an exception in the app is answered 500, as a real server answers it.
        transport = httpx.ASGITransport(app=self.app, raise_app_exceptions=False)
        self.client = httpx.AsyncClient(transport=transport, base_url="http://lobby.test")
        self.spec: dict[str, Any] = self.request("GET", "/openapi.json").json()
        self.codes: list[str] = []
        self.tokens: list[str] = []
        for rules in ("hearts", "black-maria", {"preset": "hearts", "deal_count": 1, "target_score": None}):
            created = self.request("POST", "/api/tables", json={"rules": rules}).json()
            self.codes.append(created["table"]["code"])
            self.tokens.append(created["host_token"])
        seat = self.request("POST", f"/api/tables/{self.codes[0]}/seats", json={"name": "Anna"}).json()
        self.tokens.append(seat["token"])
        self.requests = 0
        self.statuses: dict[int, int] = {}

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        return self.loop.run_until_complete(self.client.request(method, url, **kwargs))

    def close(self) -> None:
        self.loop.run_until_complete(self.client.aclose())
        self.loop.run_until_complete(self.lifespan.__aexit__(None, None, None))
        self.loop.close()

    def routes(self) -> list[tuple[str, str, dict[str, Any]]]:
        return [(path, method, operation) for path, item in self.spec["paths"].items() for method, operation in item.items()]

    def body_fields(self, operation: dict[str, Any]) -> dict[str, Any]:
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if content is None:
            return {}
        ref = content["schema"].get("$ref", "")
        schema = self.spec["components"]["schemas"][ref.rsplit("/", 1)[-1]] if ref else content["schema"]
        properties: dict[str, Any] = schema.get("properties", {})
        return properties


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lobby]:
    running = Lobby(tmp_path_factory.mktemp("http-fuzz") / "tables.sqlite3")
    yield running
    # What the fuzz reached: every route, answers that took and answers that refused.
    assert running.requests >= 600 and 201 in running.statuses and 422 in running.statuses, running.statuses
    print(f"\nHTTP fuzz: {running.requests} requests, statuses {dict(sorted(running.statuses.items()))}")
    running.close()


@st.composite
def requests(draw: st.DrawFn, lobby: Lobby) -> tuple[str, str, dict[str, bytes], bytes | None]:
    path, method, operation = draw(st.sampled_from(lobby.routes()))
    code = draw(st.sampled_from(lobby.codes)) if draw(st.booleans()) else draw(JUNK_CODE)
    url = path.replace("{code}", code)
    query = []
    for parameter in operation.get("parameters", []):
        if parameter["in"] == "query" and draw(st.booleans()):
            value = draw(QUERY_VALUE)
            query.append(f"{parameter['name']}={quote(str(value).encode('utf-8', 'surrogatepass'), safe='')}")
    if query:
        url += "?" + "&".join(query)
    headers: dict[str, bytes] = {}  # bytes as sent: a header may hold any byte but CR, LF and NUL
    if draw(st.booleans()):
        token = draw(st.sampled_from(lobby.tokens)) if draw(st.booleans()) else draw(TOKEN_TEXT)
        headers["authorization"] = (draw(st.sampled_from(["Bearer ", "bearer ", "", "Basic "])) + token).encode("latin-1")
    body: bytes | None = None
    if method == "post":
        fields = lobby.body_fields(operation)
        kind = draw(st.sampled_from(["schema", "schema", "schema", "raw-json", "bytes"]))
        if kind == "schema":
            fields_sent: dict[str, Any] = dict(VALID_BODIES.get(path, {}))
            for name in fields:
                if draw(st.integers(0, 2)) == 0:
                    fields_sent[name] = draw(FIELD_VALUE)
            if draw(st.integers(0, 4)) == 0:
                fields_sent[draw(st.sampled_from(["turn_second", "\ud800", "name ", "x" * 50, "seat"]))] = 1
            text = "{" + ",".join(f"{json.dumps(k)}:{v[1] if isinstance(v, tuple) else dumps(v)}" for k, v in fields_sent.items()) + "}"
            body = text.encode("utf-8")
        elif kind == "raw-json":
            body = draw(st.sampled_from(RAW_JSON)).encode()
        else:
            body = draw(RAW_BODY)
        content_type = draw(st.sampled_from(CONTENT_TYPES))
        if content_type is not None:
            headers["content-type"] = content_type.encode("utf-8")
    return method, url, headers, body


@given(st.data())
@settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_no_request_gets_a_5xx_and_every_error_is_one_documented_sentence(lobby: Lobby, data: st.DataObject) -> None:
    method, url, headers, body = data.draw(requests(lobby))
    answer = lobby.request(method, url, headers=headers, content=body)
    lobby.requests += 1
    lobby.statuses[answer.status_code] = lobby.statuses.get(answer.status_code, 0) + 1
    assert answer.status_code < 500, (method, url, headers, body, answer.text)
    if answer.status_code >= 400 and answer.headers.get("content-type", "").startswith("application/json"):
        text = answer.content.decode("utf-8")  # strict: an answer is always valid UTF-8
        error = json.loads(text)
        assert isinstance(error, dict) and isinstance(error.get("detail"), str) and error["detail"], text
        assert set(error) <= {"detail", "code"}, text
        assert not re.search("[\ud800-\udfff]", error["detail"]), "an error quoted input that does not encode"
        assert "NoneType" not in error["detail"] and "[{" not in error["detail"]
    elif answer.status_code >= 400:
        assert answer.status_code in (404, 405), (answer.status_code, answer.text)  # the static files' own answers


ISSUE_REQUESTS: list[tuple[str, str, dict[str, str], bytes | None, str]] = [
    # (method, path, headers, body, a word the detail must hold); CODE is replaced by a real table's code.
    ("POST", "/api/tables", {"content-type": "text/plain"}, b"\xff\xfe", "JSON object"),
    ("POST", "/api/tables/CODE/seats", {"content-type": "text/plain"}, b"\xff\xfe", "JSON object"),
    ("POST", "/api/tables/CODE/bots", {}, b"\xff\xfe", "JSON object"),
    ("POST", "/api/tables/CODE/seats", {"content-type": "application/json"}, b'{"name":"\\ud800"}', "name"),
    ("POST", "/api/tables/CODE/seats", {"content-type": "application/json"}, b'{"name":"A","seat":1e999}', "seat"),
    ("GET", "/api/tables/CODE/record?game=9223372036854775808", {}, None, "game"),
    ("POST", "/api/tables", {"content-type": "application/json"}, b'{"rules":"hearts","turn_second":30}', "turn_second"),
    ("POST", "/api/tables", {"content-type": "application/json"}, b'{"rules":"black-maria","players":2}', "3 to 6"),
    ("POST", "/api/tables", {"content-type": "application/json"}, b'{"rules":"hearts","players":9}', "Hearts is played by 4"),
]


def test_the_reported_requests_get_4xx_over_a_real_socket(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.sqlite3") as server:
        code, _ = server.create_table()
        for method, path, headers, body, word in ISSUE_REQUESTS:
            answer = server.http.request(method, path.replace("CODE", code), headers=headers, content=body)
            assert 400 <= answer.status_code < 500, (path, body, answer.status_code, answer.text)
            detail = answer.json()["detail"]
            assert isinstance(detail, str) and word in detail, (path, body, detail)
        favicon = server.http.get("/favicon.ico")
        assert favicon.status_code == 200 and favicon.headers["content-type"] == "image/x-icon"
        assert favicon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file
