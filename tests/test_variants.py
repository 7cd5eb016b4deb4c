"""The nine games as data, checked against the table in docs/rules.md (typed into conftest.RULES)."""

import dataclasses

import pytest
from conftest import RULES

from ft_widget import VARIANTS, Build, Game, Variant
from ft_widget.variants import get_variant

BUILD_OF = {"same": Build.SAME_SUIT, "other": Build.OTHER_SUIT, "colour": Build.ALTERNATE_COLOUR}
NAMES = {
    "forty_thieves": "Forty Thieves", "indian": "Indian", "limited": "Limited",
    "little_forty": "Little Forty", "lucas": "Lucas", "maria": "Maria", "number_ten": "Number Ten",
    "rank_and_file": "Rank and File", "streets": "Streets",
}


def test_the_nine_ids_in_rules_order():
    assert list(VARIANTS) == list(RULES)


@pytest.mark.parametrize("vid", RULES)
def test_variant_parameters_match_the_rules_table(vid):
    v, r = VARIANTS[vid], RULES[vid]
    assert v.id == vid
    assert v.name == NAMES[vid]
    assert (v.columns, v.cards_per_column, v.face_down) == (r.columns, r.cards_per_column, r.face_down)
    assert v.build is BUILD_OF[r.build]
    assert v.sequences is r.sequences
    assert (v.stock_deal, v.redeals, v.aces_start) == (r.stock_deal, r.redeals, r.aces_start)
    assert v.stock_cards == r.stock_size


def test_stock_sizes_named_in_rules():
    # "64 for the 10 × 4 games, 74 Indian, 68 Limited and Maria, 57 Lucas"
    sizes = {vid: v.stock_cards for vid, v in VARIANTS.items()}
    assert sizes == {"forty_thieves": 64, "indian": 74, "limited": 68, "little_forty": 64, "lucas": 57,
                     "maria": 68, "number_ten": 64, "rank_and_file": 64, "streets": 64}


def test_forty_thieves_aliases():
    assert set(VARIANTS["forty_thieves"].aliases) == {
        "Big Forty", "Le Cadran", "Napoleon at St Helena", "Roosevelt at San Juan"}


def test_variants_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        VARIANTS["maria"].columns = 10  # type: ignore[misc]


def test_build_words_read_as_in_rules():
    assert str(Build.SAME_SUIT) == "same suit"
    assert str(Build.OTHER_SUIT) == "any suit but its own"
    assert str(Build.ALTERNATE_COLOUR) == "alternate colour"


@pytest.mark.parametrize("vid", RULES)
def test_rules_row_describes_the_variant(vid):
    row, r = VARIANTS[vid].rules_row(), RULES[vid]
    assert row["id"] == vid
    assert row["columns × cards"] == f"{r.columns} × {r.cards_per_column}"
    assert row["face down per column"] == r.face_down
    assert row["stock size"] == r.stock_size
    assert row["moves"] == ("sequences, in part or whole" if r.sequences else "one card")
    assert ("3 redeals" in row["stock"]) == (r.redeals == 3)
    assert ("Aces start" in row["stock"]) == r.aces_start


def test_get_variant_by_id_or_value():
    assert get_variant("lucas") is VARIANTS["lucas"]
    assert get_variant(VARIANTS["lucas"]) is VARIANTS["lucas"]


@pytest.mark.parametrize("bad", ["Forty Thieves", "klondike", "", None, 3, ["maria"]])
def test_unknown_variant_names_the_known_ids(bad):
    with pytest.raises(ValueError, match="unknown variant.*forty_thieves"):
        get_variant(bad)
    with pytest.raises(ValueError, match="unknown variant"):
        Game(bad, deal=1)


def test_a_new_variant_is_data_not_code():
    # PySolFC's Lucas (docs/rules.md: 13 × 4, no Aces removed, sequences move) as a new value
    pysol_lucas = dataclasses.replace(VARIANTS["lucas"], id="pysol_lucas", name="Lucas (PySolFC)",
                                      cards_per_column=4, aces_start=False, sequences=True)
    assert isinstance(pysol_lucas, Variant)
    game = Game(pysol_lucas, deal=7)
    assert game.variant is pysol_lucas
    assert [len(c) for c in game.tableau] == [4] * 13
    assert len(game.stock) == 104 - 52 == pysol_lucas.stock_cards
    assert game.cards_home == 0
    assert all(m.count >= 1 for m in game.legal_moves())


@pytest.mark.parametrize("change, words", [
    ({"stock_deal": 2**40}, "stock_deal must be a whole number from 1 to 104, not 1099511627776"),
    ({"stock_deal": 105}, "stock_deal must be a whole number from 1 to 104, not 105"),
    ({"redeals": 256}, "redeals must be a whole number from 0 to 255, not 256"),
    ({"redeals": 2**40}, "redeals must be a whole number from 0 to 255"),
    ({"id": "x" * 41}, "a variant's id is a name like 'forty_thieves' \\(at most 40 characters\\)"),
    ({"name": "x" * 121}, "name must be non-empty text of at most 120 characters, not 'xxx"),
    ({"aliases": ("Big Forty",) * 9}, "aliases must be a list of at most 8 names"),
    ({"aliases": "Big Forty"}, "aliases must be a list of at most 8 names, not 'Big Forty'"),
    ({"aliases": (3,)}, "aliases must be non-empty text of at most 120 characters, not 3"),
    ({"aliases": ("x" * 121,)}, "aliases must be non-empty text of at most 120 characters"),
])
def test_a_variant_is_bounded_to_what_the_engine_and_the_core_handle(change, words):
    """``stock_deal=2**40`` was accepted, and then solve and hint raised OverflowError in the core."""
    with pytest.raises(ValueError, match=words) as error:
        dataclasses.replace(VARIANTS["forty_thieves"], **change)
    assert len(str(error.value)) < 200


def test_a_variant_at_its_bounds_plays_and_solves_on_both_paths():
    from ft_widget import hint, solve
    from ft_widget.solver.search import COMPILED
    from ft_widget.variants import MAX_REDEALS, MAX_STOCK_DEAL

    if not COMPILED:
        pytest.skip("the compiled core is not built here")

    generous = dataclasses.replace(VARIANTS["little_forty"], id="generous", name="Generous Forty",
                                   stock_deal=MAX_STOCK_DEAL, redeals=MAX_REDEALS)
    game = Game(generous, deal=1)
    game.play("s>w")
    assert len(game.waste) == 64 and not game.stock and game.is_legal("w>s")
    compiled, pure = (solve(game, max_states=3_000, core=core) for core in ("compiled", "pure"))
    assert (compiled.status, compiled.states) == (pure.status, pure.states)
    assert hint(game, max_states=3_000).move in game.legal_moves()


def test_the_readme_states_the_bounds_the_code_enforces():
    from pathlib import Path

    from ft_widget import solve
    from ft_widget.moves import MAX_COLUMNS
    from ft_widget.variants import MAX_REDEALS, MAX_STOCK_DEAL

    readme = " ".join(Path(__file__).parent.parent.joinpath("docs", "guide.md").read_text().split())
    assert (f"(1 to {MAX_COLUMNS} columns, a stock dealt 1 to {MAX_STOCK_DEAL} cards at a time, "
            f"0 to {MAX_REDEALS} redeals)") in readme
    with pytest.raises(ValueError, match="^solve: time_limit must be a finite number > 0 or None, not nan$") \
            as error:
        solve(Game("lucas", 3), time_limit=float("nan"))
    assert f"(`{error.value}`)" in readme
