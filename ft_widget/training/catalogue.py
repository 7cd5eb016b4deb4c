"""Deals graded by difficulty: the committed catalogue in ``ft_widget/data/deals/<variant>.json``.

A teacher wants "a winnable, easy deal". For every game the catalogue holds a range of deal numbers
(made by ``tools/make_deals.py``, its command and budgets in each file's ``provenance``) with

* the verdict of the solver, which sees every card, within a budget of states: ``"won"`` (it found
  a line, stored as notation and replayed through the engine by the tests), ``"lost"`` (proved) or
  ``"unknown"``. Only the won deals are called winnable;
* for the winnable ones, a grade from the fair expert's results (it sees only what a player sees)
  over several seeded runs: every run won ``"easy"``, some ``"medium"``, none ``"hard"``. Which
  strength of the expert graded them (``ft_widget.expert.STRENGTHS``) is the provenance's
  ``strength``, and each graded deal's :attr:`CatalogueDeal.strength`.

>>> from ft_widget import deals
>>> easy = deals("lucas", "easy")
>>> set(easy) <= set(deals("lucas", winnable=True))
True
"""

from __future__ import annotations

import functools
import json
import random as _random
from dataclasses import dataclass
from importlib import resources

from ..expert import STRENGTHS
from ..i18n import Nn_, gettext, ngettext, number
from ..limits import shown
from ..variants import VARIANTS, get_variant

#: The grades of a winnable deal, easiest first.
DIFFICULTIES = ("easy", "medium", "hard")
#: The solver's verdicts a catalogued deal can have.
VERDICTS = ("won", "lost", "unknown")
_FORMAT = "ft_widget.deals"


@dataclass(frozen=True)
class CatalogueDeal:
    """One catalogued deal: ``verdict`` is the solver's (it sees every card); ``grade``,
    ``expert_wins`` of ``runs``, ``strength`` (the grading expert's, ``ft_widget.expert.STRENGTHS``)
    and ``line`` (the solver's winning moves, as notation) are set for the won deals only."""

    deal: int
    verdict: str
    grade: str | None = None
    expert_wins: int | None = None
    runs: int | None = None
    line: tuple[str, ...] = ()
    strength: str | None = None

    @property
    def winnable(self) -> bool:
        return self.verdict == "won"


def _check_variant(variant: object, where: str) -> str:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"{where}: variant must be one of {', '.join(VARIANTS)}, not {shown(variant)}")
    return variant


def _check_difficulty(difficulty: object, where: str) -> str:
    if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
        raise ValueError(f"{where}: difficulty must be one of {', '.join(DIFFICULTIES)}, "
                         f"not {shown(difficulty)}")
    return difficulty


@functools.cache
def _load(variant: str) -> tuple[dict, tuple[CatalogueDeal, ...]]:
    """The variant's file, read once from the installed package (a wheel or a clone)."""
    path = resources.files("ft_widget").joinpath("data", "deals", f"{variant}.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    if doc.get("format") != _FORMAT or doc.get("variant") != variant:
        raise ValueError(f"{path} is not the deal catalogue of {variant}")
    strength = doc["provenance"].get("strength")
    if strength not in STRENGTHS:  # a grade means little without the expert that made it
        raise ValueError(f"{path}: the provenance's strength must be one of {', '.join(STRENGTHS)}, "
                         f"not {shown(strength)}")
    rows = []
    for r in doc["rows"]:
        if r["verdict"] not in VERDICTS or (r["verdict"] == "won") != (r["grade"] in DIFFICULTIES):
            raise ValueError(f"{path}: deal {r.get('deal')} has verdict {r['verdict']!r} "
                             f"and grade {r['grade']!r}")
        rows.append(CatalogueDeal(r["deal"], r["verdict"], r["grade"], r["expert_wins"], r["runs"],
                                  tuple((r["line"] or "").split()), strength if r["grade"] else None))
    return doc["provenance"], tuple(rows)


def catalogue(variant: str) -> tuple[CatalogueDeal, ...]:
    """Every catalogued deal of ``variant``, in deal order, with its verdict, grade and line."""
    return _load(_check_variant(variant, "catalogue"))[1]


def provenance(variant: str) -> dict:
    """How the catalogue of ``variant`` was made: command, the expert's strength and budgets, seeds,
    date, commit."""
    return dict(_load(_check_variant(variant, "provenance"))[0])


def deals(variant: str, difficulty: str | None = None, winnable: bool | None = None) -> list[int]:
    """The catalogued deal numbers of ``variant``: all of them, or those of a ``difficulty``
    ("easy", "medium" or "hard": winnable ones), or with ``winnable=True`` those the solver won
    (it sees every card), with ``winnable=False`` the others (proved lost or unknown)."""
    return _deals(variant, difficulty, winnable, "deals")


def _deals(variant: str, difficulty: str | None, winnable: bool | None, where: str) -> list[int]:
    _check_variant(variant, where)
    if difficulty is not None:
        _check_difficulty(difficulty, where)
    if winnable is not None and not isinstance(winnable, bool):
        raise ValueError(f"{where}: winnable must be True, False or None, not {shown(winnable)}")
    if difficulty is not None and winnable is False:
        raise ValueError(f"{where}: a {difficulty!r} deal is winnable: difficulty={difficulty!r} "
                         "cannot go with winnable=False")
    return [d.deal for d in catalogue(variant)
            if (difficulty is None or d.grade == difficulty)
            and (winnable is None or d.winnable == winnable)]


def difficulties(variant: str) -> list[str]:
    """The difficulties with at least one catalogued deal of ``variant``, easiest first; ``[]`` for
    a game without a catalogue (a custom variant)."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        return []
    grades = {d.grade for d in catalogue(variant)}
    return [g for g in DIFFICULTIES if g in grades]


def pick_deal(variant: str, difficulty: str = "easy", rng: _random.Random | int | None = None) -> int:
    """A deal number of ``variant`` at ``difficulty``, picked at random from the catalogue
    (``rng``: a ``random.Random``, a seed or None)."""
    choices = _deals(variant, _check_difficulty(difficulty, "pick_deal"), None, "pick_deal")
    if not choices:
        raise ValueError(f"pick_deal: the catalogue has no {difficulty!r} deal of {variant}")
    if not isinstance(rng, _random.Random):
        rng = _random.Random(rng)
    return rng.choice(choices)


def graded_deal(variant, deal: int | None, difficulty: str | None,
                rng: _random.Random | int | None = None) -> int | None:
    """``deal``, or with a ``difficulty`` a catalogued deal of it picked with ``rng`` (what
    ``Board(..., difficulty=...)`` and ``new_game(difficulty=...)`` play)."""
    if difficulty is None:
        return deal
    if deal is not None:
        raise ValueError("give a deal number or a difficulty, not both")
    v = get_variant(variant)
    if VARIANTS.get(v.id) != v:
        raise ValueError(f"difficulty: {v.name} has no graded deals (only the games of "
                         f"ft_widget.VARIANTS have)")
    return pick_deal(v.id, difficulty, rng)


def counts(variant: str) -> dict[str, int]:
    """How many catalogued deals of ``variant`` have each grade, and each verdict but "won"."""
    rows = catalogue(variant)
    keys = (*DIFFICULTIES, "lost", "unknown")
    return {k: sum(1 for d in rows if (d.grade if k in DIFFICULTIES else d.verdict) == k) for k in keys}


#: A grade's count in a sentence, each a whole phrase for the catalogues (an adjective agrees).
_GRADED = {"easy": Nn_("{n} easy deal", "{n} easy deals"),
           "medium": Nn_("{n} medium deal", "{n} medium deals"),
           "hard": Nn_("{n} hard deal", "{n} hard deals")}


def summary(variant: str) -> str:
    """The catalogue of ``variant`` in one sentence, in the current language: "Forty Thieves deals 1
    to 200: 15 easy deals, 24 medium deals, 25 hard deals, and 136 not known to be winnable."."""
    rows, c = catalogue(variant), counts(variant)
    graded = {g: ngettext(*_GRADED[g], c[g]).format(n=number(c[g])) for g in DIFFICULTIES}
    return gettext("{variant} deals {first} to {last}: {easy}, {medium}, {hard}, and {other} not known to be "
                   "winnable.").format(variant=VARIANTS[variant].display_name, first=rows[0].deal,
                                       last=rows[-1].deal, other=number(c["lost"] + c["unknown"]), **graded)


def counts_markdown() -> str:
    """The README's table: per game, the catalogued deals and their counts by grade and verdict."""
    head = "| game | deal numbers | deals | easy | medium | hard | lost | unknown |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    for vid, variant in VARIANTS.items():
        c = counts(vid)
        rows = catalogue(vid)
        span = f"{rows[0].deal}–{rows[-1].deal}" if rows else "none"
        lines.append(f"| {variant.name} | {span} | {len(rows)} | {c['easy']} | {c['medium']} | {c['hard']} "
                     f"| {c['lost']} | {c['unknown']} |")
    return "\n".join(lines)
