// The new-game form in the players' words: games and rule sheets by name, house rules as
// labelled switches and fields, each with its one line of explanation from the rule book.

import { h } from "./dom.js";

const PRESETS = {
  "front-porch": "Front Porch Classics",
  puremco: "Puremco",
  standard: "The standard rules",
};

// What each house rule is called at the table; the explanation comes from the companion.
const RULE_NAMES = {
  set: "Domino set",
  first_turn_string: "First-turn string",
  out_on_first_turn_lets_others_play: "Others still play after a first-turn out",
  draw_for_double_follow_up: "Draw to follow a double",
  double_must_be_satisfied_by: "Who must answer an open double",
  max_doubles_per_turn: "Doubles in one turn",
  zero_zero_worth: "What the 0-0 counts",
  starting_engine: "First round's engine",
  rounds: "Rounds to play",
  anywhere_overrides_open_double: "A-Train goes past an open double",
  target: "Points that end the game",
  hand_size: "Dominoes in a hand",
  tokens_to_win: "Win tokens to win",
  tie_at_target: "A tie at the target",
};

export function presetName(preset) {
  return PRESETS[preset] || sentence(preset.replaceAll("-", " "));
}

export function ruleName(option) {
  return RULE_NAMES[option] || sentence(option.replaceAll("_", " "));
}

function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Mexican Train first (the default), the others by name.
export function describeGames(games) {
  return [...games].sort((a, b) => {
    if (a.game === "mexican-train") return -1;
    if (b.game === "mexican-train") return 1;
    return a.title.localeCompare(b.title);
  });
}

// The help text names the choices of a text rule ('share': ..., 'play-on': ...) and the sets.
function choices(option) {
  if (typeof option.default === "string") {
    // each choice with its own explanation: "'share': players ...; 'play-on': ..."
    return [...option.help.matchAll(/'([a-z-]+)'\s*:\s*([^;]+)/g)].map((m) => [m[1], m[1].replace("-", " "), m[2].trim()]);
  }
  if (option.name === "set") {
    return [...option.help.matchAll(/double-(\d+)/g)].map((m) => [m[1], `Double-${m[1]}`]);
  }
  return [];
}

export function optionField(option, value) {
  const id = `rule-${option.name}`;
  const name = ruleName(option.name);
  const help = h("span", { class: "option-help" }, sentence(option.help || ""));
  if (typeof option.default === "boolean") {
    const box = h("input", { type: "checkbox", role: "switch", id, "data-rule": option.name, "data-kind": "bool", checked: Boolean(value) });
    return h("label", { class: "switch", for: id }, box, h("span", { class: "switch-text" }, h("strong", {}, name), help));
  }
  const listed = choices(option);
  if (listed.length > 1) {
    const kind = typeof option.default === "string" ? "text" : "number";
    const explained = new Map(listed.map(([v, , why]) => [v, why]));
    const explain = () => {
      const why = explained.get(select.value);
      if (why) help.textContent = sentence(why); // the chosen rule, in one line
    };
    const select = h(
      "select",
      { id, "data-rule": option.name, "data-kind": kind, onchange: explain },
      listed.map(([v, words]) => h("option", { value: v, selected: String(value) === v }, sentence(words))),
    );
    explain();
    return h("label", { class: "field", for: id }, h("strong", {}, name), select, help);
  }
  const kind = typeof option.default === "string" ? "text" : "number";
  const input = h("input", {
    id,
    "data-rule": option.name,
    "data-kind": kind,
    type: kind,
    inputmode: kind === "number" ? "numeric" : null,
    placeholder: value === null || value === undefined ? "as the rule sheet says" : String(value),
  });
  return h("label", { class: "field", for: id }, h("strong", {}, name), input, help);
}
