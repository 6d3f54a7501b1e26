// What the table page knows and the small helpers every part uses: the page's state, the seat tokens kept in
// storage, elements, the lobby's HTTP calls, notices, and the questions the observation answers (whose decision now).
import { has, namesList, t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

export const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// Pauses that let a player follow the play: a card, a finished trick before it goes to its winner, its flight. The
// player's card speed scales them (as the terminal's F8 does its pause), kept in this browser. Reduced motion
// shortens them and drops the flight, but Slow is the full pauses for everyone (a play-test's "Slow" with reduced
// motion came quicker than "Normal" without).
const FULL = { play: 420, hold: 900, fly: 380, forced: 700 };
const PACE = REDUCED ? { play: 60, hold: 350, fly: 0, forced: 500 } : FULL;
export const SPEEDS = { slow: 1.6, normal: 1, fast: 0.3 };
export const TIMING = { ...PACE };

export function setSpeed(speed) {
  const base = speed === "slow" ? FULL : PACE;
  for (const [key, ms] of Object.entries(base)) TIMING[key] = Math.round(ms * (SPEEDS[speed] || 1));
  if (REDUCED) TIMING.fly = 0;
  document.documentElement.style.setProperty("--fly", `${TIMING.fly}ms`);
  // A card slides in within the pause before the next one (at Fast the hand was raised while the card before it was
  // still on its way, half seen: a play-test), in half of it: the other half the next seat is marked to play.
  document.documentElement.style.setProperty("--enter", `${slideTime()}ms`);
}

/** How long a card takes to slide onto the trick: half of a card's moment, the rest the next player's turn. */
export const slideTime = () => Math.min(350, Math.round(TIMING.play / 2));

export const app = {
  code: null,
  token: null,
  host: null,
  seat: null, // this connection's seat, null for a spectator
  dealerChosen: null, // the game's DealerChosen event: the cut for the first deal, under the score sheet
  table: null, // GET /api/tables/CODE
  view: null, // the state on screen (updates are shown one after another)
  queue: [],
  welcomed: 0, // welcomes so far: an update still being laid out when one comes is dropped (updates.js)
  hiddenPlays: new Set(), // cards of the update being shown that are not laid yet
  landing: null, // the seat whose card is being laid, for its moment: the turn is shown there until the card is down
  standIn: new Set(), // the cards a computer player has played for this seat in its time away (the away bar says them)
  pumping: false,
  ws: null,
  retry: 0,
  selected: new Set(),
  passPending: false,
  starting: false, // a start asked for over HTTP and not answered yet
  undoAsked: false, // the undo button was pressed: the next welcome says the cards were taken back
  claimed: null, // the rest of a deal claimed here: {deal, tricks}, for its summary
  handBeforeUndo: null, // the hand when it was pressed: the cards back in it are the ones taken back
  playsBeforeUndo: 0, // the deal's cards played then: more gone than the player's own, and the others' went too
  playPending: false, // a card sent and not yet seen played (or refused)
  heldWon: null, // the TrickWon of a finished trick kept on screen before it goes to its winner (trick, seat, points)
  wonLanding: false, // that trick's last card still sliding in: nobody has won it on screen yet (a phone's "You win" came first)
  shownPlays: new Set(),
  deals: new Map(), // deal index -> {sha256, dealer, handSize, hand, check}
  hint: null,
  handFocus: 0,
  focusToHand: false, // the game has started: the focus goes to the hand once its cards are drawn
  stopSetFor: null, // the turn ("deal:trick") whose start put the hand's focus stop on a card that may be played
  forcedFor: null, // the turn whose only legal card autoplay has set out to play (once a turn)
  forcedCard: null, // the card autoplay played last
  forcedNotice: null, // the turn whose card the notice says was played for the player (it goes at the next turn)
  noticeTillMyTurn: false, // the notice says the turn is another's: it goes when the turn comes
  noticeSaid: null, // what makes the notice's words, to say them again in another language (showNotice)
  noticeTurn: null, // the seat whose turn it was when a click out of turn was refused: the notice goes when that turn is over
  drawn: null, // the card this seat drew from a two-player stock after the last trick, until its next card
  joining: false, // this page is taking a seat: the table's news of it are not told to it
  hintWaiting: null, // a hint for a decision whose update is still queued: shown once it is
  hintDeal: null, // the deal on the screen when a hint was last asked (an answer for another is dropped)
  linked: false, // the page was opened by a seat's link (#seat=): its welcome says whose seat it gave
  presets: [],
  chat: [],
  seq: 0,
  learn: false, // the guided deal: every decision of this seat explained, the deal counted in public at the end
  explainKey: null, // the decision an explanation was asked for
  explaining: false,
  explanation: null, // the server's explanation message for the decision now
  receivedSaid: null, // the deal whose received cards were announced
  rulesAsked: null, // the table and language whose rules in words are shown at the table
  hintWanted: null, // in a guided deal, the decision whose hint waits for its explanation
  feedback: null, // in a guided deal, the learner's last decision and its explanation: what the feedback line says
  counts: new Map(), // deal index -> the server's count message
  clockTimer: null, // with a turn timer: the interval that redraws the seconds left
  tableAt: 0, // when the table's description came (its seats' grace_left counts from then)
  graceTimer: null, // while a player who lost the connection has a grace: the interval that redraws its seconds
  clockFor: null, // the decision the seconds left count for: one deal's passing, or the turn at one seq
  clockEnd: 0,
  welcomeClock: null, // {seq, left}: the server's seconds left, at the welcome, for the decision pending then
  seqSince: 0, // when the update that brought seq arrived
  clockWarned: false,
  myTurnShown: false, // whether the title last said it is this seat's turn (a signal sounds when that begins)
  audio: null, // the AudioContext of the turn signal, made on the player's click (browsers allow sound after one)
  lastSummary: null, // [scored, events, view, again] of the summary last shown, to draw it again in another language
  summaryWanted: null, // the deal whose summary "Last deal" asked for, drawn when its count comes
  summaryUntil: 0, // with a turn timer: until when the last deal's summary is read (no clock of the next deal runs before)
  connected: false, // the WebSocket is open and welcomed: only then may the hand be played
  bots: { levels: [], programs: [] }, // GET /api/bots: the levels and programs a seat may be given
};

export const store = {
  seat: (code) => JSON.parse(localStorage.getItem(`blackmaria:seat:${code}`) || "null"),
  saveSeat: (code, seat, token) => localStorage.setItem(`blackmaria:seat:${code}`, JSON.stringify({ seat, token, at: Date.now() })),
  /** The codes of the tables this browser holds a seat at, the seat taken last first. */
  seatCodes: () =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("blackmaria:seat:"))
      .map((key) => key.slice("blackmaria:seat:".length))
      .sort((a, b) => (store.seat(b)?.at || 0) - (store.seat(a)?.at || 0)),
  dropSeat: (code) => localStorage.removeItem(`blackmaria:seat:${code}`),
  host: (code) => localStorage.getItem(`blackmaria:host:${code}`),
  saveHost: (code, token) => localStorage.setItem(`blackmaria:host:${code}`, token),
  name: () => localStorage.getItem("blackmaria:name") || "",
  learn: (code) => localStorage.getItem(`blackmaria:learn:${code}`) !== null,
  saveLearn: (code) => localStorage.setItem(`blackmaria:learn:${code}`, "1"),
  /** The name this browser's seat at a table was given for want of one typed ("Player", "Learner") and the catalog
   * key it came from: the seat's label says it in the page's language (switched to German it read "Player"). */
  defaultName: (code) => JSON.parse(localStorage.getItem(`blackmaria:default-name:${code}`) || "null"),
  saveDefaultName: (code, name, key) => localStorage.setItem(`blackmaria:default-name:${code}`, JSON.stringify({ name, key })),
  saveName: (name) => localStorage.setItem("blackmaria:name", name),
  /** The lobby form's choices when a table was last made here (the rule set, the seats, the game's length, ...). */
  lobbyForm: () => JSON.parse(localStorage.getItem("blackmaria:lobby-form") || "null"),
  saveLobbyForm: (form) => localStorage.setItem("blackmaria:lobby-form", JSON.stringify(form)),
  sound: () => localStorage.getItem("blackmaria:sound") === "on",
  saveSound: (on) => localStorage.setItem("blackmaria:sound", on ? "on" : "off"),
  speed: () => {
    const kept = localStorage.getItem("blackmaria:speed");
    return kept in SPEEDS ? kept : "normal";
  },
  saveSpeed: (speed) => localStorage.setItem("blackmaria:speed", speed),
  /** A card that is the only legal one is played for the player (on unless turned off, as the terminal's F9). */
  autoplay: () => localStorage.getItem("blackmaria:autoplay") !== "off",
  saveAutoplay: (on) => localStorage.setItem("blackmaria:autoplay", on ? "on" : "off"),
};
setSpeed(store.speed());

export function el(tag, props = {}, ...children) {
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

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let wakeEarly = null;
let tappedEarly = false; // a tap while the won trick's last cards were still being laid: its pause is cut as it starts
/** A pause a tap on the table or the hand cuts short (``hurry``): a won trick shown on the felt, which a play-test
 * tapped a card through, and nothing happened. */
export const pause = (ms) =>
  new Promise((resolve) => {
    if (tappedEarly) {
      tappedEarly = false;
      resolve();
      return;
    }
    const wake = () => {
      wakeEarly = null;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    wakeEarly = wake;
  });

export function hurry() {
  if (wakeEarly) wakeEarly();
  else if (app.heldWon !== null) tappedEarly = true;
}

/** A new update: a tap before it is not one on the trick it may hold. */
export function forgetTap() {
  tappedEarly = false;
}

export function announce(text) {
  const region = $("announcer");
  region.textContent = "";
  // A fresh text node after a tick, so that a repeated sentence is announced again.
  setTimeout(() => (region.textContent = text), 30);
}

export function seatName(seat, short = false) {
  const info = app.table && app.table.seats[seat];
  if (!info) return "?";
  if (info.kind === "bot") return t(short ? "bot_short" : "bot_name", { n: seat + 1, level: levelName(info.level) });
  const given = seat === app.seat ? store.defaultName(app.code) : null;
  if (given && info.name === given.name) return t(given.key);
  return info.name || t("seat_empty");
}

/** The seats still choosing their pass, by name: whom the others wait for (a play-test read "the others" only). */
export function stillPassing(view) {
  // Not this seat, whose pass is on its way (a play-test read "Cards passed. Waiting for Anna." about itself).
  return namesList(view.has_passed.flatMap((done, seat) => (done || seat === app.seat ? [] : [seatName(seat)])));
}

/** A bot level in words; an operator's bot program is named as the operator named it. */
export function levelName(level) {
  return has(`bot_level_${level}`) ? t(`bot_level_${level}`) : level;
}

/** Copy a field's text; ``said`` reads "Copied." for a few seconds, then ``after`` again (a play-test read it on). */
export async function copyField(id, said, after) {
  const input = $(id);
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  said.textContent = t("copied");
  clearTimeout(said.copiedTimer);
  said.copiedTimer = setTimeout(() => (said.textContent = after), 3000);
}

export function authToken() {
  return app.host || app.token;
}

export async function api(method, path, body, token) {
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
    throw Object.assign(new Error(t(key, { status: answer.status, detail })), { status: answer.status });
  }
  return data;
}

export function clearNotice() {
  clearTimeout(app.noticeTimer);
  app.noticeTillMyTurn = false;
  app.noticeTurn = null;
  app.noticeSaid = null;
  $("notice").textContent = "";
}

/** A line under the table for a few seconds: red for a refusal or an error, plain for information (``info``: a
    fourth card marked for a pass of three is no error, a play-test read it as one). ``tillMyTurn``: it says the turn
    is another's, and goes when the turn comes (a play-test read "Your turn" over "It is not your turn"). ``text``: the
    words, or what makes them in the page's language, so that a switch of language says them again (a play-test's
    refusal went blank). */
export function showNotice(text, info = false, tillMyTurn = false) {
  const notice = $("notice");
  app.noticeSaid = typeof text === "function" ? text : null;
  notice.textContent = typeof text === "function" ? text() : text;
  notice.classList.toggle("info", info);
  app.noticeTillMyTurn = tillMyTurn;
  app.noticeTurn = null;
  clearTimeout(app.noticeTimer);
  app.noticeTimer = setTimeout(() => {
    notice.textContent = "";
    app.noticeSaid = null;
  }, 6000);
  const seatingError = $("seating-error");
  if (!$("seating").hidden) seatingError.textContent = notice.textContent; // (the words: ``text`` may make them)
}

/** A preset's name in words; house rules without a preset are house rules. */
export function presetTitle(name) {
  if (!name) return t("house_rules");
  return has(`preset_${name}`) ? t(`preset_${name}`) : name;
}

export function tableInPlay() {
  return Boolean(app.table && app.table.status === "playing" && app.view && app.view.phase !== "game-over");
}

export function currentTrick(view) {
  if (!view || !view.tricks.length) return null;
  const last = view.tricks[view.tricks.length - 1];
  return last.winner === null ? last : null;
}

/** This seat chooses its pass now: the server offers cards to pass (none once it has passed), and none is on its way. */
export function mustPass(view) {
  return Boolean(view && app.seat !== null && !paused() && view.phase === "passing" && view.choices.length && !app.passPending);
}

/** The host paused the game: nobody plays until it resumes. */
export function paused() {
  return Boolean(app.table && app.table.paused);
}

/** This seat plays now: the server offers cards to play, and no finished trick is still being shown. */
export function mustPlay(view) {
  return Boolean(view && app.seat !== null && !paused() && view.phase === "playing" && view.choices.length && app.heldWon === null && !app.hiddenPlays.size);
}

/** The trick just won is shown won: all its cards are laid and the last has had its moment (a run of computer players'
    cards comes in one update, whose state already counts the trick; until its last card is down, nobody has won it on
    screen). */
export function trickWonShown() {
  if (app.heldWon === null || app.wonLanding) return false;
  for (const key of app.hiddenPlays) if (Number(key.split(":")[1]) === app.heldWon.trick) return false;
  return true;
}

/** What a seat has taken this deal as the screen shows it: the state's count, less a won trick still being laid. */
export function shownTaken(view, seat) {
  let points = view ? view.trick_points[seat] : 0;
  let tricks = view ? view.tricks_won[seat] : 0;
  if (app.heldWon && app.heldWon.seat === seat && !trickWonShown()) {
    points -= app.heldWon.points;
    tricks -= 1;
  }
  // The deal over and its last trick gone: its score, a moon's and a kitty's points in it, as the summary and the
  // score sheet say (a play-test's felt said 26 for the seat that shot the moon and 0 for the others).
  const over = view && (view.phase === "deal-over" || view.phase === "game-over") && view.deal_points.length;
  if (over && app.heldWon === null) points = view.deal_points[view.deal_points.length - 1][seat];
  return { points, tricks };
}

/** Whose turn the table shows: while an update's cards are still being laid (showUpdate), the seat of the next
    card to appear, not the turn after them all (the play-test saw "Your turn" over a trick still filling). */
/** The cards played so far in the deal, by everyone. */
export const playsOnTable = () => (app.view ? app.view.tricks.reduce((count, trick) => count + trick.plays.length, 0) : 0);

export function shownTurn(view) {
  if (!view || view.phase !== "playing") return null;
  // The seats' mark and the turn line pass on together, once a card is down (a play-test's seat was marked "to
  // play" while the card before it still slid in, and the line under the table named its player).
  if (app.landing !== null) return app.landing;
  const next = app.hiddenPlays.values().next();
  const [, trick, seat] = next.done ? [] : next.value.split(":").map(Number);
  // A won trick's last card down or landing: nobody's turn yet (the next leader was shown to play, "Your turn: you
  // lead", under a player's own last card, before the trick was said won: a phone play-test).
  if (app.heldWon !== null && app.wonLanding) return trick === app.heldWon.trick ? seat : null;
  return next.done ? view.turn : seat;
}

/** ``you`` for this seat, else the seat's name (its short name when ``short``: ``Comp. 3``). */
export const nameOf = (seat, short = false) => (seat === app.seat ? t("you") : seatName(seat, short));

/** The table's news (who left, who is back, the game goes on), worded now: a switch of language words them again (a
 * play-test read "Ben has left the table" in English on the German page). The text, for the screen reader too. */
export function renderNews() {
  const text = (app.news || []).map((item) => t(item.key, { ...(item.seat === undefined ? {} : { name: seatName(item.seat) }), ...item.values })).join(" ");
  $("table-news").textContent = text;
  $("seating-news").textContent = text; // (before the game: who sat down)
  return text;
}

/** The table's news, for ``seconds`` (0: until the deal's end, ``updates.js``): a play-test read that the game goes on
 * minutes after, over the deal's summary. */
export function setNews(items, seconds = 0) {
  app.news = items;
  clearTimeout(app.newsTimer);
  if (seconds) app.newsTimer = setTimeout(() => setNews([]), seconds * 1000);
  return renderNews();
}

/** Why nobody plays: a player's pause, by name where the table says who (a play-test was not told), or the clock of
 * a player left alone (then not that someone paused it; a spectator has no clock of its own to run out). */
export function pausedText() {
  const table = app.table;
  if (table.pause_reason === "time") return t(app.seat === null ? "web_paused_time_watching" : "web_paused_time");
  if (table.paused_by == null) return t("web_paused");
  return table.paused_by === app.seat ? t("web_paused_you") : t("web_paused_by", { name: seatName(table.paused_by) });
}

/** The focus ring is the keyboard's: a card the page focused looked chosen to a player who points or taps (a
 * play-test), so ``html.pointing`` hides it until a key is pressed. A page opened by a key (the lobby's button loads
 * the table's page) starts with the ring: a keyboard play-test saw none on its first card. */
export function trackInputModality() {
  const root = document.documentElement;
  root.classList.toggle("pointing", sessionStorage.getItem("keys") !== "1");
  document.addEventListener("pointerdown", () => (root.classList.add("pointing"), sessionStorage.setItem("keys", "0")));
  document.addEventListener("keydown", () => (root.classList.remove("pointing"), sessionStorage.setItem("keys", "1")));
}
