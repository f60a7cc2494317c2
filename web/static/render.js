// Drawing the score pad from the state the companion sends (seats count from 1).

import { $, h, show } from "./dom.js";
import { domino } from "./glyph.js";
import { chart } from "./chart.js";

const MEASURES = { pips: "pips, lowest wins", tokens: "win tokens, most wins", points: "points, most wins" };
const PHASES = {
  setup: "Waiting for the host to set up a game.",
  playing: "",
  scoring: "Round over: lay your tiles on the mat to score.",
  between: "Round scored. The next round starts from the centerpiece or the host.",
  over: "Game over.",
};

// Each seat's colour, the same on every phone (classes, as the page allows no inline styles).
export function seatClass(seat) {
  return `seat-c${((seat - 1) % 8) + 1}`;
}

export function dot(seat) {
  return h("span", { class: `dot ${seatClass(seat)}`, "aria-hidden": "true" });
}

// A number for the page: never "null", "undefined" or "NaN".
export function shown(value, blank = "") {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : blank;
}

export function render(state, trail = []) {
  renderStatus(state);
  renderFirstTurns(state);
  renderPad(state);
  renderStandings(state);
  renderTrail(state, trail);
  renderWinner(state);
  renderChart(state);
  renderPhotos(state);
}

function renderStatus(state) {
  $("title").textContent = state.game ? state.title : "No game yet";
  const engine = $("engine");
  engine.replaceChildren(state.round && state.round.engine ? domino(state.round.engine) : "");
  const round = state.round ? `Round ${state.round.number}` : "";
  const dir = state.direction === "counter-clockwise" ? "↺ counter-clockwise" : "↻ clockwise";
  const engineText = state.round && state.round.engine ? ` · engine ${state.round.engine}` : "";
  $("round-line").textContent = state.round ? `${round}${engineText} · ${dir}` : "";
  const roll = state.last_roll
    ? ` · ${state.players[state.last_roll.seat - 1]} rolled ${state.last_roll.dice.join(" and ")}`
    : "";
  $("turn").replaceChildren(
    ...(state.turn
      ? [dot(state.turn.seat), `${state.turn.player}'s turn (seat ${state.turn.seat})${roll}`]
      : []),
  );
  let phase = PHASES[state.phase] || "";
  if (state.phase === "scoring" && state.scoring) {
    const waiting = state.scoring.waiting.map((seat) => state.players[seat - 1]);
    phase = `Round over: scoring ${waiting.join(", ")}.`;
  }
  if (state.phase === "over") phase = "";  // the winner card says it
  if (state.degraded && Object.keys(state.degraded).length) {
    phase += " " + Object.values(state.degraded).join("; ");
  }
  $("phase").textContent = phase;
  $("measure").textContent = state.measure ? `(${MEASURES[state.measure] || state.measure})` : "";
}

function names(state, seats) {
  const list = seats.map((seat) => state.players[seat - 1]);
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list.join("");
}

// Front Porch: a player out on the first turn lets everyone else take theirs first.
function renderFirstTurns(state) {
  const early = state.phase === "playing" ? state.out_on_first_turn : null;
  const banner = $("first-turns");
  show(banner, Boolean(early));
  if (!early) return;
  banner.replaceChildren(
    `${names(state, early.out)} went out on the first turn: everyone else plays their first turn.`,
    h("span", { class: "small" }, `Still to play: ${names(state, early.to_play)}. Then the hands are counted.`),
  );
}

function correctedCells(state) {
  return new Set((state.corrections || []).map((c) => `${c.round}:${c.seat}`));
}

function renderPad(state) {
  const table = $("pad");
  if (!state.game) {
    table.replaceChildren(h("caption", { class: "muted" }, "No scores yet."));
    return;
  }
  const leaders = new Set(state.leaders || []);
  const playing = state.phase === "playing"; // markers and taps belong to a round in play
  const markers = new Set(playing ? state.markers || [] : []);
  const tapped = new Set(playing ? state.last_tile || [] : []);
  const toMove = state.turn ? state.turn.seat : null;
  const current = state.round ? state.round.number : null;
  const readings = (state.scoring && state.scoring.readings) || {};
  const corrected = correctedCells(state);
  const pictures = new Map(); // the last photo of each cell's hand, to show when tapped
  for (const p of state.photos || []) if (p.picture) pictures.set(`${p.round}:${p.seat}`, p);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, "Round"),
    state.players.map((name, i) =>
      h(
        "th",
        { scope: "col", "data-seat": i + 1, class: `${seatClass(i + 1)}${i + 1 === toMove ? " to-move" : ""}`, title: `seat ${i + 1}` },
        dot(i + 1),
        name,
        markers.has(i + 1) ? h("span", { class: "badge marker", title: "marker out" }, "M") : null,
        tapped.has(i + 1) ? h("span", { class: "badge tile", title: "last tile" }, "1") : null,
      ),
    ),
  );
  const rows = (state.rounds || []).map((r) =>
    h(
      "tr",
      { class: r.round === current && state.phase !== "over" ? "current" : null, "data-round": r.round },
      h("td", {}, `${r.round}`, r.engine ? h("span", { class: "badge" }, r.engine) : null),
      r.scores.map((value, i) => {
        const reading = r.round === current ? readings[String(i + 1)] : null;
        const key = `${r.round}:${i + 1}`;
        const photo = pictures.get(key);
        const zoom = photo
          ? { "data-picture": `/photos/${photo.picture}`, "data-caption": `Round ${r.round}, ${state.players[i]}: ${shown(photo.total, "not read")}` }
          : {};
        if (value === null && reading) {
          return h("td", { class: "reading photo", "data-seat": i + 1, title: "read from a photo, not yet confirmed", ...zoom }, `${shown(reading.total)}?`);
        }
        const classes = [corrected.has(key) ? "corrected" : "", photo ? "photo" : ""].join(" ").trim();
        return h("td", { "data-seat": i + 1, class: classes || null, ...zoom }, shown(value));
      }),
    ),
  );
  const totals = h(
    "tr",
    {},
    h("td", {}, "Total"),
    state.players.map((name, i) =>
      h(
        "td",
        { "data-seat": i + 1, class: leaders.has(name) ? "leader" : null },
        leaders.has(name) ? "★ " : "",
        shown(state.totals[name], "0"),
      ),
    ),
  );
  table.className = state.players.length > 5 ? "pad many" : "pad";
  table.replaceChildren(h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, totals));
  renderKey(state, markers, tapped, corrected, pictures, leaders);
}

// What the marks on the pad mean, in words (a tooltip is no help on a phone).
function renderKey(state, markers, tapped, corrected, pictures, leaders) {
  const words = [];
  if (leaders.size) words.push("★ leads");
  if (markers.size) words.push("M: a marker is out on that player's train");
  if (tapped.size) words.push("1: one tile left");
  if (corrected.size) words.push("✎: score corrected (see below)");
  if (Object.keys((state.scoring && state.scoring.readings) || {}).length) words.push("17?: read from a photo, not yet confirmed");
  if (pictures.size) words.push("tap a score with a photo to see the hand");
  $("pad-legend").textContent = words.join(" · ");
  show($("pad-legend"), words.length > 0);
}

function renderStandings(state) {
  const list = $("standings");
  list.replaceChildren(
    ...(state.standings || [])
      .filter(() => (state.rounds || []).some((r) => r.scores.some((v) => v !== null)))
      .map((row) =>
        h("li", { class: row.place === 1 ? "first" : null, value: row.place }, `${row.player} · ${shown(row.total, "0")}`),
      ),
  );
}

function time(at) {
  if (!at) return "an earlier time";
  const d = new Date(at);
  return isNaN(d) ? at : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function renderTrail(state, trail) {
  const corrections = state.corrections || [];
  show($("trail"), corrections.length > 0);
  const before = new Map();
  const items = [];
  for (const entry of trail) {
    const key = `${entry.round}:${entry.seat}`;
    if (before.has(key)) {
      const name = state.players[entry.seat - 1];
      items.push(
        h("li", {}, `Round ${entry.round}, ${name}: ${before.get(key)} → ${entry.value}, by ${entry.by} at ${time(entry.at)}: “${entry.why}”`),
      );
    }
    before.set(key, entry.value);
  }
  if (!items.length) {
    for (const c of corrections) {
      const name = state.players[c.seat - 1];
      items.push(h("li", {}, `Round ${c.round}, ${name}: now ${c.value}, by ${c.by} at ${time(c.at)}: “${c.why}”`));
    }
  }
  $("trail-list").replaceChildren(...items);
}

const UNITS = { pips: "pips", tokens: "win tokens", points: "points" };

function renderWinner(state) {
  const over = state.phase === "over" && (state.winners || []).length > 0;
  show($("winner"), over);
  show($("status"), !over);
  if (!over) return;
  const many = state.winners.length > 1;
  $("winner-names").textContent = `${state.winners.join(" and ")} ${many ? "share the win!" : "wins!"}`;
  const total = shown(state.totals[state.winners[0]], "0");
  const rounds = (state.rounds || []).length;
  const unit = UNITS[state.measure] || "";
  $("winner-total").textContent = `${total} ${unit} after ${rounds} round${rounds === 1 ? "" : "s"}`.replace("  ", " ");
  $("final-table").replaceChildren(
    ...(state.standings || []).map((row) =>
      h(
        "li",
        { class: row.place === 1 ? "first" : null, value: row.place },
        dot(state.players.indexOf(row.player) + 1),
        h("span", { class: "name" }, row.player),
        h("span", { class: "total" }, shown(row.total, "0")),
      ),
    ),
  );
}

function renderChart(state) {
  const scored = (state.rounds || []).filter((r) => r.scores.some((v) => v !== null));
  show($("chart-card"), scored.length > 0);
  $("chart").replaceChildren(scored.length ? chart(state.players, scored) : "");
}

function renderPhotos(state) {
  const photos = (state.photos || []).filter((p) => p.picture);
  show($("photos-card"), photos.length > 0);
  const byRound = new Map();
  for (const p of photos) {
    if (!byRound.has(p.round)) byRound.set(p.round, []);
    byRound.get(p.round).push(p);
  }
  $("photos").replaceChildren(
    ...[...byRound.entries()].map(([round, list]) =>
      h(
        "div",
        { class: "photos-round" },
        h("h3", {}, `Round ${round}`),
        h(
          "div",
          { class: "thumbs" },
          list.map((p) =>
            h(
              "button",
              { type: "button", class: "thumb", "data-picture": `/photos/${p.picture}`, "data-caption": `Round ${round}, ${state.players[p.seat - 1]}: ${shown(p.total, "not read")}` },
              h("img", {
                src: `/photos/${p.picture}`,
                alt: `${state.players[p.seat - 1]}'s hand`,
                loading: "lazy",
                onerror: pictureGone,
              }),
              h("span", {}, `${state.players[p.seat - 1]}: ${shown(p.total, "not read")}${p.low_confidence ? " (unsure)" : ""}`),
            ),
          ),
        ),
      ),
    ),
  );
}

function pictureGone(event) {
  // An old game's photos are deleted to spare the SD card (docs/operations.md); say so.
  const img = event.target;
  const thumb = img.closest("[data-picture]");
  if (thumb) delete thumb.dataset.picture;
  img.replaceWith(h("span", { class: "gone" }, "photo no longer kept"));
}
