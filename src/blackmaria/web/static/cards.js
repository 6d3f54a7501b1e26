// Cards drawn with HTML and CSS: rank and suit symbol in two corners, a large symbol or a framed face letter in the middle.
import { SUIT_SYMBOLS, cardName, cardShort, rankShort, rankIndex } from "./i18n.js";

// Hand order alternates colours: spades, hearts, clubs, diamonds; high to low in each suit.
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };

export function sortHand(cards) {
  return [...cards].sort((a, b) => SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]] || rankIndex(b) - rankIndex(a));
}

export function isRed(card) {
  return card[1] === "H" || card[1] === "D";
}

function span(className, text) {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = text;
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** Fill ``node`` with the face of ``card`` (the accessible name is set by the caller). */
export function drawFace(node, card) {
  node.classList.add("card", isRed(card) ? "red" : "black");
  node.dataset.card = card;
  const rank = rankShort(card);
  const symbol = SUIT_SYMBOLS[card[1]];
  const corner = span("corner top", "");
  corner.append(span("rank", rank), span("suit", symbol));
  const bottom = span("corner bottom", "");
  bottom.append(span("rank", rank), span("suit", symbol));
  const face = rankIndex(card) >= rankIndex("J");
  const middle = span(face ? "middle face" : "middle", face ? rank : symbol);
  if (face) middle.append(span("face-suit", symbol));
  node.append(corner, middle, bottom);
  return node;
}

/** A card lying on the table: an image with its name. */
export function tableCard(card, label) {
  const node = document.createElement("div");
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", label || cardName(card));
  return drawFace(node, card);
}

/** A card in the hand: a button. */
export function handCard(card) {
  const node = document.createElement("button");
  node.type = "button";
  return drawFace(node, card);
}

/** The back of a card (another seat's hand). */
export function cardBack() {
  const node = document.createElement("span");
  node.className = "card back";
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** ``K♠ Q♠ 3♥``: cards in hand order, as short faces. */
export const shortCards = (cards) => sortHand(cards).map(cardShort).join(" ");

/** A small card lying on the table (the last trick, a count, an explanation). */
export function miniCard(card, label) {
  const node = tableCard(card, label || cardName(card));
  node.classList.add("mini");
  return node;
}

export function miniCards(cards, className = "") {
  const group = document.createElement("span");
  group.className = `mini-cards ${className}`.trim();
  group.append(...sortHand(cards).map((card) => miniCard(card)));
  return group;
}
