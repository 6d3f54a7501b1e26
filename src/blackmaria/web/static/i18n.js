// Every text the web client shows, in English and German. Card names follow the terminal game's:
// "queen of spades" / "Pik-Dame", ranks A K Q J / A K D B.

const STRINGS = {
  en: {
    app_title: "Black Maria",
    lang_switch: "Deutsch",
    lang_switch_label: "Auf Deutsch umschalten",
    // lobby
    lobby_heading: "Start a table",
    lobby_intro: "Choose the rules, invite a friend with a link, let the computer fill the other seats.",
    preset: "Rules",
    players: "Players",
    game_end: "Game ends",
    end_preset: "as the rules say",
    end_deals: "after a number of deals",
    end_target: "when someone reaches a score",
    end_value: "Deals or score",
    moon: "Shooting the moon",
    moon_off: "off",
    "moon_add-to-others": "everyone else adds the points",
    "moon_subtract-from-shooter": "the shooter subtracts the points",
    timer: "Turn timer in seconds (empty: none)",
    bots: "Computer players",
    bot_level: "Their level",
    level_random: "random",
    level_easy: "easy",
    level_medium: "medium",
    level_hard: "hard",
    level_expert: "expert",
    your_name: "Your name",
    create: "Create the table",
    creating: "Creating the table…",
    rules_in_words: "The rules in words",
    join_heading: "Join a table",
    join_code: "Invite code or link",
    join_go: "Open the table",
    // seating
    invite_heading: "Invite",
    invite_text: "Send this link to the people you want to play with:",
    invite_link: "Invite link",
    copy: "Copy the link",
    copied: "Copied.",
    seats_heading: "Seats",
    seat_empty: "empty",
    sit_here: "Sit here",
    sit_here_label: "Sit in seat {n}",
    you_suffix: "(you)",
    fill_bots: "Fill empty seats with computer players",
    start: "Start the game",
    start_wait: "Every seat must be taken before the game starts.",
    waiting_start: "Waiting for the game to start.",
    not_found: "There is no table with this code.",
    back_lobby: "Back to the start page",
    spectating: "You are watching this table.",
    // table
    table_label: "The table",
    trick_label: "The current trick",
    hand_label: "Your hand",
    seat_label: "{name}: {points} this deal, {tricks}, total {total}",
    bot_name: "Computer {n} ({level})",
    bot_short: "Comp. {n}",
    dealer: "dealer",
    away: "away",
    offline: "offline",
    turn_mark: "to play",
    deal_n: "Deal {n}",
    your_turn: "Your turn.",
    your_turn_lead: "Your turn: you lead.",
    turn_of: "{name} to play.",
    plays: "{name} plays {card}.",
    you_play: "You play {card}.",
    wins_trick: "{name} wins the trick.",
    wins_trick_points: "{name} wins the trick: {points}.",
    you_win_trick: "You win the trick.",
    you_win_trick_points: "You win the trick: {points}.",
    playable: "playable",
    not_playable: "not playable now",
    selected: "selected to pass",
    received_mark: "received",
    hinted_mark: "suggested",
    pass_prompt: "Choose {count} cards to pass {direction}, to {name}.",
    pass_button: "Pass {count} cards",
    pass_button_left: "Pass {count} cards: choose {left} more",
    passed_wait: "Cards passed. Waiting for the others.",
    no_pass: "No passing this deal.",
    received_from: "From {name} you received {cards}.",
    direction_left: "to the left",
    direction_right: "to the right",
    direction_across: "across",
    direction_hold: "no pass",
    hint: "Hint",
    hint_text: "Hint: {cards}. {reason}.",
    refused: "Not allowed: {reason}",
    points_one: "{n} point",
    points_many: "{n} points",
    tricks_one: "{n} trick",
    tricks_many: "{n} tricks",
    hearts_broken: "Hearts are broken.",
    connecting: "Connecting…",
    reconnecting: "Connection lost. Reconnecting…",
    // score sheet and summaries
    sheet: "Score sheet",
    sheet_deal: "Deal",
    sheet_total: "Total",
    sheet_empty: "No deal has been scored yet.",
    summary_heading: "Deal {n} is over",
    summary_points: "{points}",
    summary_row: "{name}: {tricks}, {points}",
    moon_shot: "{name} shot the moon!",
    kitty_went: "The kitty held {cards} and went to {name}.",
    continue: "Continue",
    game_over: "Game over",
    winner_one: "Winner: {names}.",
    winner_many: "Winners: {names}.",
    new_game: "Play another game",
    total_of: "{name}: {total}",
    // the verifiable shuffle
    shuffle_heading: "Fair shuffle",
    shuffle_committed: "Deal {n}: the deck was fixed before play. Its SHA-256:",
    shuffle_ok: "Deal {n} checked: the revealed deck matches its SHA-256 and deals exactly your hand.",
    shuffle_bad_hash: "Deal {n}: the revealed deck does NOT match the SHA-256 published before play.",
    shuffle_bad_hand: "Deal {n}: the revealed deck does NOT deal the hand you were given.",
    // chat
    chat: "Chat",
    chat_input: "Message",
    chat_send: "Send",
    chat_phrases: "Quick messages",
    phrase_hi: "Hello!",
    phrase_gl: "Good luck!",
    phrase_wp: "Well played!",
    phrase_oops: "Oops!",
    phrase_thanks: "Thanks!",
    phrase_gg: "Good game!",
    // refusals, by the engine's rule id
    "rule_not-in-hand": "you do not hold {card}.",
    "rule_not-your-turn": "it is not your turn.",
    "rule_not-your-turn-name": "it is {name}'s turn.",
    "rule_wrong-phase": "that is not possible now.",
    "rule_follow-suit": "you must follow {suit}.",
    "rule_hearts-not-broken": "hearts are not broken yet: lead another suit.",
    "rule_first-lead": "the first trick must be opened with {card}.",
    "rule_first-lead-any": "the first trick must be opened with the lowest club.",
    "rule_no-points-on-first-trick": "no points on the first trick: play a card that scores nothing.",
    "rule_pass-count": "choose exactly {count} different cards to pass.",
    "rule_pass-forbidden": "{card} may not be passed.",
    "rule_already-passed": "you have already passed.",
    rule_unknown: "the game refuses this.",
    // protocol error codes
    "error_bad-json": "The client sent something that is not JSON.",
    "error_bad-message": "The client sent a message the server does not understand.",
    "error_unknown-type": "The client sent a message the server does not know.",
    "error_too-large": "That message is too long.",
    "error_rate-limit": "Too many actions at once; please slow down.",
    "error_protocol-version": "This page is out of date: reload it.",
    "error_hello-first": "The connection was not set up in time; reconnecting.",
    "error_bad-token": "Your seat token is not valid here any more; you are watching.",
    "error_no-table": "There is no table with this code.",
    error_elsewhere: "Another server serves this table; try again in a moment.",
    error_spectator: "Spectators may watch and nothing else.",
    "error_not-started": "The game has not started.",
    "error_no-decision": "You have nothing to decide right now.",
    "error_bad-card": "That is not a card.",
    "error_bad-text": "That text is empty, too long, or holds invisible characters.",
    error_http_403: "Only players at this table may do that.",
    error_http_404: "There is no table with this code.",
    error_http_409: "Not possible now: the seat is taken, or the game is in play.",
    error_http_422: "The server did not accept these settings: {detail}",
    error_http_other: "The server answered with an error ({status}).",
    error_network: "The server cannot be reached.",
  },
  de: {
    app_title: "Black Maria",
    lang_switch: "English",
    lang_switch_label: "Switch to English",
    lobby_heading: "Einen Tisch eröffnen",
    lobby_intro: "Regeln wählen, Mitspieler per Link einladen, die übrigen Plätze besetzt der Computer.",
    preset: "Regeln",
    players: "Spieler",
    game_end: "Spielende",
    end_preset: "wie die Regeln es sagen",
    end_deals: "nach einer Anzahl Spiele",
    end_target: "wenn jemand einen Punktestand erreicht",
    end_value: "Spiele oder Punkte",
    moon: "Den Mond schießen",
    moon_off: "aus",
    "moon_add-to-others": "alle anderen bekommen die Punkte",
    "moon_subtract-from-shooter": "der Schütze zieht die Punkte ab",
    timer: "Zeit pro Zug in Sekunden (leer: keine)",
    bots: "Computerspieler",
    bot_level: "Ihre Stärke",
    level_random: "zufällig",
    level_easy: "leicht",
    level_medium: "mittel",
    level_hard: "schwer",
    level_expert: "Profi",
    your_name: "Dein Name",
    create: "Tisch eröffnen",
    creating: "Der Tisch wird eröffnet …",
    rules_in_words: "Die Regeln in Worten",
    join_heading: "An einen Tisch setzen",
    join_code: "Einladungscode oder Link",
    join_go: "Tisch öffnen",
    invite_heading: "Einladen",
    invite_text: "Schick diesen Link an deine Mitspieler:",
    invite_link: "Einladungslink",
    copy: "Link kopieren",
    copied: "Kopiert.",
    seats_heading: "Plätze",
    seat_empty: "frei",
    sit_here: "Hier hinsetzen",
    sit_here_label: "Auf Platz {n} setzen",
    you_suffix: "(du)",
    fill_bots: "Freie Plätze mit Computerspielern besetzen",
    start: "Spiel beginnen",
    start_wait: "Erst wenn alle Plätze besetzt sind, kann das Spiel beginnen.",
    waiting_start: "Warte auf den Spielbeginn.",
    not_found: "Es gibt keinen Tisch mit diesem Code.",
    back_lobby: "Zurück zur Startseite",
    spectating: "Du schaust an diesem Tisch zu.",
    table_label: "Der Tisch",
    trick_label: "Der laufende Stich",
    hand_label: "Deine Karten",
    seat_label: "{name}: {points} in diesem Spiel, {tricks}, Stand {total}",
    bot_name: "Computer {n} ({level})",
    bot_short: "Comp. {n}",
    dealer: "Geber",
    away: "abwesend",
    offline: "getrennt",
    turn_mark: "am Zug",
    deal_n: "Spiel {n}",
    your_turn: "Du bist am Zug.",
    your_turn_lead: "Du bist am Zug: du spielst aus.",
    turn_of: "{name} ist am Zug.",
    plays: "{name} spielt {card}.",
    you_play: "Du spielst {card}.",
    wins_trick: "{name} macht den Stich.",
    wins_trick_points: "{name} macht den Stich: {points}.",
    you_win_trick: "Du machst den Stich.",
    you_win_trick_points: "Du machst den Stich: {points}.",
    playable: "spielbar",
    not_playable: "jetzt nicht spielbar",
    selected: "zum Weitergeben gewählt",
    received_mark: "bekommen",
    hinted_mark: "empfohlen",
    pass_prompt: "Wähle {count} Karten, die du {direction} an {name} weitergibst.",
    pass_button: "{count} Karten weitergeben",
    pass_button_left: "{count} Karten weitergeben: noch {left} wählen",
    passed_wait: "Karten weitergegeben. Warte auf die anderen.",
    no_pass: "In diesem Spiel wird nicht weitergegeben.",
    received_from: "Von {name} hast du {cards} bekommen.",
    direction_left: "nach links",
    direction_right: "nach rechts",
    direction_across: "nach gegenüber",
    direction_hold: "keine Weitergabe",
    hint: "Tipp",
    hint_text: "Tipp: {cards}. {reason}.",
    refused: "Nicht erlaubt: {reason}",
    points_one: "{n} Punkt",
    points_many: "{n} Punkte",
    tricks_one: "{n} Stich",
    tricks_many: "{n} Stiche",
    hearts_broken: "Herz ist gebrochen.",
    connecting: "Verbinde …",
    reconnecting: "Verbindung verloren. Verbinde neu …",
    sheet: "Punkteliste",
    sheet_deal: "Spiel",
    sheet_total: "Summe",
    sheet_empty: "Noch kein Spiel gewertet.",
    summary_heading: "Spiel {n} ist vorbei",
    summary_points: "{points}",
    summary_row: "{name}: {tricks}, {points}",
    moon_shot: "{name} hat alle Strafkarten und schießt den Mond!",
    kitty_went: "Im Skat lagen {cards}; er ging an {name}.",
    continue: "Weiter",
    game_over: "Spielende",
    winner_one: "Gewonnen hat: {names}.",
    winner_many: "Gewonnen haben: {names}.",
    new_game: "Noch eine Partie",
    total_of: "{name}: {total}",
    shuffle_heading: "Faires Mischen",
    shuffle_committed: "Spiel {n}: das Blatt lag vor dem Spiel fest. Sein SHA-256:",
    shuffle_ok: "Spiel {n} geprüft: das aufgedeckte Blatt passt zu seinem SHA-256 und ergibt genau deine Karten.",
    shuffle_bad_hash: "Spiel {n}: das aufgedeckte Blatt passt NICHT zum vorher veröffentlichten SHA-256.",
    shuffle_bad_hand: "Spiel {n}: das aufgedeckte Blatt ergibt NICHT die Karten, die du bekommen hast.",
    chat: "Unterhaltung",
    chat_input: "Nachricht",
    chat_send: "Senden",
    chat_phrases: "Schnelle Nachrichten",
    phrase_hi: "Hallo!",
    phrase_gl: "Viel Glück!",
    phrase_wp: "Gut gespielt!",
    phrase_oops: "Hoppla!",
    phrase_thanks: "Danke!",
    phrase_gg: "Schöne Partie!",
    "rule_not-in-hand": "du hast {card} nicht.",
    "rule_not-your-turn": "du bist nicht am Zug.",
    "rule_not-your-turn-name": "{name} ist am Zug.",
    "rule_wrong-phase": "das geht gerade nicht.",
    "rule_follow-suit": "du musst {suit} bedienen.",
    "rule_hearts-not-broken": "Herz ist noch nicht gebrochen: spiel eine andere Farbe aus.",
    "rule_first-lead": "der erste Stich muss mit {card} eröffnet werden.",
    "rule_first-lead-any": "der erste Stich muss mit dem niedrigsten Kreuz eröffnet werden.",
    "rule_no-points-on-first-trick": "im ersten Stich keine Punkte: leg eine Karte ohne Punkte.",
    "rule_pass-count": "wähle genau {count} verschiedene Karten zum Weitergeben.",
    "rule_pass-forbidden": "{card} darf nicht weitergegeben werden.",
    "rule_already-passed": "du hast schon weitergegeben.",
    rule_unknown: "das lässt das Spiel nicht zu.",
    "error_bad-json": "Die Seite hat etwas gesendet, das kein JSON ist.",
    "error_bad-message": "Die Seite hat eine Nachricht gesendet, die der Server nicht versteht.",
    "error_unknown-type": "Die Seite hat eine Nachricht gesendet, die der Server nicht kennt.",
    "error_too-large": "Diese Nachricht ist zu lang.",
    "error_rate-limit": "Zu viele Aktionen auf einmal; bitte langsamer.",
    "error_protocol-version": "Diese Seite ist veraltet: bitte neu laden.",
    "error_hello-first": "Die Verbindung kam nicht rechtzeitig zustande; verbinde neu.",
    "error_bad-token": "Dein Platz-Schlüssel gilt hier nicht mehr; du schaust zu.",
    "error_no-table": "Es gibt keinen Tisch mit diesem Code.",
    error_elsewhere: "Ein anderer Server bedient diesen Tisch; versuch es gleich noch einmal.",
    error_spectator: "Zuschauer dürfen nur zuschauen.",
    "error_not-started": "Das Spiel hat noch nicht begonnen.",
    "error_no-decision": "Du hast gerade nichts zu entscheiden.",
    "error_bad-card": "Das ist keine Karte.",
    "error_bad-text": "Der Text ist leer, zu lang oder enthält unsichtbare Zeichen.",
    error_http_403: "Das dürfen nur Spieler dieses Tisches.",
    error_http_404: "Es gibt keinen Tisch mit diesem Code.",
    error_http_409: "Gerade nicht möglich: der Platz ist besetzt oder das Spiel läuft.",
    error_http_422: "Der Server hat diese Einstellungen nicht angenommen.",
    error_http_other: "Der Server meldet einen Fehler ({status}).",
    error_network: "Der Server ist nicht erreichbar.",
  },
};

const RANKS_EN = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
const RANKS_DE = ["Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame", "König", "Ass"];
const SHORT_EN = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SHORT_DE = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"];
const SUITS_EN = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SUITS_DE = { C: "Kreuz", D: "Karo", H: "Herz", S: "Pik" };
export const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const RANK_CHARS = "23456789TJQKA";

export const LANGUAGES = ["en", "de"];
let current = "en";

/** The language: ?lang=, else the last choice, else the browser's. */
export function detectLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const saved = localStorage.getItem("blackmaria:lang");
  if (LANGUAGES.includes(saved)) return saved;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return browser.toLowerCase().startsWith("de") ? "de" : "en";
}

export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : "en";
  document.documentElement.lang = current;
}

export function language() {
  return current;
}

/** The text of ``key`` with ``{name}`` placeholders filled in. */
export function t(key, values = {}) {
  const table = STRINGS[current];
  const text = key in table ? table[key] : STRINGS.en[key];
  if (text === undefined) throw new Error(`no text for ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

/** ``count`` with its noun in singular or plural: ``points`` or ``tricks``. */
export function plural(noun, count) {
  return t(Math.abs(count) === 1 ? `${noun}_one` : `${noun}_many`, { n: count });
}

export function rankIndex(card) {
  return RANK_CHARS.indexOf(card[0]);
}

/** ``Q♠`` / ``D♠``: the short face of a card in this language. */
export function cardShort(card) {
  const ranks = current === "de" ? SHORT_DE : SHORT_EN;
  return ranks[rankIndex(card)] + SUIT_SYMBOLS[card[1]];
}

export function rankShort(card) {
  return (current === "de" ? SHORT_DE : SHORT_EN)[rankIndex(card)];
}

/** ``queen of spades`` / ``Pik-Dame``: the name a screen reader says. */
export function cardName(card) {
  if (current === "de") return `${SUITS_DE[card[1]]}-${RANKS_DE[rankIndex(card)]}`;
  return `${RANKS_EN[rankIndex(card)]} of ${SUITS_EN[card[1]]}`;
}

export function suitName(suit) {
  return (current === "de" ? SUITS_DE : SUITS_EN)[suit];
}

/** Every English text and every German text (the tests check that a German page shows none of the English ones). */
export function allTexts(lang) {
  return { ...STRINGS[lang] };
}
