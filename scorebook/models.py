"""A match and its deals. The scoresheet is never stored as the truth: it is the replay of the
counted deals through the game's rule module; ``Match.sheet`` and the match's ``SheetRow`` are only
a cache of that replay."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from referee.games import GAMES
from referee.reading import printable
from referee.roles import CONFIRMED, GRANTABLE, PENDING, PLAYER, REJECTED, ROLE_NAMES

# A lone surrogate ("\ud83d" read alone from JSON) as SQLite keeps it: escaped, JSON being kept
# as ASCII. (PostgreSQL's jsonb refuses one.) Only a column holding such an escape is walked.
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, dict):
        return {_printable(key): _printable(item) for key, item in value.items()}
    return value


class StoredJSON(json.JSONDecoder):
    """Reads a JSON column back with every lone surrogate as U+FFFD (referee.reading.printable).

    Before the text rule (referee.reading.text_problem) a penalty's reason could be stored holding
    one on SQLite; UTF-8 cannot encode it, so every answer showing the match failed (500), voiding
    the deal included. Read back as U+FFFD, the match opens, replays and can be mended. (A text
    holding what the rule refuses but UTF-8 can write stays as stored: the replay stops at its
    deal, which the pages and the API show for mending.) Emoji are escaped as surrogate pairs too,
    so a text with emoji is walked as well; a column without any is decoded and left alone.
    """

    def decode(self, s: str, *args: Any, **kwargs: Any) -> Any:
        value = super().decode(s, *args, **kwargs)
        return _printable(value) if _SURROGATE.search(s) else value


def key_digest(key: str) -> str:
    """A secret key as the database keeps it: its SHA-256 in URL-safe base64 (43 characters). The
    key itself is handed out once and kept nowhere: neither in the database nor in the cache."""
    return base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()).decode().rstrip("=")


class Digest(str):
    """A value read from a ``KeyDigestField``: a digest already, stored again as it is."""


class KeyDigestField(models.CharField):
    """A secret (a guest's key, an invite's token) kept as its digest (``key_digest``): what is
    stored or looked up is hashed, so ``Member.objects.filter(guest_key=key)`` finds the key's member
    while the table holds no key. What is read back is the digest (a ``Digest``)."""

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        return None if value is None else Digest(value)

    def get_prep_value(self, value: Any) -> Any:
        value = super().get_prep_value(value)
        return value if value is None or isinstance(value, Digest) else key_digest(str(value))


def invite_token_of(pk: int, nonce: str) -> str:
    """Match *pk*'s invite token, made again from its *nonce* and the site's secret key: the owner
    can show it at any time while the database keeps only its digest (``Match.invite_key``)."""
    mac = salted_hmac("scorebook.invite", f"{pk}:{nonce}", algorithm="sha256").digest()
    return base64.urlsafe_b64encode(mac).decode()[:32]


# The admin's choices, in its reader's language (referee/roles.py names them in English).
MEMBER_ROLES = [(role, _(ROLE_NAMES[role])) for role in GRANTABLE]


def game_choices() -> list[tuple[str, str]]:
    """``Match.game``'s choices: the referee's games by their code names (a callable, so a new game
    needs no migration; the names people read are the Django-side registry's, scorebook.games)."""
    return [(name, name) for name in GAMES]


class Player(models.Model):
    """A named player who recurs across one owner's matches (linked to a site user or not)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="player_profiles")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="one_player_per_name")]

    def __str__(self) -> str:
        return self.name


class Match(models.Model):
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    name = models.CharField(_("name"), max_length=100, blank=True)
    players = models.JSONField(_("players"), help_text="names in seat (playing) order", decoder=StoredJSON)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    preset = models.CharField(_("preset"), max_length=40)
    options = models.JSONField(_("options"), help_text="every option, resolved and frozen at creation",
                               decoder=StoredJSON)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches")
    version = models.PositiveIntegerField(default=0)
    # A cache of the replay without its rows (they are the match's SheetRow): its rules stamp, where
    # the match stands after its last deal (totals, the referee's state…), the voided deals, where
    # the replay stopped. Small, whatever the length of the match: a deal appended rewrites it and
    # adds one SheetRow. Written in the same transaction as every write (services.py); read whole
    # (rows included) through selectors.current_sheet.
    sheet = models.JSONField(null=True, blank=True, editable=False, decoder=StoredJSON)
    finished = models.BooleanField(default=False, editable=False)
    # The players in seat order as recurring people (``players`` keeps the names as written).
    seated: models.ManyToManyField[Player, Seat] = models.ManyToManyField(
        Player, through="Seat", related_name="matches", blank=True)
    # Anyone with this token may watch the match read-only (a share link); empty: not shared.
    share_token = models.CharField(max_length=32, null=True, blank=True, unique=True, editable=False)
    # Put away by its owner: out of "my matches" unless asked for, kept whole and restorable.
    archived = models.BooleanField(_("archived"), default=False)
    # Whoever opens the invite link joins the match with ``invite_role`` (never more); no nonce: no
    # invite. The link's token is made from the nonce (``invite_token``); the database keeps its digest.
    invite_nonce = models.CharField(max_length=32, null=True, blank=True, editable=False)
    invite_key = KeyDigestField(max_length=64, null=True, blank=True, unique=True, editable=False)
    invite_role = models.CharField(max_length=10, choices=MEMBER_ROLES, default=PLAYER, editable=False)
    # When the invite link stops working, if its owner gave it an end (empty: never).
    invite_expires = models.DateTimeField(null=True, blank=True, editable=False)
    # Confirmation mode (an option of the table, not a rule of the game): a deal entered from one
    # seat is pending until a player of another seat confirms it (referee/roles.py).
    # (Each new column has a database default too: rows written without it, by raw SQL or by the
    # code before it during a deploy, read as before.)
    confirmation = models.BooleanField(_("deals confirmed by another seat"), default=False, db_default=False)
    # How long a confirmed deal may still be corrected directly, in minutes; empty: until the next
    # deal is confirmed. After it, a correction is a proposal.
    correction_window = models.PositiveIntegerField(_("correction window (minutes)"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return self.name or f"{self.game}: {', '.join(self.players)}"

    @property
    def invite_token(self) -> str | None:
        """The invite link's token (None: no invite)."""
        return invite_token_of(self.pk, self.invite_nonce) if self.invite_nonce else None


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat")]


class Member(models.Model):
    """Someone at the table besides the owner: a signed-in user, or a guest known only by a name and
    the key he was given when he joined (the database keeps its digest: ``KeyDigestField``; a
    browser's session keeps the membership itself). ``seat``: the seat he claimed (None: none)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="memberships")
    guest_key = KeyDigestField(max_length=64, null=True, blank=True, unique=True, editable=False)
    name = models.CharField(_("name"), max_length=40)
    role = models.CharField(_("role"), max_length=10, choices=MEMBER_ROLES)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_membership_per_user"),
            models.UniqueConstraint(fields=["match", "seat"], name="one_member_per_seat"),
            models.CheckConstraint(condition=models.Q(user__isnull=False) | models.Q(guest_key__isnull=False),
                                   name="member_is_a_user_or_a_guest"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.role})"


DEAL_STATUSES = [(CONFIRMED, _("confirmed")), (PENDING, _("pending")), (REJECTED, _("rejected"))]


class Deal(models.Model):
    """One entry of a match, numbered in the order it was entered. Never deleted: an amended deal
    keeps its earlier texts in ``revisions``; a voided one stays, marked voided.

    In confirmation mode a deal is pending (counted provisionally) until another seat confirms it,
    and rejected (not counted) until its author amends it; ``seat``, ``author`` and ``member`` say
    who wrote the entry in force. ``proposal``: an amendment or a void proposed for a confirmed
    deal, waiting for another seat ({"entry": the entry, or null for a void, "seat", "user",
    "member"}: the proposer's seat and ids)."""

    # No index of its own: the constraint's index (match, number) serves it (one index fewer to
    # write on every deal stored).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals", db_index=False)
    number = models.PositiveIntegerField()
    entry = models.JSONField(help_text="the canonical entry now in force", decoder=StoredJSON)
    voided = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=DEAL_STATUSES, default=CONFIRMED, db_default=CONFIRMED)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    member = models.ForeignKey(Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True, default="", db_default="", help_text="why it was rejected")
    proposal = models.JSONField(null=True, blank=True, decoder=StoredJSON)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_deal_per_number")]

    def __str__(self) -> str:
        return f"#{self.number} {self.entry.get('type', '')}"


class SheetRow(models.Model):
    """One row of a match's cached sheet: the neutral JSON of one counted deal's row
    (``sheets.neutral_rows``), kept apart from ``Match.sheet`` so that a deal appended inserts a
    row instead of rewriting every row before it. Rewritten whole by a replay (services.py)."""

    # No index of its own: the constraint's index (match, number) serves it.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sheet_rows", db_index=False)
    number = models.PositiveIntegerField()
    row = models.JSONField(decoder=StoredJSON)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_sheet_row_per_deal")]


class Revision(models.Model):
    """Append-only history: every write to a deal, with the text it wrote and who wrote it."""

    RECORDED, AMENDED, VOIDED = "recorded", "amended", "voided"
    # Confirmation mode: a deal confirmed or rejected; an amendment or a void proposed, and the
    # proposal confirmed (applied: an "amended" or "voided" write follows) or rejected (dropped).
    CONFIRMED, REJECTED, PROPOSED, PROPOSED_VOID = "confirmed", "rejected", "proposed", "proposed_void"
    APPLIED, DROPPED = "applied", "dropped"
    # The writes that change an entry (what an export replays); the others change a status.
    WRITES = (RECORDED, AMENDED, VOIDED)
    KINDS = [(RECORDED, _("recorded")), (AMENDED, _("amended")), (VOIDED, _("voided")),
             (CONFIRMED, _("confirmed")), (REJECTED, _("rejected")), (PROPOSED, _("amendment proposed")),
             (PROPOSED_VOID, _("void proposed")), (APPLIED, _("proposal confirmed")),
             (DROPPED, _("proposal rejected"))]

    # No index of its own: the constraint's index (match, client_id) serves it (it holds every row,
    # those without a client id too).
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="revisions", db_index=False)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    kind = models.CharField(max_length=20, choices=KINDS)
    entry = models.JSONField(help_text="the deal's text after this write", decoder=StoredJSON)
    version = models.PositiveIntegerField(help_text="the match's version after this write")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # A guest's write: his membership (``author`` is empty then).
    member = models.ForeignKey(Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # A re-sent write (a phone retrying after a dropped answer) carries the same client id.
    client_id = models.CharField(max_length=64, null=True, blank=True)
    # Why a deal or a proposal was rejected (empty for every other kind).
    reason = models.CharField(max_length=200, blank=True, default="", db_default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["match", "client_id"], name="one_write_per_client_id")]


class SessionEpoch(models.Model):
    """How many times a user signed out everywhere. A session remembers the epoch it was signed
    in at (``SESSION_KEY``); scorebook.accounts.SessionEpochMiddleware ends every session of an
    older epoch. No row: epoch 0. Works with any session backend: nothing scans the sessions."""

    SESSION_KEY = "scorebook_epoch"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="session_epoch")
    epoch = models.PositiveIntegerField(default=0)
