"""Helpers for the teaching notebooks: pictures that show anywhere, cards as words, the
lessons' rule changes and the paired statistics the lessons quote.

Everything a notebook repeats lives here once, so each notebook is its own lesson and not a
copy of the others. ``from ft_widget.teaching import *`` brings what the notebooks use.
"""

from __future__ import annotations

import html
import json
import math
import random
import re
from dataclasses import replace
from importlib import resources
from pathlib import Path

from . import rules
from .cards import card_symbol, make_card, rank_of
from .expert import Expert, estimate
from .game import Game, Move, Outcome
from .i18n import gettext as _
from .limits import check_count, check_rng
from .policies import POLICIES, cautious_choice, play_policy
from .render import (
    CARD_H,
    CARD_W,
    FELT,
    FELT_DIM,
    FELT_TEXT,
    FONT,
    Picture,
    svg_board,
    svg_card,
    svg_text,
    text_board,
)
from .tables import pandas
from .training.lessons import lesson_markdown, lesson_rules, lesson_steps
from .training.puzzles import Judgement, Puzzle, TrainingPuzzle, puzzles
from .training.review import review
from .variants import VARIANTS, Variant
from .words import choice_line, count, move_line, status_line

#: Per game, the lessons that are its own: lesson id -> the rule fields that change. Each lesson
#: plays the game and the game with these fields changed on the same deals
#: (``python -m ft_widget.experiments lessons`` computes it into ``lessons.json``).
LESSONS: dict[str, dict[str, dict[str, object]]] = {
    "forty_thieves": {"sequences_move": {"sequences": True}, "one_redeal": {"redeals": 1}},
    "indian": {"face_up": {"face_down": 0}, "same_suit": {"build": "same_suit"}},
    "limited": {"ten_columns": {"columns": 10}, "four_deep": {"cards_per_column": 4}},
    "little_forty": {"no_redeal": {"redeals": 0}, "one_at_a_time": {"stock_deal": 1},
                     "one_card": {"sequences": False}},
    "lucas": {"aces_in_deck": {"aces_start": False}, "ten_columns": {"columns": 10}},
    "maria": {"same_suit": {"build": "same_suit"}, "ten_columns": {"columns": 10}},
    "number_ten": {"face_up": {"face_down": 0}, "one_card": {"sequences": False}},
    "rank_and_file": {"two_down": {"face_down": 2}, "face_up": {"face_down": 0}},
    "streets": {"same_suit": {"build": "same_suit"}, "other_suit": {"build": "other_suit"}},
}


def lesson_variant(variant_id: str, lesson: str | None) -> Variant:
    """The game ``variant_id`` with lesson ``lesson``'s rule changed (``None``: as dealt)."""
    base = VARIANTS[variant_id]
    if lesson is None:
        return base
    return replace(base, id=f"{variant_id}_{lesson}", name=f"{base.name} ({lesson.replace('_', ' ')})",
                   **LESSONS[variant_id][lesson])


# ----------------------------------------------------------------------------- pictures
# Picture (an SVG shown as an <img> with a data URI) lives in ft_widget.render, below the training
# layer that draws charts too; it is imported above.


class Row:
    """Pictures side by side, as one image (JupyterLab stacks separate images in an output); one
    above the other where side by side they would be wider than ``max_width`` pixels, so that a
    notebook's column never shrinks them below the size they were drawn at."""

    GAP = 10

    def __init__(self, *pictures: Picture, max_width: float = 900):
        self.pictures = pictures
        sizes = []
        for p in pictures:
            head = p.svg[:p.svg.index(">")]
            sizes.append(tuple(float(re.search(f' {k}="([0-9.]+)"', head).group(1))
                               for k in ("width", "height")))
        across = sum(w for w, _ in sizes) + self.GAP * (len(sizes) - 1) <= max_width
        parts, at = [], 0.0
        for p, (w, h) in zip(pictures, sizes, strict=True):
            where = f'x="{at:g}" y="0"' if across else f'x="0" y="{at:g}"'
            parts.append(p.svg.replace("<svg ", f"<svg {where} ", 1))
            at += (w if across else h) + self.GAP
        width = at - self.GAP if across else max(w for w, _ in sizes)
        height = max(h for _, h in sizes) if across else at - self.GAP
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
               f'viewBox="0 0 {width:g} {height:g}">' + "".join(parts) + "</svg>")
        self.picture = Picture(svg, "\n\n".join(p.text for p in pictures),
                               alt=" | ".join(p.alt for p in pictures))

    def _repr_mimebundle_(self, include=None, exclude=None):
        return self.picture._repr_mimebundle_(include, exclude)


def picture(game, highlight=None, caption: str | None = None, scale: float = 0.8) -> Picture:
    """The position as a picture; ``highlight`` (a Move or its notation) marks a move."""
    text = text_board(game)
    if highlight is not None:
        text += f"\n(move {highlight})"
    return Picture(svg_board(game, highlight=highlight, caption=caption, scale=scale), text,
                   alt=caption or status_line(game))


def build_picture(onto: int, build, scale: float = 1.0) -> Picture:
    """Which cards may go on ``onto`` under the building rule ``build``: the four suits of the
    rank below, each marked ✓ (the engine's rule allows it) or ✗."""
    build = rules.get_build(build)
    below = [make_card(rank_of(onto) - 1, suit) for suit in range(4)]
    ok = [rules.can_build(card, onto, build) for card in below]
    gap, margin = 8, 12
    width = margin * 2 + 5 * CARD_W + 4 * gap + 24
    height = 30 + CARD_H + 30
    parts = [svg_text(margin, 18, f"on {card_symbol(onto)}, {build.text}", 13, FELT_TEXT, bold=True),
             svg_card(margin, 28, onto)]
    x0 = margin + CARD_W + gap + 24
    parts.append(svg_text(margin + CARD_W + 4, 28 + CARD_H / 2 + 6, "←", 18, FELT_TEXT))
    for k, (card, yes) in enumerate(zip(below, ok, strict=True)):
        x = x0 + k * (CARD_W + gap)
        parts.append(f'<g opacity="{1 if yes else 0.35}">{svg_card(x, 28, card)}</g>')
        parts.append(svg_text(x + CARD_W / 2, 28 + CARD_H + 20, "✓" if yes else "✗", 16,
                           FELT_TEXT if yes else FELT_DIM, anchor="middle", bold=True))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" height="{height * scale:g}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">'
           f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>' + "".join(parts) + "</svg>")
    text = (f"on {card_symbol(onto)} ({build.text}): "
            + " ".join(f"{card_symbol(c)}{'✓' if y else '✗'}" for c, y in zip(below, ok, strict=True)))
    return Picture(svg, text)


def losing_move_row(reviewed, scale: float = 0.75) -> Row:
    """A reviewed game's losing move (``review(...).losing_move``) on the board beside the
    alternative that kept the win, both drawn on the position before it."""
    k = reviewed.losing_move
    if k is None:
        raise ValueError("losing_move_row: this review found no losing move")
    before, played, kept = reviewed.position(k), reviewed.steps[k].move, reviewed.alternative
    return Row(picture(before, highlight=played, scale=scale, caption=f"played {played}: no win left"),
               picture(before, highlight=kept, scale=scale, caption=f"{kept}: the win kept"))


def losing_move_text(reviewed) -> str:
    """A reviewed game's losing move and the alternative that kept the win, in words, a line each
    ("Played: …", "Kept the win: …"), as the lessons print them above :func:`losing_move_row`."""
    k = reviewed.losing_move
    if k is None:
        raise ValueError("losing_move_text: this review found no losing move")
    before = reviewed.position(k)
    return (f"Played: {move_line(before, reviewed.steps[k].move)}\n"
            f"Kept the win: {move_line(before, reviewed.alternative)}")


def habit_game_reviewed(variant_id: str, deal: int, *, rng: int = 1, solver_states: int | None = None):
    """A lesson's reviewed game: the habit player ``foundations_first`` plays ``deal`` (``rng``
    draws its choices), and :func:`~ft_widget.training.review.review` reads the game back, the
    fair expert's worlds drawn with seed 1 and the solver given ``solver_states`` positions a move
    (None: the review's default). The same arguments give the same review."""
    played = play_policy(Game(variant_id, deal=deal), "foundations_first", rng=rng)
    budget = {} if solver_states is None else {"solver_states": solver_states}
    return review(replayed(variant_id, deal, list(played.moves)), rng=1, progress=False, **budget)


#: How a fork's picture names the solver's verdict after each move.
FORK_VERDICT = {"won": "the win kept", "lost": "no win left", "unknown": "not settled"}


def fork_row(variant_id: str, forks: list[dict], change: str, deal: int, scale: float = 0.6) -> Row:
    """The first position of ``deal`` where the plain player and the one with ``change`` part (a row
    of ``forks``, as :func:`ft_widget.experiments.rows` reads a lesson's forks), drawn twice: each
    player's move, captioned with the solver's verdict after it."""
    r = next((r for r in forks if r["player"] == change and r["deal"] == deal), None)
    if r is None:
        raise ValueError(f"fork_row: no fork of {change!r} on deal {deal} in these rows")
    game = replayed(variant_id, deal, r["before"])
    return Row(*(picture(game, highlight=r[f"{who}_move"], scale=scale,
                         caption=f"{r[f'{who}_move']}: {FORK_VERDICT[r[f'{who}_verdict']]}")
                 for who in ("habit", "changed")))


# ----------------------------------------------------------------------------- tables
class Table:
    """A captioned table for a reader, without pandas: plain HTML (a ``<caption>``, no ``<style>``
    block, which an untrusted notebook strips) and aligned text where HTML is not shown.
    Made by :func:`table`."""

    def __init__(self, columns: list[str], rows: list[list[str]], numeric: list[bool], caption: str):
        self.columns, self.rows, self.numeric, self.caption = columns, rows, numeric, caption

    def html(self) -> str:
        def cell(tag: str, text: str, k: int) -> str:
            align = ' style="text-align:right"' if self.numeric[k] else ' style="text-align:left"'
            return f"<{tag}{align}>{html.escape(text)}</{tag}>"

        head = "".join(cell("th", c, k) for k, c in enumerate(self.columns))
        body = "".join("<tr>" + "".join(cell("td", v, k) for k, v in enumerate(row)) + "</tr>"
                       for row in self.rows)
        # one line, left, above: a wrapped caption would be as narrow as a table of two columns
        caption = '<caption style="caption-side:top;text-align:left;white-space:nowrap;font-weight:600">'
        return (f'<table class="ft-lesson-table">{caption}{html.escape(self.caption)}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def text(self) -> str:
        widths = [max(len(v) for v in column) for column in zip(self.columns, *self.rows, strict=True)]

        def line(values) -> str:
            return "  ".join(v.rjust(w) if n else v.ljust(w)
                             for v, w, n in zip(values, widths, self.numeric, strict=True)).rstrip()

        return "\n".join([self.caption, line(self.columns), *(line(row) for row in self.rows)])

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.html(), "text/plain": self.text()}

    def __repr__(self) -> str:
        return self.text()


def _cell(value, where: str) -> tuple[str, bool]:
    """A table cell's text, and whether it is a number (right-aligned)."""
    if isinstance(value, bool) or value is None:
        raise TypeError(f"table: {where} is {value!r}; write it as words (a str)")
    if isinstance(value, int):
        return f"{value:,}", True
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"table: {where} is {value}, not a number a reader can use")
        return f"{value:,.4g}", True
    if isinstance(value, str):
        return value, False
    raise TypeError(f"table: {where} is a {type(value).__name__}; give a str, an int or a float")


def table(rows, *, caption: str, columns=None) -> Table:
    """A captioned table from ``rows``: dicts that share their keys (the keys are the columns, in
    the first row's order), or sequences with ``columns`` naming them. Cells are str, int or float
    (numbers are right-aligned, ints with thousands separators); format a percentage or an
    interval as a str first. Plain HTML without a ``<style>`` block: JupyterLab and the offline
    JupyterLite site show it alike."""
    if not isinstance(caption, str) or not caption.strip():
        raise ValueError("table: a caption is required (a non-empty str that says what the table shows)")
    if isinstance(rows, (str, bytes, dict)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"table: rows must be a list of dicts or of sequences, not a {type(rows).__name__}")
    rows = list(rows)
    if columns is None:
        if not rows:
            raise ValueError("table: no rows and no columns; give columns=[...] for an empty table")
        if not all(isinstance(r, dict) for r in rows):
            raise TypeError("table: rows must all be dicts, or give columns=[...] for rows of sequences")
        columns = list(rows[0])
        for k, r in enumerate(rows):
            if list(r) != columns:
                raise ValueError(f"table: row {k + 1} has the columns {list(r)}, the first row {columns}")
        rows = [list(r.values()) for r in rows]
    else:
        if isinstance(columns, str) or not all(isinstance(c, str) for c in columns):
            raise TypeError("table: columns must be a list of str")
        columns = list(columns)
        for k, r in enumerate(rows):
            if isinstance(r, (str, bytes, dict)) or not hasattr(r, "__len__"):
                raise TypeError(f"table: row {k + 1} is a {type(r).__name__}, not a sequence of cells")
            if len(r) != len(columns):
                raise ValueError(f"table: row {k + 1} has {count(len(r), 'cell')} for "
                                 f"{count(len(columns), 'column')}")
    if not columns:
        raise ValueError("table: a table needs at least one column")
    cells = [[_cell(v, f"row {k + 1}, column {columns[j]!r}") for j, v in enumerate(r)]
             for k, r in enumerate(rows)]
    # a column is numeric (right-aligned) when every one of its cells is a number
    numeric = [bool(cells) and all(row[j][1] for row in cells) for j in range(len(columns))]
    return Table(columns, [[text for text, _ in row] for row in cells], numeric, caption)


# ----------------------------------------------------------------------------- puzzles
class Fold:
    """Text behind a fold that a reader opens with a click (an HTML ``<details>``), so that a
    notebook can ask before it answers. The text is escaped: it reaches the page as text."""

    def __init__(self, summary: str, *paragraphs: str):
        self.summary, self.paragraphs = summary, paragraphs

    def html(self) -> str:
        body = "".join(f"<p>{html.escape(p)}</p>" for p in self.paragraphs)
        return f"<details><summary>{html.escape(self.summary)}</summary>{body}</details>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.html(), "text/plain": "\n\n".join((self.summary, *self.paragraphs))}


def rules_table() -> Table:
    """The nine games' rules as the engine describes them (``Variant.rules_row``), a captioned
    table in the current language."""
    caption = _("The rules of the nine games, as the engine describes them (id: the lesson's name)")
    return table([v.rules_row() for v in VARIANTS.values()], caption=caption)


def puzzle_picture(p: TrainingPuzzle, scale: float = 0.8) -> Picture:
    """A shipped puzzle's position (``ft_widget.puzzles``), its title as the caption."""
    return picture(p.game, caption=p.title, scale=scale)


def answer_fold(p: TrainingPuzzle) -> Fold:
    """A shipped puzzle's answer behind a fold: the words ``p.show_answer()`` prints (one owner:
    ``TrainingPuzzle.answer_text``), then why it works, from the solver's line."""
    return Fold(_("Answer to {title}").format(title=p.title), p.answer_text, p.explanation)


class PuzzleCard:
    """A shipped puzzle as a notebook shows it: its position, its prompt, and its answer behind a
    fold (:func:`puzzle_picture`, ``p.prompt``, :func:`answer_fold`), in one output."""

    def __init__(self, p: TrainingPuzzle, scale: float = 0.8):
        self.picture, self.prompt, self.fold = puzzle_picture(p, scale), p.prompt, answer_fold(p)

    def _repr_mimebundle_(self, include=None, exclude=None):
        fold = self.fold._repr_mimebundle_()["text/plain"]
        return {"text/html": f"{self.picture.img()}<p>{html.escape(self.prompt)}</p>{self.fold.html()}",
                "text/plain": "\n\n".join((self.picture.text, self.prompt, fold))}


class StepCard:
    """A lesson step (:func:`~ft_widget.training.lessons.lesson_steps`) as a notebook shows it: the
    rule's heading, the rule (or its bend) in words, the position and its prompt, the answer behind
    a fold (a :class:`PuzzleCard` of the step's puzzle under its rule)."""

    def __init__(self, step, scale: float = 0.7):
        self.step, self.card = step, PuzzleCard(step.puzzle, scale)

    def _words(self) -> tuple[str, str]:
        rule = self.step.rule
        return self.step.heading, rule.says if self.step.role == "rule" else rule.bends

    def _repr_mimebundle_(self, include=None, exclude=None):
        heading, words = self._words()
        card = self.card._repr_mimebundle_()
        return {"text/html": f"<p><strong>{html.escape(heading)}</strong> {html.escape(words)}</p>"
                             + card["text/html"],
                "text/plain": f"{heading}: {words}\n\n{card['text/plain']}"}


class StepCards:
    """Several :class:`StepCard` in one output (a rule's steps: the rule, then its bend)."""

    def __init__(self, cards):
        self.cards = list(cards)

    def _repr_mimebundle_(self, include=None, exclude=None):
        parts = [c._repr_mimebundle_() for c in self.cards]
        if not parts:
            return {"text/plain": _("No fair position shows this rule yet."),
                    "text/html": f"<p>{html.escape(_('No fair position shows this rule yet.'))}</p>"}
        return {"text/html": "".join(p["text/html"] for p in parts),
                "text/plain": "\n\n".join(p["text/plain"] for p in parts)}


def rule_steps(variant: str, rule: str) -> StepCards:
    """The lesson steps of ``variant``'s rule ``rule`` (its key in
    :data:`~ft_widget.training.lessons.LESSONS`), each as a :class:`StepCard`: what a lesson
    notebook shows under the rule's section. A ``ValueError`` names the game's rules."""
    keys = [r.key for r in lesson_rules(variant)]
    if rule not in keys:
        raise ValueError(f"rule_steps: {variant}'s rules are {', '.join(keys)}, not {rule!r}")
    return StepCards(StepCard(s) for s in lesson_steps(variant) if s.rule.key == rule)


class MarkdownText:
    """Text a notebook shows as Markdown (its plain text: the same words)."""

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(self.text)


def lesson_rules_list(variant: str) -> MarkdownText:
    """``variant``'s rules of thumb with their bends, as Markdown for a notebook (one owner: the
    lesson's data, :func:`~ft_widget.training.lessons.lesson_markdown`)."""
    return MarkdownText(lesson_markdown(variant))


def first_puzzles(variant: str, n: int = 3) -> list[TrainingPuzzle]:
    """The ``n`` easiest shipped puzzles of ``variant``, one per deal (two neighbouring positions
    of one deal look alike); fewer where fewer are shipped, none where none are."""
    n = check_count("first_puzzles", "n", n, 0)
    chosen: list[TrainingPuzzle] = []
    for p in puzzles(variant):
        if len(chosen) < n and all(p.deal != q.deal for q in chosen):
            chosen.append(p)
    return chosen


def into_empty_column(game, move) -> bool:
    """Does ``move`` (a Move or its notation) put cards into an empty column of ``game``?"""
    move = move if isinstance(move, Move) else Move(move)
    return move.dst < len(game.tableau) and not game.tableau[move.dst]


def turns_up_card(game, move) -> bool:
    """Does ``move`` (a Move or its notation), between columns, take every face-up card off a
    column that still has face-down cards, so that one turns over?"""
    move = move if isinstance(move, Move) else Move(move)
    return (move.between_columns and game.face_down_counts[move.src] > 0
            and len(game.tableau[move.src]) - move.count == game.face_down_counts[move.src])


# ----------------------------------------------------------------------------- words
def cards(seq) -> str:
    """Cards as a player writes them: ``cards([41, 8, 19])`` is ``'3♠ 9♣ 7♦'``."""
    return " ".join(card_symbol(c) for c in seq)


# ----------------------------------------------------------------------------- data and statistics
def data_path(name: str):
    """A data file the notebooks read. What this module and the game notebooks read ships in the
    package: ``notebooks/NAME`` is the experiments' results (ft_widget/data/experiments/NAME, once
    data/notebooks/NAME; :mod:`ft_widget.experiments` reads them), and ``decisions.json``,
    ``lessons.json``, ``solver_lines.json`` and ``single_rule.json`` are in ft_widget/data/teaching/.
    Anything else is in the repository's data/ folder: beside the package in a checkout, else
    ``../data`` from the notebooks' folder, as the JupyterLite site (lite/build.py) serves it."""
    data = resources.files("ft_widget").joinpath("data")
    if name == "notebooks" or name.startswith("notebooks/"):
        return Path(str(data.joinpath("experiments", name[len("notebooks/"):])))
    if data.joinpath("teaching", name).is_file():
        return Path(str(data.joinpath("teaching", name)))
    beside = Path(__file__).resolve().parent.parent / "data" / name
    return beside if beside.exists() else Path.cwd().parent / "data" / name


def load(name: str) -> dict:
    return json.loads(data_path(name).read_text())


class Paired:
    """A paired comparison on the same deals: means of ``a`` and ``b``, the mean of b − a and a
    95% bootstrap interval for it (10,000 resamples of the deals, fixed seed: same on every run)."""

    def __init__(self, a, b, resamples: int = 10_000, rng: random.Random | int | None = 13):
        import numpy as np  # comes with pandas, which playing does not need

        resamples = check_count("Paired", "resamples", resamples, 1)
        rng = check_rng("Paired", rng)
        if isinstance(rng, random.Random):
            rng = rng.getrandbits(64)
        elif rng is not None and rng < 0:  # numpy's seeds are never negative
            raise ValueError(f"Paired: rng must be None, a whole number >= 0 (a seed) or a random.Random, "
                             f"not {rng}")
        a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        if a.shape != b.shape or a.size == 0:
            raise ValueError("a paired comparison needs the same non-empty list of deals on both sides")
        d = b - a
        gen = np.random.default_rng(rng)
        means = d[gen.integers(0, d.size, size=(resamples, d.size))].mean(axis=1)
        self.n = int(d.size)
        self.a, self.b, self.diff = float(a.mean()), float(b.mean()), float(d.mean())
        self.low, self.high = (float(x) for x in np.percentile(means, [2.5, 97.5]))
        self.better = int((d > 0).sum())
        self.worse = int((d < 0).sum())

    @property
    def clear(self) -> bool:
        """Is the difference clear of zero (the interval does not contain 0)?"""
        return self.low > 0 or self.high < 0

    def __repr__(self) -> str:
        return f"{self.diff:+.3g} [{self.low:+.3g}, {self.high:+.3g}] (n={self.n})"


def paired_games(games, change: str, measure: str = "cards_home", base: str = "habit",
                 by: str = "player") -> Paired:
    """Whole games of two players on the same deals, ``change`` against ``base``, deal by deal: a
    :class:`Paired` of ``measure``. ``games`` (a DataFrame) has a row a game, with the columns
    ``deal``, ``by`` (the player's name) and ``measure`` (the game notebooks' experiment CSVs)."""
    wide = games.pivot(index="deal", columns=by, values=measure)
    return Paired(wide[base], wide[change])


def lesson_results(variant_id: str, data: dict | None = None) -> dict[str, dict[str, Paired]]:
    """For each of a game's lessons, the paired comparisons of ``lessons.json``: the solver's
    wins (a deal it did not win within the budget counts 0) and the fair player's wins and cards
    home, the game as dealt (a) against the game with the lesson's rule changed (b)."""
    data = data or load("lessons.json")

    def column(rows, lesson, key, value):
        got = {r["deal"]: value(r[key]) for r in rows if r["variant"] == variant_id and r["lesson"] == lesson}
        return [got[d] for d in sorted(got)]

    won = lambda status: status == Outcome.WON  # noqa: E731
    out = {}
    for lesson in data["lessons"][variant_id]:
        out[lesson] = {
            "solver wins": Paired(column(data["solver"], None, "status", won),
                                  column(data["solver"], lesson, "status", won)),
            "player wins": Paired(column(data["played"], None, "status", won),
                                  column(data["played"], lesson, "status", won)),
            "player cards home": Paired(column(data["played"], None, "cards_home", int),
                                        column(data["played"], lesson, "cards_home", int)),
        }
    return out


def lesson_table(variant_id: str, data: dict | None = None):
    """The lessons of one game as a table: each measure as dealt, changed, and the paired difference."""
    pd = pandas("lesson_table()")

    rows = []
    for lesson, measures in lesson_results(variant_id, data).items():
        for measure, p in measures.items():
            share = "wins" in measure
            fmt = (lambda x: f"{x:.0%}") if share else (lambda x: f"{x:.1f}")
            rows.append({"lesson": lesson.replace("_", " "), "measure": measure, "deals": p.n,
                         "as dealt": fmt(p.a), "changed": fmt(p.b),
                         "change [95% interval]": f"{fmt(p.diff)} [{fmt(p.low)}, {fmt(p.high)}]"})
    return pd.DataFrame(rows).set_index(["lesson", "measure"])


# ----------------------------------------------------------------------------- positions to teach from
def with_tops(variant, deal: int, tops: dict[int, str]):
    """Deal ``deal`` of ``variant`` with chosen cards swapped onto column tops: ``{1: "TD"}``
    puts a 10♦ on top of column 1 (columns 1-based, as the notation). Each chosen card changes
    places with one copy of itself from elsewhere, so the position stays a valid one."""
    game = Game(variant, deal=deal)
    pos = game.position()
    piles = [*pos["tableau"], pos["stock"], pos["waste"]]
    for column, card in tops.items():
        col = pos["tableau"][column - 1]
        old = col[-1]
        if old == card:
            continue
        # the other place: a copy of `card` anywhere but a column top we are setting
        for pile in piles:
            spots = [i for i, c in enumerate(pile) if c.strip("<>") == card
                     and not (pile is not col and any(pile is pos["tableau"][k - 1] and i == len(pile) - 1
                                                      for k in tops))]
            if spots:
                i = spots[0]
                pile[i] = f"<{old}>" if pile[i].startswith("<") else old
                break
        else:
            raise ValueError(f"no {card} to move in deal {deal}")
        col[-1] = card
    return Game.from_position(pos, variant=game.variant)


def find_turn_up(game, depth: int = 3):
    """The shortest list of moves between columns (no deals, nothing home) after which a face-down
    card has turned up, searched to ``depth`` moves; None if there is none that short."""
    depth = check_count("find_turn_up", "depth", depth, 0)
    frontier = [(game.copy(), [])]
    for _depth in range(depth):
        nxt = []
        for g, line in frontier:
            for move in g.legal_moves():
                if not move.between_columns:
                    continue
                trial = g.copy()
                trial.play(move)
                if sum(trial.face_down_counts) < sum(g.face_down_counts):
                    return [*line, move]
                nxt.append((trial, [*line, move]))
        frontier = nxt[:400]
    return None


def beats(policy, rival: str = "foundations_first", variant: str = "lucas", deals=range(1, 101)) -> dict:
    """The exercise's checker: ``policy`` against ``rival`` on the same deals (same seeds),
    paired: wins and cards home, each with a 95% interval. ``policy`` beats the rival when the
    interval of its extra cards home lies above zero."""
    rival_policy = POLICIES[rival] if isinstance(rival, str) else rival
    mine, theirs = [], []
    for deal in deals:
        mine.append(play_policy(Game(variant, deal=deal), policy, random.Random(deal)))
        theirs.append(play_policy(Game(variant, deal=deal), rival_policy, random.Random(deal)))
    home = Paired([r.cards_home for r in theirs], [r.cards_home for r in mine])
    wins = Paired([r.status == Outcome.WON for r in theirs], [r.status == Outcome.WON for r in mine])
    return {"deals": home.n, "cards home": home, "wins": wins, "beats": home.low > 0}


def lesson_words(variant_id: str, lesson: str, data: dict | None = None) -> str:
    """A lesson's measurements in one paragraph, computed from ``lessons.json``: the
    words are made from the numbers, so they cannot drift from them."""
    data = data or load("lessons.json")
    res = lesson_results(variant_id, data)[lesson]
    solver, wins, home = res["solver wins"], res["player wins"], res["player cards home"]

    def verdict(p: Paired) -> str:
        if p.better == p.worse == 0:
            return "every deal ended the same"
        if not p.clear:
            return "the interval contains zero: no clear difference"
        return "clearly more" if p.low > 0 else "clearly fewer"

    change = ", ".join(f"{k} = {v}" for k, v in data["lessons"][variant_id][lesson].items())
    return (f"With {change}: the solver won {solver.b:.0%} of {solver.n} deals against {solver.a:.0%} as "
            f"dealt (paired difference {solver.diff:+.0%}, "
            f"95% interval [{solver.low:+.0%}, {solver.high:+.0%}]: "
            f"{verdict(solver)}). The fair player ({data['player']}) took {home.b:.1f} cards home on average "
            f"against {home.a:.1f} over {home.n} deals "
            f"({home.diff:+.1f} [{home.low:+.1f}, {home.high:+.1f}]: "
            f"{verdict(home)}) and won {count(round(wins.b * wins.n), 'deal')} against "
            f"{round(wins.a * wins.n)}.")


class Decision:
    """A worked decision from ``decisions.json``: a real position (a deal and the solver's
    moves so far), the solver's move and the fair player's, and what the solver says of each."""

    def __init__(self, variant_id: str, which: int = 0, data: dict | None = None):
        data = data or load("decisions.json")
        found = data["decisions"].get(variant_id) or []
        if len(found) <= which:
            raise LookupError(f"decisions.json has no decision {which} for {variant_id}")
        row = found[which]
        self.data, self.row = data, row
        self.deal, self.best, self.player_move = row["deal"], row["best"], row["player"]
        self.game = Game(variant_id, deal=row["deal"])
        for move in row["moves"]:
            self.game.play(move)
        self.player = data["player"]
        self.max_states = data["max_states"]
        #: what the solver said of the fair player's move when the decision was found
        self.player_verdict = (Judgement.WINNABLE if row.get("player_verdict", Outcome.LOST) == Outcome.WON
                               else Judgement.LOST)

    def boards(self, scale: float = 0.55) -> Row:
        """The position twice, each with one of the two moves marked."""
        return Row(picture(self.game, highlight=self.best, scale=scale, caption=f"A: {self.best}"),
                   picture(self.game, highlight=self.player_move, scale=scale,
                           caption=f"B: {self.player_move}"))

    def check(self) -> dict[str, str]:
        """Both moves judged again, now, by the solver (the puzzle's judge, same budget). A move
        the judge calls waiting (it can be taken back) is winnable here: the position before it is
        (the judge found an answer), and the move back restores it."""
        judge = Puzzle(self.game, goal="keep_winnable", max_states=self.max_states)
        said = {str(m): judge.check(m).verdict for m in (self.best, self.player_move)}
        return {m: (Judgement.WINNABLE if v == Judgement.WAITING else v).value for m, v in said.items()}

    def expert_says(self, worlds: int = 8) -> ExpertSays:
        """What the fair expert, which sees only what a player sees, makes of A and B: in how many
        of the same sampled worlds each starts a win, and which move it plays itself, and why."""
        estimates = estimate(self.game, [self.best, self.player_move], worlds=worlds)
        return ExpertSays(estimates, Expert(fallback=cautious_choice).choose(self.game, 0), self.game)


class ExpertSays:
    """What the fair expert makes of a decision's two moves (:meth:`Decision.expert_says`)."""

    def __init__(self, estimates, choice, game, labels=("A", "B")):
        self.estimates = dict(zip(labels, estimates, strict=True))
        self.game = game  # the position the choice was made in, to put its move in words
        #: the expert's own move here (an :class:`ft_widget.expert.ExpertChoice`, with its reason)
        self.choice = choice

    def __repr__(self) -> str:
        first = next(iter(self.estimates.values()))
        lines = [f"The fair expert ({first.worlds} worlds dealt from the cards you cannot see, "
                 f"each solved with {first.max_states:,} positions):"]
        lines += [f"  {label} {e.move}: a win in {e.worlds_won} of {e.worlds}"
                  for label, e in self.estimates.items()]
        lines.append(f"Its own move: {self.choice.move}, {choice_line(self.game, self.choice)}")
        return "\n".join(lines)


def near_the_end(variant_id: str, deal: int, moves_left: int = 12, data: dict | None = None):
    """Deal ``deal`` played along the solver's winning line of ``solver_lines.json`` until
    ``moves_left`` moves of it are left: a "win from here" puzzle."""
    moves_left = check_count("near_the_end", "moves_left", moves_left, 1)  # line[:-0] would be empty
    data = data or load("solver_lines.json")
    line = next(d["moves"] for d in data["deals"] if d["variant"] == variant_id and d["deal"] == deal
                and d["status"] == Outcome.WON)
    game = Game(variant_id, deal=deal)
    for move in line[:-moves_left]:
        game.play(move)
    return game




def replayed(variant_id: str, deal, moves) -> Game:
    """Deal ``deal`` of ``variant_id`` with ``moves`` played through the engine: a list of moves,
    one space-separated string (as the notebooks' CSV files keep them), or nothing (an empty CSV
    cell reads as NaN): the deal as dealt."""
    game = Game(variant_id, deal=int(deal))
    for move in moves.split() if isinstance(moves, str) else (moves if isinstance(moves, list) else []):
        game.play(move)
    return game


# ----------------------------------------------------------------------------- interval charts
# A paired difference, or a share, with its interval, drawn as an SVG picture so that it shows in
# an unrun, untrusted notebook.


def _unsigned_zero(number: str) -> str:
    """A formatted number that rounds to zero, without a sign: "0%", not "-0%" or "+0%"."""
    return number[1:] if number[:1] in "+-" and not any(d in number for d in "123456789") else number


def interval_chart(rows, title: str, lo: float = -1.0, hi: float = 1.0, percent: bool = True,
                   width: int = 560) -> Picture:
    """Rows of ``(label, value, low, high)`` as dots with their interval on one axis from ``lo`` to
    ``hi`` (a line at zero when the axis crosses it): a paired difference or a share per row.
    A :class:`Paired` may stand for the last three (its ``diff``, ``low`` and ``high``)."""
    for name, bound in (("lo", lo), ("hi", hi)):
        if isinstance(bound, bool) or not isinstance(bound, int | float) or not math.isfinite(bound):
            raise ValueError(f"interval_chart: {name} must be a finite number, not {bound!r}")
    if not lo < hi:
        raise ValueError(f"interval_chart: lo must be below hi, not {lo} and {hi}")
    rows = [(label, *((v.diff, v.low, v.high) if isinstance(v, Paired) else (v, *rest)))
            for label, v, *rest in rows]
    if not rows or any(len(r) != 4 for r in rows):
        raise ValueError("interval_chart: rows must be a non-empty list of (label, Paired) or "
                         "(label, value, low, high)")
    label_w = max(150, 7 * max(len(str(r[0])) for r in rows))  # about 7 px a character at 13 px
    pitch, top, margin = 30, 40, 14
    width = max(width, label_w + 2 * margin + 200, round(8.5 * len(title)) + 2 * margin)  # 14 px bold title
    plot_w = width - label_w - 2 * margin
    height = top + pitch * len(rows) + 34
    def fmt(v: float) -> str:
        return _unsigned_zero((f"{v:+.0%}" if lo < 0 else f"{v:.0%}") if percent else f"{v:+.2g}")

    def x(v: float) -> float:
        return label_w + margin + plot_w * (min(max(v, lo), hi) - lo) / (hi - lo)

    parts = [f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>',
             svg_text(margin, 24, title, 14, FELT_TEXT, bold=True)]
    axis_y = top + pitch * len(rows) + 4
    for k in range(5):
        v = lo + (hi - lo) * k / 4
        parts.append(f'<line x1="{x(v):.1f}" y1="{top - 6}" x2="{x(v):.1f}" y2="{axis_y}" '
                     f'stroke="{FELT_DIM}" stroke-opacity="0.35"/>')
        parts.append(svg_text(x(v), axis_y + 18, fmt(v), 11, FELT_DIM, anchor="middle"))
    if lo < 0 < hi:
        parts.append(f'<line x1="{x(0):.1f}" y1="{top - 6}" x2="{x(0):.1f}" y2="{axis_y}" '
                     f'stroke="{FELT_TEXT}" stroke-width="1.5"/>')
    for i, (label, v, low, high) in enumerate(rows):
        y = top + pitch * i + pitch / 2
        parts.append(svg_text(margin, y + 5, str(label), 13, FELT_TEXT))
        parts.append(f'<line x1="{x(low):.1f}" y1="{y:.1f}" x2="{x(high):.1f}" y2="{y:.1f}" '
                     f'stroke="#ffd54f" stroke-width="4" stroke-linecap="round"/>')
        parts.append(f'<circle cx="{x(v):.1f}" cy="{y:.1f}" r="6" fill="#ffffff" stroke="#1a1a1a"/>')
        parts.append(svg_text(min(x(high) + 8, width - 60), y - 8, fmt(v), 11, FELT_TEXT))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">' + "".join(parts) + "</svg>")
    text = title + "\n" + "\n".join(f"  {label}: {fmt(v)} [{fmt(low)}, {fmt(high)}]"
                                    for label, v, low, high in rows)
    return Picture(svg, text, alt=title)


# ----------------------------------------------------------------------------- bar charts
# A bar chart as a Picture, so a notebook's figures show unrun and untrusted like its positions.
def bars(rows, title: str, unit: str = "", digits: int = 0, width: int = 560) -> Picture:
    """Horizontal bars, one per ``(label, value)`` or ``(label, value, low, high)`` row; the
    optional low and high (an interval) are drawn as a whisker. Bars start at zero, so a negative
    value (a difference) points left of a zero line."""
    rows = [tuple(r) + (None, None) if len(r) == 2 else tuple(r) for r in rows]
    if not rows:
        raise ValueError("bars: rows must not be empty")
    ends = [0.0] + [float(x) for r in rows for x in r[1:] if x is not None]
    lo, hi = min(ends), max(ends)
    span = (hi - lo) or 1.0
    row_h, top, margin = 26, 34, 12
    label_w = max(120, round(6.5 * max(len(str(r[0])) for r in rows)) + 8)  # ~6.5 px a character, 12 px
    pad = 60 if lo < 0 else 0  # room for a negative value's number, left of its bar
    width = max(width, label_w + 2 * margin + pad + 60 + 240)
    plot_w = width - label_w - 2 * margin - 60 - pad
    x = lambda v: label_w + margin + pad + (float(v) - lo) / span * plot_w  # noqa: E731
    height = top + row_h * len(rows) + 14
    fmt = lambda v: _unsigned_zero(f"{v:.{digits}f}{unit}")  # noqa: E731
    parts = [svg_text(margin, 22, title, 14, FELT_TEXT, bold=True),
             f'<line x1="{x(0):.1f}" y1="{top - 4}" x2="{x(0):.1f}" y2="{height - 8}" '
             f'stroke="{FELT_DIM}" stroke-width="1"/>']
    for i, (label, value, low, high) in enumerate(rows):
        y = top + i * row_h
        a, b = sorted((x(0), x(value)))
        parts.append(svg_text(label_w, y + 15, str(label), 12, FELT_TEXT, anchor="end"))
        parts.append(f'<rect x="{a:.1f}" y="{y + 4}" width="{max(b - a, 1):.1f}" height="{row_h - 10}" '
                     f'fill="#f2c14e" rx="2"/>')
        if low is not None and high is not None:
            parts.append(f'<line x1="{x(low):.1f}" y1="{y + row_h / 2 - 1}" x2="{x(high):.1f}" '
                         f'y2="{y + row_h / 2 - 1}" stroke="{FELT_TEXT}" stroke-width="2"/>')
        if value < 0:  # the number at the bar's own end, beyond its whisker: left of zero
            parts.append(svg_text(min(a, x(low) if low is not None else a) - 6, y + 15, fmt(value), 12,
                                  FELT_TEXT, anchor="end"))
        else:
            parts.append(svg_text(max(b, x(high) if high is not None else b) + 6, y + 15, fmt(value), 12,
                                  FELT_TEXT))
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">'
           f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>' + "".join(parts) + "</svg>")
    text = title + "\n" + "\n".join(
        f"{label}: {fmt(value)}" + (f" [{fmt(low)}, {fmt(high)}]" if low is not None else "")
        for label, value, low, high in rows)
    return Picture(svg, text)
