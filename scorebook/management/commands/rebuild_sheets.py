"""``manage.py rebuild_sheets``: after a deploy, replay and store every cached sheet made under
another rules version (``sheets.is_fresh``), so that no reader pays for the replay. Matches whose
deals no longer replay are listed, not changed; the command still finishes."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from referee.ledger import Rejected
from scorebook import services
from scorebook.models import Match
from scorebook.sheets import is_fresh


class Command(BaseCommand):
    help = "Replay and store every cached sheet made under another rules version (run after a deploy)."

    def handle(self, *args: Any, **options: Any) -> None:
        fresh = rebuilt = moved = 0
        broken: list[tuple[Match, Rejected]] = []
        for match in Match.objects.order_by("pk").iterator(chunk_size=200):
            if is_fresh(match.game, match.sheet):
                fresh += 1
                continue
            try:
                stored = services.sheet_refresh(match=match)
            except Rejected as rejected:
                broken.append((match, rejected))
                continue
            rebuilt += stored
            moved += not stored  # written meanwhile: that write stored a fresh sheet
        self.stdout.write(f"{rebuilt} rebuilt, {fresh} already fresh, {moved} written meanwhile, "
                          f"{len(broken)} do not replay")
        for match, refusal in broken:
            problems = ", ".join(f"deal {v.deal}: {v.code}" if v.deal is not None else v.code
                                 for v in refusal.violations)
            self.stdout.write(f"  match {match.pk} ({match.game}): {problems}")
