"""The compiled search core and the pure-Python search are one search: identical answers.

``ft_widget/solver/_core.c`` (built at install when a C compiler is there) and
``search.PureSearch`` must agree on every position, move for move: the same status, the same
number of states met and the same winning line, under a ``max_states`` budget.
"""

from __future__ import annotations

import os
import random
import shutil
import sysconfig
import weakref

import pytest
from conftest import every_game

from ft_widget import VARIANTS, Game, solve
from ft_widget.solver import search as search_module
from ft_widget.solver.model import Model
from ft_widget.solver.search import COMPILED, CompiledSearch, portfolio, relay_portfolio, search

needs_core = pytest.mark.skipif(not COMPILED, reason="the compiled core is not built here")


def both(game: Game, **kw):
    compiled = solve(game, time_limit=600, core="compiled", **kw)
    pure = solve(game, time_limit=600, core="pure", **kw)
    return compiled, pure


def test_the_install_builds_the_compiled_core_where_a_c_compiler_is():
    """The README's install command builds the core wherever a C compiler is (CI has one)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None and not os.environ.get("CI"):
        pytest.skip(f"no C compiler here ({compiler!r} is not on the PATH): the pure path runs")
    assert COMPILED, f"{compiler} is here, yet the compiled core was not built: see pip's output"


@needs_core
@pytest.mark.parametrize("variant_id", every_game())
def test_identical_answers_on_deals(variant_id):
    for deal in (1, 2):
        game = Game(variant_id, deal=deal)
        compiled, pure = both(game, max_states=6_000)
        assert (compiled.status, compiled.states, compiled.moves) == (pure.status, pure.states, pure.moves)
        # the sound search with R6 alone, as a solve without a budget runs it
        sound = [(Model(game.variant, deal_and_play=True), 1)]
        start = Model.from_game(game)
        assert search(sound, start, 600.0, 6_000, "compiled") == search(sound, start, 600.0, 6_000, "pure")


@needs_core
@pytest.mark.slow
@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_identical_answers_on_more_deals_and_larger_budgets(variant_id):
    statuses = set()
    for deal in range(3, 9):
        game = Game(variant_id, deal=deal)
        compiled, pure = both(game, max_states=40_000)
        assert (compiled.status, compiled.states, compiled.moves) == (pure.status, pure.states, pure.moves)
        statuses.add(compiled.status)
    if variant_id not in ("forty_thieves", "maria", "streets"):  # these are rarely won in 40,000 states
        assert "won" in statuses


@needs_core
@pytest.mark.parametrize("variant_id", every_game())
def test_identical_answers_on_small_positions_pruned_and_plain(variant_id):
    """The pruning test's small positions, with pruning and without, each search of the portfolio
    alone: also the lost answers (queue run dry) and the plain search's exact state keys."""
    from test_solver_pruning import near_the_end_of_a_policy_game, small_position

    rng = random.Random(f"core/{variant_id}")
    n = VARIANTS[variant_id].columns
    games = [small_position(variant_id, rng, rng.randint(2 * n - 2, 2 * n + 4)) for _ in range(6)]
    games += [near_the_end_of_a_policy_game(variant_id, deal) for deal in (1, 2)]
    seen = set()
    for game in games:
        start = Model.from_game(game)
        for prune, deal_and_play in ((True, False), (True, True), (False, False)):
            for model, turns in portfolio(game.variant, prune, deal_and_play):
                compiled = search([(model, turns)], start, 600.0, 4_000, core="compiled")
                pure = search([(model, turns)], start, 600.0, 4_000, core="pure")
                assert compiled == pure, (prune, model.sound, game.position())
                seen.add(compiled[0])
        # the sound search with R7 too (dead ends), as the review's loss proofs may run it
        for deal_and_play in (False, True):
            model = Model(game.variant, deal_and_play=deal_and_play, dead_ends=True)
            compiled = search([(model, 1)], start, 600.0, 4_000, core="compiled")
            assert compiled == search([(model, 1)], start, 600.0, 4_000, core="pure"), game.position()
            seen.add(compiled[0])
    assert {"won", "lost"} & seen


@needs_core
@pytest.mark.parametrize("variant_id", ["forty_thieves", "maria", "number_ten"])
def test_the_waste_stored_as_places_keys_states_as_the_pure_path_does(variant_id):
    """Without redeals the core stores the waste as a bit set over the cards dealt so far, at the
    leftmost places that spell it. With both copies of a card in the deal, one waste can sit at
    two sets of places; were the core to store where the cards really came from, it would keep
    two states where the pure path (whose key is the waste itself) keeps one, and the counts would
    differ. Positions whose stock and waste hold a card twice, searched to the end or to a budget."""
    from test_solver_pruning import small_position

    rng = random.Random(f"waste-places/{variant_id}")
    n = VARIANTS[variant_id].columns
    checked, settled = 0, set()
    while checked < 12:
        game = small_position(variant_id, rng, rng.randint(3 * n - 8, 3 * n + 4), stock=(4, 10))
        loose = list(game.stock) + list(game.waste)
        if len(set(loose)) == len(loose):
            continue
        checked += 1
        start = Model.from_game(game)
        for model in (Model(game.variant, prune=False), Model(game.variant, deal_and_play=True)):
            compiled = search([(model, 1)], start, 600.0, 20_000, core="compiled")
            assert compiled == search([(model, 1)], start, 600.0, 20_000, core="pure"), game.position()
            settled.add(compiled[0])
    assert "lost" in settled or "won" in settled


@needs_core
def test_the_relay_is_one_search_on_both_paths():
    """Without a budget each win-only search is let go at RELAY_STATES and the next of RELAY takes
    its place. With a small relay_states (and a budget, to compare), both paths make the same
    answers, and the relay changes what is searched."""
    changed = False
    for variant_id, deal in (("maria", 3), ("forty_thieves", 1), ("number_ten", 2)):
        game = Game(variant_id, deal=deal)
        members, waiting = relay_portfolio(game.variant)
        assert members[0][0].sound
        assert not any(m.sound for m, _ in members[1:]) and not any(m.sound for m in waiting)
        start = Model.from_game(game)
        compiled = search(members, start, 600.0, 12_000, "compiled", relay=waiting, relay_states=1_500)
        pure = search(members, start, 600.0, 12_000, "pure", relay=waiting, relay_states=1_500)
        assert compiled == pure, variant_id
        assert compiled[2] < 14_000  # the budget counts the states of the searches let go
        changed |= compiled != search(members, start, 600.0, 12_000, "compiled")
        # every weight of the relay's scores, the stock's too, counts alike on both paths
        for h1, weights in search_module.RELAY:
            model = search_module.relay_search(game.variant, h1, weights)
            assert search([(model, 1)], start, 600.0, 2_000, core="compiled") == \
                search([(model, 1)], start, 600.0, 2_000, core="pure"), (variant_id, weights)
    assert changed


def test_without_the_core_solve_takes_the_pure_path(monkeypatch):
    """What a machine that could not compile gets: the same answers from the pure search."""
    game = Game("lucas", deal=2)
    expected = solve(game, time_limit=600, max_states=5_000, core="pure")
    monkeypatch.setattr(search_module, "COMPILED", False)
    monkeypatch.setattr(search_module, "_core", None)
    auto = solve(game, time_limit=600, max_states=5_000)
    assert (auto.status, auto.states, auto.moves) == (expected.status, expected.states, expected.moves)
    assert auto.status == "won"
    with pytest.raises(RuntimeError, match="not built"):
        solve(game, core="compiled")
    with pytest.raises(ValueError, match="core must be"):
        solve(game, core="fast")


@needs_core
@pytest.mark.parametrize("variant_id", ["forty_thieves", "little_forty", "number_ten"])
def test_memory_per_state_is_bounded(variant_id):
    """Bytes the core holds per state met (states, bookkeeping, queue, table) stay small enough
    that the solver's state limit keeps a solve under 1 GB."""
    for deal_and_play in (False, True):  # with a budget, and as a solve without one runs it
        model = Model(VARIANTS[variant_id], deal_and_play=deal_and_play)
        s = CompiledSearch(model, Model.from_game(Game(variant_id, deal=1)))
        while s.status is None and s.states < 200_000:
            s.advance(4)
        assert s.nbytes / s.states < search_module.MAX_BYTES_PER_STATE
        # what the memory bound counts: every byte allocated, a little above what is in use
        assert s.nbytes < s.held_bytes < 2 * s.nbytes + (4 << 20)


@needs_core
def test_the_searches_hold_no_more_bytes_than_the_bound(monkeypatch):
    """The bound counts bytes: the searches' allocations (and room for a hash table to double) stay
    under MAX_BYTES; the win-only searches are let go when they fill it, then the sound one stops
    at it too. Forty Thieves deal 129 (lost: nothing wins) with a 48 MB bound."""
    bound = 48_000_000
    monkeypatch.setattr(search_module, "MAX_BYTES", bound)
    peaks, alone = [], []

    class Watched(CompiledSearch):
        def advance(self, turns):
            status = super().advance(turns)
            live = [s for s in (ref() for ref in Watched.live) if s is not None and s.status is None]
            peaks.append(sum(s.held_bytes for s in live))
            alone.append(live == [Watched.first])
            return status

        def __init__(self, model, start):
            super().__init__(model, start)
            Watched.live.append(weakref.ref(self))  # a search let go is freed: it holds nothing
            Watched.first = Watched.first or self  # the sound search, made first

    Watched.live, Watched.first = [], None
    monkeypatch.setattr(search_module, "CompiledSearch", Watched)
    game = Game("forty_thieves", deal=129)
    members, waiting = relay_portfolio(game.variant)
    status, _, states = search(members, Model.from_game(game), 600.0, core="compiled", relay=waiting)
    assert status == "unknown" and alone[-1]  # the sound search went on alone, and stopped at the bound
    sound = Watched.first
    assert sound.held_bytes + sound.spike_bytes > bound - 4_000_000
    assert max(peaks) <= bound + 2_000_000  # a turn's growth past the check, at most


@needs_core
def test_deal_and_play_halves_the_states_of_a_loss_proof():
    """R6 stores no state with the card just dealt on the waste: the sound search alone exhausts
    Forty Thieves deal 129 after 592,656 states with it and 1,295,519 without (docs/solver.md;
    ``python -m ft_widget.bench deal-and-play --variants forty_thieves --exhaust 129``)."""
    from ft_widget.bench import bench_exhaust

    [row] = bench_exhaust("forty_thieves", [129], 2_000_000)
    assert row == dict(variant="forty_thieves", deal=129, without_status="lost", without_states=1_295_519,
                       with_status="lost", with_states=592_656)


def test_the_deal_and_play_bench_compares_like_with_like():
    from ft_widget.bench import bench_deal_and_play

    rows = bench_deal_and_play(["lucas", "little_forty"], [1, 2], 5_000)
    assert [r["variant"] for r in rows] == ["lucas"]  # Little Forty redeals: R6 does not apply
    [row] = rows
    assert row["won_without"] == 2 and row["states_with"] != row["states_without"]


@needs_core
def test_full_memory_leaves_the_sound_search_to_prove_a_loss(monkeypatch):
    """Forty Thieves deal 129 is lost: the sound search alone (with R6, as a solve without a budget
    runs it) exhausts it after 592,656 states, the whole portfolio after 856,338. With room for only
    150 MB the portfolio fills it first; the win-only searches are then let go and the sound
    search goes on alone to the proof. A caller's own budget (max_states) still stops the portfolio."""
    monkeypatch.setattr(search_module, "MAX_BYTES", 150_000_000)
    game = Game("forty_thieves", deal=129)
    proved = solve(game, time_limit=600)
    assert proved.status == "lost" and proved.states > 600_000
    budget = solve(game, time_limit=600, max_states=600_000)
    assert budget.status == "unknown" and 600_000 < budget.states < 601_000


def test_the_pure_path_counts_the_memory_of_searches_let_go(monkeypatch):
    """Python keeps what a search let go held, so on the pure path the sound search gets no room
    from the win-only ones: the solve ends when they fill the bound (before, the sound search went
    on alone and the process peaked at 1,222 MB on Little Forty deal 166)."""
    per_state = search_module.PURE_BYTES_PER_STATE
    monkeypatch.setattr(search_module, "MAX_BYTES", 12_000 * per_state)
    game = Game("forty_thieves", deal=129)
    members, waiting = relay_portfolio(game.variant)
    status, _, states = search(members, Model.from_game(game), 600.0, core="pure", relay=waiting)
    assert status == "unknown" and 12_000 < states < 15_000  # a round past the bound; 16,430 before


@needs_core
@pytest.mark.slow  # a Python process a case, as in test_solver_core_defends
@pytest.mark.parametrize("case, first", [
    ("column_emptied", "answer: the plain answer"),
    ("column_shortened", "answer: the plain answer"),
    ("column_emptied_bad_card", "refused ValueError: column: card out of range 0..51"),
    ("tableau_emptied", "answer: the plain answer"),
    ("down_emptied", "answer: the plain answer"),
    ("onto_emptied", "answer: the plain answer"),
    ("onto_row_emptied", "answer: the plain answer"),
    ("waste_emptied", "answer: the plain answer"),
    ("stock_emptied", "answer: the plain answer"),
    ("found_emptied", "refused TypeError: a foundation height must be an int"),
    ("home_sets_emptied", "answer: the plain answer"),
])
def test_a_card_that_cuts_the_list_it_is_read_from_changes_nothing(case, first, monkeypatch):
    """The core copies every list before converting its items (an ``__index__`` runs Python code):
    a card that empties or shortens the list it sits in gives the answer plain ints give, or a
    clear refusal, and the core keeps none of the cards. Before, the column, building table,
    waste and stock cases crashed (SIGSEGV: items read from the emptied list), the tableau and
    face-down cases raised IndexError and home_sets' answer lost its cards."""
    from test_solver_core_defends import drive

    # the driver imports this tree's package (and core), not whichever one is installed
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    assert drive(case) == [first, "cards alive: 0"]
