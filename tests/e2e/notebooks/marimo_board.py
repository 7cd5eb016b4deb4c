"""The board in marimo: opened by tests/e2e/test_hosts.py with ``marimo run``."""

import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from ft_widget import Board

    board = mo.ui.anywidget(Board("maria", deal=5))
    board  # noqa: B018 (marimo shows a cell's last expression)
    return (board,)


if __name__ == "__main__":
    app.run()
