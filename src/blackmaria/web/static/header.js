// The page's header and tab: the table's title with its length and deal, the tab's title with the turn, and the
// turn's sound.
import { $, api, app, el, mustPass, mustPlay, presetTitle, store } from "./state.js";
import { language, plural, t } from "./i18n.js";

/** The table's title in the header: before the first deal its players and length, then the deal ("Deal 1 of 2"). */
export function renderTableTitle() {
  const table = app.table;
  // Before the first deal the count of players too (a play-test read "Black Maria  Black Maria" beside the brand).
  const dealt = app.view && app.view.deal >= 0;
  // How long the game runs, before it starts and with each deal (a play-test's guest could not tell): "Deal 1 of 2".
  const { deal_count: deals, target_score: target } = table.rules;
  const length = [...(target ? [t("title_target", { target })] : []), ...(deals ? [plural("title_deals", deals)] : [])].join(t("r_end_or"));
  const seated = t("web_table_title", { rules: presetTitle(table.rules.preset), players: table.players });
  const title = dealt ? presetTitle(table.rules.preset) : t("title_with_length", { title: seated, length });
  const titled = app.learn ? `${title} · ${t("learn_badge")}` : title;
  // (a tie's sudden death plays on past the deals: "Deal 2", not "Deal 2 of 1")
  // While a deal's summary is open, that deal (a play-test read "Deal 1 is over" under "Deal 2": the next had begun).
  const summary = $("summary");
  const number = summary.open && summary.dataset.deal ? Number(summary.dataset.deal) : dealt ? app.view.deal : 0;
  const deal = dealt && (deals && number < deals ? t("deal_of", { number: number + 1, count: deals }) : t("deal_n", { n: number + 1 }));
  $("table-title").textContent = dealt ? `${titled} · ${deal}` : titled;
}

/** The tab's title: "your turn" first when this seat must act, so a tab in the background says so; never the table's code. */
export function renderTitle() {
  const view = app.view;
  const mine = mustPlay(view) || mustPass(view);
  const title = app.table ? presetTitle(app.table.rules.preset) : "";
  const game = title && title !== t("app_title") ? `${title} · ` : ""; // not "Black Maria · Black Maria"
  document.title = `${mine ? `${t("title_your_turn")} · ` : ""}${game}${t("app_title")}`;
  if (mine && !app.myTurnShown) signalTurn();
  app.myTurnShown = mine;
  const sound = $("sound-button");
  sound.textContent = t(store.sound() ? "web_sound_on" : "web_sound_off");
  sound.setAttribute("aria-pressed", String(store.sound()));
}

/** A short tone when this seat's turn begins, if the player switched the sound on (counted on the body for tests). */
function signalTurn() {
  if (!store.sound()) return;
  if (!app.audio) app.audio = new AudioContext();  // after a reload: it sounds once the player has clicked (app.js)
  const tone = app.audio.createOscillator();
  const volume = app.audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.12, app.audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, app.audio.currentTime + 0.25);
  tone.connect(volume).connect(app.audio.destination);
  tone.start();
  tone.stop(app.audio.currentTime + 0.25);
  document.body.dataset.turnSignals = String(Number(document.body.dataset.turnSignals || 0) + 1);
}

export function toggleSound() {
  store.saveSound(!store.sound());
  if (store.sound() && !app.audio) app.audio = new AudioContext();
  renderTitle();
}

/** The table's rules in words, as the lobby says them, in their panel beside the score sheet: asked of
 * the server when opened (a play-test found no way to read the rules once at the table; the terminal has F7). */
export async function renderTableRules() {
  const panel = $("table-rules");
  if (!panel.open || !app.table) return;
  const asked = `${app.code}:${language()}`;
  if (app.rulesAsked === asked) return;
  app.rulesAsked = asked;
  try {
    const answer = await api("POST", "/api/rules/facts", { rules: app.table.rules, lang: language() });
    if (app.rulesAsked === asked) $("table-rules-list").replaceChildren(...answer.describe.map((line) => el("li", { text: line })));
  } catch {
    app.rulesAsked = null; // asked again when opened again
  }
}
