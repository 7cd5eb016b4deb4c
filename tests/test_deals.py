"""The graded deal catalogue (issue 22 item 3): its data, ft_widget.deals, and graded deals on the board."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import ft_widget
from ft_widget import VARIANTS, Board, Game, Variant
from ft_widget.expert import Expert
from ft_widget.training import catalogue as cat
from ft_widget.training.catalogue import DIFFICULTIES, catalogue, deals, difficulties, pick_deal, provenance

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_deals  # noqa: E402  (the script that makes the catalogue owns the grading rule)

VARIANT_IDS = list(VARIANTS)


# ------------------------------------------------------------------------------ the data
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_winnable_deal_replays_its_line_to_a_win(variant):
    """Only a deal the solver won is called winnable: its stored line wins through the engine."""
    won = [d for d in catalogue(variant) if d.winnable]
    assert won, f"{variant}: no winnable deal catalogued"
    for entry in won:
        game = Game(variant, entry.deal)
        for move in entry.line:
            game.play(move)
        assert game.is_won, f"{variant} deal {entry.deal}: its line stops at {game.cards_home}/104"
    assert all(not d.line for d in catalogue(variant) if not d.winnable)


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_catalogue_covers_its_range_with_grades_by_the_rule(variant):
    rows = catalogue(variant)
    numbers = [d.deal for d in rows]
    assert len(numbers) >= 200 and numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    prov = provenance(variant)
    assert prov["deals"] == f"{numbers[0]}-{numbers[-1]}"
    for key in ("command", "solver", "expert", "seeds", "grade", "written", "commit"):
        assert prov[key], key
    runs = len(prov["seeds"])
    for d in rows:
        assert d.verdict in cat.VERDICTS
        if d.winnable:
            assert d.runs == runs and 0 <= d.expert_wins <= runs
            assert d.grade == make_deals.grade(d.expert_wins, d.runs)
        else:
            assert d.grade is d.expert_wins is d.runs is None


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_a_grade_names_the_strength_of_the_expert_that_made_it(variant):
    """Issue 34 item 5: the catalogue says which strength graded it; every file was graded by the
    default expert (its recorded budget is the default's, and deep play did not exist at its commit:
    the provenance's ``expert`` would name it), so each says "default", on every graded deal too."""
    prov = provenance(variant)
    assert prov["strength"] == Expert().strength == "default"
    assert prov["expert"].startswith("Expert(") and "strength" not in prov["expert"]
    assert {d.strength for d in catalogue(variant) if d.grade} == {"default"}
    assert {d.strength for d in catalogue(variant) if not d.grade} <= {None}


def test_a_catalogue_without_the_experts_strength_is_refused(monkeypatch):
    from importlib import resources
    real = resources.files("ft_widget").joinpath("data", "deals", "lucas.json").read_text(encoding="utf-8")
    doc = json.loads(real)
    for strength in (None, "deeper"):
        doc["provenance"]["strength"] = strength

        class Fake:
            def joinpath(self, *parts):
                return self

            def read_text(self, encoding=None):
                return json.dumps(doc)

            def __str__(self):
                return "lucas.json"

        monkeypatch.setattr(cat.resources, "files", lambda package: Fake())
        cat._load.cache_clear()
        try:
            with pytest.raises(ValueError, match="strength must be one of default, deep"):
                cat.catalogue("lucas")
        finally:
            monkeypatch.undo()
            cat._load.cache_clear()
    assert cat.catalogue("lucas")[0].deal == 1  # the real file again


def test_the_words_name_each_strength_and_refuse_another():
    from ft_widget.expert import STRENGTHS
    from ft_widget.words import graded_line, strength_words
    assert [strength_words(s) for s in STRENGTHS] == ["default strength", "deep strength"]
    game = Game("lucas", 3)
    assert "the fair expert (deep strength) won 1 of 3 tries)" in graded_line(game, "medium", 1, 3, "deep")
    with pytest.raises(ValueError, match="strength must be one of default, deep, not 'deeper'"):
        graded_line(game, "medium", 1, 3, "deeper")


def test_the_grading_rule():
    assert [make_deals.grade(w, 3) for w in (3, 2, 1, 0)] == ["easy", "medium", "medium", "hard"]
    assert [make_deals.grade(w, 2) for w in (2, 1, 0)] == ["easy", "medium", "hard"]


# ------------------------------------------------------------------------------ the API
@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_filters_split_the_catalogue(variant):
    everything = deals(variant)
    assert everything == sorted(set(everything)) and all(type(n) is int for n in everything)
    graded = {g: deals(variant, g) for g in DIFFICULTIES}
    winnable = deals(variant, winnable=True)
    assert sorted(sum(graded.values(), [])) == winnable
    assert sorted(winnable + deals(variant, winnable=False)) == everything
    for g, numbers in graded.items():
        assert deals(variant, g, winnable=True) == numbers
        assert all(entry.grade == g for entry in catalogue(variant) if entry.deal in numbers)
    assert difficulties(variant) == [g for g in DIFFICULTIES if graded[g]]
    counts = cat.counts(variant)
    assert [counts[g] for g in DIFFICULTIES] == [len(graded[g]) for g in DIFFICULTIES]
    assert counts["lost"] + counts["unknown"] == len(deals(variant, winnable=False))


def test_deals_is_exported_and_reads_the_installed_package():
    assert ft_widget.deals is deals and "deals" in ft_widget.__all__
    from ft_widget.training import DIFFICULTIES as exported

    assert exported == ("easy", "medium", "hard")


@pytest.mark.parametrize(("args", "kwargs", "words"), [
    (("klondike",), {}, "deals: variant must be one of forty_thieves"),
    ((None,), {}, "variant must be one of"),
    (("maria", "easyish"), {}, "deals: difficulty must be one of easy, medium, hard, not 'easyish'"),
    (("maria", 1), {}, "difficulty must be one of easy, medium, hard, not 1"),
    (("maria",), {"winnable": "yes"}, "deals: winnable must be True, False or None, not 'yes'"),
    (("maria",), {"winnable": 1}, "winnable must be True, False or None"),
    (("maria", "hard"), {"winnable": False}, "cannot go with winnable=False"),
])
def test_bad_arguments_are_refused_by_name(args, kwargs, words):
    with pytest.raises(ValueError) as error:
        deals(*args, **kwargs)
    assert words in str(error.value)


def test_pick_deal_is_a_seeded_pick_of_that_difficulty():
    for variant in VARIANT_IDS:
        for g in difficulties(variant):
            n = pick_deal(variant, g, rng=7)
            assert n in deals(variant, g)
            assert n == pick_deal(variant, g, rng=random.Random(7))
    variant = next(v for v in VARIANT_IDS if len(deals(v, "easy")) > 1)
    assert len({pick_deal(variant, "easy", rng=seed) for seed in range(40)}) > 1
    with pytest.raises(ValueError, match="pick_deal: difficulty must be one of"):
        pick_deal("lucas", "trivial")
    missing = [(v, g) for v in VARIANT_IDS for g in DIFFICULTIES if not deals(v, g)]
    for v, g in missing:  # a difficulty the data happens not to have is said so
        with pytest.raises(ValueError, match=f"no {g!r} deal of {v}"):
            pick_deal(v, g)


# ------------------------------------------------------------------------------ the wheel
@pytest.mark.slow
def test_the_wheel_carries_the_catalogue(tmp_path):
    """A pure wheel (no compiler run: quicker) holds every variant's JSON, and deals() reads it
    there, installed away from the clone."""
    env = {**os.environ, "FT_WIDGET_PURE": "1"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w",
                    str(tmp_path / "w")], check=True, env=env, capture_output=True)
    (wheel,) = (tmp_path / "w").glob("ft_widget-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"ft_widget/data/deals/{v}.json" for v in VARIANT_IDS} <= names
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
                    str(wheel)], check=True, capture_output=True)
    code = "import ft_widget; print(ft_widget.__file__); print(ft_widget.deals('lucas', 'easy'))"
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         check=True, env={**os.environ, "PYTHONPATH": str(target)})
    where, numbers = run.stdout.splitlines()
    assert where.startswith(str(target))
    assert numbers == str(deals("lucas", "easy"))


def test_package_data_names_the_catalogue():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"data/*/*.json"' in text


# ------------------------------------------------------------------------------ the board
def _request(board: Board, **fields) -> dict:
    board._test_id = getattr(board, "_test_id", 0) + 1
    board.set_state({"request": {"id": board._test_id, **fields}})
    return board.state


def test_board_starts_a_graded_deal():
    board = Board("lucas", difficulty="easy", rng=3)
    assert board.game.deal in deals("lucas", "easy")
    assert board.game.deal == Board("lucas", difficulty="easy", rng=3).game.deal  # seeded
    assert board.state["difficulties"] == difficulties("lucas")
    assert "winnable easy deal" in board.state["message"]
    assert "the solver, which sees every card" in board.state["message"]
    assert "the fair expert (default strength) won" in board.state["message"]  # the grade's expert
    hard = next(v for v in VARIANT_IDS if deals(v, "hard"))
    assert Board(hard, difficulty="hard").game.deal in deals(hard, "hard")


def test_board_refuses_a_difficulty_with_a_deal_or_a_game():
    with pytest.raises(ValueError, match="a deal number or a difficulty, not both"):
        Board("maria", deal=5, difficulty="easy")
    with pytest.raises(ValueError, match="not both"):
        Board(Game("maria", 5), difficulty="easy")
    with pytest.raises(ValueError, match="difficulty must be one of easy, medium, hard"):
        Board("maria", difficulty="simple")


def test_new_game_with_a_difficulty():
    board = Board("maria", deal=5)
    board.play("s>w")
    for g in difficulties("maria"):
        game = board.new_game(difficulty=g)
        assert game.deal in deals("maria", g) and board.game is game
    game = board.new_game(variant="streets", difficulty=difficulties("streets")[0])
    assert game.variant.id == "streets" and board.state["difficulties"] == difficulties("streets")


def test_new_request_with_a_difficulty():
    board = Board("number_ten", deal=5, rng=1)
    offered = board.state["difficulties"]
    assert offered and set(offered) <= set(DIFFICULTIES)
    for g in offered:
        state = _request(board, action="new", difficulty=g)
        assert state["deal"] in deals("number_ten", g), g
        assert state["message_kind"] == "info" and f"winnable {g} deal" in state["message"]


@pytest.mark.parametrize(("fields", "words"), [
    ({"difficulty": "expert"}, "'difficulty' must be one of"),
    ({"difficulty": 2}, "'difficulty' must be one of"),
    ({"difficulty": None}, "'difficulty' must be one of"),
    ({"difficulty": "easy", "deal": 7}, "a deal number or a difficulty, not both"),
])
def test_new_request_with_a_bad_difficulty_is_refused_in_words(fields, words):
    board = Board("lucas", deal=5)
    before = board.game
    state = _request(board, action="new", **fields)
    assert board.game is before and state["deal"] == 5
    assert state["message_kind"] == "error" and words in state["message"]


def test_a_custom_variant_has_no_graded_deals():
    custom = Variant(id="my_lucas", name="My Lucas", columns=13, cards_per_column=3, face_down=0,
                     build=VARIANTS["lucas"].build, sequences=False, stock_deal=1, redeals=0, aces_start=True)
    board = Board(Game(custom, deal=3))
    assert board.state["difficulties"] == []
    state = _request(board, action="new", difficulty="easy")
    assert state["message_kind"] == "error" and "My Lucas has no graded deals" in state["message"]
    with pytest.raises(ValueError, match="My Lucas has no graded deals"):
        board.new_game(difficulty="easy")


# ------------------------------------------------------------------------------ the README
def test_readme_counts_table_is_the_data():
    import re

    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- deals-table:.*?-->\n(.*?)\n<!-- /deals-table -->", text, re.S)
    assert m, "docs/training.md lost its deals-table markers"
    assert m.group(1).strip() == cat.counts_markdown()


def test_readme_deals_example_runs():
    import re

    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    section = text[text.index("## Graded deals"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    names: dict = {}
    exec(compile(code, "docs/training.md (Graded deals)", "exec"), names)
    assert names["board"].game.deal in deals("maria", "hard")


def test_readme_deals_prose_is_the_provenance():
    """The command, budgets, seeds and CPU time the README gives are the data's."""
    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    section = text[text.index("## Graded deals"):text.index("<!-- /deals-table -->")]
    provs = [provenance(v) for v in VARIANT_IDS]
    assert len({(p["command"], p["expert"], p["solver"], tuple(p["seeds"])) for p in provs}) == 1
    prov = provs[0]
    # the catalogues were graded before Expert's ``samples`` was named ``worlds``: the page gives
    # today's spelling of the command and the expert, and says the provenance has the old one
    assert f"`{prov['command'].replace('--expert-samples', '--expert-worlds')}`" in section
    assert prov["expert"].replace("Expert(samples=", "Expert(worlds=", 1).split(", fallback")[0] in section
    assert prov["solver"].split(":")[0].split("max_states=")[1].rstrip(")") in section.replace(",", "")
    seeds = [str(seed) for seed in prov["seeds"]]
    said = f"seeds {', '.join(seeds[:-1])} and {seeds[-1]}" if len(seeds) > 1 else f"seed {seeds[0]}"
    assert said in section
    assert f"deals {prov['deals'].replace('-', '–')}" in section
    cpu = sum(p["cpu_seconds"] for p in provs)
    assert f"{cpu / 60:.0f} minutes of CPU" in section
    default = Expert()  # the grades are the default expert's, as the README says
    assert f"({default.worlds} worlds of {default.max_states} states a decision)" in section
    recorded = prov["expert"].replace("Expert(samples=", "Expert(worlds=", 1)
    assert recorded.startswith(f"Expert(worlds={default.worlds}, max_states={default.max_states}, "
                               f"game_states={default.game_states},")


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_each_catalogue_was_graded_by_todays_expert_for_its_game(variant):
    """A grade is the default expert's: when a game's no-win choice changes, its grades must be
    made again (the provenance records the choice the grading expert played)."""
    assert provenance(variant).get("no_win", "cautious") == Expert().no_win_in(variant)


def test_no_catalogued_win_is_a_proved_loss_of_the_solver_study():
    """Two runs of the same solver never disagree on a settled deal: a deal won here is not among
    those the committed 10-second study (deals 1-200) proved lost, and the other way round."""
    import csv

    study = {}
    for name in ("solver_study_10s_compiled.csv", "solver_study_10s_compiled_101-200.csv"):
        with (ROOT / "data" / name).open(newline="") as f:
            study.update({(r["variant"], int(r["deal"])): r["result"] for r in csv.DictReader(f)})
    clashes = [(v, d.deal) for v in VARIANT_IDS for d in catalogue(v)
               if {d.verdict, study.get((v, d.deal))} == {"won", "lost"}]
    assert not clashes
