"""The offline queue's sends: one hand per idempotency key, and the service worker's script."""

import pytest
from django.urls import reverse

from games.models import Hand
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def hand(key: str) -> dict:
    return {"number": "1", "queen": "1", "hearts_0": "13", "action": "cards", "key": key}


def test_the_same_send_twice_records_one_hand(scorer, league):
    game = make_game(league, "standard")
    url = reverse("games:hand-new", args=[game.pk])
    first = scorer.post(url, hand("k-1"))
    again = scorer.post(url, hand("k-1"))
    assert first.status_code == again.status_code == 302
    assert Hand.objects.filter(game=game).count() == 1
    assert Hand.objects.get(game=game).client_key == "k-1"


def test_another_key_for_a_recorded_hand_is_a_conflict(scorer, league):
    game = make_game(league, "standard")
    url = reverse("games:hand-new", args=[game.pk])
    scorer.post(url, hand("k-1"))
    assert scorer.post(url, hand("k-2")).status_code == 409
    assert Hand.objects.filter(game=game).count() == 1


def test_the_service_worker_is_served_from_the_root_and_never_cached(client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert "app.bundle.css" in response.content.decode()
