"""``{% cached "name" %}…{% endcached %}``: a part of a match's page (its sheet, its chart, its
rules) rendered once per match version, rules and language (scorebook/caches.py), then served
from the cache.

The context's ``match`` names the version. Nothing is kept while the sheet stops at a deal the
rules refuse now: its "void" button carries the reader's own CSRF token.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import mark_safe

from scorebook import caches

register = template.Library()


class Cached(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList):
        self.name, self.nodelist = name, nodelist

    def render(self, context: Any) -> str:
        match = context.get("match")
        if match is None or context.get("stopped"):
            return self.nodelist.render(context)
        kind = f"html:{self.name}"
        found = caches.sheet_of(kind, match)
        if found is None:
            found = caches.keep_sheet(kind, match, str(self.nodelist.render(context)))
        return mark_safe(found)  # what the template rendered, escaped there


@register.tag
def cached(parser: template.base.Parser, token: template.base.Token) -> Cached:
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% cached "name" %} takes one quoted name')
    nodelist = parser.parse(("endcached",))
    parser.delete_first_token()
    return Cached(bits[1][1:-1], nodelist)
