"""Development harness for the board's frontend (not shipped, not a test).

Serves js/dev/harness.html, the built bundle, and a tiny JSON API backed by the real
``ft_widget.Board`` (no Jupyter kernel: the harness page's fake model posts requests
here and gets the new ``state`` back). Run from the repository root:

    .venv/bin/python tools/serve.py 8765
    # then open http://127.0.0.1:8765/js/dev/harness.html?variant=lucas&deal=3

Query parameters of the harness page: variant, deal, width (px), theme (light|dark),
play (number of random-but-seeded moves played first, to show mid-game columns),
position (a docs/rules.md position as JSON, instead of variant and deal).
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from positions import mid_game

from ft_widget import Board, Game

ROOT = Path(__file__).resolve().parents[1]
BOARDS: dict[str, Board] = {}


class Handler(SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(ROOT), **kwargs)

    def log_message(self, *args):  # quiet
        pass

    def _json(self, data) -> None:
        body = json.dumps(data).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/api/new":
            q = {k: v[0] for k, v in parse_qs(url.query).items()}
            language = q.get("language")  # the board's words (its ui trait: /api/ui)
            if "position" in q:  # a docs/rules.md position as JSON
                board = Board(Game.from_position(json.loads(q["position"])), language=language)
            else:
                board = Board(q.get("variant", "forty_thieves"), deal=int(q.get("deal", 1)),
                              language=language)
            mid_game(board.game, int(q.get("play", 0)), int(q.get("deal", 1)))
            board.refresh()
            key = q.get("key", "0")
            BOARDS[key] = board
            return self._json(board.state)
        if url.path == "/api/ui":  # the board's words, as its ui trait carries them
            q = {k: v[0] for k, v in parse_qs(url.query).items()}
            return self._json(BOARDS[q.get("key", "0")].ui)
        return super().do_GET()

    def do_POST(self):
        url = urlparse(self.path)
        if url.path != "/api/request":
            self.send_error(404)
            return
        q = {k: v[0] for k, v in parse_qs(url.query).items()}
        board = BOARDS[q.get("key", "0")]
        change = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        board.set_state(change)  # as a comm message from the page would
        self._json(board.state)


def start(port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    """Serve in a background thread (port 0: any free port); returns (server, base URL).
    Stop it with ``server.shutdown()``."""
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
