"""The public view of a game: what a player at the table sees, as the board publishes it.

``public_state(game)`` is the ``state`` trait without the board's own fields (version, message,
ack, review, puzzle, …). Face-down tableau cards and the stock are counts only, and the waste
shows only its top cards, so the browser never learns what the player may not. The browser
gets data (legal moves, where a move home lands, runs), never rules.
"""

from __future__ import annotations

from .. import rules, words
from ..cards import card_str, parse_card
from ..game import FOUNDATION, WASTE, Game, HintKind, Move
from ..moves import pile_name
from ..training import catalogue
from ..variants import VARIANTS

#: ``state["status"]`` while the game goes on (else the game's :class:`Outcome`: "won", "stuck")
PLAYING = "playing"


def public_state(game: Game) -> dict:
    """What a player at the table sees, as JSON: the ``state`` trait without the
    board's own fields (version, message, ack, …).

    Face-down tableau cards and the stock are counts only, and the waste shows only its
    top cards (up to one deal's worth), so the browser never learns what the player may not.
    """
    legal = game.legal_moves()
    shortcuts = game.run_moves()
    return {**_public_rules(game), **_public_piles(game), **_public_moves(game, legal, shortcuts),
            **_public_progress(game)}


def _public_rules(game: Game) -> dict:
    """The game being played and the others the menu offers."""
    v = game.variant
    return {
        "variant": v.id,
        "variant_name": v.display_name,
        "variants": [{"id": vid, "name": var.display_name} for vid, var in VARIANTS.items()]
        + ([] if v.id in VARIANTS else [{"id": v.id, "name": v.display_name}]),
        "deal": game.deal,
        "columns": len(game.tableau),
        "sequences": v.sequences,
        "build": str(v.build),
        "stock_deal": v.stock_deal,
        "redeals_left": game.redeals_left,
    }


def _public_piles(game: Game) -> dict:
    """The cards a player sees: face-up cards, counts of the face-down ones and of the stock."""
    down = game.face_down_counts
    waste = game.waste
    top = waste[-game.variant.stock_deal:] if waste else []
    return {
        "tableau": [{"down": d, "up": [card_str(c) for c in col[d:]]}
                    for col, d in zip(game.tableau, down, strict=True)],
        "foundations": [[card_str(c) for c in pile] for pile in game.foundations],
        # "seen": every waste card, oldest first: each turned up before the player's eyes
        "waste": {"count": len(waste), "top": [card_str(c) for c in top],
                  "seen": [card_str(c) for c in waste]},
        "stock": {"count": len(game.stock)},
    }


def _public_moves(game: Game, legal: list[Move], shortcuts: list[Move]) -> dict:
    """What may move: the legal moves (with the one-card games' run shortcuts), where a move home
    lands, each column's run and how many cards a press lifts, and the words for a refused press."""
    runs = [_run_length(game, i) for i in range(len(game.tableau))]
    lift = []
    for i, col in enumerate(game.tableau):
        if not col:
            lift.append(0)
        elif game.variant.sequences:
            lift.append(runs[i])
        else:  # one-card games: a run is lifted only where a shortcut can take it
            lift.append(max([1] + [m.count for m in shortcuts if m.src == i]))
    return {
        "legal": [str(m) for m in legal] + [str(m) for m in shortcuts],
        "home_piles": _home_piles(game, legal),
        "runs": runs,
        "lift": lift,
        "words": words.refusal_words(game),
    }


def _public_progress(game: Game) -> dict:
    """How far the game is: moves, cards home, its status (an :class:`Outcome`'s string or
    "playing") and the status line, and whether undo and redo can go."""
    outcome = game.outcome  # Outcome.WON, Outcome.STUCK, or None while the game goes on
    return {
        "moves": game.moves_played,
        "home": game.cards_home,
        "status": outcome.value if outcome is not None else PLAYING,
        "status_text": words.status_line(game),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
    }


def _home_piles(game: Game, legal: list[Move]) -> dict[str, str]:
    """For each legal move home, the foundation pile (``f1``…``f8``) it lands on: the one
    :func:`ft_widget.rules.foundation_for` names, as the engine chooses it."""
    out = {}
    for move in legal:
        if move.dst == FOUNDATION:
            card = game.waste[-1] if move.src == WASTE else game.tableau[move.src][-1]
            out[str(move)] = f"f{rules.foundation_for(game.foundations, card) + 1}"
    return out


def hint_view(game: Game, found) -> dict:
    """The solver's hint as the board shows it: the move, its reason, whether it was found
    fairly (only what the player sees) or by peeking at hidden cards, and the piles (DOM ids)
    to draw the arrow between."""
    move = found.move if isinstance(found.move, Move) else Move.parse(str(found.move))
    src, dst = move_piles(game, move)
    # A hint that does not say how it was found is shown as a peek: never call it fair unasked.
    kind = str(getattr(found, "kind", HintKind.PEEK))
    sentence = str(getattr(found, "sentence", "") or found.reason)  # the player's words; reason: the expert's
    return {"move": str(move), "reason": str(found.reason), "sentence": sentence, "kind": kind, "from": src,
            "to": dst}


def move_piles(game: Game, move: Move) -> tuple[str, str]:
    """The piles (DOM ids) an arrow for ``move`` joins in ``game``: a move home ends on the
    foundation pile the engine would choose (``f1``…``f8``)."""
    dst = pile_name(move.dst)
    if move.dst == FOUNDATION:
        dst = _home_piles(game, [move]).get(str(move), "f1")
    return pile_name(move.src), dst


def difficulties(game: Game) -> list[str]:
    """The difficulties the graded catalogue offers for this game's variant ([] for a custom one)."""
    v = game.variant
    return catalogue.difficulties(v.id) if VARIANTS.get(v.id) == v else []


def graded_words(game: Game, difficulty: str | None) -> str:
    """What the board says when it starts a graded deal ("" for any other deal)."""
    if difficulty is None:
        return ""
    entry = next(d for d in catalogue.catalogue(game.variant.id) if d.deal == game.deal)
    return words.graded_line(game, difficulty, entry.expert_wins, entry.runs, entry.strength)


def _run_length(game: Game, i: int) -> int:
    """Face-up cards at the top of column ``i`` that form a run by the variant's build rule
    (whether or not the variant moves runs as a unit): what ``words.not_run`` is about."""
    return rules.run_length(game.tableau[i], game.face_down_counts[i], game.variant.build, sequences=True)


def moved_card(before: dict | None, move: Move) -> int | None:
    """The face-up card ``move`` took (the deepest of a run), read from the state published before
    it; ``None`` when that state does not show it."""
    if before is None or move.src >= len(before["tableau"]) and move.src != WASTE:
        return None
    if move.src == WASTE:
        top = before["waste"]["top"]
        return parse_card(top[-1]) if top else None
    up = before["tableau"][move.src]["up"]
    return parse_card(up[-move.count]) if len(up) >= move.count else None


def change_words(before: dict, state: dict, last: Move | None) -> str:
    """What changed since the state ``before`` (``last``: the game's last move): the move played
    (a deal names the card dealt), how many, or what was taken back."""
    grown = state["moves"] - before["moves"]
    if grown == 1 and last is not None and last.is_deal:  # the card dealt is face up now: named
        top = state["waste"]["top"]
        dealt = before["stock"]["count"] - state["stock"]["count"]
        return words.dealt_words(parse_card(top[-1]) if top else None, dealt)
    if grown == 1 and last is not None:
        return words.played_words(last, moved_card(before, last))
    return words.change_words(grown, state["moves"])

