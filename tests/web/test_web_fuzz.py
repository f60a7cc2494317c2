"""Whatever a phone or a script sends, every endpoint answers: 4xx with a JSON error for
input it cannot use, never a 500 and never a broken stream (property-based, Hypothesis)."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tier import examples
from web_helpers import PIN, PLAYERS, phone_at_table, seat_to_move

from companion import commands as c
from web import create_app

FIELDS = [
    "pin", "game", "players", "preset", "options", "seat", "value", "round", "why", "ended",
    "starter", "gesture", "action", "code",
]  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=2**63 - 2, max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["press", "hold", "mexican-train", "skip", "blocked", PIN, *PLAYERS])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
bodies = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=5),
    values,
    st.integers(min_value=1, max_value=200_000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=200_000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.binary(max_size=64),
)
numbers = st.one_of(
    st.integers(min_value=0, max_value=20),
    st.integers(min_value=2**31, max_value=2**80),
).map(str)
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40)
headers = st.fixed_dictionaries(
    {},
    optional={
        "Last-Event-ID": st.one_of(numbers, header_text, st.just("9" * 4000)),
        "X-Join-Code": header_text,
        "X-CSRF-Token": header_text,
        "Content-Type": st.sampled_from(
            ["application/json", "text/plain", "multipart/form-data", "application/json; x"]
        ),
    },
)


def routes(app):
    """Every (method, rule) the app answers, with its path parameters."""
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, rule


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    from web_helpers import stop

    from companion.service import Companion
    from companion.store import Store

    data = tmp_path_factory.mktemp("fuzz") / "data"
    store = Store(data)
    companion = Companion(store).start()
    companion.call(c.NewGame("mexican-train", PLAYERS, None, {"rounds": 2}))
    app = create_app(companion, {"pin": PIN, "data_dir": str(data), "keepalive_seconds": 0.05})
    host = app.test_client()
    host.token = host.post("/api/login", json={"pin": PIN}).json["csrf_token"]
    phone = phone_at_table(app)
    phone.token = phone.post(f"/api/seats/{seat_to_move(companion)}/claim", json={}).json[
        "csrf_token"
    ]
    yield app, {"nobody": app.test_client(), "host": host, "phone": phone}
    stop(companion)
    store.close()


def check(response, path: str) -> None:
    assert response.status_code < 500, (path, response.status_code, response.get_data()[:300])
    if path.startswith("/api/") and response.status_code >= 400:
        assert response.mimetype == "application/json", path
        assert isinstance(response.json["error"], str) and response.json["error"]


def fill(rule, draw) -> str:
    path = rule.rule
    for name in rule.arguments:
        path = path.replace(f"<int:{name}>", draw(numbers)).replace(
            f"<{name}>", draw(st.text(alphabet="abcdef0123456789.jpg%/", min_size=1, max_size=40))
        )
    return path


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_input_makes_a_server_error(table, data):
    app, clients = table
    method, rule = data.draw(st.sampled_from(list(routes(app))), label="route")
    who = data.draw(st.sampled_from(sorted(clients)), label="who")
    client = clients[who]
    path = fill(rule, data.draw)
    sent_headers = data.draw(headers, label="headers")
    if who != "nobody" and "X-CSRF-Token" not in sent_headers:
        sent_headers["X-CSRF-Token"] = client.token
    body = data.draw(bodies, label="body")
    raw = body if isinstance(body, str | bytes) else json.dumps(body)
    if rule.rule == "/events":
        response = client.get(path, headers=sent_headers, buffered=False)
        check(response, path)
        if response.status_code == 200:
            first = next(iter(response.response))  # the stream begins without an error
            second = next(iter(response.response))
            assert first.startswith(b"retry:") and second.startswith((b"id:", b":"))
        response.close()
        return
    query = data.draw(
        st.dictionaries(st.sampled_from(["join", "last_event_id", "seat"]), header_text),
        label="query",
    )
    response = client.open(path, method=method, data=raw, headers=sent_headers, query_string=query)
    check(response, path)
    if response.status_code in (301, 302, 303, 307, 308):  # only ever to the companion itself
        where = urlsplit(response.headers["Location"])
        assert where.netloc in ("", "localhost"), response.headers["Location"]


# The defects the fuzzing found, each on its own.


def test_deeply_nested_json_is_a_400(host):
    deep = "[" * 100_000 + "]" * 100_000
    response = host.post(
        "/api/games",
        data=deep,
        headers={"X-CSRF-Token": host.token, "Content-Type": "application/json"},
    )
    assert response.status_code in (400, 413) and response.json["error"]
    nested = '{"a":' * 5000 + "1" + "}" * 5000
    response = host.post("/api/login", data=nested, content_type="application/json")
    assert response.status_code == 400 and "nested" in response.json["error"]


def test_game_ids_beyond_what_sqlite_holds_are_404(client):
    for game_id in (2**63 - 1, 2**63, 10**30):
        for tail in ("", "/scores", "/export.json", "/export.csv"):
            response = client.get(f"/api/games/{game_id}{tail}")
            assert response.status_code == 404, (game_id, tail)
            assert response.json["error"]


def test_a_huge_last_event_id_gets_the_state_afresh(client, game):
    for last in (str(2**63), "9" * 4000):
        response = client.get("/events", headers={"Last-Event-ID": last}, buffered=False)
        assert response.status_code == 200
        chunks = iter(response.response)
        assert next(chunks).startswith(b"retry:")
        fresh = next(chunks).decode()
        assert f"id: {game.state()['seq']}" in fresh and '"type":"state"' in fresh
        response.close()
