// The score pad: draws the state it was served with, then follows the live stream.

import { $, show, toast } from "./dom.js";
import { get, session } from "./api.js";
import { render } from "./render.js";
import { renderSeat, wireSeat } from "./seat.js";
import { renderHost, wireHost } from "./host.js";
import { loadHistory } from "./history.js";

const initial = JSON.parse($("initial").textContent);
Object.assign(session, initial.session);
session.seat_seq = initial.state.seq; // the seat in the session is true as of this event

let live = initial.state;
let trail = [];
let viewing = null; // a past game's id while its pad is shown
let lastGameId = live.game_id;
let lastCorrections = -1;

function refresh() {
  const state = viewing ? viewing.state : live;
  render(state, viewing ? viewing.trail : trail);
  show($("past"), Boolean(viewing));
  renderSeat(live, !viewing);
  renderHost(live, !viewing);
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
    refresh();
    window.scrollTo(0, 0);
  } catch (error) {
    toast(error.message, true);
  }
}

$("back-live").addEventListener("click", () => {
  viewing = null;
  refresh();
});

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
    else if (event.kind === "game_ended") alertTable(`Game over: ${message.state.winners.join(" and ")} won!`);
  }
}

function connect() {
  const stream = new EventSource("/events");
  stream.onopen = () => { $("live").className = "live on"; };
  stream.onerror = () => { $("live").className = "live off"; };
  stream.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (!message.state) return; // a caught-up event; the last one carries the state
    const ended = live.phase !== "over" && message.state.phase === "over";
    live = message.state;
    if (!message.catch_up) announce(message);
    if (ended) loadHistory(view); // the game is now listed as finished
    if (live.game_id !== lastGameId) {
      lastGameId = live.game_id;
      lastCorrections = -1;
      if (session.seat) session.seat = null; // a claim holds for its game only
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

wireSeat(refresh);
wireHost(refresh);
$("photos").addEventListener("click", (event) => {
  const thumb = event.target.closest("[data-picture]");
  if (!thumb) return;
  $("zoom-img").src = thumb.dataset.picture;
  $("zoom").showModal();
});
refresh();
loadTrail(live);
loadHistory(view);
connect();
