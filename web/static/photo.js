// Sending a photo of a hand and showing what was read: the annotated picture and the total.
// The one confirm is elsewhere: the seat's own button, or the host's list of hands to score.

import { h } from "./dom.js";
import { upload } from "./api.js";

// What the reader says of a reading, in words a player acts on; nothing when it is sure.
export function readingNote(reading) {
  const reasons = (Array.isArray(reading.reasons) ? reading.reasons : []).filter(
    (reason) => typeof reason === "string" && reason,
  );
  if (reading.status === "unreadable") {
    const why = reasons.length ? reasons.join("; ") : "the tiles could not be read";
    return h("p", { class: "error" }, `Not scored: ${why}. Retake the photo, or type the score.`);
  }
  if (reading.status === "check" || reading.low_confidence) {
    const why = reasons.length ? reasons.join("; ") : "some tiles were hard to read";
    return h("p", { class: "muted" }, `Please check the picture before you confirm: ${why}.`);
  }
  return null;
}

// A reading that cannot be scored: the player retakes the photo or types the score.
export function unreadable(reading) {
  return Boolean(reading) && reading.status === "unreadable";
}

export async function sendPhoto(file, seat, result, onError) {
  if (!file) {
    onError(new Error("choose a photo of the tiles first"));
    return;
  }
  const form = new FormData();
  form.append("photo", file);
  if (seat) form.append("seat", String(seat));
  result.replaceChildren(h("p", { class: "muted" }, "Reading the tiles…"));
  let answer;
  try {
    answer = await upload("/api/photos", form);
  } catch (error) {
    result.replaceChildren();
    onError(error);
    return;
  }
  const tiles = Array.isArray(answer.tiles) ? answer.tiles.length : 0;
  const pips = Number.isFinite(answer.pip_total) ? answer.pip_total : 0;
  const parts = [
    answer.annotated ? h("img", { src: answer.annotated, alt: "the tiles as read, each with its value" }) : null,
    h("p", { class: "big" }, `${tiles} tile${tiles === 1 ? "" : "s"}, ${pips} pips`),
    readingNote(answer),
    typeof answer.reading === "string" && answer.reading.startsWith("not offered")
      ? h("p", { class: "error" }, answer.reading)
      : null,
    answer.seat && answer.reading === "waiting for confirmation"
      ? h("p", { class: "muted" }, "Check the picture, then confirm the score with the button above.")
      : null,
  ];
  result.replaceChildren(...parts.filter(Boolean)); // replaceChildren would write "null"
}
