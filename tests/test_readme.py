"""The README stays true: its rules table is the one VARIANTS generates."""

import re
from pathlib import Path

from ft_widget.variants import rules_table_markdown

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_rules_table_matches_variants():
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- rules-table:.*?-->\n(.*?)\n<!-- /rules-table -->", text, re.S)
    assert m, "README lost its rules-table markers"
    assert m.group(1).strip() == rules_table_markdown().strip()


def test_readme_api_tour_runs_as_shown():
    """The API tour is a doctest: each `>>>` line runs and prints what the README says (a refusal
    written `IllegalMove: …` is the exception with that message)."""
    import doctest

    text = README.read_text(encoding="utf-8")
    block = re.search(r"## The API in a few lines\n\n```python\n(.*?)```", text, re.S).group(1)
    refusal = r"Traceback (most recent call last):\nft_widget.moves.IllegalMove: \1"
    block = re.sub(r"^IllegalMove: (.*)$", refusal, block, flags=re.M)
    # a line that only shows a picture or a dict has no output to compare
    block = "\n".join(line.split("  #")[0].rstrip() if line.startswith(">>>") else line
                      for line in block.splitlines())
    test = doctest.DocTestParser().get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


def test_readme_expert_table_is_the_committed_one():
    """The README's expert tables are data/expert_table.md's, line for line (numbers from data)."""
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- expert-table:.*?-->\n(.*?)\n<!-- /expert-table -->", text, re.S)
    assert m, "README lost its expert-table markers"
    data = (README.parent / "data" / "expert_table.md").read_text(encoding="utf-8")
    table = [line for line in data.splitlines() if line.startswith("|")]
    assert [line for line in m.group(1).strip().splitlines() if line.startswith("|")] == table


def test_readme_solver_tables_are_the_committed_data():
    """The README's solver tables are rendered from the CSV files their markers name: the speed
    table from the bench's CSV, each study table from its summary CSV."""
    import csv

    import pandas as pd

    from ft_widget.bench import speed_markdown
    from ft_widget.studies import settled_markdown

    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"<!-- (solver-speed|solver-study): (\S+) .*?-->\n(.*?)\n<!-- /\1 -->", text, re.S)
    assert {kind for kind, _, _ in blocks} == {"solver-speed", "solver-study"}, "README lost its solver-table markers"
    for kind, path, table in blocks:
        data = README.parent / path
        if kind == "solver-speed":
            with data.open(encoding="utf-8") as f:
                expected = speed_markdown(list(csv.DictReader(f)))
        else:
            expected = settled_markdown(pd.read_csv(data))
        assert table.strip() == expected, f"README's table from {path} is stale"


def test_readme_names_the_games_the_solver_settles():
    """The sentence naming the games settled in at least 90 % of deals in every study range is
    computed from the summary CSVs the README's study tables show."""
    import pandas as pd

    from ft_widget.variants import VARIANTS

    text = README.read_text(encoding="utf-8")
    paths = re.findall(r"<!-- solver-study: (\S+) ", text)
    m = re.search(r"settled in at least 90 % of deals in every range: (.*?); not in: (.*?)\.", text, re.S)
    assert m and paths, "README lost its sentence on the games the solver settles"
    shares = {}
    for path in paths:
        for r in pd.read_csv(README.parent / path).to_dict("records"):
            share = (r["won"] + r["lost"]) / r["deals"]
            shares[r["variant"]] = min(share, shares.get(r["variant"], 1.0))
    def listed(variants):
        names = [VARIANTS[v].name for v in variants]
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)

    assert " ".join(m.group(1).split()) == listed([v for v, p in shares.items() if p >= 0.9])
    assert " ".join(m.group(2).split()) == listed([v for v, p in shares.items() if p < 0.9])


def test_readme_names_the_variants_at_the_speed_target():
    """The sentence on the 1,000,000 states a second target is computed from the bench's CSV."""
    import csv

    from ft_widget.variants import VARIANTS

    text = " ".join(README.read_text(encoding="utf-8").split())
    path = re.search(r"<!-- solver-speed: (\S+) ", text).group(1)
    with (README.parent / path).open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    fast = [VARIANTS[r["variant"]].name for r in rows if int(r["compiled_1000k_per_s"]) >= 1_000_000]
    said = ", ".join(fast[:-1]) + " and " + fast[-1] if len(fast) > 1 else "".join(fast)
    sentence = (f"met in the sound search over a million states by {said} only, not by the other "
                f"{len(rows) - len(fast)};")
    assert sentence in text


def test_solver_docs_settling_figures_are_the_committed_study():
    """docs/solver.md's paragraph on settling deals quotes the two study CSVs."""
    import pandas as pd

    text = " ".join((README.parent / "docs" / "solver.md").read_text(encoding="utf-8").split())
    para = text[text.index("Settling deals: in the 10 s studies"):text.index("Speed with R6:")]
    data = README.parent / "data"
    files = ("solver_study_10s_compiled.csv", "solver_study_10s_compiled_101-200.csv")
    runs = [pd.read_csv(data / f) for f in files]

    def settled(variant):
        shares = [(r[r.variant == variant].result != "unknown").mean() for r in runs]
        return " and ".join(f"{p:.0%}".replace("%", " %") for p in shares)

    def unknowns(variant):  # unknown deals of both ranges, and how many stopped before 10 s
        rows = pd.concat([r[(r.variant == variant) & (r.result == "unknown")] for r in runs])
        return len(rows), int((rows.seconds < 9.9).sum())

    assert f"Forty Thieves ({settled('forty_thieves')}) and Maria ({settled('maria')}) are not" in para
    n, early = unknowns("indian")
    assert early == n and f"in Indian (all {n} over the two ranges)" in para
    n, early = unknowns("number_ten")
    assert early == n and f"Number Ten (all {n})" in para
    lost = sorted(int(d) for r in runs for d in r[r.result == "lost"].deal)
    assert all(v == "forty_thieves" for r in runs for v in r[r.result == "lost"].variant)
    count = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}[len(lost)]
    assert f"{count} Forty Thieves deals ({', '.join(map(str, lost))}) are proved lost" in para


def test_readme_memory_figures_are_the_committed_measurement():
    """The memory tables of the README and docs/solver.md are rendered from data/solver_memory.csv
    (``python -m ft_widget.bench memory``), every solve measured there peaked under the 1 GB the
    README states, on both paths some reached the bound (stopped before their time limit), and the
    bound the text names is the solver's."""
    import csv

    from ft_widget.bench import memory_markdown
    from ft_widget.solver.search import MAX_BYTES

    for doc in (README, README.parent / "docs" / "solver.md"):
        text = doc.read_text(encoding="utf-8")
        m = re.search(r"<!-- solver-memory: (\S+) .*?-->\n(.*?)\n?<!-- /solver-memory -->", text, re.S)
        assert m, f"{doc.name} lost its solver-memory markers"
        with (README.parent / m.group(1)).open(encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        assert m.group(2).strip() == memory_markdown(rows), f"{doc.name}'s memory table is stale"
        assert f"{MAX_BYTES // 10**6} MB" in " ".join(text.split())
    assert all(int(r["peak_mb"]) < 1000 for r in rows)
    stopped_at_the_bound = {r["path"] for r in rows if float(r["seconds"]) < float(r["time_limit"]) - 1}
    assert stopped_at_the_bound == {"compiled", "pure"}
    said = " ".join(README.read_text(encoding="utf-8").split())
    assert "so a solve peaks under 1 GB" in said
    assert [(r["variant"], r["deal"], r["time_limit"]) for r in rows[:3]] == [
        ("little_forty", "158", "10.0"), ("little_forty", "166", "10.0"), ("forty_thieves", "1", "40.0")]


def test_readme_no_win_choice_is_the_experts():
    """The README's account of the no-win choice names what ``NO_WIN_BY_GAME`` and the default
    budgets hold."""
    from ft_widget.expert import NO_WIN_BY_GAME, Expert

    text = README.read_text(encoding="utf-8")
    assert NO_WIN_BY_GAME == {"maria": "progress_plan"}  # the README names Maria's alone
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    assert f"in Maria the *progress plan* (each move is played in {words[Expert().progress_worlds]} " \
           "sampled worlds" in " ".join(text.split())


def test_readme_expert_times_are_the_tables():
    """The sentence under Measured that sums up the expert table's times is computed from its
    summaries (both deal ranges)."""
    import pandas as pd

    data = README.parent / "data"
    tables = pd.concat([pd.read_csv(data / "expert_table_summary.csv"),
                        pd.read_csv(data / "expert_table_50001-50100_summary.csv")])
    said = (f"In the expert table above, a game took {tables['expert_mean_s'].min():.2f}–"
            f"{tables['expert_mean_s'].max():.2f} s on average and "
            f"{tables['expert_worst_s'].max():.2f} s at worst.")
    assert said in " ".join(README.read_text(encoding="utf-8").split())


def test_the_python_floor_is_one_version_everywhere():
    """pyproject's requires-python is the floor the classifiers, the README and CI state."""
    import tomllib

    root = README.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    m = re.fullmatch(r">=(\d+)\.(\d+)", project["requires-python"])
    assert m, "requires-python is a plain floor, >=X.Y"
    floor = (int(m.group(1)), int(m.group(2)))
    versions = [tuple(map(int, c.rsplit(" :: ", 1)[1].split(".")))
                for c in project["classifiers"] if re.fullmatch(r"Programming Language :: Python :: \d+\.\d+", c)]
    assert versions and min(versions) == floor
    said = re.findall(r"Python ≥ (\d+)\.(\d+)", README.read_text(encoding="utf-8"))
    assert said and {(int(a), int(b)) for a, b in said} == {floor}
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    assert f"sys.version_info < {floor}" in ci and f"Python >= {floor[0]}.{floor[1]}" in ci
    import sys

    assert sys.version_info >= floor  # this interpreter runs the suite, so it meets the floor
