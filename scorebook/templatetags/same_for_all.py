"""``{% same_for_all "name" %}…{% endsame_for_all %}``: a part of every page that depends on nothing
but the language and the static files' setup (the head's styles, scripts and the installable app's
words), rendered once per process and language, then reused: rendering it on every page cost a
tenth of the match page.

Nothing of the reader, the request or a match may go in it. Not kept in DEBUG, where an edited
template or static file shows at once.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

_KEPT: dict[tuple[Any, ...], str] = {}


class SameForAll(template.Node):
    def __init__(self, name: str, nodelist: template.NodeList):
        self.name, self.nodelist = name, nodelist

    def render(self, context: Any) -> str:
        if settings.DEBUG:
            return self.nodelist.render(context)
        # The static files' setup too (as the service worker's, scorebook/web/live.py): their addresses.
        key = (self.name, get_language(), settings.STORAGES["staticfiles"]["BACKEND"], str(settings.STATIC_ROOT),
               settings.STATIC_URL)
        found = _KEPT.get(key)
        if found is None:
            found = _KEPT[key] = str(self.nodelist.render(context))
        return mark_safe(found)  # what the template rendered, escaped there


@register.tag
def same_for_all(parser: template.base.Parser, token: template.base.Token) -> SameForAll:
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% same_for_all "name" %} takes one quoted name')
    nodelist = parser.parse(("endsame_for_all",))
    parser.delete_first_token()
    return SameForAll(bits[1][1:-1], nodelist)
