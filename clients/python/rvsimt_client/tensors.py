"""Flat float32 data in and out of the device, from nested lists or (optionally) numpy arrays."""

import os
import struct

try:
    if os.environ.get("RVSIMT_NO_NUMPY"):
        raise ImportError("disabled by RVSIMT_NO_NUMPY")
    import numpy as _np
except ImportError:  # numpy is optional
    _np = None


def has_numpy():
    return _np is not None


def is_array(x):
    return _np is not None and isinstance(x, _np.ndarray)


def flatten(x):
    """Returns (flat list or float32 ndarray, shape tuple)."""
    if is_array(x):
        a = _np.ascontiguousarray(x, dtype=_np.float32)
        return a.reshape(-1), tuple(a.shape)
    if isinstance(x, (int, float)):
        return [float(x)], ()
    shape = []
    probe = x
    while isinstance(probe, (list, tuple)):
        shape.append(len(probe))
        probe = probe[0] if probe else None
    flat = []

    def walk(v, depth):
        if depth == len(shape):
            flat.append(float(v))
            return
        if not isinstance(v, (list, tuple)) or len(v) != shape[depth]:
            raise ValueError("ragged nested list: expected length %d at depth %d" % (shape[depth], depth))
        for e in v:
            walk(e, depth + 1)

    walk(x, 0)
    return flat, tuple(shape)


def to_bytes(flat):
    if is_array(flat):
        return flat.astype("<f4").tobytes()
    return struct.pack("<%df" % len(flat), *flat)


def from_bytes(data, shape, like_numpy):
    n = len(data) // 4
    if like_numpy and _np is not None:
        return _np.frombuffer(data, dtype="<f4", count=n).astype(_np.float32).reshape(shape)
    flat = list(struct.unpack("<%df" % n, data[:4 * n]))
    return unflatten(flat, shape)


def unflatten(flat, shape):
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0]
    return [unflatten(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def size(shape):
    n = 1
    for d in shape:
        n *= d
    return n
