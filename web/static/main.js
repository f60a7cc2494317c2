// The phone page: three places (the score pad, my seat, the host), drawn from the state it
// was served with, then from the live stream.

import { $, toast } from "./dom.js";
import { get, session } from "./api.js";
import { render } from "./render.js";
import { renderSeat, wireSeat } from "./seat.js";
import { renderHost, wireHost, openSetup } from "./host.js";
import { loadHistory } from "./history.js";

const initial = JSON.parse($("initial").textContent);
Object.assign(session, initial.session);
session.seat_seq = initial.state.seq; // the seat in the session is true as of this event

let live = initial.state;
let trail = [];
let viewing = null; // a past game's id while its pad is shown
let lastGameId = live.game_id;
let lastCorrections = -1;

// --- the three places ------------------------------------------------------------------

const PLACES = ["pad", "seat", "host"];

function firstPlace() {
  const asked = location.hash.slice(1);
  if (PLACES.includes(asked)) return asked;
  // a phone that came by the join QR code, or holds a seat, starts at its seat
  if (!session.host && (session.seat || (session.joined && live.game))) return "seat";
  return "pad";
}

let place = firstPlace();
let placeBeforeTheEnd = null;

export function go(where) {
  place = PLACES.includes(where) ? where : "pad";
  if (location.hash.slice(1) !== place) history.replaceState(null, "", `#${place}`);
  refresh();
  window.scrollTo(0, 0);
}

function showPlace() {
  for (const name of PLACES) $(`place-${name}`).hidden = name !== place;
  document.querySelectorAll("[data-go]").forEach((button) => {
    button.setAttribute("aria-current", button.dataset.go === place ? "page" : "false");
  });
}

function refresh() {
  const state = viewing ? viewing.state : live;
  showPlace();
  render(state, viewing ? viewing.trail : trail);
  $("past").hidden = !viewing;
  renderSeat(live, !viewing);
  renderHost(live);
}

async function loadTrail(state) {
  const count = (state.corrections || []).length;
  if (!state.game_id || count === lastCorrections) return;
  lastCorrections = count;
  try {
    trail = count ? (await get(`/api/games/${state.game_id}/scores`)).scores : [];
    refresh();
  } catch {
    /* the corrections list still shows the new values */
  }
}

async function view(id) {
  try {
    const state = await get(`/api/games/${id}`);
    const scores = (await get(`/api/games/${id}/scores`)).scores;
    viewing = { id, state, trail: scores };
    $("past-id").textContent = `#${id}`;
    go("pad");
  } catch (error) {
    toast(error.message, true);
  }
}

$("back-live").addEventListener("click", () => {
  viewing = null;
  refresh();
});

// --- what the table should hear at once --------------------------------------------------

function alertTable(message) {
  const banner = $("alert");
  banner.textContent = message;
  banner.hidden = false;
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
  clearTimeout(alertTable.timer);
  alertTable.timer = setTimeout(() => { banner.hidden = true; }, 8000);
}

function outAlert(name, state) {
  return state.out_on_first_turn
    ? `${name} is out on the first turn! Everyone else plays their first turn.`
    : `${name} is out!`;
}

function announce(message) {
  for (const event of message.events || []) {
    const name = message.state.players[event.seat - 1];
    if (event.kind === "last_tile") alertTable(`${name} has one tile left!`);
    else if (event.kind === "out") alertTable(outAlert(name, message.state));
    else if (event.kind === "game_ended") {
      $("alert").hidden = true; // the winner card says it, not a warning
      if (!viewing && place !== "pad") {
        placeBeforeTheEnd = place; // back there when the next game starts
        go("pad");
      }
    }
  }
}

// --- the live stream, and saying when it is lost ------------------------------------------

function connected(on) {
  $("live").className = on ? "live on" : "live off";
  $("reconnecting").hidden = on;
}

function connect() {
  const stream = new EventSource("/events");
  stream.onopen = () => connected(true);
  stream.onerror = () => connected(false);
  stream.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (!message.state) return; // a caught-up event; the last one carries the state
    connected(true);
    const ended = live.phase !== "over" && message.state.phase === "over";
    live = message.state;
    if (!message.catch_up) announce(message);
    if (ended) loadHistory(view); // the game is now listed as finished
    if (live.game_id !== lastGameId) {
      lastGameId = live.game_id;
      lastCorrections = -1;
      if (session.seat) session.seat = null; // a claim holds for its game only
      refreshSession();
      if (placeBeforeTheEnd && live.phase !== "over") {
        place = placeBeforeTheEnd;
        placeBeforeTheEnd = null;
      }
      loadHistory(view);
    }
    const freed = session.seat && !(live.held_seats || []).includes(session.seat);
    if (freed && message.seq > session.seat_seq) {
      // The host freed it; a message older than this phone's claim does not count.
      toast(`This phone is no longer seat ${session.seat}.`, true);
      session.seat = null;
    }
    refresh();
    loadTrail(live);
  };
}

// A new game has a new join code: the host's QR code changes, a guest must join again.
async function refreshSession() {
  try {
    const fresh = await get("/api/session");
    Object.assign(session, { joined: fresh.joined, join_code: fresh.join_code, join_link: fresh.join_link });
    refresh();
  } catch {
    /* the next update tries again */
  }
}

document.querySelectorAll("[data-go]").forEach((button) =>
  button.addEventListener("click", () => go(button.dataset.go)),
);
window.addEventListener("hashchange", () => {
  const asked = location.hash.slice(1);
  if (PLACES.includes(asked) && asked !== place) go(asked);
});
$("winner-new-game").addEventListener("click", () => {
  go("host");
  openSetup();
});
$("pad").addEventListener("click", (event) => {
  const cell = event.target.closest("[data-picture]");
  if (cell) zoom(cell.dataset.picture, cell.dataset.caption || "");
});
$("photos").addEventListener("click", (event) => {
  const thumb = event.target.closest("[data-picture]");
  if (thumb) zoom(thumb.dataset.picture, thumb.dataset.caption || "");
});

function zoom(picture, caption) {
  $("zoom-img").src = picture;
  $("zoom-caption").textContent = caption;
  $("zoom").showModal();
}

wireSeat(refresh, refreshSession);
wireHost(refresh, refreshSession);
refresh();
loadTrail(live);
loadHistory(view);
connect();
