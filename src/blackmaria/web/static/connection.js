// The WebSocket to the table (docs/server.md, protocol v1): hello, the messages in, what they change, errors and refusals.
import { $, announce, app, clearNotice, paused, playsOnTable, renderNews, seatName, setNews, showNotice, store } from "./state.js";
import { noteEvents, playKeys, pump } from "./updates.js";
import { renderAll, renderStatus } from "./table-view.js";
import { peekChat, renderChat } from "./chat.js";
import { focusCard, renderHand, restoreHint, restoreMarked, showHint, showRefusal } from "./hand.js";
import { renderCounts, showNewLink, summaryAfterReload } from "./dialogs.js";
import { askCount, explained, maybeExplain, passCompared, restoreFeedback } from "./learn.js";
import { shortCards } from "./cards.js";
import { cardShort, has, plural, t } from "./i18n.js";

/** The news of a pass or card of this seat's not chosen here: by a stand-in once (its time ran out), or on the seat's
 * other device (as the terminal's ``online.MADE_ELSEWHERE``). */
const MADE_ELSEWHERE = { "stood-in": ["time_stood_in_passed", "time_stood_in_played"], "played-elsewhere": ["passed_elsewhere", "played_elsewhere"] };

export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(app.code)}`);
  app.ws = ws;
  setConnection(app.retry ? t("reconnecting") : t("connecting"));
  ws.addEventListener("open", () => {
    const hello = { type: "hello", protocol: 1 };
    if (app.token) hello.token = app.token;
    if (app.host) hello.host = app.host; // who created the table may remove a player before a game
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

export function reconnect() {
  const old = app.ws;
  app.ws = null;
  if (old) old.close();
  app.retry = 0;
  connect();
}

export function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(message));
}

function setConnection(text) {
  $("connection").textContent = text;
  const down = Boolean(text) && Boolean(app.view);
  app.connected = !text;
  document.body.classList.toggle("offline", down);
  // What asks the server rests too (a play-test saw Hint and Pause inviting clicks under "Connection lost").
  for (const id of ["hint-button", "pause-button"]) $(id).setAttribute("aria-disabled", String(down));
  $("offline-bar").hidden = !down;
  $("offline-text").textContent = down ? t(app.seat === null ? "offline_watching" : "offline_hand") : ""; // (one watching has no cards)
  if (app.view && app.table) {
    renderHand();
    renderStatus();
  }
}

function receive(message) {
  switch (message.type) {
    case "welcome": {
      const before = app.view;
      if (message.seq !== app.seq) {
        app.hint = null; // a hint is for the position it was asked in: after an undo (or a reload later on) it is gone
        $("hint-text").textContent = "";
        app.feedback = null; // and a guided deal's word on a card that was taken back
        $("learn-feedback").textContent = "";
      }
      app.retry = 0;
      app.seat = message.seat;
      app.isHost = message.host === true;
      noteGame(message.table);
      app.table = message.table;
      app.tableAt = Date.now(); // (a seat's grace_left counts from here)
      app.seq = message.seq;
      app.seqSince = Date.now();
      app.welcomeClock = message.turn_left == null ? null : { seq: message.seq, left: message.turn_left };
      app.clockFor = null;
      app.explainKey = null;
      app.explaining = false;
      app.queue = [];
      app.welcomed += 1;
      app.heldWon = null;
      app.wonLanding = false;
      app.hiddenPlays = new Set();
      app.landing = null;
      app.passPending = false;
      app.playPending = false;
      app.deals = new Map();
      app.dealerChosen = message.dealer_chosen || null;
      noteEvents(message.last_deal_events || [], true);
      noteEvents(message.events, true);
      // A page (re)loaded in play: the focus to the hand, as at the start (a play-test's reload left it on the page).
      const loaded = !app.view;
      if (loaded && app.seat !== null) app.focusToHand = true;
      app.view = message.state;
      restoreMarked();
      app.shownPlays = new Set(playKeys(app.view));
      app.chat = message.chat || [];
      // Back after a lost connection (a server restarted, a network gone): said, as the terminal says it, where the
      // bar had only gone (a play-test read nothing when the game came back).
      const wasDown = document.body.classList.contains("offline");
      setConnection("");
      renderAll();
      if (wasDown) announce(setNews([...(app.news || []), { key: "online_connected_again" }], 8));
      if (app.undoAsked) tellTakenBack();
      else if (before) tellOthersTakenBack(before);
      else if (loaded) {
        tellLastTrick(message.events);
        summaryAfterReload();
        restoreHint();
        if (app.learn) restoreFeedback();
      }
      app.undoAsked = false;
      tellStoodIn(message.stood_in);
      // After what a computer player did for the seat meanwhile, not over it (a play-test back by the seat's link on
      // another device read only this, and not that a computer player had passed the queen for it).
      if (app.linked && app.seat !== null) announce(setNews([...(app.news || []), { key: "web_seat_linked", seat: app.seat }], 15));
      app.linked = false;
      if (app.learn && app.view && app.view.phase === "game-over") askCount(app.view.deal_points.length - 1);
      break;
    }
    case "update":
      message.receivedAt = Date.now(); // the server's clock for a turn starts now, not when the page shows it
      app.queue.push(message);
      pump();
      break;
    case "table":
      tellSeatChanges(app.table, message.table);
      tellPause(app.table, message);
      noteGame(message.table);
      app.table = message.table;
      app.tableAt = Date.now(); // (a seat's grace_left counts from here)
      renderAll();
      break;
    case "chat":
      app.chat.push(message);
      renderChat();
      peekChat(message);
      break;
    case "hint":
      showHint(message);
      break;
    case "explanation":
      if (message.ref === `x:${app.explainKey}`) explained(message);
      break;
    case "pass-compared":
      passCompared(message);
      break;
    case "count":
      app.counts.set(message.count.deal, message);
      renderCounts(message.count.deal);
      break;
    case "seat-link":
      showNewLink(message);
      break;
    case "seat-relinked":
      // Whoever holds the link sees that seat's cards: the whole table is told it was made, and by whom.
      announce(setNews([{ key: app.isHost ? "news_relinked_you" : "news_relinked", seat: message.seat }], 12));
      break;
    case "stood-in": // the time ran out once: a computer player made this one decision, the next is the player's
    case "played-elsewhere": { // the seat's link open on another device too: that one chose (a click here was too late)
      const [passed, played] = MADE_ELSEWHERE[message.type];
      // (the cards in the hand's order, as the turn line says them)
      announce(setNews([{ key: message.passed ? passed : played, values: { cards: shortCards(message.cards) } }], 15));
      // A time run out starts the list of cards the away bar keeps (the news goes once the seat is away).
      if (message.type === "stood-in") app.standIn = new Set(message.passed ? [] : message.cards);
      break;
    }
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

/** The deals' counts belong to one game: another game's deal 1 is counted anew (a play-test's second game listed
 * the first game's cards in its summary). */
function noteGame(table) {
  if (table && app.table && table.game !== app.table.game) app.counts.clear();
}

/** A player back at the table is told what a computer player did for them meanwhile in this deal, once (a play-test
 * came back to a card played for them and was not told). */
function tellStoodIn(everything) {
  const stood = everything && (everything.new || everything); // what no welcome told yet (a second return repeated the first's cards)
  if (!stood || (!stood.passed && !stood.cards.length) || !app.view) return;
  const told = `${app.view.deal}:${stood.passed}:${stood.cards.join(" ")}`;
  if (app.stoodInTold === told) return;
  app.stoodInTold = told;
  const cards = stood.cards.map(cardShort).join(" "); // in the order played
  const key = stood.passed ? (stood.cards.length ? "stood_in_both" : "stood_in_passed") : "stood_in_played";
  // Which cards went and came (a play-test back after its pass was told only that a pass was made; the marks of the
  // cards received had gone with the first card played for it).
  const view = app.view;
  const passed = { passed: shortCards(view.passed || []), to: view.pass_to === null ? "" : seatName(view.pass_to) };
  const news = [{ key, values: { cards, ...passed } }];
  if (stood.passed && (view.received || []).length && view.pass_from !== null) {
    news.push({ key: "stood_in_received", values: { received: shortCards(view.received), giver: seatName(view.pass_from) } });
  }
  announce(setNews(news, 15)); // (a notice went with the next trick won)
}

/** A page loaded mid-deal, before the player's card of the trick in play, says who took the trick before it: a reload
 * while the computer players' cards were coming skipped the trick's end, and a play-test never learnt where its 4♠
 * went. */
function tellLastTrick(events) {
  const view = app.view;
  const won = [...events].reverse().find((event) => event.type === "TrickWon");
  if (!won || app.seat === null || !view || view.phase !== "playing" || (app.news || []).length) return;
  if (view.tricks.some((trick) => trick.winner === null && trick.plays.some(([seat]) => seat === app.seat))) return;
  const points = won.points ? plural("points", won.points) : "";
  const key = `web_last_trick_${won.seat === app.seat ? "you" : "other"}${points ? "_points" : ""}`;
  setNews([{ key, seat: won.seat, values: { cards: shortCards(won.scoring), points } }], 12);
}

/** After an undo: which of the player's cards are back in the hand (two when the one taken back had been forced). */
function tellTakenBack() {
  const before = new Set(app.handBeforeUndo || []);
  const back = app.view && app.view.hand ? app.view.hand.filter((card) => !before.has(card)) : [];
  const cards = back.map(cardShort).join(" ");
  // The computer players' cards are named only when some were taken back (a play-test's last card of a trick had none).
  const others = app.playsBeforeUndo - playsOnTable() > back.length;
  const key = back.length > 1 ? (others ? "web_undone_many" : "web_undone_many_alone") : others ? "web_undone_one" : "web_undone_one_alone";
  showNotice(() => t(key, { cards }), true);
  if (back.length) focusCard(back[0], $("undo-button")); // a card taken back, to play again from
}

/** Welcomed again after a player took cards back: the cards gone from the table, by whom, as the terminal says them
 * (a play-test's spectator saw a finished trick go back to one card, and nothing said). */
function tellOthersTakenBack(before) {
  const plays = (view) => (view ? view.tricks.flatMap((trick) => trick.plays) : []);
  const [was, now] = [plays(before), plays(app.view)];
  if (!app.view || before.deal !== app.view.deal || now.length >= was.length) return;
  if (now.some(([seat, card], i) => was[i][0] !== seat || was[i][1] !== card)) return;
  const undone = was.slice(now.length).map(([seat, card]) => `${seatName(seat)} ${cardShort(card)}`);
  setNews([{ key: "undo_marker", values: { plays: undone.join(", ") } }], 12);
}

/** Before the game, who sat down or left a seat, in words for every seat's page (a host whose tab was in the
 * background was not told a friend had come); in play, a seat played by a computer player since its player left (or
 * ran out of time), or given back: everyone is told. */
function tellSeatChanges(before, after) {
  if (before && after && after.status === "open" && !app.joining) {
    const news = after.seats.flatMap((seat) => {
      const was = before.seats[seat.seat];
      if (!was || seat.seat === app.seat || was.kind === seat.kind) return [];
      // (by name: the table the news is read with, app.table, is still the one before)
      const name = seat.kind === "human" ? seat.name : was.name;
      return seat.kind === "human" || was.kind === "human" ? [{ key: seat.kind === "human" ? "web_news_sat_down" : "web_news_stood_up", values: { name } }] : [];
    });
    if (news.length) announce(setNews(news, 8));
    return;
  }
  if (!before || !after || after.status !== "playing") return;
  if (before.status !== "playing") setNews([]); // who sat down is old news once the game begins (a play-test read it mid-trick)
  const news = [];
  // A player who is gone again is no longer "connected again" (a play-test's host read both at once).
  const gone = after.seats.filter((seat) => !seat.connected && before.seats[seat.seat] && before.seats[seat.seat].connected);
  const stale = (item) => item.key === "web_news_connected_again" && gone.some((seat) => seat.seat === item.seat);
  if ((app.news || []).some(stale)) setNews(app.news.filter((item) => !stale(item)));
  for (const seat of after.seats) {
    const was = before.seats[seat.seat];
    if (!was || seat.seat === app.seat || seat.kind !== "human") continue;
    if (seat.away && !was.away) news.push({ key: seat.connected ? "news_away" : "news_left", seat: seat.seat });
    else if (!seat.away && was.away) news.push({ key: "news_back", seat: seat.seat });
    // Back before a computer player took the seat: said too (the "offline" mark went without a word, a play-test).
    else if (!seat.away && seat.connected && !was.connected) news.push({ key: "web_news_connected_again", seat: seat.seat });
  }
  if (!news.length) return;
  announce(setNews(news));
}


/** The host paused or resumed the game: everyone is told; after a pause the clock goes on from what the server says. */
function tellPause(before, message) {
  const paused = Boolean(message.table.paused);
  if (!before || Boolean(before.paused) === paused) return;
  if (!paused && message.turn_left != null) {
    app.welcomeClock = { seq: app.seq, left: message.turn_left, at: Date.now() };
    app.clockFor = null;
  }
  // The paused bar shows a pause; that the game goes on, and who resumed it, is written where the table's news go (a
  // play-test was told that the game went on, and not who had resumed it).
  const resumer = message.table.resumed_by;
  const resumed = resumer == null ? { key: "web_news_resumed" } : resumer === app.seat ? { key: "web_news_resumed_you" } : { key: "web_news_resumed_by", seat: resumer };
  setNews(paused ? [] : [resumed], 8);
  // A notice about the pause goes with it: "No card is played while the game is paused" stood beside "Your turn"
  // for seconds after the game went on (a play-test).
  if (!paused && app.noticeSaid && app.noticeSaid.pause) clearNotice();
  const by = message.table.paused_by;
  const who = by === app.seat ? "web_news_paused_you" : "web_news_paused_by";
  // A clock run out is said as the bar says it (a play-test heard that the game was paused, and not why).
  const timed = paused && message.table.pause_reason === "time";
  if (timed) announce(t(app.seat === null ? "web_paused_time_watching" : "web_paused_time"));
  else if (paused) announce(by != null ? t(who, { name: seatName(by) }) : t("web_news_paused"));
  else announce(renderNews());
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
  if (typeof message.ref === "string" && (message.ref.startsWith("c:") || message.ref.startsWith("p:"))) return; // (a pass not compared keeps its words)
  app.passPending = false;
  app.playPending = false;
  app.undoAsked = false; // (an undo refused: the button may be pressed again)
  if (message.code === "no-claim") app.claimed = null;
  if (message.code === "bad-token") {
    store.dropSeat(app.code);
    app.token = null;
    showNotice(() => t("error_bad-token"));
    reconnect();
    return;
  }
  if (message.code === "no-table") {
    app.missing = true;
    setConnection(""); // no "Connecting…" over a table that does not exist
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
  } else showNotice(() => (has(`error_${message.code}`) ? t(`error_${message.code}`) : message.message));
  renderHand();
}

// Refusals that a click made on an older state than the server's earns: the update on its way says what is true.
const RACED = new Set(["not-your-turn", "not-in-hand", "wrong-phase", "already-passed"]);
