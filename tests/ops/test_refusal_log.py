"""A refused request (403) writes one line to the log, without a traceback (issue 19: 1,210 lines in one run)."""

import logging

import pytest
from django.http import HttpResponse
from django.urls import reverse
from django.utils.log import log_response

from games.models import Membership
from tests.factories import MembershipFactory, make_game

pytestmark = pytest.mark.django_db


def test_a_403_is_one_log_line_without_a_traceback(client, league, caplog):
    game = make_game(league)
    client.force_login(MembershipFactory(league=league, role=Membership.Role.VIEWER).user)
    url = reverse("games:hand-new", args=[game.pk])
    with caplog.at_level(logging.WARNING):
        response = client.post(url, {"number": "1"})
    assert response.status_code == 403
    refusals = [record for record in caplog.records if record.name == "django.request"]
    assert [record.getMessage() for record in refusals] == [f"Forbidden (Permission denied): {url}"]
    assert refusals[0].exc_info is None
    assert "Traceback" not in caplog.text


def test_a_500_keeps_its_traceback(rf, caplog):
    """Only refusals lose it: an error is still logged with the traceback that explains it."""
    request = rf.get("/boom/")
    try:
        raise ValueError("boom")
    except ValueError as error:
        with caplog.at_level(logging.WARNING):
            log_response(
                "Internal Server Error: %s",
                "/boom/",
                response=HttpResponse(status=500),
                request=request,
                exception=error,
            )
    assert "Traceback" in caplog.text
