// Listing the tiles of a hand on a phone: the photo's reading put right (the tile it missed
// added, one it misread taken off), or a hand listed with no photo at all. Tap a tile to take
// it off; tap its two ends to add one. The companion adds up the pips and scores the hand.

import { h } from "./dom.js";
import { unreadable } from "./photo.js";

// A tile's two ends in the order the companion writes them: numbers up, then the wild
// symbols in the order of ``wild`` (SuperTrain's "train" and letters).
function ordered([a, b], wild) {
  const key = (end) => (typeof end === "number" ? end : 100 + wild.indexOf(end));
  return key(a) <= key(b) ? [a, b] : [b, a];
}
const label = (end) => (end === "train" ? "Train" : String(end));
const named = ([a, b]) => `${label(a)}|${label(b)}`;
// What a tile counts in the hand: its pips, or what the game says (``worth``, by the
// companion's name of the tile: a wild end 10, the 0-0 as the table plays it).
const counts = ([a, b], worth) =>
  worth[`${a}-${b}`] ?? [a, b].reduce((sum, end) => sum + (typeof end === "number" ? end : 0), 0);

// The list editor in ``box``: ``tiles`` to start from (the reading's, or none), the set's
// ``highest`` end, its ``wild`` symbols and the ``worth`` of tiles that do not count their
// pips, and ``onScore(tiles, total)`` when the player scores the list.
export function handList(box, { tiles, highest, wild = [], worth = {}, onScore }) {
  const listed = (tiles || []).map((tile) => ordered(tile, wild));
  let first = null; // the first end tapped of a tile being added

  function draw() {
    const total = listed.reduce((sum, tile) => sum + counts(tile, worth), 0);
    const special = listed.some(([a, b]) => `${a}-${b}` in worth);
    const unit = special ? "points" : "pips";
    const count = `${listed.length} tile${listed.length === 1 ? "" : "s"}, ${total} ${unit}`;
    box.replaceChildren(
      h("p", { class: "muted small" }, `Tap a tile to take it off. Tap two ${wild.length ? "ends" : "numbers"} to add a tile.`),
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
      h("p", { class: "adding", "aria-live": "polite" }, first === null ? "Add a tile:" : `Add a tile: ${label(first)} | ?`),
      h(
        "div",
        { class: "ends" },
        [...Array.from({ length: highest + 1 }, (_, end) => end), ...wild].map((end) =>
          h(
            "button",
            { type: "button", "data-end": end, class: end === first ? "chosen" : null, onclick: () => tapped(end) },
            label(end),
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
      listed.push(ordered([first, end], wild));
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
  const { set, wild_ends: wild, worth } = state.scoring;
  handList(box, { tiles: unread ? [] : reading.tiles, highest: set ?? 12, wild: wild ?? [], worth: worth ?? {}, onScore });
  return true;
}

// Clear the list editor in ``box``: the next hand is drawn anew.
export function clearList(box) {
  box.replaceChildren();
  delete box.dataset.key;
}
