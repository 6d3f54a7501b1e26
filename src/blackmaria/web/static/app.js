// The browser client: the lobby, seating, and the table, over the server's HTTP lobby and WebSocket protocol v1
// (docs/server.md). Plain JavaScript modules, no build step. Names and chat are always inserted as text.
import { t, has, plural, cardName, cardShort, suitName, detectLanguage, loadCatalog, language } from "./i18n.js";
import { sortHand, handCard, tableCard, cardBack } from "./cards.js";
import { shuffleCommitment, dealtHand } from "./sha256.js";

const $ = (id) => document.getElementById(id);
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
// Pauses that let a player follow the play: a card, a finished trick before it goes to its winner, its flight.
const TIMING = REDUCED ? { play: 60, hold: 350, fly: 0 } : { play: 420, hold: 900, fly: 380 };

const app = {
  code: null,
  token: null,
  host: null,
  seat: null, // this connection's seat, null for a spectator
  table: null, // GET /api/tables/CODE
  view: null, // the state on screen (updates are shown one after another)
  queue: [],
  hiddenPlays: new Set(), // cards of the update being shown that are not laid yet
  pumping: false,
  ws: null,
  retry: 0,
  selected: new Set(),
  passPending: false,
  playPending: false, // a card sent and not yet seen played (or refused)
  heldTrick: null, // a finished trick kept on screen before it goes to its winner
  shownPlays: new Set(),
  deals: new Map(), // deal index -> {sha256, dealer, handSize, hand, check}
  hint: null,
  handFocus: 0,
  presets: [],
  chat: [],
  seq: 0,
  learn: false, // the guided deal: every decision of this seat explained, the deal counted in public at the end
  explainKey: null, // the decision an explanation was asked for
  explaining: false,
  explanation: null, // the server's explanation message for the decision now
  counts: new Map(), // deal index -> the server's count message
  clockTimer: null, // with a turn timer: the interval that redraws the seconds left
  clockFor: null, // the decision the seconds left count for: one deal's passing, or the turn at one seq
  clockEnd: 0,
  welcomeClock: null, // {seq, left}: the server's seconds left, at the welcome, for the decision pending then
  seqSince: 0, // when the update that brought seq arrived
  clockWarned: false,
  summaryUntil: 0, // with a turn timer: until when the last deal's summary is read (no clock of the next deal runs before)
  connected: false, // the WebSocket is open and welcomed: only then may the hand be played
  bots: { levels: [], programs: [] }, // GET /api/bots: the levels and programs a seat may be given
};

// ---- storage: the seat token per table code survives a reload ----------------------------------------
const store = {
  seat: (code) => JSON.parse(localStorage.getItem(`blackmaria:seat:${code}`) || "null"),
  saveSeat: (code, seat, token) => localStorage.setItem(`blackmaria:seat:${code}`, JSON.stringify({ seat, token })),
  dropSeat: (code) => localStorage.removeItem(`blackmaria:seat:${code}`),
  host: (code) => localStorage.getItem(`blackmaria:host:${code}`),
  saveHost: (code, token) => localStorage.setItem(`blackmaria:host:${code}`, token),
  name: () => localStorage.getItem("blackmaria:name") || "",
  learn: (code) => localStorage.getItem(`blackmaria:learn:${code}`) === "1",
  saveLearn: (code) => localStorage.setItem(`blackmaria:learn:${code}`, "1"),
  saveName: (name) => localStorage.setItem("blackmaria:name", name),
};

// ---- small helpers --------------------------------------------------------------------------------------
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("aria-") || key.startsWith("data-") || key === "role") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function announce(text) {
  const region = $("announcer");
  region.textContent = "";
  // A fresh text node after a tick, so that a repeated sentence is announced again.
  setTimeout(() => (region.textContent = text), 30);
}

function seatName(seat, short = false) {
  const info = app.table && app.table.seats[seat];
  if (!info) return "?";
  if (info.kind === "bot") return t(short ? "bot_short" : "bot_name", { n: seat + 1, level: levelName(info.level) });
  return info.name || t("seat_empty");
}

/** A bot level in words; an operator's bot program is named as the operator named it. */
function levelName(level) {
  return has(`bot_level_${level}`) ? t(`bot_level_${level}`) : level;
}

function authToken() {
  return app.host || app.token;
}

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let answer;
  try {
    answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Error(t("online_gone"));
  }
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    const key = [403, 404, 409, 422].includes(answer.status) ? `error_http_${answer.status}` : "error_http_other";
    const detail = typeof data.detail === "string" ? data.detail : "";
    throw new Error(t(key, { status: answer.status, detail }));
  }
  return data;
}

// ---- texts on the static page ------------------------------------------------------------------------
function applyTexts() {
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of document.querySelectorAll("[data-phrase]")) node.textContent = t(node.dataset.phrase);
  renderLevels();
  renderTitle();
}

/** The bot levels (and the operator's bot programs) the server offers, in both level choosers. */
function renderLevels() {
  const choices = [...app.bots.levels, ...app.bots.programs];
  for (const select of [$("bot-level"), $("fill-level")]) {
    const chosen = select.value || "medium";
    select.replaceChildren(...choices.map((level) => el("option", { value: level, text: levelName(level) })));
    if (choices.includes(chosen)) select.value = chosen;
  }
}

async function loadBots() {
  app.bots = await api("GET", "/api/bots");
  renderLevels();
}

/** The tab's title: "your turn" first when this seat must act, so a tab in the background says so; never the table's code. */
function renderTitle() {
  const view = app.view;
  const mine = mustPlay(view) || mustPass(view);
  const game = app.table ? `${presetTitle(app.table.rules.preset)} · ` : "";
  document.title = `${mine ? `${t("title_your_turn")} · ` : ""}${game}${t("app_title")}`;
}

async function switchLanguage() {
  const next = language() === "de" ? "en" : "de";
  localStorage.setItem("blackmaria:lang", next);
  await loadCatalog(next);
  applyTexts();
  if (app.code) renderAll();
  else loadPresets();
}

// ---- the lobby ----------------------------------------------------------------------------------------
async function loadPresets() {
  const select = $("preset");
  const chosen = select.value || "black-maria";
  app.presets = await api("GET", `/api/presets?lang=${language()}`);
  select.replaceChildren(...app.presets.map((p) => el("option", { value: p.name, text: `${p.title} (${p.min_players === p.max_players ? p.players : `${p.min_players}–${p.max_players}`})` })));
  select.value = chosen;
  const learnSelect = $("learn-preset");
  const learnChosen = learnSelect.value || "black-maria";
  learnSelect.replaceChildren(...app.presets.map((p) => el("option", { value: p.name, text: p.title })));
  learnSelect.value = learnChosen;
  presetChanged(!app.presetsShown);
  app.presetsShown = true;
}

function chosenPreset() {
  return app.presets.find((p) => p.name === $("preset").value) || app.presets[0];
}

function presetChanged(resetNumbers = true) {
  const preset = chosenPreset();
  const players = $("players");
  players.min = preset.min_players;
  players.max = preset.max_players;
  if (resetNumbers || +players.value < preset.min_players || +players.value > preset.max_players) players.value = preset.players;
  if (resetNumbers) $("moon").value = preset.rules.moon;
  $("rules-list").replaceChildren(...preset.describe.map((line) => el("li", { text: line })));
  playersChanged();
}

function playersChanged(event) {
  const players = Math.max(2, Math.min(7, +$("players").value || 4));
  const bots = $("bots");
  bots.max = players - 1;
  // By default one seat is kept for a friend to take by the link; the host may fill it with a computer player.
  if (!app.botsTouched || +bots.value > players - 1) bots.value = Math.max(0, players - 2);
  $("bots-note").textContent = t("bots_note", { free: plural("free_seats", players - 1 - +bots.value) });
}

function endModeChanged() {
  const mode = $("end-mode").value;
  const value = $("end-value");
  value.disabled = mode === "preset";
  if (mode === "deals" && !value.value) value.value = 4;
  if (mode === "target" && (!value.value || +value.value < 20)) value.value = 100;
}

async function createTable(event) {
  event.preventDefault();
  const error = $("create-error");
  error.textContent = "";
  const name = $("create-name").value.trim();
  if (!name) {
    error.textContent = `${t("your_name")}?`;
    $("create-name").focus();
    return;
  }
  const preset = chosenPreset();
  const players = +$("players").value || preset.players;
  const rules = { preset: preset.name, players };
  const mode = $("end-mode").value;
  const value = Math.max(1, Math.round(+$("end-value").value || 1));
  if (mode === "deals") Object.assign(rules, { deal_count: value, target_score: null });
  if (mode === "target") Object.assign(rules, { target_score: value, deal_count: null });
  if ($("moon").value !== preset.rules.moon) rules.moon = $("moon").value;
  const body = { rules };
  if (+$("timer").value > 0) body.turn_seconds = +$("timer").value;
  const button = $("create");
  button.disabled = true;
  button.textContent = t("creating");
  try {
    const created = await api("POST", "/api/tables", body);
    const code = created.table.code;
    store.saveHost(code, created.host_token);
    store.saveName(name);
    const taken = await api("POST", `/api/tables/${code}/seats`, { name, seat: 0 });
    store.saveSeat(code, taken.seat, taken.token);
    const bots = Math.min(players - 1, Math.max(0, +$("bots").value || 0));
    if (bots > 0) {
      const seats = Array.from({ length: bots }, (_, i) => players - bots + i);
      await api("POST", `/api/tables/${code}/bots`, { level: $("bot-level").value, seats }, created.host_token);
    }
    location.assign(created.invite);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
    button.textContent = t("create");
  }
}

/** The guided deal: a one-deal table, the learner in seat 1, medium computer players in the others, started at once. */
async function startLearning(event) {
  event.preventDefault();
  const error = $("learn-error");
  error.textContent = "";
  const name = $("learn-name").value.trim() || store.name() || t("learn_default_name");
  const button = $("learn-start");
  button.disabled = true;
  button.textContent = t("learn_starting");
  try {
    const rules = { preset: $("learn-preset").value || "black-maria", deal_count: 1, target_score: null };
    const created = await api("POST", "/api/tables", { rules });
    const code = created.table.code;
    store.saveHost(code, created.host_token);
    store.saveLearn(code);
    const taken = await api("POST", `/api/tables/${code}/seats`, { name, seat: 0 });
    store.saveSeat(code, taken.seat, taken.token);
    if ($("learn-name").value.trim()) store.saveName(name);
    await api("POST", `/api/tables/${code}/bots`, { level: "medium" }, created.host_token);
    await api("POST", `/api/tables/${code}/start`, undefined, created.host_token);
    location.assign(created.invite);
  } catch (failure) {
    error.textContent = failure.message;
    button.disabled = false;
    button.textContent = t("learn_start");
  }
}

function openTable(event) {
  event.preventDefault();
  const text = $("open-code").value.trim();
  const code = (text.match(/\/t\/([A-Za-z0-9_-]+)/) || [null, text])[1];
  if (code) location.assign(`/t/${encodeURIComponent(code)}`);
}

function showLobby() {
  $("lobby").hidden = false;
  $("create-name").value = store.name();
  $("learn-name").value = store.name();
  $("learn-form").addEventListener("submit", startLearning);
  $("preset").addEventListener("change", () => presetChanged(true));
  $("players").addEventListener("change", playersChanged);
  $("bots").addEventListener("change", () => {
    app.botsTouched = true;
    playersChanged();
  });
  $("end-mode").addEventListener("change", endModeChanged);
  $("create-form").addEventListener("submit", createTable);
  $("open-form").addEventListener("submit", openTable);
  loadPresets().catch((failure) => ($("create-error").textContent = failure.message));
}

// ---- the connection -------------------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(app.code)}`);
  app.ws = ws;
  setConnection(app.retry ? t("reconnecting") : t("connecting"));
  ws.addEventListener("open", () => {
    const hello = { type: "hello", protocol: 1 };
    if (app.token) hello.token = app.token;
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (message) => receive(JSON.parse(message.data)));
  ws.addEventListener("close", () => {
    if (app.ws !== ws || app.missing) return;
    app.retry += 1;
    setConnection(t("reconnecting"));
    setTimeout(connect, Math.min(8000, 500 * 2 ** Math.min(app.retry, 4)));
  });
}

function reconnect() {
  const old = app.ws;
  app.ws = null;
  if (old) old.close();
  app.retry = 0;
  connect();
}

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(message));
}

function setConnection(text) {
  $("connection").textContent = text;
  const down = Boolean(text) && Boolean(app.view);
  app.connected = !text;
  document.body.classList.toggle("offline", down);
  $("offline-bar").hidden = !down;
  $("offline-text").textContent = down ? t("offline_hand") : "";
  if (app.view && app.table) {
    renderHand();
    renderStatus();
  }
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      app.retry = 0;
      app.seat = message.seat;
      app.table = message.table;
      app.seq = message.seq;
      app.seqSince = Date.now();
      app.welcomeClock = message.turn_left == null ? null : { seq: message.seq, left: message.turn_left };
      app.clockFor = null;
      app.explainKey = null;
      app.explaining = false;
      app.queue = [];
      app.heldTrick = null;
      app.hiddenPlays = new Set();
      app.passPending = false;
      app.playPending = false;
      app.deals = new Map();
      noteEvents(message.last_deal_events || [], true);
      noteEvents(message.events, true);
      app.view = message.state;
      app.shownPlays = new Set(playKeys(app.view));
      app.chat = message.chat || [];
      setConnection("");
      renderAll();
      if (app.learn && app.view && app.view.phase === "game-over") askCount(app.view.deal_points.length - 1);
      break;
    case "update":
      message.receivedAt = Date.now(); // the server's clock for a turn starts now, not when the page shows it
      app.queue.push(message);
      pump();
      break;
    case "table":
      tellSeatChanges(app.table, message.table);
      tellPause(app.table, message);
      app.table = message.table;
      renderAll();
      break;
    case "chat":
      app.chat.push(message);
      renderChat();
      break;
    case "hint":
      showHint(message);
      break;
    case "explanation":
      if (message.ref === `x:${app.explainKey}`) {
        app.explaining = false;
        app.explanation = message;
        renderLearn();
      }
      break;
    case "count":
      app.counts.set(message.count.deal, message);
      renderCounts(message.count.deal);
      break;
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

/** A seat played by a computer player since its player left (or ran out of time), or given back: everyone is told. */
function tellSeatChanges(before, after) {
  if (!before || !after || after.status !== "playing") return;
  const news = [];
  for (const seat of after.seats) {
    const was = before.seats[seat.seat];
    if (!was || seat.seat === app.seat || seat.kind !== "human") continue;
    if (seat.away && !was.away) news.push(t(seat.connected ? "news_away" : "news_left", { name: seatName(seat.seat) }));
    else if (!seat.away && was.away) news.push(t("news_back", { name: seatName(seat.seat) }));
  }
  if (!news.length) return;
  $("table-news").textContent = news.join(" ");
  announce(news.join(" "));
}

/** The host paused or resumed the game: everyone is told; after a pause the clock goes on from what the server says. */
function tellPause(before, message) {
  const paused = Boolean(message.table.paused);
  if (!before || Boolean(before.paused) === paused) return;
  if (!paused && message.turn_left != null) {
    app.welcomeClock = { seq: app.seq, left: message.turn_left, at: Date.now() };
    app.clockFor = null;
  }
  const news = t(paused ? "web_news_paused" : "web_news_resumed");
  $("table-news").textContent = news;
  announce(news);
}

async function togglePause() {
  try {
    await api("POST", `/api/tables/${app.code}/pause`, { paused: !app.table.paused }, authToken());
  } catch (failure) {
    showNotice(failure.message);
  }
}

function onError(message) {
  if (typeof message.ref === "string" && message.ref.startsWith("x:")) {
    // An explanation that could not be given: the decision has passed, or one is still on its way (then ask again).
    app.explaining = false;
    if (message.code === "rate-limit" && message.ref === `x:${app.explainKey}`) {
      app.explainKey = null;
      setTimeout(maybeExplain, 400);
    }
    return;
  }
  if (typeof message.ref === "string" && message.ref.startsWith("c:")) return;
  app.passPending = false;
  app.playPending = false;
  if (message.code === "bad-token") {
    store.dropSeat(app.code);
    app.token = null;
    showNotice(t("error_bad-token"));
    reconnect();
    return;
  }
  if (message.code === "no-table") {
    app.missing = true;
    $("seating").hidden = true;
    $("play").hidden = true;
    $("missing").hidden = false;
    return;
  }
  if (message.code === "illegal" && RACED.has(message.rule)) {
    // The click crossed an update (a card already played, the turn already moved on): nothing to tell the player.
  } else if (message.code === "illegal") {
    // The server's refusal names the rule; the facts are those the observation sent with the card, if it has them.
    const known = app.view && app.view.refusals && app.lastTried ? app.view.refusals[app.lastTried] : null;
    showRefusal(known && known.rule === message.rule ? known : { rule: message.rule, card: app.lastTried });
  } else showNotice(has(`error_${message.code}`) ? t(`error_${message.code}`) : message.message);
  renderHand();
}

// Refusals that a click made on an older state than the server's earns: the update on its way says what is true.
const RACED = new Set(["not-your-turn", "not-in-hand", "wrong-phase", "already-passed"]);

// The catalog's sentence for each rule code of a refusal, as the terminal's narration renders them.
const REFUSAL_TEXTS = {
  "follow-suit": "follow_suit",
  "hearts-not-broken": "hearts_not_broken_lead",
  "first-lead": "first_lead",
  "no-points-on-first-trick": "no_points_first_trick",
  "not-in-hand": "not_in_hand",
  "not-your-turn": "not_your_turn",
  "wrong-phase": "wrong_phase",
  "pass-count": "pass_count",
  "pass-forbidden": "pass_forbidden",
  "already-passed": "already_passed",
};
const SUIT_LETTERS = ["C", "D", "H", "S"]; // the engine's suit numbers (clubs 0 ... spades 3)

/** A refusal (the observation's ``{card, rule, led_suit, must_open, ...}``) in the player's language, from its facts. */
function refusalText(refusal) {
  const key = REFUSAL_TEXTS[refusal.rule] || "rule_unknown";
  const opener = refusal.rule === "first-lead" ? refusal.must_open : refusal.card;
  const suit = refusal.led_suit === null || refusal.led_suit === undefined ? "" : suitName(SUIT_LETTERS[refusal.led_suit]);
  return t(key, { card: opener ? cardName(opener) : "", suit, count: app.table ? app.table.rules.pass_count : 0 });
}

function showRefusal(refusal) {
  showNotice(t("refused", { reason: refusalText(refusal) }));
}

function clearNotice() {
  clearTimeout(app.noticeTimer);
  $("notice").textContent = "";
}

function showNotice(text) {
  const notice = $("notice");
  notice.textContent = text;
  clearTimeout(app.noticeTimer);
  app.noticeTimer = setTimeout(() => (notice.textContent = ""), 6000);
  const seatingError = $("seating-error");
  if (!$("seating").hidden) seatingError.textContent = text;
}

// ---- updates, one after another, so that every card can be seen --------------------------------------
async function pump() {
  if (app.pumping) return;
  app.pumping = true;
  try {
    while (app.queue.length) {
      const message = app.queue.shift();
      await showUpdate(message, app.queue.length > 40);
    }
  } finally {
    app.pumping = false;
  }
}

function playKeys(view) {
  if (!view) return [];
  return view.tricks.flatMap((trick, index) => trick.plays.map(([seat]) => `${view.deal}:${index}:${seat}`));
}

async function showUpdate(message, hurry) {
  const before = app.view;
  app.seq = message.seq;
  app.seqSince = message.receivedAt;
  noteEvents(message.events, false);
  learnFeedback(message.events);
  const won = message.events.find((event) => event.type === "TrickWon");
  const played = message.events.filter((event) => event.type === "CardPlayed");
  const scored = message.events.find((event) => event.type === "DealScored");
  if (message.events.some((event) => event.type === "CardsPassed" && event.seat === app.seat)) app.passPending = false;
  if (played.some((event) => event.seat === app.seat)) app.playPending = false;
  if (message.events.some((event) => event.type === "DealStarted")) {
    app.selected.clear();
    app.hint = null;
    $("hint-text").textContent = "";
  }
  const mine = played.some((event) => event.seat === app.seat) || message.events.some((event) => event.type === "CardsPassed" && event.seat === app.seat);
  if (mine) {
    app.hint = null;
    $("hint-text").textContent = "";
  }
  if (mine || won) clearNotice();
  if (scored && app.table && app.table.summary_seconds) app.summaryUntil = message.receivedAt + app.table.summary_seconds * 1000;
  app.view = message.state;
  app.heldTrick = won ? won.trick : null;
  app.heldText = won ? trickWonText(won) : "";
  // A run of bot actions comes as one update: its cards are laid one after another, as at a real table.
  const keys = hurry ? [] : updatePlayKeys(message);
  app.hiddenPlays = new Set(keys);
  renderAll();
  let held = false;
  const holdTrick = async () => {
    held = true;
    announce(app.heldText);
    if (!hurry) {
      await sleep(TIMING.hold);
      flyTrick(won.seat);
      await sleep(TIMING.fly);
    }
    app.heldTrick = null;
    renderAll();
  };
  for (const [i, event] of played.entries()) {
    if (keys.length) {
      if (i > 0) await sleep(TIMING.play); // the card before has its moment
      if (won && !held && playTrick(keys[i]) > won.trick) await holdTrick(); // then the next trick's first cards
      app.hiddenPlays.delete(keys[i]);
      renderTrick();
    }
    announce(event.seat === app.seat ? t("you_play", { card: cardName(event.card) }) : t("plays", { name: seatName(event.seat), card: cardName(event.card) }));
  }
  if (played.length && !hurry) await sleep(TIMING.play);
  if (won && !held) await holdTrick();
  if (scored) {
    askCount(scored.deal);
    if (app.learn) renderLearn();
    else showSummary(scored, message.events);
  }
  announceTurn(before, app.view, played);
}

// The trick of each card an update plays, as "deal:trick:seat" (the keys of renderTrick): cards before a TrickWon
// went to the trick won, those after it to the next. None (all shown at once) for one card, or when the update
// crosses a deal or wins more than one trick (a stand-in's long run): then only its end is worth drawing.
function updatePlayKeys(message) {
  const events = message.events;
  const played = events.filter((event) => event.type === "CardPlayed");
  const wins = events.filter((event) => event.type === "TrickWon");
  if (played.length < 2 || wins.length > 1 || events.some((event) => event.type === "DealStarted")) return [];
  const view = message.state;
  let index = wins.length ? wins[0].trick : view.tricks.length - 1;
  const keys = [];
  for (const event of events) {
    if (event.type === "TrickWon") index = event.trick + 1;
    else if (event.type === "CardPlayed") keys.push(`${view.deal}:${index}:${event.seat}`);
  }
  return keys;
}

function playTrick(key) {
  return Number(key.split(":")[1]);
}

function trickWonText(won) {
  const points = won.points ? plural("points", won.points) : "";
  const key = (won.seat === app.seat ? "you_win_trick" : "wins_trick") + (points ? "_points" : "");
  return t(key, { name: seatName(won.seat), points });
}

function announceTurn(before, view, played) {
  if (!view || app.seat === null) return;
  // Winning a trick with your own card makes it your turn again: a new turn all the same, to lead.
  const wasMine = before && before.turn === app.seat && before.phase === "playing" && !played.some((e) => e.seat === app.seat);
  const mine = view.turn === app.seat && view.phase === "playing";
  // A quick player may have played already, while the last trick was still shown: no "your turn" after the card.
  if (mine && !wasMine && !app.playPending) {
    const trick = currentTrick(view);
    announce(t(trick && trick.plays.length ? "your_turn" : "your_turn_lead"));
  } else if (view.phase === "passing" && (!before || before.phase !== "passing")) {
    announce(passPrompt(view));
  } else if (!mine && view.phase === "playing" && before && before.turn !== view.turn && view.turn !== null) {
    // Others' turns are shown, not announced: a screen reader hears each card played instead.
  }
}

/** What the deals' events say: the shuffle's commitment and reveal, the hand dealt, for the fairness check. */
function noteEvents(events, quiet) {
  for (const event of events) {
    if (event.type === "ShuffleCommitted") {
      app.deals.set(event.deal, { ...(app.deals.get(event.deal) || {}), sha256: event.sha256 });
    } else if (event.type === "DealStarted") {
      app.currentDeal = event.deal;
      const info = app.deals.get(event.deal) || {};
      app.deals.set(event.deal, { ...info, dealer: event.dealer, handSize: event.hand_size });
    } else if (event.type === "HandDealt" && event.seat === app.seat && event.cards) {
      const info = app.deals.get(app.currentDeal) || {};
      info.hand = event.cards;
      app.deals.set(app.currentDeal, info);
    } else if (event.type === "ShuffleRevealed") {
      const info = app.deals.get(event.deal) || {};
      info.check = checkShuffle(info, event);
      app.deals.set(event.deal, info);
    }
  }
  if (!quiet) renderShuffle();
}

function checkShuffle(info, revealed) {
  const n = { n: revealed.deal + 1 };
  const committed = info.sha256 || revealed.sha256;
  if (shuffleCommitment(revealed.salt, revealed.deck) !== committed) return { ok: false, text: t("shuffle_bad_hash", n) };
  if (info.hand && app.table) {
    const hand = dealtHand(revealed.deck, info.dealer, app.seat, app.table.players, info.handSize);
    if ([...hand].sort().join() !== [...info.hand].sort().join()) return { ok: false, text: t("shuffle_bad_hand", n) };
  }
  return { ok: true, text: t(app.seat === null || !info.hand ? "shuffle_ok_public" : "shuffle_ok", n) };
}

// ---- rendering -----------------------------------------------------------------------------------------
function renderAll() {
  if (!app.table) return;
  const table = app.table;
  const title = presetTitle(table.rules.preset);
  const titled = app.learn ? `${title} · ${t("learn_badge")}` : title;
  $("table-title").textContent = app.view && app.view.deal >= 0 ? `${titled} · ${t("deal_n", { n: app.view.deal + 1 })}` : titled;
  $("play").classList.toggle("learning", app.learn);
  $("felt").dataset.players = String(table.players);
  const seating = table.status === "open" && !(app.view && app.view.phase !== "not-started");
  $("seating").hidden = !seating;
  $("play").hidden = seating;
  if (seating) renderSeating();
  else {
    renderSeats();
    renderTrick();
    renderHand();
    renderStatus();
    renderSheet();
    renderShuffle();
    renderResult();
    renderLastTrick();
    renderPause();
    renderLearn();
  }
  renderChat();
  renderWatchers();
  renderTitle();
}

/** How many watch the table without a seat (the server counts the connections). */
function renderWatchers() {
  const count = app.table ? app.table.spectators : 0;
  const node = $("watchers");
  node.hidden = !count;
  node.textContent = count ? `👁 ${plural("web_watching", count)}` : "";
  node.setAttribute("aria-label", count ? plural("web_watching_label", count) : "");
}

/** The host's pause: offered to whoever may manage the table while a game is in play; everyone sees the game stand. */
function renderPause() {
  const button = $("pause-button");
  button.hidden = !authToken() || !tableInPlay();
  button.textContent = t(paused() ? "web_resume" : "web_pause");
  button.setAttribute("aria-pressed", String(paused()));
  $("paused-bar").hidden = !(paused() && tableInPlay());
}

/** A preset's name in words; house rules without a preset are house rules. */
function presetTitle(name) {
  if (!name) return t("house_rules");
  return has(`preset_${name}`) ? t(`preset_${name}`) : name;
}

function renderSeating() {
  const table = app.table;
  const link = `${location.origin}/t/${table.code}`;
  $("invite-link").value = link;
  // The same link seats a player in a terminal (docs/server.md, "In a terminal").
  $("invite-terminal").replaceChildren(t("invite_terminal"), " ", el("code", { text: `blackmaria join ${link} --name NAME` }));
  const list = $("seat-list");
  list.replaceChildren(
    ...table.seats.map((seat) => {
      const item = el("li", { class: `seat-row ${seat.kind}` });
      const name = seat.kind === "empty" ? t("seat_empty") : seatName(seat.seat);
      item.append(el("span", { class: "seat-no", text: `${seat.seat + 1}.` }), el("span", { class: "seat-name", text: name }));
      if (seat.seat === app.seat) item.append(el("span", { class: "you", text: ` ${t("you_suffix")}` }));
      if (seat.kind === "empty" && app.seat === null) {
        const button = el("button", { type: "button", text: t("sit_here"), "aria-label": t("sit_here_label", { n: seat.seat + 1 }) });
        button.addEventListener("click", () => takeSeat(seat.seat));
        item.append(button);
      }
      // The host's seat changes (any seated player may make them): free a seat for a friend, or give it to a computer.
      if (app.seat !== null && seat.seat !== app.seat) {
        if (seat.kind !== "empty") item.append(seatButton(seat.seat, "empty", t(seat.kind === "bot" ? "free_seat" : "remove_player"), name));
        if (seat.kind !== "bot") item.append(seatButton(seat.seat, "bot", t("bot_seat"), name || t("seat_n", { n: seat.seat + 1 })));
      }
      return item;
    }),
  );
  const empty = table.seats.filter((seat) => seat.kind === "empty").length;
  const mayManage = Boolean(authToken());
  $("join-box").hidden = app.seat !== null || empty === 0;
  if (!$("join-name").value) $("join-name").value = store.name();
  $("manage").hidden = !mayManage || empty === 0;
  $("start").hidden = !mayManage;
  $("start").disabled = empty > 0;
  $("seating-note").textContent = empty > 0 ? t("start_wait") : mayManage ? "" : t("waiting_start");
  // A guest is not told to send the link on: told what they may do, and why when there is no seat for them.
  $("invite-text").textContent = mayManage ? t("invite_text") : empty > 0 ? t("guest_text") : t("guest_full");
}

function seatButton(seat, to, text, name) {
  const button = el("button", { type: "button", class: "quiet-button", text, "aria-label": `${text}: ${name}`, "data-seat-change": to });
  button.addEventListener("click", () => send({ type: "seat", seat, to, level: $("fill-level").value || "medium" }));
  return button;
}

async function takeSeat(seat) {
  const name = $("join-name").value.trim();
  $("seating-error").textContent = "";
  if (!name) {
    $("seating-error").textContent = `${t("your_name")}?`;
    $("join-name").focus();
    return;
  }
  try {
    const taken = await api("POST", `/api/tables/${app.code}/seats`, { name, seat });
    store.saveSeat(app.code, taken.seat, taken.token);
    store.saveName(name);
    app.token = taken.token;
    app.table = taken.table;
    reconnect();
  } catch (failure) {
    $("seating-error").textContent = failure.message;
  }
}

async function fillBots() {
  try {
    await api("POST", `/api/tables/${app.code}/bots`, { level: $("fill-level").value }, authToken());
  } catch (failure) {
    $("seating-error").textContent = failure.message;
  }
}

async function startGame() {
  try {
    // The table's own message over the WebSocket follows and is what the page draws (the HTTP answer is a summary).
    await api("POST", `/api/tables/${app.code}/start`, undefined, authToken());
  } catch (failure) {
    showNotice(failure.message);
    $("seating-error").textContent = failure.message;
  }
}

/** Seat positions round the felt: this seat at the bottom, the next seat clockwise (on its left) at the left. */
function seatPosition(seat, radius = 1) {
  const n = app.table.players;
  const me = app.seat === null ? 0 : app.seat;
  const angle = (2 * Math.PI * ((seat - me + n) % n)) / n;
  // On a narrow felt the seats move inwards, so that a seat at the side stays on the screen.
  const width = $("felt").clientWidth;
  // Many seats on a phone: spread wide (keepInside then holds each box on the felt), so that neighbours do not meet.
  const wide = width > 900 ? 41 : width > 600 ? 38 : n >= 6 && radius === 1 ? 42 : 33;
  return { x: 50 - wide * radius * Math.sin(angle), y: 50 + 39 * radius * Math.cos(angle) };
}

function renderSeats() {
  const view = app.view;
  const container = $("seats");
  const nodes = app.table.seats.map((info) => {
    const seat = info.seat;
    const position = seatPosition(seat);
    const points = view ? view.trick_points[seat] : 0;
    const tricks = view ? view.tricks_won[seat] : 0;
    const total = view ? view.totals[seat] : 0;
    const turn = view && view.phase === "playing" && view.turn === seat && app.heldTrick === null;
    const held = app.heldTrick !== null && view && view.tricks[app.heldTrick];
    const winner = Boolean(held && held.winner === seat);
    const name = seatName(seat) + (seat === app.seat ? ` ${t("you_suffix")}` : "");
    const marks = [];
    if (view && view.dealer === seat) marks.push(t("dealer_mark"));
    if (info.away) marks.push(t("away"));
    else if (info.kind === "human" && !info.connected) marks.push(t("offline"));
    // A screen reader hears the seat's state too: dealer, away, offline, to play.
    const heard = [...marks, ...(turn ? [t("turn_mark")] : [])];
    const node = el("div", {
      class: `seat${turn ? " turn" : ""}${winner ? " winner" : ""}${seat === app.seat ? " me" : ""}`,
      role: "group",
      "aria-label": [t("seat_label", { name, points: plural("points", points), tricks: plural("tricks", tricks), total }), ...heard].join(", "),
      "data-seat": String(seat),
    });
    node.style.left = `${position.x}%`;
    node.style.top = `${position.y}%`;
    node.append(el("span", { class: "name", text: name, "aria-hidden": "true" }));
    const line = el("span", { class: "stats", "aria-hidden": "true" });
    // Each number says what it counts: this deal's points, the tricks taken, the game's total.
    line.append(el("b", { class: "points", text: String(points) }), ` ${t("seat_points", { n: points })} · ${plural("tricks", tricks)} · ${t("seat_total", { total })}`);
    node.append(line);
    if (marks.length) node.append(el("span", { class: "marks", text: marks.join(" · "), "aria-hidden": "true" }));
    if (turn) node.append(el("span", { class: "turn-mark", text: t("turn_mark"), "aria-hidden": "true" }));
    if (app.seat !== null && seat !== app.seat && info.kind === "human" && !info.connected && !info.away && tableInPlay()) {
      node.append(seatButton(seat, "bot", t("bot_now"), seatName(seat)));
    }
    if (seat !== app.seat && view && view.cards_left[seat] > 0) {
      const backs = el("span", { class: "backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(view.cards_left[seat], 8); i++) backs.append(cardBack());
      node.append(backs);
    }
    return node;
  });
  container.replaceChildren(...nodes);
  keepInside(nodes);
}

/** Move each seat box inwards until the whole of it lies on the felt (a long name at a side seat would hang over). */
function keepInside(nodes) {
  const felt = $("felt");
  const width = felt.clientWidth;
  const height = felt.clientHeight;
  const margin = 6;
  for (const node of nodes) {
    const w = node.offsetWidth;
    const h = node.offsetHeight;
    if (!w || !h) continue;
    const x = (parseFloat(node.style.left) / 100) * width;
    const y = (parseFloat(node.style.top) / 100) * height;
    node.style.left = `${Math.min(Math.max(x, w / 2 + margin), width - w / 2 - margin)}px`;
    node.style.top = `${Math.min(Math.max(y, h / 2 + margin), height - h / 2 - margin)}px`;
  }
}

function tableInPlay() {
  return Boolean(app.table && app.table.status === "playing" && app.view && app.view.phase !== "game-over");
}

function currentTrick(view) {
  if (!view || !view.tricks.length) return null;
  const last = view.tricks[view.tricks.length - 1];
  return last.winner === null ? last : null;
}

function renderTrick() {
  const view = app.view;
  const area = $("trick");
  let trick = currentTrick(view);
  let index = view ? view.tricks.length - 1 : -1;
  // A trick just won stays in the middle a moment, before the next trick (already begun in the state) is shown.
  if (app.heldTrick !== null && view && view.tricks[app.heldTrick]) {
    trick = view.tricks[app.heldTrick];
    index = app.heldTrick;
  }
  const nodes = [];
  if (trick) {
    for (const [seat, card] of trick.plays) {
      const key = `${view.deal}:${index}:${seat}`;
      if (app.hiddenPlays.has(key)) continue; // laid a moment later (showUpdate)
      const node = tableCard(card, `${seatName(seat)}: ${cardName(card)}`);
      const spot = seatPosition(seat, 0.38);
      const from = seatPosition(seat, 1);
      node.classList.add("played");
      node.style.left = `${spot.x}%`;
      node.style.top = `${spot.y}%`;
      node.style.setProperty("--from-x", `${(from.x - spot.x) * 3}px`);
      node.style.setProperty("--from-y", `${(from.y - spot.y) * 3}px`);
      if (!app.shownPlays.has(key) && !REDUCED) node.classList.add("enter");
      app.shownPlays.add(key);
      node.dataset.seat = String(seat);
      nodes.push(node);
    }
  }
  area.replaceChildren(...nodes);
  area.dataset.count = String(nodes.length);
  area.classList.toggle("won", Boolean(app.heldTrick !== null && trick && trick.winner !== null));
}

/** The last finished trick of this deal, on demand: its cards, who played each, who took it. */
function renderLastTrick() {
  const view = app.view;
  const button = $("last-trick-button");
  const panel = $("last-trick");
  const done = view && view.tricks ? view.tricks.filter((trick) => trick.winner !== null && trick.winner !== undefined) : [];
  // The trick being shown in the middle is not "the last one" yet: it is still on the felt.
  const last = done.length && !(app.heldTrick !== null && app.heldTrick === view.tricks.indexOf(done[done.length - 1])) ? done[done.length - 1] : done.length > 1 ? done[done.length - 2] : null;
  button.hidden = !last || (view && view.phase === "game-over");
  if (!last) {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    return;
  }
  const open = button.getAttribute("aria-expanded") === "true";
  panel.hidden = !open;
  if (!open) return;
  const rows = last.plays.map(([seat, card]) =>
    el("li", { class: seat === last.winner ? "took" : "", "data-seat": String(seat) }, miniCard(card), el("span", { text: seat === app.seat ? t("you") : seatName(seat) })),
  );
  $("last-trick-heading").textContent = t("last_trick_heading", { name: last.winner === app.seat ? t("you") : seatName(last.winner) });
  $("last-trick-cards").replaceChildren(...rows);
}

function toggleLastTrick() {
  const button = $("last-trick-button");
  button.setAttribute("aria-expanded", String(button.getAttribute("aria-expanded") !== "true"));
  renderLastTrick();
}

function flyTrick(winner) {
  const target = seatPosition(winner, 1);
  for (const node of $("trick").children) {
    const left = parseFloat(node.style.left);
    const top = parseFloat(node.style.top);
    node.classList.add("fly");
    node.style.transform = `translate(calc(-50% + ${(target.x - left) * 4}px), calc(-50% + ${(target.y - top) * 3}px)) scale(0.6)`;
    node.style.opacity = "0";
  }
}

/** This seat chooses its pass now: the server offers cards to pass (none once it has passed), and none is on its way. */
function mustPass(view) {
  return Boolean(view && app.seat !== null && !paused() && view.phase === "passing" && view.choices.length && !app.passPending);
}

/** The host paused the game: nobody plays until it resumes. */
function paused() {
  return Boolean(app.table && app.table.paused);
}

/** This seat plays now: the server offers cards to play, and no finished trick is still being shown. */
function mustPlay(view) {
  return Boolean(view && app.seat !== null && !paused() && view.phase === "playing" && view.choices.length && app.heldTrick === null);
}

function passPrompt(view) {
  return t("web_pass_prompt", { count: app.table.rules.pass_count, direction: t(`direction_${view.direction}`), name: seatName(view.pass_to) });
}

function renderHand() {
  const view = app.view;
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  if (!view || app.seat === null || !view.hand) {
    hand.replaceChildren();
    $("hand-wrap").hidden = true;
    return;
  }
  $("hand-wrap").hidden = false;
  const cards = sortHand(view.hand);
  const myTurn = mustPlay(view);
  const passing = mustPass(view);
  const allowed = new Set(myTurn || passing ? view.choices : []);
  const received = new Set(view.received && view.hand.length === view.dealt.length ? view.received : []);
  const hinted = new Set(app.hint || []);
  for (const card of [...app.selected]) if (!view.hand.includes(card) || !passing) app.selected.delete(card);
  app.handFocus = Math.max(0, Math.min(app.handFocus, cards.length - 1));
  const nodes = cards.map((card, index) => {
    const node = handCard(card);
    const states = [];
    if (passing) {
      const chosen = app.selected.has(card);
      node.setAttribute("aria-pressed", String(chosen));
      node.classList.toggle("selected", chosen);
      node.classList.toggle("dim", !allowed.has(card));
      if (chosen) states.push(t("selected"));
    } else if (myTurn) {
      node.classList.add(allowed.has(card) ? "playable" : "dim");
      states.push(allowed.has(card) ? t("web_playable") : t("not_playable"));
    }
    if (received.has(card)) {
      node.classList.add("received");
      states.push(t("received_mark"));
    }
    if (hinted.has(card)) {
      node.classList.add("hinted");
      states.push(t("hinted_mark"));
    }
    if (app.playPending && app.pendingCard === card) node.classList.add("pending");
    if (!app.connected) node.setAttribute("aria-disabled", "true");
    node.setAttribute("aria-label", [cardName(card), ...states].join(", "));
    node.tabIndex = index === app.handFocus ? 0 : -1;
    node.style.setProperty("--i", String(index));
    node.style.setProperty("--tilt", `${(index - (cards.length - 1) / 2) * (cards.length > 13 ? 1.2 : 1.8)}deg`);
    node.addEventListener("click", () => cardClicked(card, index));
    node.addEventListener("keydown", (event) => handKey(event, index));
    return node;
  });
  hand.replaceChildren(...nodes);
  hand.style.setProperty("--count", String(cards.length));
  hand.classList.toggle("my-turn", myTurn || passing);
  hand.classList.toggle("waiting", app.playPending);
  hand.setAttribute("aria-disabled", String(!app.connected));
  if (hadFocus && nodes[app.handFocus]) nodes[app.handFocus].focus();
}

function handKey(event, index) {
  const cards = $("hand").children;
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(cards.length - 1, index + 1);
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, index - 1);
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = cards.length - 1;
  if (next === null) return;
  event.preventDefault();
  cards[index].tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus();
  app.handFocus = next;
}

function cardClicked(card, index) {
  const view = app.view;
  app.handFocus = index;
  if (!app.connected || app.playPending || app.passPending) return; // the page shows why: offline, or a card on its way
  app.lastTried = card;
  // A card the server's observation refuses says why at once, in the server's words for the rule and its facts.
  const refused = (mustPass(view) || mustPlay(view)) && view.refusals ? view.refusals[card] : null;
  if (refused) {
    showRefusal(refused);
    return;
  }
  if (mustPass(view)) {
    if (app.selected.has(card)) app.selected.delete(card);
    else app.selected.add(card);
    renderHand();
    renderStatus();
    return;
  }
  // Only while the server offers cards to play; any other time a click has nothing to do.
  if (!mustPlay(view)) return;
  app.playPending = true;
  app.pendingCard = card;
  send({ type: "play", card });
  renderHand();
}

function passCards() {
  if (!app.connected || app.passPending) return;
  const count = app.table.rules.pass_count;
  if (app.selected.size !== count) {
    showRefusal({ rule: "pass-count" });
    return;
  }
  app.passPending = true;
  send({ type: "pass", cards: [...app.selected] });
  app.selected.clear();
  renderHand();
  renderStatus();
}

function renderStatus() {
  renderTurnLine();
  renderClock();
}

function renderTurnLine() {
  const view = app.view;
  const turnLine = $("turn-line");
  const passBar = $("pass-bar");
  const note = $("center-note");
  passBar.hidden = true;
  note.textContent = "";
  turnLine.classList.remove("mine");
  if (!view || view.phase === "not-started") {
    turnLine.textContent = t("waiting_start");
    return;
  }
  if (app.seat === null) turnLine.textContent = t("spectating");
  if (view.phase === "passing") {
    if (view.direction === "hold") note.textContent = t("no_pass");
    else if (mustPass(view)) {
      const count = app.table.rules.pass_count;
      passBar.hidden = false;
      $("pass-text").textContent = passPrompt(view);
      const left = count - app.selected.size;
      const button = $("pass-button");
      button.textContent = left > 0 ? t("pass_button_left", { count, left }) : t("pass_button", { count });
      button.setAttribute("aria-disabled", String(left !== 0 || !app.connected));
      turnLine.textContent = ""; // the pass bar says it, once
    } else if (app.seat !== null) turnLine.textContent = t("passed_wait");
    note.textContent = view.direction === "hold" ? t("no_pass") : `⇄ ${t(`direction_${view.direction}`)}`;
    return;
  }
  if (app.heldTrick !== null && app.heldText) {
    turnLine.textContent = app.heldText;
  } else if (view.phase === "playing" && view.turn !== null) {
    if (view.turn === app.seat) {
      const trick = currentTrick(view);
      turnLine.textContent = t(trick && trick.plays.length ? "your_turn" : "your_turn_lead");
      turnLine.classList.add("mine");
    } else if (view.turn !== app.seat) turnLine.textContent = t("turn_of", { name: seatName(view.turn) });
    if (view.received && view.hand.length === view.dealt.length && view.pass_from !== null) {
      note.textContent = t("received_from", { name: seatName(view.pass_from), cards: sortHand(view.received).map(cardShort).join(" ") });
    } else if (view.hearts_broken) note.textContent = t("hearts_broken");
  } else if (view.phase === "game-over" || view.phase === "deal-over") turnLine.textContent = view.phase === "game-over" ? t("web_game_over") : "";
}

/** With a turn timer: the seconds left for this seat's decision, and, once a stand-in plays the seat, the way back. */
function renderClock() {
  const view = app.view;
  const clock = $("clock");
  const seats = app.table ? app.table.seats : [];
  const away = app.seat !== null && Boolean(seats[app.seat] && seats[app.seat].away);
  const awayBar = $("away-bar");
  awayBar.hidden = !away;
  if (away) {
    $("away-text").textContent = t("away_notice");
    $("back-button").textContent = t("back_button");
  }
  const deciding = !away && app.table.turn_seconds && !app.table.paused && (mustPass(view) || mustPlay(view));
  if (!deciding) {
    clock.hidden = true;
    clearInterval(app.clockTimer);
    app.clockTimer = null;
    return;
  }
  // As the server counts: every seat passes against one clock from the deal; a play's time starts with the play
  // before it. After a welcome the server says how much is left; after an update, all of it is, from its arrival.
  const decision = view.phase === "passing" ? `pass ${view.deal}` : `turn ${app.seq}`;
  if (app.clockFor !== decision) {
    const welcome = app.welcomeClock && app.welcomeClock.seq === app.seq ? app.welcomeClock : null;
    app.clockFor = decision;
    app.clockEnd = welcome ? (welcome.at || app.seqSince) + welcome.left * 1000 : Math.max(app.seqSince, app.summaryUntil) + app.table.turn_seconds * 1000;
    app.welcomeClock = null;
    app.clockWarned = false;
  }
  if (app.clockTimer === null) app.clockTimer = setInterval(tickClock, 1000);
  clock.hidden = false;
  tickClock();
}

function tickClock() {
  const left = Math.max(0, Math.ceil((app.clockEnd - Date.now()) / 1000));
  const clock = $("clock");
  clock.textContent = t("clock_left", { s: left });
  clock.classList.toggle("short", left <= 10);
  if (left <= 10 && left > 0 && !app.clockWarned && app.table.turn_seconds > 10) {
    app.clockWarned = true;
    announce(t("clock_left", { s: left }));
  }
}

function renderSheet() {
  const view = app.view;
  const table = $("sheet-table");
  const n = app.table.players;
  const head = el("tr", {}, el("th", { scope: "col", text: t("sheet_deal") }), ...Array.from({ length: n }, (_, seat) => el("th", { scope: "col", text: seatName(seat, true), title: seatName(seat) })));
  const rows = [];
  const dealPoints = view ? view.deal_points : [];
  dealPoints.forEach((points, index) => {
    rows.push(el("tr", { "data-deal": String(index + 1) }, el("th", { scope: "row", text: String(index + 1) }), ...points.map((p) => el("td", { text: String(p) }))));
  });
  const totals = view ? view.totals : new Array(n).fill(0);
  const foot = el("tr", { class: "total" }, el("th", { scope: "row", text: t("sheet_total") }), ...totals.map((p) => el("td", { text: String(p) })));
  const caption = el("caption", { class: "sr-only", text: t("score_sheet") });
  table.replaceChildren(caption, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
  if (!rows.length) table.querySelector("tbody").append(el("tr", {}, el("td", { colSpan: n + 1, class: "empty", text: t("sheet_empty") })));
}

function renderShuffle() {
  const view = app.view;
  if (!view || view.deal < 0) return;
  const info = app.deals.get(view.deal);
  const previous = app.deals.get(view.deal - 1);
  const commit = $("shuffle-commit");
  commit.replaceChildren();
  if (info && info.sha256) commit.append(t("shuffle_committed", { n: view.deal + 1 }), " ", el("code", { text: info.sha256 }));
  const checked = info && info.check ? info.check : previous && previous.check ? previous.check : null;
  const line = $("shuffle-check");
  line.textContent = checked ? `${checked.ok ? "✓" : "✗"} ${checked.text}` : "";
  line.className = checked ? (checked.ok ? "ok" : "bad") : "";
}

function renderResult() {
  const view = app.view;
  const over = view && view.phase === "game-over" && app.heldTrick === null;
  $("result").hidden = !over;
  $("hint-button").hidden = over || app.seat === null;
  if (!over) return;
  const names = view.winners.map(seatName).join(", ");
  $("result-text").textContent = t(view.winners.length === 1 ? "winner_one" : "winner_many", { names });
  $("result-totals").replaceChildren(...view.totals.map((total, seat) => el("li", { text: t("total_of", { name: seatName(seat), total }) })));
  $("new-game").hidden = !authToken();
}

function showSummary(scored, events) {
  const view = app.view;
  $("summary-heading").textContent = t("summary_heading", { n: scored.deal + 1 });
  // Each seat: its tricks and this deal's points, the running total and its place in the standing (fewest first).
  const totals = view ? view.totals : scored.points;
  const rows = scored.points.map((points, seat) => {
    const place = 1 + totals.filter((total) => total < totals[seat]).length;
    return el(
      "li",
      { "data-seat": String(seat), "data-place": String(place) },
      el("span", { class: "summary-line" }, el("span", { class: "summary-name", text: `${seatName(seat)}: ` }), `${plural("tricks", view ? view.tricks_won[seat] : 0)}, `, el("b", { class: "summary-points", text: plural("points", points) }), el("span", { class: "summary-total", text: ` · ${t("summary_total", { total: totals[seat] })} · ${t("summary_place", { n: place })}` })),
    );
  });
  $("summary-rows").replaceChildren(...rows);
  $("summary").dataset.deal = String(scored.deal);
  renderCounts(scored.deal);
  const extra = [];
  if (scored.moon_shooter !== null && scored.moon_shooter !== undefined) extra.push(t("moon", { name: seatName(scored.moon_shooter) }));
  if (scored.kitty && scored.kitty.length && view && view.kitty_owner !== null) {
    extra.push(t("kitty_was", { cards: sortHand(scored.kitty).map(cardShort).join(" "), name: seatName(view.kitty_owner) }));
  }
  $("summary-extra").textContent = extra.join(" ");
  const revealed = events.find((event) => event.type === "ShuffleRevealed");
  const info = revealed ? app.deals.get(revealed.deal) : null;
  $("summary-shuffle").textContent = info && info.check ? `${info.check.ok ? "✓" : "✗"} ${info.check.text}` : "";
  const dialog = $("summary");
  if (!dialog.open) dialog.show();
  announce(`${$("summary-heading").textContent}. ${rows.map((row) => row.textContent).join(". ")}. ${extra.join(" ")}`);
}

function renderChat() {
  const log = $("chat-log");
  log.replaceChildren(
    ...app.chat.slice(-50).map((line) => {
      const item = el("li");
      const who = app.table && app.table.seats[line.seat] ? seatName(line.seat) : line.name;
      item.append(el("b", { text: `${who}: ` }), el("span", { text: line.text }));
      return item;
    }),
  );
  log.scrollTop = log.scrollHeight;
  const seated = app.seat !== null;
  for (const node of document.querySelectorAll("[data-phrase], #chat-form input, #chat-form button")) node.disabled = !seated;
}

function showHint(message) {
  app.hint = message.cards;
  $("hint-text").textContent = t("hint", { cards: message.cards.map(cardShort).join(" "), reason: message.reason });
  renderHand();
}

// ---- the guided deal: explanations of the learner's decisions, and the public count -----------------------

const upperFirst = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const shortCards = (cards) => sortHand(cards).map(cardShort).join(" ");
const nameOf = (seat) => (seat === app.seat ? t("you") : seatName(seat));

/** A mean number of points with one decimal, written as this language writes decimals. */
function decimal(value) {
  const text = (value || 0).toFixed(1);
  return language() === "de" ? text.replace(".", ",") : text;
}

function miniCard(card, label) {
  const node = tableCard(card, label || cardName(card));
  node.classList.add("mini");
  return node;
}

function miniCards(cards, className = "") {
  return el("span", { class: `mini-cards ${className}`.trim() }, ...sortHand(cards).map((card) => miniCard(card)));
}

/** This seat's decision now, as a key that changes with each decision (null when it has none to make). */
function decisionKey(view) {
  if (!app.learn || app.seat === null || !view) return null;
  if (mustPass(view)) return `${view.deal}:pass`;
  if (mustPlay(view)) {
    const trick = currentTrick(view);
    return `${view.deal}:${view.hand.length}:${view.tricks.length}:${trick ? trick.plays.length : 0}`;
  }
  return null;
}

/** Ask the server to explain the decision now, once per decision. */
function maybeExplain() {
  const key = decisionKey(app.view);
  if (key === null) {
    app.explainKey = null;
    app.explanation = null;
    return;
  }
  if (key === app.explainKey) return;
  app.explainKey = key;
  app.explanation = null;
  app.explaining = true;
  app.explainLang = language();
  send({ type: "explain", lang: app.explainLang, ref: `x:${key}` });
}

function askCount(deal) {
  if (deal === undefined || deal === null || deal < 0 || app.counts.has(deal)) return;
  send({ type: "count", deal, lang: language(), ref: `c:${deal}` });
}

/** After the learner's card or pass: what it likely cost beside the computer player's choice. */
function learnFeedback(events) {
  if (!app.learn || !app.explanation) return;
  const x = app.explanation.explanation;
  const mine = events.find((event) => (event.type === "CardPlayed" || event.type === "CardsPassed") && event.seat === app.seat);
  if (!mine) return;
  let text = "";
  if (mine.type === "CardsPassed" && x.kind === "pass" && mine.cards) {
    const same = [...mine.cards].sort().join() === [...x.advice].sort().join();
    text = same ? t("web_learn_feedback_pass_same") : t("web_learn_feedback_pass", { cards: shortCards(mine.cards), advice: shortCards(x.advice) });
  } else if (mine.type === "CardPlayed" && x.kind === "play" && x.options.length > 1) {
    const chosen = x.options.find((option) => option.card === mine.card);
    const best = x.options.find((option) => x.advice.includes(option.card)) || x.options[0];
    if (!chosen || chosen.cost === null) return;
    const cost = t("points_many", { n: decimal(chosen.cost) });
    text =
      chosen.cost - best.cost < 0.05
        ? t("learn_feedback_best", { card: cardShort(chosen.card), cost })
        : t("learn_feedback", { card: cardShort(chosen.card), cost, best: cardShort(best.card), best_cost: t("points_many", { n: decimal(best.cost) }) });
  }
  $("learn-feedback").textContent = text;
}

function renderLearn() {
  const panel = $("learn");
  panel.hidden = !app.learn;
  if (!app.learn) return;
  maybeExplain();
  const view = app.view;
  const last = view ? view.deal_points.length - 1 : -1;
  const count = view && (view.phase === "game-over" || view.phase === "deal-over") && app.heldTrick === null ? app.counts.get(last) : null;
  let mode = "idle";
  if (count) mode = `count:${count.count.deal}`;
  else if (app.explanation) mode = `x:${app.explainKey}`;
  else if (app.explainKey !== null) mode = `wait:${app.explainKey}`;
  else if (view) mode = `idle:${view.phase}:${view.turn}`;
  mode += `:${language()}`;
  if (panel.dataset.mode === mode) return;
  panel.dataset.mode = mode;
  const body = $("learn-body");
  if (count) body.replaceChildren(...countNodes(count, true), ...learnDone());
  else if (app.explanation) {
    body.replaceChildren(...explanationNodes(app.explanation));
    announce(body.querySelector("h3").textContent);
  } else if (app.explainKey !== null) body.replaceChildren(el("p", { class: "learn-wait busy", text: t("learn_waiting") }));
  else if (view && view.phase === "passing") body.replaceChildren(el("p", { class: "learn-wait", text: t("learn_wait_pass") }));
  else if (view && view.phase === "playing" && view.turn !== null) {
    body.replaceChildren(el("p", { class: "learn-wait", text: t("learn_wait_others", { name: seatName(view.turn) }) }));
  } else body.replaceChildren();
}

function learnDone() {
  const links = el(
    "p",
    { class: "learn-links" },
    el("a", { class: "button primary", href: "/#learn-form", text: t("learn_again") }),
    el("a", { class: "button", href: "/", text: t("learn_real") }),
  );
  return [el("p", { class: "learn-done", text: t("web_learn_done") }), links];
}

function part(number, title, ...children) {
  return el("section", { class: "learn-part", "data-part": String(number) }, el("h4", {}, el("span", { class: "part-no", text: String(number) }), ` ${title}`), ...children);
}

/** The three parts of one decision, laid out from the explanation's data; the server's text is kept below. */
function explanationNodes(message) {
  const x = message.explanation;
  const table = x.table;
  const header = x.kind === "pass" ? t("web_x_header_pass", { deal: table.deal + 1 }) : t("web_x_header_play", { trick: table.trick, total: table.tricks_per_deal });
  // Part 1: the table, and (apart) whose turn it is and why.
  const first = [];
  if (x.kind === "pass") {
    const held = plural("cards", x.legal.length + x.refused.length);
    const target = table.pass_to === null ? "" : seatName(table.pass_to);
    first.push(el("p", { text: t("web_x_pass_table", { cards: held, count: table.pass_count, direction: t(`direction_${table.direction}`), target }) }));
  } else {
    // The trick's cards lie on the felt beside the panel: the panel says what they mean.
    if (!table.plays.length) first.push(el("p", { text: t("x_trick_empty") }));
    else {
      const [winner, winning] = table.winning;
      const lead = t("web_x_trick_lead", { suit: suitName(SUIT_LETTERS[table.led_suit]), name: nameOf(winner), card: cardShort(winning), points: plural("points", table.trick_value) });
      first.push(el("p", { text: upperFirst(lead) }));
    }
    const short = (seat) => (seat === app.seat ? t("you") : seatName(seat, true));
    const taken = el("ul", { class: "taken" }, ...table.points_taken.map((points, seat) => el("li", { title: nameOf(seat) }, `${short(seat)} `, el("b", { text: String(points) }))));
    first.push(el("div", { class: "taken-line" }, el("span", { text: `${t("web_x_taken")}:` }), taken));
    const facts = [];
    if (table.hearts_broken !== null) facts.push(t(table.hearts_broken ? "hearts_broken" : "hearts_not_broken"));
    if (table.stock_left) facts.push(t("x_stock", { cards: plural("cards", table.stock_left) }));
    if (table.kitty_pending) facts.push(t("web_x_kitty", { cards: plural("cards", table.kitty_pending) }));
    if (facts.length) first.push(el("p", { text: facts.join(" ") }));
  }
  const turnValues = {};
  if (x.turn === "clockwise" && table.plays.length) turnValues.name = nameOf(table.plays[table.plays.length - 1][0]);
  if (x.turn === "first-lead-card" && x.turn_card) turnValues.card = cardShort(x.turn_card);
  if (x.turn === "left-of-dealer") turnValues.name = seatName(table.dealer);
  first.push(el("p", { class: "whose-turn" }, el("b", { text: `${t("x_whose_turn")} ` }), t(`web_x_turn_${x.turn}`, turnValues)));

  // Part 2: the duty, the allowed cards (raised in the hand), and each other card under the rule that forbids it.
  const dutyValues = { count: table.pass_count };
  if (table.led_suit !== null) dutyValues.suit = suitName(SUIT_LETTERS[table.led_suit]);
  if (x.turn_card) dutyValues.card = cardShort(x.turn_card);
  const second = [el("p", { class: "duty", text: upperFirst(t(`x_duty_${x.duty}`, dutyValues)) })];
  second.push(el("div", { class: "card-group allowed" }, el("span", { class: "group-label", text: t("x_allowed") }), miniCards(x.legal, "legal")));
  const byRule = new Map();
  for (const { card, rule } of x.refused) byRule.set(rule, [...(byRule.get(rule) || []), card]);
  for (const [rule, cards] of byRule) {
    // With one forbidding rule the duty above already says it in words; with several, each says its own.
    const sentence = byRule.size > 1 ? ruleSentence(rule, x) : "";
    const label = el("span", { class: "group-label" }, `${t("x_not_allowed")} · `, el("b", { text: ruleTitle(rule) }));
    second.push(el("div", { class: "card-group refused", "data-rule": rule }, label, miniCards(cards, "refused"), sentence ? el("p", { class: "rule-text", text: sentence }) : ""));
  }

  // Part 3: what each allowed card likely costs, or for a pass the scoring cards and the computer player's pass.
  const third = [];
  const values = Object.fromEntries(x.options.map((option) => [option.card, option.value]));
  if (x.kind === "pass") {
    const scoring = x.options.filter((option) => option.value !== 0);
    if (scoring.length) {
      third.push(el("p", { text: t("web_x_pass_values") }));
      third.push(el("div", { class: "valued" }, ...scoring.map((option) => valuedCard(option.card, plural("points", option.value)))));
    } else third.push(el("p", { text: t("x_pass_no_values") }));
    third.push(el("p", { text: t("web_x_pass_advice") }));
    const reasons = el("ul", { class: "reasons" });
    for (const { card, reason } of x.advice_reasons) {
      const text = t(`web_x_reason_${reason}`, { suit: suitName(card[1]), points: plural("points", values[card] || 0) });
      reasons.append(el("li", {}, miniCard(card), el("span", { text })));
    }
    third.push(reasons);
  } else if (x.options.length === 1) {
    third.push(el("p", { text: t("x_forced", { card: cardShort(x.options[0].card) }) }));
  } else {
    const worlds = x.worlds.toLocaleString(language() === "de" ? "de-DE" : "en-US");
    third.push(el("p", { text: t("web_x_costs_intro", { worlds }) }));
    third.push(costTable(x));
  }
  for (const tip of x.tips) third.push(tipNode(tip, x));

  const nodes = [
    el("h3", { text: header }),
    part(1, t("web_x_part_table"), ...first),
    part(2, t("web_x_part_may"), ...second),
    part(3, t("web_x_part_cost"), ...third),
  ];
  if (message.lines && message.lines.length && app.explainLang === language()) {
    nodes.push(el("details", { class: "as-text" }, el("summary", { text: t("learn_as_text") }), el("pre", { text: message.lines.join("\n") })));
  }
  return nodes;
}

function valuedCard(card, caption) {
  return el("figure", {}, miniCard(card, `${cardName(card)}: ${caption}`), el("figcaption", { text: caption }));
}

function ruleTitle(rule) {
  return has(`xr_${rule}`) ? t(`xr_${rule}`) : rule;
}

function ruleSentence(rule, x) {
  const values = {};
  if (rule === "follow-suit" && x.table.led_suit !== null) values.suit = upperFirst(suitName(SUIT_LETTERS[x.table.led_suit]));
  if (rule === "first-lead") values.card = cardShort(x.turn_card || x.legal[0]);
  return has(`xs_${rule}`) ? t(`xs_${rule}`, values) : "";
}

function effectText(option, x) {
  const winning = x.table.winning;
  if (option.effect === "beats" && winning) return t("x_effect_beats", { card: cardShort(winning[1]) });
  if (option.effect === "ducks" && winning) return t("x_effect_ducks", { card: cardShort(winning[1]) });
  if (option.effect === "wins") {
    const won = x.table.trick_value + option.value;
    return won ? t("x_effect_wins", { points: plural("points", won) }) : t("x_effect_wins_clean");
  }
  return t(`x_effect_${option.effect}`);
}

/** Each allowed card with what it does to the trick and a bar of its likely points, cheapest first. */
function costTable(x) {
  const costs = x.options.map((option) => option.cost || 0);
  const best = Math.min(...costs);
  const worst = Math.max(...costs, 0.1);
  const effects = new Set(x.options.map((option) => option.effect));
  // Leads or discards alone say the same for every card: the column would only repeat it.
  const showEffect = !(effects.size === 1 && (effects.has("lead") || effects.has("discard")));
  const head = el("tr", {}, el("th", { scope: "col", text: t("x_col_card") }), showEffect ? el("th", { scope: "col", text: t("x_col_effect") }) : "", el("th", { scope: "col", text: t("x_col_cost") }));
  const rows = x.options.map((option) => {
    const cost = option.cost || 0;
    const advised = x.advice.includes(option.card);
    const note = advised ? t("x_best") : cost - best >= 0.05 ? t("x_more", { more: decimal(cost - best) }) : "";
    // The track is coloured from cheap (green) to dear (red); the cover hides the part beyond this card's cost.
    const cover = el("span", { class: "bar-cover" });
    cover.style.width = `${100 - Math.max(4, Math.round((100 * cost) / worst))}%`;
    const value = option.value ? el("span", { class: "value", text: plural("points", option.value) }) : "";
    return el(
      "tr",
      { class: advised ? "advised" : "", "data-card": option.card },
      el("th", { scope: "row" }, miniCard(option.card), value),
      showEffect ? el("td", { class: "effect", text: effectText(option, x) }) : "",
      el("td", { class: "cost" }, el("span", { class: "bar-track", "aria-hidden": "true" }, cover), el("span", { class: "cost-text", text: t("x_about", { value: t("points_many", { n: decimal(cost) }) }) }), note ? el("small", { text: note }) : ""),
    );
  });
  return el("table", { class: "costs" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

function tipNode(tip, x) {
  const cards = shortCards(tip.cards);
  let text;
  if (tip.id === "pass-high-spades") text = t("web_tip_pass-high-spades", { cards, guards: plural("spades", tip.number), points: plural("points", tip.points) });
  else if (tip.id === "make-a-void") {
    const suit = suitName(SUIT_LETTERS[tip.number]);
    text = x.kind === "pass" ? t("web_tip_make-a-void_pass", { suit, cards }) : t(tip.cards.length ? "tip_make-a-void_play" : "tip_make-a-void_clean", { suit, cards });
  } else if (tip.id === "lead-low-spades") text = t("tip_lead-low-spades", { queen: cardShort("QS"), cards });
  else if (tip.id === "watch-the-moon") {
    const points = plural("points", tip.points);
    text = tip.seat === app.seat ? t("web_tip_watch-the-moon_you", { points }) : t("tip_watch-the-moon", { name: seatName(tip.seat), points });
  } else text = t("web_tip_count-penalty-cards", { cards, points: plural("points", tip.points) });
  const title = has(`web_tip_title_${tip.id}`) ? t(`web_tip_title_${tip.id}`) : tip.id;
  return el("aside", { class: "tip", "data-tip": tip.id }, el("b", { text: `${t("tip_label")}: ${title}` }), el("p", { text }));
}

/** One seat's scoring cards of a counted deal, in the order taken, each with its points and where it was taken. */
function countCards(count, seat, detailed) {
  const mine = count.cards.filter((counted) => counted.seat === seat);
  const cards = el("span", { class: "count-cards" });
  for (const counted of mine) {
    const where = counted.trick === null ? t("c_kitty") : t("web_c_trick", { n: counted.trick });
    const points = plural("points", counted.value);
    const card = miniCard(counted.card, t("c_card_label", { card: cardName(counted.card), points, where }));
    card.title = `${points}, ${where}`;
    card.dataset.value = String(counted.value);
    const caption = el("figcaption", {}, el("b", { text: String(counted.value) }), el("span", { text: where }));
    cards.append(detailed ? el("figure", { class: "counted" }, card, caption) : card);
  }
  if (!mine.length) cards.append(el("span", { class: "none", text: t("c_none") }));
  return cards;
}

/** A finished deal counted in public: each seat's scoring cards, drawn, with their points and trick; then the totals. */
function countNodes(message, detailed) {
  const count = message.count;
  const n = count.points.length;
  const rows = [];
  for (let seat = 0; seat < n; seat++) {
    const cards = countCards(count, seat, detailed);
    const taken = plural("points", count.taken[seat]);
    const total = count.points[seat] === count.taken[seat] ? `= ${taken}` : `= ${taken} → ${plural("points", count.points[seat])}`;
    rows.push(
      el(
        "li",
        { class: "count-row", "data-seat": String(seat), "data-points": String(count.points[seat]) },
        el("span", { class: "count-name", text: nameOf(seat) }),
        cards,
        el("b", { class: "count-total", text: total }),
      ),
    );
  }
  const nodes = [el(detailed ? "h3" : "h4", { text: t("c_heading", { deal: count.deal + 1 }) }), el("ol", { class: "count-rows" }, ...rows)];
  const notes = [];
  if (count.kitty_owner !== null && count.kitty.length) notes.push(t("c_kitty_line", { cards: shortCards(count.kitty), name: nameOf(count.kitty_owner) }));
  if (count.moon_shooter !== null) {
    const shooter = count.moon_shooter;
    const key = count.moon === "subtract-from-shooter" ? "c_moon_subtract" : "c_moon_add";
    notes.push(t(key, { name: nameOf(shooter), shooter: plural("points", count.points[shooter]), total: plural("points", count.moon_total) }));
  }
  const sum = count.points.reduce((a, b) => a + b, 0);
  notes.push(t(count.moon_shooter !== null ? "c_sum_moon" : "c_sum", { sum: plural("points", sum) }));
  const low = Math.min(...count.points);
  notes.push(t("c_lowest", { names: count.points.flatMap((p, seat) => (p === low ? [nameOf(seat)] : [])).join(", ") }));
  nodes.push(el("div", { class: "count-notes" }, ...notes.map((text) => el("p", { text }))));
  return nodes;
}

/** A count arrived: the guided deal shows it in its panel, a normal game in the end-of-deal summary. */
function renderCounts(deal) {
  if (app.learn) {
    renderLearn();
    return;
  }
  const message = app.counts.get(deal);
  const dialog = $("summary");
  if (!message || dialog.dataset.deal !== String(deal)) return;
  // The end-of-deal summary names each seat's scoring cards beside its tricks and points.
  for (const row of $("summary-rows").children) {
    const old = row.querySelector(".count-cards");
    if (old) old.remove();
    row.append(countCards(message.count, Number(row.dataset.seat), true)); // each card with its points and trick
  }
}

// ---- the table page --------------------------------------------------------------------------------------
function showTable(code) {
  app.code = code;
  const seat = store.seat(code);
  app.token = seat ? seat.token : null;
  app.host = store.host(code);
  app.learn = store.learn(code);
  $("room").hidden = false;
  applyTexts();
  $("copy-invite").addEventListener("click", copyInvite);
  $("fill-bots").addEventListener("click", fillBots);
  $("start").addEventListener("click", startGame);
  $("new-game").addEventListener("click", startGame);
  $("pass-button").addEventListener("click", passCards);
  // Any message from the seat's holder gives the seat back; a ping says nothing else.
  $("back-button").addEventListener("click", () => send({ type: "ping" }));
  $("hint-button").addEventListener("click", () => send({ type: "hint", lang: language() }));
  $("pause-button").addEventListener("click", togglePause);
  $("last-trick-button").addEventListener("click", toggleLastTrick);
  $("summary-close").addEventListener("click", () => {
    $("summary").close();
    const focusable = $("hand").querySelector("[tabindex='0']");
    if (focusable) focusable.focus();
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-input").value.trim();
    if (text) send({ type: "chat", text });
    $("chat-input").value = "";
  });
  for (const node of document.querySelectorAll("[data-phrase]")) node.addEventListener("click", () => send({ type: "chat", text: t(node.dataset.phrase) }));
  connect();
}

async function copyInvite() {
  const input = $("invite-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  $("copy-done").textContent = t("copied");
}

async function main() {
  // A phone turned or a window resized: the seats are placed again for the felt's new size.
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => app.table && app.view && !$("play").hidden && (renderSeats(), renderTrick()), 100);
  });
  // Every text comes from the server's catalog: nothing is drawn before it is here (or kept from a last visit).
  try {
    await loadCatalog(detectLanguage());
  } catch (failure) {
    $("main").textContent = `${failure.message}: reload the page when the server is back.`;
    return;
  }
  applyTexts();
  loadBots().catch((failure) => showNotice(failure.message));
  $("lang-switch").addEventListener("click", switchLanguage);
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  if (match) showTable(match[1]);
  else showLobby();
}

main();
