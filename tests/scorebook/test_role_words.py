"""Roles in the reader's language (issue 28, item 6): every page rendered in Russian and Ukrainian
holds no English role word (owner, scorer, player, watcher, referee) in what a person reads — its
text, its options, its labels and titles: the invite's role picker and the members list (the
owner's panel), the join page, the seat text of a member, a member's deal page and a refusal.

The pages are test_every_page's (tests/e2e/): every page of the site, by its address."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from referee import roles
from scorebook import services
from scorebook.models import Match, Member
from tests.e2e.test_every_page import pages_of, seed

pytestmark = pytest.mark.django_db

ROLE_WORDS = re.compile(r"\b(owners?|scorers?|players?|watchers?|referees?)\b", re.IGNORECASE)
# What a person reads of a tag besides its text.
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "value")


class ReadText(HTMLParser):
    """The words of a page a person reads: text outside <script> and <style>, and the attributes
    above (a button's value is its label; an input's value is what is typed in it)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        kind = dict(attrs).get("type")
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value and not (name == "value" and (tag == "option" or kind == "hidden")):
                self.words.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.words.append(data)


def english_role_words(html: str) -> list[str]:
    reader = ReadText()
    reader.feed(html)
    return [" ".join(text.split()) for text in reader.words if ROLE_WORDS.search(text)]


def test_the_reader_finds_role_words_where_a_person_reads_them() -> None:
    html = ('<p>You are at this table as Вера, watcher.</p><select><option value="player">Player</option></select>'
            '<a href="/players/" title="Referee">x</a><script>const player = 1;</script>'
            '<input type="hidden" name="role" value="scorer">')
    assert english_role_words(html) == ["You are at this table as Вера, watcher.", "Player", "Referee"]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_no_page_shows_an_english_role_word(owner, django_user_model, language: str) -> None:
    matches = seed(owner)
    public, signed_in, newcomer = pages_of(matches)
    first: Match = matches["thousand"]
    # A member of each role but the owner's, signed in: the seat text of the match page, his deal
    # page (a watcher's: no form, his role said), a refusal of his role.
    members = {}
    for number, role in enumerate(roles.GRANTABLE, start=1):
        user = django_user_model.objects.create_user(username=f"vera{number}-{language}")
        Member.objects.create(match=first, user=user, name=f"Вера {number}", role=role,
                              seat={roles.SCORER: 1, roles.PLAYER: 2}.get(role))
        members[role] = user
    # The seed's invite is a player's; the empty match's invites watchers.
    services.invite_renew(match=matches["empty"], by=owner, role=roles.WATCHER)
    invite = Match.objects.get(pk=matches["empty"].pk).invite_token
    seen: dict[str, list[str]] = {}

    def read(who, pages: list[tuple[str, str]], method: str = "get") -> None:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if who is not None:
            client.force_login(who)
        for name, url in pages:
            answer = getattr(client, method)(url)
            assert answer.status_code in (200, 403), (name, url, answer.status_code)
            assert answer["Content-Language"] == language, (name, url)
            if found := english_role_words(answer.content.decode()):
                seen[f"{name} {url}"] = found

    read(None, [*public, ("join-watcher", f"/join/{invite}/")])
    read(owner, signed_in)
    read(django_user_model.objects.create_user(username=f"newcomer-{language}"),
         [*newcomer, ("join-watcher-signed-in", f"/join/{invite}/")])
    for role, user in members.items():
        read(user, [(f"match-as-{role}", f"/matches/{first.pk}/"), (f"deal-as-{role}", f"/matches/{first.pk}/deals/1/"),
                    (f"evening-as-{role}", f"/evenings/{first.pk}/")])
        read(user, [(f"refused-{role}", f"/matches/{first.pk}/share/")], method="post")
    assert seen == {}
