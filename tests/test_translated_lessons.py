"""The first lesson in French, Lithuanian, Slovak and Georgian (notebooks/LANG/00_start_here): the
English lesson's code, unchanged but for choosing the language, with its prose translated; every
link resolves from the folder the lesson lives in; the JupyterLite site and the docs site carry it.
(Whether each was run and saved cleanly is tests/test_notebooks.py's check, as for every lesson.)"""

import importlib.util
import re
from pathlib import Path

import jupytext
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LANGUAGES = ("fr", "lt", "sk", "ka")
LESSON = "00_start_here"


def cells(path: Path) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source) for c in jupytext.read(path).cells]


def english_code(source: str, lang: str) -> str:
    """A translated lesson's code cell as the English lesson has it: without the lines that choose
    the language (``import ft_widget``, ``ft_widget.set_language(...)``) and a board's
    ``language=`` argument."""
    lines = [line for line in source.splitlines()
             if line != "import ft_widget" and not line.startswith("ft_widget.set_language(")]
    return "\n".join(lines).replace(f', language="{lang}"', "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_code_is_the_english_lessons_but_for_the_language(lang):
    english = cells(NOTEBOOKS / f"{LESSON}.py")
    translated = cells(NOTEBOOKS / lang / f"{LESSON}.py")
    assert [kind for kind, _ in translated] == [kind for kind, _ in english], "the same cells, in order"
    code = [source for kind, source in translated if kind == "code"]
    assert [english_code(s, lang) for s in code] == [s for kind, s in english if kind == "code"]
    joined = "\n".join(code)
    assert f'ft_widget.set_language("{lang}")' in joined
    boards = re.findall(r"\bBoard\((.*)\)", joined)
    assert boards and all(f'language="{lang}"' in args for args in boards), boards


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prose_is_translated_with_the_same_headings(lang):
    english = [s for kind, s in cells(NOTEBOOKS / f"{LESSON}.py") if kind == "markdown"]
    translated = [s for kind, s in cells(NOTEBOOKS / lang / f"{LESSON}.py") if kind == "markdown"]
    level = re.compile(r"^(#+) ", re.M)
    assert [level.findall(s) for s in translated] == [level.findall(s) for s in english]
    for theirs, ours in zip(english, translated, strict=True):
        assert theirs != ours, f"an untranslated cell: {theirs[:60]!r}"
    prose = "\n".join(translated)
    # the other lessons are in English, and the page says where this language's rules are
    assert f"../../docs/rules.{lang}.md" in prose and "../../docs/glossary.md#" in prose


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_resolves_from_the_lessons_folder(lang):
    folder = NOTEBOOKS / lang
    prose = "\n".join(s for kind, s in cells(folder / f"{LESSON}.py") if kind == "markdown")
    targets = re.findall(r"\]\((?!https?:)([^)#\s]+)(?:#([^)\s]*))?\)", prose)
    assert targets
    for path, anchor in targets:
        target = (folder / path).resolve()
        assert target.is_file(), f"{lang}/{LESSON}: {path} names no file"
        if anchor and target.suffix == ".md":
            slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
                     for h in re.findall(r"^#+ (.*)$", target.read_text(encoding="utf-8"), re.M)}
            assert anchor in slugs, f"{lang}/{LESSON}: {path}#{anchor}: no such heading"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_lesson_has_its_notebook_paired(lang):
    nb = jupytext.read(NOTEBOOKS / lang / f"{LESSON}.ipynb")
    assert nb.metadata.get("jupytext", {}).get("formats") == "ipynb,py:percent"
    assert [(c.cell_type, c.source) for c in nb.cells] == cells(NOTEBOOKS / lang / f"{LESSON}.py"), (
        f"run jupytext --sync notebooks/{lang}/{LESSON}.py")


def test_the_lite_site_carries_the_translated_lessons(tmp_path):
    spec = importlib.util.spec_from_file_location("lite_build", REPO / "lite" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.contents(tmp_path)
    for lang in LANGUAGES:
        assert (tmp_path / "files" / "notebooks" / lang / f"{LESSON}.ipynb").is_file(), lang
    assert (tmp_path / "files" / "notebooks" / f"{LESSON}.ipynb").is_file()


def test_the_docs_site_lists_the_translated_lessons():
    listed = (REPO / "docs" / "notebooks.md").read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f"notebooks/{lang}/{LESSON}\n" in listed, lang
