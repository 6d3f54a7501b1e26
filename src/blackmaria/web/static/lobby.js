// The lobby: a new table (rules, seats, bot levels from the server), the guided deal, opening a table by its code.
import { $, announce, api, app, el, levelName, presetTitle, store } from "./state.js";
import { language, plural, t } from "./i18n.js";

/** The bot levels (and the operator's bot programs) the server offers, in both level choosers. */
export function renderLevels() {
  const choices = [...app.bots.levels, ...app.bots.programs];
  for (const select of [$("bot-level"), $("fill-level")]) {
    const chosen = select.value || (select.id === "bot-level" && store.lobbyForm()?.["bot-level"]) || "medium";
    select.replaceChildren(...choices.map((level) => el("option", { value: level, text: levelName(level) })));
    if (choices.includes(chosen)) select.value = chosen;
  }
}

export async function loadBots() {
  app.bots = await api("GET", "/api/bots");
  renderLevels();
}

export async function loadPresets() {
  const select = $("preset");
  const chosen = select.value || "black-maria";
  app.presets = await api("GET", `/api/presets?lang=${language()}`);
  select.replaceChildren(...app.presets.map((p) => el("option", { value: p.name, text: `${p.title} (${p.min_players === p.max_players ? p.players : `${p.min_players}–${p.max_players}`})` })));
  select.value = chosen;
  const learnSelect = $("learn-preset");
  const learnChosen = learnSelect.value || "black-maria";
  learnSelect.replaceChildren(...app.presets.map((p) => el("option", { value: p.name, text: p.title })));
  learnSelect.value = learnChosen;
  if (app.presetsShown || !restoreChoices(store.lobbyForm())) presetChanged(!app.presetsShown);
  app.presetsShown = true;
}

// The lobby form's fields kept when a table is made, beside the rule set and the kitty: the lobby opens with them
// again (Back from a table reset the rule set and the players, and left "ends after N deals" with no number: a
// play-test).
const FORM_FIELDS = ["players", "bots", "bot-level", "end-mode", "end-value", "moon", "timer"];

function formChoices() {
  const form = { preset: $("preset").value, kitty: $("kitty").checked };
  for (const id of FORM_FIELDS) form[id] = $(id).value;
  return form;
}

/** The choices of the last table made here, if its rule set is still offered; whether they were put back. */
function restoreChoices(form) {
  if (!form || !app.presets.some((p) => p.name === form.preset)) return false;
  $("preset").value = form.preset;
  presetChanged(true);
  for (const id of FORM_FIELDS) if (typeof form[id] === "string") $(id).value = form[id];
  if (!$("end-mode").value) $("end-mode").value = "preset"; // (a choice no longer offered)
  if (!$("moon").value) $("moon").value = chosenPreset().rules.moon;
  $("kitty").checked = Boolean(form.kitty);
  $("end-value").disabled = $("end-mode").value === "preset";
  app.botsTouched = true; // the computer players as chosen then, not the default
  playersChanged();
  return true;
}

function chosenPreset() {
  return app.presets.find((p) => p.name === $("preset").value) || app.presets[0];
}

function presetChanged(resetNumbers = true) {
  const preset = chosenPreset();
  const players = $("players");
  players.min = preset.min_players;
  players.max = preset.max_players;
  // A count the host chose stays where the new rules allow it (a play-test refused 7 for Black Maria chose Jaques'
  // rules, 3 to 7, and found 3 again).
  const kept = app.playersTouched && +players.value >= preset.min_players && +players.value <= preset.max_players;
  if (!kept && (resetNumbers || +players.value < preset.min_players || +players.value > preset.max_players)) players.value = preset.players;
  if (resetNumbers) $("moon").value = preset.rules.moon;
  if (resetNumbers) $("kitty").checked = Boolean(preset.rules.kitty);
  $("rules-list").replaceChildren(...preset.describe.map((line) => el("li", { text: line })));
  app.describeAsked = null; // the preset's words are shown: those for the count chosen are asked again
  playersChanged(); // (the words for the count chosen, if not the preset's own)
}

function playersChanged(event) {
  const preset = chosenPreset();
  if (!wholeIn("players", preset.min_players, preset.max_players)) {
    // No seat count made up from a number of players the rules cannot take: what they can take, in its place (a
    // line, not none: the form keeps its height, so that the button under the pointer does not move).
    $("bots-note").textContent = playersRule(preset);
    return;
  }
  const players = +$("players").value;
  describeFor(preset, players);
  const bots = $("bots");
  bots.max = players - 1;
  // By default every other seat is a computer player's: the game alone begins with one press (two play-tests came to
  // play against the computer and had to find how); a seat is kept for a friend by the button below, or by typing.
  // A number the host typed here is left as typed (one out of range is said below and at Create, not changed); a
  // game alone stays alone when the count of players changes (a play-test raised the players and had seats free).
  const typedHere = event && event.target === bots;
  if (!typedHere && (app.lobbyAlone || !app.botsTouched || +bots.value > players - 1)) bots.value = players - 1;
  const free = players - 1 - +bots.value;
  // No seat left: said so ("0 seats are left for the friends you invite" read oddly for a game alone).
  if (!wholeIn("bots", 0, players - 1)) $("bots-note").textContent = t("form_bots", { max: players - 1 });
  // (one seat is for a friend, not "the friends")
  else $("bots-note").textContent = free > 1 ? t("bots_note", { free: plural("free_seats", free) }) : t(free ? "bots_note_one" : "bots_note_none");
  // Alone or with a seat for a friend, one press away either way (a play-test changed two fields to play alone).
  const toggle = $("all-bots");
  toggle.hidden = !wholeIn("bots", 0, players - 1);
  toggle.dataset.i18n = free > 0 ? "all_bots" : "keep_seat";
  toggle.textContent = t(toggle.dataset.i18n);
  // Alone against the computer the table starts at once, with nobody to wait for (a play-test took four steps), and
  // the name may be left out (nobody joins to read it).
  const alone = playingAlone();
  app.lobbyAlone = alone;
  const nameLabel = document.querySelector("label[for='create-name']");
  for (const [node, key] of [[$("create"), alone ? "create_play" : "create"], [nameLabel, alone ? "your_name_optional" : "your_name"]]) {
    node.dataset.i18n = key;
    node.textContent = t(key);
  }
}

/** Whether the form makes a table of the host and computer players only. */
function playingAlone() {
  const players = +$("players").value;
  return wholeIn("players", 2, 7) && wholeIn("bots", 0, players - 1) && +$("bots").value === players - 1;
}

/** Whether the table is asked for a kitty: the box is ticked where the rules at this count leave cards over. */
function kittyChosen() {
  return !$("kitty-field").hidden && $("kitty").checked;
}

/** The rules in words for this many players (the cards each, those taken out, the deals: a play-test chose 5 players
    and read the text of 3), as the server words them; an answer for a count changed since is dropped. The kitty's box
    shows where the rules take cards out at this count (a play-test found a kitty only in a house-rules file). */
async function describeFor(preset, players) {
  const ticked = $("kitty").checked;
  // The game's length and the moon as chosen too (a play-test chose 1 deal and read "the game ends after 12 deals").
  const chosen = chosenOptions(preset);
  const asked = JSON.stringify([preset.name, players, ticked, chosen, language()]);
  if (app.describeAsked === asked) return; // (every key in the computer players' field comes here too)
  app.describeAsked = asked;
  const lang = language();
  const own = players === preset.players && Object.keys(chosen).length === 0;
  try {
    // What this count leaves over (the preset's own count is known already); where the box asks for other than the
    // preset's kitty, the words are asked again with it.
    let answer = own ? preset : await api("POST", "/api/rules/facts", { rules: { preset: preset.name, ...chosen }, players, lang });
    const leftOver = Boolean(preset.rules.kitty) || answer.facts.removed.length > 0;
    if (leftOver && ticked !== Boolean(preset.rules.kitty)) {
      answer = await api("POST", "/api/rules/facts", { rules: { preset: preset.name, ...chosen, kitty: ticked }, players, lang });
    }
    if (app.describeAsked !== asked) return;
    $("kitty-field").hidden = !leftOver;
    $("rules-list").replaceChildren(...answer.describe.map((line) => el("li", { text: line })));
  } catch {
    // (the form says what is wrong with the count; the words of the preset stay)
  }
}

/** The options chosen in the form that differ from the preset's: the game's length (when its number is whole and in
    range) and the moon; the kitty is the box's (``kittyChosen``), shown only where the count leaves cards over. */
function chosenOptions(preset) {
  const options = {};
  const mode = $("end-mode").value;
  const value = +$("end-value").value;
  if (mode === "deals" && wholeIn("end-value", 1, 10000)) Object.assign(options, { deal_count: value, target_score: null });
  if (mode === "target" && wholeIn("end-value", 1, 10000)) Object.assign(options, { target_score: value, deal_count: null });
  if ($("moon").value && $("moon").value !== preset.rules.moon) options.moon = $("moon").value;
  return options;
}

function endModeChanged() {
  const mode = $("end-mode").value;
  const value = $("end-value");
  value.disabled = mode === "preset";
  // The rule set's own length where it has one (Black Maria's 9 deals: a play-test was offered 4).
  const own = (chosenPreset() || {}).rules || {};
  if (mode === "deals" && !value.value) value.value = own.deal_count || 4;
  if (mode === "target" && (!value.value || +value.value < 20)) value.value = own.target_score || 100;
}

/** Whether the field holds a whole number from ``low`` to ``high`` as typed (no "2.5", no "-5", no "" taken as 0). */
function wholeIn(id, low, high) {
  const text = $(id).value.trim();
  return /^\d+$/.test(text) && +text >= low && +text <= high;
}

/** "Black Maria is played by 3 to 6 players." */
function playersRule(preset) {
  const low = preset.min_players;
  const high = preset.max_players;
  return t("form_players", { title: preset.title, range: low === high ? String(low) : t("range_to", { low, high }) });
}

/** What in the form cannot make a table, said with the field it is in; null when all of it can. A number out of its
    range is said, not changed behind the player's back (a play-test: 5 computer players at 3 seats made 1). */
function formProblem(preset) {
  if (!wholeIn("players", preset.min_players, preset.max_players)) return { field: "players", text: playersRule(preset) };
  const players = +$("players").value;
  if (!wholeIn("bots", 0, players - 1)) return { field: "bots", text: t("form_bots", { max: players - 1 }) };
  const mode = $("end-mode").value;
  if (mode !== "preset" && !wholeIn("end-value", 1, 10000)) return { field: "end-value", text: t(mode === "deals" ? "form_deals" : "form_target") };
  if ($("timer").value.trim() && !wholeIn("timer", 1, 3600)) return { field: "timer", text: t("form_timer") };
  return null;
}

async function createTable(event) {
  event.preventDefault();
  const error = $("create-error");
  error.textContent = "";
  const preset = chosenPreset();
  const alone = playingAlone();
  // A name is for the friends who join; alone, the last one used here or "Player" does.
  const typed = $("create-name").value.trim();
  const defaulted = !typed && alone && !store.name();
  const name = typed || (alone ? store.name() || t("solo_default_name") : "");
  const problem = formProblem(preset) || (name ? null : { field: "create-name", text: `${t("your_name")}?` });
  if (problem) {
    error.textContent = problem.text;
    const field = $(problem.field);
    field.setAttribute("aria-invalid", "true");
    // The sentence under the button in sight, then the field (a play-test's was cut off at the foot of 1280x800).
    field.focus({ preventScroll: true });
    error.scrollIntoView({ block: "nearest" });
    field.scrollIntoView({ block: "nearest" });
    return;
  }
  const players = +$("players").value;
  const rules = { preset: preset.name, players, ...chosenOptions(preset) };
  if (kittyChosen() !== Boolean(preset.rules.kitty)) rules.kitty = kittyChosen();
  const body = { rules };
  if (+$("timer").value > 0) body.turn_seconds = +$("timer").value;
  const button = $("create");
  button.disabled = true;
  button.textContent = t(alone ? "learn_starting" : "creating");
  try {
    const created = await api("POST", "/api/tables", body);
    const code = created.table.code;
    store.saveHost(code, created.host_token);
    if (typed) store.saveName(typed);
    store.saveLobbyForm(formChoices());
    const taken = await api("POST", `/api/tables/${code}/seats`, { name, seat: 0 });
    store.saveSeat(code, taken.seat, taken.token);
    if (defaulted) store.saveDefaultName(code, name, "solo_default_name");
    const bots = +$("bots").value;
    if (bots > 0) {
      const seats = Array.from({ length: bots }, (_, i) => players - bots + i);
      await api("POST", `/api/tables/${code}/bots`, { level: $("bot-level").value, seats }, created.host_token);
    }
    if (alone) await api("POST", `/api/tables/${code}/start`, undefined, created.host_token);
    location.assign(created.invite);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
    button.textContent = t(button.dataset.i18n);
  }
}

/** The guided deal: a one-deal table of ``preset``, the learner in seat 1, medium computer players in the others,
 * started at once; the page goes to it. (The lobby's form, and the link to another deal at a guided deal's end.)
 * ``teach``: the deal chosen to teach, as the terminal's (the lobby's); another deal after it is a fresh shuffle. */
export async function beginLearning(preset, name, defaulted = false, teach = true) {
  const rules = { preset, deal_count: 1, target_score: null };
  const created = await api("POST", "/api/tables", { rules, teach });
  const code = created.table.code;
  store.saveHost(code, created.host_token);
  store.saveLearn(code);
  if (defaulted) store.saveDefaultName(code, name, "learn_default_name");
  const taken = await api("POST", `/api/tables/${code}/seats`, { name, seat: 0 });
  store.saveSeat(code, taken.seat, taken.token);
  await api("POST", `/api/tables/${code}/bots`, { level: "medium" }, created.host_token);
  await api("POST", `/api/tables/${code}/start`, undefined, created.host_token);
  location.assign(created.invite);
}

async function startLearning(event) {
  event.preventDefault();
  const error = $("learn-error");
  error.textContent = "";
  const typed = $("learn-name").value.trim() || store.name();
  const name = typed || t("learn_default_name");
  const button = $("learn-start");
  button.disabled = true;
  button.textContent = t("learn_starting");
  try {
    if ($("learn-name").value.trim()) store.saveName(name);
    await beginLearning($("learn-preset").value || "black-maria", name, !typed);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
    button.textContent = t("learn_start");
  }
}

async function openTable(event) {
  event.preventDefault();
  const text = $("open-code").value.trim();
  const code = (text.match(/\/t\/([A-Za-z0-9_-]+)/) || [null, text])[1];
  $("open-error").textContent = "";
  if (!code) return;
  // A code no table has is said under the field, where it was typed (a play-test was led off to a bare page).
  try {
    await api("GET", `/api/tables/${encodeURIComponent(code)}`);
  } catch (failure) {
    $("open-error").textContent = failure.status === 404 ? t("web_open_no_table", { code }) : failure.message;
    $("open-code").focus();
    return;
  }
  location.assign(`/t/${encodeURIComponent(code)}`);
}

/** The tables this browser holds a seat at whose game is not over, as links back to them (a play-test left a game
 * with the Back button and found no way back to it). A table the server no longer has is forgotten. */
export async function renderMyTables() {
  // Asked all at once: the links come after the slowest answer, not after the sum of them.
  const codes = store.seatCodes().slice(0, 8);
  const answers = await Promise.allSettled(codes.map((code) => api("GET", `/api/tables/${encodeURIComponent(code)}`)));
  const found = [];
  answers.forEach((answer, index) => {
    const code = codes[index];
    if (answer.status === "rejected") {
      if (answer.reason.status === 404) store.dropSeat(code);
      return;
    }
    const table = answer.value;
    if (table.status === "over") return;
    const rules = presetTitle(table.rules.preset);
    let text = t("web_my_table_open", { rules });
    if (store.learn(code)) text = t("web_my_table_learn", { rules });
    else if (table.status === "playing" && table.deal !== null) text = t("web_my_table_playing", { rules, deal: table.deal + 1 });
    found.push(el("li", {}, el("a", { href: `/t/${encodeURIComponent(code)}`, text })));
  });
  $("my-tables-list").replaceChildren(...found);
  $("my-tables").hidden = !found.length;
}

export function showLobby() {
  $("lobby").hidden = false;
  // /learn (as `blackmaria learn` is named) comes here as /#learn-form: the guided deal's form, in sight and focused
  if (location.hash === "#learn-form") setTimeout(() => $("learn-form").focus()); // (once the page is drawn)
  renderMyTables();
  $("create-name").value = store.name();
  $("learn-name").value = store.name();
  $("learn-form").addEventListener("submit", startLearning);
  $("preset").addEventListener("change", () => presetChanged(true));
  // On every key, not only when the field is left: a play-test typed 3 computer players and still read "1 seat is
  // left for the friends you invite" while deciding.
  const botsChanged = (event) => {
    app.botsTouched = true;
    playersChanged(event);
  };
  const playersTyped = (event) => {
    app.playersTouched = true;
    playersChanged(event);
  };
  for (const kind of ["input", "change"]) {
    $("players").addEventListener(kind, playersTyped);
    $("bots").addEventListener(kind, botsChanged);
  }
  $("kitty").addEventListener("change", () => playersChanged()); // the rules in words with the kitty, or without
  // Any change to the form takes back a refusal it may have mended (the field's mark and the sentence under Create).
  const mended = () => {
    for (const field of $("create-form").querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    $("create-error").textContent = "";
  };
  $("all-bots").addEventListener("click", () => {
    const players = +$("players").value;
    $("bots").value = +$("bots").value === players - 1 ? Math.max(0, players - 2) : players - 1;
    botsChanged({ target: $("bots") }); // (as if typed: the count chosen is kept)
    mended(); // (set here, not typed: the form's own listeners did not take back a refusal it mends, "Your name?")
    announce($("bots-note").textContent); // (the button stays, its words turned: the focus stays on it)
  });
  $("end-mode").addEventListener("change", () => (endModeChanged(), playersChanged()));
  $("end-value").addEventListener("input", () => playersChanged()); // the rules in words say the length chosen
  $("moon").addEventListener("change", () => playersChanged());
  $("create-form").addEventListener("submit", createTable);
  $("create-form").addEventListener("input", mended);
  $("create-form").addEventListener("change", mended);
  $("open-form").addEventListener("submit", openTable);
  loadPresets().catch((failure) => ($("create-error").textContent = failure.message));
}
