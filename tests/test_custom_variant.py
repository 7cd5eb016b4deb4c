"""A variant made with dataclasses.replace (as variants.py teaches) works like a built-in one."""

from dataclasses import replace

from ft_widget import VARIANTS, Build, Game


def test_copy_of_a_custom_variant_game():
    streets_in_nine = replace(VARIANTS["forty_thieves"], id="ft9", name="Forty Thieves in nine columns",
                              columns=9, build=Build.ALTERNATE_COLOUR)
    game = Game(streets_in_nine, deal=4)
    game.play("s>w")
    copy = game.copy()
    assert copy.variant is streets_in_nine
    assert copy == game and copy.tableau == game.tableau and copy.waste == game.waste
    copy.play("s>w")
    assert len(game.waste) == 1  # independent
