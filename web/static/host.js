// The host's controls behind the PIN: set up a game, enter and correct scores, photos,
// end a round or the game.

import { $, h, show, toast } from "./dom.js";
import { get, post, session } from "./api.js";
import { sendPhoto } from "./photo.js";

let rulebook = null;
let rulebookLoading = null;

export function renderHost(state, live) {
  show($("host-card"), live);
  show($("login"), !session.host);
  show($("host-controls"), session.host);
  if (!session.host) return;
  const seats = state.players.map((name, i) => h("option", { value: i + 1 }, `${i + 1} · ${name}`));
  keep($("score-seat"), seats);
  keep($("photo-seat"), [h("option", { value: "" }, "No seat: just read it"), ...seats.map((o) => o.cloneNode(true))]);
  const rounds = (state.rounds || []).map((r) => h("option", { value: r.round }, `Round ${r.round}`)).reverse();
  keep($("score-round"), rounds);
  if (state.scoring && state.scoring.next && $("score-value").value === "") {
    $("score-seat").value = String(state.scoring.next); // the next hand to score
  }
  renderScoring(state);
  renderHeld(state);
  const inPlay = Boolean(state.game) && state.phase !== "over";
  for (const id of ["score-box", "photo-box", "round-controls", "end-game"]) show($(id), inPlay);
  $("end-round").disabled = state.phase !== "playing";
  $("next-round").disabled = state.phase !== "between";
  $("end-game").disabled = !state.game || state.phase === "over";
  $("setup-box").open = !state.game || state.phase === "over";
  if (!rulebookLoading) rulebookLoading = loadRulebook();
}

function keep(select, options) {
  // Re-fill a select without losing the host's choice.
  const chosen = select.value;
  select.replaceChildren(...options);
  if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
}

function renderScoring(state) {
  const box = $("scoring");
  if (state.phase !== "scoring" || !state.scoring) {
    box.replaceChildren();
    return;
  }
  const readings = state.scoring.readings || {};
  box.replaceChildren(
    h("p", {}, "Waiting for hands to be scored:"),
    ...state.scoring.waiting.map((seat) => {
      const name = state.players[seat - 1];
      const reading = readings[String(seat)];
      if (!reading) return h("p", { class: "muted" }, `${name}: no reading yet`);
      return h(
        "button",
        { type: "button", class: "go", onclick: () => confirm(seat, reading.total) },
        `Confirm ${name}: ${reading.total}${reading.low_confidence ? " (unsure)" : ""}`,
      );
    }),
  );
}

function renderHeld(state) {
  const held = state.phase === "over" ? [] : state.held_seats || [];
  show($("held"), held.length > 0);
  $("held-seats").replaceChildren(
    ...held.map((seat) =>
      h(
        "button",
        { type: "button", "data-free": seat, onclick: () => run(() => post(`/api/seats/${seat}/free`), `Seat ${seat} is free.`) },
        `Free seat ${seat} · ${state.players[seat - 1]}`,
      ),
    ),
  );
}

function confirm(seat, value) {
  return run(() => post("/api/scores", { seat, value }), "Score saved.");
}

async function loadRulebook() {
  try {
    rulebook = (await get("/api/rulebook")).games;
  } catch (error) {
    rulebookLoading = null; // try again on the next update
    toast(error.message, true);
    return;
  }
  $("setup-game").replaceChildren(...rulebook.map((g) => h("option", { value: g.game }, g.title)));
  pickGame();
  const players = $("setup-players");
  if (!players.children.length) for (let i = 0; i < 4; i++) addPlayer();
}

function addPlayer() {
  const players = $("setup-players");
  players.append(h("input", { name: "player", placeholder: `Seat ${players.children.length + 1}`, maxlength: 24 }));
}

function chosenGame() {
  return rulebook.find((g) => g.game === $("setup-game").value) || rulebook[0];
}

function presetValue(game, option) {
  const rules = game.preset_rules[$("setup-preset").value] || {};
  return option.name in rules ? rules[option.name] : option.default;
}

function pickGame() {
  const game = chosenGame();
  $("setup-preset").replaceChildren(
    ...game.presets.map((p) => h("option", { value: p, selected: p === game.default_preset }, p)),
  );
  pickPreset();
}

function pickPreset() {
  // The house rules as the chosen preset has them; the host changes what differs.
  const game = chosenGame();
  $("setup-options").replaceChildren(
    ...game.options.map((o) => {
      const id = `rule-${o.name}`;
      const value = presetValue(game, o);
      const label = o.name.replaceAll("_", " ");
      const help = h("span", { class: "option-help" }, o.help);
      if (typeof o.default === "boolean") {
        const box = h("input", { type: "checkbox", id, "data-rule": o.name, "data-kind": "bool", checked: value });
        return h("label", { class: "check" }, box, h("span", {}, label, h("br"), help));
      }
      const kind = typeof o.default === "string" ? "text" : "number";
      const placeholder = value === null ? "default" : String(value);
      return h("label", {}, label, h("input", { id, "data-rule": o.name, "data-kind": kind, type: kind, placeholder }), help);
    }),
  );
}

function houseRules() {
  const game = chosenGame();
  const options = {};
  document.querySelectorAll("[data-rule]").forEach((input) => {
    const option = game.options.find((o) => o.name === input.dataset.rule);
    if (input.dataset.kind === "bool") {
      if (input.checked !== presetValue(game, option)) options[option.name] = input.checked;
    } else if (input.value !== "") {
      options[option.name] = input.dataset.kind === "number" ? Number(input.value) : input.value;
    }
  });
  return options;
}

let redraw = () => {};

async function run(action, done) {
  try {
    const answer = await action();
    if (done) toast(done);
    return answer;
  } catch (error) {
    toast(error.message, true);
    if (error.message.startsWith("host only")) {
      session.host = false; // the session ran out or the PIN changed: show the login again
      redraw();
    }
    return null;
  }
}

export function wireHost(refresh) {
  redraw = refresh;
  $("login").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await run(() => post("/api/login", { pin: $("pin").value }));
    $("pin").value = "";
    if (!answer) return;
    session.host = true;
    session.csrf_token = answer.csrf_token;
    refresh();
  });
  $("logout").addEventListener("click", async () => {
    if (await run(() => post("/api/logout"))) {
      Object.assign(session, { host: false, seat: null, csrf_token: null });
      refresh();
    }
  });
  $("setup-game").addEventListener("change", pickGame);
  $("setup-preset").addEventListener("change", pickPreset);
  $("add-player").addEventListener("click", addPlayer);
  $("setup").addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...document.querySelectorAll("#setup-players input")].map((i) => i.value.trim()).filter(Boolean);
    const body = { game: $("setup-game").value, preset: $("setup-preset").value, players, options: houseRules() };
    if (await run(() => post("/api/games", body), "The game is on.")) $("setup-box").open = false;
  });
  $("score-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      seat: Number($("score-seat").value),
      value: Number($("score-value").value),
      why: $("score-why").value,
    };
    if ($("score-round").value) body.round = Number($("score-round").value);
    if (await run(() => post("/api/scores", body), "Score saved.")) {
      $("score-value").value = "";
      $("score-why").value = "";
    }
  });
  $("photo-form").addEventListener("submit", (event) => {
    event.preventDefault();
    sendPhoto($("photo").files[0], $("photo-seat").value, $("photo-result"), confirm, (error) =>
      toast(error.message, true),
    );
  });
  $("end-round").addEventListener("click", () => run(() => post("/api/round/end", { ended: "blocked" }), "Round ended."));
  $("next-round").addEventListener("click", () => run(() => post("/api/round/next"), "Next round."));
  $("end-game").addEventListener("click", () => {
    if (window.confirm("End the game now? The scores so far decide the winner.")) {
      run(() => post("/api/game/end"), "Game over.");
    }
  });
}
