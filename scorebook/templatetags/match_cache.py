"""``{% cached "name" %}…{% endcached %}``: a part of a match's page (its sheet, its chart, its
rules) rendered once per match version, rules and language (scorebook/caches.py), then served
from the cache.

The context's ``match`` names the version. A part's forms are rendered with a mark in place of the
reader's CSRF token, which every page puts back. Nothing is kept while the sheet stops at a deal
the rules refuse now.

``{% cached "table" table_stamp %}…{% endcached %}``: the owner's panels (rematch and rename, the share
link, the invite and who joined), which no deal changes but the table's writes do (a share link or
an invite made or revoked, a rename, someone joining…): kept under ``table_stamp``
(scorebook/web/table.py), the digest of everything they show, so the write that changes one of
those makes the kept panels unreachable, as a deal does the sheet's. The reader's CSRF token is put
back as in the other parts.

``{% cached_form %}…{% endcached_form %}``: the entry form, the same for everyone of one role at one
version, but for two things of the reader's own, which are never kept: his CSRF token and the form's
``client_id``. The form is rendered with marks in their place, kept per role, and the marks are
replaced on every page. Only the form as the page first shows it is kept (``form.fresh``), never
one with what a reader typed or the errors of his save.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import mark_safe

from scorebook import caches

register = template.Library()


# The parts a page keeps, asked of the cache together the first time one of them is wanted (one
# round trip, not one per part); kept on the page's ``match`` object for the rest of its render.
PAGE_PARTS = ["html:sheet", "html:chart", "html:rules", "html:watched-sheet", "html:standings", "html:evening",
              "html:undo", "html:tools"]


def _kept(context: Any, match: Any, kind: str) -> Any:
    version, found = getattr(match, "_kept_parts", (None, None))
    if found is None or version != match.version:
        stamp = context.get("table_stamp")
        found = caches.sheets_of([*PAGE_PARTS, f"html:form:{context.get('role')}",
                                  *([f"html:table:{stamp}"] if stamp else [])], match)
        match._kept_parts = (match.version, found)
    return found.get(kind)


class Cached(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList, stamp: template.base.FilterExpression | None = None):
        self.name, self.nodelist, self.stamp = name, nodelist, stamp

    def render(self, context: Any) -> str:
        match = context.get("match")
        if self.stamp is not None:
            # A part with a stamp (the owner's panels) shows nothing of the sheet: kept even while it stops.
            stamp = self.stamp.resolve(context)
            kind = f"html:{self.name}:{stamp}"
            if match is None or not stamp:
                return self.nodelist.render(context)
        elif match is None or context.get("stopped"):
            return self.nodelist.render(context)
        else:
            kind = f"html:{self.name}"
        found = _kept(context, match, kind)
        if found is None:
            with context.push(csrf_token=CSRF_MARK):
                found = caches.keep_sheet(kind, match, str(self.nodelist.render(context)))
        # A part's forms (undo, a new game) carry the reader's own token, put in on every page.
        return mark_safe(found.replace(CSRF_MARK, str(context.get("csrf_token", ""))))


# Fixed strings, the same in every process (they share the kept forms); no name or text of a user
# holds them by chance.
CSRF_MARK = "csrf-mark-Zq7Vx2Lp9Wd4"
CLIENT_ID_MARK = "client-id-mark-Hs5Ty8Kb3Nc6"


class CachedForm(template.Node):
    def __init__(self, nodelist: template.NodeList):
        self.nodelist = nodelist

    def render(self, context: Any) -> str:
        match, form = context.get("match"), context.get("form")
        if match is None or not isinstance(form, dict) or not form.get("fresh"):
            return self.nodelist.render(context)
        kind = f"html:form:{context.get('role')}"
        found = _kept(context, match, kind)
        if found is None:
            with context.push(csrf_token=CSRF_MARK, form=form | {"client_id": CLIENT_ID_MARK}):
                found = caches.keep_sheet(kind, match, str(self.nodelist.render(context)))
        own = found.replace(CSRF_MARK, str(context.get("csrf_token", ""))).replace(CLIENT_ID_MARK, form["client_id"])
        return mark_safe(own)  # what the template rendered, escaped there; the token and the id are [A-Za-z0-9]


@register.tag
def cached_form(parser: template.base.Parser, token: template.base.Token) -> CachedForm:
    nodelist = parser.parse(("endcached_form",))
    parser.delete_first_token()
    return CachedForm(nodelist)


@register.tag
def cached(parser: template.base.Parser, token: template.base.Token) -> Cached:
    bits = token.split_contents()
    if len(bits) not in (2, 3) or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% cached "name" %} takes one quoted name (and a stamp)')
    nodelist = parser.parse(("endcached",))
    parser.delete_first_token()
    return Cached(bits[1][1:-1], nodelist, parser.compile_filter(bits[2]) if len(bits) == 3 else None)
