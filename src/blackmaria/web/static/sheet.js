// The score sheet: each deal's points and the totals, a column a seat, and how the game began (the cut for the first deal).
import { $, app, el, nameOf, seatName } from "./state.js";
import { cardShort, t } from "./i18n.js";

export function renderSheet() {
  const view = app.view;
  const table = $("sheet-table");
  const n = app.table.players;
  // Five to seven columns in the panel: a computer player is "C2" (its full name in the title), a person keeps their
  // name; at four, "Comp. 2" fits a column on one line (a play-test read "Comp." over "2" in every column).
  // A person's name keeps its words, each cut to what a column holds ("Wolfeschl…"): a long name hid the last column.
  const room = n >= 4 ? 7 : 10;
  const fit = (name) => name.split(" ").map((word) => (word.length > room ? `${word.slice(0, room - 1)}…` : word)).join(" ");
  // The player's own column is "You", as the trick's tag says it (a learner read "Lernen…" for their own name).
  const heading = (seat) => (n >= 5 && app.table.seats[seat].kind === "bot" ? t("bot_tiny", { n: seat + 1 }) : fit(nameOf(seat, true)));
  const head = el("tr", {}, el("th", { scope: "col", text: t("sheet_deal") }), ...Array.from({ length: n }, (_, seat) => el("th", { scope: "col", text: heading(seat), title: seatName(seat) })));
  const rows = [];
  const dealPoints = view ? view.deal_points : [];
  dealPoints.forEach((points, index) => {
    rows.push(el("tr", { "data-deal": String(index + 1) }, el("th", { scope: "row", text: String(index + 1) }), ...points.map((p) => el("td", { text: String(p) }))));
  });
  const totals = view ? view.totals : new Array(n).fill(0);
  const foot = el("tr", { class: "total" }, el("th", { scope: "row", text: t("sheet_total") }), ...totals.map((p) => el("td", { text: String(p) })));
  const caption = el("caption", { class: "sr-only", text: t("score_sheet") });
  table.dataset.players = String(n);
  table.replaceChildren(caption, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
  if (!rows.length) table.querySelector("tbody").append(el("tr", {}, el("td", { colSpan: n + 1, class: "empty", text: t("sheet_empty") })));
  renderCut();
}

/** How the game began, under its sheet: the cut for the first deal, as the terminal's story tells it (every game of
 * the presets began with a cut that nobody saw: the first dealer seemed picked). */
function renderCut() {
  const note = $("sheet-cut");
  const cut = app.dealerChosen && app.dealerChosen.cut;
  note.hidden = !cut || !cut.length;
  if (note.hidden) return;
  const said = (round) => round.map(([seat, card]) => `${nameOf(seat, true)} ${cardShort(card)}`).join(", ");
  const [first, ...again] = cut;
  note.textContent = [t("cut_told", { cuts: said(first) }), ...again.map((round) => t("cut_again", { cuts: said(round) }))].join(" ");
}
