// The host's place, behind the PIN: the join QR code for guests, the hands to score, the
// rounds, corrections, and a new game in the players' words.

import { $, h, show, toast } from "./dom.js";
import { get, post, session } from "./api.js";
import { clearList, readingList } from "./hand.js";
import { sendPhoto, unreadable } from "./photo.js";
import { describeGames, optionField, presetName } from "./rules.js";

let rulebook = null;
let rulebookLoading = null;
let shownQrFor = null;

let tablePlayers = [];

export function renderHost(state) {
  tablePlayers = state.players || [];
  show($("login"), !session.host);
  show($("host-controls"), session.host);
  if (!session.host) return;
  renderJoin(state);
  const seats = state.players.map((name, i) => h("option", { value: i + 1 }, `${i + 1} · ${name}`));
  keep($("score-seat"), seats);
  keep($("photo-seat"), [h("option", { value: "" }, "No seat: just read it"), ...seats.map((o) => o.cloneNode(true))]);
  const rounds = (state.rounds || []).map((r) => h("option", { value: r.round }, `Round ${r.round}`)).reverse();
  keep($("score-round"), rounds);
  if (state.scoring && state.scoring.next && $("score-value").value === "") {
    $("score-seat").value = String(state.scoring.next); // the next hand to score
  }
  renderScoring(state);
  renderHandList(state);
  renderHeld(state);
  const inPlay = Boolean(state.game) && state.phase !== "over";
  for (const id of ["score-box", "photo-box", "round-controls", "end-game"]) show($(id), inPlay);
  show($("score-box"), Boolean(state.game)); // corrections stay possible after the end
  $("end-round").disabled = state.phase !== "playing";
  $("next-round").disabled = state.phase !== "between";
  $("round-why").textContent = roundWhy(state);
  show($("round-why"), inPlay);
  $("end-game").disabled = !inPlay;
  if (!inPlay) $("setup-box").open = true;
  if (!rulebookLoading) rulebookLoading = loadRulebook();
}

// Why the round buttons are as they are, in words.
function roundWhy(state) {
  if (state.phase === "playing") {
    return "End the round when nobody can play (holding the centerpiece button does the same).";
  }
  if (state.phase === "scoring" && state.scoring) {
    const names = state.scoring.waiting.map((seat) => state.players[seat - 1]).join(", ");
    return `The next round comes when every hand is scored: waiting for ${names}.`;
  }
  if (state.phase === "between") return "The round is scored: start the next one here or from the centerpiece.";
  return "";
}

export function openSetup() {
  $("setup-box").open = true;
  if (session.host) $("setup-box").scrollIntoView({ block: "start" });
  else $("pin").focus();
}

function renderJoin(state) {
  const code = state.game && state.phase !== "over" ? session.join_code : null;
  show($("join-box"), Boolean(code));
  if (!code || shownQrFor === code) return;
  shownQrFor = code;
  $("join-code").textContent = code;
  const picture = h("img", { src: `/api/join-qr.svg?code=${encodeURIComponent(code)}`, alt: `join QR code for join code ${code}`, width: 240, height: 240 });
  const link = session.join_link ? h("p", { class: "url small" }, h("a", { href: session.join_link }, session.join_link)) : "";
  $("join-qr").replaceChildren(picture, link);
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
      if (unreadable(reading)) {
        return h("p", { class: "muted" }, `${name}: the photo could not be read; retake it or type the score`);
      }
      return h(
        "button",
        { type: "button", class: "go", onclick: () => confirm(seat, reading.total) },
        `Confirm ${name}: ${reading.total}${reading.low_confidence ? " (unsure)" : ""}`,
      );
    }),
  );
}

// A waiting hand's tiles listed by the host (a wired seat's player has no phone): the
// reading put right, or listed with no photo.
function renderHandList(state) {
  const waiting = state.phase === "scoring" && state.scoring ? state.scoring.waiting : [];
  show($("host-hand-box"), waiting.length > 0);
  const select = $("host-hand-seat");
  keep(select, waiting.map((seat) => h("option", { value: seat }, `${seat} · ${state.players[seat - 1]}`)));
  if (!waiting.length) {
    clearList($("host-hand-list"));
    return;
  }
  const seat = Number(select.value);
  const reading = (state.scoring.readings || {})[String(seat)] || null;
  readingList($("host-hand-list"), seat, state, reading, (tiles) =>
    run(() => post(`/api/seats/${seat}/hand`, { tiles }), "Hand scored."),
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
    rulebook = describeGames((await get("/api/rulebook")).games);
  } catch (error) {
    rulebookLoading = null; // try again on the next update
    toast(error.message, true);
    return;
  }
  // Mexican Train first, and chosen: the game most tables play
  $("setup-game").replaceChildren(
    ...rulebook.map((g) => h("option", { value: g.game, selected: g.game === "mexican-train" }, `${g.title} · ${g.players[0]} to ${g.players[1]} players`)),
  );
  pickGame();
  // the same table again is the usual next game: its names are filled in
  const players = $("setup-players");
  if (!players.children.length) {
    for (let i = 0; i < Math.max(4, tablePlayers.length); i++) addPlayer(tablePlayers[i]);
  }
}

function addPlayer(name) {
  const players = $("setup-players");
  const n = players.children.length + 1;
  const box = h("input", { name: "player", "aria-label": `Seat ${n}`, placeholder: `Seat ${n}: a name`, maxlength: 24 });
  if (typeof name === "string") box.value = name;
  players.append(box);
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
    ...game.presets.map((p) => h("option", { value: p, selected: p === game.default_preset }, presetName(p))),
  );
  pickPreset();
}

function pickPreset() {
  // The house rules as the chosen rule sheet has them; the host changes what differs.
  const game = chosenGame();
  $("setup-options").replaceChildren(...game.options.map((o) => optionField(o, presetValue(game, o))));
}

function houseRules() {
  const game = chosenGame();
  const options = {};
  document.querySelectorAll("[data-rule]").forEach((input) => {
    const option = game.options.find((o) => o.name === input.dataset.rule);
    const kind = input.dataset.kind;
    if (kind === "bool") {
      if (input.checked !== presetValue(game, option)) options[option.name] = input.checked;
    } else if (input.value !== "" && input.value !== String(presetValue(game, option))) {
      options[option.name] = kind === "number" ? Number(input.value) : input.value;
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
      $("login-error").textContent = error.message;
      $("login-error").hidden = false;
      redraw();
    }
    return null;
  }
}

export function wireHost(refresh, refreshSession) {
  redraw = refresh;
  $("login").addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = $("login-error");
    try {
      const answer = await post("/api/login", { pin: $("pin").value });
      session.host = true;
      session.csrf_token = answer.csrf_token;
      error.hidden = true;
      await refreshSession(); // the join code and link come with the host's session
    } catch (refused) {
      error.textContent = refused.message;
      error.hidden = false;
    }
    $("pin").value = "";
    refresh();
  });
  $("pin").addEventListener("input", () => { $("login-error").hidden = true; });
  $("host-hand-seat").addEventListener("change", () => redraw());
  $("logout").addEventListener("click", async () => {
    if (await run(() => post("/api/logout"))) {
      Object.assign(session, { host: false, seat: null, csrf_token: null, join_code: null, join_link: null });
      refresh();
    }
  });
  $("setup-game").addEventListener("change", pickGame);
  $("setup-preset").addEventListener("change", pickPreset);
  $("add-player").addEventListener("click", () => addPlayer());
  $("setup").addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...document.querySelectorAll("#setup-players input")].map((i) => i.value.trim()).filter(Boolean);
    const body = { game: $("setup-game").value, preset: $("setup-preset").value, players, options: houseRules() };
    if (body.players.length < 2) {
      toast("Write at least two players' names, seat 1 first.", true);
      return;
    }
    if (await run(() => post("/api/games", body), "The game is on.")) {
      $("setup-box").open = false;
      await refreshSession(); // the new game's join code
    }
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
    sendPhoto($("photo").files[0], $("photo-seat").value, $("photo-result"), (error) =>
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
