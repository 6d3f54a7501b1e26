// The page's texts come from the server's catalog (GET /api/catalog/{lang}, docs/web.md): the same catalog the
// terminal reads (src/blackmaria/locale/catalog/*.json), so the page keeps no copy. The last catalog fetched is kept in
// localStorage, so a page opened without the network still speaks. Card names are the catalog's too, as the terminal
// says them: "queen of spades" / "Pik-Dame", ranks A K Q J / A K D B.

export const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const RANK_CHARS = "23456789TJQKA";
/** The engine's suit numbers (clubs 0 ... spades 3) as the letters of card names. */
export const SUIT_LETTERS = ["C", "D", "H", "S"];
/** Where the choice of language is kept: one choice for the table page and the scorekeeper. */
const LANGUAGE_KEY = "blackmaria:lang";

export const LANGUAGES = ["en", "de"];
let current = "en";

/** The language: ?lang=, else the last choice, else the browser's. A ?lang= link counts as a choice: a table
    made in a lobby opened by ``/?lang=de`` opens in German too. */
export function detectLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) {
    saveLanguage(asked);
    return asked;
  }
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return browser.toLowerCase().startsWith("de") ? "de" : "en";
}

export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  document.documentElement.lang = current;
}

/** Keep ``lang`` as the choice the next visit (and the other page) opens in. */
export function saveLanguage(lang) {
  localStorage.setItem(LANGUAGE_KEY, lang);
}

export function language() {
  return current;
}

let catalog = {};
// Keys asked for that the catalog lacks (the tests check that none is): the page shows the key itself meanwhile.
const missing = new Set();
window.blackmariaMissingTexts = missing;

/** Fetch the catalog of ``lang`` (revalidated by its ETag against the copy kept in storage) and use it. */
export async function loadCatalog(lang) {
  const storeKey = `blackmaria:catalog:${lang}`;
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(storeKey) || "null");
  } catch {
    kept = null;
  }
  try {
    const headers = kept && kept.etag ? { "If-None-Match": kept.etag } : {};
    const answer = await fetch(`/api/catalog/${lang}`, { headers });
    if (answer.status === 304 && kept) catalog = kept.texts;
    else if (answer.ok) {
      catalog = await answer.json();
      localStorage.setItem(storeKey, JSON.stringify({ etag: answer.headers.get("ETag"), texts: catalog }));
    } else if (kept) catalog = kept.texts;
    else throw new Error(`the server sent no texts for ${lang} (${answer.status})`);
  } catch (failure) {
    if (!kept) throw failure;
    catalog = kept.texts; // offline: the texts kept from the last visit
  }
  setLanguage(lang);
}

/** Whether the catalog has a text for ``key`` (for keys made from data: a rule code, a bot program's name). */
export function has(key) {
  return key in catalog;
}

/** The text of ``key`` with ``{name}`` placeholders filled in. */
export function t(key, values = {}) {
  const text = catalog[key];
  if (text === undefined) {
    missing.add(key);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** ``West, North and East`` (``und`` in German), as the terminal's ``names_list``. */
export function namesList(given) {
  // The player's own "You" inside the sentence is "you" ("Fewest points: Anna and you"), as the terminal says it.
  const names = given.map((name) => (name === t("you") ? t("you_mid") : name));
  return names.length < 2 ? names.join("") : names.slice(0, -1).join(", ") + t("list_and") + names.at(-1);
}

/** ``count`` with its noun in singular or plural: ``points`` or ``tricks``. */
export function plural(noun, count) {
  return t(Math.abs(count) === 1 ? `${noun}_one` : `${noun}_many`, { n: count });
}

export function rankIndex(card) {
  return RANK_CHARS.indexOf(card[0]);
}

/** ``Q♠`` / ``D♠``: the short face of a card in this language (the catalog's card names are the terminal's). */
export function cardShort(card) {
  return t(`card_short_${card}`);
}

/** The rank as the card's corner shows it: ``Q`` / ``D``, ``10``. */
export function rankShort(card) {
  return cardShort(card).slice(0, -1);
}

/** ``queen of spades`` / ``Pik-Dame``: the name a screen reader says. */
export function cardName(card) {
  return t(`card_${card}`);
}

/** ``clubs`` / ``Kreuz`` for a suit letter (``C``). */
export function suitName(suit) {
  return t(`suit_${suit}`);
}

/** ``clubs`` / ``Kreuz`` for the engine's suit number (0). */
export const suitNumberName = (number) => suitName(SUIT_LETTERS[number]);

export const upperFirst = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** One decimal as Python writes it, so the page shows the server's and the terminal's numbers: an exact tie goes to
 * the even digit, 13.25 to 13.2, where toFixed writes 13.3 (a learner read "as many as 8♥", a tie by the server's
 * numbers, beside 13,2 and 13,3). Only a quarter is an exact tie at one decimal; x.75 goes up in both. */
function oneDecimal(value) {
  const quarters = Math.abs(value || 0) * 4;
  return (Number.isInteger(quarters) && quarters % 4 === 1 ? value - Math.sign(value) * 0.01 : value || 0).toFixed(1);
}

/** How much more ``other`` costs than ``cost`` as the two are shown, to one decimal (locale.shown_difference). */
export function shownDifference(cost, other) {
  return Number(oneDecimal(other)) - Number(oneDecimal(cost));
}

/** A mean number of points with one decimal, written as this language writes decimals. */
export function decimal(value) {
  const text = oneDecimal(value);
  return language() === "de" ? text.replace(".", ",") : text;
}
