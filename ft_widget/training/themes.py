"""Themes: the kinds of decision a puzzle of this family teaches, read from the position.

A puzzle's theme is computed, never typed: :func:`theme_of` looks at the position, its answers
(the commitments that keep the deal winnable) and its losing moves (the commitments proved lost)
and names the idea that separates them: a redeal or twin cards first, then what a first answer
that moves cards between columns does (dig out, empty a column, split a run), then the trap the
losing moves set (a card home, an empty column filled, a deal), then what the answer is.
:func:`kind_of` names what kind of move an answer is (:data:`KINDS`).

>>> from ft_widget import Game
>>> game = Game("forty_thieves", deal=1)
>>> kind_of(game, "s>w")
'deal'
"""

from __future__ import annotations

from ..game import FOUNDATION, WASTE, Game
from ..i18n import N_, gettext
from ..moves import Move
from ..rules import can_build

#: Each theme: its id, its name, and the idea it teaches in one sentence a player understands.
THEMES: dict[str, tuple[str, str]] = {
    "when_to_redeal": (N_("When to redeal"),
                       N_("Turning the waste back over is a decision too: the order the cards come round in "
                          "depends on what you played before it.")),
    "which_twin_home": (N_("Which twin goes home"),
                        N_("With two identical cards free to go home, send the one whose going frees "
                           "something and leave the other where it helps.")),
    "hold_back_from_home": (N_("Hold a card back from home"),
                            N_("A card that can go home may still be needed on the table as a place to "
                               "build: sending it home is not always right.")),
    "keep_an_empty_column": (N_("Keep an empty column"),
                             N_("An empty column is the one place that takes any card: do not fill it with a "
                                "card you can do without, a run will need it.")),
    "deal_rather_than_place": (N_("Deal on"),
                               N_("The card you could place now may block the cards that come next: "
                                  "sometimes the better move is to leave it and deal.")),
    "place_before_dealing": (N_("Place before dealing"),
                             N_("Dealing buries the waste card for good: play it (or free what it needs) "
                             "before you deal past it.")),
    "where_the_waste_card_goes": (N_("Where the waste card goes"),
                                  N_("The waste card has more than one place: choose the one that leaves "
                                     "your columns able to take the cards still to come.")),
    "dig_out_a_card": (N_("Dig out a buried card"),
                       N_("Move the card on top to free the one under it, even when another move looks "
                          "more natural.")),
    "empty_a_column": (N_("Empty a column"),
                       N_("Moving the last cards out of a column gives you an empty column, the one place "
                          "that takes any card.")),
    "split_a_run": (N_("Split a run"),
                    N_("Moving a card off the card it is built on, to build it elsewhere, can be the way to "
                       "reach the cards you need.")),
    "send_home_now": (N_("Send it home now"),
                      N_("Here the card going home is the move that matters: it frees the card under it "
                         "or makes room, and the other moves cannot wait.")),
}

#: What kind of move an answer is, with the words for it.
KINDS: dict[str, str] = {
    "deal": "a deal from the stock",
    "home": "a card sent home",
    "waste": "the waste card placed in a column",
    "column": "a move between columns",
    "redeal": "a redeal",
}


def kind_of(game: Game, move: Move | str) -> str:
    """The kind (:data:`KINDS`) of ``move`` in ``game``'s position."""
    move = Move(str(move))
    if move.is_redeal:
        return "redeal"
    if move.is_deal:
        return "deal"
    if move.dst == FOUNDATION:
        return "home"
    if move.src == WASTE:
        return "waste"
    return "column"


def _card(game: Game, move: Move) -> int | None:
    if move.src == WASTE:
        return game.waste[-1] if game.waste else None
    if move.src < WASTE:
        return game.tableau[move.src][-move.count]
    return None


def fills_empty(game: Game, move: Move) -> bool:
    """Does the move put cards into an empty column?"""
    return move.dst < WASTE and not game.tableau[move.dst]


def built_on(game: Game, move: Move) -> bool:
    """Is the bottom card the column move lifts built on the face-up card under it?"""
    column = game.tableau[move.src]
    below = len(column) - move.count - 1
    return below >= game.face_down_counts[move.src] and below >= 0 and can_build(
        column[-move.count], column[below], game.variant.build)


def uncovers(game: Game, move: Move) -> bool:
    """Does the column move free a card that was not the moved cards' own base (a buried card)?"""
    column = game.tableau[move.src]
    if len(column) - move.count <= game.face_down_counts[move.src]:
        return len(column) > move.count  # a face-down card is turned up
    return len(column) > move.count and not built_on(game, move)


def theme_of(game: Game, answers, losing) -> str:
    """The theme (a key of :data:`THEMES`) of the puzzle at ``game``'s position whose winning
    commitments are ``answers`` and proved-lost commitments ``losing`` (notation or moves)."""
    won = [Move(str(m)) for m in answers]
    lost = [Move(str(m)) for m in losing]
    if not won:
        raise ValueError("theme_of: a puzzle has at least one answer")
    kinds_won = {kind_of(game, m) for m in won}
    kinds_lost = {kind_of(game, m) for m in lost}
    if "redeal" in kinds_won | kinds_lost:
        return "when_to_redeal"
    home_won = {_card(game, m) for m in won if m.is_home}
    home_lost = {_card(game, m) for m in lost if m.is_home}
    if home_won & home_lost:
        return "which_twin_home"
    first = won[0]
    # an answer that moves cards between columns is the lesson itself: what it does to the column
    if first.between_columns and uncovers(game, first):
        return "dig_out_a_card"
    if first.between_columns and len(game.tableau[first.src]) == first.count:
        return "empty_a_column"
    if first.between_columns:
        return "split_a_run"  # a column move off the card it is built on
    # else the trap the losing moves set
    if home_lost and not home_won:
        return "hold_back_from_home"
    if any(fills_empty(game, m) for m in lost) and not any(fills_empty(game, m) for m in won):
        return "keep_an_empty_column"
    if "deal" in kinds_won and "waste" in kinds_lost:
        return "deal_rather_than_place"
    if "deal" in kinds_lost and kinds_won & {"waste", "column", "home"}:
        return "place_before_dealing"
    if "waste" in kinds_won and "waste" in kinds_lost:
        return "where_the_waste_card_goes"
    if "deal" in kinds_won:
        return "deal_rather_than_place"
    if "waste" in kinds_won:
        return "where_the_waste_card_goes"
    return "send_home_now"


def trap_of(game: Game, move: Move | str, answers) -> str:
    """The theme (a key of :data:`THEMES`) whose idea says what is wrong with the losing ``move``
    itself, against the puzzle's ``answers``: a card sent home (its twin's going was the answer, or
    it should have stayed), an empty column filled, a deal past a card that had a place, the waste
    card placed (where a deal was the answer, or elsewhere); for a move between columns, or one that
    fills an empty column where the answer puts the waste card, the idea that separates the
    answers from it (:func:`theme_of`)."""
    move = Move(str(move))
    won = [Move(str(a)) for a in answers]
    kind = kind_of(game, move)
    if kind == "redeal" or any(a.is_redeal for a in won):
        return "when_to_redeal"
    if kind == "home":
        twins = {_card(game, a) for a in won if a.is_home}
        return "which_twin_home" if _card(game, move) in twins else "hold_back_from_home"
    if fills_empty(game, move) and not any(fills_empty(game, a) and a.src == WASTE for a in won):
        return "keep_an_empty_column"  # (unless the answer is the waste card into the column)
    if kind == "deal":
        return "place_before_dealing"
    if kind == "waste":
        return "deal_rather_than_place" if any(a.is_deal for a in won) else "where_the_waste_card_goes"
    return theme_of(game, won, [move])


def theme_name(theme: str) -> str:
    """The theme's name, in the current language."""
    return gettext(THEMES[theme][0])


def theme_idea(theme: str) -> str:
    """The theme's idea (one sentence), in the current language."""
    return gettext(THEMES[theme][1])


__all__ = ["KINDS", "THEMES", "kind_of", "theme_idea", "theme_name", "theme_of", "trap_of"]
