"""The page, its files and /join, through the Flask test client."""

from __future__ import annotations

import json
import re

from web_helpers import post


def test_the_score_pad_page_carries_the_state_and_its_own_files(client, game):
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.text
    data = re.search(r'<script type="application/json" id="initial">(.*?)</script>', page, re.S)
    initial = json.loads(data.group(1))
    assert initial["state"]["players"] == ["Ann", "Bob", "Cy"]
    assert initial["session"] == {
        "host": False,
        "seat": None,
        "joined": False,
        "csrf_token": None,
        "pin_set": True,
    }
    for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        assert client.get(url).status_code == 200, url
    assert "http://" not in page and "https://" not in page  # nothing from the internet


def test_every_script_module_the_page_imports_is_served(client):
    main = client.get("/static/main.js").text
    for name in re.findall(r'from "\./([a-z]+\.js)"', main):
        script = client.get(f"/static/{name}")
        assert script.status_code == 200 and "javascript" in script.mimetype
        for nested in re.findall(r'from "\./([a-z]+\.js)"', script.text):
            assert client.get(f"/static/{nested}").status_code == 200


def test_the_page_forbids_outside_scripts_and_framing(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_a_name_cannot_smuggle_markup_into_the_page(host, companion):
    name = "</script><b>Ann"
    response = post(host, "/api/games", {"game": "mexican-train", "players": [name, "Bob"]})
    assert response.status_code == 200
    page = host.get("/").text
    assert "</script><b>Ann" not in page


def test_a_logged_in_host_gets_its_token_in_the_page(host):
    page = host.get("/").text
    assert f'"csrf_token": "{host.token}"' in page


def test_join_shows_the_address_as_a_qr_code(client):
    response = client.get("/join")
    assert response.status_code == 200
    assert "<svg" in response.text and "http://localhost/" in response.text


def test_join_uses_the_configured_public_address(companion, config):
    from web import create_app

    app = create_app(companion, config | {"public_url": "http://train.local:8080/"})
    assert "http://train.local:8080/" in app.test_client().get("/join").text
