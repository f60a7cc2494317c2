// The cumulative score chart: one line per player, round by round, as inline SVG.

import { h, s } from "./dom.js";

// the seats' colours, as on the score pad's names (pad.css .seat-c1 ...)
export const COLOURS = ["#f4b942", "#5ec8f2", "#f2728c", "#7bd88f", "#c59af5", "#f59a5e", "#4fd1c5", "#e8e36a"];

export function chart(players, rounds) {
  const width = 320, height = 170, left = 34, right = 8, top = 8, bottom = 22;
  const sums = players.map(() => [0]);
  for (const r of rounds) {
    r.scores.forEach((v, i) => sums[i].push(sums[i][sums[i].length - 1] + (v || 0)));
  }
  const max = Math.max(1, ...sums.flat());
  const min = Math.min(0, ...sums.flat());
  const x = (i) => left + (i * (width - left - right)) / Math.max(1, rounds.length);
  const y = (v) => top + ((max - v) * (height - top - bottom)) / (max - min || 1);
  const grid = [...new Set([min, Math.round((min + max) / 2), max])].map((v) => [
    s("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), stroke: "#2b323c" }),
    s("text", { x: left - 4, y: y(v) + 4, "text-anchor": "end", fill: "#9aa3ad", "font-size": 10 }, String(v)),
  ]);
  const labels = rounds.map((r, i) =>
    s("text", { x: x(i + 1), y: height - 6, "text-anchor": "middle", fill: "#9aa3ad", "font-size": 10 }, String(r.round)),
  );
  const lines = sums.map((series, p) =>
    s("polyline", {
      points: series.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      fill: "none",
      stroke: COLOURS[p % COLOURS.length],
      "stroke-width": 2.5,
      "stroke-linejoin": "round",
    }),
  );
  const svg = s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "cumulative totals by round" },
    grid,
    labels,
    lines,
  );
  const legend = h(
    "div",
    { class: "legend" },
    players.map((name, p) => {
      const swatch = h("i");
      swatch.style.background = COLOURS[p % COLOURS.length];
      return h("span", {}, swatch, `${name} ${sums[p][sums[p].length - 1]}`);
    }),
  );
  return h("div", {}, svg, legend);
}
