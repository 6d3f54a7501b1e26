// The end-of-deal summary, the public count of a finished deal, and the game's result.
import { $, announce, app, authToken, el, nameOf, seatName } from "./state.js";
import { askCount, renderLearn } from "./learn.js";
import { cardName, namesList, plural, t } from "./i18n.js";
import { miniCard, shortCards } from "./cards.js";
import { renderTableTitle } from "./header.js";

/** The summary of the deal ``scored`` ended, with ``view`` the table as that deal ended: drawn again in another
 * language it keeps that view (by then the next deal is dealt, and its tricks read 0: a play-test saw them so). */
export function showSummary(scored, events, view = app.view, again = false) {
  app.lastSummary = [scored, events, view, again];
  $("summary-heading").textContent = t("summary_heading", { n: scored.deal + 1 });
  // Each seat: its tricks and this deal's points, the running total and its place in the standing (fewest first).
  const totals = view ? view.totals : scored.points;
  const rows = scored.points.map((points, seat) => {
    const place = 1 + totals.filter((total) => total < totals[seat]).length;
    return el(
      "li",
      { "data-seat": String(seat), "data-place": String(place) },
      el("span", { class: "summary-line" }, el("span", { class: "summary-name", text: `${seatName(seat)}${seat === app.seat ? ` ${t("you_suffix")}` : ""}: ` }), `${plural("tricks", view ? view.tricks_won[seat] : 0)}, `, el("b", { class: points > 0 ? "summary-points" : "summary-points none", text: plural("points", points) }), el("span", { class: "summary-total" }, "\u00a0· ", el("span", { text: t("summary_total", { total: totals[seat] }) }), "\u00a0· ", el("span", { text: t("summary_place", { n: place }) }))),
    );
  });
  $("summary-rows").replaceChildren(...rows);
  $("summary").dataset.deal = String(scored.deal);
  renderCounts(scored.deal);
  const extra = [];
  // (the player's own shot said as theirs, as the terminal says it: "Player shot the moon!" under "Player (you)")
  if (scored.moon_shooter !== null && scored.moon_shooter !== undefined) extra.push(scored.moon_shooter === app.seat ? t("moon_you") : t("moon", { name: seatName(scored.moon_shooter) }));
  // Play ended at once: why (a play-test's summary did not say).
  if (app.claimed?.deal === scored.deal) extra.push(t("web_claimed_summary", { tricks: plural("tricks", app.claimed.tricks) }));
  if (scored.kitty && scored.kitty.length && view && view.kitty_owner !== null) {
    extra.push(t("kitty_was", { cards: shortCards(scored.kitty), name: seatName(view.kitty_owner) }));
  }
  $("summary-extra").textContent = extra.join(" ");
  // (drawn again from a count there are no events: the deal's own check, kept since its reveal, is the same)
  const revealed = events.find((event) => event.type === "ShuffleRevealed");
  const info = app.deals.get(revealed ? revealed.deal : scored.deal);
  $("summary-shuffle").textContent = info && info.check ? `${info.check.ok ? "✓" : "✗"} ${t(info.check.key, info.check.params)}` : "";
  // The last deal's summary leads to the game's result, not on to a deal that will not come; one looked at again
  // ("Last deal") is closed (a play-test read "See the result" over the result already shown).
  const over = Boolean(view && view.phase === "game-over");
  $("summary-close").textContent = t(again ? "summary_close" : over ? "summary_to_result" : "continue");
  const dialog = $("summary");
  // The game's result waits behind the last deal's summary until "See the result" (a play-test read the winner
  // beside the summary, undimmed); the page keeps its layout (the result is kept, not hidden: renderAll reads it).
  document.body.classList.toggle("result-waits", over && !again);
  dialog.onclose = () => {
    document.body.classList.remove("result-waits");
    renderTableTitle(); // (the deal played now again, not the one summed up: a spectator's closes by itself)
  };
  if (!dialog.open) {
    dialog.show();
    $("summary-body").scrollTop = 0; // from its heading (a play-test's opened at its button, the heading cut off)
  }
  renderTableTitle(); // the deal summed up, while it is open
  announce(`${$("summary-heading").textContent}. ${rows.map((row) => row.textContent).join(". ")}. ${extra.join(" ")}`);
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
export function countNodes(message, detailed) {
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
    const key = `${count.moon === "subtract-from-shooter" ? "c_moon_subtract" : "c_moon_add"}${shooter === app.seat ? "_you" : ""}`;
    notes.push(t(key, { name: nameOf(shooter), shooter: plural("points", count.points[shooter]), total: plural("points", count.moon_total) }));
  }
  const sum = count.points.reduce((a, b) => a + b, 0);
  notes.push(t(count.moon_shooter !== null ? "c_sum_moon" : "c_sum", { sum: plural("points", sum) }));
  const low = Math.min(...count.points);
  notes.push(t("c_lowest", { names: namesList(count.points.flatMap((p, seat) => (p === low ? [nameOf(seat)] : []))) }));
  nodes.push(el("div", { class: "count-notes" }, ...notes.map((text) => el("p", { text }))));
  return nodes;
}

/** The last finished deal of this game, or null before the first is over. */
export function lastDealOver() {
  const points = app.view && app.view.deal_points;
  return points && points.length ? points.length - 1 : null;
}

/** The last deal's summary again (a reload lost the one shown, and nothing opened it again: a play-test; the terminal
 * has `deal`). Drawn from the summary last shown, else from that deal's public count, asked for it. */
export function showLastDeal() {
  const deal = lastDealOver();
  if (deal === null) return;
  if (app.lastSummary && app.lastSummary[0].deal === deal) showSummary(...app.lastSummary.slice(0, 3), true);
  else if (app.counts.has(deal)) showCountedSummary(app.counts.get(deal).count);
  else {
    app.summaryWanted = deal;
    askCount(deal);
  }
}

const closedKey = () => `blackmaria:summary-closed:${app.code}`;

/** A page loaded between deals, its seat yet to act in the new one: the last deal's summary as it was, unless this
 * tab closed it (a play-test's reload lost the summary it was reading, and the page went on to the next pass). */
export function summaryAfterReload() {
  const view = app.view;
  const deal = lastDealOver();
  if (deal === null || app.seat === null || app.learn || !view || view.deal !== deal + 1) return;
  const acted = view.tricks.some((trick) => trick.plays.length) || (view.phase === "passing" && view.has_passed[app.seat]);
  if (!acted && sessionStorage.getItem(closedKey()) !== String(deal)) showLastDeal();
}

/** A deal's summary from its public count: its points, moon and kitty, each seat's tricks and the totals after it. */
function showCountedSummary(count) {
  const over = count.deal === lastDealOver() && app.view.phase === "game-over";
  const scored = { deal: count.deal, points: count.points, moon_shooter: count.moon_shooter, kitty: count.kitty };
  const view = { totals: count.totals, tricks_won: count.tricks, kitty_owner: count.kitty_owner, phase: over ? "game-over" : "deal-over" };
  showSummary(scored, [], view, true);
}

/** A count arrived: the guided deal shows it in its panel, a normal game in the end-of-deal summary. */
export function renderCounts(deal) {
  if (app.learn) {
    renderLearn();
    return;
  }
  if (app.summaryWanted === deal) {
    app.summaryWanted = null;
    showCountedSummary(app.counts.get(deal).count); // (which draws the count's cards in it)
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

/** The game's result: the winners, the totals by place, the reader's place, and who asked for another game. */
export function showResult(view) {
  const winners = namesList(view.winners.map((seat) => seatName(seat))); // (not map(seatName): its index is "short")
  const alone = view.winners.length === 1 && view.winners[0] === app.seat; // "You won." (a play-test read its own name)
  // Sharing it, the player is said in a sentence of its own: a play-test without a name typed read "Winners: Player,
  // ..." over "Player (you)", and "Gewonnen haben du und ..." read wrong.
  const others = namesList(view.winners.filter((seat) => seat !== app.seat).map((seat) => seatName(seat)));
  const shared = view.winners.length > 1 && view.winners.includes(app.seat);
  const won = shared ? t("winner_shared_you", { names: others }) : t(view.winners.length === 1 ? "winner_one" : "winner_many", { names: winners });
  $("result-text").textContent = alone ? t("winner_you") : won;
  // By place, fewest points first, as the result is read (seat order is the score sheet's).
  const places = view.totals.map((total, seat) => ({ seat, total })).sort((a, b) => a.total - b.total || a.seat - b.seat);
  // Each with its place, shared by equal totals (a play-test read the order without numbers).
  const placeOf = (total) => 1 + view.totals.filter((other) => other < total).length;
  $("result-totals").replaceChildren(
    ...places.map(({ seat, total }) => {
      const name = seatName(seat) + (seat === app.seat ? ` ${t("you_suffix")}` : "");
      return el("li", { class: seat === app.seat ? "me" : "", text: t("total_at_place", { place: placeOf(total), name, total }) });
    }),
  );
  // A player reads where they came (a play-test looked for it): first place shared by equal totals.
  if (app.seat !== null) {
    const place = 1 + view.totals.filter((total) => total < view.totals[app.seat]).length;
    $("result-text").textContent += ` ${t("your_place", { place, players: view.totals.length })}`;
  }
  // Another game starts once every player here has asked for it (the server waits): who has, and for whom it waits.
  const seats = app.table ? app.table.seats : [];
  const asked = seats.filter((seat) => seat.again && seat.seat !== app.seat).map((seat) => seatName(seat.seat));
  const waiting = seats.filter((seat) => seat.kind === "human" && seat.connected && !seat.again).map((seat) => seatName(seat.seat));
  const mine = app.seat !== null && Boolean(seats[app.seat] && seats[app.seat].again);
  let again = "";
  if (mine && waiting.length) again = t(waiting.length === 1 ? "web_again_wait_one" : "web_again_wait_many", { names: namesList(waiting) });
  else if (!mine && asked.length) again = t(asked.length === 1 ? "web_again_other_one" : "web_again_other_many", { names: namesList(asked) });
  $("again-text").textContent = again;
  // A guided deal ends with its own two ways on (another guided deal, a real game): not a third (a play-test).
  $("new-game").hidden = !authToken() || app.learn || mine;
  $("result-home").hidden = app.learn; // (the way back to the start page, other rules: a play-test found the logo only)
}

/** The deal's summary closed: the focus back in the hand, else on the game's result and its button for another game (not
 * left on the page, a play-test). */
export function closeSummary() {
  $("summary").close();
  sessionStorage.setItem(closedKey(), $("summary").dataset.deal); // (not opened again by a reload)
  document.body.classList.remove("result-waits"); // (now: the close event comes after the focus is given below)
  const focusable = $("hand").querySelector("[tabindex='0']");
  if (focusable) focusable.focus();
  else if (!$("result").hidden) {
    $("result").scrollIntoView({ block: "nearest" }); // in sight, the felt above it too (at "start" it went off, a play-test)
    // The game's end is said, not only shown (a keyboard play-test heard nothing of the winner or its place).
    announce(`${$("result").querySelector("h2").textContent}. ${$("result-text").textContent}`);
  }
  if (!focusable && !$("new-game").hidden) $("new-game").focus({ preventScroll: true });
}

/** While the deal's summary is open, the keys stay in it: Escape closes it, Tab goes round its own buttons. It is
 * not modal (the table stays live beside it), and a keyboard play-test tabbed out of it to the button for another game
 * hidden behind it. */
export function keepInSummary(event) {
  if (event.key === "Escape") $("summary-close").click();
  if (event.key !== "Tab") return;
  const stops = [...$("summary").querySelectorAll("button, a[href], summary, [tabindex='0']")].filter((node) => node.offsetParent !== null);
  if (!stops.length) return;
  const at = stops.indexOf(document.activeElement);
  const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === -1 || at === stops.length - 1 ? 0 : at + 1;
  event.preventDefault();
  stops[next].focus();
}

/** Escape closes what was opened over the table: the last trick, the rules in words (a keyboard play-test found the
 * last trick open at the game's end, with no button left to close it). */
export function closePanels() {
  if (!$("last-trick").hidden) $("last-trick-button").click();
  const rules = $("table-rules");
  if (rules.open) {
    rules.open = false;
    rules.querySelector("summary").focus();
  }
}

/** The host's new link for the seat of a player who lost theirs (another browser, cleared storage), to pass on: the
 * old link seats nobody now. Modal: it holds the seat's cards, and is copied or closed before the game goes on. */
export function showNewLink(message) {
  const name = seatName(message.seat);
  $("new-link-heading").textContent = t("new_link_heading", { name });
  // Between games there are no cards to give back: the seat, for the next game.
  $("new-link-text").textContent = t(app.table && app.table.status === "playing" ? "new_link_text" : "new_link_text_between", { name });
  $("new-link-url").value = `${location.origin}/t/${app.code}#seat=${message.token}`;
  const dialog = $("new-link");
  if (!dialog.open) dialog.showModal();
  $("copy-new-link").focus();
}
