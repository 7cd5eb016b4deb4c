"""The documentation site (docs/): it builds with no warning, offline, its links resolve, and the
tables and figures its pages show are made from the committed data.

The build is the one docs/contributing.md documents (``python -m sphinx -W --keep-going -b html
docs docs/_build/html``), here into a fresh folder so no earlier build hides a warning.
"""

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
DATA = REPO / "data"


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def said(text: str) -> str:
    """The text with its line breaks and runs of spaces as single spaces."""
    return " ".join(text.split())


# ------------------------------------------------------------------------------ the built site
class _Refs(HTMLParser):
    """Every id, and every href/src with the tag (and rel) it is on, of one HTML file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refs: list[tuple[str, str, str]] = []  # (tag, rel, url)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        for key in ("href", "src"):
            if a.get(key) is not None:
                self.refs.append((tag, a.get("rel") or "", a[key]))


def _parse(path: Path) -> _Refs:
    refs = _Refs()
    refs.feed(path.read_text(encoding="utf-8", errors="replace"))
    return refs


def site_problems(site: Path) -> list[str]:
    """What is wrong with a built site: a relative href or src that names no file of the site (or
    an anchor its page lacks), and any script, stylesheet, font or image fetched from another host
    (the site must work offline), in the HTML or in its CSS."""
    problems = []
    pages = {p: _parse(p) for p in site.rglob("*.html")}
    for path, refs in pages.items():
        where = path.relative_to(site)
        for tag, rel, url in refs.refs:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https") or url.startswith("//"):
                if tag != "a" and not (tag == "link" and rel in ("canonical", "preconnect")):
                    problems.append(f"{where}: <{tag}> fetched from another host: {url}")
                if tag == "link" and rel == "preconnect":
                    problems.append(f"{where}: preconnects to another host: {url}")
                continue
            if parts.scheme in ("mailto", "data", "javascript") or parts.scheme:
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                problems.append(f"{where}: {url} names no file of the site")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    problems.append(f"{where}: {url}: no such anchor")
    for css in site.rglob("*.css"):
        fetched = r"""(?:url\(|@import\s+)\s*['"]?((?:https?:)?//[^'")\s]+)"""
        for url in re.findall(fetched, css.read_text(errors="replace")):
            problems.append(f"{css.relative_to(site)}: fetches {url}")
    return problems


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_nb")
    out = tmp_path_factory.mktemp("site") / "html"
    run = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                          str(DOCS), str(out)], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, f"the docs build warned or failed:\n{run.stderr[-6000:]}"
    return out


@pytest.mark.slow
def test_the_site_builds_without_warnings_and_every_link_resolves(site):
    problems = site_problems(site)
    assert not problems, "\n".join(problems[:40])


@pytest.mark.slow
def test_the_site_has_every_page_notebook_and_module(site):
    import pkgutil

    import ft_widget

    for name in ("index", "rules", "board", "widget-protocol", "guide", "training", "expert", "solver",
                 "measurements", "lite", "notebooks", "contributing", "api"):
        assert (site / f"{name}.html").exists(), name
    for notebook in (REPO / "notebooks").glob("*.ipynb"):
        built = site / "notebooks" / f"{notebook.stem}.html"
        assert built.exists(), notebook.name
    # the notebooks are shown with their stored outputs: a picture of 00_start_here is there
    assert "<svg" in (site / "notebooks" / "00_start_here.html").read_text(encoding="utf-8")
    modules = [m.name for m in pkgutil.walk_packages(ft_widget.__path__, "ft_widget.")
               if not m.name.rsplit(".", 1)[1].startswith("_")]
    missing = [m for m in modules if not (site / "api" / f"{m}.html").exists()]
    assert not missing, f"modules with no API page: {missing}"
    game = (site / "api" / "ft_widget.game.html").read_text(encoding="utf-8")
    assert 'id="ft_widget.game.Game.legal_moves"' in game  # the members, from their docstrings


def test_the_link_check_finds_what_it_must(tmp_path):
    """The checker itself: a missing file, a missing anchor and a script from another host."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.html").write_text('<p id="here"></p><a href="sub/b.html#there">b</a>'
                                     '<a href="#here">here</a><a href="https://example.org">ok</a>')
    (tmp_path / "sub" / "b.html").write_text('<a href="../a.html#gone">a</a><img src="pic.png">'
                                             '<script src="https://cdn.example/x.js"></script>'
                                             '<link rel="stylesheet" href="//fonts.example/f.css">')
    (tmp_path / "s.css").write_text("@import url('https://fonts.example/css');")
    problems = "\n".join(site_problems(tmp_path))
    assert "a.html: sub/b.html#there: no such anchor" in problems
    assert "../a.html#gone: no such anchor" in problems
    assert "pic.png names no file" in problems
    assert "cdn.example/x.js" in problems and "//fonts.example/f.css" in problems
    assert "s.css: fetches https://fonts.example/css" in problems
    assert "example.org" not in problems and "#here" not in problems


# ------------------------------------------------------------------------------ tables from data
def _block(text: str, kind: str) -> list[tuple[str, str]]:
    """Each (source named in the marker, table) of the ``<!-- kind: source … -->`` blocks."""
    return re.findall(rf"<!-- {kind}: (\S+) .*?-->\n(.*?)\n?<!-- /{kind} -->", text, re.S)


def _rows(text: str) -> list[str]:
    """The table rows of ``text``: its lines that start with ``|``."""
    return [line for line in text.splitlines() if line.startswith("|")]


def _committed_table(name: str, kind: str) -> tuple[str, str]:
    """The one ``kind`` block of docs/``name`` and the text of the file its marker names, checked to
    have the same table rows, line for line."""
    blocks = _block(page(name), kind)
    assert len(blocks) == 1, f"docs/{name} lost its {kind} markers"
    path, table = blocks[0]
    data = (REPO / path).read_text(encoding="utf-8")
    assert _rows(table) == _rows(data), f"docs/{name}'s {kind} is not {path}'s"
    return table, data


def test_expert_table_is_the_committed_one():
    """docs/expert.md's expert tables are data/expert_table.md's, line for line."""
    _committed_table("expert.md", "expert-table")


def test_deep_expert_tables_are_the_committed_ones():
    """docs/expert.md's deep-expert tables are data/deep_expert.md's, line for line, and that file's
    tables are what data/deep_expert.py makes of the runs in data/deep_runs/."""
    import importlib.util

    table, data = _committed_table("expert.md", "deep-table")
    spec = importlib.util.spec_from_file_location("deep_expert_table", DATA / "deep_expert.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    made = module.markdown(module.summary())
    assert _rows(made) == _rows(data)
    # the findings (targets met or not, against the default) read in the docs are the data's
    found = [line for line in module.findings(module.summary()).splitlines() if line.startswith("* ")]
    said = [line for line in table.splitlines() if line.startswith("* ")]
    assert found and said[:len(found)] == found


def test_the_readmes_figures_for_the_deep_expert_are_the_data():
    """The README's sentence on the deep expert states the held-out games of the committed summary,
    and calls the difference noise only while neither side's lone wins pass a sign test (p < 0.05)."""
    import csv
    import math

    with (DATA / "deep_expert_summary.csv").open(encoding="utf-8") as f:
        held_out = [r for r in csv.DictReader(f) if r["range"][0].isdigit()]
    deep, default, alone, theirs = (sum(int(float(r[k])) for r in held_out) for k in
                                    ("deep_won", "expert_won", "only_deep_vs_expert", "only_expert"))
    games = sum(int(r["deals"]) for r in held_out)
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert held_out and (f"it won {deep:,} of {games:,} games where the default won {default:,} "
                         f"(deals only it won: {alone}; only the default: {theirs};") in readme

    def tail(k, n):  # one-sided sign test: k or more of n split deals one way
        return sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n
    if tail(alone, alone + theirs) < 0.05:
        assert "more than the default beyond noise" in readme
    elif tail(theirs, alone + theirs) < 0.05:
        assert "fewer than the default beyond noise" in readme
    else:
        assert "within noise of the default" in readme


def test_solver_tables_are_the_committed_data():
    """docs/measurements.md's solver tables are rendered from the CSV files their markers name:
    the speed table from the bench's CSV, each study table from its summary CSV."""
    import csv

    import pandas as pd

    from ft_widget.bench import speed_markdown
    from ft_widget.studies import settled_markdown

    text = page("measurements.md")
    speed, studies = _block(text, "solver-speed"), _block(text, "solver-study")
    assert len(speed) == 1 and len(studies) == 2, "docs/measurements.md lost its solver-table markers"
    with (REPO / speed[0][0]).open(encoding="utf-8") as f:
        assert speed[0][1].strip() == speed_markdown(list(csv.DictReader(f)))
    for path, table in studies:
        assert table.strip() == settled_markdown(pd.read_csv(REPO / path)), f"the table from {path} is stale"


def test_the_games_the_solver_settles_are_named_from_the_studies():
    """The sentence naming the games settled in at least 90 % of deals in every study range is
    computed from the summary CSVs the study tables show."""
    import pandas as pd

    from ft_widget.variants import VARIANTS

    text = page("measurements.md")
    paths = [path for path, _ in _block(text, "solver-study")]
    m = re.search(r"settled in at least 90 % of deals in every range: (.*?); not in: (.*?)\.", text, re.S)
    assert m and paths, "docs/measurements.md lost its sentence on the games the solver settles"
    shares: dict = {}
    for path in paths:
        for r in pd.read_csv(REPO / path).to_dict("records"):
            share = (r["won"] + r["lost"]) / r["deals"]
            shares[r["variant"]] = min(share, shares.get(r["variant"], 1.0))

    def listed(variants):
        names = [VARIANTS[v].name for v in variants]
        return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)

    assert said(m.group(1)) == listed([v for v, p in shares.items() if p >= 0.9])
    assert said(m.group(2)) == listed([v for v, p in shares.items() if p < 0.9])


def test_the_variants_at_the_speed_target_are_named_from_the_bench():
    """The sentence on the 1,000,000 states a second target is computed from the bench's CSV."""
    import csv

    from ft_widget.variants import VARIANTS

    text = said(page("measurements.md"))
    path = re.search(r"<!-- solver-speed: (\S+) ", text).group(1)
    with (REPO / path).open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    fast = [VARIANTS[r["variant"]].name for r in rows if int(r["compiled_1000k_per_s"]) >= 1_000_000]
    named = ", ".join(fast[:-1]) + " and " + fast[-1] if len(fast) > 1 else "".join(fast)
    if len(fast) == len(rows):
        assert f"met in the sound search over a million states by {named}, every game;" in text
    else:
        assert (f"met in the sound search over a million states by {named} only, not by the other "
                f"{len(rows) - len(fast)};") in text


def test_solver_settling_figures_are_the_committed_study():
    """docs/solver.md's paragraph on settling deals quotes the two study CSVs."""
    import pandas as pd

    text = said(page("solver.md"))
    para = text[text.index("Settling deals: in the 10 s studies"):text.index("Speed with R6:")]
    files = ("solver_study_10s_compiled.csv", "solver_study_10s_compiled_101-200.csv")
    runs = [pd.read_csv(DATA / f) for f in files]

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


def test_memory_figures_are_the_committed_measurement():
    """The memory tables of docs/measurements.md and docs/solver.md are rendered from
    data/solver_memory.csv (``python -m ft_widget.bench memory``), every solve measured there
    peaked under the 1 GB the text states, on both paths some reached the bound (stopped before
    their time limit), and the bound the text names is the solver's."""
    import csv

    from ft_widget.bench import memory_markdown
    from ft_widget.solver.search import MAX_BYTES

    for name in ("measurements.md", "solver.md"):
        text = page(name)
        blocks = _block(text, "solver-memory")
        assert len(blocks) == 1, f"docs/{name} lost its solver-memory markers"
        path, table = blocks[0]
        with (REPO / path).open(encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        assert table.strip() == memory_markdown(rows), f"docs/{name}'s memory table is stale"
        assert f"{MAX_BYTES // 10**6} MB" in said(text)
    assert all(int(r["peak_mb"]) < 1000 for r in rows)
    stopped_at_the_bound = {r["path"] for r in rows if float(r["seconds"]) < float(r["time_limit"]) - 1}
    assert stopped_at_the_bound == {"compiled", "pure"}
    assert "so a solve peaks under 1 GB" in said(page("measurements.md"))
    assert [(r["variant"], r["deal"], r["time_limit"]) for r in rows[:3]] == [
        ("little_forty", "158", "10.0"), ("little_forty", "166", "10.0"), ("forty_thieves", "1", "40.0")]


def test_the_no_win_choice_is_the_experts():
    """docs/expert.md's account of the no-win choice names what ``NO_WIN_BY_GAME`` and the
    default budgets hold."""
    from ft_widget.expert import NO_WIN_BY_GAME, Expert

    assert NO_WIN_BY_GAME == {"maria": "progress_plan"}  # the page names Maria's alone
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    assert (f"in Maria the *progress plan* (each move is played in {words[Expert().progress_worlds]} "
            "sampled worlds") in said(page("expert.md"))


def test_the_expert_times_are_the_tables():
    """The sentence in docs/measurements.md that sums up the expert table's times is computed
    from its summaries (both deal ranges)."""
    import pandas as pd

    tables = pd.concat([pd.read_csv(DATA / "expert_table_summary.csv"),
                        pd.read_csv(DATA / "expert_table_50001-50100_summary.csv")])
    sentence = (f"In the expert table, a game took {tables['expert_mean_s'].min():.2f}–"
                f"{tables['expert_mean_s'].max():.2f} s on average and "
                f"{tables['expert_worst_s'].max():.2f} s at worst.")
    assert sentence in said(page("measurements.md"))


def test_the_solver_limits_quote_the_speed_bench():
    """docs/solver.md's ranges of states a second (compiled, over a million states; pure) are
    data/solver_speed.csv's, rounded as written."""
    import csv

    with (DATA / "solver_speed.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    compiled = [int(r["compiled_1000k_per_s"]) for r in rows]
    pure = [int(r["pure_per_s"]) for r in rows]
    text = said(page("solver.md"))
    assert (f"the compiled core meets {min(compiled) / 1e6:.2f}–{max(compiled) / 1e6:.1f} million states "
            "per CPU second in the sound search") in text
    assert f"The pure path meets {round(min(pure), -2):,}–{round(max(pure), -2):,} on the same work" in text


def test_the_long_session_sentence_is_the_benchmarks_data():
    """docs/measurements.md's figures for a long session on one board are data/board_bench.json's."""
    data = json.loads((DATA / "board_bench.json").read_text(encoding="utf-8"))
    text = " ".join(page("measurements.md").split())
    now, then = data["ms_per_action"], data["before"]["ms_per_action"]
    deals, waits = now["new_deals"], now["waiting_moves"]
    assert f"`{data['command']}`" in text
    assert (f"{deals[0]:.1f} ms an action in the first block and {deals[-1]:.1f} ms in the last "
            f"(before the board was split, {then['new_deals'][0]:.1f} ms and "
            f"{then['new_deals'][-1]:.1f} ms:") in text
    assert (f"{waits[0]:.2f} ms a move in the first block and {waits[-1]:.2f} ms in the last "
            f"(before: {then['waiting_moves'][0]:.1f} ms and {then['waiting_moves'][-1]:.1f} ms,") in text
