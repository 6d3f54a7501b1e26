// The seating page before a game: the invite link, the seats (take one, free one, give one to a computer player),
// filling the rest with computer players and the start.
import { $, api, app, authToken, el, seatName, showNotice, store } from "./state.js";
import { reconnect, send } from "./connection.js";
import { t } from "./i18n.js";

export function renderSeating() {
  const table = app.table;
  const link = `${location.origin}/t/${table.code}`;
  $("invite-link").value = link;
  // The same link seats a player in a terminal (docs/server.md, "In a terminal"); once every seat is taken, it lets
  // them watch (a play-test read "--name NAME" at a full table).
  const open = table.seats.some((seat) => seat.kind === "empty");
  const command = open ? `blackmaria join ${link} --name NAME` : `blackmaria join ${link} --watch`;
  $("invite-terminal").replaceChildren(t(open ? "invite_terminal" : "invite_terminal_watch"), " ", el("code", { text: command }));
  // Before the first game, while the host is here, the seats and the start are theirs (a play-test's guest started
  // the game before the host was ready); with the host away, any seated player may.
  const hostDecides = Boolean(table.host_here) && !app.isHost && table.status === "open";
  const list = $("seat-list");
  list.replaceChildren(
    ...table.seats.map((seat) => {
      const item = el("li", { class: `seat-row ${seat.kind}` });
      const name = seat.kind === "empty" ? t("seat_empty") : seatName(seat.seat);
      item.append(el("span", { class: "seat-no", text: `${seat.seat + 1}.` }), el("span", { class: "seat-name", text: name }));
      if (seat.seat === app.seat) item.append(el("span", { class: "you", text: ` ${t("you_suffix")}` }));
      if (seat.kind === "empty" && app.seat === null) {
        // The name heard starts with the words seen, so that voice control finds the button by them.
        const button = el("button", { type: "button", text: t("sit_here"), "aria-label": t("sit_here_label", { n: seat.seat + 1 }) });
        button.addEventListener("click", () => takeSeat(seat.seat));
        item.append(button);
      }
      // Seat changes: any seated player may free a computer's seat for a friend or give an empty seat to a computer,
      // but while the host (who created the table) is here they are the host's; only the host may remove a player.
      if (app.seat !== null && seat.seat !== app.seat && (seat.kind !== "human" || app.isHost) && !hostDecides) {
        if (seat.kind !== "empty") item.append(seatButton(seat.seat, "empty", t(seat.kind === "bot" ? "free_seat" : "remove_player"), name));
        // A person's seat offers Remove alone (a play-test took "Computer player" beside a friend's name for a mistake).
        if (seat.kind === "empty") item.append(seatButton(seat.seat, "bot", t("bot_seat"), t("seat_n", { n: seat.seat + 1 })));
      }
      if (app.isHost && seat.seat !== app.seat && seat.kind === "human" && !seat.connected) item.append(newLinkButton(seat.seat));
      return item;
    }),
  );
  const empty = table.seats.filter((seat) => seat.kind === "empty").length;
  // A friend who came by the link takes a seat first: the name and the seats before the link to pass on (a play-test
  // read the link and "Copy the link" first); the host's page is about the link.
  const passOn = [document.querySelector("#seating .invite"), $("invite-terminal")];
  if (app.seat === null && empty > 0) $("seat-list").after(...passOn);
  else $("invite-text").after(...passOn);
  const mayManage = Boolean(authToken());
  $("join-box").hidden = app.seat !== null || empty === 0;
  if (!$("join-name").value) $("join-name").value = store.name();
  $("manage").hidden = !mayManage || hostDecides || empty === 0;
  $("start").hidden = !mayManage || hostDecides;
  $("start").disabled = empty > 0;
  const host = table.host_seat === null || table.host_seat === undefined ? null : seatName(table.host_seat);
  // Every seat taken, a guest waits for the start alone (not told the host "seats the computer players", a play-test).
  const seated = empty === 0 ? "_full" : "";
  const waitingForHost = host === null ? t(`waiting_host${seated}_start`) : t(`waiting_host_named${seated}_start`, { name: host });
  $("seating-note").textContent = hostDecides ? waitingForHost : empty > 0 ? t("start_wait") : mayManage ? "" : t("waiting_start");
  // A guest is not told to send the link on: told what they may do, and why when there is no seat for them.
  // A host whose table is full is not told to invite players: the link now lets others watch.
  // Every seat taken (alone against computer players, say): the page is about starting, not inviting.
  // A visitor at a full table is not told "ready to play": there is no seat for them.
  // A friend who opened the link is not told to "Invite" (the host's heading, a play-test): to sit, or who is awaited.
  const openHeading = app.isHost ? "invite_heading" : app.seat === null ? "guest_join_heading" : "guest_waiting_heading";
  $("seating-heading").textContent = t(empty > 0 ? openHeading : app.seat === null ? "guest_full_heading" : "seating_full_heading");
  // Alone with computer players, the start is the player's own ("wenn ihr bereit seid" to one, a play-test).
  const alone = table.seats.filter((seat) => seat.kind === "human").length === 1;
  // A seated guest while the host is here does not start the game: not told to (a play-test), the note says who does.
  const full = hostDecides ? "invite_full_guest" : alone ? "invite_full_alone" : "invite_full";
  $("invite-text").textContent = mayManage ? t(empty > 0 ? "invite_text" : full) : empty > 0 ? t("guest_text") : t("guest_full");
}

export function seatButton(seat, to, text, name) {
  const button = el("button", { type: "button", class: "quiet-button", text, "aria-label": `${text}: ${name}`, "data-seat-change": to });
  button.addEventListener("click", () => send({ type: "seat", seat, to, level: $("fill-level").value || "medium" }));
  return button;
}

/** The host's button for a new link to the seat of a player who is not at the table (who lost theirs): the server
 * answers the host's page alone with it (``showNewLink``) and tells the table. */
export function newLinkButton(seat) {
  const text = t("new_link");
  const button = el("button", { type: "button", class: "quiet-button", text, "aria-label": t("new_link_label", { name: seatName(seat) }), "data-new-link": String(seat) });
  button.addEventListener("click", () => send({ type: "seat", seat, to: "link" }));
  return button;
}

async function takeSeat(seat) {
  const name = $("join-name").value.trim();
  $("seating-error").textContent = "";
  // What is wrong with the name is said under its field (a play-test's phone showed it below the seats and the link)
  $("join-error").textContent = "";
  if (!name) {
    $("join-error").textContent = `${t("your_name")}?`;
    $("join-name").focus();
    return;
  }
  // Two players of one name make the seats, the chat and the score sheet ambiguous (a play-test sat a second Anna).
  const same = app.table.seats.find((other) => other.kind !== "empty" && seatName(other.seat).toLocaleLowerCase() === name.toLocaleLowerCase());
  if (same) {
    $("join-error").textContent = t("web_name_taken", { name: seatName(same.seat) });
    $("join-name").focus();
    return;
  }
  app.joining = true; // the table's news of this very seat may come before the answer: not "Ben sat down" to Ben
  try {
    const taken = await api("POST", `/api/tables/${app.code}/seats`, { name, seat });
    store.saveSeat(app.code, taken.seat, taken.token);
    store.saveName(name);
    app.token = taken.token;
    app.table = taken.table;
    reconnect();
  } catch (failure) {
    $("seating-error").textContent = failure.message;
  }
  app.joining = false;
}

export async function fillBots() {
  try {
    await api("POST", `/api/tables/${app.code}/bots`, { level: $("fill-level").value }, authToken());
  } catch (failure) {
    $("seating-error").textContent = failure.message;
  }
}

export async function startGame() {
  // One start at a time: a double click sent two, and the second's refusal ("the game is in play") read as a failure
  // under a game that had started (a play-test).
  if (app.starting) return;
  app.starting = true;
  try {
    // The table's own message over the WebSocket follows and is what the page draws (the HTTP answer is a summary).
    // After a game a seat asks for another (it starts when every player has): its own token, not the host's.
    await api("POST", `/api/tables/${app.code}/start`, undefined, app.token || authToken());
    // Started: a second click of the same double click may come after the answer, before the table's message hides
    // the button.
    setTimeout(() => { app.starting = false; }, 2000);
  } catch (failure) {
    app.starting = false;
    showNotice(failure.message);
    $("seating-error").textContent = failure.message;
  }
}
