"""The phone in the world renderer: where it stands, the light it sees, and its lens, sensor
and JPEG encoder.

The table is a plane drawn on a *canvas* (pixels of the table seen from straight above). A
pinhole camera tilted ``slant`` degrees from straight down, turned ``yaw`` about the vertical,
maps the canvas into the photo by one homography; the canvas covers exactly what the photo
sees. Objects standing up from the table (a tile's thickness, a tile on edge) are drawn
where the camera sees their raised top: ``raised(points, height)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CANVAS_AREA = 1.8  # the canvas holds at most this many times the photo's pixels
FAR_RAY = 72  # degrees from straight down of the photo's far edge (the lens narrows to keep it)


@dataclass(frozen=True)
class Camera:
    """The homography from canvas to photo and the camera's place over the canvas."""

    homography: np.ndarray  # 3x3, canvas pixels -> photo pixels
    canvas_size: tuple[int, int]  # (width, height)
    photo_size: tuple[int, int]
    ground: np.ndarray  # the point on the table straight below the camera, canvas px
    height: float  # the camera's height over the table, canvas px
    slant: float  # degrees from straight down
    yaw: float
    fov: float  # horizontal-or-long-side field of view, degrees

    def to_photo(self, points) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(pts, self.homography)[:, 0, :].astype(np.float32)

    def to_canvas(self, points) -> np.ndarray:
        pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
        inverse = np.linalg.inv(self.homography)
        return cv2.perspectiveTransform(pts, inverse)[:, 0, :].astype(np.float32)

    def raised(self, points, height: float) -> np.ndarray:
        """Where on the canvas the camera sees ``points`` lifted ``height`` px off the table."""
        pts = np.asarray(points, np.float64)
        k = height / max(self.height - height, 1e-6)
        return (pts + (pts - self.ground) * k).astype(np.float32)

    def scale_at(self, photo_point) -> float:
        """Photo pixels per canvas pixel around a point of the photo."""
        c = self.to_canvas([photo_point])[0]
        p = self.to_photo([c, c + (1, 0), c + (0, 1)])
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        return float(np.sqrt(abs(ax * by - ay * bx)))

    def in_frame(self, photo_points, margin: float = 2.0) -> bool:
        w, h = self.photo_size
        p = np.asarray(photo_points)
        return bool(
            (p[:, 0] >= margin).all()
            and (p[:, 1] >= margin).all()
            and (p[:, 0] <= w - 1 - margin).all()
            and (p[:, 1] <= h - 1 - margin).all()
        )


def _rotation_x(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def _rotation_y(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def place_camera(
    photo_size: tuple[int, int], slant: float, yaw: float, roll: float, fov: float
) -> Camera:
    """A camera ``slant`` degrees from straight down with a ``fov``-degree lens on its long
    side; the lens is narrowed if the top of the photo would otherwise reach the horizon."""
    w, h = photo_size
    long_side = max(w, h)
    f = long_side / 2 / np.tan(np.deg2rad(fov) / 2)
    top_ray = np.degrees(np.arctan(h / 2 / f))
    if slant + top_ray > FAR_RAY:  # keep the far edge of the photo well short of the horizon
        f = h / 2 / np.tan(np.deg2rad(FAR_RAY - slant))
        fov = float(np.degrees(2 * np.arctan(long_side / 2 / f)))
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    # world: x right, y down the photo, z into the table; the camera looks along +z when
    # straight down and tilts to look up the photo (towards -y). The canvas stays square to
    # the camera (the smallest canvas that covers the photo); the table's turn under the
    # camera, ``yaw``, is the background's turn on the canvas, done by the caller.
    tilt = _rotation_x(np.deg2rad(slant))
    turn = _rotation_y(np.deg2rad(roll)) @ tilt.T
    d = f  # the camera's distance from the table along its axis: 1 canvas px = 1 px mid-photo
    plane = k @ np.column_stack([turn[:, 0], turn[:, 1], [0, 0, d]])
    corners = np.float64([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]])
    seen = cv2.perspectiveTransform(corners, np.linalg.inv(plane))[:, 0, :]
    low, high = seen.min(axis=0), seen.max(axis=0)
    area = float(np.prod(high - low))
    s = min(1.0, np.sqrt(CANVAS_AREA * w * h / area))
    size = (int(np.ceil((high[0] - low[0]) * s)) + 2, int(np.ceil((high[1] - low[1]) * s)) + 2)
    to_plane = np.array([[1 / s, 0, low[0] - 1 / s], [0, 1 / s, low[1] - 1 / s], [0, 0, 1]])
    homography = plane @ to_plane
    centre_3d = -d * turn[2, :]  # the camera centre, in table coordinates around the aim point
    ground = (centre_3d[:2] - (low - 1 / s)) * s
    return Camera(
        homography=homography / homography[2, 2],
        canvas_size=size,
        photo_size=(w, h),
        ground=ground,
        height=float(-centre_3d[2] * s),
        slant=float(slant),
        yaw=float(yaw),
        fov=float(fov),
    )


def light(rng: np.random.Generator, photo: np.ndarray, kind: str) -> tuple[np.ndarray, dict]:
    """The room's light on the photo (uint8 in, float32 out): colour, level, falloff, a
    vignette, a soft shadow (a hand, the phone) and glare spots."""
    h, w = photo.shape[:2]
    sh, sw = max(2, h // 8), max(2, w // 8)
    yy = np.linspace(-0.5, 0.5, sh, dtype=np.float32)[:, None]
    xx = np.linspace(-0.5, 0.5, sw, dtype=np.float32)[None, :]
    level = {"dim": (0.3, 0.6), "glaring": (1.05, 1.35)}.get(kind, (0.8, 1.1))
    gain = np.full((sh, sw), rng.uniform(*level), np.float32)
    a = rng.uniform(0, 2 * np.pi)
    gain *= 1 + rng.uniform(0, 0.5) * (xx * np.cos(a) + yy * np.sin(a))
    gain *= 1 - rng.uniform(0, 0.5) * (xx**2 + yy**2) * 2
    meta = {"light": kind}
    tint = {
        "warm": (0.82, 0.98, 1.08),
        "cold": (1.15, 1.0, 0.85),
    }.get(kind, (1.0, 1.0, 1.0))
    tint = np.array(tint, np.float32) * rng.uniform(0.95, 1.05, 3).astype(np.float32)
    gains = gain[..., None] * tint
    if rng.random() < 0.4:  # a soft shadow falling across part of the table
        cx, cy = rng.uniform(-0.5, 0.5, 2)
        rx, ry = rng.uniform(0.15, 0.45, 2)
        blob = np.exp(-((((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2) ** 2))
        depth = rng.uniform(0.25, 0.55)
        shade = np.array([1.0, 0.85, 0.8], np.float32)  # shadows lit by the sky turn blue
        gains *= (1 - depth * blob[..., None] * shade).astype(np.float32)
        meta["shadow"] = round(float(depth), 2)
    gains = cv2.resize(gains, (w, h), interpolation=cv2.INTER_LINEAR)
    out = photo.astype(np.float32)
    out *= gains
    spots = int(rng.integers(1, 4)) if kind == "glaring" else int(rng.random() < 0.25)
    for _ in range(spots):  # a lamp reflected in a shiny table or tile
        g = np.zeros((sh, sw), np.float32)
        centre = (int(rng.uniform(0, sw)), int(rng.uniform(0, sh)))
        axes = (max(1, int(sw * rng.uniform(0.02, 0.12))), max(1, int(sh * rng.uniform(0.02, 0.1))))
        cv2.ellipse(g, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        g = cv2.GaussianBlur(g, (0, 0), max(axes) * 0.6 + 0.5)
        g = cv2.resize(g, (w, h), interpolation=cv2.INTER_LINEAR)
        out += (rng.uniform(80, 220) * g)[..., None]
    meta["glare_spots"] = spots
    return out, meta


def lens_and_sensor(rng: np.random.Generator, photo: np.ndarray, dim: bool):
    """Focus, shake, sensor noise and JPEG: float32 photo in, BGR uint8 out."""
    h, w = photo.shape[:2]
    scale = max(h, w) / 1920
    meta = {}
    blur = 0.0
    if rng.random() < 0.4:
        blur = float(rng.uniform(0.5, 2.5) * scale)
        photo = cv2.GaussianBlur(photo, (0, 0), blur)
    motion = 0
    if rng.random() < 0.2:
        motion = int(rng.integers(3, 14) * scale) | 1
        kernel = np.zeros((motion, motion), np.float32)
        a = rng.uniform(0, np.pi)
        c = motion // 2
        dx, dy = np.cos(a) * c, np.sin(a) * c
        cv2.line(kernel, (int(c - dx), int(c - dy)), (int(c + dx), int(c + dy)), 1.0, 1)
        photo = cv2.filter2D(photo, -1, kernel / kernel.sum())
    meta["defocus_sigma"] = round(blur, 2)
    meta["motion_px"] = motion
    sigma = float(rng.uniform(4, 12) if dim else rng.uniform(1, 5))
    grain = rng.standard_normal((h, w), dtype=np.float32)
    grain *= sigma
    photo += grain[..., None]
    chroma = rng.standard_normal((h // 4 + 1, w // 4 + 1, 3), dtype=np.float32)
    chroma = cv2.resize(chroma, (w, h), interpolation=cv2.INTER_LINEAR)
    chroma *= sigma * 0.5
    photo += chroma
    meta["noise_sigma"] = round(sigma, 2)
    image = np.clip(photo, 0, 255).astype(np.uint8)
    meta["sharpened"] = bool(rng.random() < 0.4)
    if meta["sharpened"]:  # the phone's own sharpening: a light halo along every edge
        soft = cv2.GaussianBlur(image, (0, 0), rng.uniform(1.0, 2.5) * scale)
        amount = rng.uniform(0.3, 0.9)
        image = cv2.addWeighted(image, 1 + amount, soft, -amount, 0)
    quality = int(rng.integers(40, 96))
    meta["jpeg_quality"] = quality
    image = _jpeg(image, quality)
    meta["resent_at"] = 1.0
    if rng.random() < 0.12:  # sent on through a messenger: shrunk, squeezed again, enlarged
        k = float(rng.uniform(0.3, 0.6))
        small = cv2.resize(
            image, (max(8, int(w * k)), max(8, int(h * k))), interpolation=cv2.INTER_AREA
        )
        small = _jpeg(small, int(rng.integers(40, 80)))
        image = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
        meta["resent_at"] = round(k, 2)
    return image, meta


def _jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)
