// This phone as a seat's button: claim a seat, then end turn, pass, last tile, out.

import { $, h, show, toast } from "./dom.js";
import { post, session } from "./api.js";
import { sendPhoto } from "./photo.js";

export function renderSeat(state, live) {
  const claimed = session.seat && state.players[session.seat - 1];
  show($("seat-card"), Boolean(state.game) && live);
  show($("seat-claim"), !claimed);
  show($("seat-buttons"), Boolean(claimed));
  if (claimed) {
    const mine = state.turn && state.turn.seat === session.seat;
    const waiting = state.scoring && state.scoring.waiting.includes(session.seat);
    $("seat-photo-box").hidden = !waiting;
    $("dice-box").hidden = !(mine && state.dice);
    // only the gestures the game accepts (dice chains: no pass, last tile or out); while
    // this seat's hand is scored, its button reads the hand (press) or retakes it (hold)
    const gestures = waiting ? ["press", "hold"] : state.gestures || [];
    document.querySelectorAll("[data-gesture]").forEach((button) => {
      button.hidden = !gestures.includes(button.dataset.gesture);
    });
    // a pass places the marker, so a game without passes has no marker to lift
    $("lift-marker").hidden = !(state.gestures || []).includes("hold");
    const tiles = state.action_tiles || [];
    $("action-tiles").hidden = !(mine && tiles.length);
    document.querySelectorAll("[data-action]").forEach((button) => {
      button.hidden = !tiles.includes(button.dataset.action);
    });
    if (waiting) $("seat-photo-box").open = true;
    const reading = waiting && (state.scoring.readings || {})[String(session.seat)];
    label("press", waiting ? (reading ? `Confirm ${reading.total}` : "Read my hand") : null);
    label("hold", waiting ? "Retake photo" : null);
    $("seat-name").textContent = `Seat ${session.seat} · ${claimed}` + seatNote(state, mine, waiting);
    return;
  }
  // A held seat stays tappable: the companion's refusal says what to do about it.
  const held = new Set(state.held_seats || []);
  $("seat-choices").replaceChildren(
    ...state.players.map((name, i) =>
      h(
        "button",
        { type: "button", "data-claim": i + 1, class: held.has(i + 1) ? "held" : null },
        `Seat ${i + 1} · ${name}`,
        held.has(i + 1) ? h("small", {}, "held by a phone") : null,
      ),
    ),
  );
}

// A gesture button's words: ``text``, or back to the page's own (End turn, Pass) for null.
function label(gesture, text) {
  const button = document.querySelector(`[data-gesture='${gesture}']`);
  button.dataset.words ??= button.textContent;
  button.textContent = text ?? button.dataset.words;
}

function seatNote(state, mine, waiting) {
  if (mine) return " · your turn!";
  if (waiting) return " · your hand to score";
  const early = state.out_on_first_turn;
  if (early && early.out.includes(session.seat)) return " · you're out!";
  return "";
}

export function wireSeat(refresh) {
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
    button.addEventListener("click", () =>
      act(`/api/seats/${session.seat}/press`, { gesture: button.dataset.gesture }),
    ),
  );
  document.querySelectorAll("[data-action]").forEach((button) =>
    button.addEventListener("click", () =>
      act(`/api/seats/${session.seat}/action`, { action: button.dataset.action }),
    ),
  );
  $("seat-photo-form").addEventListener("submit", (event) => {
    event.preventDefault();
    // the player confirms the reading with the seat's button, as at a wired seat
    const confirm = () => act(`/api/seats/${session.seat}/press`, { gesture: "press" });
    sendPhoto($("seat-photo").files[0], session.seat, $("seat-photo-result"), confirm, (error) =>
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

async function act(url, body) {
  try {
    await post(url, body);
    if (navigator.vibrate) navigator.vibrate(30);
  } catch (error) {
    toast(error.message, true);
  }
}
