"""The experiments behind the lessons: their results, read and compared with 95 % intervals.

Each experiment's rows ship in the package (``ft_widget/data/experiments/<variant>_<kind>.csv``,
with the provenance of the run that made them in the JSON files beside them). This module reads
them with the standard library only (no pandas, no numpy: it runs in Pyodide), and compares two
ways of playing on the same deals as an :class:`Effect`: the mean difference per deal with a 95 %
bootstrap interval over deals, stated in one sentence.

    >>> from ft_widget.experiments import rows, compare_choices
    >>> compare_choices(rows("forty_thieves", "questions"), "empty", "keep", "waste")  # doctest: +SKIP
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from .variants import VARIANTS
from .words import count

__all__ = ["Effect", "compare_choices", "compare_players", "effects_table", "kinds", "lines", "paired",
           "rows", "runs"]

#: the bootstrap: resamples of the deals and the generator's seed (fixed: the same interval everywhere)
RESAMPLES = 10_000
SEED = 13
UNITS = ("share", "cards", "count")
#: what a difference measures, by unit, when the caller does not say
MEASURES = {"share": "of wins kept", "cards": "cards home", "count": ""}
UNSETTLED = ("left out", "as lost")
VERDICTS = ("won", "lost", "unknown")
#: the columns that name who played or which question was asked, in the order they are looked for
_BY = ("policy", "player", "idea")
_QUESTION = ("question", "player", "idea")
_INT = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?\d+\.\d*(?:[eE][-+]?\d+)?")


# ----------------------------------------------------------------------------- the shipped results
def _folder():
    return resources.files("ft_widget") / "data" / "experiments"


def _check_variant(variant: str) -> str:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}: one of {', '.join(sorted(VARIANTS))}")
    return variant


def kinds(variant: str) -> list[str]:
    """The kinds of result rows shipped for ``variant``: ``"games"``, ``"forks"``, ``"questions"``..."""
    prefix = _check_variant(variant) + "_"
    return sorted(p.name[len(prefix):-4] for p in _folder().iterdir()
                  if p.name.startswith(prefix) and p.name.endswith(".csv"))


def _typed(value: str):
    if value == "":
        return None
    if _INT.fullmatch(value):
        return int(value)
    if _FLOAT.fullmatch(value):
        return float(value)
    return value


@lru_cache(maxsize=64)
def _read(variant: str, kind: str) -> tuple[tuple[str, ...], tuple[tuple, ...]]:
    text = (_folder() / f"{variant}_{kind}.csv").read_text(encoding="utf-8")
    reader = csv.reader(io.StringIO(text))
    header = tuple(next(reader))
    return header, tuple(tuple(_typed(v) for v in line) for line in reader)


def rows(variant: str, kind: str) -> list[dict]:
    """One experiment's result rows: ``rows("indian", "forks")`` is a list of dicts, one a row of
    ``ft_widget/data/experiments/indian_forks.csv``, whole numbers as ``int``, empty cells as ``None``.
    A fresh list each call (change it freely)."""
    _check_variant(variant)
    known = kinds(variant)
    if kind not in known:
        raise ValueError(f"no {kind!r} results for {variant}: its kinds are {', '.join(known) or 'none'}")
    header, body = _read(variant, kind)
    return [dict(zip(header, line, strict=True)) for line in body]


def runs(variant: str) -> dict[str, dict]:
    """The provenance of ``variant``'s results: for each JSON file that records a run (its command,
    budget, machine and seconds), the file's name less ``<variant>_`` and ``.json`` -> its contents."""
    prefix = _check_variant(variant) + "_"
    out = {}
    for p in sorted(_folder().iterdir(), key=lambda p: p.name):
        if p.name.startswith(prefix) and p.name.endswith(".json") and not p.name.endswith("_lines.json"):
            out[p.name[len(prefix):-5]] = json.loads(p.read_text(encoding="utf-8"))
    return out


def lines(variant: str) -> dict[int, list[str]]:
    """The solver's won lines of ``variant`` (deal -> its moves), for the games whose positions were
    taken from them (Forty Thieves and Maria); ``{}`` for the others."""
    path = _folder() / f"{_check_variant(variant)}_lines.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {d["deal"]: list(d["moves"]) for d in data["deals"] if d["status"] == "won"}


# ----------------------------------------------------------------------------- the effect of a change
def _numbers(name: str, values, unit: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(f"paired: {name} must be a list of numbers, one a deal, not {values!r}")
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool):
            v = int(v)
        if not isinstance(v, (int, float)) or isinstance(v, complex):
            raise ValueError(f"paired: {name}[{i}] is {v!r}, not a number")
        if not math.isfinite(v):
            raise ValueError(f"paired: {name}[{i}] is {v}, not a finite number")
        if v < 0:
            raise ValueError(f"paired: {name}[{i}] is {v}: a {unit} is never negative")
        if unit == "share" and v > 1:
            raise ValueError(f"paired: {name}[{i}] is {v}: a share is from 0 to 1")
        out.append(float(v))
    return out


@lru_cache(maxsize=256)
def _interval(diffs: tuple[float, ...]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles of the mean of ``diffs`` resampled with replacement."""
    rng = random.Random(SEED)
    n = len(diffs)
    means = sorted(sum(rng.choices(diffs, k=n)) / n for _ in range(RESAMPLES))

    def percentile(q: float) -> float:  # linear between the two nearest, as numpy's default
        at = q * (len(means) - 1)
        lo = math.floor(at)
        hi = min(lo + 1, len(means) - 1)
        return means[lo] + (means[hi] - means[lo]) * (at - lo)

    return percentile(0.025), percentile(0.975)


def _signed(x: float, digits: int) -> str:
    text = f"{x:+.{digits}f}"
    if float(text) == 0:
        return f"{0:.{digits}f}"
    return text.replace("-", "\u2212")


@dataclass(frozen=True)
class Effect:
    """A change measured on the same deals: per deal a value with the change (b) and without (a);
    ``diff`` is the mean of b - a and [``low``, ``high``] its 95 % bootstrap interval over deals.
    ``better``/``worse`` count the deals where b is above/below a. ``str()`` says it in words."""

    name: str
    unit: str
    n: int
    a: float
    b: float
    diff: float
    low: float
    high: float
    better: int
    worse: int
    measure: str = ""

    @property
    def clear(self) -> bool:
        """Does the interval leave out zero (a measurable difference)?"""
        return self.low > 0 or self.high < 0

    def _figures(self) -> tuple[str, str, str]:
        if self.unit == "share":
            digits = 0 if max(abs(self.diff), abs(self.low), abs(self.high)) >= 0.095 else 1
            return tuple(_signed(100 * x, digits) + " %" for x in (self.diff, self.low, self.high))
        return tuple(_signed(x, 1) for x in (self.diff, self.low, self.high))

    def figure(self) -> str:
        """The difference with its interval: "−10 % of wins kept [−15 %, −5 %] over 120 deals"."""
        diff, low, high = self._figures()
        what = f" {self.measure}" if self.measure else ""
        return f"{diff}{what} [{low}, {high}] over {count(self.n, 'deal')}"

    def __str__(self) -> str:
        said = self.figure() if self.clear else f"no measurable difference ({self.figure()})"
        return f"{self.name}: {said}" if self.name else said

    def _repr_markdown_(self) -> str:
        return str(self)


def _check_unit(where: str, unit: str) -> str:
    if unit not in UNITS:
        raise ValueError(f"{where}: unit must be one of {', '.join(UNITS)}, not {unit!r}")
    return unit


def paired(a: Sequence[float], b: Sequence[float], name: str = "", unit: str = "share",
           measure: str | None = None) -> Effect:
    """b against a, deal by deal: ``a[i]`` and ``b[i]`` are the same deal's values without and with
    the change (same deals, same order). ``unit``: "share" (0 to 1: a share of wins), "cards" or
    "count"; ``measure`` names what is measured in the sentence (by default from the unit)."""
    _check_unit("paired", unit)
    if not isinstance(name, str):
        raise ValueError(f"paired: name must be text, not {name!r}")
    xs, ys = _numbers("a", a, unit), _numbers("b", b, unit)
    if len(xs) != len(ys):
        raise ValueError(f"paired: a has {count(len(xs), 'deal')} and b {len(ys)}: a paired comparison "
                         "needs the same deals on both sides")
    if not xs:
        raise ValueError("paired: no deals to compare")
    diffs = tuple(y - x for x, y in zip(xs, ys, strict=True))
    low, high = _interval(diffs)
    n = len(xs)
    return Effect(name=name, unit=unit, n=n, a=sum(xs) / n, b=sum(ys) / n, diff=sum(diffs) / n,
                  low=low, high=high, better=sum(d > 0 for d in diffs), worse=sum(d < 0 for d in diffs),
                  measure=MEASURES[unit] if measure is None else measure)


# ----------------------------------------------------------------------------- comparisons of rows
def _column(where: str, table: list[dict], names: Sequence[str], what: str) -> str:
    if not table:
        raise ValueError(f"{where}: no rows")
    found = next((c for c in names if c in table[0]), None)
    if found is None:
        raise ValueError(f"{where}: the rows have no {what} column ({' or '.join(names)})")
    return found


def _check_rows(where: str, table) -> list[dict]:
    if isinstance(table, (str, bytes, Mapping)) or not isinstance(table, Iterable):
        raise ValueError(f"{where}: rows must be a list of dicts (from rows()), not {type(table).__name__}")
    table = list(table)
    if not all(isinstance(r, Mapping) for r in table):
        raise ValueError(f"{where}: rows must be a list of dicts (from rows())")
    return table


def _verdict_value(where: str, verdict, unsettled: str) -> float | None:
    if verdict not in VERDICTS:
        raise ValueError(f"{where}: a verdict is one of {', '.join(VERDICTS)}, not {verdict!r}")
    if verdict == "unknown":
        return None if unsettled == "left out" else 0.0
    return 1.0 if verdict == "won" else 0.0


def compare_choices(table: Iterable[dict], question: str, base: str, other: str,
                    where: Callable[[dict], bool] | None = None, unsettled: str = "left out",
                    name: str | None = None) -> Effect:
    """Two choices at the same positions, judged by the solver: how much of a win choice ``other``
    keeps against choice ``base``.

    Two shapes of rows: a row per choice (the "questions" files: ``question``, ``option`` and
    ``verdict`` columns, several moves may share an option) - per position the share of the
    choice's moves that keep the win; or a row per position (the "forks"/"splits" files:
    ``<base>_verdict`` and ``<other>_verdict``, the question in ``player`` or ``idea``), e.g.
    ``compare_choices(rows("indian", "forks"), "deal past the waste card", "habit", "changed")``.
    Positions that offer both choices count; each deal once (the mean of its positions); the
    comparison is paired over deals. ``where`` keeps only the rows it is true for. ``unsettled``:
    verdicts the solver's budget left open are "left out" or counted "as lost"."""
    where_ = "compare_choices"
    table = _check_rows(where_, table)
    if unsettled not in UNSETTLED:
        raise ValueError(f"{where_}: unsettled must be one of {', '.join(map(repr, UNSETTLED))}, "
                         f"not {unsettled!r}")
    if where is not None and not callable(where):
        raise ValueError(f"{where_}: where must be a function of a row, not {where!r}")
    q = _column(where_, table, _QUESTION, "question")
    asked = {r[q] for r in table}
    if question not in asked:
        raise ValueError(f"{where_}: no question {question!r} in these rows: "
                         f"{', '.join(sorted(map(str, asked)))}")
    chosen = [r for r in table if r[q] == question and (where is None or where(r))]
    per_position: dict[tuple, dict[str, list[float]]] = {}
    if "option" in table[0] and "verdict" in table[0]:
        options = {r["option"] for r in table if r[q] == question}
        for choice in (base, other):
            if choice not in options:
                raise ValueError(f"{where_}: question {question!r} has no option {choice!r}: "
                                 f"{', '.join(sorted(map(str, options)))}")
        for r in chosen:
            if r["option"] in (base, other):
                value = _verdict_value(where_, r["verdict"], unsettled)
                if value is not None:
                    at = per_position.setdefault((r["deal"], r["ply"]), {})
                    at.setdefault(r["option"], []).append(value)
    else:
        for choice in (base, other):
            if f"{choice}_verdict" not in table[0]:
                raise ValueError(f"{where_}: the rows have no {choice}_verdict column")
        for i, r in enumerate(chosen):
            for choice in (base, other):
                value = _verdict_value(where_, r[f"{choice}_verdict"], unsettled)
                if value is not None:
                    per_position.setdefault((r["deal"], i), {}).setdefault(choice, []).append(value)
    per_deal: dict[object, list[tuple[float, float]]] = {}
    for (deal, _), got in per_position.items():
        if base in got and other in got:
            per_deal.setdefault(deal, []).append((sum(got[base]) / len(got[base]),
                                                  sum(got[other]) / len(got[other])))
    if not per_deal:
        raise ValueError(f"{where_}: no position offers both {base!r} and {other!r}")
    deals = sorted(per_deal)
    a = [sum(x for x, _ in per_deal[d]) / len(per_deal[d]) for d in deals]
    b = [sum(y for _, y in per_deal[d]) / len(per_deal[d]) for d in deals]
    if name is None:  # a fork's question names the change; a question's options name the choices
        name = question if "option" not in table[0] else f"{other} rather than {base}"
    return paired(a, b, name=name, unit="share")


def compare_players(table: Iterable[dict], base: str, change: str, measure: str = "cards_home",
                    by: str | None = None, name: str | None = None) -> Effect:
    """Whole games of two players on the same deals (the "games" files): ``change`` against
    ``base``, deal by deal, of ``measure``: "cards_home" (cards, per game) or "won" (a share of
    games; from the ``won`` column, or ``status`` == "won"). ``by`` is the column naming the player
    (by default the first of "policy", "player", "idea" the rows have)."""
    where_ = "compare_players"
    table = _check_rows(where_, table)
    if measure not in ("cards_home", "won"):
        raise ValueError(f"{where_}: measure must be 'cards_home' or 'won', not {measure!r}")
    by = _column(where_, table, _BY if by is None else (by,), "player")
    players = {r[by] for r in table}
    for who in (base, change):
        if who not in players:
            raise ValueError(f"{where_}: no player {who!r} in these rows: "
                             f"{', '.join(sorted(map(str, players)))}")

    def value(r: dict) -> float:
        if measure == "cards_home":
            return r["cards_home"]
        return r["won"] if "won" in r else float(r["status"] == "won")

    got: dict[str, dict] = {base: {}, change: {}}
    for r in table:
        if r[by] in got:
            if r["deal"] in got[r[by]]:
                raise ValueError(f"{where_}: {r[by]!r} has two games of deal {r['deal']}")
            got[r[by]][r["deal"]] = value(r)
    if set(got[base]) != set(got[change]):
        raise ValueError(f"{where_}: {base!r} and {change!r} did not play the same deals")
    deals = sorted(got[base])
    unit, what = ("cards", "cards home") if measure == "cards_home" else ("share", "of games won")
    return paired([got[base][d] for d in deals], [got[change][d] for d in deals],
                  name=f"{change} rather than {base}" if name is None else name, unit=unit, measure=what)


# ----------------------------------------------------------------------------- a table of effects
class EffectsTable:
    """Effects as a captioned table (HTML in a notebook, markdown as text): what changed, on how many
    deals, the mean without and with it, the change with its 95 % interval, and whether it is clear."""

    HEADER = ("Change", "Deals", "Without", "With", "Difference [95 % interval]", "Reading")

    def __init__(self, effects: Mapping[str, Effect] | Sequence[Effect], caption: str):
        if not isinstance(caption, str) or not caption.strip():
            raise ValueError("effects_table: a table needs a caption (text)")
        items = list(effects.items()) if isinstance(effects, Mapping) else [(e.name, e) for e in effects]
        if not items:
            raise ValueError("effects_table: no effects")
        for label, e in items:
            if not isinstance(e, Effect):
                raise ValueError(f"effects_table: {label!r} is not an Effect: {e!r}")
        self.caption = caption
        self.rows = [self._row(label, e) for label, e in items]

    @staticmethod
    def _row(label: str, e: Effect) -> tuple[str, ...]:
        def level(x: float) -> str:
            return f"{100 * x:.0f} %" if e.unit == "share" else f"{x:.1f}"

        diff, low, high = e._figures()
        reading = "clear" if e.clear else "no measurable difference"
        return (str(label), str(e.n), level(e.a), level(e.b), f"{diff} [{low}, {high}]", reading)

    def _repr_markdown_(self) -> str:
        def line(cells) -> str:
            return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

        return "\n".join([f"**{self.caption}**", "", line(self.HEADER),
                          "|" + "|".join(["---"] * len(self.HEADER)) + "|", *map(line, self.rows)])

    def _repr_html_(self) -> str:
        esc = html.escape
        head = "".join(f"<th>{esc(h)}</th>" for h in self.HEADER)
        body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in self.rows)
        return (f"<table><caption>{esc(self.caption)}</caption><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>")

    def __str__(self) -> str:
        return self._repr_markdown_()


def effects_table(effects: Mapping[str, Effect] | Sequence[Effect], caption: str) -> EffectsTable:
    """A captioned table of effects: a dict (label -> Effect) or a list (each labelled by its name)."""
    return EffectsTable(effects, caption)
