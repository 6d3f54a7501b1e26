// The browser client: the lobby, seating, and the table, over the server's HTTP lobby and WebSocket protocol v1
// (docs/server.md). Plain JavaScript modules, no build step (docs/web.md lists them). Names and chat are always
// inserted as text.
import { $, app, clearNotice, copyField, hurry, playsOnTable, renderNews, setSpeed, showNotice, store, trackInputModality } from "./state.js";
import { connect, send } from "./connection.js";
import { renderAll, renderSeats, renderTrick, toggleLastTrick, togglePause } from "./table-view.js";
import { openChat, sendChat } from "./chat.js";
import { renderTableRules, renderTitle, toggleSound } from "./header.js";
import { fillBots, startGame } from "./seating.js";
import { claimRest, hintAsked, passCards, showHint } from "./hand.js";
import { hintWhenExplained, learnHint, showFeedback } from "./learn.js";
import { closePanels, closeSummary, keepInSummary, showLastDeal, showSummary } from "./dialogs.js";
import { loadBots, loadPresets, renderLevels, renderMyTables, showLobby } from "./lobby.js";
import { detectLanguage, language, loadCatalog, saveLanguage, t } from "./i18n.js";

function applyTexts() {
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of document.querySelectorAll("[data-phrase]")) node.textContent = t(node.dataset.phrase);
  renderLevels();
  renderTitle();
}

async function switchLanguage() {
  const next = language() === "de" ? "en" : "de";
  saveLanguage(next);
  await loadCatalog(next);
  applyTexts();
  // A notice of a few seconds is said again in the new language, or goes where it has no words of the catalog's (a
  // play-test read "3♠ is back in your hand" on a German page); the screen reader's last sentence goes.
  if (app.noticeSaid && $("notice").textContent) $("notice").textContent = app.noticeSaid();
  else clearNotice();
  $("announcer").textContent = "";
  if (app.learn) app.explainKey = null; // its explanation asked again: the server's words (a play-test's stayed English)
  if (app.code) {
    renderAll();
    renderNews();
  } else {
    loadPresets();
    renderMyTables(); // the list of this browser's tables in the new language too
  }
  if ($("summary").open && app.lastSummary) showSummary(...app.lastSummary);
  if (app.hint) askHint(); // the hint shown, asked again in the new language (the same position gives the same cards)
  if (app.learn) showFeedback(); // a play-test found the guided deal's feedback left in English
}

function showTable(code) {
  app.code = code;
  // A seat's link (#seat=TOKEN, offered under the chat to play the seat elsewhere): the seat is this browser's too,
  // and the token leaves the address bar at once (a play-test opened the invite in a second browser and could only
  // watch).
  const linked = new URLSearchParams(location.hash.slice(1)).get("seat");
  app.linked = Boolean(linked); // (the welcome says whose seat it gave: a play-test's friend was not told)
  if (linked) {
    store.saveSeat(code, null, linked);
    history.replaceState(null, "", location.pathname + location.search);
  }
  // Pasted into the address bar of a page already open, the link changes only its hash: the page loads it again.
  window.addEventListener("hashchange", () => location.hash.includes("seat=") && location.reload(), { once: true });
  const seat = store.seat(code);
  app.token = seat ? seat.token : null;
  app.host = store.host(code);
  app.learn = store.learn(code);
  $("room").hidden = false;
  applyTexts();
  $("copy-invite").addEventListener("click", copyInvite);
  $("copy-seat-link").addEventListener("click", () => copyField("seat-link-url", $("copy-seat-link"), t("copy")));
  $("copy-new-link").addEventListener("click", () => copyField("new-link-url", $("copy-new-link"), t("copy")));
  $("new-link-close").addEventListener("click", () => $("new-link").close());
  $("fill-bots").addEventListener("click", fillBots);
  $("start").addEventListener("click", startGame);
  $("new-game").addEventListener("click", startGame);
  $("pass-button").addEventListener("click", passCards);
  $("chat-peek").addEventListener("click", openChat);
  // Any message from the seat's holder gives the seat back; a ping says nothing else.
  $("back-button").addEventListener("click", () => send({ type: "ping" }));
  $("hint-button").addEventListener("click", askHint);
  $("claim-button").addEventListener("click", claimRest);
  $("undo-button").addEventListener("click", () => {
    if ($("undo-button").getAttribute("aria-disabled") === "true") return showNotice(() => t(`undo_none_${app.view.undo_blocked}`), true);
    if (app.undoAsked) return; // one press, one card back: a double click took back two and named one (a play-test)
    app.undoAsked = true; // the server welcomes the page again with the cards taken back; the page then says which
    app.handBeforeUndo = app.view ? [...app.view.hand] : [];
    app.playsBeforeUndo = playsOnTable();
    send({ type: "undo" });
  });
  for (const id of ["pause-button", "paused-resume"]) $(id).addEventListener("click", togglePause);
  $("sound-button").addEventListener("click", toggleSound);
  $("speed-select").value = store.speed();
  $("speed-select").addEventListener("change", (event) => { store.saveSpeed(event.target.value); setSpeed(event.target.value); });
  document.addEventListener("pointerdown", () => app.audio?.resume()); // browsers let a page sound after a click
  for (const id of ["felt", "hand"]) $(id).addEventListener("pointerdown", hurry); // a won trick's pause, cut short
  $("last-trick-button").addEventListener("click", toggleLastTrick);
  $("last-deal-button").addEventListener("click", showLastDeal);
  $("summary-close").addEventListener("click", closeSummary);
  $("table-rules").addEventListener("toggle", renderTableRules);
  // The summary is not modal (the table stays live beside it), so Escape is taken here, as in a dialog.
  document.addEventListener("keydown", (event) => {
    if ($("summary").open) keepInSummary(event);
    else if (event.key === "Escape") closePanels();
  });
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-input").value.trim();
    if (text && sendChat(text)) $("chat-input").value = "";
  });
  for (const node of document.querySelectorAll("[data-phrase]")) node.addEventListener("click", () => sendChat(t(node.dataset.phrase)));
  connect();
}

/** The hint: in a guided deal its explanation's advice (when it comes), else the server's (the expert's search). */
function askHint() {
  const advice = learnHint();
  if (advice) showHint(advice);
  else if (app.learn) hintWhenExplained();
  else if (hintAsked()) send({ type: "hint", lang: language() }); // (one card allowed: said at once, not asked)
}

const copyInvite = () => copyField("invite-link", $("copy-done"), "");

async function main() {
  // A phone turned or a window resized: the seats are placed again for the felt's new size.
  let resizing = null;
  const placeAgain = () => app.table && app.view && !$("play").hidden && (renderSeats(), renderTrick());
  window.addEventListener("resize", () => (clearTimeout(resizing), (resizing = setTimeout(placeAgain, 100))));
  // Every text comes from the server's catalog: nothing is drawn before it is here (or kept from a last visit).
  try {
    await loadCatalog(detectLanguage());
  } catch (failure) {
    $("main").textContent = `${failure.message}: reload the page when the server is back.`;
    return;
  }
  applyTexts();
  trackInputModality();
  loadBots().catch((failure) => showNotice(failure.message));
  $("lang-switch").addEventListener("click", switchLanguage);
  // Any code is asked for (the server answers "no such table" for one that cannot be), never taken for the lobby.
  const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  if (match) showTable(decodeURIComponent(match[1]));
  else showLobby();
}

main();
