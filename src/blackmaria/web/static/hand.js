// The hand: the cards the observation offers (its choices) lit, a refused card told by its rule and facts, the pass.
import { $, app, clearNotice, el, mustPass, mustPlay, paused, REDUCED, seatName, showNotice, shownTurn, stillPassing, store, TIMING } from "./state.js";
import { send } from "./connection.js";
import { renderAll, renderStatus } from "./table-view.js";
import { cardName, cardShort, suitNumberName, t } from "./i18n.js";
import { handCard, shortCards, sortHand } from "./cards.js";

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

/** A refusal (the observation's ``{card, rule, led_suit, must_open, ...}``) in the player's language, from its facts. */
function refusalText(refusal) {
  const lead = refusal.rule === "no-points-on-first-trick" && refusal.leading;  // said of a lead as the terminal says it
  const key = lead ? "no_points_first_trick_lead" : REFUSAL_TEXTS[refusal.rule] || "rule_unknown";
  const opener = refusal.rule === "first-lead" ? refusal.must_open : refusal.card;
  const suit = refusal.led_suit === null || refusal.led_suit === undefined ? "" : suitNumberName(refusal.led_suit);
  // The card as the terminal's refusal names it (2♣): the long name read "opened with two of clubs", a play-test.
  return t(key, { card: opener ? cardShort(opener) : "", suit, count: app.table ? app.table.rules.pass_count : 0 });
}

export function showRefusal(refusal) {
  showNotice(() => t("refused", { reason: refusalText(refusal) }));
}

export function passPrompt(view) {
  return t("web_pass_prompt", { count: app.table.rules.pass_count, direction: t(`direction_${view.direction}`), name: seatName(view.pass_to) });
}

// Phones (the style sheet's own width) hold more than this many cards in two rows.
const TWO_ROWS_FROM = 10;
export const NARROW = window.matchMedia("(max-width: 760px)");
NARROW.addEventListener("change", () => renderAll());

/** Where this tab keeps the cards marked for the deal's pass: a reload in the middle of choosing keeps them. */
const markedKey = () => `blackmaria:marked:${app.code}:${app.view.deal}`;

/** The cards this tab had marked for the pass now, before a reload (those still in the hand). */
export function restoreMarked() {
  if (!mustPass(app.view)) return;
  for (const card of JSON.parse(sessionStorage.getItem(markedKey()) || "[]")) if (app.view.hand.includes(card)) app.selected.add(card);
}

export function renderHand() {
  const view = app.view;
  const hand = $("hand");
  const hadFocus = hand.contains(document.activeElement);
  if (!view || app.seat === null || !view.hand || !view.hand.length) { // (no empty row under the result or a summary)
    hand.replaceChildren();
    $("hand-wrap").hidden = true;
    return;
  }
  $("hand-wrap").hidden = false;
  const cards = sortHand(view.held); // the core's: a pass made has left the hand (the turn line names it)
  const myTurn = mustPlay(view);
  const passing = mustPass(view);
  const allowed = new Set(myTurn || passing ? view.choices : []);
  const received = new Set(view.received_marked || []); // the server's rule: until this seat's card of the second trick
  const hinted = new Set(app.hint || []);
  for (const card of [...app.selected]) if (!view.hand.includes(card) || !passing) app.selected.delete(card);
  if (passing) sessionStorage.setItem(markedKey(), JSON.stringify([...app.selected]));
  // "They are chosen for you" holds while the cards chosen are the hint's (a play-test swapped one, and it still said so).
  const chosenNote = $("hint-chosen");
  if (chosenNote) chosenNote.hidden = !(passing && app.selected.size === hinted.size && [...hinted].every((card) => app.selected.has(card)));
  app.handFocus = Math.max(0, Math.min(app.handFocus, cards.length - 1));
  // At the start of a turn the focus stop is on a card that may be played (a play-test pressed Enter on the card the
  // pass had left it on and was refused); within the turn it stays where the player moved it.
  const turn = myTurn ? `${view.deal}:${view.tricks.length}` : null;
  if (turn && app.stopSetFor !== turn) {
    app.stopSetFor = turn;
    if (!allowed.has(cards[app.handFocus])) app.handFocus = Math.max(0, cards.findIndex((card) => allowed.has(card)));
  }
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
      // What the dashed outline means, under the pointer (a play-test wondered, once the pass's note had gone).
      if (view.pass_from !== null && view.pass_from !== undefined) node.title = t("received_title", { name: seatName(view.pass_from) });
    }
    if (card === app.drawn) {
      node.classList.add("received");
      states.push(t("drawn_mark"));
      node.title = t("drawn_title");
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
    node.addEventListener("click", (event) => cardClicked(card, index, event.detail));
    node.addEventListener("keydown", (event) => handKey(event, index));
    return node;
  });
  // A big hand on a phone is held in two rows, the second over the lower half of the first: one fan of 17 left
  // each card a strip of 16 px, too thin to tap (the play-test); two rows give each twice that.
  const split = rowSplit(cards);
  const rows = cards.length > TWO_ROWS_FROM && NARROW.matches ? [nodes.slice(0, split), nodes.slice(split)] : [nodes];
  hand.replaceChildren(
    ...rows.map((row) => {
      const fan = document.createElement("div");
      fan.className = "hand-row";
      fan.style.setProperty("--count", String(row.length));
      row.forEach((node, index) => node.style.setProperty("--tilt", `${(index - (row.length - 1) / 2) * (row.length > 13 ? 1.2 : 1.8)}deg`));
      fan.append(...row);
      return fan;
    }),
  );
  hand.classList.toggle("two-rows", rows.length > 1);
  hand.classList.toggle("my-turn", myTurn || passing);
  hand.classList.toggle("waiting", app.playPending);
  hand.setAttribute("aria-disabled", String(!app.connected));
  if (hadFocus && nodes[app.handFocus]) nodes[app.handFocus].focus();
  // "Only 2♣ may be played: played for you" goes when the next turn comes (a play-test read it under "Your turn"
  // with two cards raised, as if it spoke of them).
  if (myTurn && app.forcedNotice && app.forcedNotice !== turn) {
    app.forcedNotice = null;
    clearNotice();
  }
  if (myTurn && allowed.size === 1) playForced(turn, view.choices[0]);
}

/** The only card the rules allow is played for the player after a moment, once a decision, as the terminal's
 * autoplay (on unless the side panel's box is cleared; not in a guided deal, which has the player play every card):
 * a play-test made some 150 clicks in a game of Black Maria, many of them forced. */
function playForced(turn, card) {
  if (!store.autoplay() || app.learn || app.forcedFor === turn) return;
  app.forcedFor = turn;
  setTimeout(() => {
    const view = app.view;
    const still = view && mustPlay(view) && `${view.deal}:${view.tricks.length}` === turn && view.choices.length === 1;
    if (!still || app.playPending || !app.connected || paused()) return;
    app.forcedCard = card; // said as played for the player when the server's update comes (updates.js)
    cardClicked(card, app.handFocus);
  }, TIMING.forced);
}

// The side panel's box: autoplay on or off, kept in this browser.
$("autoplay-check").checked = store.autoplay();
$("autoplay-check").addEventListener("change", (event) => store.saveAutoplay(event.target.checked));

/** Where a hand held in two rows breaks: between two suits near the middle (a play-test found the clubs parted
 * over the two rows) one card from the middle at most (two left a row of 11 cards 28 px apart on a phone), else at
 * the middle. */
function rowSplit(cards) {
  const middle = Math.ceil(cards.length / 2);
  const suit = (card) => card.slice(-1);
  let best = null;
  for (let index = 1; index < cards.length; index += 1) {
    const between = suit(cards[index]) !== suit(cards[index - 1]);
    if (between && Math.abs(index - middle) <= 1 && (best === null || Math.abs(index - middle) < Math.abs(best - middle))) best = index;
  }
  return best ?? middle;
}

function handKey(event, index) {
  // As in the terminal: once the pass's cards are marked, Enter passes them (Space still marks and unmarks); the Pass
  // button lies before the hand, and a play-test's Tab went on to the chat.
  if (event.key === "Enter" && mustPass(app.view) && app.selected.size === app.table.rules.pass_count) {
    event.preventDefault(); // not the card's own click, which would unmark it
    passCards();
    return;
  }
  const cards = $("hand").querySelectorAll(".card");
  let next = null;
  // The arrows wrap round the hand, as in the terminal: from the last card on to the first.
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % cards.length;
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + cards.length) % cards.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = cards.length - 1;
  if (next === null) return;
  event.preventDefault();
  cards[index].tabIndex = -1;
  cards[next].tabIndex = 0;
  cards[next].focus();
  app.handFocus = next;
}

/** ``clicks``: the click's count (``event.detail``): 2 for the second click of a double click, which may land after
    the first one's card has gone and the others' turn begun (a test's was told "It is not your turn"). */
function cardClicked(card, index, clicks = 1) {
  const view = app.view;
  app.handFocus = index;
  if (!app.connected || app.playPending || app.passPending) return; // the page shows why: offline, or a card on its way
  if (paused() && app.seat !== null) {
    // A click that does nothing says why (a play-test clicked on in silence), and what goes on: the turn line says
    // who paused it already (a play-test read that twice, word for word).
    showNotice(Object.assign(() => t("web_paused_click", { resume: t("web_resume") }), { pause: true }), true);
    return;
  }
  app.lastTried = card;
  // A card the server's observation refuses says why at once, in the server's words for the rule and its facts.
  const refused = (mustPass(view) || mustPlay(view)) && view.refusals ? view.refusals[card] : null;
  if (refused) {
    showRefusal(refused);
    return;
  }
  if (mustPass(view)) {
    const count = app.table.rules.pass_count;
    if (app.selected.has(card)) app.selected.delete(card);
    else if (app.selected.size >= count) {
      showNotice(() => t("web_pass_marked_full", { count }), true);  // never more marked than the pass takes, as in the terminal
      return;
    } else app.selected.add(card);
    clearNotice();
    renderHand();
    renderStatus();
    return;
  }
  // Only while the server offers cards to play; any other time a click says why it does nothing (a play-test clicked
  // while the others played, and nothing answered).
  if (!mustPlay(view)) {
    const turn = shownTurn(view);
    if (app.seat === null) return;
    // The second click of a double click lands after the first card went: not a try out of turn, nothing to say.
    if (clicks > 1) return;
    if (turn !== null && turn !== app.seat) {
      // The turn line above says whose turn it is ("Anna to play." twice, word for word, read a play-test).
      showNotice(() => t("not_your_turn"), true, true);
      app.noticeTurn = turn; // it goes when that turn is over (renderTurnLine)
    }
    else if (view && view.phase === "passing") showNotice(() => t("passed_wait", { names: stillPassing(view) }), true, true);
    return;
  }
  app.playPending = true;
  app.pendingCard = card;
  send({ type: "play", card });
  renderHand();
}

/** Play ``card`` from elsewhere on the page (a guided deal's table of costs) as a click on it in the hand would. */
export function playCard(card) {
  cardClicked(card, Math.max(0, sortHand(app.view ? app.view.held : []).indexOf(card)));
}

/** The rest of the deal claimed, where the server offers it (nothing left can score): it plays the rest out at once,
 * as the terminal's F4 does (a play-test took every point with three cards left and had to play them one by one). */
export function claimRest() {
  if (app.playPending) return;
  app.playPending = true; // (one claim: a second press, or a card, waits for the server's answer)
  app.claimed = { deal: app.view.deal, tricks: app.view.hand.length }; // said in the deal's summary
  showNotice(() => t("claim_done"), true);
  send({ type: "claim" });
  renderAll();
}

export function passCards() {
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
  focusHandFrom($("pass-bar")); // the button that held the focus goes with the pass: the next card is played from here
}

/** The server is asked for a hint: for a decision of the deal on the screen. */
/** The hint asked: false where it is answered here, with one card allowed (the server's answer came after autoplay
 * had played it, and a play-test's Hint showed nothing). */
export function hintAsked() {
  app.hintDeal = app.view ? app.view.deal : null;
  if (!mustPlay(app.view) || app.view.choices.length !== 1) return true;
  $("hint-text").textContent = t("x_forced", { card: cardShort(app.view.choices[0]) });
  return false;
}

const hintKey = () => `blackmaria:hint:${app.code}`;

/** A page loaded again at the decision a hint was shown for: the hint as it was (none once anything has happened). */
export function restoreHint() {
  const kept = JSON.parse(sessionStorage.getItem(hintKey()) || "null");
  if (kept && kept.seq === app.seq && app.view && app.view.choices.length) showHint(kept.message);
}

export function showHint(message) {
  // A hint for another deal than the one it was asked in is dropped: asked on a deal's last card, played for the
  // player meanwhile, the server answered for the next deal's pass, whose cards it chose (a play-test).
  const queued = message.seq === undefined ? undefined : app.queue.find((update) => update.seq === message.seq);
  if (message.seq !== undefined && (queued ? queued.state : app.view)?.deal !== app.hintDeal) return;
  // A hint that comes when the seat has nothing to decide any more (its turn's time ran out meanwhile) is dropped; one
  // for a decision whose update is still waiting to be shown (the computer players' cards before it) waits for it.
  if (!app.view || !app.view.choices.length || app.passPending) {
    if (app.queue.some((update) => update.seq === message.seq)) app.hintWaiting = message;
    return;
  }
  app.hint = message.cards;
  // Kept for this decision: a reload showed the hand and the turn as they were, and the hint gone (a play-test).
  sessionStorage.setItem(hintKey(), JSON.stringify({ seq: app.seq, message: { ...message, seq: undefined } }));
  clearNotice();  // the hint answers the refusal shown, if any
  const cards = shortCards(message.cards); // in the hand's order, as the reason names them
  // The search's numbers wait behind a line of their own: on a phone a play-test's pass hint filled nine lines, and at
  // 1280x800 one of four ran below the window's edge.
  const folded = message.why && message.search;
  $("hint-text").textContent = t("hint", { cards, reason: folded ? message.why : message.reason });
  // At a pass with nothing chosen yet, the hint's cards are chosen, so the Pass button passes them, as Enter does in
  // the terminal (a play-test clicked them one by one after the hint); cards the player chose are left as they are.
  const count = app.table.rules.pass_count;
  if (mustPass(app.view) && !app.selected.size && message.cards.length === count) {
    for (const card of message.cards) app.selected.add(card);
    $("hint-text").append(" ", el("span", { id: "hint-chosen", text: t("web_hint_chosen", { button: t("pass_button", { count }) }) }));
    renderStatus();
  }
  if (folded) {
    $("hint-text").append(" ", el("details", { class: "hint-search" }, el("summary", { text: t("web_hint_search") }), `${message.search}.`));
  }
  renderHand();
  // Asked from the button (or the hand), the focus goes to the card suggested, as the terminal's cursor does: Enter
  // then plays it (a keyboard play-test had to look for the card marked "suggested").
  if (message.cards.length) focusCard(message.cards[0], $("hint-button"));
  // The hint is read where it is: a play-test found it below the screen's edge (at 1280x800, and on a phone). With the
  // buttons round it: on a phone the hint above them pushed Hint itself off the screen (a play-test).
  $("hint-text").closest(".actions").scrollIntoView({ block: "nearest", behavior: REDUCED ? "auto" : "smooth" });
}

/** ``page`` has gone with the button that held the focus (the seating page at the start, a play-test then took 17
 * Tabs to reach the hand; the pass bar after a pass): the focus goes to the hand, unless it went elsewhere. False
 * while the hand has no card to take it. */
export function focusHandFrom(page) {
  if (document.activeElement !== document.body && !page.contains(document.activeElement)) return true;
  const card = $("hand").querySelector("[tabindex='0']");
  card?.focus({ preventScroll: true });
  return Boolean(card);
}

/** The focus to ``card`` in the hand, its roving stop with it, if the focus was on ``from`` (or lost): after a take
 * back the card is back in the hand, and a play-test's focus was left on the page (or on the greyed button). */
export function focusCard(card, from) {
  const nodes = [...$("hand").querySelectorAll(".card")];
  const index = nodes.findIndex((node) => node.dataset.card === String(card));
  if (index < 0) return;
  nodes.forEach((node, i) => (node.tabIndex = i === index ? 0 : -1)); // the roving stop, which focusHandFrom takes
  app.handFocus = index;
  focusHandFrom(from);
}

/** A laptop's low screen (1024x640): once a deal, the pass brings the hand and its buttons into sight below the felt
 * (a play-test saw the cards' tops only; play did bring them, through the focus). A phone scrolls as its player does. */
export function revealHand(deal) {
  const key = `${app.table.game}:${deal}`; // (a game's deal: another game's first pass brings it again, a play-test)
  if (app.handShownFor === key || window.innerWidth <= 760) return;
  app.handShownFor = key;
  requestAnimationFrame(() => document.querySelector(".board .actions").scrollIntoView({ block: "nearest" }));
}
