"""A match and its deals. The scoresheet is never stored as the truth: it is the replay of the
counted deals through the game's rule module; ``Match.sheet`` is only a cache of that replay."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scorebook.games import game_choices


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
    players = models.JSONField(_("players"), help_text="names in seat (playing) order")
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    preset = models.CharField(_("preset"), max_length=40)
    options = models.JSONField(_("options"), help_text="every option, resolved and frozen at creation")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches")
    version = models.PositiveIntegerField(default=0)
    # A cache of the replay, rewritten in the same transaction as every write (services.py).
    sheet = models.JSONField(null=True, blank=True, editable=False)
    finished = models.BooleanField(default=False, editable=False)
    # The players in seat order as recurring people (``players`` keeps the names as written).
    seated = models.ManyToManyField(Player, through="Seat", related_name="matches", blank=True)
    # Anyone with this token may watch the match read-only (a share link); empty: not shared.
    share_token = models.CharField(max_length=32, null=True, blank=True, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return self.name or f"{self.game}: {', '.join(self.players)}"


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_player_per_seat")]


class Deal(models.Model):
    """One entry of a match, numbered in the order it was entered. Never deleted: an amended deal
    keeps its earlier texts in ``revisions``; a voided one stays, marked voided."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    entry = models.JSONField(help_text="the canonical entry now in force")
    voided = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_deal_per_number")]

    def __str__(self) -> str:
        return f"#{self.number} {self.entry.get('type', '')}"


class Revision(models.Model):
    """Append-only history: every write to a deal, with the text it wrote and who wrote it."""

    RECORDED, AMENDED, VOIDED = "recorded", "amended", "voided"
    KINDS = [(RECORDED, _("recorded")), (AMENDED, _("amended")), (VOIDED, _("voided"))]

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="revisions")
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions")
    kind = models.CharField(max_length=10, choices=KINDS)
    entry = models.JSONField(help_text="the deal's text after this write")
    version = models.PositiveIntegerField(help_text="the match's version after this write")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # A re-sent write (a phone retrying after a dropped answer) carries the same client id.
    client_id = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["match", "client_id"], name="one_write_per_client_id")]
