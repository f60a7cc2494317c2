// Listing the tiles of a hand on a phone: the photo's reading put right (the tile it missed
// added, one it misread taken off), or a hand listed with no photo at all. Tap a tile to take
// it off; tap its two ends to add one. The companion adds up the pips and scores the hand.

import { h } from "./dom.js";
import { unreadable } from "./photo.js";

const pips = (tiles) => tiles.reduce((sum, [a, b]) => sum + a + b, 0);
const named = ([a, b]) => `${Math.min(a, b)}|${Math.max(a, b)}`;

// The list editor in ``box``: ``tiles`` to start from (the reading's, or none), the set's
// ``highest`` end, and ``onScore(tiles, total)`` when the player scores the list.
export function handList(box, { tiles, highest, onScore }) {
  const listed = (tiles || []).map(([a, b]) => [a, b]);
  let first = null; // the first end tapped of a tile being added

  function draw() {
    const total = pips(listed);
    const count = `${listed.length} tile${listed.length === 1 ? "" : "s"}, ${total} pips`;
    box.replaceChildren(
      h("p", { class: "muted small" }, "Tap a tile to take it off. Tap two numbers to add a tile."),
      h(
        "div",
        { class: "hand-tiles", "aria-label": "the tiles in my hand" },
        listed.length
          ? listed.map((tile, i) =>
              h(
                "button",
                { type: "button", class: "tile-chip", "data-tile": named(tile), "aria-label": `take off ${named(tile)}`, onclick: () => { listed.splice(i, 1); draw(); } },
                named(tile),
                h("span", { "aria-hidden": "true" }, " ✕"),
              ),
            )
          : h("span", { class: "muted" }, "no tiles yet"),
      ),
      h("p", { class: "adding", "aria-live": "polite" }, first === null ? "Add a tile:" : `Add a tile: ${first} | ?`),
      h(
        "div",
        { class: "ends" },
        Array.from({ length: highest + 1 }, (_, end) =>
          h(
            "button",
            { type: "button", "data-end": end, class: end === first ? "chosen" : null, onclick: () => tapped(end) },
            String(end),
          ),
        ),
      ),
      h("p", { class: "big", "data-listed": total }, count),
      h("button", { type: "button", class: "go", "data-score-listed": total, onclick: () => onScore(listed.map((t) => [...t]), total) }, `Score ${total}`),
    );
  }

  function tapped(end) {
    if (first === null) first = end;
    else {
      listed.push([first, end]);
      first = null;
    }
    draw();
  }

  draw();
}

// The list editor for a waiting ``reading`` (or none) of ``hand`` in ``box``, drawn anew only
// for another hand or reading: a live update must not take a tap from under a finger. True
// when it was drawn anew.
export function readingList(box, hand, state, reading, onScore) {
  const key = JSON.stringify([hand, reading && [reading.picture, reading.total, reading.tiles]]);
  if (box.dataset.key === key) return false;
  box.dataset.key = key;
  const unread = !reading || unreadable(reading);
  handList(box, { tiles: unread ? [] : reading.tiles, highest: state.scoring.set ?? 12, onScore });
  return true;
}

// Clear the list editor in ``box``: the next hand is drawn anew.
export function clearList(box) {
  box.replaceChildren();
  delete box.dataset.key;
}
