// Game history: past games with their score pads and exports.

import { $, h } from "./dom.js";
import { get } from "./api.js";

const GAMES = {
  "mexican-train": "Mexican Train",
  supertrain: "SuperTrain",
  "engine-191": "Engine 191",
  "engine-no-9": "Engine No. 9",
  "dice-chains": "Dice chains",
};

export async function loadHistory(view) {
  let games = [];
  try {
    games = (await get("/api/games")).games;
  } catch {
    return;
  }
  $("history").replaceChildren(
    ...(games.length ? [] : [h("li", { class: "muted" }, "No games yet.")]),
    ...games.map((g) =>
      h(
        "li",
        { "data-game": g.id },
        h("strong", {}, `#${g.id} ${GAMES[g.game] || g.game}`),
        " ",
        h("span", { class: "muted" }, `${new Date(g.started).toLocaleString()} · ${g.finished ? "finished" : "not finished"}`),
        h("div", {}, g.players.join(", ")),
        h(
          "div",
          { class: "links" },
          h("button", { type: "button", onclick: () => view(g.id) }, "View"),
          h("a", { href: `/api/games/${g.id}/export.csv`, download: `game-${g.id}.csv` }, "CSV"),
          h("a", { href: `/api/games/${g.id}/export.json`, download: `game-${g.id}.json` }, "JSON"),
        ),
      ),
    ),
  );
}
