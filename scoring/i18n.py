"""Explanation lines, rules errors and house-rule docs in the player's language.

The engines write English templates (``Note``, ``RulesError`` and ``option(doc=...)``); the
templates are the message ids of gettext catalogues, one domain per package
(``scoring/locale/<lang>/LC_MESSAGES/<domain>.mo``, compiled files committed, so nothing but the
standard library is needed at run time). ``scripts/i18n.py`` extracts the templates into the
``.po`` files and compiles them; ``tests/scoring/test_i18n.py`` proves every template is translated
in every language with the same placeholders.

:func:`localize` rewrites a JSON document (a summary, an error body, the games catalogue) in place
of its English text::

    >>> from scoring.explain import Note
    >>> line = Note("example", "%(name)s reached %(total)s.", 0, name="Ann", total=1000).as_json()
    >>> localize({"explain": [line]}, "de")["explain"][0]["text"]  # a template no catalogue has
    'Ann reached 1000.'

English is the templates themselves: ``localize(data, "en")`` returns ``data`` unchanged.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from scoring.explain import fill

LOCALE_DIR = Path(__file__).parent / "locale"
#: The languages the catalogues cover; English is the templates themselves.
LANGUAGES = ("en", "de", "fi", "ru")
#: One catalogue per package: the games, the claim checker, and ``core`` for everything else.
DOMAINS = ("core", "hearts", "thousand", "bourre", "president", "tonk", "tshirt", "claims")
#: Keys of a translatable dict that carry its rendered text.
_TEXT_KEYS = ("text", "message", "reason", "how")


def domain_of(module: str) -> str:
    """The catalogue a module's strings belong to: ``scoring.hearts.play`` → ``hearts``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 and parts[1] in DOMAINS else "core"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """All domains of one language chained together; unknown languages give the English templates."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language == "en" or language not in LANGUAGES:
        return chain
    for domain in DOMAINS:
        try:
            catalogue = gettext.translation(domain, LOCALE_DIR, languages=[language])
        except FileNotFoundError:
            continue
        catalogue.add_fallback(chain)
        chain = catalogue
    return chain


def render(item: Mapping[str, Any], language: str) -> str | None:
    """The text of one translatable dict (``template``, ``params``, optional ``plural``), or ``None``."""
    template = item.get("template")
    params = item.get("params")
    if not isinstance(template, str) or not isinstance(params, Mapping):
        return None
    t = translations(language)
    plural = item.get("plural")
    try:
        if isinstance(plural, str):
            return fill(t.ngettext(template, plural, int(params["count"])), params)
        return fill(t.gettext(template), params)
    except (KeyError, ValueError, TypeError):
        # a translation that does not fit its params must never break a summary
        return None


def localize(data: Any, language: str) -> Any:
    """A copy of ``data`` with every translatable dict's text, and every house-rule ``doc``, translated."""
    if language == "en" or language not in LANGUAGES:
        return data
    return _localize(data, language)


def _localize(data: Any, language: str) -> Any:
    if isinstance(data, list):
        return [_localize(v, language) for v in data]
    if not isinstance(data, dict):
        return data
    out = {k: _localize(v, language) for k, v in data.items()}
    if "template" in out:
        text = render(out, language)
        if text is not None:
            for key in _TEXT_KEYS:
                if isinstance(out.get(key), str):
                    out[key] = text
    doc = out.get("doc")
    if isinstance(doc, str):  # a house rule of the games catalogue: its doc, name and values
        t = translations(language)
        out["doc"] = t.gettext(doc)
        if isinstance(out.get("label"), str):
            out["label"] = t.gettext(out["label"])
        for key in ("choice_labels", "item_choice_labels"):
            if isinstance(out.get(key), list):
                out[key] = [t.gettext(v) if isinstance(v, str) else v for v in out[key]]
    return out
