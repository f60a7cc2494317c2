// The engine as a domino: an SVG double with its pips, upright.

import { s } from "./dom.js";

// 3 x 3 grid positions (row, column) for 0 to 9 pips, as on a printed domino.
const LAYOUTS = {
  0: [], 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [0, 2], [2, 0], [2, 2]], 5: [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
  6: [[0, 0], [1, 0], [2, 0], [0, 2], [1, 2], [2, 2]],
  7: [[0, 0], [1, 0], [2, 0], [1, 1], [0, 2], [1, 2], [2, 2]],
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  9: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
};

function pips(count) {
  if (count <= 9) return { rows: 3, spots: LAYOUTS[count] };
  const rows = Math.ceil(count / 3);
  const spots = [];
  for (let i = 0; i < count; i++) spots.push([Math.floor(i / 3), i % 3]);
  return { rows, spots };
}

function half(count, top) {
  const { rows, spots } = pips(count);
  const r = rows > 4 ? 3 : rows > 3 ? 3.6 : 4.2;
  return spots.map(([row, col]) =>
    s("circle", {
      cx: 12 + col * 12,
      cy: top + 8 + (rows === 1 ? 14 : (row * 28) / (rows - 1)),
      r,
      fill: "#1a1a1a",
    }),
  );
}

export function domino(engine) {
  const [a, b] = String(engine).split("-").map(Number);
  return s(
    "svg",
    { viewBox: "0 0 48 92", role: "img", "aria-label": `engine ${engine}` },
    s("title", {}, `engine ${engine}`),
    s("rect", { x: 1, y: 1, width: 46, height: 90, rx: 7, fill: "#f4f1e8", stroke: "#777" }),
    s("line", { x1: 6, y1: 46, x2: 42, y2: 46, stroke: "#555", "stroke-width": 2 }),
    half(a, 1),
    half(b, 47),
  );
}
