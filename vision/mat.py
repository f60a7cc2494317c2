"""The printable scoring mat: four ArUco markers around the scoring zone, as PDF or PNG.

Markers 0..3 (ArUco 4x4, the dictionary vision.calibration looks for) sit in the corners,
clockwise from top left, upright; the scoring zone is the rectangle between their inner
corners. A strip between the top markers carries a 100 mm scale bar, to check the print
came out at actual size, and one between the bottom markers says what the mat is.

>>> layout = mat_layout("A3")
>>> layout.zone_mm
(326.0, 203.0)
>>> write_mat(layout, "mat.pdf")   # doctest: +SKIP
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError

PAGES_MM = {"A4": (297.0, 210.0), "A3": (420.0, 297.0), "A2": (594.0, 420.0)}
MARGIN_MM = 10.0  # white paper around the markers: printers cannot print to the edge
PNG_PX_PER_MM = 300 / 25.4  # 300 dpi
SCALE_BAR_MM = 100.0
EDGE_GAP_MM = 5.0
POINTS_PER_MM = 72 / 25.4


class MatSizeError(CompanionError):
    """A mat size that is not A4, A3, A2 or WIDTHxHEIGHT in millimetres."""


@dataclass(frozen=True)
class MatLayout:
    name: str
    page_mm: tuple[float, float]
    marker_mm: float
    margin_mm: float = MARGIN_MM

    @property
    def zone_mm(self) -> tuple[float, float]:
        """The scoring zone: between the markers' inner corners (camera.mat_size_mm)."""
        edge = 2 * (self.margin_mm + self.marker_mm)
        return self.page_mm[0] - edge, self.page_mm[1] - edge

    def marker_origins_mm(self) -> list[tuple[float, float]]:
        """Top-left corner of markers 0..3: top left, top right, bottom right, bottom left."""
        w, h = self.page_mm
        near = self.margin_mm
        far_x, far_y = w - near - self.marker_mm, h - near - self.marker_mm
        return [(near, near), (far_x, near), (far_x, far_y), (near, far_y)]

    def zone_corners_mm(self) -> np.ndarray:
        """The zone's corners on the page, clockwise from top left."""
        inset = self.margin_mm + self.marker_mm
        w, h = self.page_mm
        return np.float32(
            [[inset, inset], [w - inset, inset], [w - inset, h - inset], [inset, h - inset]]
        )

    def zone_edges_mm(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The zone's outline as four lines that stop short of the markers (a line touching
        a marker would join it in the camera's eye and hide it)."""
        corners = self.zone_corners_mm()
        edges = []
        for start, end in zip(corners, np.roll(corners, -1, axis=0), strict=True):
            step = (end - start) / np.linalg.norm(end - start) * EDGE_GAP_MM
            a, b = start + step, end - step
            edges.append(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))))
        return edges


def mat_layout(size: str) -> MatLayout:
    """The layout for a page: ``A4``, ``A3``, ``A2`` (landscape) or ``600x400`` (mm)."""
    text = size.strip().upper().replace(" ", "")
    if text in PAGES_MM:
        page = PAGES_MM[text]
    else:
        found = re.fullmatch(r"(\d+(?:\.\d+)?)[X×*](\d+(?:\.\d+)?)(?:MM)?", text)
        if not found:
            raise MatSizeError(f"mat size {size!r}: use A4, A3, A2 or WIDTHxHEIGHT in mm (600x400)")
        page = (float(found[1]), float(found[2]))
        if page[0] < page[1]:
            page = (page[1], page[0])  # the mat lies landscape under the camera
        if page[1] < 150 or page[0] > 2000:
            raise MatSizeError(f"mat size {size!r}: from 150 mm to 2000 mm a side")
    # markers about an eighth of the short side: big enough for a camera a metre up
    marker = float(min(60, max(25, round(page[1] / 8))))
    return MatLayout(text if text in PAGES_MM else f"{page[0]:g}x{page[1]:g} mm", page, marker)


def _marker_cells(marker: int) -> np.ndarray:
    """The marker as 6x6 cells (its black border included): True where black."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    return cv2.aruco.generateImageMarker(dictionary, marker, 6) < 128


def _caption(layout: MatLayout) -> str:
    zone_w, zone_h = layout.zone_mm
    return (
        f"Train Companion scoring mat, {layout.name}: scoring zone {zone_w:g} x {zone_h:g} mm. "
        "Print at actual size (100 %), then check the bar above is 100 mm."
    )


def render_mat(layout: MatLayout, px_per_mm: float = PNG_PX_PER_MM) -> np.ndarray:
    """The mat as a white BGR image, ``px_per_mm`` pixels to the millimetre."""
    w, h = (round(v * px_per_mm) for v in layout.page_mm)
    image = np.full((h, w, 3), 255, np.uint8)
    side = round(layout.marker_mm * px_per_mm)
    for marker, (x, y) in enumerate(layout.marker_origins_mm()):
        cells = _marker_cells(marker).astype(np.uint8) * 255
        block = cv2.resize(255 - cells, (side, side), interpolation=cv2.INTER_NEAREST)
        x0, y0 = round(x * px_per_mm), round(y * px_per_mm)
        image[y0 : y0 + side, x0 : x0 + side] = block[..., None]
    for (x0, y0), (x1, y1) in layout.zone_edges_mm():
        start, end = (
            (round(x0 * px_per_mm), round(y0 * px_per_mm)),
            (round(x1 * px_per_mm), round(y1 * px_per_mm)),
        )
        cv2.line(image, start, end, (170, 170, 170), max(1, round(0.3 * px_per_mm)))
    bar_y = round((layout.margin_mm + layout.marker_mm / 2) * px_per_mm)
    bar_x0 = round((layout.page_mm[0] - SCALE_BAR_MM) / 2 * px_per_mm)
    bar_x1 = bar_x0 + round(SCALE_BAR_MM * px_per_mm)
    cv2.rectangle(image, (bar_x0, bar_y), (bar_x1, bar_y + round(px_per_mm)), (0, 0, 0), -1)
    scale = 0.08 * px_per_mm
    text_y = round((layout.page_mm[1] - layout.margin_mm - layout.marker_mm / 2) * px_per_mm)
    text_x = round((layout.margin_mm + layout.marker_mm + 3) * px_per_mm)
    cv2.putText(
        image, _caption(layout), (text_x, text_y), cv2.FONT_HERSHEY_SIMPLEX, scale,
        (90, 90, 90), max(1, round(px_per_mm / 6)), cv2.LINE_AA,
    )  # fmt: skip
    return image


def write_mat(layout: MatLayout, path: str | Path) -> Path:
    """Write the mat as ``.pdf`` (vector, exact size) or ``.png`` (300 dpi, size recorded)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        data = mat_pdf(layout)
    elif suffix == ".png":
        ok, encoded = cv2.imencode(".png", render_mat(layout))
        if not ok:
            raise CompanionError("cannot encode the mat as PNG")
        data = _with_resolution(encoded.tobytes(), PNG_PX_PER_MM)
    else:
        raise MatSizeError(f"{path}: the mat is written as .pdf or .png")
    try:
        path.write_bytes(data)
    except OSError as error:
        raise CompanionError(f"cannot write the mat to {path}: {error.strerror}") from None
    return path


def _with_resolution(png: bytes, px_per_mm: float) -> bytes:
    """Add a pHYs chunk after IHDR, so a viewer prints the PNG at its real size."""
    per_metre = round(px_per_mm * 1000)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    end_of_ihdr = 8 + 25
    return png[:end_of_ihdr] + chunk + png[end_of_ihdr:]


def mat_pdf(layout: MatLayout) -> bytes:
    """A one-page vector PDF of the mat: the markers as filled squares, exact to the mm."""
    w_mm, h_mm = layout.page_mm
    k = POINTS_PER_MM

    def box(x: float, y: float, w: float, h: float) -> str:  # mm from the top left
        return f"{x * k:.3f} {(h_mm - y - h) * k:.3f} {w * k:.3f} {h * k:.3f} re"

    drawing = ["0 g"]
    cell = layout.marker_mm / 6
    for marker, (x, y) in enumerate(layout.marker_origins_mm()):
        for row, col in zip(*np.nonzero(_marker_cells(marker)), strict=True):
            drawing.append(box(x + col * cell, y + row * cell, cell, cell))
    drawing.append("f")
    drawing += ["0.67 G", f"{0.3 * k:.3f} w"]
    for (x0, y0), (x1, y1) in layout.zone_edges_mm():
        drawing.append(
            f"{x0 * k:.3f} {(h_mm - y0) * k:.3f} m {x1 * k:.3f} {(h_mm - y1) * k:.3f} l S"
        )
    bar_y = layout.margin_mm + layout.marker_mm / 2
    drawing += ["0 g", box((w_mm - SCALE_BAR_MM) / 2, bar_y, SCALE_BAR_MM, 1.0), "f"]
    text_x = (layout.margin_mm + layout.marker_mm + 3) * k
    text_y = (layout.margin_mm + layout.marker_mm / 2) * k
    caption = _caption(layout).replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    drawing += ["0.35 g", f"BT /F1 8 Tf {text_x:.3f} {text_y:.3f} Td ({caption}) Tj ET"]
    content = zlib.compress("\n".join(drawing).encode("ascii"))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w_mm * k:.2f} {h_mm * k:.2f}] "
            "/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>"
        ).encode(),
        f"<< /Length {len(content)} /Filter /FlateDecode >>\nstream\n".encode()
        + content
        + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)
