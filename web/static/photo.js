// Sending a photo of a hand and showing what was read, for the host or a seat's phone.

import { h } from "./dom.js";
import { upload } from "./api.js";

export async function sendPhoto(file, seat, result, confirm, onError) {
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
  result.replaceChildren(
    h("img", { src: answer.annotated, alt: "the tiles as read" }),
    h("p", { class: "big" }, `${answer.tiles.length} tiles, ${answer.pip_total} pips`),
    answer.low_confidence ? h("p", { class: "muted" }, "Some tiles were hard to read: check the picture.") : null,
    answer.reading ? h("p", { class: "muted" }, answer.reading) : null,
    answer.seat
      ? h("button", { type: "button", class: "go wide", onclick: () => confirm(answer.seat, answer.pip_total) },
          `Confirm ${answer.pip_total} for seat ${answer.seat}`)
      : null,
  );
}
