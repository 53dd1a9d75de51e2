"""The admin for staff: read everything, write only through the services (void deals)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest

from referee.ledger import Rejected
from scorebook import services
from scorebook.errors import NotAllowed, NotFound
from scorebook.models import Deal, Match, Player, Revision


class DealInline(admin.TabularInline):
    model = Deal
    fields = ("number", "entry", "voided", "updated_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "name", "owner", "version", "finished", "created_at")
    list_filter = ("game", "finished")
    search_fields = ("name", "owner__username", "players")
    readonly_fields = ("game", "players", "first_dealer", "preset", "options", "owner", "version", "finished",
                       "sheet", "created_at", "updated_at")
    fields = ("name", *readonly_fields)
    inlines = [DealInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # matches are created on the site (services.match_create), never here


@admin.action(description="Void the selected deals (through the services: the match is replayed)")
def void_deals(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: Any) -> None:
    for deal in queryset.select_related("match").order_by("-number"):
        if deal.voided:
            continue
        try:
            services.deal_void(match=deal.match, number=deal.number, author=request.user)
        except Rejected as rejected:
            modeladmin.message_user(request, f"Deal {deal.number} of match {deal.match_id}: "
                                    + "; ".join(v.code for v in rejected.violations), messages.ERROR)
        except (NotFound, NotAllowed):
            # Staff read every match, but void only where their role at the table allows it.
            modeladmin.message_user(request, f"Deal {deal.number} of match {deal.match_id}: "
                                    "your role at this match does not allow voiding", messages.ERROR)


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "voided", "updated_at")
    list_filter = ("voided", "match__game")
    readonly_fields = ("match", "number", "entry", "voided", "created_at", "updated_at")
    actions = [void_deals]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ("match", "deal", "kind", "version", "author", "created_at")
    readonly_fields = ("match", "deal", "kind", "entry", "version", "author", "client_id", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "user", "created_at")
    search_fields = ("name", "owner__username")
