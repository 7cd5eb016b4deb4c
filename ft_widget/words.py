"""Every phrase about a move, a hint, a status and an ending: one owner.

The board, the expert, the hints, the notebooks' helpers and the text pictures ask this module for
these phrases; none builds one itself. Words name only what a player at the table sees: the cards a
move takes are face up, and hidden cards are counted, never named.

Every phrase is said in the current language (:func:`ft_widget.set_language`, or the board's own):
each is one whole sentence of the catalogue with named placeholders, never English pieces joined,
and counted nouns take the form the language's plural rule gives.

>>> from ft_widget import Game
>>> game = Game("maria", deal=5)
>>> status_line(game)
'Maria · deal 5 · 0 moves · 0/104 home'
>>> move_words(game, "s>w")
'deal from the stock'
>>> move_line(game, "8>2")
'8>2: move 5♦ from column 8 onto 6♠'
"""

from __future__ import annotations

import re

from .cards import Card, card_name, card_symbol, parse_card
from .game import Choice, Game, HintKind, Move, Outcome
from .i18n import N_, Nn_, ngettext, npgettext, number, pgettext
from .i18n import gettext as _
from .limits import shown
from .moves import FOUNDATION, STOCK, WASTE
from .rules import rule_words

__all__ = ["SEEING", "back_line", "card_clue_words", "change_words", "choice_line", "clauses", "cost_words",
           "count",
           "dealt_words",
           "from_pile_words", "in_pile_words", "to_pile_words",
           "end_line", "end_message", "end_title", "fair_hint_sentence", "first_clue_words", "game_words",
           "graded_line", "handed_over_line", "hint_line", "hint_message", "let_go_line", "lost_move_words",
           "move_doing", "move_line", "move_words", "pile_words", "played_move_words", "played_words",
           "refusal_words",
           "review_progress", "review_step_spoken", "score_words", "solver_line_words", "spoken",
           "status_line", "strength_words"]


#: The nouns :func:`count` knows, each with its catalogue's singular and plural.
_COUNTED = {
    "move": Nn_("{n} move", "{n} moves"),
    "card": Nn_("{n} card", "{n} cards"),
    "redeal": Nn_("{n} redeal", "{n} redeals"),
    "point": Nn_("{n} point", "{n} points"),
    "game": Nn_("{n} game", "{n} games"),
    "try": Nn_("{n} try", "{n} tries"),
    "deal": Nn_("{n} deal", "{n} deals"),
    "mistake": Nn_("{n} mistake", "{n} mistakes"),
    "inaccuracy": Nn_("{n} inaccuracy", "{n} inaccuracies"),
}


def count(n: int, word: str, plural: str | None = None) -> str:
    """``count(1, "move")`` is "1 move", ``count(3, "move")`` is "3 moves"; in the current language
    for the nouns of ``_COUNTED`` (Lithuanian "1 ėjimas", "2 ėjimai", "10 ėjimų"), English for others."""
    if word in _COUNTED:
        one, many = _COUNTED[word]
        return ngettext(one, many, n).format(n=number(n))
    return f"{number(n)} {word if n == 1 else plural or word + 's'}"


def clauses(parts) -> str:
    """Clauses said in one sentence, as one list: "it frees 5♠, which goes home 3 moves later; column
    4 is emptied 6 moves later". The separator is the catalogue's: languages space a semicolon
    differently."""
    # TRANSLATORS: what joins clauses listed in one sentence, spaces included ("it frees 5♠ …; column 4
    # is emptied …"). French puts a narrow no-break space (U+202F) before the semicolon: "\u202f; ".
    return pgettext("between clauses", "; ").join(parts)


def pile_words(pile: int) -> str:
    """A pile as a player names it: "column 3" (pile 2), "the waste", "the stock", "the foundations"."""
    return _pile(pile, _PILE_NAMES)


# A pile after "from", "to" and "in", whole: the languages decline the noun after each differently
# (Lithuanian "iš 3 stulpelio", "į 3 stulpelį"), so the phrase is translated, not joined.
_PILE_NAMES = (N_("column {column}"), N_("the waste"), N_("the stock"), N_("the foundations"))
_FROM_PILE = (N_("from column {column}"), N_("from the waste"), N_("from the stock"),
              N_("from the foundations"))
_TO_PILE = (N_("to column {column}"), N_("to the waste"), N_("to the stock"), N_("to the foundations"))
_IN_PILE = (N_("in column {column}"), N_("in the waste"), N_("in the stock"), N_("in the foundations"))


def _pile(pile: int, names: tuple) -> str:
    if pile < WASTE:
        return _(names[0]).format(column=pile + 1)
    return _(names[{WASTE: 1, STOCK: 2, FOUNDATION: 3}[pile]])


def from_pile_words(pile: int) -> str:
    """"from column 3", "from the waste": where a move takes its cards."""
    return _pile(pile, _FROM_PILE)


def to_pile_words(pile: int) -> str:
    """"to column 7", "to the foundations": where a move puts its cards."""
    return _pile(pile, _TO_PILE)


def in_pile_words(pile: int) -> str:
    """"in column 3", "in the waste": where a card lies."""
    return _pile(pile, _IN_PILE)


def _move(move: Move | str) -> Move:
    return Move.parse(move) if isinstance(move, str) else move


def _cards_words(card: Card | None, count_: int, name=card_symbol, role: str = "object") -> str:
    """The cards a move takes: "9♥", "K♠ and the card on it", "K♠ and the 2 cards on it", as the
    object of advice ("move … onto") or, ``role="subject"``, the subject of the last-move line
    (languages with cases say them differently)."""
    if card is None:
        return _("a card") if role == "object" else pgettext("subject", "a card")
    if count_ >= 2:
        # (each form written out: a context held in a variable is not extracted into the catalogues)
        said = (ngettext("{card} and the card on it", "{card} and the {n} cards on it", count_ - 1)
                if role == "object" else
                npgettext("subject", "{card} and the card on it", "{card} and the {n} cards on it",
                          count_ - 1))
        return said.format(card=name(card), n=count_ - 1)
    return name(card)


def move_words(game: Game, move: Move | str) -> str:
    """What ``move`` does, as advice, from the position before it is played: "put A♦ home from
    column 6", "move 9♥ from column 3 onto 10♠, turning up a face-down card in column 3", "deal from
    the stock". It names the face-up cards that move and the card they go on, nothing hidden."""
    return _move_words(game, _move(move))[0]


#: What a move does, by where it goes (a column or home) and what it leaves behind: whole sentences,
#: in the two moods the board says them in: advice ("put A♦ home …") and a sentence's start
#: ("Putting A♦ home …", :func:`move_doing`).
_MOVE_PHRASES = {
    ("home", ""): (N_("put {cards} home {source}"), N_("Putting {cards} home {source}")),
    ("home", "empties"): (N_("put {cards} home {source}, emptying it"),
                          N_("Putting {cards} home {source}, emptying it")),
    ("home", "turns"): (N_("put {cards} home {source}, turning up a face-down card in column {column}"),
                        N_("Putting {cards} home {source}, turning up a face-down card in column "
                           "{column}")),
    ("empty", ""): (N_("move {cards} {source} into empty column {target}"),
                    N_("Moving {cards} {source} into empty column {target}")),
    ("empty", "empties"): (N_("move {cards} {source} into empty column {target}, emptying it"),
                           N_("Moving {cards} {source} into empty column {target}, emptying it")),
    ("empty", "turns"): (N_("move {cards} {source} into empty column {target}, turning up a "
                            "face-down card in column {column}"),
                         N_("Moving {cards} {source} into empty column {target}, turning up a "
                            "face-down card in column {column}")),
    ("onto", ""): (N_("move {cards} {source} onto {onto}"),
                   N_("Moving {cards} {source} onto {onto}")),
    ("onto", "empties"): (N_("move {cards} {source} onto {onto}, emptying it"),
                          N_("Moving {cards} {source} onto {onto}, emptying it")),
    ("onto", "turns"): (N_("move {cards} {source} onto {onto}, turning up a face-down card in column "
                           "{column}"),
                        N_("Moving {cards} {source} onto {onto}, turning up a face-down card in "
                           "column {column}")),
}


#: A move that was played, as a fact (the review's "Played: …", what a screen reader says of a review
#: step): a noun phrase, not advice, so no language says it in the imperative. What it left behind is
#: a fact in brackets.
_PLAYED_PHRASES = {
    ("home", ""): N_("{cards} home {source}"),
    ("home", "empties"): N_("{cards} home {source} (column {column} emptied)"),
    ("home", "turns"): N_("{cards} home {source} (a face-down card turned up in column {column})"),
    ("empty", ""): N_("{cards} {source} into empty column {target}"),
    ("empty", "empties"): N_("{cards} {source} into empty column {target} (column {column} emptied)"),
    ("empty", "turns"): N_("{cards} {source} into empty column {target} (a face-down card turned up in "
                           "column {column})"),
    ("onto", ""): N_("{cards} {source} onto {onto}"),
    ("onto", "empties"): N_("{cards} {source} onto {onto} (column {column} emptied)"),
    ("onto", "turns"): N_("{cards} {source} onto {onto} (a face-down card turned up in column {column})"),
}


def played_move_words(game: Game, move: Move | str) -> str:
    """``move`` as a fact, from the position before it was played: what the review says after
    "Played:" ("5♦ from column 8 onto 6♠", "A♦ home from column 6 (column 6 emptied)", "a deal
    from the stock"), where :func:`move_words` gives advice ("move 5♦ from column 8 onto 6♠").

    >>> from ft_widget import Game
    >>> played_move_words(Game("maria", deal=5), "8>2")
    '5♦ from column 8 onto 6♠'
    """
    move = _move(move)
    if move.is_deal:
        return _("a deal from the stock")
    if move.is_redeal:
        return _("a redeal: the waste turned over into the stock")
    where, left, fill = _move_parts(game, move, role="subject")
    return _(_PLAYED_PHRASES[where, left]).format(**fill)


def _move_parts(game: Game, move: Move, role: str = "object") -> tuple[str, str, dict]:
    """Where ``move`` goes ("home", "onto", "empty"), what it leaves ("", "empties", "turns") and the
    placeholders of its phrase."""
    src, dst, n = move
    tableau, down = game.tableau, game.face_down_counts
    card = game.waste[-1] if src == WASTE else tableau[src][-n]
    where = "home" if dst == FOUNDATION else "onto" if tableau[dst] else "empty"
    left = ""
    if src < WASTE and len(tableau[src]) == n:
        left = "empties"
    elif src < WASTE and len(tableau[src]) - n == down[src]:
        left = "turns"
    fill = {"cards": _cards_words(card, n, role=role), "source": from_pile_words(src), "target": dst + 1,
            "column": src + 1, "onto": card_symbol(tableau[dst][-1]) if where == "onto" else ""}
    return where, left, fill


def _move_words(game: Game, move: Move) -> tuple[str, str]:
    """:func:`move_words` and :func:`move_doing` of ``move``."""
    if move.is_deal:
        return _("deal from the stock"), _("Dealing from the stock")
    if move.is_redeal:
        return (_("turn the waste over into the stock (a redeal)"),
                _("Turning the waste over into the stock (a redeal)"))
    where, left, fill = _move_parts(game, move)
    advice, doing = _MOVE_PHRASES[where, left]
    return _(advice).format(**fill), _(doing).format(**fill)


def move_line(game: Game, move: Move | str) -> str:
    """The move's notation and its words: "8>2: move 2♣ from column 8 onto 3♦"."""
    move = _move(move)
    return _("{move}: {words}").format(move=move, words=move_words(game, move))


def choice_line(game: Game, choice: Choice) -> str:
    """A move and why (a :class:`~ft_widget.moves.Choice`: a policy's, the expert's, a hint), from
    the position before it: "put A♦ home from column 6: the goal is all cards on the foundations"."""
    return _("{move}: {reason}").format(move=move_words(game, choice.move), reason=choice.reason)


def hint_line(game: Game, hint: Choice) -> str:
    """The board's hint message: "Hint: put A♦ home from column 6 — <why>"; a hint found by the
    solver, which saw hidden cards, says so in its label."""
    return _hint(game, hint, hint.reason)


def _hint(game: Game, hint: Choice, why: str) -> str:
    peek = getattr(hint, "kind", HintKind.PEEK) == HintKind.PEEK  # unlabelled: never call it fair
    said = _("Hint (the solver saw hidden cards): {move} — {why}") if peek else _("Hint: {move} — {why}")
    return said.format(move=move_words(game, hint.move), why=why)


# ---------------------------------------------------------------------------------- feedback that teaches
#: Who knows what a player cannot see: said whenever a phrase rests on hidden cards (English; the
#: sentences that say it hold it whole in each catalogue).
SEEING = "the solver, which sees every card"


def move_doing(game: Game, move: Move | str) -> str:
    """What ``move`` does as a phrase that can start a sentence: "Putting 5♥ home from column 1",
    "Dealing from the stock" (:func:`move_words` as the subject of a sentence)."""
    return _move_words(game, _move(move))[1]


def fair_words(game: Game, move: Move | str, wins: int, worlds: int, *, unsettled: int = 0,
               other: Move | str | None = None, other_wins: int | None = None, other_unsettled: int = 0,
               other_most: int | None = None, certain: bool = False) -> str:
    """What the fair judge found, in sentences a player can check against the table: ``move``
    keeps a win in ``wins`` of ``worlds`` deals of the cards the player cannot see (the stock's
    order, and the face-down cards where there are any), and ``other`` in ``other_wins`` ("the
    answer" when ``other`` is None: a wrong try does not give the answer away); ``unsettled``
    (``other_unsettled``) more the solver could not settle within its budget. Where several answers
    keep a win in ``other_wins`` up to ``other_most`` worlds, the words give that range. ``certain``:
    the unseen cards can lie in one way only, and the words say so instead.

    >>> from ft_widget import Game
    >>> said = fair_words(Game("maria", deal=5), "s>w", 13, 16, other="8>2", other_wins=2, other_unsettled=3)
    >>> said.split(". ")
    ['Dealing from the stock keeps a win in 13 of 16 stock orders you cannot see', \
'Moving 5♦ from column 8 onto 6♠ keeps a win in 2 of them, and 3 more the solver could not settle.']
    """
    if certain:
        return _("No card is hidden from you here: the verdict holds for certain.")
    if any(game.face_down_counts) and not wins:
        said = ngettext("{move} keeps a win in none of the {n} deal of the cards you cannot see.",
                        "{move} keeps a win in none of the {n} deals of the cards you cannot see.", worlds)
    elif not wins:
        said = ngettext("{move} keeps a win in none of the {n} stock order you cannot see.",
                        "{move} keeps a win in none of the {n} stock orders you cannot see.", worlds)
    elif any(game.face_down_counts):
        said = ngettext("{move} keeps a win in {wins} of {n} deal of the cards you cannot see.",
                        "{move} keeps a win in {wins} of {n} deals of the cards you cannot see.", worlds)
    else:
        said = ngettext("{move} keeps a win in {wins} of {n} stock order you cannot see.",
                        "{move} keeps a win in {wins} of {n} stock orders you cannot see.", worlds)
    text = [said.format(move=move_doing(game, move), wins=wins, n=worlds)]
    if unsettled:
        text.append(ngettext("In {n} more the solver could not settle it.",
                             "In {n} more the solver could not settle it.", unsettled).format(n=unsettled))
    if other_wins is not None:
        name = move_doing(game, other) if other is not None else _("The answer")
        # "of them": the same worlds; "keeps one in 16" read as one chance in sixteen
        said = ngettext("{move} keeps a win in {wins} of them.", "{move} keeps a win in {wins} of them.",
                        other_wins)
        if not other_wins:
            said = _("{move} keeps a win in none of them.")
        if other is None and other_most is not None and other_most > other_wins:
            said = ngettext("The answers keep a win in {wins} to {most} of them.",
                            "The answers keep a win in {wins} to {most} of them.", other_most)
        if other_unsettled and not other_wins:
            said = ngettext("{move} keeps a win in none of them the solver could settle ({unsettled} "
                            "it could not).",
                            "{move} keeps a win in none of them the solver could settle ({unsettled} "
                            "it could not).", other_unsettled)
        elif other_unsettled:
            said = ngettext("{move} keeps a win in {wins} of them, and {unsettled} more the solver could "
                            "not settle.",
                            "{move} keeps a win in {wins} of them, and {unsettled} more the solver could "
                            "not settle.", other_unsettled)
        text.append(said.format(move=name, wins=other_wins, unsettled=other_unsettled, most=other_most))
    return " ".join(text)


def unclear_words() -> str:
    """Said after fair figures that make no clear decision (:mod:`ft_widget.training.fair`)."""
    return _("Over the cards you cannot see, that is no clear decision: how they really lie decides it.")


def cost_words(costs) -> list[str]:
    """What a move costs, one sentence a fact (``training.facts``: ``last_empty``, ``stranded``,
    ``buried_for_good``; each has ``kind``, ``card`` in position notation and ``pile`` in move
    notation), each card named with its place."""
    said = []
    for fact in costs:
        pile = WASTE if fact.pile == "w" else int(fact.pile) - 1
        card = card_symbol(parse_card(fact.card))
        if fact.kind == "last_empty":
            said.append(_("Column {column} was your last empty column: now no other card can go there."
                          ).format(column=fact.pile))
        elif fact.kind == "stranded":
            said.append(_("After it, {card} {where} has nowhere to go.").format(card=card,
                                                                               where=in_pile_words(pile)))
        elif fact.kind == "buried_for_good":
            said.append(_("No line after it ever uncovers {card} {where} again: it is buried for good."
                          ).format(card=card, where=in_pile_words(pile)))
    return said


def lost_move_words(game: Game, move: Move | str, cards_home: int, *, answer_known: bool = True,
                    idea: str | None = None, costs=(), fair: str | None = None, certain: bool = False,
                    fair_clear: bool = True, exact: str = "lost") -> str:
    """What a puzzle says of a commitment that loses, in words about the cards: what the move does,
    what it gives up (``cards_home``: the most cards home on any line the solver found after it,
    against all 104 after the answer when ``answer_known``), what it costs on the table (``costs``:
    facts, :func:`cost_words`) and the idea of that move's kind when there is one. ``fair``
    (:func:`fair_words`, the fair judge's figures) comes first: the real cards' verdict is the
    second fact (unless ``certain``: they are the same), the same verdict when ``fair_clear``, else
    the one the real cards decide. ``exact`` is that verdict: "lost", or, for a move that loses
    over the cards a player cannot see, "won" (the real cards suit it) or "unknown".

    >>> from ft_widget import Game
    >>> said = lost_move_words(Game("maria", deal=5), "s>w", 60)
    >>> said[:40]
    'Dealing from the stock gives up the win:'
    >>> "no line that brings more than 60 of the 104 cards home, where the answer brings all 104" in said
    True
    """
    said = (_("{move} gives up the win: after it, the solver, which sees every card, finds no line that "
              "brings more than {home} of the 104 cards home, where the answer brings all 104.")
            if answer_known else
            _("{move} gives up the win: after it, the solver, which sees every card, finds no line that "
              "brings more than {home} of the 104 cards home."))
    if fair and not certain and not fair_clear:
        said = (_("With the cards as they really lie, the solver, which sees every card, finds it gives up "
                  "the win: no line brings more than {home} of the 104 cards home, where the answer brings "
                  "all 104.")
                if answer_known else
                _("With the cards as they really lie, the solver, which sees every card, finds it gives up "
                  "the win: no line brings more than {home} of the 104 cards home."))
    elif fair and not certain:  # the fair figures first; the real cards' verdict is the second fact
        said = (_("With the cards as they really lie, the solver, which sees every card, finds it gives up "
                  "the win too: no line brings more than {home} of the 104 cards home, where the answer "
                  "brings all 104.")
                if answer_known else
                _("With the cards as they really lie, the solver, which sees every card, finds it gives up "
                  "the win too: no line brings more than {home} of the 104 cards home."))
    if exact == "won":  # a fair loss the real stock happens to forgive
        said = _("With the cards as they really lie, the solver, which sees every card, still finds a win "
                 "after it: the hidden cards happen to lie in its favour, which you could not know.")
    elif exact != "lost":
        said = _("With the cards as they really lie, the solver, which sees every card, could not settle "
                 "within its search whether a win is left after it.")
    text = [said.format(move=move_doing(game, move), home=cards_home)]
    if fair:  # the fair figures first; certain, they add only that, after the verdict
        text.insert(1 if certain else 0, fair)
    text += cost_words(costs)
    if idea:
        text.append(_("The idea: {idea}").format(idea=idea))
    text.append(_("Undo (U) and try again."))
    return " ".join(text)


def first_clue_words(commitments: int, idea: str | None = None) -> str:
    """A puzzle's first clue: its theme's ``idea`` when it has one, else the kind of decision
    (``commitments``: the legal moves that cannot be taken back), never a card or a move."""
    if idea:
        return idea
    return ngettext("One decision here can't be taken back, and {n} move makes one: does it keep every "
                    "card you still need within reach?",
                    "One decision here can't be taken back, and {n} moves make one: which of them keeps "
                    "every card you still need within reach?", commitments).format(n=commitments)


def card_clue_words(card: str, where: str, *, answer_moves_it: bool) -> str:
    """A puzzle's second clue: the card that matters and where it lies, not yet the move. When the
    answer leaves that card where it is (it is the losing move's card), it says so as a question."""
    said = (_("The card that matters is {card} {where}.") if answer_moves_it
            else _("The card that matters is {card} {where}: is it needed where it is?"))
    return said.format(card=card, where=where)


def solver_line_words(moves: int) -> str:
    """After a puzzle is solved: "The solver's winning line from here: 131 moves." (its length)."""
    return ngettext("The winning line of the solver, which sees every card, from here: {n} move.",
                    "The winning line of the solver, which sees every card, from here: {n} moves.",
                    moves).format(n=moves)


def score_words(score: int) -> str:
    """A solved puzzle's points: "3 points: first try, no clue" (see ``Puzzle.score``)."""
    why = {3: N_("first try, no clue"), 2: N_("one clue or one wrong try"), 1: N_("solved with more help"),
           0: N_("not solved")}[score]
    return _("{points}: {why}").format(points=count(score, "point"), why=_(why))


def _share(part: int, whole: int) -> str:
    """"every", "most" or "some": ``part`` of ``whole`` in a word (``whole`` > 0)."""
    if part >= whole:
        return "every"
    return "most" if 2 * part > whole else "some"


def fair_hint_sentence(*, worlds: int, starts: int, why: str = "", progress: bool = False) -> str:
    """The fair hint's reason as a player reads it: what the expert found, with no budget or
    count of sampled worlds (the :class:`~ft_widget.hints.Hint` keeps those as fields).
    ``starts`` of the ``worlds`` tried begin a win with the move; with none, ``why`` is the
    plain reason of the expert's choice, or ``progress`` says its short searches after the move
    brought the most cards home."""
    if starts:
        return _(_STARTS[_share(starts, worlds)])
    # Said as what the short searches found, not as "no move keeps a win": right after a puzzle's
    # verdict "keeps a win", the hint must not seem to say the win is gone.
    if progress:
        return _("in the deals it tried, the expert's short searches found no win after any move (that does "
                 "not prove there is none); this one gets the most cards home afterwards (fair: from the "
                 "cards you can see)")
    if why:
        return _("in the deals it tried, the expert's short searches found no win after any move (that does "
                 "not prove there is none); {why} (fair: from the cards you can see)").format(why=why)
    return _("in the deals it tried, the expert's short searches found no win after any move (that does not "
             "prove there is none; fair: from the cards you can see)")


#: The fair hint's sentence when the move starts a win in every, most or some of the expert's deals.
_STARTS = {
    "every": N_("the expert dealt the cards you can't see at random a few times, and this move starts a win "
                "in every one of those deals (fair: from the cards you can see)"),
    "most": N_("the expert dealt the cards you can't see at random a few times, and this move starts a win "
               "in most of those deals (fair: from the cards you can see)"),
    "some": N_("the expert dealt the cards you can't see at random a few times, and this move starts a win "
               "in some of those deals (fair: from the cards you can see)"),
}


def hint_message(game: Game, hint: Choice) -> str:
    """The board's hint in plain words: "Hint: deal from the stock — <why>", the reason a player
    reads (``hint.sentence`` when it has one) rather than the expert's counts (:func:`hint_line`
    keeps them, as the notebooks show)."""
    return _hint(game, hint, getattr(hint, "sentence", "") or hint.reason)


def played_words(move: Move, card: Card | None) -> str:
    """A move just played, for the board's last-move line: "Queen of Hearts from column 3 to
    column 7", "Dealt from the stock". ``card`` is the (face-up) card that moved, the deepest of a
    run, or ``None`` if unknown."""
    if move.is_deal:
        return _("Dealt from the stock")
    if move.is_redeal:
        return _("Turned the waste over: redeal")
    what = _cards_words(card, move.count, card_name, role="subject")
    return _capital(_("{cards} {source} {target}").format(
        cards=what, source=from_pile_words(move.src), target=to_pile_words(move.dst)))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def status_line(game: Game) -> str:
    """One line for a position: "Little Forty · deal 6 · 12 moves · 20/104 home · 2 redeals left",
    then "won" or "no moves left" when the game is over (the board's status, the pictures' title)."""
    parts = [game.variant.display_name]
    if game.deal is not None:
        parts.append(_("deal {deal}").format(deal=game.deal))
    parts += [count(game.moves_played, "move"), _("{home}/104 home").format(home=game.cards_home)]
    if game.variant.redeals:
        parts.append(ngettext("{n} redeal left", "{n} redeals left", game.redeals_left).format(
            n=game.redeals_left))
    outcome = game.outcome
    if outcome == Outcome.WON:
        parts.append(_("won"))
    elif outcome == Outcome.STUCK:
        parts.append(_("no moves left"))
    return " · ".join(parts)


# ---- spoken forms: what a screen reader says, card names and moves in words, never symbols

_SPOKEN_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([♣♦♥♠])(?![0-9A-Za-z])")
_SPOKEN_MOVE = re.compile(r"(?<![0-9A-Za-z>])(1[0-3]|[1-9]|[wsf])>(1[0-3]|[1-9]|[wsf])(?:x([0-9]{1,3}))?"
                          r"(?![0-9A-Za-z>])")
#: A review's marks as a sentence names them (translated where said).
SPOKEN_MARKS = {"inaccuracy": N_("An inaccuracy"), "mistake": N_("A mistake"),
                "losing": N_("The losing move"), "turning": N_("The turning point")}


def _spoken_move(m: re.Match) -> str:
    move = Move.parse(f"{m[1]}>{m[2]}")
    src, dst = from_pile_words(move.src), to_pile_words(move.dst)
    if m[3] and int(m[3]) > 1:
        return ngettext("the move of {n} card {source} {target}",
                        "the move of {n} cards {source} {target}", int(m[3])).format(
            n=int(m[3]), source=src, target=dst)
    return _("the move {source} {target}").format(source=src, target=dst)


def spoken(text: str | None) -> str:
    """``text`` as a screen reader should say it: cards by name, moves in words. "K♣ can't go on
    6♠" is "King of Clubs can't go on Six of Spades"; "6>5 can be taken back" is "the move from column 6
    to column 5 can be taken back"."""
    if not text:
        return ""
    text = _SPOKEN_CARD.sub(lambda m: card_name(parse_card(m[0])), str(text))
    return _SPOKEN_MOVE.sub(_spoken_move, text)


def dealt_words(top: Card | None, dealt: int) -> str:
    """A deal just made, for the board's last-move line: "Dealt the Seven of Hearts to the waste",
    "Dealt 3 cards to the waste, the Seven of Hearts on top" (``top``: the waste's top card now)."""
    if top is None or dealt < 1:
        return _("Dealt from the stock")
    if dealt == 1:
        return _("Dealt the {card} to the waste").format(card=card_name(top))
    return ngettext("Dealt {n} card to the waste, the {card} on top",
                    "Dealt {n} cards to the waste, the {card} on top", dealt).format(
        n=dealt, card=card_name(top))


def review_step_spoken(at: int, steps: int, played: str | None, mark: str | None) -> str:
    """What a screen reader says of a review's step ``at`` of ``steps``: "Move 5 of 8: Four of Spades
    from column 3 onto Five of Hearts. A mistake." (``played``: the move as a fact,
    :func:`played_move_words`), the last step saying it is the last, the start its length."""
    if not at:
        return ngettext("Review: the start, {n} move.", "Review: the start, {n} moves.", steps).format(
            n=steps)
    said = (_("Move {at} of {steps}, the last move: {played}.") if at == steps
            else _("Move {at} of {steps}: {played}.")).format(at=at, steps=steps, played=spoken(played))
    return f"{said} {_(SPOKEN_MARKS[mark])}." if mark in SPOKEN_MARKS else said


#: What the board says of a game that is over, by outcome: the end panel's heading ("title"), the
#: message when the move that ended it is played ("message"), and the panel's line ("line").
_ENDINGS = {
    Outcome.WON: {"title": N_("You won!"), "message": N_("Won! All 104 cards are home.")},
    Outcome.STUCK: {"title": N_("No moves left."), "message": N_("No moves left: this game is lost."),
                    "line": N_("This game is stuck: undo some moves to try another way, or start a new "
                               "deal.")},
}


def _ending(game: Game, which: str) -> str:
    said = _ENDINGS.get(game.outcome)
    if not said:
        return ""
    if which == "line" and game.outcome == Outcome.WON:
        n = game.moves_played
        return ngettext("All 104 cards are home in {n} move.", "All 104 cards are home in {n} moves.",
                        n).format(n=n)
    return _(said[which])


def end_message(game: Game) -> str:
    """The board's message when a move ends the game ("" while it goes on)."""
    return _ending(game, "message")


def end_title(game: Game) -> str:
    """The heading of the board's end-of-game panel: "You won!" or "No moves left." ("" while it goes on)."""
    return _ending(game, "title")


def end_line(game: Game) -> str:
    """The board's end-of-game line: how the game was won, or what to do when it is stuck."""
    return _ending(game, "line")


def change_words(grown: int, moves: int) -> str:
    """The board's line for a change of more than one move (``grown`` moves, negative when taken
    back; ``moves`` played now): "12 moves played", "Move taken back", "Back to the start"."""
    if grown > 0:
        return ngettext("{n} move played", "{n} moves played", grown).format(n=grown)
    if grown < 0:
        return _("Back to the start") if moves == 0 and grown < -1 else _("Move taken back")
    return ""


def refusal_words(game: Game) -> dict[str, str]:
    """What the board says when a press picks up nothing, by reason (the browser chooses which)."""
    v = game.variant
    return {
        "foundation": _("Cards never leave the foundations."),
        "waste": _("Only the waste's top card can be played."),
        "face_down": _("Face-down cards turn up when they become the top card."),
        "not_run": _("Those cards are not a run: {rule}.").format(rule=rule_words(v.build, v.display_name)),
        "no_room": _("Moving those cards one at a time needs more empty columns."),
    }


def review_progress(moves: int, percent: int) -> str:
    """The board's line while a review runs: "Reviewing the 130 moves: 45% …"."""
    return ngettext("Reviewing the {n} move: {percent}% …", "Reviewing the {n} moves: {percent}% …",
                    moves).format(n=moves, percent=percent)


#: The fair expert's strengths (``ft_widget.expert.STRENGTHS``) as a player reads them, in brackets
#: after the expert's result: a label of its own, so no word of the sentence has to agree with it.
_STRENGTHS = {"default": N_("default strength"), "deep": N_("deep strength")}


def strength_words(strength: str) -> str:
    """"default strength": which strength of the fair expert (``ft_widget.expert.STRENGTHS``) a
    grade, rating or review rests on, in the current language."""
    if strength not in _STRENGTHS:
        raise ValueError(f"strength_words: strength must be one of {', '.join(_STRENGTHS)}, "
                         f"not {shown(strength)}")
    return _(_STRENGTHS[strength])


def graded_line(game: Game, difficulty: str, expert_wins: int, runs: int, strength: str = "default") -> str:
    """A graded deal as the board announces it: "Maria, deal 57: a winnable hard deal (…; the fair
    expert (default strength) won 1 of 3 tries)"; ``strength`` is the grading expert's (the
    catalogue's ``CatalogueDeal.strength``; the expert's own default when not given)."""
    said = {
        "easy": Nn_("{variant}, deal {deal}: a winnable easy deal (the solver, which sees every card, "
                    "found a win; the fair expert ({strength}) won {wins} of {n} try)",
                    "{variant}, deal {deal}: a winnable easy deal (the solver, which sees every card, "
                    "found a win; the fair expert ({strength}) won {wins} of {n} tries)"),
        "medium": Nn_("{variant}, deal {deal}: a winnable medium deal (the solver, which sees every card, "
                      "found a win; the fair expert ({strength}) won {wins} of {n} try)",
                      "{variant}, deal {deal}: a winnable medium deal (the solver, which sees every card, "
                      "found a win; the fair expert ({strength}) won {wins} of {n} tries)"),
        "hard": Nn_("{variant}, deal {deal}: a winnable hard deal (the solver, which sees every card, "
                    "found a win; the fair expert ({strength}) won {wins} of {n} try)",
                    "{variant}, deal {deal}: a winnable hard deal (the solver, which sees every card, "
                    "found a win; the fair expert ({strength}) won {wins} of {n} tries)"),
    }[difficulty]
    return ngettext(*said, runs).format(variant=game.variant.display_name, deal=game.deal, wins=expert_wins,
                                        n=runs,
                                        strength=strength_words(strength))


def back_line(game: Game) -> str:
    """Undo at a new game's start: "Back to your Maria game (deal 5, 12 moves)"."""
    return _("Back to your {game}").format(game=game_words(game))


def handed_over_line(path) -> str:
    """A board whose save file a newer board took over (``Board.resume``) says so as long as it lives."""
    return _("{path} is now saved by a newer board (Board.resume): this board no longer saves its moves, "
             "and moves played here are lost on restart").format(path=path)


def let_go_line(game: Game, kept: int) -> str:
    """A board that keeps ``kept`` games left behind says which one it let go."""
    return ngettext("Your {game} is no longer kept: a board keeps the last {n} game left behind.",
                    "Your {game} is no longer kept: a board keeps the last {n} games left behind.",
                    kept).format(game=game_words(game), n=kept)


def game_words(game: Game) -> str:
    """A game as the board names it: "Maria game (deal 5, 12 moves)"."""
    n = game.moves_played
    if game.deal is None:
        return ngettext("{variant} game ({n} move)", "{variant} game ({n} moves)", n).format(
            variant=game.variant.display_name, n=n)
    return ngettext("{variant} game (deal {deal}, {n} move)", "{variant} game (deal {deal}, {n} moves)",
                    n).format(variant=game.variant.display_name, deal=game.deal, n=n)
