"""The language of the words a player reads: gettext catalogues, chosen per board or per session.

The catalogues are ``ft_widget/locale/<lang>/LC_MESSAGES/ft_widget.po`` (managed with Babel, see
``babel.cfg``), shipped compiled as ``.mo``. English is the source text, so it needs no catalogue.

``set_language("lt")`` chooses the language of the words Python returns (``ft_widget.words``,
refusals, hints); a board's own ``Board(..., language="lt")`` wins over it for that board, and a
board given neither follows the browser's language. Reprs and errors about bad arguments stay
English: they are for the programmer, not the player.

>>> from ft_widget import words
>>> with using("fr"):
...     words.count(3, "move")
'3 coups'
>>> words.count(3, "move")
'3 moves'
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import pathlib
import threading
import warnings

__all__ = ["LANGUAGES", "N_", "Nn_", "gettext", "language", "ngettext", "npgettext", "number", "pgettext",
           "resolve", "set_language", "using"]

#: The languages the player's words come in: English first (the source text), then one catalogue each.
LANGUAGES = ("en", "fr", "lt", "sk", "ka")
DOMAIN = "ft_widget"
LOCALE_DIR = pathlib.Path(__file__).parent / "locale"

#: How each language writes a number: the thousands separator and the decimal mark (CLDR's
#: conventions: French groups with a narrow no-break space, the others with a no-break space, so
#: "2 000" never breaks across a line; "2,000" would read as two in French).
_NUMBER_MARKS = {"en": (",", "."), "fr": ("\u202f", ","), "lt": ("\u00a0", ","), "sk": ("\u00a0", ","),
                 "ka": ("\u00a0", ",")}

_chosen: str | None = None  # set_language's choice; None: not chosen (a board follows its browser)
_active: contextvars.ContextVar[str | None] = contextvars.ContextVar("ft_widget_language", default=None)
_catalogues: dict[str, _gettext.NullTranslations] = {}
_warned: set[str] = set()
_lock = threading.Lock()


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues where it is written; it is translated where it is used."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and plural pair (one catalogue entry) where it is written; ``ngettext(*pair, n)``
    translates it where it is used."""
    return singular, plural


def match(value: str) -> str | None:
    """The one of :data:`LANGUAGES` that a language tag names ("fr-CA", "lt_LT", "SK"), or None."""
    base = value.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def resolve(value: object) -> str:
    """The language ``value`` names, one of :data:`LANGUAGES`. A tag with no catalogue (``"de"``)
    gives English and one warning per tag (a board goes on in English, it does not fail); a
    value that is not a string is a ``TypeError``."""
    if not isinstance(value, str):
        raise TypeError(f"a language is a tag like 'lt' or 'fr-CA', one of {', '.join(LANGUAGES)}; "
                        f"not {type(value).__name__}")
    found = match(value)
    if found is None:
        shown = value[:40]
        if shown not in _warned:
            _warned.add(shown)
            warnings.warn(f"ft_widget has no words in {shown!r}: English is used (it has "
                          f"{', '.join(LANGUAGES)})", stacklevel=3)
        return "en"
    return found


def set_language(value: str | None) -> str:
    """Choose the language of the words ft_widget returns in this session (and of boards not
    given their own); ``None`` goes back to English for Python's words and to the browser's
    language for boards. Returns the language chosen (``"en"`` if ``value`` has no catalogue)."""
    global _chosen
    _chosen = None if value is None else resolve(value)
    return _chosen or "en"


def chosen() -> str | None:
    """:func:`set_language`'s choice, or None when none was made."""
    return _chosen


def language() -> str:
    """The language words are said in here and now: a board's while it speaks, else the session's."""
    return _active.get() or _chosen or "en"


@contextlib.contextmanager
def using(value: str | None):
    """Speak ``value`` (a language of :data:`LANGUAGES`, or None for the session's) inside the block."""
    token = _active.set(None if value is None else resolve(value))
    try:
        yield
    finally:
        _active.reset(token)


def catalogue(lang: str | None = None) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (default: :func:`language`); English's is empty."""
    lang = lang or language()
    with _lock:
        found = _catalogues.get(lang)
        if found is None:
            found = _catalogues[lang] = (_gettext.NullTranslations() if lang == "en" else
                                         _gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True))
        return found


def gettext(message: str) -> str:
    """``message`` in the current language."""
    return catalogue().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the current language uses after the number ``n``."""
    return catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as said in ``context`` (one English phrase, two uses)."""
    return catalogue().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in ``context``."""
    return catalogue().npgettext(context, singular, plural, n)


def number(value: float, decimals: int = 0) -> str:
    """``value`` as the current language writes it: ``number(2000)`` is "2,000" in English and
    "2 000" in French; ``number(13.25, 1)`` is "13.2" and "13,2"."""
    group, point = _NUMBER_MARKS[language()]
    whole, _, fraction = f"{value:,.{decimals}f}".partition(".")
    return whole.replace(",", group) + (point + fraction if fraction else "")
