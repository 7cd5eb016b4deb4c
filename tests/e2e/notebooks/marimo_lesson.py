"""A board lesson in marimo: opened by tests/e2e/test_hosts.py with ``marimo run``."""

import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from ft_widget import Board

    lesson = mo.ui.anywidget(Board.lesson("maria", progress=False))
    lesson  # noqa: B018 (marimo shows a cell's last expression)
    return (lesson,)


if __name__ == "__main__":
    app.run()
