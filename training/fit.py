"""Fitting a small classifier on the CPU and writing it as ONNX: shared by the verifier
(tile or not a tile) and the pip counter (how many pips a half has)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from training import realsets


def fit(
    net,
    x: np.ndarray,
    y: np.ndarray,
    seed: int,
    epochs: int,
    out: Path | None,
    augment: Callable,
    class_weights: np.ndarray | None = None,
    batch_size: int = 128,
    averaged: int = 0,
) -> tuple[object, dict]:
    """Train ``net`` (its ``logits(x)``; ``forward`` gives chances) on float patches ``x``
    and class numbers ``y``, a tenth held out at random; write it to ``out`` (None: not
    written). Returns the trained network and the figures.

    With ``averaged`` epochs more at a small steady rate, the weights written are the mean
    of those epochs' ends (stochastic weight averaging), its batch norms measured again: a
    flatter fit than any one epoch's end, less at the mercy of the seed."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    use_both_cores()
    order = np.random.default_rng(seed).permutation(len(y))
    x_all, y_all = torch.from_numpy(x[order]), torch.from_numpy(y[order].astype(np.int64))
    held = max(1, len(y) // 10)
    weights = None if class_weights is None else torch.tensor(class_weights, dtype=torch.float32)
    loss_of = nn.CrossEntropyLoss(weight=weights)
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, max(1, epochs))
    x_train, y_train = x_all[held:], y_all[held:]
    starts = range(0, len(y_train), batch_size)

    def one_pass(optimiser) -> None:
        """One epoch over the training examples in order, each batch augmented."""
        net.train()
        for s in starts:
            optimiser.zero_grad()
            batch = augment(x_train[s : s + batch_size])
            loss_of(net.logits(batch), y_train[s : s + batch_size]).backward()
            optimiser.step()

    for epoch in range(epochs):
        one_pass(optimiser)
        schedule.step()
        accuracy = accuracy_of(net, x_all[:held], y_all[:held])
        print(f"  epoch {epoch + 1}/{epochs}: held-out accuracy {accuracy:.3f}", flush=True)
    if averaged:
        batches = (x_train[s : s + batch_size] for s in starts)
        net = _averaged(net, averaged, one_pass, batches)
    figures = {
        "examples": len(y),
        "held_out_accuracy": round(accuracy_of(net, x_all[:held], y_all[:held]), 4),
    }
    if out is not None:
        export(net, x_all[:1], out)
        figures["bytes"] = out.stat().st_size
    return net, figures


def _averaged(net, epochs: int, one_pass: Callable, batches):
    """``epochs`` more epochs (``one_pass``) of Adam at 2e-4, the weights averaged over their
    ends, the batch norms measured again on ``batches``."""
    import torch
    from torch.optim.swa_utils import AveragedModel, update_bn

    mean = AveragedModel(net)
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-4, weight_decay=1e-4)
    for epoch in range(epochs):
        one_pass(optimiser)
        mean.update_parameters(net)
        print(f"  averaged epoch {epoch + 1}/{epochs}", flush=True)
    update_bn(batches, mean.module)
    return mean.module


def use_both_cores() -> None:
    """Train on two threads, unless OMP_NUM_THREADS says otherwise (as OpenMP programs do:
    a busy machine, such as the test suite's workers, asks for one)."""
    import torch

    if "OMP_NUM_THREADS" not in os.environ:
        torch.set_num_threads(2)


def export(net, example, out: Path) -> None:
    """Write ``net`` as ONNX (opset 13, any number of patches), for cv2.dnn."""
    import torch

    net.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        example,
        str(out),
        input_names=["patch"],
        output_names=["chance"],
        dynamic_axes={"patch": {0: "n"}, "chance": {0: "n"}},
        opset_version=13,
        dynamo=False,
    )


def accuracy_of(net, x, y) -> float:
    import torch

    net.eval()
    with torch.no_grad():
        right = sum(
            int((net.logits(x[i : i + 512]).argmax(1) == y[i : i + 512]).sum())
            for i in range(0, len(y), 512)
        )
    return right / max(1, len(y))


def progress_printer(quiet: bool, every: int) -> Callable[[int, int, str], None]:
    """A ``progress(done, total, what)`` that prints every ``every`` items to stderr."""

    def progress(done: int, total: int, what: str) -> None:
        if not quiet and (done == total or done % every == 0):
            print(f"  {done}/{total} {what}", file=sys.stderr, flush=True)

    return progress


def command_line(
    description: str, default_out: Path, build, argv: list[str] | None, seed: int = 7
) -> int:
    """The training scripts' command line: --quick, --seed, --exclude (a fold), --out; then
    ``build(exclude, seed, quick, out)``'s figures on one line."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="a one-minute run of the whole path")
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--exclude", action="append", default=[], metavar="OWNER/REPO")
    parser.add_argument("--out", type=Path, default=default_out)
    args = parser.parse_args(argv)
    if not args.quick and not realsets.train_photos():
        parser.error(
            f"no labelled real photos in {realsets.DATA / 'train-real'}: the shipped models"
            " learn from them; train in a checkout that lies beside shared/, or try --quick"
        )
    figures = build(set(args.exclude), args.seed, args.quick, args.out)
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 0
