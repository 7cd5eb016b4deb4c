"""The progress folder that lasts in the offline site (JupyterLite: Python in the browser).

There the kernel's own file system is in memory: a file written under ``/home/pyodide`` is gone
at the next page load. What lasts is the browser's storage (IndexedDB), which the kernel reaches
as ``/drive`` (jupyterlite-pyodide-kernel's DriveFS: the files the page's file browser shows).
SQLite cannot use ``/drive`` itself: DriveFS keeps a copy of the file per open descriptor and
sends it whole when the descriptor closes, has no ``mmap`` (WAL's shared memory: "disk I/O
error") and no locks. So :func:`lasting` mounts the progress folder as an in-memory folder
(Emscripten's MEMFS: SQLite works there as it does today) that copies itself to and from the
drive, :data:`MIRROR` (``ft_widget/`` in the file browser):

- **out**: a file of the folder is sent to the drive whole when SQLite syncs it (``fsync``, at
  each commit and checkpoint) and when it is closed after a change; a file removed is removed
  there. One send is one request that the page answers once the file is stored, replacing the
  old copy in one IndexedDB write, so the drive holds, at every moment, what a disk would hold
  after a crash at that moment: the last synced state of each file (SQLite recovers from it as
  from a power cut). The WAL's shared-memory file (``-shm``) is not sent: SQLite rebuilds it.
- **in**: the drive's copies are read into the folder when it is mounted (the first
  :func:`~ft_widget.training.progress.data_dir` call in a kernel), and again whenever a file of
  the folder is opened while none is open (no SQLite connection is using it), and at each
  later ``data_dir()`` call then: a try recorded by another notebook's kernel is seen, and not
  overwritten by this kernel's older copy.

Nothing here runs outside a browser kernel. Where the page has no working drive (no service
worker: a site served over plain http from another host, a browser that blocks them), the folder
stays in memory, and a warning says that progress lasts only while the page is open.
"""

from __future__ import annotations

import pathlib
import sys
import warnings

#: the kernel's mount of the browser's storage
DRIVE = "/drive"
#: the lasting copy of the progress folder, under DRIVE: ``ft_widget/`` in the file browser
MIRROR = "ft_widget"

# Given Emscripten's FS, the errno codes, the folder and the mirror's path: mounts the folder and
# returns the function that reads the drive into it again when unused, or false without a drive.
_MOUNT = r"""
(FS, ERRNO_CODES, mountpoint, mirror) => {
  let drive;
  try {
    let node = FS.lookupPath(mirror.slice(0, mirror.lastIndexOf('/'))).node;
    if (FS.isMountpoint(node)) node = node.mounted.root;
    drive = node.mount.type.API;  // DriveFS's synchronous contents API
  } catch (e) {
    return false;
  }
  const needed = ['get', 'put', 'lookup', 'mknod', 'readdir', 'rmdir'];
  if (!drive || !needed.every((m) => typeof drive[m] === 'function')) {
    return false;
  }
  try {
    drive.lookup(mirror);  // mounted, but with no service worker to answer it fails at once
  } catch (e) {
    return false;
  }
  const MEMFS = FS.filesystems.MEMFS;
  const DIR_MODE = 0o40777;
  const kept = (name) => !name.endsWith('-shm');  // SQLite rebuilds its shared-memory index
  const far = (name) => mirror + '/' + name;
  let root = null;
  let streams = 0;     // descriptors open on the folder's files: at 0 no connection uses them
  let quiet = false;   // reading the drive in: not a change to send back
  // only ErrnoError may leave a file operation: any other error would abort the interpreter
  const io = (task) => {
    try {
      return task();
    } catch (e) {
      if (e instanceof FS.ErrnoError) throw e;
      console.error('ft_widget: the browser storage failed', e);
      throw new FS.ErrnoError(ERRNO_CODES.EIO);
    }
  };
  const linked = (node) => node.parent === root && root.contents[node.name] === node;
  const send = (node) => {
    if (linked(node) && kept(node.name)) {
      const bytes = MEMFS.getFileDataAsTypedArray(node);  // may be an Int8Array (a slice of the heap)
      const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      io(() => {
        // the page never answers a write into a missing folder (the kernel would wait forever)
        if (!drive.lookup(mirror).ok) drive.mknod(mirror, DIR_MODE);
        drive.put(far(node.name), {data, format: 'base64'});
      });
    }
    node.dirty = false;
  };
  const load = () => io(() => {
    quiet = true;
    try {
      const listed = drive.lookup(mirror).ok ? drive.readdir(mirror) : [];
      const names = listed.filter((n) => n !== '.' && n !== '..');
      const there = new Set();
      for (const name of names) {
        const here = root.contents[name];
        if (!kept(name) || (here && (here.dirty || !FS.isFile(here.mode)))) continue;
        let file;
        try {
          file = drive.get(far(name));
        } catch (e) {
          continue;  // a folder: not ours
        }
        FS.writeFile(mountpoint + '/' + name, file.data);
        there.add(name);
      }
      // removed from the drive (the file browser's Delete): emptied here too, which SQLite
      // reads as no database (unlinking could pull a file from under the open that asked)
      for (const [name, node] of Object.entries(root.contents)) {
        if (kept(name) && FS.isFile(node.mode) && !node.dirty && !there.has(name)) {
          FS.truncate(mountpoint + '/' + name, 0);
        }
      }
    } finally {
      quiet = false;
    }
  });
  const file = (node) => {
    const ops = node.stream_ops;
    const nodeOps = node.node_ops;
    node.stream_ops = {
      ...ops,
      open(stream) {
        if (!quiet && streams === 0) load();
        stream.counted = true;
        streams++;
      },
      dup(stream) {
        if (stream.counted) streams++;
      },
      close(stream) {
        if (stream.counted) {
          stream.counted = false;
          streams--;
        }
        if (!quiet && stream.node.dirty) send(stream.node);
      },
      write(stream, ...args) {
        if (!quiet) stream.node.dirty = true;
        return ops.write(stream, ...args);
      },
      fsync(stream) {
        if (!quiet && stream.node.dirty) send(stream.node);
        return 0;
      },
    };
    node.node_ops = {
      ...nodeOps,
      setattr(n, attr) {
        nodeOps.setattr(n, attr);
        if (!quiet && attr.size !== undefined) n.dirty = true;  // truncated
      },
    };
  };
  const type = {
    mount(mount) {
      root = MEMFS.mount(mount);
      const dir = root.node_ops;
      root.node_ops = {
        ...dir,
        mknod(parent, name, mode, dev) {
          const node = dir.mknod(parent, name, mode, dev);
          if (FS.isFile(mode)) file(node);
          return node;
        },
        unlink(parent, name) {
          dir.unlink(parent, name);
          if (!quiet && kept(name)) io(() => drive.rmdir(far(name)));
        },
        rename(node, newDir, newName) {
          const oldName = node.name;
          dir.rename(node, newDir, newName);
          if (quiet) return;
          if (FS.isFile(node.mode)) send(node);  // the new name first: one copy is always there
          if (kept(oldName)) io(() => drive.rmdir(far(oldName)));
        },
      };
      return root;
    },
  };
  FS.mkdirTree(mountpoint);
  FS.mount(type, {}, mountpoint);
  load();
  return () => {
    if (streams === 0) load();
  };
}
"""

_mounted: dict[str, object] = {}  # the folder mounted -> the function that reads the drive in again
_warned = False


def in_browser() -> bool:
    """Is this Python running in the browser (Pyodide)?"""
    return sys.platform == "emscripten"


def lasting(folder: pathlib.Path) -> bool:
    """In a browser kernel with a drive, make ``folder`` last (see the module's text) and read
    the drive's copy in again if no file of it is open; True. False anywhere else (nothing is
    done; in a browser kernel without a drive, a warning says so once). ``OSError`` where the
    browser's storage fails to answer."""
    global _warned
    if not in_browser():
        return False
    key = str(folder)
    if key not in _mounted:
        if _mounted:
            raise ValueError(f"ft_widget: {next(iter(_mounted))} already keeps progress in {DRIVE}/{MIRROR}, "
                             f"so {folder} cannot too")
        import pyodide_js  # noqa: PLC0415 (only in the browser)
        from pyodide.code import run_js  # noqa: PLC0415

        try:
            refresh = run_js(_MOUNT)(pyodide_js.FS, pyodide_js.ERRNO_CODES, key, f"{DRIVE}/{MIRROR}")
        except Exception as e:  # a JsException: the drive did not answer
            raise OSError(f"ft_widget: the browser's storage ({DRIVE}) could not be read ({e})") from None
        if not refresh:
            if not _warned:
                _warned = True
                warnings.warn("ft_widget: this page has no lasting storage (the browser's storage needs a "
                              "service worker: a site served over https, or from localhost), so puzzle "
                              "progress lasts only while the page is open",
                              RuntimeWarning, stacklevel=3)
            return False
        _mounted[key] = refresh
        return True
    try:
        _mounted[key]()
    except Exception as e:
        raise OSError(f"ft_widget: the browser's storage ({DRIVE}) could not be read ({e})") from None
    return True
