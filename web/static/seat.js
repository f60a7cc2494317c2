// My seat: join the table, pick a seat, then this phone is the seat's button. Buttons act at
// once; out of turn they are disabled and the page says why.

import { $, h, show, toast } from "./dom.js";
import { post, session } from "./api.js";
import { clearList, readingList } from "./hand.js";
import { readingNote, sendPhoto, unreadable } from "./photo.js";
import { dot, seatClass } from "./render.js";

// A second tap on End turn this soon after the first taps the last tile, as at a wired seat.
const DOUBLE_TAP_MS = 350;
let graceUntil = 0;
let redraw = () => {};

const WORDS = { press: "End turn", hold: "Pass", double: "Last tile", out: "Out!" };

export function renderSeat(state, live) {
  const game = Boolean(state.game) && live;
  const over = state.phase === "over";
  const joined = session.joined || session.host;
  const claimed = game && !over && session.seat ? state.players[session.seat - 1] : null;
  show($("seat-none"), !game || over);
  $("seat-none").textContent = over
    ? "The game is over. When the host starts a new one, pick your seat here."
    : "No game yet. When the host starts one, pick your seat here.";
  show($("seat-join"), game && !over && !joined);
  show($("seat-claim"), game && !over && joined && !claimed);
  show($("seat-buttons"), Boolean(claimed));
  if (claimed) renderButtons(state, claimed);
  else if (game && joined) renderChoices(state);
}

function renderChoices(state) {
  // A held seat stays tappable: the companion's refusal says what to do about it.
  const held = new Set(state.held_seats || []);
  // Drawn anew only when a name or a held seat changed: a button replaced under a finger
  // loses the tap (its press lands on the old button, its release on the new one).
  const drawn = JSON.stringify([state.players, [...held]]);
  if ($("seat-choices").dataset.drawn === drawn) return;
  $("seat-choices").dataset.drawn = drawn;
  $("seat-choices").replaceChildren(
    ...state.players.map((name, i) =>
      h(
        "button",
        { type: "button", "data-claim": i + 1, class: held.has(i + 1) ? "held" : null },
        dot(i + 1),
        `Seat ${i + 1} · ${name}`,
        held.has(i + 1) ? h("small", {}, "held by a phone") : null,
      ),
    ),
  );
}

function renderButtons(state, name) {
  const seat = session.seat;
  const mine = state.phase === "playing" && Boolean(state.turn) && state.turn.seat === seat;
  const waiting = state.phase === "scoring" && Boolean(state.scoring) && state.scoring.waiting.includes(seat);
  const reading = waiting ? ((state.scoring.readings || {})[String(seat)] || null) : null;
  const grace = Date.now() < graceUntil && state.phase === "playing";
  $("seat-name").replaceChildren(dot(seat), `Seat ${seat} · ${name}`);
  $("seat-name").className = `big ${seatClass(seat)}`;
  const why = reason(state, seat, mine, waiting, reading);
  $("seat-why").textContent = why.text;
  $("seat-why").className = why.go ? "why go" : "why";
  // only the gestures the game accepts (dice chains: no pass, last tile or out); while
  // this seat's hand is scored, its button reads the hand (press) or retakes it (hold)
  const gestures = waiting ? ["press", "hold"] : state.gestures || [];
  document.querySelectorAll("[data-gesture]").forEach((button) => {
    const gesture = button.dataset.gesture;
    button.hidden = !gestures.includes(gesture);
    const open = waiting || mine || (grace && (gesture === "press" || gesture === "double"));
    // an unreadable photo is never confirmed: the seat retakes it (hold) or the host types it
    button.disabled = !open || (gesture === "press" && unreadable(reading));
    button.setAttribute("aria-describedby", "seat-why");
  });
  label("press", waiting ? (reading ? `Confirm ${reading.total}` : "Read my hand") : null);
  label("hold", waiting ? "Retake photo" : null);
  show($("gesture-help"), !waiting && (state.gestures || []).includes("double"));
  show($("seat-photo-box"), waiting);
  const result = $("seat-photo-result");
  if (!waiting) {
    result.replaceChildren();
    delete result.dataset.picture;
  } else if (reading && reading.picture && result.dataset.picture !== reading.picture) {
    // the latest reading (a retake is a new one): the picture with each tile's value; the
    // one confirm is the seat's button above
    result.dataset.picture = reading.picture;
    const tiles = (reading.tiles || []).length;
    result.replaceChildren(
      h("img", { src: `/photos/${reading.picture}`, alt: "your tiles as read, each with its value" }),
      h("p", { class: "big" }, `${tiles} tile${tiles === 1 ? "" : "s"}, ${reading.total} pips`),
      readingNote(reading) || "",
    );
  }
  renderHandList(state, waiting, reading);
  show($("dice-box"), mine && Boolean(state.dice));
  const tiles = state.action_tiles || [];
  show($("action-tiles"), mine && tiles.length > 0);
  document.querySelectorAll("[data-action]").forEach((button) => {
    button.hidden = !tiles.includes(button.dataset.action);
  });
  // a marker comes off when its owner plays on their own train again, on their own turn
  show($("lift-marker"), mine && (state.markers || []).includes(seat));
}

// The tiles of the hand, listed to put the photo's reading right (or with no photo).
function renderHandList(state, waiting, reading) {
  const box = $("seat-hand-box");
  show(box, waiting);
  if (!waiting) {
    clearList($("seat-hand-list"));
    return;
  }
  const drawn = readingList($("seat-hand-list"), session.seat, state, reading, async (tiles, total) => {
    try {
      await post(`/api/seats/${session.seat}/hand`, { tiles });
      toast(`Scored ${total}.`);
    } catch (error) {
      toast(error.message, true);
    }
  });
  if (!drawn) return;
  box.open = false;
  $("seat-hand-summary").textContent = !reading || unreadable(reading)
    ? "List my tiles instead"
    : reading.status === "check"
      ? "Put it right: add or take off a tile"
      : "Not right? Add or take off a tile";
}

function names(state, seats) {
  const list = seats.map((seat) => state.players[seat - 1]);
  return list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : list.join("");
}

function reason(state, seat, mine, waiting, reading) {
  if (mine) {
    const early = state.out_on_first_turn;
    return { go: true, text: early ? "Your first turn: the round ends after it." : "Your turn!" };
  }
  if (waiting) {
    if (unreadable(reading)) return { go: true, text: "The photo could not be read: retake it." };
    if (reading && reading.status === "check") {
      return { go: true, text: `The hand reads ${reading.total}, to check: look at the picture, then confirm it or put it right below.` };
    }
    if (reading) return { go: true, text: `The hand reads ${reading.total}. Confirm it, or retake the photo.` };
    return { go: true, text: "Round over: lay your tiles on the mat and press Read my hand." };
  }
  if (state.phase === "playing" && state.turn) {
    const early = state.out_on_first_turn;
    if (early && early.out.includes(seat)) return { text: `You're out! The others take their first turn: ${state.turn.player} now.` };
    return { text: `It's ${state.turn.player}'s turn. Your buttons wake up when it's yours.` };
  }
  if (state.phase === "scoring" && state.scoring) {
    return { text: `Your hand is scored. Waiting for ${names(state, state.scoring.waiting)}.` };
  }
  return { text: "Round scored. The next round starts from the centerpiece or the host." };
}

// A gesture button's words: ``text``, or back to its own (End turn, Pass) for null.
function label(gesture, text) {
  document.querySelector(`[data-gesture='${gesture}']`).textContent = text ?? WORDS[gesture];
}

export function wireSeat(refresh, refreshSession) {
  redraw = refresh;
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/join", { code: $("join-code-input").value });
      session.joined = true;
      $("join-code-input").value = "";
      $("join-error").hidden = true;
      await refreshSession();
    } catch (error) {
      $("join-error").textContent = error.message;
      $("join-error").hidden = false;
    }
  });
  $("join-code-input").addEventListener("input", () => { $("join-error").hidden = true; });
  $("seat-choices").addEventListener("click", async (event) => {
    const seat = event.target.closest("[data-claim]");
    if (!seat) return;
    try {
      const answer = await post(`/api/seats/${seat.dataset.claim}/claim`);
      session.seat = answer.seat;
      session.seat_seq = answer.seq;
      session.csrf_token = answer.csrf_token;
      toast(`This phone is seat ${answer.seat}, ${answer.player}.`);
      refresh();
    } catch (error) {
      toast(error.message, true);
    }
  });
  document.querySelectorAll("[data-gesture]").forEach((button) =>
    button.addEventListener("click", () => gesture(button.dataset.gesture)),
  );
  document.querySelectorAll("[data-action]").forEach((button) =>
    button.addEventListener("click", () =>
      act(`/api/seats/${session.seat}/action`, { action: button.dataset.action }),
    ),
  );
  $("seat-photo-form").addEventListener("submit", (event) => {
    event.preventDefault();
    // the one confirm is the seat's own button, as at a wired seat
    sendPhoto($("seat-photo").files[0], session.seat, $("seat-photo-result"), (error) =>
      toast(error.message, true),
    );
  });
  $("roll-dice").addEventListener("click", () => act(`/api/seats/${session.seat}/roll`, {}));
  $("lift-marker").addEventListener("click", () => act(`/api/seats/${session.seat}/lift-marker`));
  $("leave-seat").addEventListener("click", async () => {
    try {
      await post("/api/seats/release");
      session.seat = null;
      refresh();
    } catch (error) {
      toast(error.message, true);
    }
  });
}

// End turn acts at once; a second tap within the window amends it into the last-tile tap
// (the companion keeps the turn where the first tap put it).
function gesture(name) {
  const now = Date.now();
  let sent = name;
  if (name === "press" && now < graceUntil) {
    sent = "double";
    graceUntil = 0;
  } else if (name === "press" && $("seat-photo-box").hidden) {  // a turn, not a hand
    graceUntil = now + DOUBLE_TAP_MS;
    setTimeout(() => redraw(), DOUBLE_TAP_MS + 20);
  }
  act(`/api/seats/${session.seat}/press`, { gesture: sent });
}

// A seat's taps reach the companion in the order they were made: the second tap of a
// double waits for the first to land, or the last-tile tap could overtake its end turn.
let sending = Promise.resolve();

function act(url, body) {
  sending = sending.then(() => send(url, body));
  return sending;
}

async function send(url, body) {
  try {
    await post(url, body);
    if (navigator.vibrate) navigator.vibrate(30);
  } catch (error) {
    graceUntil = 0;
    toast(error.message, true);
    redraw();
  }
}
