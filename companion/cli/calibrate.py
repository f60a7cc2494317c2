"""``train-companion calibrate``: print the scoring mat, then find it under the camera.

    train-companion calibrate --print mat.pdf --size A3     # print it at actual size
    sudo train-companion calibrate --size A3                # lay it under the camera, then

The second form takes a frame (or ``--photo FILE``), finds the mat's four markers, writes
the scoring zone's corners and size into the config (``[camera] mat_corners`` and
``mat_size_mm``, the rest of the file untouched) and a preview picture with the zone
outlined and a verdict on the light: "good", "too dark", "glare at top left".
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path

from companion.config import load_config
from companion.errors import CompanionError, ConfigError

SYSTEM_CONFIG = Path("/etc/train-companion/config.toml")
DEFAULT_PREVIEW = Path("mat-preview.jpg")


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "calibrate",
        help="print the scoring mat, or find it under the camera and store where it is",
        description="With --print: write the printable scoring mat. Otherwise: take a frame "
        "(or --photo), find the mat's markers, store the scoring zone in the config and "
        "write a preview with a verdict on the light. Stop the service first: it holds the "
        "camera.",
    )
    parser.add_argument(
        "--print", dest="print_to", type=Path, metavar="FILE", help="write the mat (.pdf or .png)"
    )
    parser.add_argument(
        "--size", help="the printed mat: A4, A3, A2 or WIDTHxHEIGHT in mm (default: the config's)"
    )
    parser.add_argument(
        "--config",
        type=Path,
        help=f"the config to store the mat in (default: {SYSTEM_CONFIG} if it exists)",
    )
    parser.add_argument("--photo", type=Path, help="find the mat in this photo, not the camera")
    parser.add_argument(
        "--preview",
        type=Path,
        default=DEFAULT_PREVIEW,
        help=f"where to write the preview picture (default: {DEFAULT_PREVIEW})",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    from vision.mat import mat_layout, write_mat

    layout = mat_layout(args.size) if args.size else None
    if args.print_to is not None:
        layout = layout or mat_layout("A3")
        write_mat(layout, args.print_to)
        zone_w, zone_h = layout.zone_mm
        print(
            f"wrote {args.print_to}: a {layout.name} mat, scoring zone {zone_w:g} x {zone_h:g} mm"
        )
        print("print it at actual size (100 %, no fit to page); the bar at the top is 100 mm")
        size = args.size or "A3"
        print(f"then, with the mat under the camera: train-companion calibrate --size {size}")
        return 0
    path = args.config
    if path is None and SYSTEM_CONFIG.exists():
        path = SYSTEM_CONFIG
    config = load_config(path if path is not None and path.exists() else None)  # or a new file
    size = layout.zone_mm if layout else config.mat_size_mm
    origin = f"a {layout.name} mat" if layout else f"camera.mat_size_mm in {config.source}"
    print(f"scoring zone: {size[0]:g} x {size[1]:g} mm ({origin}; --size A4 or A3 if not)")
    return calibrate(path, config.camera, size, args.photo, args.preview)


def calibrate(
    path: Path | None, camera: str, size: tuple[float, float], photo: Path | None, preview: Path
) -> int:
    import cv2

    from vision.calibration import (
        CalibrationError,
        check_lighting,
        draw_preview,
        find_markers,
        from_found_markers,
    )

    frame = _frame(camera, photo)
    seen = find_markers(frame)
    try:
        mat = from_found_markers(seen, size)
    except CalibrationError as error:
        mat, verdict, good = None, str(error), False
    else:
        lighting = check_lighting(mat.to_mat(frame))
        verdict, good = lighting.message, lighting.ok
    label = verdict if mat is None else f"mat {size[0]:g} x {size[1]:g} mm, light: {verdict}"
    picture = draw_preview(frame, seen, mat, label.split(":")[0] if mat is None else label, good)
    if not cv2.imwrite(str(preview), picture):
        raise CompanionError(f"cannot write the preview to {preview}")
    print(f"preview: {preview} (the scoring zone outlined)")
    if mat is None:
        print(f"train-companion: {verdict}", file=sys.stderr)
        return 1
    corners = [[round(float(x), 1), round(float(y), 1)] for x, y in mat.corners]
    print(f"light: {verdict}")
    if path is None:
        print("no config file to store it in: add these to [camera] in your config:")
        print(f"mat_corners = {corners}\nmat_size_mm = {[size[0], size[1]]}")
        return 0
    store_calibration(path, corners, size)
    print(f"stored the mat's corners and size in {path}")
    print("restart the service to use them: sudo systemctl restart train-companion")
    return 0


def _frame(camera: str, photo: Path | None):
    from vision.capture import CameraError, open_source
    from vision.photo import load_photo

    if photo is not None:
        return load_photo(photo)
    try:
        with open_source(camera) as source:
            return source.still()
    except CameraError as error:
        raise CompanionError(
            f"{error} (if the service is running it holds the camera: "
            "sudo systemctl stop train-companion)"
        ) from None


# --- the config file, edited in place -----------------------------------------------------


def store_calibration(path: Path, corners: list[list[float]], size: tuple[float, float]) -> None:
    """Write ``mat_corners`` and ``mat_size_mm`` into the ``[camera]`` table of ``path``,
    keeping every other line (and comment) as it was; the result is checked before it
    replaces the file, and keeps the file's owner and mode."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
    except OSError as error:
        raise CompanionError(f"cannot read {path}: {error.strerror}") from None
    values = {
        "mat_corners": "[" + ", ".join(f"[{x:g}, {y:g}]" for x, y in corners) + "]",
        "mat_size_mm": f"[{size[0]:g}, {size[1]:g}]",
    }
    text = set_camera_keys(text, values)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".config-", suffix=".toml")
    except OSError as error:
        raise CompanionError(f"cannot write {path} ({error.strerror}): run it with sudo") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        try:
            load_config(temporary, environ={})  # never leave a config the service refuses
        except ConfigError as error:
            raise CompanionError(
                f"{path} is left as it was: the edit would not load ({error})"
            ) from None
        if path.exists():
            status = path.stat()
            os.chmod(temporary, status.st_mode & 0o777)
            with contextlib.suppress(PermissionError):  # not root: the file stays ours
                os.chown(temporary, status.st_uid, status.st_gid)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


_TABLE = re.compile(r"^\s*\[\[?\s*[A-Za-z_\"']")  # a table's header, not an array's line
_CAMERA = re.compile(r"^\s*\[camera\]\s*(#.*)?$")


def set_camera_keys(text: str, values: dict[str, str]) -> str:
    """``text`` with each ``key = value`` of ``values`` set in its ``[camera]`` table."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if _CAMERA.match(line)), None)
    if start is None:
        if lines and lines[-1].strip():
            lines.append("")
        lines.append("[camera]")
        lines += [f"{key} = {value}" for key, value in values.items()]
        return "\n".join(lines) + "\n"
    for key, value in values.items():
        end = next((i for i in range(start + 1, len(lines)) if _TABLE.match(lines[i])), len(lines))
        assignment = re.compile(rf"^\s*{re.escape(key)}\s*=")
        at = next((i for i in range(start + 1, end) if assignment.match(lines[i])), None)
        if at is None:
            insert = end
            while insert > start + 1 and not lines[insert - 1].strip():
                insert -= 1
            lines.insert(insert, f"{key} = {value}")
            continue
        last = at  # a value written over several lines ends where its brackets close
        depth = lines[at].split("#")[0].count("[") - lines[at].split("#")[0].count("]")
        while depth > 0 and last + 1 < end:
            last += 1
            code = lines[last].split("#")[0]
            depth += code.count("[") - code.count("]")
        lines[at : last + 1] = [f"{key} = {value}"]
    return "\n".join(lines) + "\n"
