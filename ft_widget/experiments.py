"""The experiments behind the lessons: their results, read and compared with 95 % intervals.

Each experiment's rows ship in the package (``ft_widget/data/experiments/<variant>_<kind>.csv``,
with the provenance of the run that made them in the JSON files beside them). This module reads
them with the standard library only (no pandas, no numpy: it runs in Pyodide), and compares two
ways of playing on the same deals as an :class:`Effect`: the mean difference per deal with a 95 %
bootstrap interval over deals, stated in one sentence.

It also plays them: :func:`play_paired` (whole games of fair players on the same deals),
:func:`first_fork` / :func:`play_forks` (the first position two players part, each choice judged by
:func:`judge`), :func:`where_lost`, :func:`solver_lines` and :func:`ask_questions`, with the players
of :mod:`ft_widget.habits`; ``python -m ft_widget.experiments`` writes the shipped files
(docs/experiments.md lists every run).

    >>> from ft_widget.experiments import rows, compare_choices
    >>> compare_choices(rows("forty_thieves", "questions"), "empty", "keep", "waste")  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import json
import math
import os
import platform
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .game import WASTE, Game, Move
from .habits import HABITS, question_options
from .policies import POLICIES, play_policy
from .rules import get_build
from .solver import solve
from .studies import machine, parse_deals
from .teaching import LESSONS, lesson_variant
from .variants import VARIANTS
from .words import count

__all__ = ["Effect", "ask_questions", "compare_choices", "compare_players", "effects_table",
           "experiments_markdown", "first_fork", "judge", "kinds", "lines", "paired", "play_forks",
           "play_paired", "rows", "runs", "solver_lines", "where_lost"]

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
        scale, suffix = (100, " %") if self.unit == "share" else (1, "")
        if self.unit == "share":
            digits = 0 if max(abs(self.diff), abs(self.low), abs(self.high)) >= 0.095 else 1
        else:
            digits = 1
        # a clear interval must not read as touching zero: show the end nearest zero to its first
        # significant digit (at most three decimals)
        near = min(abs(self.low), abs(self.high)) * scale
        while self.clear and digits < 3 and float(f"{near:.{digits}f}") == 0:
            digits += 1
        return tuple(_signed(scale * x, digits) + suffix for x in (self.diff, self.low, self.high))

    def figure(self) -> str:
        """The difference with its interval: "−10 % of wins kept [−15 %, −5 %] over 120 deals"."""
        diff, low, high = self._figures()
        what = f" {self.measure}" if self.measure else ""
        return f"{diff}{what} [{low}, {high}] over {count(self.n, 'deal')}"

    def __str__(self) -> str:
        said = self.figure() if self.clear else f"no measurable difference ({self.figure()})"
        return f"{self.name}: {said}" if self.name else said

    def _repr_markdown_(self) -> str:
        """The sentence a lesson shows: the figure in words, its 95 % interval as a footnote below
        (``str()`` keeps both on one line, for code and logs)."""
        diff, low, high = self._figures()
        what = f" {self.measure}" if self.measure else ""
        said = f"{diff}{what} over {count(self.n, 'deal')}" if self.clear else (
            f"no measurable difference over {count(self.n, 'deal')}")
        said = f"{self.name}: {said}" if self.name else said[0].upper() + said[1:]
        note = f"{diff}{what}, " if not self.clear else ""
        return f"{said}.¹\n\n*¹ {note}95 % interval over the deals: {low} to {high}.*"

    def _repr_pretty_(self, printer, cycle) -> None:  # a notebook's plain text: the sentence too
        printer.text(str(self))


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

    def __repr__(self) -> str:
        return f"EffectsTable({self.caption!r}, {len(self.rows)} rows)"

    def _repr_pretty_(self, printer, cycle) -> None:  # a notebook's plain text: the table as text
        printer.text(self._repr_markdown_())


def effects_table(effects: Mapping[str, Effect] | Sequence[Effect], caption: str) -> EffectsTable:
    """A captioned table of effects: a dict (label -> Effect) or a list (each labelled by its name)."""
    return EffectsTable(effects, caption)


# ----------------------------------------------------------------------------- the docs' table
def _files_of(variant: str, record: str) -> list[str]:
    """The data files a provenance record (``runs(variant)``'s key) describes."""
    if record == "games":
        return [f"{variant}_games.csv"]
    if record == "questions":
        return [f"{variant}_lines.json", f"{variant}_questions.csv"]
    tag = record.removesuffix("run").removesuffix("questions_").rstrip("_")
    stem = f"{variant}_{tag}" if tag else variant
    return [f"{stem}_{k}.csv" for k in ("games", "forks", "splits", "fatal")
            if (_folder() / f"{stem}_{k}.csv").is_file()]


def _tested(variant: str, files: list[str]) -> str:
    """What a run tested, from its rows: the players' changes (or the questions asked)."""
    kinds_ = [f.removeprefix(variant + "_").removesuffix(".csv") for f in files if f.endswith(".csv")]
    if kinds_ == ["questions"]:
        asked = dict.fromkeys(r["question"] for r in rows(variant, "questions"))
        return "questions at positions of the solver's won lines: " + ", ".join(asked)
    games = rows(variant, kinds_[0])
    who = next(c for c in _BY if c in games[0])
    names = list(dict.fromkeys(str(r[who]) for r in games))
    said = f"whole games of {names[0]} and {count(len(names) - 1, 'change')}: " + ", ".join(names[1:])
    if len(kinds_) > 1:
        forks = rows(variant, kinds_[1])
        forked = list(dict.fromkeys(str(r[next(c for c in _BY if c in forks[0])]) for r in forks))
        said += ("; each one's first fork from its base judged by the solver" if forked == names[1:]
                 else "; first forks judged by the solver for: " + ", ".join(forked))
    if "fatal" in kinds_:
        said += f"; where {names[0]}'s games of deals the solver wins are lost"
    return said


def _budget(record: dict) -> str:
    said = []
    if "line_states" in record:
        said.append(f"solver {record['line_states']:,} positions a line, {record['verdict_states']:,} a "
                    f"verdict, at most {record['per_deal']} positions of a question a deal")
    elif "max_states" in record:
        said.append(f"solver {record['max_states']:,} positions a verdict")
    else:
        said.append("no solver")
    for key, what in (("deals", "deals"), ("game_deals", "deals"), ("fork_deals", "forks on deals"),
                      ("split_deals", "forks on deals"), ("player_deals", "the fair expert on deals")):
        if key in record:
            said.append(f"{what} {record[key]}")
    return "; ".join(said)


def _seconds(record: dict) -> str:
    parts = [record.get("seconds"), record.get("wall_seconds"), record.get("lines_seconds"),
             record.get("questions_seconds")]
    return str(sum(x for x in parts if isinstance(x, int)))


def experiments_markdown() -> str:
    """The docs' table of every experiment: its game, data files, the command that made them (as
    recorded beside them), its budget and its seconds, from the shipped provenance records."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    out = ["| game | what | data files | command | budget | seconds |", "|---|---|---|---|---|---:|"]
    for variant, v in VARIANTS.items():
        for name, record in runs(variant).items():
            files = _files_of(variant, name)
            named = ", ".join(f"`{f}`" for f in files)
            out.append(f"| {v.name} | {cell(_tested(variant, files))} | {named} | "
                       f"`{cell(record['command'])}` | {_budget(record)} | {_seconds(record)} |")
    teaching = Path(str(resources.files("ft_widget") / "data" / "teaching"))
    for path in sorted(teaching.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        game = "Forty Thieves" if "changes" in data else "every game"
        what = {"decisions.json": f"positions where {DECISION_PLAYER}'s move loses a line the solver won",
                "lessons.json": f"each game and the game with one rule changed: the solver, and the "
                                f"{LESSON_PLAYER} (fair)",
                "single_rule.json": "one rule changed at a time: " + ", ".join(SINGLE_RULES),
                "solver_lines.json": "the solver's won lines"}.get(path.name, "")
        for run in data.get("runs") or [data]:
            record = {"command": run["command"], "wall_seconds": run["wall_seconds"]}
            for key in ("deals", "player_deals"):  # the solver's runs name their deals in the command
                found = re.search(rf"--{key.replace('_', '-')} (\S+)", run["command"])
                if found:
                    record[key] = found.group(1)
            budget = _budget(record).replace("no solver", f"solver {data['max_states']:,} positions a "
                                             + ("verdict" if "decisions" in data else "deal"))
            out.append(f"| {game} | {cell(what)} | `{path.name}` | `{cell(run['command'])}` | {budget} | "
                       f"{_seconds(record)} |")
    return "\n".join(out)


# ----------------------------------------------------------------------------- running the experiments
# Everything below plays games (with the engine, the fair players of ft_widget.habits and the
# solver, which sees every card); ``python -m ft_widget.experiments`` writes the files read above.

def _seeded(rng, deal: int) -> random.Random:
    """A game's generator: seeded by its deal number, or by ``rng(deal)`` (so each deal has its own)."""
    return random.Random(deal if rng is None else rng(deal))


def play_paired(variant, deals: Iterable[int], players: Mapping[str, Callable], rng=None,
                max_moves: int = 2000) -> list[dict]:
    """Whole games: each of ``players`` (name -> policy) plays each deal of ``variant`` (an id or a
    Variant) from the start with :func:`ft_widget.play_policy`, its randomness seeded by the deal
    (or by ``rng(deal)``), so every player meets the same deals with the same seeds. One row a game:
    player, deal, won (0/1), status, cards_home, moves (engine moves) and result (the PlayResult)."""
    deals = list(deals)
    out = []
    for name, policy in players.items():
        for deal in deals:
            r = play_policy(Game(variant, deal=deal), policy, rng=_seeded(rng, deal), max_moves=max_moves)
            out.append({"player": name, "deal": deal, "won": int(r.status == "won"), "status": str(r.status),
                        "cards_home": r.cards_home, "moves": len(r.moves), "result": r})
    return out


def first_fork(variant, deal: int, a: Callable, b: Callable, rng=None, max_moves: int = 2000):
    """Players ``a`` and ``b`` (policies) on the same deal, same seed (the deal, or ``rng(deal)``),
    move by move: the position where they first choose differently, as ``(game there, engine moves
    before it, a's move, b's move)``; ``None`` when they never do (a win, no move, or a position
    seen before)."""
    game, history = Game(variant, deal=deal), []
    ra, rb = _seeded(rng, deal), _seeded(rng, deal)
    seen = {game.position_key()}
    while not game.is_won and len(history) < max_moves:
        ma, mb = a(game, ra), b(game, rb)
        if ma is None or mb is None:
            return None
        if ma != mb:
            return game, history, ma, mb
        history += [game.play(m) for m in game.expand(ma)]
        if game.position_key() in seen:
            return None
        seen.add(game.position_key())
    return None


def judge(game, moves, max_states: int | None = None, player=None, rng: int = 0) -> dict:
    """One choice at a position, played (``moves``: a move, a run shortcut or a list of them, on a
    copy), then judged: by the solver (sees every card) with ``max_states`` positions - verdict
    "won", "lost" or "unknown" (the budget ran out) and the states it used; or, given ``player`` (a
    fair policy or its name), by that player's continuation (seeded by ``rng``): its status and
    cards home."""
    after = game.copy()
    for move in [moves] if isinstance(moves, (str, Move)) else moves:
        for m in after.expand(move):
            after.play(m)
    if player is not None:
        r = play_policy(after, player, rng=rng)
        return {"verdict": str(r.status), "cards_home": r.cards_home, "moves": len(r.moves)}
    if max_states is None:
        raise ValueError("judge: the solver needs a budget (max_states) so its verdict is the same anywhere")
    if after.is_won:
        return {"verdict": "won", "states": 0}
    r = solve(after, time_limit=None, max_states=max_states, shorten_line=False)
    return {"verdict": str(r.status), "states": r.states}


def play_forks(variant, deals: Iterable[int], players: Mapping[str, Callable], base: str = "habit",
               max_states: int | None = None, player=None, rng=None) -> list[dict]:
    """For each player but ``base`` and each deal, the first fork between it and the base player
    (:func:`first_fork`), both choices judged (:func:`judge`: by the solver within ``max_states``,
    or by a fair ``player``'s continuation). One row a fork: player, base, deal, before (the moves
    before the fork), base_move, changed_move, base_verdict, changed_verdict."""
    deals = list(deals)
    out = []
    for name, policy in players.items():
        if name == base:
            continue
        for deal in deals:
            found = first_fork(variant, deal, players[base], policy, rng=rng)
            if found is None:
                continue
            game, history, mb, mc = found
            verdicts = [judge(game, m, max_states, player, rng=deal)["verdict"] for m in (mb, mc)]
            out.append({"player": name, "base": base, "deal": deal, "before": " ".join(map(str, history)),
                        "base_move": str(mb), "changed_move": str(mc), "base_verdict": verdicts[0],
                        "changed_verdict": verdicts[1]})
    return out


def where_lost(variant, deal: int, policy: Callable, max_states: int) -> dict | None:
    """On a deal the solver wins within ``max_states``, the move of ``policy``'s game after which it
    no longer does, found by halving the game (once lost, a game stays lost: no move is taken
    back); or the end, if the player stopped while the deal was still winnable. ``None`` when the
    player wins or the solver does not win the deal."""
    r = play_policy(Game(variant, deal=deal), policy, rng=deal)
    if r.status == "won":
        return None
    moves = r.moves

    def status(k: int) -> str:
        g = Game(variant, deal=deal)
        for m in moves[:k]:
            g.play(m)
        return str(solve(g, time_limit=None, max_states=max_states).status)

    if status(0) != "won":
        return None
    end = status(len(moves))
    if end == "won":
        return {"deal": deal, "ply": len(moves), "of": len(moves), "before": " ".join(map(str, moves)),
                "move": "", "kind": "stopped while winnable", "after": end,
                "cards_home": r.cards_home, "stock": len(r.game.stock)}
    lo, hi, last = 0, len(moves), end  # won after lo moves; not won after hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        got = status(mid)
        if got == "won":
            lo = mid
        else:
            hi, last = mid, got
    before = Game(variant, deal=deal)
    for m in moves[:lo]:
        before.play(m)
    m = moves[lo]
    into_empty = m.dst < WASTE and not before.tableau[m.dst]
    kind = ("deal" if m.is_deal else "redeal" if m.is_redeal else "home" if m.is_home
            else "into an empty column" if into_empty else "waste to a column" if m.from_waste
            else "column to column")
    return {"deal": deal, "ply": lo, "of": len(moves), "before": " ".join(map(str, moves[:lo])),
            "move": str(m), "kind": kind, "after": last, "cards_home": before.cards_home,
            "stock": len(before.stock)}


def solver_lines(variant, deals: Iterable[int], max_states: int,
                 time_limit: float | None = None) -> list[dict]:
    """The solver on each deal with ``max_states`` positions: deal, status, states, and the moves
    of its line where it won."""
    out = []
    for deal in deals:
        r = solve(Game(variant, deal=deal), time_limit=time_limit, max_states=max_states)
        row = {"deal": deal, "status": str(r.status), "states": r.states}
        if r.won:
            row["moves"] = [str(m) for m in r.moves]
        out.append(row)
    return out


def _spread(items: list, k: int) -> list:
    """At most ``k`` of ``items``, evenly spaced, first and last included."""
    if len(items) <= k:
        return items
    return [items[round(i * (len(items) - 1) / (k - 1))] for i in range(k)] if k > 1 else items[:1]


def ask_questions(variant, won_lines: Iterable[dict], max_states: int, per_deal: int,
                  questions: Callable | None = None) -> list[dict]:
    """Along each of the solver's won lines (``{"deal", "moves"}``; every position on it is
    winnable), the positions that raise a question (``questions(game)``, by default
    :func:`ft_widget.habits.question_options`), at most ``per_deal`` of each question a deal,
    spread along the line: each option played and judged by the solver (:func:`judge`). One row an
    option (the "questions" files' columns)."""
    questions = questions or question_options
    out = []
    for line in won_lines:
        g, found = Game(variant, deal=line["deal"]), {}
        for ply, move in enumerate(line["moves"]):
            for q, opts in questions(g).items():
                found.setdefault(q, []).append((ply, opts))
            g.play(move)
        for q, where in found.items():
            for ply, opts in _spread(where, per_deal):
                pos = Game(variant, deal=line["deal"])
                for m in line["moves"][:ply]:
                    pos.play(m)
                for option, moves, detail, needed in opts:
                    said = judge(pos, moves, max_states)
                    out.append({"game": pos.variant.id, "deal": line["deal"], "ply": ply, "question": q,
                                "option": option, "move": " ".join(moves), "detail": detail,
                                "needed_below": needed, "verdict": said["verdict"], "states": said["states"],
                                "line_move": line["moves"][ply], "stock": len(pos.stock),
                                "cards_home": pos.cards_home,
                                "empty_columns": sum(1 for c in pos.tableau if not c)})
    return out


# ----------------------------------------------------------------------------- the command line
#: how each game's habit experiments are written: the player column, the forks file and its
#: columns' prefix for the changed player, the provenance file, and the deals option for forks
_LAYOUT = {
    "forty_thieves": ("policy", None, None, "games", None),
    "maria": ("policy", None, None, "games", None),
    "lucas": ("idea", "splits", "idea", "run", "split"),
    "little_forty": ("idea", "splits", "idea", "run", "split"),
    "rank_and_file": ("idea", "splits", "idea", "run", "split"),
    "indian": ("player", "forks", "changed", "run", "fork"),
    "limited": ("player", "forks", "changed", "run", "fork"),
    "streets": ("player", "forks", "changed", "questions_run", "fork"),
    "number_ten": ("player", "forks", "changed", "questions_run", "fork"),
}


def _out_folder(path: str | None):
    folder = Path(path) if path else Path(__file__).resolve().parent / "data" / "experiments"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _teaching_file(name: str):
    return Path(__file__).resolve().parent / "data" / "teaching" / name


def _write_csv(path, fields: Sequence[str], table: Iterable[dict]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fields, extrasaction="ignore")
        w.writeheader()
        w.writerows({k: "" if v is None else v for k, v in r.items()} for r in table)


def _record(command: str, start: float, **fields) -> dict:
    return {"command": command, "machine": f"{machine()}, one process, load average "
            f"{os.getloadavg()[0]:.1f} at the end", "seconds": round(time.time() - start), **fields,
            "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def _run_habits(args, command: str) -> list[str]:
    v = args.variant
    who, forks, changed, note, deals_kind = _LAYOUT[v]
    players = HABITS[v]
    bases = {k: p[0] for k, p in players.items()} if v == "limited" else {}
    players = {k: p[1] for k, p in players.items()} if v == "limited" else dict(players)
    if args.changes:
        wanted = [next(iter(players)), *args.changes.split(",")]
        unknown = sorted(set(wanted) - set(players))
        if unknown:
            raise SystemExit(f"--changes: {v} has no change {unknown}: {', '.join(players)}")
        players = {k: players[k] for k in wanted}
    stem = f"{v}_{args.tag}" if args.tag else v
    folder, start, written = _out_folder(args.out), time.time(), []
    games = play_paired(v, parse_deals(args.deals), players)
    for lesson in filter(None, args.rules.split(",")):
        habit = {f"rule:{lesson}": players[next(iter(players))]}
        games += play_paired(lesson_variant(v, lesson), parse_deals(args.deals), habit)
    for r in games:
        r.update({who: r["player"], "base": bases.get(r["player"]) or "", "game": v,
                  "turned_up": sum(d == 0 for d in r["result"].game.face_down_counts)})
    fields = {"policy": ["game", "deal", "policy", "status", "cards_home", "moves"],
              "idea": ["idea", "deal", "won", "cards_home", "moves"]}.get(who)
    if fields is None:
        fields = ["player", *(["base"] if bases else []), "deal", "won", "cards_home",
                  *(["turned_up"] if v == "indian" else []), "moves"]
    if who == "policy":  # these were written deal by deal
        order = list(players)
        games.sort(key=lambda r: (r["deal"], order.index(r["player"])))
    _write_csv(folder / f"{stem}_games.csv", fields, games)
    written.append(f"{stem}_games.csv")
    games_seconds = round(time.time() - start)
    budget = {}
    if forks:
        rows_ = []
        fork_deals = parse_deals(getattr(args, f"{deals_kind}_deals"))
        for name in list(players)[1:]:
            base = bases.get(name) or next(iter(players))
            rows_ += play_forks(v, fork_deals, {base: players[base], name: players[name]}, base=base,
                                max_states=args.max_states)
        for r in rows_:
            r[who] = r["player"]
            if not bases:  # the base is the habit: its columns are named so
                r.update({"habit_move": r["base_move"], "habit_verdict": r["base_verdict"],
                          f"{changed}_move": r["changed_move"], f"{changed}_verdict": r["changed_verdict"]})
        prefix = "base" if bases else "habit"
        _write_csv(folder / f"{stem}_{forks}.csv",
                   [who, *(["base"] if bases else []), "deal", "before", f"{prefix}_move", f"{changed}_move",
                    f"{prefix}_verdict", f"{changed}_verdict"], rows_)
        written.append(f"{stem}_{forks}.csv")
        budget = {"max_states": args.max_states, "deals": args.deals,
                  f"{deals_kind}_deals": getattr(args, f"{deals_kind}_deals")}
    if forks == "splits":
        fatal = []
        for lesson in [None, *filter(None, args.rules.split(","))]:
            for deal in parse_deals(args.split_deals):
                habit = players[next(iter(players))]
                row = where_lost(lesson_variant(v, lesson), deal, habit, args.max_states)
                if row is not None:
                    fatal.append({"game": f"rule:{lesson}" if lesson else "as dealt", **row})
        _write_csv(folder / f"{stem}_fatal.csv", ["game", "deal", "ply", "of", "before", "move", "kind",
                                                  "after", "cards_home", "stock"], fatal)
        written.append(f"{stem}_fatal.csv")
    extra = {"games_seconds": games_seconds} if bases else {}
    if who == "policy":
        record = _record(command, start, game_deals=args.deals)
    else:
        record = _record(command, start, **extra, **budget, variant=VARIANTS[v].name)
    (folder / f"{stem}_{note}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return [*written, f"{stem}_{note}.json"]


def _run_questions(args, command: str) -> list[str]:
    v, folder, start = args.variant, _out_folder(args.out), time.time()
    found = solver_lines(v, parse_deals(args.deals), args.line_states)
    (folder / f"{v}_lines.json").write_text(json.dumps({"game": v, "max_states": args.line_states,
                                                        "deals": found}, separators=(",", ":")),
                                            encoding="utf-8")
    lines_seconds = round(time.time() - start)
    asked = ask_questions(v, [d for d in found if d["status"] == "won"], args.verdict_states, args.per_deal)
    _write_csv(folder / f"{v}_questions.csv", ["game", "deal", "ply", "question", "option", "move", "detail",
                                               "needed_below", "verdict", "states", "line_move", "stock",
                                               "cards_home", "empty_columns"], asked)
    record = _record(command, start, line_states=args.line_states, verdict_states=args.verdict_states,
                     per_deal=args.per_deal, lines_seconds=lines_seconds)
    record["questions_seconds"] = record.pop("seconds") - lines_seconds
    (folder / f"{v}_questions.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return [f"{v}_lines.json", f"{v}_questions.csv", f"{v}_questions.json"]


# The solver's data of the teaching notebooks (ft_widget/data/teaching/): its won lines, the
# lessons (one rule of a game changed), Forty Thieves with one rule changed, and the decisions.
#: name -> the rule fields that change in Forty Thieves; each is one rule of another game
SINGLE_RULES: dict[str, dict] = {
    "Forty Thieves (no change)": {},
    "build in any other suit (Indian, Little Forty)": {"build": "other_suit"},
    "build in alternate colours (Streets, Maria, …)": {"build": "alternate_colour"},
    "sequences move (Little Forty, Number Ten, …)": {"sequences": True},
    "deal 12 × 3 (Limited)": {"columns": 12, "cards_per_column": 3},
    "deal 13 × 3 (Lucas' layout)": {"columns": 13, "cards_per_column": 3},
    "deal 9 × 4 (Maria's layout)": {"columns": 9},
    "Aces start home (Lucas)": {"aces_start": True},
    "stock 3 at a time, 3 redeals (Little Forty)": {"stock_deal": 3, "redeals": 3},
}
#: the habit player whose moves the decisions put to the test (cheap enough for every position)
DECISION_PLAYER = "foundations_first"
#: the fair player of the lessons: the strongest the project has
LESSON_PLAYER = "expert"


def _single_rule_fields(name: str) -> dict:
    return {k: get_build(v) if k == "build" else v for k, v in SINGLE_RULES[name].items()}


def _single_rule_variant(name: str):
    return replace(VARIANTS["forty_thieves"], id=f"forty_thieves_changed_{list(SINGLE_RULES).index(name)}",
                   name=name, **_single_rule_fields(name))


def _solve_job(job: tuple) -> dict:
    """One solver run of the teaching data (a worker process's job)."""
    what, key, lesson, deal, max_states, time_limit = job
    variant = _single_rule_variant(key) if what == "single_rule" else lesson_variant(key, lesson)
    r = solve(Game(variant, deal=deal), time_limit=time_limit, max_states=max_states)
    if what == "single_rule":
        return {"change": key, "deal": deal, "status": str(r.status), "moves": len(r.moves)}
    row = {"variant": key, **({"lesson": lesson} if what == "lessons" else {}), "deal": deal,
           "status": str(r.status), "states": r.states}
    if what == "lines" and r.won:
        row["moves"] = [str(m) for m in r.moves]
    return row


def _play_job(job: tuple) -> dict:
    variant_id, lesson, deal, player = job
    r = play_policy(Game(lesson_variant(variant_id, lesson), deal=deal), player,
                    random.Random(f"{variant_id}/{deal}"))
    return {"variant": variant_id, "lesson": lesson, "deal": deal, "status": str(r.status),
            "cards_home": r.cards_home}


def _decisions_job(job: tuple) -> tuple[str, list[dict]]:
    """Along a game's won lines, every ``step``-th position: where the habit player's move differs
    from the line's and the solver proves it lost, a decision (two a game at most, one a deal); if
    none turns up in ``seconds``, one where both moves win."""
    variant, won, max_states, step, seconds, deals_too = job
    player, start, found, forgiving = POLICIES[DECISION_PLAYER], time.time(), [], []
    for deal, line in won:
        game = Game(variant, deal=deal)
        for k, move in enumerate(line):
            if time.time() - start > seconds or len(found) >= 2:
                return variant, found or forgiving[:1]
            if k >= 6 and k % step == 0 and not game.is_won:
                choice = player(game, random.Random(f"{variant}/{deal}/{k}"))
                from_stock = choice is not None and (choice.is_deal or choice.is_redeal)
                if choice is not None and str(choice) != move and (deals_too or not from_stock):
                    trial = game.copy()
                    trial.play(choice)
                    r = solve(trial, time_limit=600, max_states=max_states)
                    row = {"variant": variant, "deal": deal, "moves": line[:k], "best": move,
                           "player": str(choice), "player_verdict": str(r.status), "states": r.states,
                           "line_left": len(line) - k}
                    if str(r.status) == "lost":
                        found.append(row)
                        break
                    if str(r.status) == "won" and not forgiving and k >= len(line) // 3:
                        forgiving.append(row)
            game.play(move)
    return variant, found or forgiving[:1]


def _provenance(command: str, args, start: float) -> dict:
    import subprocess  # not at the top: the zero-install site (Pyodide) imports this module, never runs git

    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    workers = f"{args.workers} worker process{'es' if args.workers != 1 else ''}"
    return {"command": command, "solver": f"ft_widget.solve at commit {commit}",
            "max_states": args.max_states,
            "time_limit": args.time_limit, "machine": f"{platform.machine()}, {workers}, load average "
            f"{os.getloadavg()[0]:.1f} at the end", "wall_seconds": round(time.time() - start)}


def _run_teaching(args, command: str) -> list[str]:
    """lines, lessons, single-rule or decisions: written to ft_widget/data/teaching/ (or --out)."""
    from concurrent.futures import ProcessPoolExecutor  # Pyodide, which reads the results, has no processes

    what = args.what.replace("-", "_")
    out = Path(args.out) if args.out else (Path(__file__).resolve().parent / "data" / "teaching"
                                           / {"lines": "solver_lines.json"}.get(what, f"{what}.json"))
    variants, start = args.variants.split(","), time.time()
    with ProcessPoolExecutor(args.workers) as pool:
        if what == "lines":
            jobs = [("lines", v, None, d, args.max_states, args.time_limit)
                    for v in variants for d in parse_deals(args.deals)]
            data = {"deals": list(pool.map(_solve_job, jobs))}
        elif what == "single_rule":
            jobs = [("single_rule", n, None, d, args.max_states, args.time_limit)
                    for n in SINGLE_RULES for d in parse_deals(args.deals)]
            data = {"changes": {n: {k: str(v) for k, v in _single_rule_fields(n).items()}
                                for n in SINGLE_RULES},
                    "deals": list(pool.map(_solve_job, jobs))}
        elif what == "lessons":
            configs = [(v, lesson) for v in variants for lesson in [None, *LESSONS[v]]]
            played = list(pool.map(_play_job, [(v, le, d, LESSON_PLAYER) for v, le in configs
                                               for d in parse_deals(args.player_deals)], chunksize=20))
            solved = list(pool.map(_solve_job, [("lessons", v, le, d, args.max_states, args.time_limit)
                                                for v, le in configs for d in parse_deals(args.deals)]))
            data = {"player": LESSON_PLAYER, "lessons": {v: {k: dict(f) for k, f in LESSONS[v].items()}
                                                         for v in variants},
                    "solver": solved, "played": played}
        else:
            lines = json.loads(Path(args.lines).read_text(encoding="utf-8"))
            won = {v: [(d["deal"], d["moves"]) for d in lines["deals"]
                       if d["variant"] == v and d["status"] == "won"] for v in variants}
            jobs = [(v, won[v], args.max_states, args.step, args.seconds, args.deals_too) for v in variants]
            found = dict(pool.map(_decisions_job, jobs))
    record = _provenance(command, args, start)
    if what == "decisions":  # each run adds its games' decisions to the file
        data = (json.loads(out.read_text(encoding="utf-8")) if out.exists() else
                {"player": DECISION_PLAYER, "lines_from": lines["command"], "max_states": args.max_states,
                 "runs": [], "decisions": {}})
        if data["player"] != DECISION_PLAYER or data["max_states"] != args.max_states:
            raise SystemExit(f"{out} was made by {data['player']} with {data['max_states']} states")
        data["runs"].append(record)
        data["decisions"].update(found)
    else:  # the lessons' "solver" (its rows) takes the place of the record's (its commit), as before
        data = {**record, **data}
    out.write_text(json.dumps(data, separators=(",", ":"), default=str) + "\n", encoding="utf-8")
    return [str(out)]


def write_docs_table(page=None) -> bool:
    """Write :func:`experiments_markdown` between the experiments-table markers of
    docs/experiments.md (in a checkout); True if the page changed."""
    page = Path(page) if page else Path(__file__).resolve().parent.parent / "docs" / "experiments.md"
    text = page.read_text(encoding="utf-8")
    found = re.search(r"(<!-- experiments-table:.*?-->\n)(.*?)(\n<!-- /experiments-table -->)", text, re.S)
    if found is None:
        raise SystemExit(f"{page} has no experiments-table markers")
    new = text[:found.start(2)] + experiments_markdown() + text[found.end(2):]
    page.write_text(new, encoding="utf-8")
    return new != text


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ft_widget.experiments habits|questions VARIANT [options]``: play an experiment and
    write its files (and its command, budget, machine and time) to ft_widget/data/experiments/."""
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python -m ft_widget.experiments",
                                description="Play the lessons' experiments and write their results.")
    sub = p.add_subparsers(dest="what", required=True)
    h = sub.add_parser("habits", help="whole games of the habit players, and their first forks judged by the "
                       "solver (Forty Thieves and Maria: whole games only)")
    h.add_argument("variant", choices=sorted(_LAYOUT))
    h.add_argument("--deals", default="1-1000", help="deals for whole games")
    h.add_argument("--fork-deals", default="1-200", help="deals for the forks")
    h.add_argument("--split-deals", default="1-100", help="deals for the forks (Lucas, Little Forty, "
                   "Rank and File: their splits and where the habit's games are lost)")
    h.add_argument("--max-states", type=int, default=100_000, help="the solver's budget for a verdict")
    h.add_argument("--rules", default="", help="rule changes (teaching.LESSONS ids) the habit also plays")
    h.add_argument("--changes", default="", help="comma-separated changes to play (default: all)")
    h.add_argument("--tag", default="", help="the files are <variant>_<tag>_*")
    h.add_argument("--out", default=None, help="folder (default: the package's data/experiments)")
    q = sub.add_parser("questions", help="the questions of Forty Thieves and Maria, asked along the "
                       "solver's won lines")
    q.add_argument("variant", choices=["forty_thieves", "maria"])
    q.add_argument("--deals", default="1-200")
    q.add_argument("--line-states", type=int, default=300_000, help="the solver's budget for a line")
    q.add_argument("--verdict-states", type=int, default=150_000, help="the solver's budget for a verdict")
    q.add_argument("--per-deal", type=int, default=12, help="positions of each question a deal, at most")
    q.add_argument("--out", default=None)
    for name, text, deals, states in (
            ("lines", "the solver's won lines of every game", "1-30", 60_000),
            ("lessons", "each game and the game with one rule changed: the solver and the fair expert",
             "1-30", 60_000),
            ("single-rule", "Forty Thieves with one rule changed, by the solver", "1-30", 60_000),
            ("decisions", "positions where the habit player's move loses a won line", None, 20_000)):
        t = sub.add_parser(name, help=text)
        if deals:
            t.add_argument("--deals", default=deals, help="deals the solver plays")
        t.add_argument("--max-states", type=int, default=states, help="the solver's budget a deal")
        t.add_argument("--time-limit", type=float, default=600.0, help="seconds a deal, a safety net")
        t.add_argument("--workers", type=int, default=1)
        t.add_argument("--variants", default=",".join(VARIANTS))
        t.add_argument("--out", default=None, help="the file (default: the package's data/teaching/)")
    sub.choices["lessons"].add_argument("--player-deals", default="1-100", help="deals the fair expert plays")
    d = sub.choices["decisions"]
    d.add_argument("--lines", default=str(_teaching_file("solver_lines.json")), help="the won lines")
    d.add_argument("--step", type=int, default=3, help="test every step-th position of a line")
    d.add_argument("--seconds", type=float, default=90, help="give up on a game after this long")
    d.add_argument("--deals-too", action="store_true", help="test the player's deals (s>w) too")
    sub.add_parser("docs", help="write the table of every run into docs/experiments.md")
    args = p.parse_args(argv)
    if args.what == "docs":
        print("docs/experiments.md", "updated" if write_docs_table() else "already up to date")
        return 0
    # the record names what was played, not where its files went (--out changes no row)
    shown = [a for i, a in enumerate(argv) if a != "--out" and (i == 0 or argv[i - 1] != "--out")]
    command = "python -m ft_widget.experiments " + " ".join(shown)
    run = {"habits": _run_habits, "questions": _run_questions}.get(args.what, _run_teaching)
    for name in run(args, command):
        print("wrote", name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
