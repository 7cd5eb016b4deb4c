"""Every word the browser draws, in the board's language: buttons, menus, keyboard help, the
names read by assistive software, card names. The browser holds no sentence of its own: it gets
this table as the board's ``ui`` trait (sent when the language changes, not with every state), reads
it as ``state.ui`` and puts its words in text nodes and attributes.

A phrase with a number comes as its plural forms (a list) plus ``plural``: the form each count
takes, from the catalogue's own rule, so the browser picks a form without knowing the rule.
Placeholders are named (``{n}``, ``{card}``); the browser fills them in.

>>> from ft_widget import i18n
>>> with i18n.using("en"):
...     words = ui_words()
>>> words["undo"], words["cards"][50], words["pile_cards"]
('Undo', 'Queen of Spades', ['{pile}, {n} card', '{pile}, {n} cards'])
>>> with i18n.using("fr"):
...     " ".join(ui_words()["ranks"])
'A 2 3 4 5 6 7 8 9 10 V D R'
"""

from __future__ import annotations

import functools

from .. import i18n
from ..cards import CARD_NAMES
from ..i18n import N_, Nn_, pgettext

#: Counts below this get their plural form from the table; above, the form of ``100 + n % 100``
#: (every language here chooses by ``n % 100`` past 100).
PLURAL_TABLE = 200

_WORDS = {
    # the bar's buttons and their titles
    "new": N_("New deal"), "new_title": N_("Deal a new game (N); Undo brings this one back"),
    "restart": N_("Restart"), "restart_title": N_("Back to the start of this deal; Redo replays"),
    "undo": N_("Undo"), "undo_title": N_("Take back a move (U or Z)"),
    "redo": N_("Redo"), "redo_title": N_("Play a taken-back move again (R or Y)"),
    "hint": N_("Hint"), "hint_title": N_("Show a good move (H)"),
    "clue": N_("Show a clue"), "clue_title": N_("Show a clue for this puzzle; clues are counted (H)"),
    "thinking": N_("Thinking…"),
    "autoplay": N_("Auto-play"), "autoplay_title": N_("Play safe moves to the foundations now (A)"),
    "auto": N_("Auto"), "auto_title": N_("After each of your moves, play the safe cards home"),
    "help_button": N_("Keyboard help"), "help_button_title": N_("Keyboard help (?)"),
    # the game menu
    "variant_title": N_("Play another game of the family, or a chosen deal"),
    "menu": N_("Games and deals"), "games": N_("Game"),
    "deal": N_("Deal"), "deal_number": N_("Deal number"), "start": N_("Start"),
    "copy": N_("Copy"), "copy_title": N_("Copy the current deal number"),
    "deal_bad": N_("A deal number is a whole number from 1 up."),
    "deal_copied": N_("Deal {deal} copied."), "deal_is": N_("The deal number is {deal}."),
    "winnable": N_("A winnable deal"), "winnable_label": N_("A winnable deal:"),
    "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
    "easy_title": N_("Start a deal the solver won, graded easy"),
    "medium_title": N_("Start a deal the solver won, graded medium"),
    "hard_title": N_("Start a deal the solver won, graded hard"),
    "review_item": N_("Review this game"),
    "review_item_title": N_("Step through this game with the expert's moves and marks"),
    # messages
    "dismiss": N_("Dismiss the message"), "dismiss_title": N_("Dismiss"),
    "stop": N_("Stop"), "stop_title": N_("Stop the review"),
    "not_saved": N_("not saved"),
    # the keyboard help
    "help_title": N_("Keys"), "close": N_("Close"),
    "help_drag": N_("Drag a card, or click it and then its place; double-click sends it home."),
    "help_keys": [
        [N_("← → ↑ ↓"), N_("move between piles")],
        [N_("Enter, Space"), N_("pick up, put down")],
        [N_("Shift+↑ / Shift+↓"), N_("more or fewer cards of a run")],
        [N_("Escape"), N_("cancel; close this help")],
        [N_("← → Escape"), N_("Show me: back, forward, back to the puzzle")],
        ["F", N_("send the card to the foundations")],
        ["D", N_("deal from the stock")],
        [N_("U or Z / R or Y"), N_("undo / redo")],
        ["H", N_("hint")],
        ["A", N_("auto-play safe cards home")],
        ["N", N_("new deal")],
        ["W", N_("spread the waste: every card in it")],
        ["?", N_("this help")],
    ],
    "keys_said": N_("Arrow keys move between piles, Enter or Space picks up and places cards, Shift+Up and "
                    "Shift+Down choose how many cards, Escape cancels, F sends a card to the foundations, D "
                    "deals, U undoes, R redoes, H shows a hint, A auto-plays, N deals a new game, question "
                    "mark shows the keys."),
    # what assistive software reads
    "board": N_("solitaire board"), "board_label": N_("{variant} solitaire"),
    "face_down": N_("face-down card"),
    "column": N_("Column {column}"), "foundation": N_("Foundation {pile}"),
    "waste": N_("Waste"), "stock": N_("Stock"),
    "pile_top": N_("{pile}, {card} on top"),
    "cancelled": N_("Cancelled"),
    "not_together": N_("Those cards can't be moved together"),
    "nothing_here": N_("Nothing to pick up here"),
    "no_longer_run": N_("No longer run moves from here"),
    "picked_up": N_("Picked up {cards}"), "selected": N_("Selected {cards}"),
    # the session's score
    "session": N_("This session"), "score_variant": N_("{name}: {won} of {played}"),
    # the end of a game
    "play_again": N_("Play again"), "review": N_("Review"),
    "review_title": N_("Step through the game with the expert's moves"),
    # training: the puzzle panel and the review bar
    "puzzle": N_("Puzzle"), "solved": N_("Solved!"), "next_puzzle": N_("Next puzzle"),
    "next_step": N_("Next step"),
    # the spread waste: every card dealt to it, the one you can play last
    "spread": Nn_("Waste: {n} card", "Waste: {n} cards"),
    "spread_title": N_("See every card in the waste, in the order it was dealt (W)"),
    "spread_label": N_("The waste, in the order it was dealt: the card you can play is last"),
    "train_themes": N_("Train:"), "every_theme": N_("every theme"),
    "review_of_game": N_("Review of the game"),
    "review_move": N_("Move {at} of {n}"),
    "previous_move": N_("Previous move (←)"), "next_move": N_("Next move (→)"),
    "play_from_here": N_("Play from here"),
    "play_from_here_title": N_("Start a new line of play from this position"),
    "close_review": N_("Close the review"),
    "played": N_("Played:"), "expert": N_("Expert:"),
    "expert_same": N_("The expert would have played the same."),
    "solver_says": N_("Solver, which sees every card: {before} before, {after} after"),
    "the_losing_move": N_("the losing move"),
    "winnable_verdict": N_("winnable"), "lost_verdict": N_("lost"), "unknown_verdict": N_("not known"),
    "inaccuracy": N_("Inaccuracy"), "mistake": N_("Mistake"), "losing": N_("Losing move"),
    "turning": N_("Turning point"),
    "marked_moves": N_("Marked moves"), "marked": N_("Marked:"),
    # Show me: the line a puzzle verdict speaks of, stepped through on the board
    "show_me": N_("Show me"),
    "show_me_title": N_("See the moves the verdict speaks of on the board, the cards it names marked"),
    "show_label": N_("Moves shown on the board, one at a time"),
    "show_back": N_("Back"), "show_back_title": N_("One move back (←)"),
    "show_forward": N_("Forward"), "show_forward_title": N_("One move on (→)"),
    "show_return": N_("Back to the puzzle"),
    "show_return_title": N_("Back to the puzzle as you left it (Escape)"),
    "show_marked": N_("the cards the verdict names"),
    # … and at a review step: the move played, or at the losing move the solver's better line
    "show_me_step_title": N_("See this move on the board, the cards it moves, frees and covers marked"),
    "show_me_better_title": N_("See the move that kept the win here and the solver's line after it (the "
                               "solver sees every card), the cards it names marked"),
    "show_return_review": N_("Back to the review"),
    "show_return_review_title": N_("Back to the review at the move you left (Escape)"),
}

#: Phrases with a count: each becomes the list of the language's plural forms.
_COUNTED = {
    "pile_cards": Nn_("{pile}, {n} card", "{pile}, {n} cards"),
    "redeals_left": Nn_("{n} redeal left", "{n} redeals left"),
    "cards_from": Nn_("{n} card from {card}", "{n} cards from {card}"),
    "session_line": Nn_("This session: {won} of {n} game won", "This session: {won} of {n} games won"),
    "best": Nn_("best: {n} move", "best: {n} moves"),
    "clues_shown": Nn_("{n} clue shown", "{n} clues shown"),
    "review_start": Nn_("Start · {n} move", "Start · {n} moves"),
}


def ui_words() -> dict:
    """The browser's words in the current language (:func:`ft_widget.i18n.language`)."""
    return _table(i18n.language())


@functools.cache
def _table(language: str) -> dict:
    with i18n.using(language):
        cat = i18n.catalogue()
        said = {key: _said(value) for key, value in _WORDS.items()}
        plural = _plural_rule(cat)
        forms = sorted(set(plural))
        firsts = [plural.index(k) for k in forms]  # the smallest count of each form
        for key, (one, many) in _COUNTED.items():
            said[key] = [cat.ngettext(one, many, n) for n in firsts]
        said["plural"] = plural
        said["cards"] = [_capital(i18n.gettext(name)) for name in CARD_NAMES]
        said["ranks"] = rank_letters()
        said["language"] = language
    return said


def rank_letters() -> list[str]:
    """The index printed in a card's corner for each rank, Ace to King, in the current language
    (French: A, 2 … 10, V, D, R): what the board draws. The cards' notation ("QH", "8>2") stays
    English everywhere: it is code."""
    # TRANSLATORS: the letter printed in the corner of an ace; docs/glossary.md gives each language's.
    ace = pgettext("card index", "A")
    # TRANSLATORS: the letter printed in the corner of a jack (French: V for valet).
    jack = pgettext("card index", "J")
    # TRANSLATORS: the letter printed in the corner of a queen (French: D for dame).
    queen = pgettext("card index", "Q")
    # TRANSLATORS: the letter printed in the corner of a king (French: R for roi).
    king = pgettext("card index", "K")
    return [ace, *map(str, range(2, 11)), jack, queen, king]


def _said(value):
    if isinstance(value, list):
        return [_said(v) for v in value]
    return i18n.gettext(value)


def _plural_rule(cat) -> list[int]:
    """The plural form index of each count below :data:`PLURAL_TABLE` in ``cat``'s language."""
    rule = getattr(cat, "plural", None) or (lambda n: int(n != 1))  # English has no catalogue
    return [int(rule(n)) for n in range(PLURAL_TABLE)]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class LanguageCommands:
    """The board's language (a part of :class:`~ft_widget.board.Board`): chosen, the session's or
    the browser's."""

    @property
    def language(self) -> str:
        """The language the board speaks, one of ``ft_widget.i18n.LANGUAGES``: ``Board(...,
        language=...)`` or the one assigned here, else ``ft_widget.set_language``'s, else the
        browser's when it is one of them, else English. Assigning an unknown one gives English
        with a warning; ``None`` lets the board follow the session or the browser again."""
        return self._language or i18n.chosen() or self._browser_language or "en"

    @language.setter
    def language(self, value: str | None) -> None:
        self._language = None if value is None else i18n.resolve(value)
        self._publish()

    def _browser_speaks(self, tags: list[str]) -> None:
        """The browser's languages (``navigator.languages``, first preferred): the first the board
        has words for is its language when none was chosen; none of them: English, without a warning."""
        was = self.language
        self._browser_language = next((m for m in map(i18n.match, tags) if m), None)
        if self.language != was:  # (the same words again would only redraw the board)
            self._publish()


def speaking(method):
    """``method`` run in the board's language: the words it says are the board's, whichever
    language the session or another board speaks."""
    @functools.wraps(method)
    def speaking(self, *args, **kwargs):
        with i18n.using(self.language):
            return method(self, *args, **kwargs)
    return speaking
