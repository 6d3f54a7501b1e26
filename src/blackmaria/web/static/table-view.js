// The table: the host's pause, the seats round the felt (seating before a game: seating.js), the trick, the turn line and
// clock, the shuffle check, the result (the titles and the turn's sound: header.js; the chat: chat.js; the sheet: sheet.js).
import { $, announce, api, app, authToken, clearNotice, currentTrick, el, mustPass, mustPlay, nameOf, paused, pausedText, REDUCED, seatName, setNews, showNotice, shownTaken, shownTurn, stillPassing, tableInPlay, trickWonShown } from "./state.js";
import { newLinkButton, renderSeating, seatButton } from "./seating.js";
import { focusHandFrom, NARROW, passPrompt, renderHand, revealHand } from "./hand.js";
import { renderLearn } from "./learn.js";
import { renderChat } from "./chat.js";
import { renderSheet } from "./sheet.js";
import { lastDealOver, showResult } from "./dialogs.js";
import { renderTableRules, renderTableTitle, renderTitle } from "./header.js";
import { cardName, has, plural, suitName, t } from "./i18n.js";
import { cardBack, miniCard, shortCards, tableCard } from "./cards.js";
import { keepInside, layTrick, placeNote, renderStock, seatPosition, trickSpot } from "./felt.js";

export async function togglePause() {
  try {
    // With the seat's token where there is one: the table then says which player paused (a play-test was not told).
    await api("POST", `/api/tables/${app.code}/pause`, { paused: !app.table.paused }, app.token || authToken());
  } catch (failure) {
    showNotice(failure.message);
  }
}

export function renderAll() {
  if (!app.table) return;
  const table = app.table;
  renderTableTitle();
  renderTableRules(); // (open, in the language now)
  $("play").classList.toggle("learning", app.learn);
  $("felt").dataset.players = String(table.players);
  const seating = table.status === "open" && !(app.view && app.view.phase !== "not-started");
  const started = !seating && !$("seating").hidden;
  $("seating").hidden = !seating;
  $("play").hidden = seating;
  // The chat goes with whatever is shown: under the seats while the table fills (a play-test's friend said hello from
  // the terminal before the start, and the page hid it), beside the table in play.
  const chat = $("chat-panel");
  const home = seating ? $("seating") : $("side");
  if (chat.parentElement !== home) home.append(chat);
  // Under the chat: the seat's own link, to play it elsewhere; to one watching, where such a link comes from.
  if ($("side").lastElementChild !== $("seat-link")) $("side").append($("watch-note"), $("seat-link"));
  // Not in a guided deal: a lesson of one deal on this screen (a play-test found the offer out of place there).
  $("seat-link").hidden = !app.token || app.seat === null || app.learn;
  $("watch-note").hidden = app.seat !== null || seating;
  if (app.token) $("seat-link-url").value = `${location.origin}/t/${app.code}#seat=${app.token}`;
  if (seating) renderSeating();
  else {
    renderSeats();
    renderTrick();
    renderHand();
    renderStatus();
    renderSheet();
    renderShuffle();
    const over = !$("result").hidden;
    renderResult();
    // Another game has begun under the result: its pass from the top of the page, the focus in the hand (a play-test
    // was left with the page focused, on a phone scrolled past the felt's top; another, with the header and its
    // "Deal 1" out of sight). A low screen's hand is brought into sight after (revealHand).
    if (over && $("result").hidden) {
      focusHandFrom($("result"));
      window.scrollTo({ top: 0 });
    }
    renderLastTrick();
    // The last deal's summary again, from the first deal's end on (a guided deal has its own panel).
    $("last-deal-button").hidden = Boolean(app.learn) || lastDealOver() === null;
    renderPause();
    renderLearn();
    if (started || app.focusToHand) app.focusToHand = !focusHandFrom($("seating"));
  }
  renderChat();
  renderWatchers();
  renderTitle();
}

/** How many watch the table without a seat (the server counts the connections). */
function renderWatchers() {
  // Not counting this page: one who opened the invitation and has no seat yet read "1 watching" about themselves.
  const count = app.table ? Math.max(0, app.table.spectators - (app.seat === null && app.connected ? 1 : 0)) : 0;
  const node = $("watchers");
  node.hidden = !count;
  node.textContent = count ? plural("web_watching", count) : "";
  node.setAttribute("aria-label", count ? plural("web_watching_label", count) : "");
}

/** The host's pause: offered to whoever may manage the table while a game is in play; everyone sees the game stand. */
function renderPause() {
  const button = $("pause-button");
  button.hidden = !authToken() || !tableInPlay();
  button.textContent = t(paused() ? "web_resume" : "web_pause");
  button.setAttribute("aria-pressed", String(paused()));
  $("paused-bar").hidden = !(paused() && tableInPlay());
  $("paused-text").textContent = pausedText();
  $("paused-resume").hidden = button.hidden || !paused(); // where the bar says to resume (a play-test looked there)
}

export function renderSeats() {
  const view = app.view;
  const container = $("seats");
  const nodes = app.table.seats.map((info) => {
    const seat = info.seat;
    const position = seatPosition(seat);
    const { points, tricks } = shownTaken(view, seat);
    const total = view ? view.totals[seat] : 0;
    const won = trickWonShown();
    const turn = shownTurn(view) === seat && !won && !paused(); // no "to play" while nobody may
    const held = won && view && view.tricks[app.heldWon.trick];
    const winner = Boolean(held && held.winner === seat);
    const name = seatName(seat) + (seat === app.seat ? ` ${t("you_suffix")}` : "");
    const marks = [];
    if (view && view.dealer === seat) marks.push(t("dealer_mark"));
    // The kitty's taker, all deal (a play-test read "0 this deal" beside a seat the summary then gave the kitty's 23).
    if (view && view.kitty_size && view.kitty_owner === seat && view.phase === "playing") marks.push(t("web_kitty_mark"));
    // Away: a computer player plays the seat; whether its player ran out of time (still here) or left is said too.
    if (info.away) marks.push(t(info.connected ? "away_time" : "away_left"));
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
    // Top and bottom seats write their lines wide: a box of many lines (German, the dealer) grew into the trick.
    if (Math.abs(position.x - 50) < 1) node.classList.add("wide-room");
    node.append(el("span", { class: "name", text: name, title: name, "aria-hidden": "true" }));
    const line = el("span", { class: "stats", "aria-hidden": "true" });
    // Each number says what it counts: this deal's points, the tricks taken, the game's total.
    // Each part kept whole: a box too narrow breaks between them, not inside ("total" over its number).
    // (a number and its word, "0 Stiche", "Stand 0", stay together even where a part may break: seven seats on a phone)
    const part = (text) => el("span", { class: "nowrap", text: text.replace(/(\d) | (\d)/g, "$1\u00a0$2") });
    // A line breaks after a dot, never before one (a play-test read "· Stand 0" beginning a line).
    const dot = "\u00a0· ";
    // The deal's points with their words, as one part ("0" alone on a line, a play-test's phone); on a phone its
    // words may break after the number's first ("0 in diesem Spiel" ran over both edges of a side box).
    // Six or seven narrow boxes on a phone say it shorter where the language has a shorter way ("im Spiel").
    const pointsWords = t(NARROW.matches && app.table.players >= 6 ? "seat_points_short" : "seat_points", { n: points });
    const pointsPart = el("span", { class: "nowrap points-part" }, el("b", { class: "points", text: String(points) }), "\u00a0", pointsWords);
    // A side box on a phone leaves the tricks out (its label keeps them): it wrapped over four to six lines (a play-test).
    const tricksPart = NARROW.matches && !node.classList.contains("wide-room") ? [] : [part(plural("tricks", tricks)), dot];
    line.append(pointsPart, dot, ...tricksPart, part(t("seat_total", { total })));
    node.append(line);
    if (marks.length) {
      const marksLine = el("span", { class: "marks", text: marks.join(" · "), "aria-hidden": "true" });
      // The seat across the table: its card in the trick lies over the bottom of its box, so its marks go over its
      // name (a play-test saw "dealer" under the top seat's card).
      if (node.classList.contains("wide-room") && position.y < 50) node.prepend(marksLine);
      else node.append(marksLine);
    }
    if (turn) node.append(el("span", { class: "turn-mark", text: t("turn_mark"), "aria-hidden": "true" }));
    // Side by side, so that a box with both does not grow into the felt's rim (a play-test's did).
    const actions = el("span", { class: "seat-actions" });
    if (app.seat !== null && seat !== app.seat && info.kind === "human" && !info.connected && !info.away && tableInPlay()) {
      actions.append(seatButton(seat, "bot", t("bot_now"), seatName(seat)));
    }
    // A player gone from the table may have lost their link (another browser): the host can make them a new one.
    if (app.isHost && seat !== app.seat && info.kind === "human" && !info.connected) actions.append(newLinkButton(seat));
    if (actions.childElementCount) node.append(actions);
    // A card not laid yet on screen is still in its hand.
    const left = view ? view.cards_left[seat] + [...app.hiddenPlays].filter((key) => Number(key.split(":")[2]) === seat).length : 0;
    if (seat !== app.seat && left > 0) {
      const backs = el("span", { class: "backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(left, 8); i++) backs.append(cardBack());
      node.append(backs);
    }
    return node;
  });
  container.replaceChildren(...nodes);
  keepInside(nodes);
  renderStock();
  placeNote(); // (the boxes may have grown: a mark, another language)
}

/** Move each seat box inwards until the whole of it lies on the felt (a long name at a side seat would hang over). */
export function renderTrick() {
  const view = app.view;
  const area = $("trick");
  let trick = currentTrick(view);
  let index = view ? view.tricks.length - 1 : -1;
  // A trick just won stays in the middle a moment, before the next trick (already begun in the state) is shown.
  if (app.heldWon !== null && view && view.tricks[app.heldWon.trick]) {
    trick = view.tricks[app.heldWon.trick];
    index = app.heldWon.trick;
  }
  const nodes = [];
  if (trick) {
    for (const [seat, card] of trick.plays) {
      const key = `${view.deal}:${index}:${seat}`;
      if (app.hiddenPlays.has(key)) continue; // laid a moment later (showUpdate)
      const node = tableCard(card, `${seatName(seat)}: ${cardName(card)}`);
      const spot = trickSpot(seat); // (then laid where nothing covers it: layTrick)
      const from = seatPosition(seat, 1);
      node.classList.add("played");
      node.style.left = `${spot.x}%`;
      node.style.top = `${spot.y}%`;
      if (trick.winner === seat) node.classList.add("winner");
      node.style.setProperty("--from-x", `${(from.x - spot.x) * 3}px`);
      node.style.setProperty("--from-y", `${(from.y - spot.y) * 3}px`);
      if (!app.shownPlays.has(key) && !REDUCED) node.classList.add("enter");
      app.shownPlays.add(key);
      node.dataset.seat = String(seat);
      // Each card says whose it is from four seats: at five or more two seats at one height lie close, and at four the
      // cards lie half a card aside of their seats (felt.js's pinwheel), so that a play-test took Computer 3's card for
      // Computer 4's.
      if (app.table.players >= 4) node.append(el("span", { class: "by", text: trickTag(seat), "aria-hidden": "true" }));
      nodes.push(node);
    }
  }
  area.replaceChildren(...nodes);
  layTrick(nodes, `${view && view.deal}:${index}`);
  area.dataset.count = String(nodes.length);
  area.classList.toggle("won", Boolean(trickWonShown() && trick && trick.winner !== null));
}

/** A trick card's tag: "You", a computer player "C2", a person the first word of their name, cut to what it holds. */
function trickTag(seat) {
  if (seat === app.seat) return t("you");
  if (app.table.seats[seat].kind === "bot") return t("bot_tiny", { n: seat + 1 });
  const word = seatName(seat).split(" ")[0];
  return word.length > 6 ? `${word.slice(0, 5)}…` : word;
}

/** The last finished trick of this deal, on demand: its cards, who played each, who took it. */
function renderLastTrick() {
  const view = app.view;
  const button = $("last-trick-button");
  const panel = $("last-trick");
  const done = view && view.tricks ? view.tricks.filter((trick) => trick.winner !== null && trick.winner !== undefined) : [];
  // The last trick taken, also while it still lies on the felt won (the one before it, shown then, was read as the
  // wrong trick under its heading that named the player as the taker, a play-test); not while its last card is still
  // coming in, before the page has said who won it.
  const landing = done.length && app.heldWon !== null && !trickWonShown() && app.heldWon.trick === view.tricks.indexOf(done[done.length - 1]);
  const last = done[done.length - (landing ? 2 : 1)] || null;
  // In its place from the deal to the game's end, greyed until a trick is taken: the row of buttons keeps still.
  button.hidden = !view || !["passing", "playing", "deal-over"].includes(view.phase);
  button.disabled = !last;
  if (!last) {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    return;
  }
  const open = button.getAttribute("aria-expanded") === "true";
  panel.hidden = !open;
  if (!open) return;
  const rows = last.plays.map(([seat, card]) =>
    el("li", { class: seat === last.winner ? "took" : "", "data-seat": String(seat) }, miniCard(card), el("span", { text: nameOf(seat) })),
  );
  $("last-trick-heading").textContent = last.winner === app.seat ? t("last_trick_heading_you") : t("last_trick_heading", { name: nameOf(last.winner) });
  $("last-trick-cards").replaceChildren(...rows);
}

export function toggleLastTrick() {
  const button = $("last-trick-button");
  const opening = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", String(opening));
  renderLastTrick();
  // Opened below the buttons, it came out of sight on a phone and at the foot of 1280x800 (a play-test's tap seemed
  // to do nothing): the page brings it into view, no further than needed.
  if (opening && !$("last-trick").hidden) $("last-trick").scrollIntoView({ block: "nearest", behavior: REDUCED ? "auto" : "smooth" });
}

export function flyTrick(winner) {
  const target = seatPosition(winner, 1);
  const felt = $("felt");
  // In % of the felt, as the seats' places are; a card laid clear of the others (layTrick) is placed in px.
  const percent = (value, size) => (value.endsWith("px") ? (parseFloat(value) / size) * 100 : parseFloat(value));
  for (const node of $("trick").children) {
    const left = percent(node.style.left, felt.clientWidth);
    const top = percent(node.style.top, felt.clientHeight);
    node.classList.add("fly");
    node.style.transform = `translate(calc(-50% + ${(target.x - left) * 4}px), calc(-50% + ${(target.y - top) * 3}px)) scale(0.6)`;
    node.style.opacity = "0";
  }
}

export function renderStatus() {
  renderTurnLine();
  renderClock();
  tickGrace();
}

function renderTurnLine() {
  renderTurnText();
  // "It is not your turn. Computer 2 to play." under "Ben to play." read as a contradiction (a play-test's quick clicks).
  if (app.noticeTurn !== null && shownTurn(app.view) !== app.noticeTurn) clearNotice();
  // A spectator who came in mid-game reads whose turn it is, and that they only watch (a play-test saw "Anna to play.").
  const turnLine = $("turn-line");
  const spectating = t("spectating");
  if (app.seat === null && turnLine.textContent && turnLine.textContent !== spectating) {
    turnLine.append(el("span", { class: "watching", text: spectating }));
  }
}

/** The felt's arrow for a pass: the player sits at its foot, the seat to the left on the left, across at the top. */
const PASS_ARROWS = { left: "←", right: "→", across: "↑" };

function renderTurnText() {
  const view = app.view;
  const turn = shownTurn(view);
  const turnLine = $("turn-line");
  const passBar = $("pass-bar");
  const note = $("center-note");
  passBar.hidden = true;
  note.textContent = "";
  note.style.top = ""; // (placed by placeNote where it shows)
  turnLine.classList.remove("mine");
  if (!view || view.phase === "not-started") {
    turnLine.textContent = t("waiting_start");
    return;
  }
  if (app.seat === null) turnLine.textContent = t("spectating");
  else if (paused() && tableInPlay()) {
    turnLine.textContent = ""; // the paused bar says why nobody plays
    return;
  }
  if (view.phase === "passing") {
    if (view.direction === "hold") note.textContent = t("no_pass");
    else if (mustPass(view)) {
      const count = app.table.rules.pass_count;
      passBar.hidden = false;
      revealHand(view.deal);
      $("pass-text").textContent = passPrompt(view);
      const left = count - app.selected.size;
      const button = $("pass-button");
      // As wide as its longest label: shortening as the cards were chosen, it moved under the pointer (a play-test).
      button.style.minWidth = "";
      button.textContent = t("pass_button_left", { count, left: count });
      button.style.minWidth = `${button.offsetWidth}px`;
      button.textContent = left > 0 ? t("pass_button_left", { count, left }) : t("pass_button", { count });
      button.setAttribute("aria-disabled", String(left !== 0 || !app.connected));
      turnLine.textContent = ""; // the pass bar says it, once
    } else if (app.seat !== null && view.passed && view.pass_to !== null) {
      turnLine.textContent = t("passed_wait_cards", { cards: shortCards(view.passed), name: seatName(view.pass_to), names: stillPassing(view) });
    } else if (app.seat !== null) turnLine.textContent = t("passed_wait", { names: stillPassing(view) });
    else if (!paused()) turnLine.textContent = t("waiting_pass", { names: stillPassing(view) }); // (and "you watch")
    // One way, towards the seat passed to as the felt shows it (a play-test read "⇄", both ways, for a pass to the right).
    const arrow = PASS_ARROWS[view.direction] || "";
    note.textContent = view.direction === "hold" ? t("no_pass") : `${arrow} ${t(`direction_${view.direction}`)}`;
    // A phone says what to pass in the felt's empty middle, not over the pass button: with six or seven seats the
    // hint's button was below the screen's edge at the pass (the style sheet hides the pass bar's line there).
    if (mustPass(view) && NARROW.matches) note.textContent = `${arrow} ${passPrompt(view)}`;
    placeNote();
    return;
  }
  if (trickWonShown() && app.heldText) {
    turnLine.textContent = app.heldText;
  } else if (app.heldWon !== null && turn === null) {
    turnLine.textContent = ""; // its last card landing: then who won it (not whose turn it is already)
  } else if (turn !== null) {
    if (turn === app.seat) {
      // The suit led in words: at five to seven seats a phone lays the trick in rows by seat, and nothing showed
      // which card was led (a play-test read the dimmed cards to find out).
      const trick = currentTrick(view);
      const led = trick && trick.plays.length ? trick.plays[0][1][1] : null;
      const follows = led && (view.hand || []).some((card) => card[1] === led);
      turnLine.textContent = led ? t(follows ? "web_your_turn_follow" : "web_your_turn_void", { suit: suitName(led) }) : t("your_turn_lead");
      turnLine.classList.add("mine");
    } else {
      turnLine.textContent = t("turn_of", { name: seatName(turn) });
      // The game waits on a player who lost the connection: what happens, and what the others may do (the terminal
      // said so and the page did not, a play-test).
      const info = app.table.seats[turn];
      if (info && info.kind === "human" && !info.connected && !info.away) {
        const values = { name: seatName(turn), button: t("bot_now"), link: t("new_link") };
        // The host is told what "New link" is for (a play-test's host saw the button and no word of it).
        const key = app.seat === null ? "web_turn_offline_watching" : app.isHost ? "web_turn_offline_host" : "web_turn_offline";
        turnLine.append(" ", el("span", { class: "offline-note", text: t(key, values) }));
        // How long before the computer player comes, counted down (a host read "soon" for half a minute).
        const until = String(app.tableAt + info.grace_left * 1000);
        if (typeof info.grace_left === "number") turnLine.append(" ", el("span", { id: "grace-left", class: "offline-note", "data-until": until }));
      }
    }
    // The kitty face down until the first trick is won, under the table where the trick does not cover it (a play-test).
    if (view.kitty_size && view.kitty_owner === null) {
      turnLine.append(" ", el("span", { class: "kitty-note", text: t("kitty_waiting", { count: plural("cards", view.kitty_size) }) }));
    }
    // A deal without a pass said through its first trick (a play-test's deal 4 of Hearts began with "Your turn." alone).
    if (view.direction === "hold" && app.table.rules.pass_count && view.tricks.length <= 1) turnLine.append(" ", el("span", { class: "hold-note", text: t("no_pass") }));
    if (view.received_marked && view.received_marked.length && view.pass_from !== null) {
      // Under the table, beside whose turn it is: on the felt it hid under the first card led (a play-test at
      // 1280x800, where the computer players led at once, never read what it had received).
      const received = t("received_from", { name: seatName(view.pass_from), cards: shortCards(view.received_marked) });
      turnLine.append(" ", el("span", { class: "received-note", text: received }));
      // Said once a deal, the cards in words (a keyboard play-test heard nothing of the pass).
      if (app.receivedSaid !== view.deal) {
        app.receivedSaid = view.deal;
        announce(t("received_from", { name: seatName(view.pass_from), cards: view.received_marked.map(cardName).join(", ") }));
      }
    }
    if (app.table.rules.hearts_lead === "after-broken") {
      // As the terminal, and only where it matters: broken or not (a play-test missed the "not yet" before its lead).
      note.textContent = t(view.hearts_broken ? "hearts_broken" : "hearts_not_broken");
    }
  } else if (view.phase === "game-over" || view.phase === "deal-over") turnLine.textContent = ""; // the result's heading says it
}

/** With a turn timer: the seconds left for this seat's decision, and, once a stand-in plays the seat, the way back. */
function renderClock() {
  const view = app.view;
  const clock = $("clock");
  const seats = app.table ? app.table.seats : [];
  const away = app.seat !== null && Boolean(seats[app.seat] && seats[app.seat].away);
  const awayBar = $("away-bar");
  awayBar.hidden = !away;
  // The bar says it now: "If it runs out again" beside it read as stale (a play-test).
  if (away && (app.news || []).some((item) => item.key.startsWith("time_stood_in"))) setNews([]);
  if (away) {
    // What the computer player has played for the seat in this absence (a play-test's Q♠ was not said anywhere).
    const played = [...app.standIn];
    $("away-text").textContent = played.length ? t("away_notice_played", { cards: shortCards(played) }) : t("away_notice");
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

/** The seconds of a lost connection's grace, redrawn while it shows. */
function tickGrace() {
  const span = document.getElementById("grace-left");
  // (not while this page's own connection is down: the server counts afresh when it is back, a play-test saw it jump)
  if (span) span.textContent = app.connected ? t("online_grace_left", { s: Math.max(0, Math.ceil((Number(span.dataset.until) - Date.now()) / 1000)) }) : "";
  if (!span) app.graceTimer = clearInterval(app.graceTimer) || null;
  else if (app.graceTimer === null) app.graceTimer = setInterval(tickGrace, 1000);
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

export function renderShuffle() {
  const view = app.view;
  if (!view || view.deal < 0) return;
  const info = app.deals.get(view.deal);
  const previous = app.deals.get(view.deal - 1);
  const commit = $("shuffle-commit");
  commit.replaceChildren();
  if (info && info.sha256) commit.append(t("shuffle_committed", { n: view.deal + 1 }), " ", el("code", { text: info.sha256 }));
  const checked = info && info.check ? info.check : previous && previous.check ? previous.check : null;
  const line = $("shuffle-check");
  line.textContent = checked ? `${checked.ok ? "✓" : "✗"} ${t(checked.key, checked.params)}` : "";
  line.className = checked ? (checked.ok ? "ok" : "bad") : "";
}

/** Undo may be pressed on the player's turn once a card of the deal is theirs to take back, where the server allows it
 * (``table.undo``: a lone player against computer players, rules with undo); the cards on their way are shown first. */
function mayTakeBack() {
  const view = app.view;
  if (!view || !app.table || !app.table.undo || app.table.paused || app.seat === null) return false;
  // The server's state, not the cards still being laid on screen: a misclick is taken back at once (a play-test read
  // the button greyed while the computer players' cards came as broken). An undo's welcome lays the screen afresh.
  // (``view.undo``: a card of the seat's to take back, not only one forced, which would come again: a play-test's did)
  return view.phase === "playing" && view.turn === app.seat && !app.playPending && Boolean(view.undo);
}

function renderResult() {
  const view = app.view;
  const over = view && view.phase === "game-over" && app.heldWon === null;
  $("result").hidden = !over;
  $("hint-button").hidden = over || app.seat === null;
  // Offered by the server where nothing left can score (``state.claim``), once the turn is shown: while the computer
  // players' cards were still being laid it told a play-test how the trick would end.
  $("claim-button").hidden = over || !view || !view.claim || !mustPlay(view) || app.playPending;
  // Where a table allows undo the button stays in its place, greyed while there is nothing to take back: a play-test
  // pressing it again and again hit "Pause the game" when it vanished and the row moved under the pointer.
  $("undo-button").hidden = over || app.seat === null || !app.table || !app.table.undo;
  // Where a card of the seat's may not come back (forced, or a draw since), a press says why (greyed, unexplained).
  $("undo-button").disabled = !mayTakeBack() && !(app.view && app.view.turn === app.seat && app.view.undo_blocked);
  $("undo-button").setAttribute("aria-disabled", String(!mayTakeBack()));
  $("sound-button").hidden = over || app.seat === null; // no turn to signal: the game is over, or a spectator's
  document.querySelector(".pace .autoplay").hidden = app.seat === null; // no hand to play for: a spectator's
  if (over) showResult(view);
}
