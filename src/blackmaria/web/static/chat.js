// The table's chat: its lines (a spectator's marked as a watcher's, a quick phrase in the reader's language), a line
// sent (one watching sends a name of their own with it), and a friend's line peeking under the hand on a phone.
import { $, app, el, REDUCED, seatName, showNotice, store } from "./state.js";
import { send } from "./connection.js";
import { has, t } from "./i18n.js";

/** Who said a line of the chat, and what, in the reader's language where it is a quick phrase (the server names it:
 * ``phrase``), whatever the writer's. */
export function chatWords(line) {
  // A spectator's line (seat null) is marked as a watcher's: never taken for a player's.
  let who = line.seat === null || line.seat === undefined ? t("chat_watching", { name: line.name }) : app.table && app.table.seats[line.seat] ? seatName(line.seat) : line.name;
  if (line.seat === app.seat && app.seat !== null) who = `${who} ${t("you_suffix")}`; // (a play-test looked for its own lines)
  return { who, text: line.phrase && has(line.phrase) ? t(line.phrase) : line.text };
}

export function renderChat() {
  const log = $("chat-log");
  log.replaceChildren(
    ...app.chat.slice(-50).map((line) => {
      const { who, text } = chatWords(line);
      return el("li", {}, el("b", { text: `${who}: ` }), el("span", { text }));
    }),
  );
  log.scrollTop = log.scrollHeight;
  // One watching chats under a name of their own, asked beside the line (friends waiting for the next game could only
  // read); a seat's lines carry its seat's name.
  // One invited to take a seat has a name field there already: the chat takes that one (a play-test saw two).
  const watching = app.seat === null;
  $("chat-name").hidden = !watching || !$("join-box").hidden;
  $("chat-name").placeholder = t("your_name");
  if (watching && !$("chat-name").value) $("chat-name").value = store.name();
}

/** The field a watcher's chat name is read from: the seat's name field while that is offered, else the chat's own. */
const nameField = () => ($("join-box").hidden ? $("chat-name") : $("join-name"));

/** Send a chat line: a spectator's under the name in its field (kept for the next time). False when it could not go. */
export function sendChat(text) {
  if (app.seat !== null) {
    send({ type: "chat", text });
    return true;
  }
  const field = nameField();
  const name = field.value.trim();
  const taken = app.table && app.table.seats.find((seat) => seat.kind !== "empty" && seatName(seat.seat).toLocaleLowerCase() === name.toLocaleLowerCase());
  if (!name || taken) {
    // While the seats fill the name asked is the seat's, above (not "beside the line": there is none there).
    const first = () => ($("join-box").hidden ? t("web_chat_name_first") : t("web_chat_name_above", { field: t("your_name") }));
    showNotice(() => (taken ? t("web_name_taken", { name: seatName(taken.seat) }) : first()));
    field.focus();
    return false;
  }
  store.saveName(name);
  send({ type: "chat", text, name });
  return true;
}

/** A line from another player while the chat is out of sight (on a phone it is far below the hand): shown under the
 * hand for a few seconds, a click away from the chat (a play-test's phone player missed a friend's question). */
export function peekChat(line) {
  const chat = $("chat-panel").getBoundingClientRect();
  if (line.seat === app.seat || $("play").hidden || (chat.top < innerHeight && chat.bottom > 0)) return;
  const { who, text } = chatWords(line);
  const peek = $("chat-peek");
  peek.textContent = `${t("chat")} · ${who}: ${text}`; // (words: an emoji showed as a box without its font)
  peek.hidden = false;
  clearTimeout(app.peekTimer);
  app.peekTimer = setTimeout(() => (peek.hidden = true), 10000);
}

export function openChat() {
  $("chat-peek").hidden = true;
  $("chat-panel").scrollIntoView({ behavior: REDUCED ? "auto" : "smooth", block: "center" });
  $("chat-input").focus({ preventScroll: true });
}
