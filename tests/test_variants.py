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
