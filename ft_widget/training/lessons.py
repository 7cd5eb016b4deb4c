"""A game's lesson on the board: its rules of thumb, each with the case where it bends, played
as steps on real positions (``Board.lesson(game)``; :func:`lesson_steps` for code).

A rule (:class:`LessonRule`) says what to do (``says``), when it bends (``bends``), which
moves follow it (``follows``, a test of a move at a position: :data:`TESTS`) and the puzzle
themes it teaches (:data:`~ft_widget.training.themes.THEMES`, by key). A game's rules are
:data:`LESSONS`, frozen data like the games themselves.

The steps are found in the shipped puzzles and lesson positions
(:func:`~ft_widget.training.puzzles.lesson_positions`: fair decisions with more answers than a
puzzle may have, as where every move but one follows a rule and that one loses), never typed.
Only a fair decision (:attr:`~ft_widget.training.puzzles.TrainingPuzzle.fair_decision`: over
the deals of the cards the learner cannot see, its answers keep a win clearly more often than
its losing moves) can be a step, so every verdict a lesson gives rests on what the learner sees.
A position is a **rule** step of a rule when every answer follows the rule and some losing move
does not; it is the rule's **bend** when every answer breaks the rule and some losing move
follows it. Each rule gets its easiest rule step, then its easiest bend (lowest rating), a
position used once a lesson. Where a game's fair decisions hold no such position, the rule is
still stated, with no step; the lesson says how many steps it has (:func:`lesson_markdown`).

>>> [s.role for s in lesson_steps("lucas")][:2]
['rule', 'bend']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..game import FOUNDATION, WASTE, Game
from ..i18n import N_, ngettext, number
from ..i18n import gettext as _
from ..moves import Move
from ..variants import VARIANTS
from .puzzles import TrainingPuzzle, lesson_positions, puzzles
from .themes import THEMES, built_on, fills_empty, theme_name, uncovers

#: The tests a rule's ``follows`` names: does ``move`` at ``game``'s position follow the rule?
TESTS: dict[str, Callable[[Game, Move], bool]] = {
    "home": lambda game, move: move.dst == FOUNDATION,  # a card sent home
    "deal": lambda game, move: move.is_deal,  # a deal from the stock
    "place": lambda game, move: move.src == WASTE and move.dst < WASTE and bool(game.tableau[move.dst]),
    # (the waste card onto a column's card)
    "play_waste": lambda game, move: move.src == WASTE and move.dst < WASTE,  # onto a card or into a space
    "redeal": lambda game, move: move.is_redeal,  # the waste turned over
    # (the themes' own readings of a move: one owner)
    "keep_empty": lambda game, move: not fills_empty(game, move),  # no empty column filled
    "fill": fills_empty,  # an empty column filled
    "waste_fill": lambda game, move: fills_empty(game, move) and move.src == WASTE,  # the waste card into one
    "dig": lambda game, move: move.between_columns and uncovers(game, move),  # a buried card freed
    "run": lambda game, move: move.between_columns and move.count > 1,  # a run moved whole
    # cards lifted into an empty column off a face-down card, which turns up
    "space_dig": lambda game, move: (move.between_columns and fills_empty(game, move)
                                     and len(game.tableau[move.src]) - move.count
                                     == game.face_down_counts[move.src] > 0),
    # a single card lifted off the card it is built on (a run split)
    "split": lambda game, move: move.between_columns and move.count == 1 and built_on(game, move),
}


@dataclass(frozen=True)
class LessonRule:
    """One rule of thumb of a game's lesson (the words are msgids: :attr:`title` and the others
    give them in the current language)."""

    key: str
    title_id: str
    says_id: str
    bends_id: str
    follows: str  # a key of TESTS: the moves that follow the rule
    themes: tuple[str, ...]  # the puzzle themes (keys of THEMES) this rule teaches
    breaks: str | None = None  # a key of TESTS: the moves that go against it (None: every other move)
    bend: str | None = None  # a key of TESTS the answers of its bend make (None: any move against it)
    # a key of TESTS a losing move of its bend makes (None: one that follows the rule), for a bend
    # whose words name another mistake than the rule's move ("a card parked there blocks it")
    bend_loses: str | None = None

    def __post_init__(self):
        for test in (self.follows, self.breaks, self.bend, self.bend_loses):
            if test is not None and test not in TESTS:
                raise ValueError(f"LessonRule {self.key}: a test must be one of {', '.join(TESTS)}")
        unknown = [t for t in self.themes if t not in THEMES]
        if unknown:
            raise ValueError(f"LessonRule {self.key}: unknown themes {unknown}")

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def says(self) -> str:
        return _(self.says_id)

    @property
    def bends(self) -> str:
        return _(self.bends_id)

    def follows_move(self, game: Game, move: Move | str) -> bool:
        """Does ``move`` at ``game``'s position follow the rule?"""
        return TESTS[self.follows](game, Move(str(move)))

    def breaks_move(self, game: Game, move: Move | str) -> bool:
        """Does ``move`` at ``game``'s position go against the rule?"""
        move = Move(str(move))
        return TESTS[self.breaks](game, move) if self.breaks else not TESTS[self.follows](game, move)

    def role_of(self, puzzle: TrainingPuzzle, game: Game | None = None) -> str | None:
        """``"rule"`` (every answer follows the rule, some losing move goes against it), ``"bend"``
        (every answer goes against it, some losing move follows it, or makes :attr:`bend_loses`)
        or None: what ``puzzle``'s position shows of this rule."""
        game = game or puzzle.game
        if all(self.follows_move(game, m) for m in puzzle.answers) and any(
                self.breaks_move(game, m) for m in puzzle.losing):
            return "rule"
        bent = (lambda m: TESTS[self.bend](game, Move(str(m)))) if self.bend else (
            lambda m: self.breaks_move(game, m))
        loses = (lambda m: TESTS[self.bend_loses](game, Move(str(m)))) if self.bend_loses else (
            lambda m: self.follows_move(game, m))
        if all(bent(m) for m in puzzle.answers) and any(loses(m) for m in puzzle.losing):
            return "bend"
        return None


def _rule(key, title, says, bends, follows, themes, breaks=None, bend=None, bend_loses=None) -> LessonRule:
    return LessonRule(key, title, says, bends, follows, tuple(themes), breaks, bend, bend_loses)


# The family's rules, each worded for the game it is taught in (its measured lesson in
# notebooks/<game>.ipynb says what the figures are). One owner: the notebooks print these.
_HOME_THEMES = ("send_home_now", "which_twin_home", "hold_back_from_home")
_DEAL_THEMES = ("place_before_dealing", "where_the_waste_card_goes", "deal_rather_than_place")

LESSONS: dict[str, tuple[LessonRule, ...]] = {
    "forty_thieves": (
        _rule("empty", N_("Keep an empty column"),
              N_("Do not fill an empty column with a card that nothing can go onto: deal on and keep the "
                 "column."),
              N_("Fill it when the card that goes in lets another move at once: a lift that frees the card "
                 "under it, or a waste card the next card goes onto."),
              "keep_empty", ["keep_an_empty_column"]),
        _rule("dig", N_("Dig out a buried card"),
              N_("Move the card on top of a column to free the card under it when that card can move next."),
              N_("Leave the column when the card you would free could not move at once: the lift only fills "
                 "the empty column, and the move that matters is elsewhere, a card home or a deal."),
              "dig", ["dig_out_a_card"]),
        _rule("deal", N_("Play before you deal"),
              N_("Play the waste card onto a column before you deal past it: a card dealt over is buried "
                 "until everything above it is played."),
              N_("Deal on when the card you could place would block the cards still to come."),
              "place", _DEAL_THEMES, "deal"),
        _rule("home", N_("Send cards home as they fit"),
              N_("A card that can go home usually should: a card home is a card less to place. With twins "
                 "free, send the one whose going frees something."),
              N_("Hold a card back when a card of the table needs it as a place: the other twin may be "
                 "buried."),
              "home", _HOME_THEMES),
    ),
    "indian": (
        _rule("home", N_("Send a card home when it fits"),
              N_("Do not wait until a card is safe at home: send it when it fits, and the card under it is "
                 "free to move."),
              N_("Hold it back when a card on the table, of another suit, needs it as its place."),
              "home", _HOME_THEMES),
        _rule("deal", N_("Play the waste card where it fits"),
              N_("Do not deal past a waste card that fits onto a column."),
              N_("Deal on when each place the card fits is one you still need: a column that hides a card, "
                 "or a short column you mean to clear."),
              "place", _DEAL_THEMES, "deal"),
        _rule("fill", N_("Fill an empty column with the waste card"),
              N_("An empty column is worth most when used: while the stock lasts, put the waste card into it "
                 "rather than keep it for a King."),
              N_("Keep it late in the stock, when the cards of the table can use it as a stepping stone: a "
                 "card steps in, the card under it moves, the card steps back, and a column empties."),
              "waste_fill", ["keep_an_empty_column"]),
        _rule("dig", N_("Dig where the freed card can move"),
              N_("Lift a card off a column when the card it frees can move at once: that is how the hidden "
                 "cards come up."),
              N_("Leave the column, and deal, when the card you would free has nowhere to go: lifted into "
                 "your only empty column, the top card just blocks it."),
              "dig", ["dig_out_a_card"]),
    ),
    "limited": (
        _rule("space", N_("Spend a space to free a card for home"),
              N_("Lift into an empty column a card that covers a card ready to go home; the waste card may "
                 "take the space only while the stock is long."),
              N_("Keep the space, and deal, when nothing you could put there frees a card that can move "
                 "next: the cards to come may need it as a stepping stone."),
              "fill", ["keep_an_empty_column"]),
        _rule("deal", N_("Do not deal past a waste card that fits"),
              N_("Play the waste card onto a column before you deal past it."),
              N_("Deal on when placing it would bury a card you need or fill the place of a better one."),
              "place", _DEAL_THEMES, "deal"),
        _rule("dig", N_("Dig out the card the foundations want"),
              N_("Move the card on top of a column, into a space if need be, when the card under it can go "
                 "home or onto a column next."),
              N_("Leave the column, and deal, when the card you would free has nowhere to go yet."),
              "dig", ["dig_out_a_card"]),
        _rule("home", N_("Send cards home, but not blindly"),
              N_("A card home is a card less to place; send the safe ones at once."),
              N_("Hold a card back while a card of the table needs it as a place; with twins free, send the "
                 "one whose going frees something."),
              "home", _HOME_THEMES),
    ),
    "little_forty": (
        _rule("waste", N_("Take waste cards onto the columns"),
              N_("Not only home: a waste card placed on a column is one card fewer in the queue."),
              N_("Deal on when the waste card would cover a card the foundations will soon want: while a "
                 "redeal is left, it comes round again."),
              "place", _DEAL_THEMES, "deal"),
        _rule("passes", N_("Use every pass"),
              N_("The redeals are more chances at the cards you could not reach: turn the waste over when "
                 "nothing else helps."),
              N_("Before you turn it over, play what the waste's top card allows: the order the cards come "
                 "round in depends on it."),
              "redeal", ["when_to_redeal"]),
        _rule("runs", N_("Move runs whole"),
              N_("A run carried in one move clears its column; splitting it rarely helps."),
              N_("Split it when the card you reach goes home or frees another at once."),
              "run", ["split_a_run", "empty_a_column", "dig_out_a_card"]),
    ),
    "lucas": (
        _rule("home", N_("Send a card home as soon as it can go"),
              N_("In Lucas the Aces start home, so cards fit there from the first move: send one as soon as "
                 "it can go, and with a choice, the one whose going empties a column."),
              N_("Hold it back when a card on the table, of its suit and one rank below, needs it as its "
                 "place."),
              "home", _HOME_THEMES),
        _rule("empty", N_("Give an empty column to the card that frees the next card home"),
              N_("Keep an empty column for the table: do not park the waste card there, and do not fill it "
                 "with a card that frees nothing."),
              N_("Fill it at once when a column's top card, lifted in, frees a card that goes home: do not "
                 "deal first, and do not give the space to the waste card."),
              "keep_empty", ["keep_an_empty_column"]),
        _rule("dig", N_("Dig out the next card home"),
              N_("Move a column's top card, into an empty column if need be, to free the card under it when "
                 "that card goes home next."),
              N_("Send a card home first when its going frees the next card home too: a card sent home digs "
                 "without spending the empty column."),
              "dig", ["dig_out_a_card"]),
        _rule("deal", N_("Play the waste card before you deal"),
              N_("Place the waste card where it fits before dealing past it."),
              N_("Deal on when the stock is nearly out and the waste card would only fill an empty column or "
                 "pile onto a column: see the last cards before you spend a place."),
              "place", _DEAL_THEMES, "deal"),
    ),
    "maria": (
        _rule("deal", N_("Play the waste card when it has a place"),
              N_("Place the waste card rather than deal past it."),
              N_("Deal on when the card would bury a card that is nearly ready to go home: the stock may "
                 "bring the card that sends it."),
              "place", _DEAL_THEMES, "deal"),
        _rule("empty", N_("Keep an empty column for the cards on the table"),
              N_("Do not spend an empty column on the waste card: make another move, a card home or a deal, "
                 "and keep the column for the cards on the table."),
              N_("Fill it when the card that goes in frees the card under it or takes the next card at "
                 "once."),
              "keep_empty", ["keep_an_empty_column"]),
        _rule("home", N_("Send cards home as they come"),
              N_("A card home is a card less to place. With twins free, send the one whose going frees "
                 "something."),
              N_("Hold one back when its twin, buried in a column, needs the same place at home to free the "
                 "cards under it: the one you hold can wait in the waste."),
              "home", _HOME_THEMES),
        _rule("dig", N_("Dig out a buried card"),
              N_("Move the card on top to free the card under it."),
              N_("Leave the column when a card home or a deal cannot wait."),
              "dig", ["dig_out_a_card"]),
    ),
    "number_ten": (
        _rule("runs", N_("Carry a run whole"),
              N_("Move a whole run in one move: it clears its column down to what it covers, a face-down "
                 "card or a card the foundations want."),
              N_("Move a single card when it frees a card that goes home or onto a column at once."),
              "run", ["split_a_run", "empty_a_column"], bend="split"),
        _rule("dig", N_("Dig down to the hidden cards"),
              N_("Carry off a column the cards that cover its face-down cards, so that they turn up: a card "
                 "you can see is a card you can plan for."),
              N_("Leave the column when a card home or the waste card cannot wait."),
              "dig", ["dig_out_a_card"]),
        _rule("home", N_("Send cards home as they fit"),
              N_("A card home is a card less to place."),
              N_("Hold one back while a card of the other colour, one rank below, needs it as its place."),
              "home", _HOME_THEMES),
        _rule("deal", N_("Play the waste card before you deal"),
              N_("Place the waste card where it fits before dealing past it."),
              N_("Deal on when the stock is nearly out and the card would take the place a card on the table "
                 "needs: see the last cards before you give it away."),
              "place", _DEAL_THEMES, "deal"),
    ),
    "rank_and_file": (
        _rule("space", N_("Spend an empty column on a run that covers a face-down card"),
              N_("Before you deal, move the whole run into the empty column: the card under it turns over."),
              N_("Keep the column when no run covers a face-down card: a card parked there blocks it."),
              "space_dig", ["dig_out_a_card", "split_a_run", "empty_a_column", "keep_an_empty_column"],
              bend="keep_empty",
              bend_loses="fill"),
        _rule("home", N_("Send cards home as they fit"),
              N_("A card home is a card less to place."),
              N_("Hold one back while a card of the other colour, one rank below, needs it as its place."),
              "home", _HOME_THEMES),
        _rule("deal", N_("Play the waste card before you deal"),
              N_("Place the waste card where it fits before dealing past it."),
              N_("Deal on when the stock is nearly out and the card would take the place a card on the table "
                 "needs: see the last cards before you give it away."),
              "play_waste", _DEAL_THEMES, "deal"),
    ),
    "streets": (
        _rule("dig", N_("Use an empty column to free a card that can move at once"),
              N_("Lift the card that covers it into the space, and play the freed card: home, or onto a "
                 "column."),
              N_("Leave the column when the move that matters is elsewhere: a card home, the waste card, "
                 "a deal."),
              "dig", ["dig_out_a_card"]),
        _rule("deal", N_("Play the waste card when it fits on a column"),
              N_("Place it rather than deal past it."),
              N_("Deal on when the card would take the place a card of the table needs."),
              "place", _DEAL_THEMES, "deal"),
        _rule("empty", N_("Keep an empty column for the table"),
              N_("With fewer than ten cards to come, do not spend an empty column on the waste card: deal "
                 "on."),
              N_("Fill it when the card that goes in frees a card or takes the next one at once."),
              "keep_empty", ["keep_an_empty_column"]),
        _rule("home", N_("Send cards home as they fit"),
              N_("A card home is a card less to place."),
              N_("Hold one back while a card of the other colour, one rank below, needs it as its place."),
              "home", _HOME_THEMES),
    ),
}

#: How a step's role is named on the board.
ROLES = {"rule": N_("The rule"), "bend": N_("When it bends")}


@dataclass(frozen=True)
class LessonStep:
    """One step of a lesson: a rule, the role its position plays (``"rule"`` or ``"bend"``) and
    the shipped puzzle or lesson position on whose position it is played (a fair decision)."""

    variant: str
    number: int  # from 1
    of: int  # the lesson's steps
    rule: LessonRule
    rule_number: int  # from 1, in the game's LESSONS
    role: str
    puzzle: TrainingPuzzle

    @property
    def heading(self) -> str:
        """``"Rule 2 of 4 · Keep an empty column · When it bends"`` in the current language."""
        return _("Rule {number} of {rules}: {title} · {role}").format(
            number=self.rule_number, rules=len(LESSONS[self.variant]), title=self.rule.title,
            role=_(ROLES[self.role]))

    @property
    def progress(self) -> str:
        return _("{variant} lesson, step {number} of {steps}").format(
            variant=VARIANTS[self.variant].display_name, number=self.number, steps=self.of)

    def __repr__(self) -> str:
        return (f"LessonStep({self.variant} {self.number}/{self.of}: {self.rule.key} {self.role}, "
                f"{self.puzzle.id})")


def _rules(variant: str) -> tuple[LessonRule, ...]:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"lesson: the game must be one of {', '.join(VARIANTS)}, not {variant!r}")
    return LESSONS[variant]


def lesson_rules(variant: str) -> tuple[LessonRule, ...]:
    """``variant``'s rules of thumb, in the order the lesson takes them."""
    return _rules(variant)


def lesson_steps(variant: str) -> list[LessonStep]:
    """``variant``'s lesson as steps: per rule, its easiest rule step, then its easiest bend,
    each a shipped fair decision (a puzzle or a lesson position) used once (see the module's
    words). An empty list where no fair decision of the game shows a rule."""
    rules = _rules(variant)
    # (a puzzle before a lesson position of the same rating: the learner may meet it again in training)
    pool = sorted((p for p in (*puzzles(variant), *lesson_positions(variant)) if p.fair_decision),
                  key=lambda p: (p.rating, p.lesson_only, p.number))
    games = {p.id: p.game for p in pool}
    used: set[str] = set()
    picked: list[tuple[int, LessonRule, str, TrainingPuzzle]] = []
    for i, rule in enumerate(rules, 1):
        for role in ("rule", "bend"):
            p = next((p for p in pool if p.id not in used and rule.role_of(p, games[p.id]) == role), None)
            if p is not None:
                used.add(p.id)
                picked.append((i, rule, role, p))
    return [LessonStep(variant, k, len(picked), rule, i, role, p)
            for k, (i, rule, role, p) in enumerate(picked, 1)]


def lesson_markdown(variant: str) -> str:
    """The game's rules as a Markdown list, each with its bend and the themes it teaches (by name),
    in the current language: what a lesson notebook prints."""
    steps = lesson_steps(variant)
    lines = []
    for i, rule in enumerate(_rules(variant), 1):
        shown = sum(s.rule is rule for s in steps)
        names = ", ".join(f"*{theme_name(t)}*" for t in rule.themes)
        lines.append(_("{number}. **{title}.** {says} *{bends_label}:* {bends} ({themes}; {steps} on the "
                       "board)").format(number=i, title=rule.title, says=rule.says,
                                        bends_label=_(ROLES["bend"]), bends=rule.bends, themes=names,
                                        steps=_n_steps(shown)))
    return "\n".join(lines)


def _n_steps(n: int) -> str:
    return ngettext("{n} step", "{n} steps", n).format(n=number(n))


__all__ = ["LESSONS", "ROLES", "TESTS", "LessonRule", "LessonStep", "lesson_markdown", "lesson_rules",
           "lesson_steps"]
