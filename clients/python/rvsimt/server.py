"""Reaching `rvsimt serve`: a server named by RVSIMT_SERVER (unix:PATH, a socket path or HOST:PORT),
else a private one started for this process, stopped when the process exits (and, on Linux, sent
SIGTERM by the kernel if the process is killed: it is started with the parent-death signal)."""
import atexit
import ctypes
import os
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from typing import List, Optional, Tuple

from .errors import RvsimtError

_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass  # not Linux: the atexit handler still stops the server


def _launcher() -> List[str]:
    command = os.environ.get("RVSIMT_COMMAND")
    if command:
        return shlex.split(command)
    home = os.environ.get("RVSIMT_HOME")
    candidates = [os.path.join(home, "rvsimt")] if home else []
    # this file is clients/python/rvsimt/server.py in a checkout
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.normpath(os.path.join(here, "..", "..", "..", "rvsimt")))
    for c in candidates:
        if os.access(c, os.X_OK):
            return [c, "serve"]
    found = shutil.which("rvsimt")
    if found:
        return [found, "serve"]
    raise RvsimtError("cannot find the rvsimt launcher: set RVSIMT_HOME to a checkout, or RVSIMT_SERVER to a running server")


class PrivateServer:
    """`rvsimt serve --socket PATH` for this process."""

    _count = 0

    def __init__(self, extra_args: Optional[List[str]] = None, start_timeout: float = 600.0) -> None:
        PrivateServer._count += 1
        self.socket_path = "/tmp/rvsimt-py-%d-%d.sock" % (os.getpid(), PrivateServer._count)
        self._log = tempfile.TemporaryFile()
        argv = _launcher() + ["--socket", self.socket_path] + list(extra_args or [])
        self._process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._log,
                                         preexec_fn=_die_with_parent, start_new_session=True)
        atexit.register(self.stop)
        deadline = time.monotonic() + start_timeout
        while not os.path.exists(self.socket_path):
            if self._process.poll() is not None:
                raise RvsimtError("the rvsimt server exited at start: " + self._log_text())
            if time.monotonic() > deadline:
                self.stop()
                raise RvsimtError("the rvsimt server did not open %s within %.0f s" % (self.socket_path, start_timeout))
            time.sleep(0.02)

    def _log_text(self) -> str:
        self._log.seek(0)
        lines = [l for l in self._log.read().decode("utf-8", "replace").splitlines() if "listening on" not in l]
        return lines[-1] if lines else "(no message)"

    def stop(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if os.path.exists(self.socket_path):
            os.unlink(self.socket_path)


def parse_address(spec: str) -> Tuple[str, object]:
    """('unix', path) or ('tcp', (host, port))."""
    if spec.startswith("unix:"):
        return "unix", spec[5:]
    if not spec.startswith("/") and ":" in spec:
        host, port = spec.rsplit(":", 1)
        return "tcp", (host, int(port))
    return "unix", spec
