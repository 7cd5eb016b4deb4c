"""A learner's puzzle results that last: every try kept, a rating per game, the next puzzle chosen.

>>> rating = glicko2(Rating(1500, 200, 0.06), [(Rating(1400, 30, 0.06), 1.0),
...                                            (Rating(1550, 100, 0.06), 0.0),
...                                            (Rating(1700, 300, 0.06), 0.0)])
>>> round(rating.rating, 2), round(rating.deviation, 2), round(rating.volatility, 6)
(1464.05, 151.52, 0.059996)

(Glickman's worked example says 1464.06: it rounds its steps to four places; unrounded, the
steps give 1464.05.)

**Where.** One SQLite file (standard library ``sqlite3``): ``progress.sqlite`` in the user's data
directory (``platformdirs.user_data_dir("ft_widget")``; the environment variable
``FT_WIDGET_DATA_DIR`` names another directory, and the test suite points it at a temporary
one), or a path given. The file is in WAL mode with a busy timeout of :data:`BUSY_SECONDS`, and
every try is written in one ``BEGIN IMMEDIATE`` transaction that reads both ratings and writes
the try and the two new ratings: two kernels writing one file wait for each other and lose
nothing. The file carries :data:`APPLICATION_ID` and :data:`USER_VERSION` in its header; a file
that is not ours (another application's database, a corrupt one, an older or newer layout) is
refused with a ``ValueError`` naming it and never migrated: its first bytes are read before SQLite
opens it (another application's file is refused there), the rest is checked in a transaction
under SQLite's locks, so a file another kernel is writing is never read half-written.
Reading (:func:`progress`, :func:`progress_chart`) never creates a file, nor leaves one beside
it; a change a killed kernel left half-made is rolled back by the next opener that may write
(:meth:`Progress._open` says how each place is opened). Every failure of the file is a
``ValueError`` in words (:class:`ProgressBusy` where waiting may help).

**A try.** Each puzzle served and then solved or left is one try: the puzzle's id
(``"maria/62-119"``: the game, the deal and the moves played to the position), game, theme (``None``
where the data has none), outcome (:data:`OUTCOMES`: ``"first try"``, solved with no wrong try
and no clue; ``"solved"``, solved after a wrong try or a clue; ``"given up"``, left unsolved),
wrong tries, clues, seconds and the time (UTC).

**Ratings: Glicko-2** (Mark Glickman, "Example of the Glicko-2 system", 2012), as chess sites rate
players and puzzles: each rating has a deviation (how unsure it is) and a volatility (how erratic
the player is). Each try is one rating period with one game, the learner against the puzzle:
the learner scores :data:`SCORES` (1 for a first try, ½ for a solve with help, 0 for giving up:
a solve with help is a draw, the learner found it but not alone), and the puzzle, rated too,
scores the opposite. Both are updated from the ratings before the try, as lichess does for its
puzzles. Constants, and why:

- :data:`TAU` = 0.5, the system constant limiting how fast volatility changes (Glickman
  suggests 0.3 to 1.2; 0.5 is his example's and a middle choice);
- :data:`LEARNER_START` = 1500 ± 350, volatility 0.06: Glickman's values for an unrated player;
- :data:`GRADE_RATINGS`: a puzzle starts at 1500 (easy), 1700 (medium) or 1900 (hard) ± 200
  unless its data carries a ``rating``. A new learner (1500) meets the easy puzzles first, as
  the run without progress does; 200 points is the gap at which Glicko expects the stronger side
  to score 0.76, close to the grades' own line (easy: at least 80 % of fair-expert runs found
  the answer). The deviation 200, below a new learner's 350, says the grade is evidence.
- :data:`MIN_DEVIATION` = 50: tries come one at a time with no rating periods in between, so
  without a floor the deviation would shrink towards 0 over hundreds of tries and the rating
  would stop following a learner who improves (chess sites floor theirs too).
- :data:`RATING_BOUNDS` = 100 to 4000: every rating kept stays inside (lichess's puzzle ratings
  span about 400 to 3200), so the steps' exponentials stay finite however far apart two ratings
  are; a start outside is refused, and a rating read from an edited file outside them (or not a
  number) is read as the nearest bound (the start where it is not a number). Deviations stay
  between :data:`MIN_DEVIATION` and a new learner's 350, volatilities between
  :data:`VOLATILITY_BOUNDS`.

**The next puzzle** (:func:`choose`, a pure function of the game's history, the puzzles'
ratings, the learner's rating and a seeded ``random.Random``):

1. a missed puzzle (any outcome but a first try) is due again :data:`REVIEW_GAPS` ``[0]`` = 3
   tries later, then after each first try of it at growing gaps (6, 12, 24, 48 tries): the most
   overdue comes first;
2. else an unseen puzzle within :data:`WINDOW` = 150 rating points of the learner's rating,
   chosen at random among them (Glicko expects a score from 0.3 to 0.7 at that distance:
   neither trivial nor hopeless);
3. else the puzzle nearest the rating, seen or unseen, but not one served last nor a missed one
   not yet due, so a solved puzzle comes back only once the unseen ones near the rating have run
   out;
4. else the missed puzzle nearest to due, and with a single puzzle that one again.

Ties go to the ``random.Random`` over the ids in sorted order: the same seed, history and
ratings choose the same puzzle.
"""

from __future__ import annotations

import contextlib
import math
import os
import pathlib
import random
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

try:  # a declared dependency; where it is missing (a --no-deps install) only the default file needs it
    import platformdirs
except ImportError:  # pragma: no cover
    platformdirs = None

from ..i18n import N_, number
from ..i18n import gettext as _
from ..limits import check_count, shown
from ..render import FELT, FELT_DIM, FELT_TEXT, FONT, Picture, svg_text
from ..tables import pandas
from ..variants import VARIANTS
from .browser_storage import lasting
from .puzzles import DIFFICULTIES, puzzle_id  # the id's owner is the puzzles module
from .themes import THEMES, theme_name

# ------------------------------------------------------------------------------------ constants
SCALE = 173.7178  # Glicko-2's scale: 400 / ln 10, from the Glicko rating to its own
TAU = 0.5
EPSILON = 1e-6  # the volatility iteration's convergence tolerance (Glickman's)
BUSY_SECONDS = 30.0
APPLICATION_ID = 0x46545750  # "FTWP": ft_widget progress
USER_VERSION = 1
FILE_NAME = "progress.sqlite"
ENV_DIR = "FT_WIDGET_DATA_DIR"
#: "off" (or "0", "no", "false") keeps no progress for a training board given no path: a shared
#: or exam machine, and the test suite's boards that test the run without progress.
ENV_SWITCH = "FT_WIDGET_PROGRESS"

FIRST_TRY, SOLVED, GIVEN_UP = "first try", "solved", "given up"
OUTCOMES = (FIRST_TRY, SOLVED, GIVEN_UP)
SCORES = {FIRST_TRY: 1.0, SOLVED: 0.5, GIVEN_UP: 0.0}
GRADE_RATINGS = {"easy": 1500.0, "medium": 1700.0, "hard": 1900.0}
PUZZLE_DEVIATION = 200.0
MIN_DEVIATION = 50.0
RATING_BOUNDS = (100.0, 4000.0)
MAX_DEVIATION = 350.0  # a new learner's: nothing is less known than that
VOLATILITY_BOUNDS = (0.001, 1.0)
WINDOW = 150.0
REVIEW_GAPS = (3, 6, 12, 24, 48)
NO_THEME = N_("no theme")

assert set(GRADE_RATINGS) == set(DIFFICULTIES)  # a new grade needs its starting rating here


# ------------------------------------------------------------------------------------ Glicko-2
@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating``, ``deviation`` (RD) and ``volatility``."""

    rating: float
    deviation: float
    volatility: float


LEARNER_START = Rating(1500.0, MAX_DEVIATION, 0.06)


def _clamp(x: float, low: float, high: float, instead: float) -> float:
    return instead if math.isnan(x) else min(max(x, low), high)


def bounded(r: Rating, instead: Rating = LEARNER_START) -> Rating:
    """``r`` inside the bounds (:data:`RATING_BOUNDS`, :data:`MIN_DEVIATION` to :data:`MAX_DEVIATION`,
    :data:`VOLATILITY_BOUNDS`); a value that is not a number becomes ``instead``'s."""
    return Rating(_clamp(r.rating, *RATING_BOUNDS, instead.rating),
                  _clamp(r.deviation, MIN_DEVIATION, MAX_DEVIATION, instead.deviation),
                  _clamp(r.volatility, *VOLATILITY_BOUNDS, instead.volatility))


def _checked_rating(where: str, r: object, max_deviation: float) -> None:
    low, high = RATING_BOUNDS
    if not (isinstance(r, Rating) and all(isinstance(x, int | float) and math.isfinite(x)
                                           for x in (r.rating, r.deviation, r.volatility))
            and low <= r.rating <= high and 0 < r.deviation <= max_deviation
            and 0 < r.volatility <= VOLATILITY_BOUNDS[1]):
        raise ValueError(f"{where}: a rating must be a Rating from {low:.0f} to {high:.0f} with a deviation "
                         f"above 0 and at most {max_deviation:.0f} and a volatility above 0 and at most "
                         f"{VOLATILITY_BOUNDS[1]:g}, not {shown(r)}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def glicko2(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``games`` (opponent, score 0 to 1), by the
    steps of Glickman's Glicko-2 paper; no games only widens the deviation (step 6). Ratings
    outside :data:`RATING_BOUNDS` (or deviations over twice a new learner's) are a ``ValueError``."""
    for r in (player, *(opponent for opponent, _score in games)):
        _checked_rating("glicko2", r, 2 * MAX_DEVIATION)
    mu, phi, sigma = (player.rating - 1500.0) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    terms = []
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - 1500.0) / SCALE, opponent.deviation / SCALE
        g = _g(phi_j)
        expected = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        terms.append((g, expected, score))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)  # step 3: the estimated variance
    delta = v * sum(g * (s - e) for g, e, s in terms)  # step 4: the estimated improvement
    # step 5: the new volatility, the root of f by the Illinois algorithm
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)  # step 6
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    new_mu = mu + new_phi * new_phi * sum(g * (s - e) for g, e, s in terms)
    return Rating(new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma)


def after_try(learner: Rating, puzzle: Rating, outcome: str) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one try (each from both ratings before it),
    kept inside the bounds (:func:`bounded`: deviations floored at :data:`MIN_DEVIATION`)."""
    score = SCORES[outcome]
    learner, puzzle = bounded(learner), bounded(puzzle)
    new_learner = glicko2(learner, [(puzzle, score)])
    new_puzzle = glicko2(puzzle, [(learner, 1.0 - score)])
    return bounded(new_learner, learner), bounded(new_puzzle, puzzle)


# ------------------------------------------------------------------------------------ puzzles
def start_rating(puzzle) -> Rating:
    """A puzzle's rating before any try: its data's ``rating`` if it carries one, else from its grade."""
    given = getattr(puzzle, "rating", None)
    rating = float(given) if given is not None else GRADE_RATINGS[puzzle.difficulty]
    return Rating(rating, PUZZLE_DEVIATION, LEARNER_START.volatility)


# ------------------------------------------------------------------------------------ choosing
def review_state(history: Sequence[tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """For every missed puzzle in ``history`` (one game's tries in order, ``(id, outcome)``): how
    many tries ago it was last tried and the gap before it is due (:data:`REVIEW_GAPS`)."""
    state: dict[str, tuple[int, int]] = {}  # id -> (index of its last try, first tries since its last miss)
    for i, (pid, outcome) in enumerate(history):
        if outcome != FIRST_TRY:
            state[pid] = (i, 0)
        elif pid in state:
            state[pid] = (i, state[pid][1] + 1)
    return {pid: (len(history) - 1 - last, REVIEW_GAPS[min(streak, len(REVIEW_GAPS) - 1)])
            for pid, (last, streak) in state.items()}


def choose(ratings: Mapping[str, float], history: Sequence[tuple[str, str]], rating: float,
           rng: random.Random) -> str:
    """The id of the next puzzle among ``ratings`` (id -> the puzzle's rating now), from the game's
    ``history`` (``(id, outcome)`` in order), the learner's ``rating`` and ``rng``; the rule is
    in the module's docstring."""
    if not ratings:
        raise ValueError("choose: there are no puzzles to choose from")
    ids = sorted(ratings)
    last = history[-1][0] if history else None
    seen = {pid for pid, _ in history}
    reviews = {pid: v for pid, v in review_state(history).items() if pid in ratings}

    def pick(pool: list[str], key) -> str:
        best = min(key(p) for p in pool)
        return rng.choice([p for p in pool if key(p) == best])

    due = [p for p in ids if p in reviews and reviews[p][0] >= reviews[p][1]]
    if due:
        return pick(due, lambda p: reviews[p][1] - reviews[p][0])
    near = [p for p in ids if p not in seen and abs(ratings[p] - rating) <= WINDOW]
    if near:
        return rng.choice(near)
    rest = [p for p in ids if p != last and p not in reviews]
    if rest:
        return pick(rest, lambda p: abs(ratings[p] - rating))
    waiting = [p for p in ids if p != last]
    if waiting:
        return pick(waiting, lambda p: reviews[p][1] - reviews[p][0])
    return ids[0]


# ------------------------------------------------------------------------------------ the file
SCHEMA = {
    "tries": ("id", "at", "variant", "puzzle", "theme", "outcome", "wrong", "clues", "seconds",
              "rating", "puzzle_rating"),
    "ratings": ("kind", "key", "rating", "deviation", "volatility", "tries"),
}
_CREATE = f"""
CREATE TABLE tries (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    variant TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    theme TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN {OUTCOMES!r}),
    wrong INTEGER NOT NULL CHECK (wrong >= 0),
    clues INTEGER NOT NULL CHECK (clues >= 0),
    seconds REAL NOT NULL CHECK (seconds >= 0),
    rating REAL NOT NULL,
    puzzle_rating REAL NOT NULL
);
CREATE INDEX tries_by_variant ON tries (variant, id);
CREATE TABLE ratings (
    kind TEXT NOT NULL CHECK (kind IN ('learner', 'puzzle')),
    key TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    tries INTEGER NOT NULL,
    PRIMARY KEY (kind, key)
);
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = {USER_VERSION};
"""


def data_dir() -> pathlib.Path:
    """Where the progress file lives by default: ``$FT_WIDGET_DATA_DIR``, else the user's data
    directory (platformdirs); in the offline site (JupyterLite) that folder is copied to and from
    the browser's storage, so it lasts across page loads (:mod:`.browser_storage`)."""
    given = os.environ.get(ENV_DIR)
    if given:
        return pathlib.Path(given)
    if platformdirs is None:
        raise ImportError("the default progress file's place needs platformdirs (pip install "
                          f"platformdirs); or give a path, or set {ENV_DIR}, or keep none (progress=False)",
                          name="platformdirs")
    folder = pathlib.Path(platformdirs.user_data_dir("ft_widget", appauthor=False))
    lasting(folder)  # the offline site: kept in the browser's storage (nothing elsewhere)
    return folder


def default_path() -> pathlib.Path:
    return data_dir() / FILE_NAME


def kept_by_default() -> bool:
    """Does a training board given no path keep progress (``FT_WIDGET_PROGRESS`` is not "off")?"""
    return os.environ.get(ENV_SWITCH, "").strip().lower() not in ("off", "0", "no", "false")


def _check(con: sqlite3.Connection, path: pathlib.Path) -> bool:
    """Is the file ours with no tables yet (a new file, or one whose making was cut short and rolled
    back)? ``ValueError`` naming ``path`` unless it is ours or empty. Runs in a transaction, under
    SQLite's locks: a file another kernel is writing is read as it was before that write."""
    app, = con.execute("PRAGMA application_id").fetchone()
    version, = con.execute("PRAGMA user_version").fetchone()
    if app == 0 and version == 0 and not con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        return True
    if app != APPLICATION_ID:
        raise ValueError(f"{path} is not an ft_widget progress file (its SQLite application_id is {app}, "
                         f"not {APPLICATION_ID}): it was left untouched; give another path")
    if version != USER_VERSION:
        raise ValueError(f"{path} is an ft_widget progress file of layout {version}, and this version "
                         f"reads layout {USER_VERSION}: it was left untouched")
    for table, columns in SCHEMA.items():
        found = tuple(row[1] for row in con.execute(f"PRAGMA table_info({table})"))
        if found != columns:
            raise ValueError(f"{path} says it is an ft_widget progress file but its table {table!r} has "
                             f"columns {found}, not {columns}: it was left untouched")
    return False


SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_header(path: pathlib.Path) -> None:
    """Refuse a file that is plainly not ours from its first bytes, before SQLite opens it (so
    SQLite never recovers, locks or writes another program's file): not SQLite at all, or another
    application's SQLite file (its application_id, at byte 68 of the header, is set and not ours).
    A file still being made (shorter than a header, or with no application_id yet) is left to the
    check under SQLite's locks (:func:`_check`)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as e:
        raise ValueError(f"{path} cannot be read ({e.strerror or e}): it was left untouched") from None
    journal = pathlib.Path(f"{path}-journal")
    if len(head) >= len(SQLITE_MAGIC) and not head.startswith(SQLITE_MAGIC) and not journal.exists():
        raise ValueError(f"{path} is not an ft_widget progress file (it is not an SQLite database): "
                         "it was left untouched; give another path")
    if len(head) == 100 and head.startswith(SQLITE_MAGIC):
        app = int.from_bytes(head[68:72], "big")
        if app not in (0, APPLICATION_ID):
            raise ValueError(f"{path} is not an ft_widget progress file (its SQLite application_id is "
                             f"{app}, not {APPLICATION_ID}): it was left untouched; give another path")


def _may_write(path: pathlib.Path) -> bool:
    """Can this process write the file and make SQLite's journal beside it? (False on a read-only
    folder, file or mount: the file is then read with a read-only connection, which writes nothing.)"""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


class ProgressBusy(ValueError):
    """The progress file is held by another program (or kernel) longer than the wait allowed: the
    try was not written, and may be written once the file is free."""


def _in_words(path: pathlib.Path, error: sqlite3.Error, write: bool) -> ValueError:
    """An SQLite error while reading or writing (``write``) the file, in a player's words, as a
    ``ValueError`` (:class:`ProgressBusy` where waiting may help)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    failed = "the try could not be recorded" if write else "it could not be read"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return ProgressBusy(f"{path} is held by another program or kernel (SQLite says: {error}): "
                            f"{failed} yet")
    if name == "SQLITE_FULL":
        return ValueError(f"the disk holding {path} is full: {failed}; free some space (nothing in the "
                          "file was changed)")
    if name == "SQLITE_READONLY_ROLLBACK":
        return ValueError(f"{path} holds a change left half-made by a program that stopped, which SQLite "
                          "rolls back only where it may write the file, and it may not be written here: "
                          "it was left untouched; open it once where it can be written")
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return ValueError(f"{path} cannot be {'written' if write else 'read'} here "
                          f"(SQLite says: {error}): it was left untouched")
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
        return ValueError(f"{path} is not an ft_widget progress file (SQLite says: {error}): "
                          "it was left untouched; give another path")
    return ValueError(f"{path}: {failed} (SQLite says: {error})")


def _when(at: datetime | None) -> str:
    return (at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")


def _to_wal(con: sqlite3.Connection, seconds: float | None = None) -> None:
    """Switch the file to WAL (kept in the file: set once). The switch needs the file to itself,
    and SQLite answers "locked" at once, without the busy handler, while another kernel holds a
    write: so wait for it here, as the busy timeout would."""
    deadline = time.monotonic() + (BUSY_SECONDS if seconds is None else seconds)
    while True:
        try:
            mode = con.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            mode = None
        if mode == "wal":
            return
        if time.monotonic() > deadline:
            raise sqlite3.OperationalError(f"could not switch the progress file to WAL (journal mode {mode})")
        time.sleep(0.01)


def _connect(path: pathlib.Path, mode: str, wait: float) -> sqlite3.Connection:
    """An SQLite connection to ``path`` in URI ``mode`` ("rwc", "rw" or "ro").

    Read-only, a WAL file whose shared-memory file (``-shm``) is missing cannot be opened where
    that file cannot be made (a read-only folder): SQLite answers "unable to open". There, with
    no ``-wal`` file either, every change is in the file itself and nothing can be writing it
    (a writer would need both side files), so it is read as an immutable file."""
    uri = f"{path.absolute().as_uri()}?mode={mode}"
    con = sqlite3.connect(uri, uri=True, timeout=wait, isolation_level=None)
    if mode != "ro":
        return con
    try:
        con.execute("PRAGMA schema_version").fetchone()  # opening is lazy: read to know
    except sqlite3.OperationalError as e:
        con.close()
        wal = pathlib.Path(f"{path}-wal")
        if getattr(e, "sqlite_errorname", "") != "SQLITE_CANTOPEN" or (wal.exists() and wal.stat().st_size):
            raise
        con = sqlite3.connect(f"{uri}&immutable=1", uri=True, timeout=wait, isolation_level=None)
    return con


class Progress:
    """One learner's progress file: :meth:`record` a try, read the :meth:`history` and ratings,
    :meth:`choose` the next puzzle. ``path`` ``None`` is the default file (:func:`default_path`).
    An existing file that is not ours is refused (``ValueError`` naming it) and left untouched;
    a new one is made at the first :meth:`record`. Every failure of the file (locked too long, a
    full disk, a place that cannot be written) is a ``ValueError`` in words."""

    def __init__(self, path=None):
        if path is not None and not isinstance(path, str | os.PathLike):
            raise ValueError(f"Progress: path must be a file path, not {shown(path)}")
        self.path = pathlib.Path(path) if path is not None else default_path()
        if self.path.is_dir():
            raise ValueError(f"Progress: {self.path} is a directory: give a file's path")
        with self._open(write=False):
            pass  # the file is checked now (under SQLite's locks), so a foreign one is refused at once

    def _exists(self) -> bool:
        # SQLite takes an empty file for an empty database: a file of 0 bytes is a new one (its
        # journal, if a kernel died making it, is rolled back by the first writer)
        return self.path.is_file() and self.path.stat().st_size > 0

    @contextlib.contextmanager
    def _open(self, write: bool, wait: float | None = None):
        """A connection in a transaction on the checked file, committed when the block ends
        (rolled back if it raises); None when reading a file not made yet (reading makes none).

        Writing (``BEGIN IMMEDIATE``) makes the file and its tables if new. Reading opens the
        file read-write where this process may write it (``mode=rw``: never made if missing), so
        a change left half-made by a killed kernel (a hot journal) is rolled back by the first
        reader, as SQLite does on any read-write open, and the WAL's side files go with the last
        connection; where it may not (a read-only folder or mount), read-only, which writes
        nothing. ``wait``: seconds to wait for another writer's lock (default
        :data:`BUSY_SECONDS`); then :class:`ProgressBusy`. Any other failure is a ValueError."""
        wait = BUSY_SECONDS if wait is None else wait
        path = self.path
        if not self._exists():
            if not write:
                yield None
                return
            path.parent.mkdir(parents=True, exist_ok=True)
        else:
            _check_header(path)
        mode = "rwc" if write else "rw" if _may_write(path) else "ro"
        try:
            con = _connect(path, mode, wait)
        except sqlite3.Error as e:
            raise _in_words(path, e, write) from None
        try:
            con.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
            con.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            empty = _check(con, path)
            if empty and write:
                for statement in _CREATE.split(";"):  # not executescript: it would commit first
                    if statement.strip():
                        con.execute(statement)
            yield None if empty and not write else con
            con.execute("COMMIT")
            if write and con.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                # a new file, or one whose switch a killed kernel never made: WAL from now on, so
                # readers never wait for a writer. The switch waits for the file to itself, at most
                # ``wait``; a file busy then stays as it is (it works so) for the next writer to switch.
                with contextlib.suppress(sqlite3.OperationalError):
                    _to_wal(con, wait)
        except sqlite3.Error as e:
            raise _in_words(path, e, write) from None
        finally:
            if con.in_transaction:  # after an error SQLite may have rolled back already
                with contextlib.suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
            con.close()

    # ------------------------------------------------------------------ writing
    def record(self, puzzle: str, variant: str, outcome: str, *, wrong: int = 0, clues: int = 0,
               seconds: float = 0.0, theme: str | None = None, start: Rating | None = None,
               at: datetime | None = None, wait: float | None = None) -> dict:
        """Record one try of ``puzzle`` (its id, ``"maria/62-119"``) and update both ratings in one
        transaction; ``start`` is the puzzle's rating if it has none yet (default: the medium
        grade's). Bad input is a ``ValueError`` naming the field, and nothing is written; a file
        held by another program longer than ``wait`` seconds (default :data:`BUSY_SECONDS`) is a
        :class:`ProgressBusy`, and nothing is written. Returns the try's row.

        >>> from ft_widget.training.puzzles import shipped_puzzle
        >>> shipped_puzzle("maria/62-119").variant
        'maria'
        """
        row = _checked(puzzle, variant, outcome, wrong, clues, seconds, theme, start, at)
        start = start or Rating(GRADE_RATINGS["medium"], PUZZLE_DEVIATION, LEARNER_START.volatility)
        with self._open(write=True, wait=wait) as con:
            learner = self._rating(con, "learner", variant) or LEARNER_START
            before = self._rating(con, "puzzle", puzzle) or start
            new_learner, new_puzzle = after_try(learner, before, outcome)
            row.update(rating=new_learner.rating, puzzle_rating=before.rating)
            con.execute(f"INSERT INTO tries ({', '.join(SCHEMA['tries'][1:])}) "
                        f"VALUES ({', '.join('?' * (len(SCHEMA['tries']) - 1))})",
                        [row[c] for c in SCHEMA["tries"][1:]])
            for kind, key, r in (("learner", variant, new_learner), ("puzzle", puzzle, new_puzzle)):
                con.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (kind, key) DO "
                            "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                            "volatility = excluded.volatility, tries = tries + 1",
                            (kind, key, r.rating, r.deviation, r.volatility))
        return row

    @staticmethod
    def _rating(con: sqlite3.Connection, kind: str, key: str) -> Rating | None:
        found = con.execute("SELECT rating, deviation, volatility FROM ratings WHERE kind = ? AND key = ?",
                            (kind, key)).fetchone()
        return bounded(Rating(*found)) if found else None

    # ------------------------------------------------------------------ reading
    def history(self, variant: str | None = None) -> list[dict]:
        """Every try recorded (of ``variant``, or of every game), oldest first, a dict each."""
        if variant is not None:
            _variant("Progress.history", variant)
        with self._open(write=False) as con:
            if con is None:
                return []
            where, args = ("WHERE variant = ?", (variant,)) if variant else ("", ())
            cols = SCHEMA["tries"][1:]
            rows = con.execute(f"SELECT {', '.join(cols)} FROM tries {where} ORDER BY id", args).fetchall()
        return [dict(zip(cols, r, strict=True)) for r in rows]

    def ratings(self, kind: str = "learner") -> dict[str, Rating]:
        """Every rating kept: the learner's per game (``kind="learner"``) or the puzzles' by id."""
        if kind not in ("learner", "puzzle"):
            raise ValueError(f"Progress.ratings: kind must be 'learner' or 'puzzle', not {shown(kind)}")
        with self._open(write=False) as con:
            if con is None:
                return {}
            rows = con.execute("SELECT key, rating, deviation, volatility FROM ratings WHERE kind = ? "
                               "ORDER BY key", (kind,)).fetchall()
        return {key: bounded(Rating(*r)) for key, *r in rows}

    def rating(self, variant: str) -> Rating:
        """The learner's rating in ``variant`` (the start, :data:`LEARNER_START`, before any try)."""
        _variant("Progress.rating", variant)
        return self.ratings("learner").get(variant, LEARNER_START)

    def standing(self, variant: str) -> Standing:
        """What choosing ``variant``'s next puzzle needs, read at once: its tries in order, the
        puzzles' ratings and the learner's."""
        _variant("Progress.standing", variant)
        with self._open(write=False) as con:
            if con is None:
                return Standing([], {}, LEARNER_START)
            history = con.execute("SELECT puzzle, outcome FROM tries WHERE variant = ? ORDER BY id",
                                  (variant,)).fetchall()
            kept = {key: bounded(Rating(*r)) for key, *r in con.execute(
                "SELECT key, rating, deviation, volatility FROM ratings WHERE kind = 'puzzle'")}
            learner = self._rating(con, "learner", variant) or LEARNER_START
        return Standing([tuple(h) for h in history], kept, learner)

    def choose(self, shipped: Sequence, rng: random.Random | int | None = None):
        """The next of ``shipped`` (one game's puzzles) to serve by :func:`choose`'s rule; ``rng``
        defaults to a seed of the number of tries of that game, so a restart chooses alike."""
        if not shipped:
            raise ValueError("Progress.choose: there are no puzzles to choose from")
        return self.standing(shipped[0].variant).choose(shipped, rng)

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r})"


@dataclass
class Standing:
    """One game's tries and ratings as a board's run knows them: read from the file when the run
    starts, then kept up with each try (written or waiting to be), so choosing the next puzzle
    never waits for the file."""

    history: list[tuple[str, str]]  # (puzzle id, outcome), oldest first
    puzzles: dict[str, Rating]  # the ratings kept, by puzzle id
    learner: Rating

    def choose(self, shipped: Sequence, rng: random.Random | int | None = None):
        """The next of ``shipped`` by :func:`choose`'s rule (``rng`` as :meth:`Progress.choose`'s)."""
        if not isinstance(rng, random.Random):
            rng = random.Random(len(self.history) if rng is None else rng)
        by_id = {puzzle_id(p): p for p in shipped}
        ratings = {pid: (self.puzzles.get(pid) or start_rating(p)).rating for pid, p in by_id.items()}
        return by_id[choose(ratings, self.history, self.learner.rating, rng)]

    def note(self, pid: str, outcome: str, start: Rating) -> None:
        """A try of ``pid`` with ``outcome``, the ratings moved as :meth:`Progress.record` moves them."""
        self.learner, self.puzzles[pid] = after_try(self.learner, self.puzzles.get(pid) or start, outcome)
        self.history.append((pid, outcome))


def _variant(where: str, variant: object) -> str:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"{where}: variant must be one of {', '.join(VARIANTS)}, not {shown(variant)}")
    return variant


def _utf8(text: str) -> bool:
    """Can ``text`` be stored (a lone surrogate cannot be written as UTF-8)?"""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _checked(puzzle, variant, outcome, wrong, clues, seconds, theme, start, at) -> dict:
    """A try's fields checked, as the row to write; ``ValueError`` naming the first bad field."""
    where = "Progress.record"
    _variant(where, variant)
    if (not isinstance(puzzle, str) or not puzzle.startswith(f"{variant}/") or len(puzzle) > 200
            or not _utf8(puzzle)):
        raise ValueError(f"{where}: puzzle must be an id like '{variant}/12', not {shown(puzzle)}")
    if outcome not in OUTCOMES:
        raise ValueError(f"{where}: outcome must be one of {', '.join(map(repr, OUTCOMES))}, "
                         f"not {shown(outcome)}")
    wrong = check_count(where, "wrong", wrong, 0)
    clues = check_count(where, "clues", clues, 0)
    if outcome == FIRST_TRY and (wrong or clues):
        raise ValueError(f"{where}: outcome 'first try' means no wrong try and no clue, "
                         f"not {wrong} wrong and {clues} clues")
    if (isinstance(seconds, bool) or not isinstance(seconds, int | float)
            or not math.isfinite(seconds) or seconds < 0):
        raise ValueError(f"{where}: seconds must be a finite number of 0 or more, not {shown(seconds)}")
    if theme is not None and (not isinstance(theme, str) or len(theme) > 100 or not _utf8(theme)):
        raise ValueError(f"{where}: theme must be a short text or None, not {shown(theme)}")
    if start is not None:
        _checked_rating(f"{where}: start", start, MAX_DEVIATION)
    if at is not None and (not isinstance(at, datetime) or at.tzinfo is None):
        raise ValueError(f"{where}: at must be a datetime with its time zone, not {shown(at)}")
    return {"at": _when(at), "variant": variant, "puzzle": puzzle, "theme": theme, "outcome": outcome,
            "wrong": wrong, "clues": clues, "seconds": float(seconds)}


# ------------------------------------------------------------------------------------ the board's try
def outcome_of(puzzle) -> tuple[str, int]:
    """A :class:`~ft_widget.training.puzzles.Puzzle`'s outcome and wrong tries as they stand."""
    if puzzle.solved:
        wrong = max(puzzle.tries - 1, 0)
        return (FIRST_TRY if not wrong and not puzzle.clues else SOLVED), wrong
    return GIVEN_UP, puzzle.tries


def try_of(puzzle, seconds: float, at: datetime) -> dict:
    """A board's training :class:`~ft_widget.training.puzzles.Puzzle` as it stands, as
    :meth:`Progress.record`'s arguments (``progress.record(**try_of(...))``)."""
    shipped = puzzle.training
    outcome, wrong = outcome_of(puzzle)
    return {"puzzle": puzzle_id(shipped), "variant": shipped.variant, "outcome": outcome, "wrong": wrong,
            "clues": puzzle.clues, "seconds": seconds, "theme": getattr(shipped, "theme", None),
            "start": start_rating(shipped), "at": at}


class Clock:
    """Seconds since a puzzle was served (monotonic: a clock change moves nothing)."""

    def __init__(self) -> None:
        self.started = time.monotonic()

    @property
    def seconds(self) -> float:
        return round(time.monotonic() - self.started, 1)


# ------------------------------------------------------------------------------------ reading it back
COLUMNS = SCHEMA["tries"][1:]


def progress(path=None):
    """Every puzzle try recorded (in ``path``, default the user's progress file), oldest first: a
    pandas DataFrame with columns :data:`COLUMNS` (``theme`` by its name in the current language, a
    key this version does not know as stored; ``rating``, the learner's rating in that game after
    the try, and ``puzzle_rating``, the puzzle's before it, rounded to whole points), or a list of
    dicts where pandas is not installed. Reading writes nothing, and a missing file is no tries.
    The chart by theme is :func:`progress_chart`."""
    rows = [{**r, "theme": _theme_shown(r["theme"]), "rating": round(r["rating"]),
             "puzzle_rating": round(r["puzzle_rating"])} for r in Progress(path).history()]
    try:
        pd = pandas("progress()")
    except ImportError:
        return rows
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _theme_shown(theme: str | None) -> str | None:
    return theme_name(theme) if theme in THEMES else theme


def by_theme(rows: Sequence[Mapping]) -> list[tuple[str, str, int, int]]:
    """``(variant, theme, first tries, puzzles)`` per game and theme (themeless tries under
    :data:`NO_THEME`), games in the order of ``VARIANTS``, themes sorted. Each puzzle counts once,
    by its first try (a puzzle served again after a miss is practice, not a second puzzle)."""
    counts: dict[tuple[str, str], list[int]] = {}
    seen: set[str] = set()
    for r in rows:
        if r["puzzle"] in seen:
            continue
        seen.add(r["puzzle"])
        key = (r["variant"], r["theme"] if r["theme"] is not None else NO_THEME)
        c = counts.setdefault(key, [0, 0])
        c[0] += r["outcome"] == FIRST_TRY
        c[1] += 1
    order = {v: i for i, v in enumerate(VARIANTS)}
    return [(v, t, first, n) for (v, t), (first, n) in sorted(counts.items(),
                                                               key=lambda kv: (order[kv[0][0]], kv[0][1]))]


BAR, TRACK = "#ffd54f", "#2f8a57"


def progress_chart(path=None, variant: str | None = None) -> Picture:
    """The share of puzzles solved at their first try, per theme and game (of ``variant`` only if
    given; each puzzle once, :func:`by_theme`), as a static picture (SVG in an image: it shows in
    a saved notebook, unrun), from the same file as
    :func:`progress`. One bar per theme, its label saying the counts."""
    if variant is not None:
        _variant("progress_chart", variant)
    rows = by_theme(Progress(path).history(variant))
    title = (_("Puzzles solved first try, by theme: {game}").format(game=VARIANTS[variant].display_name)
             if variant else _("Puzzles solved first try, by theme"))
    # a theme by its name in the player's language; a key this version does not know, as stored
    rows = [(v, theme_name(t) if t in THEMES else _(NO_THEME) if t == NO_THEME else t, first, n)
            for v, t, first, n in rows]
    # about 7 px a character at 12 px: a long theme widens the label column instead of running over
    label_w = max([200] + [7 * len(theme) + 24 for _, theme, _, _ in rows])
    bar_w, pitch, margin, top = 260, 26, 14, 44
    width = label_w + bar_w + 150 + 2 * margin
    lines, parts, y, game = [title], [], top, None
    if not rows:
        lines.append(_("No puzzle tries recorded yet."))
        parts.append(svg_text(margin, y + 10, lines[-1], 13, FELT_DIM))
        y += pitch
    for v, theme, first, n in rows:
        if v != game:
            game = v
            parts.append(svg_text(margin, y + 12, VARIANTS[v].display_name, 13, FELT_TEXT, bold=True))
            lines.append(VARIANTS[v].display_name)
            y += pitch
        said = _("{first} of {n} ({percent}%)").format(first=number(first), n=number(n),
                                                         percent=number(100 * first / n))
        parts.append(svg_text(margin + 12, y + 13, theme, 12, FELT_TEXT))
        x = margin + label_w
        parts.append(f'<rect x="{x}" y="{y + 2}" width="{bar_w}" height="14" fill="{TRACK}"/>')
        parts.append(f'<rect x="{x}" y="{y + 2}" width="{bar_w * first / n:.1f}" height="14" fill="{BAR}"/>')
        parts.append(svg_text(x + bar_w + 8, y + 13, said, 12, FELT_TEXT))
        lines.append(f"  {theme}: {said}")
        y += pitch
    height = y + margin
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">'
           f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>'
           + svg_text(margin, 26, title, 14, FELT_TEXT, bold=True) + "".join(parts) + "</svg>")
    return Picture(svg, "\n".join(lines), alt=title)


__all__ = ["APPLICATION_ID", "COLUMNS", "FIRST_TRY", "GIVEN_UP", "GRADE_RATINGS", "LEARNER_START",
           "OUTCOMES", "Progress", "ProgressBusy", "RATING_BOUNDS", "REVIEW_GAPS", "Rating", "SOLVED",
           "Standing", "WINDOW", "after_try", "bounded", "choose", "glicko2", "progress", "progress_chart",
           "puzzle_id", "start_rating"]
