"""The numbers a caller hands in, checked at the door; and short quotes of bad input for messages.

Every public function that takes a time limit, a state budget or a count checks it here before
anything runs. A limit that is NaN compares false with everything, so it would switch itself off
deep in a search (``solve(max_states=nan)`` had no budget, ``time_limit=nan`` ran on to the memory
bound); an infinity, a negative, a bool or text would fail later with an error that does not
name the argument (``hint(time_limit=inf)``: OverflowError), or not at all.

A random generator (``rng``) is checked here too (:func:`check_rng`): a list or a float handed
as one failed deep inside ``random`` (``Random([1])``: "unhashable type"), or was quietly turned
into a seed's text.

Error messages quote what they were given through :func:`shown`: however deep or large the value
(a record is a file anyone may hand over), the quote is short and making it cannot fail.

This module is low in the layering: it imports nothing from the package.
"""

from __future__ import annotations

import math
import numbers
import operator
import random
from itertools import islice

#: How many characters of a value an error message quotes.
QUOTE = 60


def shown(value: object, limit: int = QUOTE) -> str:
    """``repr(value)`` for an error message: at most ``limit`` characters (cut ones end in "…"),
    and as cheap and safe for a value nested a million deep or a megabyte long as for ``3``."""
    text = _quote(value, 3, limit)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quote(value: object, depth: int, limit: int) -> str:
    if isinstance(value, str):
        return repr(value[: limit + 1])  # cut before repr: its cost stays bounded too
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):  # a huge int's repr is slow, and past 4300 digits refused
        return repr(value) if value.bit_length() <= 128 else f"<a whole number of {value.bit_length()} bits>"
    if isinstance(value, list | tuple | dict):
        opening, closing = "{}" if isinstance(value, dict) else "()" if isinstance(value, tuple) else "[]"
        if depth == 0:
            return opening + ("…" if value else "") + closing
        if isinstance(value, dict):
            parts = [f"{_quote(k, depth - 1, limit)}: {_quote(v, depth - 1, limit)}"
                     for k, v in islice(value.items(), 4)]
        else:
            parts = [_quote(v, depth - 1, limit) for v in islice(value, 4)]
        if len(value) > 4:
            parts.append("…")
        return opening + ", ".join(parts)[: 2 * limit] + closing
    if isinstance(value, bytes | bytearray):
        return repr(bytes(value[: limit + 1]))
    try:
        return repr(value)[: limit + 1]
    except Exception:  # a repr that fails (or recurses without end) still gets a name
        return f"<{type(value).__name__}>"


def check_time_limit(where: str, name: str, value: object, *, optional: bool = False) -> float | None:
    """``value`` as seconds: a finite real number above 0 (or ``None``, when ``optional``).

    ``ValueError`` naming ``where`` and ``name`` otherwise: NaN, infinities, 0 and negatives,
    bools and text are refused. ``where`` is the public function (or class) that was called."""
    if value is None and optional:
        return None
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        try:
            seconds = float(value)
        except (OverflowError, ValueError):
            seconds = math.inf
        if math.isfinite(seconds) and seconds > 0:
            return seconds
    also = " or None" if optional else ""
    raise ValueError(f"{where}: {name} must be a finite number > 0{also}, not {shown(value)}")


def check_count(where: str, name: str, value: object, minimum: int = 0, maximum: int | None = None,
                *, optional: bool = False) -> int | None:
    """``value`` as a whole number from ``minimum`` to ``maximum`` (no bound when ``None``), or
    ``None`` when ``optional``. ``ValueError`` naming ``where`` and ``name`` otherwise: floats
    (``5.0`` too), NaN, bools and text are refused, as is anything out of range."""
    if value is None and optional:
        return None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # ints, and integer types like numpy's; never floats
        except TypeError:
            number = None
        if number is not None and number >= minimum and (maximum is None or number <= maximum):
            return number
    span = f"from {minimum} to {maximum}" if maximum is not None else f"at least {minimum}"
    also = " or None" if optional else ""
    raise ValueError(f"{where}: {name} must be a whole number {span}{also}, not {shown(value)}")


def check_rng(where: str, rng: object) -> random.Random | int | None:
    """``rng`` as a random generator's seed: ``None`` (fresh randomness), a whole number (a seed:
    ints and integer types like numpy's, returned as an ``int``) or a ``random.Random`` (itself).

    ``ValueError`` naming ``where`` and ``rng`` otherwise: bools (``True`` is no seed anyone
    means), floats, text, lists and other objects are refused."""
    if rng is None or isinstance(rng, random.Random):
        return rng
    if not isinstance(rng, bool):
        try:
            return operator.index(rng)
        except TypeError:
            pass
    raise ValueError(f"{where}: rng must be None, a whole number (a seed) or a random.Random, "
                     f"not {shown(rng)}")
