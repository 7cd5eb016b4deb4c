"""Saving a board's games: the autosave document, the lock on its file, the handover.

A board with ``autosave=path`` writes one JSON document after every change: the game on the
board (``Game.record``, with its history) and the games left behind by new deals, so that
``Board.resume(path)`` brings all of them back after a kernel restart. Three rules keep a
player's moves safe:

* **One writer per file.** A live board holds an ``flock`` on ``.NAME.lock`` beside the file.
  A lock file this process cannot open, or one that is not a regular file, means someone
  else holds it: never "no lock".
* **Whole files only.** Each save goes to a fresh temporary file that is then renamed over
  the old one; temporary files a killed kernel left behind are removed by the next board that
  takes the file.
* **Nothing unsaved is handed over.** A board of this kernel gives its file to a newer board
  that resumes it only when the file holds its game as it is now.

``Autosave`` knows nothing of widgets: it is given the games to write. :class:`SaveCommands` is
the board's side (``Board.resume``, ``board.autosave``, the handover).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import pathlib
import re
import stat
import tempfile
import weakref
from typing import Any

from .. import words
from ..game import Game
from ..i18n import gettext as _
from ..position import read_json

#: The autosave file's ``format``: the current game's record and the games left behind.
SAVE_FORMAT = "ft_widget.autosave"
SAVE_VERSION = 1


class SaveFileInUse(RuntimeError):
    """Another live board (in this process or another) is autosaving to that file."""

    def __init__(self, message: str, board: Any = None):
        super().__init__(message)
        #: the live board of this process that holds the file, if it is one of ours
        self.board = board


class Autosave:
    """The file one board saves to, its claim on it and the text last written."""

    def __init__(self, path: pathlib.Path, claim: _Claim):
        self.path = path
        self._claim = claim
        self._saved_text: str | None = None
        # id(game) -> (the game's full history and undone moves, its record): a game left behind
        # is recorded again only when it changed (another board on the same Game played it)
        self._records: dict[int, tuple[tuple, dict]] = {}
        self._swept = False

    @classmethod
    def new(cls, path: str | os.PathLike) -> Autosave:
        """Claim ``path`` for a new game; ``FileExistsError`` if a save is there already."""
        path = pathlib.Path(path)
        _refuse_existing(path)
        claim = _Claim(path)  # SaveFileInUse if another live board saves there
        try:
            _refuse_existing(path)  # (written meanwhile?)
        except FileExistsError:
            claim.release()
            raise
        return cls(path, claim)

    @classmethod
    def claim(cls, path: str | os.PathLike) -> Autosave:
        """Claim the existing save at ``path`` (``Board.resume``); ``SaveFileInUse`` if held."""
        path = pathlib.Path(path)
        return cls(path, _Claim(path))

    def held_by(self, board: object) -> None:
        """Name the live board that saves here: a board resuming the file asks it to hand over."""
        self._claim.held_by(board)

    def read(self) -> tuple[Game, list[Game]]:
        """The game saved in the file and the games left behind (the next one back last).
        The text read counts as saved: an unchanged game is not written again."""
        game, previous, text = read_save(self.path)
        self._saved_text = text
        return game, previous

    def text(self, game: Game, previous: list[Game]) -> str:
        """The document for ``game`` and the games left behind (``previous``, the next one back last)."""
        alive = {id(g) for g in previous}
        self._records = {k: v for k, v in self._records.items() if k in alive}
        document = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.record(),
                    "previous": [self._record_of(g) for g in reversed(previous)]}
        return json.dumps(document, indent=1) + "\n"

    def _record_of(self, game: Game) -> dict:
        key = (game.variant, game.deal, tuple(game.history), tuple(game.undone))
        kept = self._records.get(id(game))
        if kept is None or kept[0] != key:
            kept = (key, game.record())
            self._records[id(game)] = kept
        return kept[1]

    def save(self, game: Game, previous: list[Game]) -> str:
        """Write the file if the document changed; '' or what went wrong, in words (never raises:
        the game stays as it is, and the next change tries again)."""
        path = self.path
        try:
            text = self.text(game, previous)
            if text == self._saved_text:
                return ""
            if not self._swept:
                sweep_temporary_files(path)
                self._swept = True
            write_new(path, text)
        except Exception as error:  # OSError above all: a read-only folder, a full disk
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            return _("not saved: {path} ({reason}); the next change tries again.").format(
                path=path, reason=reason[:200])
        self._saved_text = text
        return ""

    def release(self) -> None:
        """Let another board save to the file."""
        self._claim.release()


def write_new(path: pathlib.Path, text: str) -> None:
    """Replace ``path`` by a whole new file holding ``text``: written to a temporary file of a
    random name, created exclusively (never a file or symlink already there), then renamed,
    so a crash never leaves half a save and no planted link redirects it."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        # mkstemp makes the file private (0600): keep the saved file's own mode, else 0644
        try:
            old = os.stat(path, follow_symlinks=False)
            mode = stat.S_IMODE(old.st_mode) if stat.S_ISREG(old.st_mode) else 0o644
        except FileNotFoundError:
            mode = 0o644
        if hasattr(os, "fchmod"):  # not on Windows
            os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def sweep_temporary_files(path: pathlib.Path) -> list[pathlib.Path]:
    """Remove the temporary files ``write_new`` left beside ``path`` when a kernel was killed
    mid-save; return them. Only the holder of the file's lock calls this, so no save of another
    live board is under way. Only this process's own regular files of mkstemp's exact name shape
    are touched (``.NAME.`` + eight letters, digits or ``_`` + ``.tmp``)."""
    shape = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]{{8}}\.tmp")
    folder = path.parent if str(path.parent) else pathlib.Path(".")
    removed = []
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not shape.fullmatch(entry.name):
                continue
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid():
                    os.unlink(entry.path)
                    removed.append(pathlib.Path(entry.path))
    return removed


def _refuse_existing(path: pathlib.Path) -> None:
    if path.exists() or path.is_symlink():
        raise FileExistsError(
            f"{path} already holds a saved game: Board.resume({str(path)!r}) "
            f"continues it; to start afresh, delete it or choose another file")


def read_save(path: pathlib.Path) -> tuple[Game, list[Game], str]:
    """The game saved at ``path``, the games left behind (the next one back last) and the
    file's text. Reads the autosave document, or a bare game record (older saves)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(f"there is no saved game at {path}") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} can't be resumed: it is not a text file ({error.reason})") from None
    try:
        document = read_json(text, "the game record")
        if isinstance(document, dict) and document.get("format") == SAVE_FORMAT:
            version = document.get("version")
            if type(version) is not int or version != SAVE_VERSION:  # not True, not 1.0
                raise ValueError(f"save version {str(version)[:20]!r} is not known here "
                                 f"({SAVE_VERSION} is)")
            known = {"format", "version", "game", "previous"}
            unknown = sorted(str(k)[:30] for k in document if k not in known)
            if unknown:
                raise ValueError(f"the save has an unknown field {unknown[0]!r}")
            previous = document.get("previous", [])
            if not isinstance(previous, list):
                raise ValueError("the save's 'previous' must be a list of game records")
            game = Game.from_record(document.get("game"))
            left = []
            for k, record in enumerate(previous, 1):
                try:
                    left.append(Game.from_record(record))
                except ValueError as error:
                    raise ValueError(f"previous game {k}: {error}") from None
            return game, left[::-1], text
        return Game.from_record(document), [], text
    except ValueError as error:
        raise ValueError(f"{path} can't be resumed: {str(error)[:500]}") from None


# ---------------------------------------------------------------------- the lock
_HELD: set[str] = set()  # where flock is missing (Windows): the lock files claimed here
_OWNERS: dict[str, weakref.ref] = {}  # lock file -> the board of this process that holds it


class _Claim:
    """A live board's exclusive claim on its autosave file: an ``flock`` on ``.NAME.lock``
    beside it, holding the process id. The system lets go of it when the process ends, so
    a claim left by a kernel that died never blocks; ``release`` (``Board.close``) lets go
    of it sooner. Boards in this process are told apart too: each opens the lock anew.
    Without ``fcntl`` (Windows) only the boards of this process are told apart."""

    def __init__(self, path: pathlib.Path):
        self.path = path.with_name(f".{path.name}.lock")
        self._key = key = os.path.abspath(self.path)
        self._finalizer = weakref.finalize(self, lambda: None)
        try:
            import fcntl
        except ImportError:
            if key in _HELD:
                raise SaveFileInUse(_in_use(path, "a board in this process"), _owner(key)) from None
            _HELD.add(key)
            self._finalizer = weakref.finalize(self, _forget, key)
            return
        while True:
            fd = _open_lock(self.path, path)
            if fd is None:
                return  # a folder no one may write to: no board can save there, none overwrites another
            try:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
                    board = _owner(key) if holder == str(os.getpid()) else None
                    if holder == str(os.getpid()):
                        who = f"{board!r} in this process" if board is not None else "a board in this process"
                    else:
                        who = f"process {holder}" if holder.isdigit() else "another process"
                    raise SaveFileInUse(_in_use(path, who), board) from None
                # a board letting go removes the lock file: make sure ours is still the one there
                try:
                    now = os.stat(self.path, follow_symlinks=False)
                except FileNotFoundError:
                    now = None
                held = os.fstat(fd)
                if now is not None and (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino):
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
                    break
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)
        self._finalizer.detach()
        self._finalizer = weakref.finalize(self, _let_go, fd, self.path)

    def held_by(self, board: object) -> None:
        if self._finalizer.alive:
            _OWNERS[self._key] = weakref.ref(board)

    def release(self) -> None:
        self._finalizer()


def _open_lock(lock: pathlib.Path, path: pathlib.Path) -> int | None:
    """A descriptor of the regular file ``lock`` (made if missing), or ``None`` when the folder
    is one no one may write to. Anything else that stops us (a lock file of another user, a
    FIFO, a link, a folder planted there) is someone else's: ``SaveFileInUse``."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
    try:
        fd = os.open(lock, flags, 0o600)
    except OSError as error:
        folder = str(lock.parent) or "."
        if error.errno == errno.EROFS or (error.errno in (errno.EACCES, errno.EPERM)
                                          and not os.access(folder, os.W_OK)):
            # A read-only folder (a shared course folder): the game can be resumed and played,
            # but no board can save there either, so none overwrites another.
            return None
        raise SaveFileInUse(_in_use(path, f"the lock {lock.name} can't be opened: "
                                          f"{error.strerror or error}"), None) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveFileInUse(_in_use(path, f"the lock {lock.name} is not a regular file"), None)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _forget(key: str) -> None:
    _HELD.discard(key)
    _OWNERS.pop(key, None)


def _owner(key: str):
    ref = _OWNERS.get(key)
    return ref() if ref is not None else None


def _in_use(path: pathlib.Path, who: str) -> str:
    return (f"{path} is being saved to by another live board ({who}): two boards saving to one "
            "file would overwrite each other's moves. Close that board (board.close()) or its "
            "kernel first, or save this game to another file.")


def _let_go(fd: int, path: pathlib.Path) -> None:
    _OWNERS.pop(os.path.abspath(path), None)
    with contextlib.suppress(OSError):
        os.unlink(path)  # while still held, so no one can lock the old file meanwhile
    with contextlib.suppress(OSError):
        os.close(fd)


class SaveCommands:
    """The board's saved-game commands (a part of :class:`~ft_widget.board.Board`): its
    ``_saving`` is the :class:`Autosave` it writes to, or None."""

    @classmethod
    def resume(cls, path: str | os.PathLike, **kwargs: Any) -> Any:
        """The board of the game saved at ``path`` by ``Board(..., autosave=path)``, with its
        history (undo and redo work as before) and the games left behind (undo at the game's
        start brings them back, last first), saving on to the same file.

        A damaged or edited file raises ``ValueError`` naming the file and the first thing
        wrong in it; the file is only read, never changed. A file another live board is
        saving to raises :class:`SaveFileInUse`: close that board (``board.close()``) first.
        A board of this kernel whose game is saved in full hands the file over instead (a
        notebook cell run again resumes where that board was), and says so for as long as it
        lives: it saves no more."""
        try:
            saving = Autosave.claim(path)
        except SaveFileInUse as error:
            if error.board is None or not error.board._hand_over():
                raise
            saving = Autosave.claim(path)
        try:
            game, previous = saving.read()
            board = cls(game, **kwargs)
        except BaseException:
            saving.release()
            raise
        with board._lock:
            saving.held_by(board)
            board._saving = saving
            board._left.restore(previous)
            board._publish()
        return board

    @property
    def autosave(self) -> pathlib.Path | None:
        """The file the game is saved to after every change (``Board(..., autosave=…)``), or None."""
        return self._saving.path if self._saving is not None else None

    def _release(self) -> None:
        saving, self._saving = getattr(self, "_saving", None), None
        if saving is not None:
            saving.release()

    def _hand_over(self) -> bool:
        """Stop saving so that a board resuming this file takes it over; False (and go on
        saving) when the file does not hold this board's game as it is now: nothing unsaved
        is ever handed over."""
        with self._lock:
            if self._saving is None or self._saving.save(self._game, self._left.games):
                return False
            self._not_saving = self._saving.path
            self._release()
            self._publish(words.handed_over_line(self._not_saving), "error")
            return True
