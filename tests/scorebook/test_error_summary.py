"""The summary on top of a refused form: every message once, each with the field it links to."""
from __future__ import annotations

import pytest
from django.test import Client

from scorebook import services
from scorebook.web.contexts import error_summary


@pytest.mark.parametrize(("errors", "general", "summary"), [
    pytest.param({}, [], [], id="nothing-refused"),
    pytest.param({"bid": ["Bids go up in steps of 5."]}, [],
                 [{"field": "bid", "message": "Bids go up in steps of 5."}], id="one-field"),
    pytest.param({"__all__": ["The match is over."], "points_1": ["Too many."]}, ["The match is over."],
                 [{"field": "", "message": "The match is over."}, {"field": "points_1", "message": "Too many."}],
                 id="general-first-without-a-link"),
    pytest.param({"tricks": ["A value is needed."], "tricks_2": ["A value is needed."]}, [],
                 [{"field": "tricks", "message": "A value is needed."}], id="a-message-once"),
    pytest.param({"hands_1_melds_0": ["Not a meld."]}, ["Not a meld."],
                 [{"field": "", "message": "Not a meld."}], id="a-message-the-form-put-on-top-once"),
])
def test_the_summary_lists_each_refusal_once(errors, general, summary) -> None:
    assert error_summary(errors, general) == summary


@pytest.mark.django_db
def test_a_refused_save_puts_the_summary_on_top_of_the_form(signed_in: Client, owner) -> None:
    match = services.match_create(owner=owner, game="thousand", players=["Аня", "Борис", "Вика"])
    page = signed_in.post(f"/matches/{match.pk}/deals/", {
        "action": "play", "declarer": "0", "bid": "103", "points_0": "60", "points_1": "40",
        "expected_version": "0"}).content.decode()
    summary = page.split('data-error-summary>', 1)[1].split("</div>", 1)[0]
    assert 'role="alert" tabindex="-1"' in page.split("data-error-summary>", 1)[0][-120:]
    assert '<a href="#bid" data-error-field="bid">Bids go up in steps of 5.</a>' in summary
    assert page.index("data-error-summary") < page.index('id="entry-form"')
