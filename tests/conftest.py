"""Shared helpers for the engine tests.

Tests build positions from a compact spec and compare the engine with a reference
rule-checker written here from docs/rules.md alone. The reference reads only the public
position JSON and a rules table copied from docs/rules.md, never the engine's internals or
its ``Variant`` values, so a mistake in the engine is not repeated in its judge.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import NamedTuple

import pytest

from ft_widget import Game

# --------------------------------------------------------------------------- the rules table
RANKS = "A23456789TJQK"
SUITS = "CDHS"
RED = set("DH")


class Rules(NamedTuple):
    """One row of docs/rules.md's variant table, typed in by hand."""

    columns: int
    cards_per_column: int
    face_down: int
    build: str  # "same", "other" (any suit but its own) or "colour" (alternate colour)
    sequences: bool
    stock_deal: int
    redeals: int
    aces_start: bool
    stock_size: int


RULES = {
    "forty_thieves": Rules(10, 4, 0, "same", False, 1, 0, False, 64),
    "indian": Rules(10, 3, 1, "other", False, 1, 0, False, 74),
    "limited": Rules(12, 3, 0, "same", False, 1, 0, False, 68),
    "little_forty": Rules(10, 4, 0, "other", True, 3, 3, False, 64),
    "lucas": Rules(13, 3, 0, "same", False, 1, 0, True, 57),
    "maria": Rules(9, 4, 0, "colour", False, 1, 0, False, 68),
    "number_ten": Rules(10, 4, 2, "colour", True, 1, 0, False, 64),
    "rank_and_file": Rules(10, 4, 3, "colour", True, 1, 0, False, 64),
    "streets": Rules(10, 4, 0, "colour", False, 1, 0, False, 64),
}
VARIANT_IDS = list(RULES)
SEQUENCE_VARIANTS = [v for v, r in RULES.items() if r.sequences]
ONE_CARD_VARIANTS = [v for v, r in RULES.items() if not r.sequences]

#: The games the quick loop (``-m "not slow"``) keeps of a heavy test run in every game: one where
#: cards move one at a time (Maria) and one where sequences move (Number Ten). CI runs every game.
QUICK_GAMES = ("maria", "number_ten")


def every_game(ids=None) -> list:
    """``parametrize`` values for a heavy test in every game (or in ``ids``): the games other than
    ``QUICK_GAMES`` are marked slow, so the quick loop stays under a minute."""
    ids = list(RULES) if ids is None else list(ids)
    return [pytest.param(v) if v in QUICK_GAMES else pytest.param(v, marks=pytest.mark.slow) for v in ids]

ALL_CARDS = [r + s for s in SUITS for r in RANKS]  # the 52 card texts


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def suit(card: str) -> str:
    return card[1]


def builds_on(card: str, onto: str, build: str) -> bool:
    """docs/rules.md: a card goes on a tableau card exactly one rank higher that obeys the build rule."""
    if rank(onto) != rank(card) + 1:
        return False
    if build == "same":
        return suit(card) == suit(onto)
    if build == "other":
        return suit(card) != suit(onto)
    return (suit(card) in RED) != (suit(onto) in RED)


# --------------------------------------------------------------------------- building positions
def _cards(spec: str | list[str]) -> list[str]:
    return spec.split() if isinstance(spec, str) else list(spec)


def make_position(
    variant: str,
    tableau: list[str | list[str]] = (),
    foundations: list[str | list[str]] | None = None,
    waste: str | list[str] = "",
    stock: str | list[str] | None = None,
    redeals_left: int = 0,
    rest: str | int = "stock",
) -> dict:
    """A valid docs/rules.md position from a compact spec.

    ``tableau`` lists columns as strings bottom to top (``"<3S> 9H 8S"``; ``<..>`` is face
    down); missing columns are empty. Unless given, ``foundations`` get every card not
    placed elsewhere that can be built Ace-up in its suit; whatever is still left goes to
    the bottom of the stock, or with ``rest=i`` face down under the cards of column ``i``
    (0-based), where they cannot move.
    """
    cols = [_cards(c) for c in tableau]
    cols += [[] for _ in range(RULES[variant].columns - len(cols))]
    waste_cards, stock_cards = _cards(waste), _cards(stock) if stock is not None else []
    used = Counter(c.strip("<>") for pile in (*cols, waste_cards, stock_cards) for c in pile)
    if foundations is not None:
        piles = [_cards(p) for p in foundations]
        piles += [[] for _ in range(8 - len(piles))]
        used.update(c for p in piles for c in p)
    else:
        # two piles per suit, each as high as the free cards allow
        piles = []
        for s in SUITS:
            for _ in range(2):
                pile = []
                for r in RANKS:
                    if used[r + s] >= 2:
                        break
                    pile.append(r + s)
                    used[r + s] += 1
                piles.append(pile)
    left = [c for c in ALL_CARDS for _ in range(2 - used[c])]
    if rest != "stock":
        if not cols[rest]:
            raise ValueError("the column taking the rest needs a face-up card on top")
        cols[rest] = [f"<{c}>" for c in left] + cols[rest]
    elif stock is None:
        stock_cards = left + stock_cards
    elif left:
        raise ValueError(f"the spec leaves {len(left)} cards over: {left[:6]}…")
    return {
        "variant": variant,
        "tableau": cols,
        "foundations": piles,
        "waste": waste_cards,
        "stock": stock_cards,
        "redeals_left": redeals_left,
    }


def make_game(variant: str, tableau=(), **kw) -> Game:
    return Game.from_position(make_position(variant, tableau, **kw))


def random_position(variant: str, rng: random.Random) -> dict:
    """A random valid position of ``variant``, biased towards what the rules care about:
    runs that may move as sequences, empty columns, face-down cards, part-built
    foundations, a waste and an empty or short stock."""
    rules = RULES[variant]
    pool = Counter({c: 2 for c in ALL_CARDS})
    piles = []
    for s in SUITS:
        for _ in range(2):
            height = rng.choice([0, 0, 1, 2, rng.randint(0, 13)])
            if rules.aces_start:
                height = max(height, 1)
            pile = [r + s for r in RANKS[:height]]
            for c in pile:
                pool[c] -= 1
            piles.append(pile)
    rest = list(pool.elements())
    rng.shuffle(rest)

    def take(card: str) -> str:
        rest.remove(card)
        return card

    cols = []
    for _ in range(rules.columns):
        if not rest or rng.random() < 0.2:
            cols.append([])
            continue
        col = [rest.pop() for _ in range(rng.randint(1, 4))]
        # often continue with a run built by this variant's rule (or by another's)
        build = rng.choice([rules.build, rules.build, "same", "other", "colour"])
        while rest and rng.random() < 0.7:
            fits = [c for c in set(rest) if builds_on(c, col[-1], build)]
            if not fits:
                break
            col.append(take(rng.choice(sorted(fits))))
        down = rng.randint(0, len(col) - 1) if rng.random() < 0.5 else 0
        cols.append([f"<{c}>" if k < down else c for k, c in enumerate(col)])
    nwaste = rng.choice([0, 1, 3, rng.randint(0, len(rest))])
    waste, stock = rest[:nwaste], rest[nwaste:]
    if rng.random() < 0.4:  # an empty stock, its cards moved to the waste
        waste, stock = waste + stock, []
    return {
        "variant": variant,
        "tableau": cols,
        "foundations": piles,
        "waste": waste,
        "stock": stock,
        "redeals_left": rng.randint(0, rules.redeals),
    }


# --------------------------------------------------------------------------- the reference judge
def reference_moves(position: dict) -> set[str]:
    """Every legal move of ``position`` in docs/rules.md notation, from the rules alone."""
    rules = RULES[position["variant"]]
    cols = position["tableau"]
    tops = [col[-1] if col else None for col in cols]

    def to_foundation(card: str) -> bool:
        if rank(card) == 1:
            return any(not p for p in position["foundations"])
        return any(p and p[-1] == RANKS[rank(card) - 2] + suit(card) for p in position["foundations"])

    def placements(card: str, src: int | None) -> list[int]:
        return [j for j in range(len(cols)) if j != src
                and (tops[j] is None or builds_on(card, tops[j], rules.build))]

    moves = set()
    for i, col in enumerate(cols):
        if not col:
            continue
        top = col[-1]  # never face down (validation guarantees it)
        if to_foundation(top):
            moves.add(f"{i + 1}>f")
        moves.update(f"{i + 1}>{j + 1}" for j in placements(top, i))
        if rules.sequences:
            n = 1
            while (n < len(col) and not col[-n - 1].startswith("<")
                   and builds_on(col[-n], col[-n - 1], rules.build)):
                n += 1
                moves.update(f"{i + 1}>{j + 1}x{n}" for j in placements(col[-n], i))
    if position["waste"]:
        top = position["waste"][-1]
        if to_foundation(top):
            moves.add("w>f")
        moves.update(f"w>{j + 1}" for j in placements(top, None))
    if position["stock"]:
        moves.add("s>w")
    elif position["waste"] and position["redeals_left"] > 0:
        moves.add("w>s")
    return moves


def reference_play(position: dict, move: str) -> dict:
    """The position after the legal ``move``, from the rules alone (a new dict)."""
    rules = RULES[position["variant"]]
    pos = copy.deepcopy(position)
    src, _, rest = move.partition(">")
    dst, _, count = rest.partition("x")
    stock, waste = pos["stock"], pos["waste"]
    if src == "s":  # turn up to stock_deal cards, one by one, onto the waste
        for _ in range(min(rules.stock_deal, len(stock))):
            waste.append(stock.pop())
        return pos
    if dst == "s":  # the waste turned over: its first card becomes the stock's top again
        pos["stock"], pos["waste"] = waste[::-1], []
        pos["redeals_left"] -= 1
        return pos
    if src == "w":
        cards = [waste.pop()]
    else:
        col = pos["tableau"][int(src) - 1]
        n = int(count or 1)
        cards, col[-n:] = col[-n:], []
        if col and col[-1].startswith("<"):  # RULES point 1: an exposed card turns up
            col[-1] = col[-1][1:-1]
    if dst == "f":
        card = cards[0]
        pile = next(p for p in pos["foundations"]
                    if (not p and rank(card) == 1)
                    or (p and p[-1] == RANKS[rank(card) - 2] + suit(card) and rank(card) > 1))
        pile.append(card)
    else:
        pos["tableau"][int(dst) - 1].extend(cards)
    return pos


def same_position(a: dict, b: dict) -> bool:
    """Equal positions, taking the foundation piles as interchangeable (RULES point 8)."""
    key = {k: v for k, v in a.items() if k != "foundations"}
    other = {k: v for k, v in b.items() if k != "foundations"}
    return key == other and sorted(a["foundations"]) == sorted(b["foundations"])


def card_counts(position: dict) -> Counter:
    """How often each card text appears across all piles of a position."""
    piles = [*position["tableau"], *position["foundations"], position["waste"], position["stock"]]
    return Counter(c.strip("<>") for p in piles for c in p)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261130)


@pytest.fixture(autouse=True, scope="session")
def _progress_kept_apart(tmp_path_factory):
    """No test writes the learner's real progress file: the data directory is a temporary one,
    and a training board given no path keeps none (FT_WIDGET_PROGRESS=off), so the tests of the
    plain run see it; tests/test_progress.py turns it on where it tests the default. Session-wide
    and set first, so the kernels and servers that session fixtures start inherit it too."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FT_WIDGET_DATA_DIR", str(tmp_path_factory.mktemp("ft_widget_data")))
        patch.setenv("FT_WIDGET_PROGRESS", "off")
        yield


# --------------------------------------------------------------------------- the quick loop
#: The test files that take longest (all 203 puzzles judged and explained, the offline site's
#: lessons run in Pyodide, a whole game played by mouse), longest first, as measured on the full
#: suite (``--junitxml``, each file's tests summed) at issue 42's stop: 118 s down to 23 s.
LONGEST_FIRST = ("test_puzzles.py", "test_board_e2e.py", "test_lite_lessons.py", "test_lite_progress.py",
                 "test_solver_core.py", "test_hosts.py", "test_review.py", "test_lite.py", "test_docs.py",
                 "test_expert.py", "test_board_ux.py", "test_i18n_e2e.py", "test_pure_wheel.py")


def pytest_collection_modifyitems(config, items):
    """The browser tests and the notebooks (nbval) are slow by nature: `-m "not slow"` leaves them
    out with the heavy solver tests, which carry the mark themselves.

    The suite runs on every core (pytest-xdist, ``-n auto --dist loadfile`` in pyproject.toml):
    a file's tests on one worker, in order, since a notebook's cells share its kernel and a
    module's fixtures (a JupyterLab, a notebook open in Chromium) are made once per worker."""
    for item in items:
        parts = item.path.parts
        if "e2e" in parts or item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)
    # The longest files first (a stable sort: each file's tests keep their order): a worker
    # that took one last would run alone at the end while the other waits.
    first = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: first.get(item.path.name, len(first)))


# --------------------------------------------------------------------------- the browser tests
def pytest_runtest_setup(item):
    """A browser test (marked ``e2e``) needs Chromium: without one it is skipped with the reason
    "no Chromium found on the PATH or in FT_CHROMIUM" (``-ra`` lists it in the summary), and in CI
    it fails (tests/e2e/harness.py, ``require_chromium``)."""
    if item.get_closest_marker("e2e"):
        from tests.e2e.harness import require_chromium

        require_chromium()
