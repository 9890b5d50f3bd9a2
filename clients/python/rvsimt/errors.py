"""Exceptions of the rvsimt package: each carries the simulator's one-line message."""
from typing import Dict, Optional


class RvsimtError(Exception):
    """Anything rvsimt refused or that failed; str(e) is one line."""


class BuildError(RvsimtError):
    """A kernel source did not build; `log` is everything the compiler said."""

    def __init__(self, message: str, log: str = "") -> None:
        super().__init__(message)
        self.log = log


class KernelFault(RvsimtError):
    """A launch faulted (out-of-bounds access, barrier deadlock, ...). `kind` is the fault's name
    (`out_of_bounds`, ...), `statistics` the launch's statistics."""

    def __init__(self, message: str, kind: str, statistics: Optional[Dict[str, object]] = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.statistics = statistics or {}


class ArgumentError(RvsimtError, TypeError):
    """A launch argument does not fit the kernel's parameter."""
