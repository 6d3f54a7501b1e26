// The guided deal: the server's explanation of each decision of the learner, laid out in three parts.
import { $, announce, app, currentTrick, el, mustPass, mustPlay, nameOf, seatName, REDUCED, shownTurn, store } from "./state.js";
import { beginLearning } from "./lobby.js";
import { send } from "./connection.js";
import { countNodes } from "./dialogs.js";
import { cardName, cardShort, decimal, has, language, plural, shownDifference, suitName, suitNumberName, t, upperFirst } from "./i18n.js";
import { miniCard, miniCards, shortCards, sortHand } from "./cards.js";
import { playCard, showHint } from "./hand.js";

/** The passes an explanation lists: the cheapest the search compared (as the terminal's ``PASSES_SHOWN``). */
const PASSES_SHOWN = 4;

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
export function maybeExplain() {
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

/** In a guided deal, the hint for the decision now is its explanation's advice (so the two never disagree); null
 * while that explanation is not in, in the page's language. */
export function learnHint() {
  const message = app.explanation;
  if (!app.learn || !message || message.ref !== `x:${app.explainKey}` || app.explainLang !== language()) return null;
  return { cards: sortHand(message.explanation.advice), reason: message.reason };
}

/** A hint asked in a guided deal before its explanation is in: shown when the explanation comes (``explained``),
 * which is asked now if it is not on its way. Never the plain hint's quicker search: a play-test's hint, asked while
 * the explanation was being asked again, named A♥ where the explanation beside it advised Q♥. */
export function hintWhenExplained() {
  if (app.explainLang !== language()) app.explainKey = null; // (the explanation on its way is in the other language)
  maybeExplain();
  app.hintWanted = app.explainKey;
}

/** An explanation came in: draw it, and the hint asked while it was on its way. */
export function explained(message) {
  app.explaining = false;
  app.explanation = message;
  renderLearn();
  const wanted = app.hintWanted === app.explainKey;
  app.hintWanted = null;
  const advice = wanted ? learnHint() : null;
  if (advice) showHint(advice);
}

export function askCount(deal) {
  if (deal === undefined || deal === null || deal < 0 || app.counts.has(deal)) return;
  send({ type: "count", deal, lang: language(), ref: `c:${deal}` });
}

/** After the learner's card or pass: what it likely cost beside the computer player's choice. */
export function learnFeedback(events) {
  if (!app.learn || !app.explanation) return;
  const mine = events.find((event) => (event.type === "CardPlayed" || event.type === "CardsPassed") && event.seat === app.seat);
  if (!mine) return;
  app.feedback = { x: app.explanation.explanation, mine, deal: app.view && app.view.deal }; // kept, so that a change of language says it again
  showFeedback();
  // A pass the search did not compare: the server plays it out beside the advice on the same deals (``passCompared``).
  const x = app.feedback.x;
  if (mine.type === "CardsPassed" && mine.cards && x.kind === "pass" && x.pass_costs.length && costOf(x, mine.cards) === undefined) {
    send({ type: "compare-pass", cards: mine.cards, ref: `p:${sameCards(mine.cards)}` });
  }
}

/** The cards of a pass as a key that ignores their order. */
const sameCards = (cards) => [...cards].sort().join();

/** What the explanation's search found a pass to cost (undefined when it did not compare that pass). */
const costOf = (x, cards) => x.pass_costs.find((compared) => sameCards(compared.cards) === sameCards(cards))?.cost;

/** The server compared the learner's pass with the advice: the feedback gives both costs. */
export function passCompared(message) {
  const mine = app.feedback?.mine;
  if (!mine || mine.type !== "CardsPassed" || message.ref !== `p:${sameCards(mine.cards)}`) return;
  app.feedback.compared = message;
  showFeedback();
}

/** The feedback on the learner's last decision, in the page's language (empty when there is none). */
export function showFeedback() {
  const { x, mine, compared } = app.feedback || {};
  let text = "";
  if (!mine) {
    $("learn-feedback").textContent = text;
    return;
  }
  if (mine.type === "CardsPassed" && x.kind === "pass" && mine.cards) {
    const kept = x.advice.filter((card) => !mine.cards.includes(card)); // the cards the computer player would pass, kept
    const names = { cards: shortCards(mine.cards), advice: shortCards(x.advice), kept: shortCards(kept) };
    const points = (value) => t("points_many", { n: decimal(value) });
    const [cost, bestCost] = [costOf(x, mine.cards), costOf(x, x.advice)];
    if (sameCards(mine.cards) === sameCards(x.advice)) text = t("web_learn_feedback_pass_same");
    // the search compared this pass too: both costs, as a card's feedback gives them
    else if (cost !== undefined && bestCost !== undefined) text = t("web_learn_feedback_pass_cost", { ...names, cost: points(cost), best_cost: points(bestCost) });
    else if (compared) {
      // The advice's cost as the list said it, the learner's pass by the difference on the same deals (as the terminal).
      const best = bestCost ?? compared.advice_cost;
      const worlds = compared.worlds.toLocaleString(language() === "de" ? "de-DE" : "en-US");
      const cost = points(best + compared.cost - compared.advice_cost);
      text = t("web_learn_feedback_pass_compared", { ...names, cost, best_cost: points(best), worlds });
    } else text = t("web_learn_feedback_pass", names);
  } else if (mine.type === "CardPlayed" && x.kind === "play" && x.options.length > 1) {
    const chosen = x.options.find((option) => option.card === mine.card);
    // The cheapest card (the computer player's on a tie), as the terminal: "no card here costs less" only when none
    // does as the costs are shown (not "about 1.9; 9♦ would have cost about 1.9").
    const cheaper = (a, b) => a.cost < b.cost || (a.cost === b.cost && x.advice.includes(a.card));
    const best = x.options.filter((option) => option.cost !== null).reduce((a, b) => (cheaper(b, a) ? b : a));
    if (!chosen || chosen.cost === null) return;
    const cost = t("points_many", { n: decimal(chosen.cost) });
    const said = { card: cardShort(chosen.card), cost, best: cardShort(best.card), best_cost: t("points_many", { n: decimal(best.cost) }) };
    // Why the other card is better, as the terminal says it: what each does to the trick, or, doing the same, that
    // the difference is in what each leaves in the hand. (``chance``: the server's, within the search's noise.)
    // (with its points where the card scores: K♠ led, worth 10, was said to do "the same" as 10♣)
    const worth = (option) => (option.value ? t("learn_effect_worth", { effect: effectText(option, x), points: plural("points", option.value) }) : effectText(option, x));
    const [effect, bestEffect] = [worth(chosen), worth(best)];
    const trick = trickDifference(chosen, best);
    if (shownDifference(best.cost, chosen.cost) < 0.05) text = t("learn_feedback_best", { card: cardShort(chosen.card), cost });
    else if (chosen.chance) text = t("learn_feedback_chance", { ...said, worlds: x.worlds.toLocaleString(language() === "de" ? "de-DE" : "en-US") });
    else if (trick) {
      text = `${t("learn_feedback_costs", said)} ${t("learn_feedback_trick", { ...said, ...trick })}`; // (numbers for the effects)
      if (shownDifference(chosen.trick_points, best.trick_points) > 0) text += ` ${t("learn_feedback_trick_later", said)}`; // (the cheaper card costs more here)
      else if (trick.later) text += ` ${t("learn_feedback_trick_sooner", { ...said, here: trick.here, later: trick.later })}`; // (teaching.sooner_later)
    }
    else if (effect === bestEffect && chosen.effect.startsWith("lead") && chosen.card.slice(-1) !== best.card.slice(-1)) text = t("learn_feedback_lead_suit", { ...said, effect, suit: suitName(chosen.card.slice(-1)), best_suit: suitName(best.card.slice(-1)) });
    else if (effect === bestEffect) text = t("learn_feedback_later", { ...said, effect });
    else text = t("learn_feedback_effects", { ...said, effect, best_effect: bestEffect });
  }
  $("learn-feedback").textContent = text;
  sessionStorage.setItem(feedbackKey(), JSON.stringify(app.feedback));
}

/** How the two cards did in the trick in play in the simulated deals, where they differ as shown: the server's
 * ``teaching.trick_difference`` (a play-test asked whether its card would take the trick). */
const TRICK_SHARES_APART = 5; // teaching.TRICK_SHARES_APART
const LATER_SHOWN = 0.5; // teaching.LATER_SHOWN
function trickDifference(chosen, best) {
  if ([chosen.trick_share, best.trick_share, chosen.trick_points, best.trick_points].some((v) => v === null || v === undefined)) return null;
  const [share, bestShare] = [Math.round(100 * chosen.trick_share), Math.round(100 * best.trick_share)];
  if (Math.abs(share - bestShare) < TRICK_SHARES_APART && chosen.trick_points.toFixed(1) === best.trick_points.toFixed(1)) return null;
  const points = (value) => t("points_many", { n: decimal(value) });
  // What the cheaper card saves in this trick and takes in the tricks after it instead (teaching.sooner_later: a
  // learner asked why taking Q♠ for certain cost only 1.5 more in all).
  const here = chosen.trick_points - best.trick_points;
  const later = here - (chosen.cost - best.cost);
  const sooner = here > 0 && later >= LATER_SHOWN ? { here: points(here), later: points(later) } : {};
  return { share, best_share: bestShare, points: points(chosen.trick_points), best_points: points(best.trick_points), ...sooner };
}

const feedbackKey = () => `blackmaria:feedback:${app.code}`;

/** A page reloaded in a guided deal: the word on the learner's last decision again, while it is the last one (a
 * play-test's reload lost the lesson on the card just played). */
export function restoreFeedback() {
  const kept = JSON.parse(sessionStorage.getItem(feedbackKey()) || "null");
  const view = app.view;
  if (!kept || !kept.mine || !view || app.seat === null || kept.deal !== view.deal) return;
  const mine = view.tricks.flatMap((trick) => trick.plays.filter(([seat]) => seat === app.seat).map(([, card]) => card));
  const last = kept.mine.type === "CardPlayed" ? mine[mine.length - 1] === kept.mine.card : !mine.length && view.has_passed[app.seat];
  if (!last) return;
  app.feedback = kept;
  showFeedback();
}

export function renderLearn() {
  const panel = $("learn");
  panel.hidden = !app.learn;
  if (!app.learn) return;
  maybeExplain();
  const view = app.view;
  const turn = shownTurn(view);
  const last = view ? view.deal_points.length - 1 : -1;
  const count = view && (view.phase === "game-over" || view.phase === "deal-over") && app.heldWon === null ? app.counts.get(last) : null;
  let mode = "idle";
  if (count) mode = `count:${count.count.deal}`;
  // An explanation speaks of the whole trick so far: shown once the cards before the learner's are all laid.
  else if (app.explanation && !app.hiddenPlays.size) mode = `x:${app.explainKey}`;
  else if (app.explainKey !== null) mode = `wait:${app.explainKey}`;
  else if (view) mode = `idle:${view.phase}:${turn}`;
  mode += `:${language()}`;
  if (panel.dataset.mode === mode) return;
  panel.dataset.mode = mode;
  const body = $("learn-body");
  if (count) {
    body.replaceChildren(...countNodes(count, true), ...learnDone());
    // The guided deal is over: its count in sight and the focus on the way on (a play-test's phone showed them far
    // below the result, with the focus on the page).
    if (view.phase === "game-over" && (document.activeElement === document.body || $("hand").contains(document.activeElement))) {
      panel.scrollIntoView({ block: "start", behavior: REDUCED ? "auto" : "smooth" }); // its heading too (it went under the top bar)
      body.querySelector(".learn-links a").focus({ preventScroll: true });
    }
  } else if (mode.startsWith("x:")) {
    body.replaceChildren(...basicsNodes(view, app.explanation), ...explanationNodes(app.explanation));
    announce(body.querySelector(":scope > h3").textContent);
  } else if (app.explainKey !== null) body.replaceChildren(el("p", { class: "learn-wait busy", text: t("learn_waiting") }));
  else if (view && view.phase === "passing") body.replaceChildren(el("p", { class: "learn-wait", text: t("learn_wait_pass") }));
  else if (turn !== null && turn !== app.seat) {
    // (not after the learner's own card, before the next decision: "Learner to play" was wrong there, a play-test)
    body.replaceChildren(el("p", { class: "learn-wait", text: t("learn_wait_others", { name: seatName(turn) }) }));
  } else body.replaceChildren();
}

/** Before the first card of the guided deal: the aim, what the cards cost, a trick, the game's end (a play-test's
 * first decision came with points to compare before it was said that points are bad). */
function basicsNodes(view, message) {
  if (!view || view.deal_points.length || view.tricks.length || !message.basics) return [];
  const list = el("ul", {}, ...message.basics.map((line) => el("li", { text: line })));
  return [el("section", { class: "learn-basics" }, el("h3", { text: t("learn_basics_heading") }), list)];
}

function learnDone() {
  // Another deal starts at once, of the same rules (a play-test's link to another deal led back to the lobby's form).
  const again = el("a", { class: "button primary", href: "/#learn-form", text: t("learn_again") });
  again.addEventListener("click", (event) => {
    event.preventDefault();
    again.setAttribute("aria-disabled", "true");
    again.textContent = t("learn_starting");
    const defaulted = !store.name() && (app.seat === null || store.defaultName(app.code) !== null);
    const name = store.name() || (defaulted ? t("learn_default_name") : seatName(app.seat));
    beginLearning(app.table.rules.preset, name, defaulted, false).catch(() => location.assign("/#learn-form"));
  });
  const links = el("p", { class: "learn-links" }, again, el("a", { class: "button", href: "/", text: t("learn_real") }));
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
      const lead = t("web_x_trick_lead", { suit: suitNumberName(table.led_suit), name: nameOf(winner), card: cardShort(winning), points: plural("points", table.trick_value) });
      first.push(el("p", { text: upperFirst(lead) }));
    }
    const taken = el("ul", { class: "taken" }, ...table.points_taken.map((points, seat) => el("li", { title: nameOf(seat) }, `${nameOf(seat, true)} `, el("b", { text: String(points) }))));
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
  if (table.led_suit !== null) dutyValues.suit = suitNumberName(table.led_suit);
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
    for (const { card, suit, reason } of x.advice_reasons) {
      const text = t(`web_x_reason_${reason}`, { suit: suitName(suit), points: plural("points", values[card] || 0) });
      reasons.append(el("li", {}, miniCard(card), el("span", { text })));
    }
    third.push(reasons);
    if (x.pass_costs.length) {
      const worlds = x.worlds.toLocaleString(language() === "de" ? "de-DE" : "en-US");
      third.push(el("p", { text: t("web_x_pass_costs", { count: x.pass_costs.length, worlds }) }));
      third.push(passTable(x));
    }
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
    // The advice in one sentence first, as the hint says it: on a phone the three parts lie under the hand, below
    // the first screen, and on a desktop the basics of the first decision push the third part out of the panel's
    // sight (two play-tests saw only the heading, or "3 What it costs" cut off).
    el("p", { class: "learn-short", text: t("learn_in_short", { reason: message.reason }) }),
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
  if (rule === "follow-suit" && x.table.led_suit !== null) values.suit = upperFirst(suitNumberName(x.table.led_suit));
  if (rule === "first-lead") values.card = cardShort(x.turn_card || x.legal[0]);
  return has(`xs_${rule}`) ? t(`xs_${rule}`, values) : "";
}

function effectText(option, x) {
  const winning = x.table.winning;
  if (["beats", "takes", "takes-void"].includes(option.effect) && winning) return t(`x_effect_${option.effect}`, { card: cardShort(winning[1]) });
  if (option.effect === "ducks" && winning) return t("x_effect_ducks", { card: cardShort(winning[1]) });
  if (option.effect === "wins") {
    const won = x.table.trick_value + option.value;
    return won ? t("x_effect_wins", { points: plural("points", won) }) : t("x_effect_wins_clean");
  }
  return t(`x_effect_${option.effect}`);
}

/** The card's effect, and how often the seat took the trick after it where that is neither never nor always (the
 * server's ``teaching.uncertain_trick_percent``, as the terminal writes it). */
function effectWithShare(option, x) {
  const share = option.trick_share === null || option.trick_share === undefined ? null : Math.round(100 * option.trick_share);
  if (share !== null && share > 0 && share < 100) return t("x_trick_share", { effect: effectText(option, x), share });
  // Never or always taken where the card leaves the trick open: said too (a play-test read 4♣ "holds the trick for
  // now" bare beside 6♣'s 5%, as if 4♣ held it more often).
  if (share !== null && ["beats", "lead-low"].includes(option.effect)) return t(share >= 100 ? "x_trick_share_all" : "x_trick_share_none", { effect: effectText(option, x) });
  return effectText(option, x);
}

/** Each allowed card with what it does to the trick and a bar of its likely points, cheapest first. */
function costTable(x) {
  if (x.by_suit) return suitCostTable(x);
  const costs = x.options.map((option) => option.cost || 0);
  const best = Math.min(...costs);
  const worst = Math.max(...costs, 0.1);
  const effects = new Set(x.options.map((option) => option.effect));
  // Leads or discards alone say the same for every card: the column would only repeat it.
  const showEffect = effects.size > 1 || effects.has("beats") || effects.has("ducks") || effects.has("wins");
  const playable = mustPlay(app.view);
  const head = el("tr", {}, el("th", { scope: "col", text: t("x_col_card") }), showEffect ? el("th", { scope: "col", text: t("x_col_effect") }) : "", el("th", { scope: "col", text: t("x_col_cost") }));
  const rows = x.options.map((option) => {
    const cost = option.cost || 0;
    const advised = x.advice.includes(option.card);
    const value = option.value ? el("span", { class: "value", text: plural("points", option.value) }) : "";
    // On a phone the explanation lies below the hand: its cards play from here too (a play-test scrolled up and down
    // between the reasons and the hand for each card).
    const face = playable ? el("button", { type: "button", class: "play-here", "aria-label": t("web_learn_play", { card: cardShort(option.card) }), onclick: () => playFromPanel(option.card) }, miniCard(option.card)) : miniCard(option.card);
    return el(
      "tr",
      { class: advised ? "advised" : "", "data-card": option.card },
      el("th", { scope: "row" }, face, value),
      showEffect ? el("td", { class: "effect", text: effectWithShare(option, x) }) : "",
      costCell(cost, best, worst, advised, option.chance),
    );
  });
  const table = el("table", { class: "costs" }, el("thead", {}, head), el("tbody", {}, ...rows));
  return playable ? el("div", {}, el("p", { class: "learn-tap", text: t("web_learn_tap") }), table) : table;
}

/** Many leads or many discards, each doing the same (the explanation's ``by_suit``): a row a suit, as the hand
 * orders them, each card with its cost, cheapest first, as the terminal says them (a play-test's phone showed 17 rows
 * of one effect). */
function suitCostTable(x) {
  const playable = mustPlay(app.view);
  const rows = ["S", "H", "C", "D"].map((suit) => {
    const mine = x.options.filter((option) => option.card[1] === suit).sort((a, b) => (a.cost || 0) - (b.cost || 0));
    if (!mine.length) return "";
    const chips = mine.map((option) => {
      const cost = decimal(option.cost || 0);
      const label = `${cardName(option.card)}: ${t("points_many", { n: cost })}`;
      const face = playable ? el("button", { type: "button", class: "play-here", "aria-label": t("web_learn_play", { card: cardShort(option.card) }), onclick: () => playFromPanel(option.card) }, miniCard(option.card, label)) : miniCard(option.card, label);
      const advised = x.advice.includes(option.card);
      return el("span", { class: advised ? "suit-cost advised" : "suit-cost", "data-card": option.card, title: advised ? t("x_best") : "" }, face, el("span", { class: "cost-text", text: cost }));
    });
    return el("tr", {}, el("th", { scope: "row", text: upperFirst(suitName(suit)) }), el("td", {}, ...chips));
  });
  const table = el("table", { class: "costs by-suit" }, el("tbody", {}, ...rows));
  return playable ? el("div", {}, el("p", { class: "learn-tap", text: t("web_learn_tap") }), table) : table;
}

/** A card played from the table of costs, and the felt brought into sight if the panel had scrolled it away (a
 * play-test's phone stayed at the explanation and did not see the trick played). */
function playFromPanel(card) {
  playCard(card);
  if ($("felt").getBoundingClientRect().bottom < 0) $("felt").scrollIntoView({ block: "start", behavior: REDUCED ? "auto" : "smooth" });
}

/** A cost as a bar and in words, with the computer player's choice or how much more than the cheapest it costs. */
function costCell(cost, best, worst, advised, chance) {
  // "more" is the difference of the two numbers as shown (1.9 and 1.9 are not "0.1 more", as a play-test read).
  const more = shownDifference(best, cost);
  const note = advised ? t("x_best") : more >= 0.05 && cost - best >= 0.05 ? t(chance ? "x_chance" : "x_more", { more: decimal(more) }) : "";
  // The track is coloured from cheap (green) to dear (red); the cover hides the part beyond this cost. It starts
  // below the cheapest by twice the spread of the costs (at least 3 points), not at 0: 20.5 and 22.3 points drew bars
  // of one length (a play-test), and from the spread itself 9.0 was half of 10.4, a difference of chance drawn large
  // (another); costs far apart still show in proportion.
  const low = Math.max(0, best - Math.max(2 * (worst - best), 3));
  const cover = el("span", { class: "bar-cover" });
  cover.style.width = `${100 - Math.max(4, Math.round((100 * (cost - low)) / Math.max(worst - low, 0.1)))}%`;
  const text = t("x_about", { value: t("points_many", { n: decimal(cost) }) });
  return el("td", { class: "cost" }, el("span", { class: "bar-track", "aria-hidden": "true" }, cover), el("span", { class: "cost-text", text }), note ? el("small", { text: note }) : "");
}

/** The cheapest passes the search compared (and the advised one, wherever it ranks), each with its cost; the cards
 * in the hand's order, as the text names them (a play-test read "A♠ A♥ D♠" beside "A♠ D♠ A♥"). */
function passTable(x) {
  const advised = [...x.advice].sort().join();
  const isAdvised = (pass) => [...pass.cards].sort().join() === advised;
  const shown = x.pass_costs.slice(0, PASSES_SHOWN).concat(x.pass_costs.slice(PASSES_SHOWN).filter(isAdvised));
  const best = Math.min(...shown.map((pass) => pass.cost));
  const worst = Math.max(...shown.map((pass) => pass.cost), 0.1);
  const head = el("tr", {}, el("th", { scope: "col", text: t("x_col_pass") }), el("th", { scope: "col", text: t("x_col_cost") }));
  const rows = shown.map((pass) => {
    const chosen = isAdvised(pass);
    return el("tr", { class: chosen ? "advised" : "" }, el("th", { scope: "row" }, ...sortHand(pass.cards).map((card) => miniCard(card))), costCell(pass.cost, best, worst, chosen));
  });
  return el("table", { class: "costs passes" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

function tipNode(tip, x) {
  const cards = shortCards(tip.cards);
  let text;
  if (tip.id === "pass-high-spades") {
    // what the kept spades score themselves, the queen apart, as the terminal says it (K♠ worth 10 was "risky: the
    // queen costs 13")
    const own = x.options.filter((option) => tip.cards.includes(option.card)).reduce((sum, option) => sum + option.value, 0);
    text = t("web_tip_pass-high-spades", { cards: own && !tip.cards.includes("QS") ? `${cards} (${plural("points", own)})` : cards, guards: plural("spades", tip.number), points: plural("points", tip.points) });
  } else if (tip.id === "make-a-void") {
    const suit = suitNumberName(tip.number);
    text = x.kind === "pass" ? t("web_tip_make-a-void_pass", { suit, cards }) : t(tip.cards.length ? "web_tip_make-a-void_play" : "web_tip_make-a-void_clean", { suit, cards });
  } else if (tip.id === "lead-low-spades") text = t("tip_lead-low-spades", { queen: cardShort("QS"), cards });
  else if (tip.id === "queen-passed") text = t("tip_queen-passed", { name: seatName(tip.seat), queen: cards, points: plural("points", tip.points) });
  else if (tip.id === "watch-the-moon") {
    const points = plural("points", tip.points);
    text = tip.seat === app.seat ? t("web_tip_watch-the-moon_you", { points }) : t("tip_watch-the-moon", { name: seatName(tip.seat), points });
  } else text = t("web_tip_count-penalty-cards", { cards, points: plural("points", tip.points) });
  // A rule of thumb the search finds worse this time is said to be, not left beside the advice as if both held.
  if (tip.advice_agrees === false) {
    const kept = tip.cards.filter((card) => !x.advice.includes(card)); // some of its cards passed: "it keeps Q♠"
    const partly = x.kind === "pass" && kept.length < tip.cards.length;
    text += ` ${partly ? t("tip_not_here_part", { kept: shortCards(kept), advice: shortCards(x.advice) }) : t("tip_not_here", { advice: shortCards(x.advice) })}`;
  }
  const id = tip.id === "make-a-void" && x.kind === "play" ? "use-a-void" : tip.id; // (void already: use it)
  const title = has(`web_tip_title_${id}`) ? t(`web_tip_title_${id}`) : id;
  return el("aside", { class: "tip", "data-tip": tip.id }, el("b", { text: `${t("tip_label")}: ${title}` }), el("p", { text }));
}
