#!/usr/bin/env python3
"""Trains one of ddz's networks on a matrix written by `ddz encode`, and exports it for the engine.

    pip install -r scripts/requirements-train.txt
    ddz selfplay --deals 40000 --seed 1 --out data/rules-1.tsv
    ddz encode --net play data/rules-1.tsv --every 3 --out data/play.x
    python3 scripts/train.py --matrix data/play.x --net play --out src/strategy/networks/weights/play

The fitting is scikit-learn's MLPRegressor (Adam, ReLU, one partial_fit per epoch, the best
epoch on a validation part kept): no hand-written backpropagation. With --pretrain the network
first learns from other matrices (plentiful, cheaper data: the rule player's self-play), then
goes on learning from --matrix (the stronger player's, scarcer); the best epoch is chosen on
--matrix's validation part in both stages. The validation and the
held-out parts are whole games (the last rows of the matrix), never positions of a game trained on. Outputs, beside --out:
  PREFIX.bin    the weights in the engine's format (src/strategy/networks/mlp.rs), embedded at build time
  PREFIX.check  fixed inputs and the trainer's own outputs for them, which a Rust test compares
  PREFIX.txt    how the network was made: the command, the data, the seed, the commit, the figures
"""

import argparse
import os
import shlex
import struct
import subprocess
import sys
import time

import numpy as np
import sklearn
from sklearn.neural_network import MLPRegressor

TARGET_NAMES = ["official", "team", "won"]
# The hidden-hand network (--net hidden): 15 fitted outputs, then the columns that weigh and
# judge them (src/training/hidden_data.rs): hidden cards per rank, the need of the seat after ours, all
# hidden cards.
HIDDEN_OUTPUTS = 15
HIDDEN_FLOOR = 0.01
CHECK_ROWS = 24
PATIENCE = 4


def read_matrix(path):
    """Reads a DDZX matrix: returns inputs (rows × n) and targets (rows × t), float32."""
    with open(path, "rb") as f:
        head = f.read(20)
        if len(head) != 20 or head[:4] != b"DDZX":
            sys.exit(f"train.py: {path} is not a ddz matrix (DDZX)")
        version, rows, inputs, targets = struct.unpack("<4I", head[4:])
        if version != 1:
            sys.exit(f"train.py: {path}: matrix format {version}, expected 1")
        data = np.fromfile(f, dtype="<f4")
    width = inputs + targets
    if data.size != rows * width:
        sys.exit(f"train.py: {path}: {data.size} values, expected {rows} rows of {width}")
    data = data.reshape(rows, width)
    return data[:, :inputs], data[:, inputs:]


def write_weights(path, model):
    """The engine's format: DDZN, version 1, layers; per layer inputs, outputs, weights
    (input-major, as coefs_ holds them) and biases, all little-endian."""
    with open(path, "wb") as f:
        f.write(b"DDZN")
        f.write(struct.pack("<II", 1, len(model.coefs_)))
        for w, b in zip(model.coefs_, model.intercepts_):
            f.write(struct.pack("<II", w.shape[0], w.shape[1]))
            f.write(np.asarray(w, dtype="<f4").tobytes(order="C"))
            f.write(np.asarray(b, dtype="<f4").tobytes())


def read_weights(path):
    """The weights and biases of an engine-format file (as write_weights writes them)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"DDZN":
        sys.exit(f"train.py: {path} is not a ddz network (DDZN)")
    version, count = struct.unpack("<II", data[4:12])
    if version != 1:
        sys.exit(f"train.py: {path}: network format {version}, expected 1")
    at, coefs, intercepts = 12, [], []
    for _ in range(count):
        n_in, n_out = struct.unpack("<II", data[at : at + 8])
        at += 8
        w = np.frombuffer(data, dtype="<f4", count=n_in * n_out, offset=at).reshape(n_in, n_out)
        at += 4 * n_in * n_out
        b = np.frombuffer(data, dtype="<f4", count=n_out, offset=at)
        at += 4 * n_out
        coefs.append(w.astype(np.float64))
        intercepts.append(b.astype(np.float64))
    return coefs, intercepts


def write_check(path, model, x):
    """Fixed inputs and the trainer's outputs for them, one row per line: inputs | outputs."""
    y = model.predict(x)
    if y.ndim == 1:
        y = y.reshape(-1, 1)
    with open(path, "w") as f:
        f.write("# inputs | outputs of the trainer (scikit-learn predict), float32 written exactly\n")
        for xi, yi in zip(x, y):
            xs = " ".join(repr(float(v)) for v in xi)
            ys = " ".join(repr(float(np.float32(v))) for v in yi)
            f.write(f"{xs} | {ys}\n")


def snapshot(model):
    """A copy of the model's weights and biases."""
    return [w.copy() for w in model.coefs_], [b.copy() for b in model.intercepts_]


def hidden_chances(model, x):
    """The network's chances, kept inside [HIDDEN_FLOOR, 1 - HIDDEN_FLOOR] as the engine keeps them."""
    return np.clip(model.predict(x), HIDDEN_FLOOR, 1 - HIDDEN_FLOOR)


def hidden_log_loss(p, y):
    """Log loss per hidden card: rank r's chance p[:, r] against its share y[:, r] of the
    y[:, 15 + r] hidden cards of that rank."""
    share, counts = y[:, :HIDDEN_OUTPUTS], y[:, HIDDEN_OUTPUTS : 2 * HIDDEN_OUTPUTS]
    nxt = share * counts
    loss = -(nxt * np.log(p) + (counts - nxt) * np.log(1 - p)).sum()
    return float(loss / counts.sum())


def hidden_figures(name, model, x, y):
    """Log loss per hidden card of the network, of uniform deals (each card with the seat after
    ours at that seat's share of the hidden cards), and a calibration table."""
    p = hidden_chances(model, x)
    need, total = y[:, 2 * HIDDEN_OUTPUTS], y[:, 2 * HIDDEN_OUTPUTS + 1]
    uniform = np.repeat((need / np.maximum(total, 1))[:, None], HIDDEN_OUTPUTS, axis=1)
    net, base = hidden_log_loss(p, y), hidden_log_loss(np.clip(uniform, 1e-6, 1 - 1e-6), y)
    lines = [f"{name}: log loss per hidden card {net:.4f} (uniform deals {base:.4f}, {100 * (1 - net / base):.1f}% less)"]
    share, counts = y[:, :HIDDEN_OUTPUTS], y[:, HIDDEN_OUTPUTS : 2 * HIDDEN_OUTPUTS]
    bins = np.minimum((p * 10).astype(int), 9)
    table = []
    for b in range(10):
        m = (bins == b) & (counts > 0)
        if counts[m].sum() > 0:
            table.append(f"{b / 10:.1f}-{(b + 1) / 10:.1f}: said {np.average(p[m], weights=counts[m]):.3f} "
                         f"was {(share[m] * counts[m]).sum() / counts[m].sum():.3f}")
    lines.append(f"{name} calibration (chance said → share found, by card): " + "; ".join(table))
    return lines


def figures(name, model, x, y):
    """Mean squared error per target against predicting the mean, and the sign accuracy."""
    p = model.predict(x)
    lines = []
    for k, t in enumerate(TARGET_NAMES[: y.shape[1]]):
        mse = float(np.mean((p[:, k] - y[:, k]) ** 2))
        base = float(np.var(y[:, k]))
        sign = float(np.mean(np.sign(p[:, k]) == np.sign(y[:, k])))
        lines.append(
            f"{name} {t}: mse {mse:.4f} (predicting the mean: {base:.4f}, explained {1 - mse / base:.3f}); "
            f"sign right {sign:.3f}"
        )
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matrix", required=True, nargs="+", help="matrix files from ddz encode")
    ap.add_argument("--net", required=True, choices=["play", "bid", "hidden"])
    ap.add_argument("--out", required=True, help="output prefix (PREFIX.bin, .check, .txt)")
    ap.add_argument("--hidden", default="256,128", help="hidden layer widths (default 256,128)")
    ap.add_argument("--epochs", type=int, default=30, help="at most this many passes (default 30)")
    ap.add_argument("--max-rows", type=int, default=0, help="use at most this many rows (0: all)")
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--alpha", type=float, default=1e-5, help="L2 penalty")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", default="", help="start from these weights (a PREFIX.bin of the same shape)")
    ap.add_argument("--pretrain", nargs="+", default=[], help="matrices to learn from first")
    ap.add_argument("--pretrain-epochs", type=int, default=3, help="passes over them (default 3)")
    ap.add_argument("--pretrain-rows", type=int, default=0, help="use at most this many of their rows (0: all)")
    ap.add_argument("--data-note", default="", help="where the matrix came from, for PREFIX.txt")
    args = ap.parse_args()

    xs, ys = zip(*(read_matrix(m) for m in args.matrix))
    x = np.concatenate(xs)
    y = np.concatenate(ys)
    # `ddz encode` writes rows game by game, and the positions of one game share its outcome:
    # a random split would test the network on games it has seen. The held-out and the
    # validation parts are whole games: the last 5% of the rows, and the 5% before them.
    n = len(x)
    test = max(1, n // 20)
    val = max(1, n // 20)
    x_test, y_test = x[n - test :], y[n - test :]
    x_val, y_val = x[n - test - val : n - test], y[n - test - val : n - test]
    x_train, y_train = x[: n - test - val], y[: n - test - val]
    if args.net == "hidden":
        # Fitted on the shares only; the extra columns weigh and judge them.
        y_train = y_train[:, :HIDDEN_OUTPUTS]
        y_fit_val = y_val[:, :HIDDEN_OUTPUTS]
    else:
        y_fit_val = y_val
    rng = np.random.default_rng(args.seed)
    if args.max_rows and len(x_train) > args.max_rows:
        keep = rng.permutation(len(x_train))[: args.max_rows]
        x_train, y_train = x_train[keep], y_train[keep]
    hidden = tuple(int(h) for h in args.hidden.split(",") if h)
    outputs = y_train.shape[1]

    def validation_score():
        # The hidden-hand network is judged by its log loss per card (less is better), the
        # others by R².
        if args.net == "hidden":
            return -hidden_log_loss(hidden_chances(model, x_val), y_val)
        return model.score(x_val, y_fit_val)

    print(
        f"train.py: {args.net} network {x.shape[1]}→{'→'.join(map(str, hidden))}→{outputs}; "
        f"{len(x_train)} training rows, {len(x_val)} validation, {len(x_test)} held out (whole games); "
        f"seed {args.seed}; scikit-learn {sklearn.__version__}, numpy {np.__version__}",
        flush=True,
    )
    model = MLPRegressor(
        hidden_layer_sizes=hidden,
        activation="relu",
        solver="adam",
        alpha=args.alpha,
        batch_size=args.batch,
        learning_rate_init=args.lr,
        random_state=args.seed,
    )
    start = time.time()
    lines = []
    best, best_params = -np.inf, None
    if args.init:
        # The model's shapes come from a first partial_fit on one batch; then the weights are the
        # file's (learning again from a network already trained, e.g. the one in the binary).
        model.partial_fit(x_train[: args.batch], y_train[: args.batch])
        coefs, intercepts = read_weights(args.init)
        if [w.shape for w in coefs] != [w.shape for w in model.coefs_]:
            sys.exit(f"train.py: {args.init} is not a network of this shape")
        model.coefs_, model.intercepts_ = coefs, intercepts
        score = validation_score()
        print(f"initial weights {args.init}: validation score {score:.4f}", flush=True)
        lines.append(f"started from {args.init}: validation score {score:.4f}")
        best, best_params = score, snapshot(model)
    # Pretraining: passes over the other matrices, judged on this data's validation games; the
    # main stage starts from the best of them.
    if args.pretrain:
        pxs, pys = zip(*(read_matrix(m) for m in args.pretrain))
        px, py = np.concatenate(pxs), np.concatenate(pys)
        del pxs, pys
        if px.shape[1] != x.shape[1] or py.shape[1] != y.shape[1]:
            sys.exit("train.py: the --pretrain matrices are not of the --matrix shape")
        if args.pretrain_rows and len(px) > args.pretrain_rows:
            keep = rng.permutation(len(px))[: args.pretrain_rows]
            px, py = px[keep], py[keep]
        print(f"pretraining on {len(px)} rows of {' '.join(args.pretrain)}", flush=True)
        for epoch in range(args.pretrain_epochs):
            order = rng.permutation(len(px))
            model.partial_fit(px[order], py[order][:, :outputs])
            score = validation_score()
            print(f"pretrain epoch {epoch + 1}: loss {model.loss_:.4f}, validation score {score:.4f}", flush=True)
            if score > best + 1e-4:
                best, best_params = score, snapshot(model)
        del px, py
        model.coefs_, model.intercepts_ = (
            [w.copy() for w in best_params[0]],
            [b.copy() for b in best_params[1]],
        )
        lines.append(
            f"pretrained in {time.time() - start:.0f} s, {args.pretrain_epochs} epochs on "
            f"{' '.join(args.pretrain)}: best validation R² {best:.4f} (this data's games)"
        )
    # One pass over the shuffled training rows per epoch (scikit-learn's partial_fit), the
    # weights of the best validation score kept, stopping after PATIENCE epochs without gain.
    stale, epochs = 0, 0
    for epoch in range(args.epochs):
        order = rng.permutation(len(x_train))
        model.partial_fit(x_train[order], y_train[order])
        epochs = epoch + 1
        score = validation_score()
        print(f"epoch {epochs}: loss {model.loss_:.4f}, validation score {score:.4f}", flush=True)
        if score > best + 1e-4:
            best, stale = score, 0
            best_params = snapshot(model)
        else:
            stale += 1
            if stale >= PATIENCE:
                break
    model.coefs_, model.intercepts_ = best_params
    seconds = time.time() - start
    measure = "−log loss per card" if args.net == "hidden" else "R²"
    lines.append(
        f"trained in {seconds:.0f} s, {epochs} epochs, best validation {measure} {best:.4f} (whole games)"
    )
    if args.net == "hidden":
        lines += hidden_figures("held out (whole games)", model, x_test, y_test)
    else:
        lines += figures("held out (whole games)", model, x_test, y_test)
    for line in lines:
        print(line, flush=True)

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    write_weights(args.out + ".bin", model)
    write_check(args.out + ".check", model, x_test[:CHECK_ROWS])
    try:
        commit = subprocess.run(
            ["git", "-C", os.path.dirname(os.path.abspath(__file__)), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    with open(args.out + ".txt", "w") as f:
        f.write(f"# The {args.net} network\n")
        f.write(f"command: python3 {shlex.join(sys.argv)}\n")
        f.write(f"data: {args.data_note or ' '.join(args.matrix)}\n")
        if args.init:
            f.write(f"started from: {args.init}\n")
        if args.pretrain:
            f.write(f"pretrained on: {' '.join(args.pretrain)}\n")
        f.write(f"rows: {len(x_train)} training, {len(x_val)} validation, {len(x_test)} held out "
                f"(whole games); seed {args.seed}\n")
        f.write(f"shape: {x.shape[1]} → {' → '.join(map(str, hidden))} → {outputs} (ReLU), "
                f"{sum(w.size + b.size for w, b in zip(model.coefs_, model.intercepts_))} parameters\n")
        f.write(f"commit: {commit}; scikit-learn {sklearn.__version__}, numpy {np.__version__}\n")
        for line in lines:
            f.write(line + "\n")
    print(f"train.py: wrote {args.out}.bin, .check, .txt")


if __name__ == "__main__":
    main()
