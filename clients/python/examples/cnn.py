"""cnn.py: the seed's LeNet-like CNN (docs/seed.md, "The CNN demo") on the simulated GPU.

    python3 cnn.py SOCKET KERNEL_DIR [IMAGES]

Input 1x32x32, 10 classes, He-normal weights from seed 42:
    conv 5x5 1->4 (+bias) -> relu -> maxpool 2x2 -> conv 3x3 4->8 (+bias) -> relu -> maxpool
    -> flatten 288 -> fc 288->64 (+bias) -> relu -> fc 64->10 (+bias) -> softmax
Every layer runs on the device through the operator calls (gpu.conv2d, gpu.relu, ...); the seed
added the FC biases on the CPU, here gpu.add does. The biases are small random values instead of
the seed's zeros, so that the bias paths are checked too. Every layer's output is compared with a
pure-Python (float64) reference; exit status 0 if all agree to a relative 1e-4.
"""

import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rvsimt_client import Gpu  # noqa: E402
from rvsimt_client import tensors as T  # noqa: E402


# ---------------------------------------------------------------- model

def he(rnd, fan_in, count):
    s = math.sqrt(2.0 / fan_in)
    return [rnd.gauss(0.0, s) for _ in range(count)]


def make_model(seed=42):
    rnd = random.Random(seed)
    m = {}
    m["w1"] = T.unflatten(he(rnd, 1 * 5 * 5, 4 * 1 * 5 * 5), (4, 1, 5, 5))
    m["b1"] = [0.01 * rnd.gauss(0, 1) for _ in range(4)]
    m["w2"] = T.unflatten(he(rnd, 4 * 3 * 3, 8 * 4 * 3 * 3), (8, 4, 3, 3))
    m["b2"] = [0.01 * rnd.gauss(0, 1) for _ in range(8)]
    m["w3"] = T.unflatten(he(rnd, 288, 288 * 64), (288, 64))
    m["b3"] = [0.01 * rnd.gauss(0, 1) for _ in range(64)]
    m["w4"] = T.unflatten(he(rnd, 64, 64 * 10), (64, 10))
    m["b4"] = [0.01 * rnd.gauss(0, 1) for _ in range(10)]
    return m


def parameters(m):
    return sum(len(T.flatten(v)[0]) for v in m.values())


def forward_gpu(gpu, m, image):
    acts = {}
    x = gpu.conv2d(image, m["w1"], m["b1"])
    acts["conv1"] = x
    x = gpu.relu(x)
    x = gpu.maxpool(x)
    acts["pool1"] = x
    x = gpu.conv2d(x, m["w2"], m["b2"])
    acts["conv2"] = x
    x = gpu.relu(x)
    x = gpu.maxpool(x)
    acts["pool2"] = x
    flat = T.flatten(x)[0]
    x = gpu.add(gpu.matmul(list(flat), m["w3"]), m["b3"])
    acts["fc1"] = x
    x = gpu.relu(x)
    x = gpu.add(gpu.matmul(x, m["w4"]), m["b4"])
    acts["fc2"] = x
    acts["probs"] = gpu.softmax(x)
    return acts


# ---------------------------------------------------------------- pure-Python reference

def ref_conv(x, w, b):
    c, h, wd = len(x), len(x[0]), len(x[0][0])
    oc, k = len(w), len(w[0][0])
    oh, ow = h - k + 1, wd - k + 1
    out = []
    for o in range(oc):
        plane = []
        for y in range(oh):
            row = []
            for xx in range(ow):
                acc = b[o]
                for ci in range(c):
                    for ky in range(k):
                        xr = x[ci][y + ky]
                        wr = w[o][ci][ky]
                        for kx in range(k):
                            acc += xr[xx + kx] * wr[kx]
                row.append(acc)
            plane.append(row)
        out.append(plane)
    return out


def ref_relu(x):
    if isinstance(x, list):
        return [ref_relu(v) for v in x]
    return max(x, 0.0)


def ref_pool(x):
    return [[[max(p[2 * y][2 * xx], p[2 * y][2 * xx + 1], p[2 * y + 1][2 * xx], p[2 * y + 1][2 * xx + 1])
              for xx in range(len(p[0]) // 2)] for y in range(len(p) // 2)] for p in x]


def ref_fc(v, w, b):
    return [b[j] + sum(v[i] * w[i][j] for i in range(len(v))) for j in range(len(b))]


def ref_softmax(v):
    mx = max(v)
    e = [math.exp(t - mx) for t in v]
    s = sum(e)
    return [t / s for t in e]


def forward_ref(m, image):
    acts = {}
    x = ref_conv(image, m["w1"], m["b1"])
    acts["conv1"] = x
    x = ref_pool(ref_relu(x))
    acts["pool1"] = x
    x = ref_conv(x, m["w2"], m["b2"])
    acts["conv2"] = x
    x = ref_pool(ref_relu(x))
    acts["pool2"] = x
    x = ref_fc(T.flatten(x)[0], m["w3"], m["b3"])
    acts["fc1"] = x
    x = ref_fc(ref_relu(x), m["w4"], m["b4"])
    acts["fc2"] = x
    acts["probs"] = ref_softmax(x)
    return acts


def rel_error(got, want):
    g = [float(v) for v in T.flatten(got)[0]]
    w = T.flatten(want)[0]
    if len(g) != len(w):
        return float("inf")
    scale = max(1e-6, max(abs(v) for v in w))
    return max(abs(a - b) for a, b in zip(g, w)) / scale


def main(argv):
    if len(argv) < 3:
        print("usage: cnn.py SOCKET KERNEL_DIR [IMAGES]", file=sys.stderr)
        return 2
    images = int(argv[3]) if len(argv) > 3 else 2
    model = make_model()
    print("cnn: LeNet-like, %d parameters" % parameters(model))
    rnd = random.Random(7)
    inputs = [[[[0.0] * 32 for _ in range(32)]]]
    inputs += [[[[rnd.uniform(-1, 1) for _ in range(32)] for _ in range(32)]] for _ in range(images)]
    worst = 0.0
    with Gpu.unix(argv[1], kernel_dir=argv[2], timeout=60) as gpu:
        for n, image in enumerate(inputs):
            t0 = time.time()
            got = forward_gpu(gpu, model, image)
            t1 = time.time()
            want = forward_ref(model, image)
            errors = {k: rel_error(got[k], want[k]) for k in want}
            probs = [float(p) for p in got["probs"]]
            total = sum(probs)
            worst = max(worst, max(errors.values()))
            print("cnn: image %d: class %d (p=%.4f), sum %.6f, %.0f ms on the device, worst layer %s %.2e"
                  % (n, probs.index(max(probs)), max(probs), total, 1000 * (t1 - t0),
                     max(errors, key=errors.get), max(errors.values())))
            if abs(total - 1.0) > 1e-4 or any(not 0.0 <= p <= 1.0 for p in probs):
                print("cnn: probabilities do not form a distribution", file=sys.stderr)
                return 1
            if probs.index(max(probs)) != want["probs"].index(max(want["probs"])):
                print("cnn: device and reference disagree on the class", file=sys.stderr)
                return 1
        print("cnn: %d launches" % gpu.launches)
    if worst > 1e-4:
        print("cnn: relative error %.2e is over 1e-4" % worst, file=sys.stderr)
        return 1
    print("cnn: all %d images match the reference (worst relative error %.2e)" % (len(inputs), worst))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
