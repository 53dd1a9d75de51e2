"""``{% cached "name" %}…{% endcached %}``: a part of a match's page (its sheet, its chart, its
rules) rendered once per match version, rules and language (scorebook/caches.py), then served
from the cache.

The context's ``match`` names the version. A part's forms are rendered with a mark in place of the
reader's CSRF token, which every page puts back. Nothing is kept while the sheet stops at a deal
the rules refuse now.

``{% cached "table" table_stamp table_members %}…{% endcached %}``: the owner's panels (rematch and
rename, the share link, the invite and who joined), which the table's writes change (a share link
or an invite made or revoked, a rename, someone joining…): kept under ``table_stamp``
(scorebook/web/table.py), the digest of all they show of the match and the request, so the write
that changes one of those makes the kept panels unreachable, as a deal does the sheet's; and kept
with who joined as they show them (``table_members``), read by the page before its parts
(``caches.page_read``): used only while that is who joined now. The reader's CSRF token is
put back as in the other parts.

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
from scorebook.sheets import FreshForm

register = template.Library()


def _kept(context: Any, match: Any, kind: str) -> Any:
    # The parts a page keeps (caches.page_kinds): read by the view (``kept_parts``: the page's, or
    # the poll's), else asked of the cache together the first time one of them is wanted (one round
    # trip, not one per part) and kept on the page's ``match`` object for the rest of its render.
    found = context.get("kept_parts")
    if found is not None and kind in found:
        return found[kind]
    version, found = getattr(match, "_kept_parts", (None, None))
    if found is None or version != match.version:
        found = caches.sheets_of(caches.page_kinds(context.get("role"), context.get("table_stamp")), match)
        match._kept_parts = (match.version, found)
    return found.get(kind)


class Cached(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList, stamp: template.base.FilterExpression | None = None,
                 made_of: template.base.FilterExpression | None = None):
        self.name, self.nodelist, self.stamp, self.made_of = name, nodelist, stamp, made_of

    def render(self, context: Any) -> str:
        match = context.get("match")
        if self.stamp is None:
            if match is None or context.get("stopped"):
                return self.nodelist.render(context)
            kind, made_of = f"html:{self.name}", None
        else:
            # The owner's panels show nothing of the sheet: kept even while it stops.
            stamp = self.stamp.resolve(context)
            if match is None or not stamp:
                return self.nodelist.render(context)
            kind, made_of = f"html:{self.name}:{stamp}", self.made_of.resolve(context) if self.made_of else None
        found = _kept(context, match, kind)
        if made_of is not None:
            # Kept with what it was made of (who joined, read in the same round trip as the part):
            # used only while that is what the page reads now.
            found = found[1] if isinstance(found, tuple) and found[0] == made_of else None
        if found is None:
            with context.push(csrf_token=CSRF_MARK):
                found = str(self.nodelist.render(context))
            caches.keep_sheet(kind, match, found if made_of is None else (made_of, found))
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
            form = form.built() if isinstance(form, FreshForm) else form
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
    if len(bits) not in (2, 3, 4) or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% cached "name" %} takes one quoted name (and a stamp, and what '
                                           'the part is made of)')
    nodelist = parser.parse(("endcached",))
    parser.delete_first_token()
    extra = [parser.compile_filter(bit) for bit in bits[2:]]
    return Cached(bits[1][1:-1], nodelist, *extra)
