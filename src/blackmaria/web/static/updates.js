// The server's updates shown one after another, so that every card can be seen; the shuffle's commitment checked.
import { $, announce, app, clearNotice, currentTrick, forgetTap, pause, seatName, setNews, showNotice, sleep, slideTime, TIMING } from "./state.js";
import { flyTrick, renderAll, renderSeats, renderShuffle, renderStatus, renderTrick } from "./table-view.js";
import { NARROW, passPrompt, showHint } from "./hand.js";
import { showSummary } from "./dialogs.js";
import { askCount, learnFeedback, renderLearn } from "./learn.js";
import { cardName, cardShort, plural, suitName, t } from "./i18n.js";
import { dealtHand, shuffleCommitment } from "./sha256.js";
import { shortCards } from "./cards.js";

export async function pump() {
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

export function playKeys(view) {
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
  const crossing = message.events.some((event) => event.type === "DealStarted"); // the view's tricks are another deal's
  if (message.events.some((event) => event.type === "CardsPassed" && event.seat === app.seat)) app.passPending = false;
  if (played.some((event) => event.seat === app.seat)) app.playPending = false;
  if (played.some((event) => event.seat === app.seat) || crossing) app.drawn = null;
  // The cards a stand-in plays for this seat while it is away, said in the away bar (a play-test's Q♠ went unsaid).
  if (crossing) app.standIn = new Set();
  const seatInfo = app.seat !== null && app.table ? app.table.seats[app.seat] : null;
  if (seatInfo && seatInfo.away) for (const event of played) if (event.seat === app.seat) app.standIn.add(event.card);
  // The draws are said until this seat's next card: with the stock empty, "You draw 2♠" stayed under the table all
  // deal, long after 2♠ was played (a play-test).
  const draws = (app.news || []).filter((item) => item.key === "you_draw" || item.key === "draws");
  if (draws.length && played.some((event) => event.seat === app.seat)) setNews(app.news.filter((item) => !draws.includes(item)));
  tellDrawn(message.events.filter((event) => event.type === "CardDrawn"));
  if (crossing) {
    app.selected.clear();
    app.hint = null;
    $("hint-text").textContent = "";
  }
  const mine = played.some((event) => event.seat === app.seat) || message.events.some((event) => event.type === "CardsPassed" && event.seat === app.seat);
  if (mine) {
    const hinted = $("hint-text").textContent !== "";
    app.hint = null;
    $("hint-text").textContent = "";
    // A long hint scrolled the page to be read; gone with it, the page goes back up where the hand and its buttons
    // fit the screen from the top (a play-test at 1280x800 was left with the header out of sight all deal).
    const actions = document.querySelector(".board .actions");
    if (hinted && window.scrollY > 0 && actions.getBoundingClientRect().bottom + window.scrollY <= window.innerHeight) window.scrollTo({ top: 0 });
  }
  if (mine || won) clearNotice();
  // A card autoplay played is said as played for the player (hand.js's playForced), as the terminal's story says it.
  const forced = played.find((event) => event.seat === app.seat && event.card === app.forcedCard);
  if (forced) {
    app.forcedCard = null;
    showNotice(() => t("forced_play", { card: cardShort(forced.card) }), true);
    app.forcedNotice = app.forcedFor; // (it goes at the next turn that is not this one: hand.js)
  }
  // Who took the trick before, said after a reload, is old news once another trick is won (a play-test's page said
  // "Anna took the last trick" under a trick it had just shown taken by the player).
  if (won && (app.news || []).some((item) => item.key.startsWith("web_last_trick_"))) setNews(app.news.filter((item) => !item.key.startsWith("web_last_trick_")));
  if (scored) {
    setNews([]); // the table's news last the deal they came in (a play-test read them under the result)
    clearNotice(); // and so does a notice ("Only K♥ may be played: played for you." stayed over the game's result)
  }
  if (scored && app.table && app.table.summary_seconds) app.summaryUntil = message.receivedAt + app.table.summary_seconds * 1000;
  app.view = message.state;
  // One watching has no button to press between deals: the last deal's summary goes when the next deal's play begins
  // (a play-test's stayed over the table while the players played on behind it).
  const summary = $("summary");
  if (app.seat === null && summary.open && played.length && app.view && app.view.deal > Number(summary.dataset.deal)) summary.close();
  if (app.noticeTillMyTurn && app.view && app.view.choices && app.view.choices.length) clearNotice(); // a decision of mine now
  app.heldWon = won || null;
  app.wonLanding = Boolean(won); // until its hold begins, below
  forgetTap();
  // The kitty goes with the first trick: said with it (the page said nothing of it, where the terminal does).
  const kitty = message.events.find((event) => event.type === "KittyTaken");
  app.heldText = won ? [trickWonText(won), kitty ? kittyTakenText(kitty) : ""].filter(Boolean).join(" ") : "";
  // A run of bot actions comes as one update: its cards are laid one after another, as at a real table.
  const keys = hurry ? [] : updatePlayKeys(message);
  app.hiddenPlays = new Set(keys);
  renderAll();
  // A welcome while the cards are laid (a take-back, a reconnection) drew the table anew: what is left of this update
  // is gone with it (a play-test's take-back was followed by the computer players' cards marked over an empty trick).
  const welcomed = app.welcomed;
  const gone = () => app.welcomed !== welcomed;
  let held = false;
  const holdTrick = async () => {
    held = true;
    app.wonLanding = false; // the last card has had its moment: now the trick is won on screen
    app.landing = null; // and its player is not to play (a guided deal named it, "Computer 2 to play", under "Computer 3 wins")
    renderAll();
    announce(app.heldText);
    if (!hurry) {
      await pause(TIMING.hold);
      if (gone()) return;
      flyTrick(won.seat);
      await sleep(TIMING.fly);
      if (gone()) return;
    }
    app.heldWon = null;
    renderAll();
  };
  for (const [i, event] of played.entries()) {
    if (keys.length) {
      if (won && !held && playTrick(keys[i]) > won.trick) await holdTrick(); // then the next trick's first cards
      const seat = Number(keys[i].split(":")[2]);
      if (i > 0 || seat !== app.seat) await sleep(TIMING.play - slideTime()); // its player marked to play, thinking
      if (gone()) return;
      app.hiddenPlays.delete(keys[i]);
      app.landing = seat === app.seat ? null : seat; // (your own card: the turn passes at once, not "Your turn" beside it)
      // The card slides in with its seat still to play; once it is down the turn passes on (a play-test read "Computer
      // 2 to play" beside Computer 2's card all its moment: one card behind). The hand is drawn again (raised, if
      // yours) only once the last card is down (below): drawing the hand at every card could lose a click, and drawn
      // as the last card came in, a play-test's hand was raised beside a card half seen.
      renderSeats(); // first: the trick's cards are kept off the boxes as they are now (the turn's mark grows one)
      renderTrick();
      renderStatus();
    }
    announce(playedText(event, crossing ? null : app.view));
    if (keys.length && i < played.length - 1) {
      await sleep(slideTime());
      if (gone()) return;
      app.landing = null; // the next card's player is to play (shownTurn), or nobody, the trick full
      renderSeats();
      renderStatus();
    }
  }
  // The last card's moment: slid in, then the turn is shown where the game is.
  if (played.length && !hurry) await sleep(keys.length ? slideTime() : TIMING.play);
  if (gone()) return;
  app.landing = null;
  if (keys.length && !(won && !held)) renderAll(); // (a trick to hold is drawn whole when it has gone, below)
  if (won && !held) await holdTrick();
  if (gone()) return;
  if (scored) {
    askCount(scored.deal);
    if (app.learn) renderLearn();
    else showSummary(scored, message.events);
  }
  announceTurn(before, app.view, played);
  // A hint asked while the cards before this decision were still being shown (a play-test's was dropped).
  const waiting = app.hintWaiting;
  if (waiting && waiting.seq === message.seq) {
    app.hintWaiting = null;
    showHint(waiting);
  }
}

/** A card played, as heard: off the suit led (the trick's first card in ``view``, when given), it says its player has
 * none of that suit, as the terminal's story does ("East has no hearts: plays the queen of spades."). */
function playedText(event, view) {
  const trick = view && view.tricks[event.trick];
  const led = trick && trick.plays.length ? trick.plays[0][1].slice(-1) : null;
  const passed = view && event.seat !== app.seat && (view.passed || []).includes(event.card); // as the terminal says it
  const params = { name: seatName(event.seat), card: passed ? t("card_you_passed", { card: cardName(event.card) }) : cardName(event.card) };
  if (led && event.card.slice(-1) !== led) return t(event.seat === app.seat ? "you_play_off" : "plays_off", { ...params, suit: suitName(led) });
  return t(event.seat === app.seat ? "you_play" : "plays", params);
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

/** Who takes the kitty; its taker hears its cards (the others see them at the deal's end). */
function kittyTakenText(event) {
  const cards = event.seat === app.seat && app.view && app.view.kitty ? app.view.kitty : null;
  return cards && cards.length ? t("you_take_kitty", { cards: shortCards(cards) }) : t("takes_kitty", { name: seatName(event.seat) });
}

function trickWonText(won) {
  const points = won.points ? plural("points", won.points) : "";
  const key = (won.seat === app.seat ? "you_win_trick" : "wins_trick") + (points ? "_points" : "");
  return t(key, { name: seatName(won.seat), cards: shortCards(won.scoring), points });
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
    // On a phone a hint or the last trick scrolls the page down to be read, and it stayed there: at the next turns the
    // trick lay above the screen, the card a hint named out of sight (a play-test at 360x740, five and seven seats).
    // The turn brings the felt back to the top of the screen; the hand lies under it (a guided deal keeps its own).
    if (NARROW.matches && !app.learn && $("felt").getBoundingClientRect().top < 0) $("felt").scrollIntoView({ block: "start" });
  } else if (view.phase === "passing" && (!before || before.phase !== "passing")) {
    announce(passPrompt(view));
  }
  // Others' turns are shown, not announced: a screen reader hears each card played instead.
}

/** What the deals' events say: the shuffle's commitment and reveal, the hand dealt, for the fairness check. */
export function noteEvents(events, quiet) {
  for (const event of events) {
    if (event.type === "DealerChosen") app.dealerChosen = event; // (how this game began: the sheet tells its cut)
    if (event.type === "DealerChosen" && !quiet) {
      app.deals = new Map(); // another game at this table: its deal 1 is not the last game's (checked) deal 1
    } else if (event.type === "ShuffleCommitted") {
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
  // The verdict as a message key, worded when shown: a switch of language words it again (a play-test read it in English).
  if (shuffleCommitment(revealed.salt, revealed.deck) !== committed) return { ok: false, key: "shuffle_bad_hash", params: n };
  if (info.hand && app.table) {
    const hand = dealtHand(revealed.deck, info.dealer, app.seat, app.table.players, info.handSize);
    if ([...hand].sort().join() !== [...info.hand].sort().join()) return { ok: false, key: "shuffle_bad_hand", params: n };
  }
  return { ok: true, key: app.seat === null || !info.hand ? "shuffle_ok_public" : "shuffle_ok", params: n };
}

/** The cards drawn from a two-player stock after a trick: the reader's named, the other's a card, said under the
 * table, and the reader's marked in the hand until their next card (a play-test found it there unannounced). */
function tellDrawn(drawn) {
  if (!drawn.length) return;
  const mine = drawn.find((event) => event.seat === app.seat && event.card);
  if (mine) app.drawn = mine.card;
  const news = drawn.map((event) => (event.seat === app.seat && event.card ? { key: "you_draw", values: { card: cardShort(event.card) } } : { key: "draws", seat: event.seat }));
  announce(setNews(news));
}
