// The browser client: the lobby, seating, and the table, over the server's HTTP lobby and WebSocket protocol v1
// (docs/server.md). Plain JavaScript modules, no build step. Names and chat are always inserted as text.
import { t, plural, cardName, cardShort, suitName, detectLanguage, setLanguage, language } from "./i18n.js";
import { sortHand, handCard, tableCard, cardBack } from "./cards.js";
import { shuffleCommitment, dealtHand } from "./sha256.js";

const $ = (id) => document.getElementById(id);
const LEVELS = ["random", "easy", "medium", "hard", "expert"];
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
  pumping: false,
  ws: null,
  retry: 0,
  selected: new Set(),
  passPending: false,
  heldTrick: null, // a finished trick kept on screen before it goes to its winner
  shownPlays: new Set(),
  deals: new Map(), // deal index -> {sha256, dealer, handSize, hand, check}
  hint: null,
  handFocus: 0,
  presets: [],
  chat: [],
};

// ---- storage: the seat token per table code survives a reload ----------------------------------------
const store = {
  seat: (code) => JSON.parse(localStorage.getItem(`blackmaria:seat:${code}`) || "null"),
  saveSeat: (code, seat, token) => localStorage.setItem(`blackmaria:seat:${code}`, JSON.stringify({ seat, token })),
  dropSeat: (code) => localStorage.removeItem(`blackmaria:seat:${code}`),
  host: (code) => localStorage.getItem(`blackmaria:host:${code}`),
  saveHost: (code, token) => localStorage.setItem(`blackmaria:host:${code}`, token),
  name: () => localStorage.getItem("blackmaria:name") || "",
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
  if (info.kind === "bot") return t(short ? "bot_short" : "bot_name", { n: seat + 1, level: t(`level_${info.level}`) });
  return info.name || t("seat_empty");
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
    throw new Error(t("error_network"));
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
  for (const select of [$("bot-level"), $("fill-level")]) {
    const chosen = select.value || "medium";
    select.replaceChildren(...LEVELS.map((level) => el("option", { value: level, text: t(`level_${level}`) })));
    select.value = chosen;
  }
  document.title = app.code ? `${t("app_title")} · ${app.code}` : t("app_title");
}

function switchLanguage() {
  const next = language() === "de" ? "en" : "de";
  localStorage.setItem("blackmaria:lang", next);
  setLanguage(next);
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

function playersChanged() {
  const players = Math.max(2, Math.min(7, +$("players").value || 4));
  const bots = $("bots");
  bots.max = players - 1;
  if (+bots.value > players - 1) bots.value = players - 1;
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

function openTable(event) {
  event.preventDefault();
  const text = $("open-code").value.trim();
  const code = (text.match(/\/t\/([A-Za-z0-9_-]+)/) || [null, text])[1];
  if (code) location.assign(`/t/${encodeURIComponent(code)}`);
}

function showLobby() {
  $("lobby").hidden = false;
  $("create-name").value = store.name();
  $("preset").addEventListener("change", () => presetChanged(true));
  $("players").addEventListener("change", playersChanged);
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
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      app.retry = 0;
      setConnection("");
      app.seat = message.seat;
      app.table = message.table;
      app.queue = [];
      app.heldTrick = null;
      app.passPending = false;
      app.deals = new Map();
      noteEvents(message.events, true);
      app.view = message.state;
      app.shownPlays = new Set(playKeys(app.view));
      app.chat = message.chat || [];
      renderAll();
      break;
    case "update":
      app.queue.push(message);
      pump();
      break;
    case "table":
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
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

function onError(message) {
  app.passPending = false;
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
  if (message.code === "illegal") showNotice(t("refused", { reason: refusal(message.rule) }));
  else showNotice(t(`error_${message.code}`));
  renderHand();
}

/** A refusal in the player's language, with what the table shows (the led suit, the card that must open). */
function refusal(rule) {
  const view = app.view;
  const card = app.lastTried ? cardName(app.lastTried) : "";
  const values = { card, count: app.table ? app.table.rules.pass_count : 3 };
  if (rule === "follow-suit") {
    const trick = currentTrick(view);
    values.suit = trick && trick.plays.length ? suitName(trick.plays[0][1][1]) : "";
  }
  if (rule === "first-lead") {
    if (view && view.legal && view.legal.length === 1) values.card = cardName(view.legal[0]);
    else return t("rule_first-lead-any");
  }
  if (rule === "not-your-turn" && view && view.turn !== null && view.turn !== undefined) {
    return t("rule_not-your-turn-name", { name: seatName(view.turn) });
  }
  const key = `rule_${rule}`;
  try {
    return t(key, values);
  } catch {
    return t("rule_unknown");
  }
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
  noteEvents(message.events, false);
  const won = message.events.find((event) => event.type === "TrickWon");
  const played = message.events.filter((event) => event.type === "CardPlayed");
  const scored = message.events.find((event) => event.type === "DealScored");
  if (message.events.some((event) => event.type === "CardsPassed" && event.seat === app.seat)) app.passPending = false;
  if (message.events.some((event) => event.type === "DealStarted")) {
    app.selected.clear();
    app.hint = null;
    $("hint-text").textContent = "";
  }
  if (played.some((event) => event.seat === app.seat)) app.hint = null;
  app.view = message.state;
  app.heldTrick = won ? won.trick : null;
  app.heldText = won ? trickWonText(won) : "";
  renderAll();
  for (const event of played) {
    announce(event.seat === app.seat ? t("you_play", { card: cardName(event.card) }) : t("plays", { name: seatName(event.seat), card: cardName(event.card) }));
  }
  if (played.length && !hurry) await sleep(TIMING.play);
  if (won) {
    announce(app.heldText);
    if (!hurry) {
      await sleep(TIMING.hold);
      flyTrick(won.seat);
      await sleep(TIMING.fly);
    }
    app.heldTrick = null;
    renderAll();
  }
  if (scored) showSummary(scored, message.events);
  announceTurn(before, app.view);
}

function trickWonText(won) {
  const points = won.points ? plural("points", won.points) : "";
  const key = (won.seat === app.seat ? "you_win_trick" : "wins_trick") + (points ? "_points" : "");
  return t(key, { name: seatName(won.seat), points });
}

function announceTurn(before, view) {
  if (!view || app.seat === null) return;
  const wasMine = before && before.turn === app.seat && before.phase === "playing";
  const mine = view.turn === app.seat && view.phase === "playing";
  if (mine && !wasMine) {
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
  return { ok: true, text: t("shuffle_ok", n) };
}

// ---- rendering -----------------------------------------------------------------------------------------
function renderAll() {
  if (!app.table) return;
  const table = app.table;
  const title = presetTitle(table.rules.preset);
  $("table-title").textContent = app.view && app.view.deal >= 0 ? `${title} · ${t("deal_n", { n: app.view.deal + 1 })}` : title;
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
  }
  renderChat();
}

const PRESET_TITLES = {
  en: { "black-maria": "Black Maria", "black-maria-jaques": "Black Maria (Jaques of London)", hearts: "Hearts", "plain-black-maria": "Plain Black Maria", "dirty-lady": "Dirty Lady", omnibus: "Omnibus Hearts", "spot-hearts": "Spot Hearts", "black-lady": "Black Lady", "two-player": "Black Maria for two" },
  de: { "black-maria": "Black Maria", "black-maria-jaques": "Black Maria (Jaques of London)", hearts: "Hearts", "plain-black-maria": "Black Maria, nur Herz und Pik-Dame", "dirty-lady": "Dirty Lady", omnibus: "Omnibus-Hearts", "spot-hearts": "Spot-Hearts", "black-lady": "Black Lady", "two-player": "Black Maria zu zweit" },
};

function presetTitle(name) {
  return PRESET_TITLES[language()][name] || name;
}

function renderSeating() {
  const table = app.table;
  $("invite-link").value = `${location.origin}/t/${table.code}`;
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
    app.table = await api("POST", `/api/tables/${app.code}/bots`, { level: $("fill-level").value }, authToken());
    renderAll();
  } catch (failure) {
    $("seating-error").textContent = failure.message;
  }
}

async function startGame() {
  try {
    app.table = await api("POST", `/api/tables/${app.code}/start`, undefined, authToken());
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
  const wide = $("felt").clientWidth > 600 ? 41 : 33;
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
    const node = el("div", {
      class: `seat${turn ? " turn" : ""}${winner ? " winner" : ""}${seat === app.seat ? " me" : ""}`,
      role: "group",
      "aria-label": t("seat_label", { name, points: plural("points", points), tricks: plural("tricks", tricks), total }),
      "data-seat": String(seat),
    });
    node.style.left = `${position.x}%`;
    node.style.top = `${position.y}%`;
    const marks = [];
    if (view && view.dealer === seat) marks.push(t("dealer"));
    if (info.away) marks.push(t("away"));
    else if (info.kind === "human" && !info.connected) marks.push(t("offline"));
    node.append(el("span", { class: "name", text: name, "aria-hidden": "true" }));
    const line = el("span", { class: "stats", "aria-hidden": "true" });
    line.append(el("b", { class: "points", text: String(points) }), ` · ${plural("tricks", tricks)} · Σ ${total}`);
    node.append(line);
    if (marks.length) node.append(el("span", { class: "marks", text: marks.join(" · "), "aria-hidden": "true" }));
    if (turn) node.append(el("span", { class: "turn-mark", text: t("turn_mark"), "aria-hidden": "true" }));
    if (seat !== app.seat && view && view.cards_left[seat] > 0) {
      const backs = el("span", { class: "backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(view.cards_left[seat], 8); i++) backs.append(cardBack());
      node.append(backs);
    }
    return node;
  });
  container.replaceChildren(...nodes);
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

function passable(view) {
  const forbidden = new Set(app.table.rules.pass_forbidden || []);
  return view.hand.filter((card) => !forbidden.has(card));
}

function mustPass(view) {
  return view && app.seat !== null && view.phase === "passing" && !view.has_passed[app.seat] && !app.passPending;
}

function passPrompt(view) {
  return t("pass_prompt", { count: app.table.rules.pass_count, direction: t(`direction_${view.direction}`), name: seatName(view.pass_to) });
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
  const myTurn = view.phase === "playing" && view.turn === app.seat && app.heldTrick === null;
  const legal = new Set(myTurn ? view.legal : []);
  const passing = mustPass(view);
  const allowed = new Set(passing ? passable(view) : []);
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
      node.classList.add(legal.has(card) ? "playable" : "dim");
      states.push(legal.has(card) ? t("playable") : t("not_playable"));
    }
    if (received.has(card)) {
      node.classList.add("received");
      states.push(t("received_mark"));
    }
    if (hinted.has(card)) {
      node.classList.add("hinted");
      states.push(t("hinted_mark"));
    }
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
  app.lastTried = card;
  if (mustPass(view)) {
    if (app.selected.has(card)) app.selected.delete(card);
    else app.selected.add(card);
    renderHand();
    renderStatus();
    return;
  }
  // Every click goes to the server, which is the judge: a refused card comes back with the rule it breaks.
  if (view && view.phase === "passing") send({ type: "pass", cards: [card] });
  else send({ type: "play", card });
}

function passCards() {
  const count = app.table.rules.pass_count;
  if (app.selected.size !== count) {
    showNotice(t("refused", { reason: t("rule_pass-count", { count }) }));
    return;
  }
  app.passPending = true;
  send({ type: "pass", cards: [...app.selected] });
  app.selected.clear();
  renderHand();
  renderStatus();
}

function renderStatus() {
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
      button.setAttribute("aria-disabled", String(left !== 0));
      turnLine.textContent = t(`direction_${view.direction}`);
      turnLine.textContent = passPrompt(view);
      turnLine.classList.add("mine");
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
  } else if (view.phase === "game-over" || view.phase === "deal-over") turnLine.textContent = view.phase === "game-over" ? t("game_over") : "";
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
  const caption = el("caption", { class: "sr-only", text: t("sheet") });
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
  const rows = scored.points.map((points, seat) =>
    el("li", { text: t("summary_row", { name: seatName(seat), tricks: plural("tricks", view ? view.tricks_won[seat] : 0), points: plural("points", points) }) }),
  );
  $("summary-rows").replaceChildren(...rows);
  const extra = [];
  if (scored.moon_shooter !== null && scored.moon_shooter !== undefined) extra.push(t("moon_shot", { name: seatName(scored.moon_shooter) }));
  if (scored.kitty && scored.kitty.length && view && view.kitty_owner !== null) {
    extra.push(t("kitty_went", { cards: sortHand(scored.kitty).map(cardShort).join(" "), name: seatName(view.kitty_owner) }));
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
  $("hint-text").textContent = t("hint_text", { cards: message.cards.map(cardShort).join(" "), reason: message.reason });
  renderHand();
}

// ---- the table page --------------------------------------------------------------------------------------
function showTable(code) {
  app.code = code;
  const seat = store.seat(code);
  app.token = seat ? seat.token : null;
  app.host = store.host(code);
  $("room").hidden = false;
  applyTexts();
  $("copy-invite").addEventListener("click", copyInvite);
  $("fill-bots").addEventListener("click", fillBots);
  $("start").addEventListener("click", startGame);
  $("new-game").addEventListener("click", startGame);
  $("pass-button").addEventListener("click", passCards);
  $("hint-button").addEventListener("click", () => send({ type: "hint", lang: language() }));
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

function main() {
  setLanguage(detectLanguage());
  applyTexts();
  $("lang-switch").addEventListener("click", switchLanguage);
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  if (match) showTable(match[1]);
  else showLobby();
}

main();
