/* The tabletop scorekeeper in the browser: the checks of src/blackmaria/scorekeeper.py over the rules facts the
   server works out (POST /api/rules/facts: card values, cards in play, penalty and moon cards, totals, pass schedule),
   with the sheet and the facts of each rule set used kept in localStorage and the page kept by the service worker
   (/sw.js) for offline use. The page keeps no rules of its own: only the reading of what a player types.

   The checking functions (scoringFacts, fromCards, fromPoints, verdict) are pure and exposed as window.BlackMariaScore
   with factsFor, so the browser tests compare them case by case with the Python ScoreSheet. */
import { cardShort, detectLanguage, loadCatalog, namesList, plural, RANK_CHARS as RANKS, saveLanguage, setLanguage, SUIT_LETTERS, t } from "./i18n.js";

const FORMAT = "blackmaria-scoresheet/1";
const SUIT_INPUT = { C: 0, D: 1, H: 2, S: 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3 };
const RANK_ALIASES = { 10: "T", D: "Q", B: "J" }; // German Dame and Bube, as cards.parse_card
// German letters, suit then rank (PD, KAK, H10) or rank then suit (DP), as locale.parse_german_card: K alone is no suit.
const GERMAN_SUITS = [["KR", 0], ["KA", 1], ["H", 2], ["P", 3]];
const GERMAN_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "A"];
const HEARTS = 2;
// Hx3 is three hearts of any rank; H alone is one (as a player counts a trick's hearts: QS H H H).
const COUNT = /^h(?:\s*[x×*]\s*(\d+))?$/i;
const WHOLE = /^-?\d+$/;
const NOTHING_TAKEN = ["-", "–", "—"]; // typed for a player who took no scoring card, as the sheet shows them (scorekeeper.NOTHING_TAKEN)
const STORE_SHEET = "blackmaria.scoresheet";
const STORE_EARLIER = "blackmaria.scoresheets.earlier"; // the sheets set aside by New sheet, the most recent first
const STORE_PRESETS = "blackmaria.presets.";
const STORE_FACTS = "blackmaria.facts.";
const STORE_DRAFTS = "blackmaria.score.drafts"; // the half-typed entry, kept as the sheet is (a closed browser lost it)
const STORE_WORDS = "blackmaria.words."; // the rules in words, by language and rule data
const OWNER_LETTERS = 3; // a tapped card's taker: this many letters of the name, more where two names begin alike

(function () {
  /** A refused entry: the catalog key of its reason and the values the sentence names. */
  class ScoreError extends Error {
    constructor(key, values) {
      super(`${key} ${JSON.stringify(values || {})}`);
      this.key = key;
      this.values = values || {};
    }
    text() {
      return t(this.key, this.values);
    }
  }

  /** The server refused a rule set; its sentence names the option (it is the server's, in English). */
  class RulesRefused extends Error {}

  // ---- cards (cards.py) ---------------------------------------------------------------
  function cardName(card) {
    return RANKS[card >> 2] + SUIT_LETTERS[card & 3];
  }

  /** ``K♠``, the queen ``Q♠`` (German ``D♠``): the catalog's short card name. */
  function cardSymbol(card) {
    return cardShort(cardName(card));
  }

  /** The card of ``text`` (QS, 10h, Q♠, German D♠ or PD), or null. */
  function parseCard(text) {
    const cleaned = String(text).trim().toUpperCase();
    if (cleaned.length < 2) return null;
    const suitText = cleaned.slice(-1);
    const rankText = RANK_ALIASES[cleaned.slice(0, -1)] || cleaned.slice(0, -1);
    if (suitText in SUIT_INPUT && rankText.length === 1 && RANKS.includes(rankText)) return RANKS.indexOf(rankText) * 4 + SUIT_INPUT[suitText];
    for (const [letters, suit] of GERMAN_SUITS) {
      if (cleaned.startsWith(letters) && GERMAN_RANKS.includes(cleaned.slice(letters.length))) return GERMAN_RANKS.indexOf(cleaned.slice(letters.length)) * 4 + suit;
      if (cleaned.endsWith(letters) && GERMAN_RANKS.includes(cleaned.slice(0, -letters.length))) return GERMAN_RANKS.indexOf(cleaned.slice(0, -letters.length)) * 4 + suit;
    }
    return null;
  }

  // ---- the rule set's facts, from the server (Rules.facts), kept for offline use --------------------
  /** The same text for the same rule data, whatever the order of its keys: the key the facts are kept under. */
  function canonical(value) {
    if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
    if (value && typeof value === "object") return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
    return JSON.stringify(value);
  }

  /** ``{rules, facts}`` for rule data (a preset's name with options, or Rules.to_dict): the server's answer, kept in
      localStorage under the data asked and under the full rules it answered, so that a sheet reopens offline. */
  async function factsFor(data) {
    const asked = STORE_FACTS + canonical(data);
    let answer;
    try {
      answer = await fetch("/api/rules/facts", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules: data }) });
    } catch (error) {
      const kept = localStorage.getItem(asked);
      if (kept) return JSON.parse(kept);
      throw new ScoreError("web_no_rules", {});
    }
    const body = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new RulesRefused(typeof body.detail === "string" ? body.detail : `HTTP ${answer.status}`);
    const text = JSON.stringify(body);
    localStorage.setItem(asked, text);
    localStorage.setItem(STORE_FACTS + canonical(body.rules), text);
    return body;
  }

  /** What scoring reads of the facts, with cards as numbers and sets for lookups. */
  function scoringFacts(rules, facts) {
    const values = new Array(52).fill(0);
    for (const [name, value] of Object.entries(facts.values)) values[parseCard(name)] = value;
    const cards = (names) => names.map(parseCard);
    const inPlay = cards(facts.in_play);
    const penalty = cards(facts.penalty_cards);
    return {
      rules, players: facts.players, values, inPlay, inPlaySet: new Set(inPlay), penalty, penaltySet: new Set(penalty),
      moon: facts.moon, moonCards: cards(facts.moon_cards), moonTotal: facts.moon_total, dealTotal: facts.deal_total, schedule: facts.schedule,
    };
  }

  // ---- entries (scorekeeper.py) ------------------------------------------------------------
  /** Each player's penalty cards, like ["Hx3 AS", "Hx8", "Hx2 KS QS"]: scored as the rules core scores a played deal. */
  function fromCards(facts, texts, names) {
    const n = facts.players;
    if (texts.length !== n) throw new ScoreError("ske_cards_count", { players: n, given: texts.length });
    const taken = Array.from({ length: n }, () => new Set());
    const counts = new Array(n).fill(0);
    let heartNamed = null; // "H3": the card 3♥, where a player may have meant three hearts
    const owner = (card) => taken.some((set) => set.has(card));
    texts.forEach((text, seat) => {
      for (const token of text.replace(/,/g, " ").split(/\s+/).filter(Boolean)) {
        if (NOTHING_TAKEN.includes(token)) continue; // a player who took nothing
        const match = COUNT.exec(token);
        if (match) {
          counts[seat] += parseInt(match[1] || "1", 10);
          continue;
        }
        const card = parseCard(token);
        if (card === null) throw new ScoreError("ske_not_a_card", { name: names[seat], text: token });
        if (!facts.inPlaySet.has(card)) throw new ScoreError("ske_not_in_play", { name: names[seat], card: cardSymbol(card) });
        if ((card & 3) === HEARTS && /^h\d+$/i.test(token) && heartNamed === null) heartNamed = { text: token, card };
        // The two who took it named, the second's field marked (a player was not told who)
        const first = taken.findIndex((set) => set.has(card));
        if (first === seat) throw new ScoreError("ske_twice_one", { card: cardSymbol(card), name: names[seat] });
        if (first >= 0) throw new ScoreError("ske_twice", { card: cardSymbol(card), first: names[first], name: names[seat] });
        taken[seat].add(card);
      }
    });
    const counted = counts.reduce((a, b) => a + b, 0);
    if (counted) {
      const hearts = facts.inPlay.filter((card) => (card & 3) === HEARTS);
      if (new Set(hearts.map((card) => facts.values[card])).size > 1) throw new ScoreError("ske_hearts_differ", {});
      const free = hearts.filter((card) => !owner(card));
      if (counted > free.length) throw new ScoreError("ske_too_many_hearts", { count: counted, left: free.length });
      counts.forEach((count, seat) => {
        for (let i = 0; i < count; i++) taken[seat].add(free.shift());
      });
    }
    const missing = facts.inPlay.filter((card) => facts.values[card] !== 0 && !owner(card));
    if (missing.length) {
      // As the table shows cards (Q♠, German D♠), a hand's order; hearts entered as a count have no ranks: a count.
      const named = missing.filter((card) => !(counted && (card & 3) === HEARTS)).sort((a, b) => (b & 3) - (a & 3) || b - a);
      const parts = named.length ? [named.map(cardSymbol).join(" ")] : [];
      if (named.length < missing.length) parts.push(plural("heart_cards", missing.length - named.length));
      if (heartNamed) {
        const { text, card } = heartNamed;
        const count = parseInt(text.slice(1), 10);
        throw new ScoreError("ske_missing_heart_card", { cards: parts.join(", "), total: facts.dealTotal, text, card: cardSymbol(card), count });
      }
      throw new ScoreError("ske_missing", { cards: parts.join(", "), total: facts.dealTotal });
    }
    const cards = taken.map((set) => Array.from(set).sort((a, b) => a - b));
    const raw = cards.map((list) => list.reduce((total, card) => total + facts.values[card], 0));
    // core.score_deal: whoever took every moon card shot the moon.
    let shooter = null;
    if (facts.moon !== "off") cards.forEach((list, seat) => { if (facts.moonCards.every((card) => taken[seat].has(card))) shooter = seat; });
    const points = cards.map((list, seat) => {
      if (seat === shooter) {
        const own = list.filter((card) => !facts.penaltySet.has(card)).reduce((total, card) => total + facts.values[card], 0);
        return facts.moon === "subtract-from-shooter" ? own - facts.moonTotal : own;
      }
      return raw[seat] + (shooter !== null && facts.moon === "add-to-others" ? facts.moonTotal : 0);
    });
    return { points, raw, cards, moon: shooter };
  }

  /** scorekeeper.can_share: whether cards worth ``values`` can be shared out so that each player gets exactly their
      ``targets``, each card going whole to one player. */
  function canShare(values, targets) {
    const cards = values.slice().sort((a, b) => Math.abs(b) - Math.abs(a)); // the big cards first: most dead ends show at once
    // What the cards from i on can still give one player: at most all their positive values, at least all negative.
    const highs = new Array(cards.length + 1).fill(0);
    const lows = new Array(cards.length + 1).fill(0);
    for (let i = cards.length - 1; i >= 0; i--) {
      highs[i] = highs[i + 1] + Math.max(cards[i], 0);
      lows[i] = lows[i + 1] + Math.min(cards[i], 0);
    }
    const ascending = (list) => list.sort((a, b) => a - b);
    const known = new Map();
    // ``left``: what each player still needs, sorted (players are alike here, only their needs differ).
    const fits = (i, left) => {
      const key = `${i}:${left.join(",")}`;
      if (known.has(key)) return known.get(key);
      let answer;
      if (left.some((need) => need < lows[i] || need > highs[i])) answer = false;
      else if (i === cards.length) answer = true;
      else answer = left.some((need, j) => (j === 0 || need !== left[j - 1]) && fits(i + 1, ascending([...left.slice(0, j), need - cards[i], ...left.slice(j + 1)])));
      known.set(key, answer);
      return answer;
    };
    const sum = (list) => list.reduce((a, b) => a + b, 0);
    return sum(targets) === sum(values) && fits(0, ascending(targets.slice()));
  }

  /** Where the points read as a deal's result after a moon: the shooter and the points each took (scorekeeper.py's
      moon_result_taken). */
  function moonResultTaken(facts, points, negatives) {
    if (facts.moon === "off") return null;
    const moved = facts.moonTotal;
    for (let shooter = 0; shooter < points.length; shooter++) {
      const taken = points.map((p, seat) => (facts.moon === "add-to-others" ? (seat === shooter ? p + moved : p - moved) : seat === shooter ? p + 2 * moved : p));
      const shot = taken[shooter] === moved || taken[shooter] === moved + negatives;
      const others = taken.filter((_, seat) => seat !== shooter);
      if (shot && taken.reduce((a, b) => a + b, 0) === facts.dealTotal && others.every((value) => negatives <= value && value <= 0)) return { shooter, taken };
    }
    return null;
  }

  /** Each player's points as counted from their tricks, before any moon: checked against the deal's total. */
  function fromPoints(facts, raw, names, checkSplit = true) {
    const n = facts.players;
    if (raw.length !== n) throw new ScoreError("ske_points_count", { players: n, given: raw.length });
    const sum = raw.reduce((a, b) => a + b, 0);
    const negatives = facts.inPlay.filter((card) => facts.values[card] < 0).reduce((total, card) => total + facts.values[card], 0);
    if (sum !== facts.dealTotal) {
      const shot = moonResultTaken(facts, raw, negatives);
      // the moon's result typed, not the tricks' points (a play-test's "0 26 26 26")
      if (shot) throw new ScoreError("ske_total_moon", { sum, total: facts.dealTotal, name: names[shot.shooter], typed: shot.taken.join(" ") });
      throw new ScoreError("ske_total", { sum, total: facts.dealTotal });
    }
    // What one player's tricks can hold: from every negative card alone to every positive one (the moon's total).
    raw.forEach((value, seat) => {
      if (value < negatives || value > facts.moonTotal) throw new ScoreError("ske_points_range", { name: names[seat], value, low: negatives, high: facts.moonTotal });
    });
    const scoring = facts.inPlay.filter((card) => facts.values[card] !== 0).map((card) => facts.values[card]);
    if (checkSplit && !canShare(scoring, raw)) {
      // The sum and each count may be right and the deal still impossible (Hearts 12 12 2 0: whoever took the Q♠ has
      // 13 at least). The card named is the first in-play card of the largest value either way, as in Python.
      const top = facts.inPlay.slice().sort((a, b) => a - b).reduce((best, card) => (Math.abs(facts.values[card]) > Math.abs(facts.values[best]) ? card : best));
      const points = names.map((name, seat) => `${name} ${raw[seat]}`).join(", ");
      throw new ScoreError("ske_points_split", { points, card: cardSymbol(top), value: facts.values[top] });
    }
    let shooter = null;
    if (facts.moon !== "off") {
      // Whoever counted every positive point (with or without the negative cards) shot the moon.
      const candidates = raw.map((r, seat) => (r === facts.moonTotal || r === facts.moonTotal + negatives ? seat : -1)).filter((s) => s >= 0);
      if (candidates.length === 1) shooter = candidates[0];
    }
    let points = raw.slice();
    if (shooter !== null) {
      points[shooter] -= facts.moonTotal;
      if (facts.moon === "add-to-others") points = points.map((p, seat) => (seat === shooter ? p : p + facts.moonTotal));
      else points[shooter] -= facts.moonTotal;
    }
    return { points, raw: raw.slice(), cards: null, moon: shooter };
  }

  /** game.game_verdict: a target reached or the deals played; the lowest total wins; ties as the table chose. */
  function verdict(rules, totals, dealsPlayed) {
    if (!dealsPlayed) return { over: false, winners: [], suddenDeath: false, tied: [] };
    const ended = (rules.target_score !== null && Math.max(...totals) >= rules.target_score) || (rules.deal_count !== null && dealsPlayed >= rules.deal_count);
    if (!ended) return { over: false, winners: [], suddenDeath: false, tied: [] };
    const low = Math.min(...totals);
    const lowest = totals.map((t, seat) => (t === low ? seat : -1)).filter((s) => s >= 0);
    if (lowest.length > 1 && rules.ties === "sudden-death") return { over: false, winners: [], suddenDeath: true, tied: lowest };
    return { over: true, winners: lowest, suddenDeath: false, tied: [] };
  }

  // ---- the sheet: the same JSON as ScoreSheet.to_json ------------------------------------------
  class Sheet {
    /** A sheet under ``rules`` (Rules.to_dict) with their ``facts`` (Rules.facts, from factsFor). */
    constructor(rules, facts, players, firstDealer) {
      if (players.length !== rules.players) throw new ScoreError("ske_names_count", { given: players.length, players: rules.players });
      this.rules = rules;
      this.players = players.slice();
      this.firstDealer = ((firstDealer % rules.players) + rules.players) % rules.players;
      this.facts = scoringFacts(rules, facts);
      this.entries = [];
    }
    get totals() {
      return this.players.map((_, seat) => this.entries.reduce((total, entry) => total + entry.points[seat], 0));
    }
    dealer(index) {
      return (this.firstDealer + index) % this.rules.players;
    }
    direction(index) {
      return this.facts.schedule[index % this.facts.schedule.length];
    }
    verdict() {
      return verdict(this.rules, this.totals, this.entries.length);
    }
    entry(texts) {
      return fromEntryTexts(this, texts);
    }
    add(entry) {
      if (this.verdict().over) throw new ScoreError("ske_over", {});
      this.entries.push(entry);
      return entry;
    }
    /** The last deal taken off the sheet (the terminal's undo): it is returned, to be entered again. */
    takeBack() {
      if (!this.entries.length) throw new ScoreError("ske_undo_none", {});
      return this.entries.pop();
    }
    correct(number, entry) {
      const count = this.entries.length; // (as the terminal's sheet says it: "only deal 1", not "deals 1 to 1")
      if (!(number >= 1 && number <= count)) throw new ScoreError(`ske_no_deal${count === 0 ? "_none" : count === 1 ? "_one" : ""}`, { number, count });
      // ScoreSheet.correct: refused where the game would then have ended before the last deal entered.
      const entries = this.entries.map((each, index) => (index === number - 1 ? entry : each));
      let totals = this.players.map(() => 0);
      for (let played = 1; played < entries.length; played += 1) {
        totals = totals.map((total, seat) => total + entries[played - 1].points[seat]);
        if (verdict(this.rules, totals, played).over) {
          const last = entries.length;
          throw new ScoreError(last > played + 1 ? "ske_correct_ends" : "ske_correct_ends_one", { number, end: played, first: played + 1, last });
        }
      }
      this.entries = entries;
    }
    toData() {
      return {
        format: FORMAT,
        rules: this.rules,
        players: this.players,
        first_dealer: this.firstDealer,
        deals: this.entries.map((e) => (e.cards === null ? { points: e.raw } : { cards: e.cards.map((list) => list.map(cardName)) })),
      };
    }
    static async fromData(data) {
      if (!data || data.format !== FORMAT) throw new ScoreError("ske_not_sheet", { format: FORMAT });
      const { rules, facts } = await factsFor(data.rules);
      const sheet = new Sheet(rules, facts, data.players, data.first_dealer || 0);
      for (const deal of data.deals) {
        // A deal kept is read back as it was entered: a sheet saved before the split was checked still opens.
        sheet.entries.push("cards" in deal ? fromCards(sheet.facts, deal.cards.map((list) => list.join(" ")), sheet.players) : fromPoints(sheet.facts, deal.points, sheet.players, false));
      }
      return sheet;
    }
    /** The terminal's sheet_csv, in the page's words: Python's csv module, quoting only where needed, lines ending
        in CR LF; a moon column only under rules with a moon. */
    toCsv() {
      const separator = t("csv_separator");
      const field = (value) => {
        const text = String(value);
        return /["\r\n]/.test(text) || text.includes(separator) ? '"' + text.replace(/"/g, '""') + '"' : text;
      };
      const moons = this.facts.moon !== "off" ? 1 : 0;
      const rows = [[t("sheet_deal"), t("sk_col_dealer"), t("sk_col_pass"), ...this.players, ...Array(moons).fill(t("sk_col_moon"))]];
      this.entries.forEach((entry, index) => {
        const moon = entry.moon === null ? "" : this.players[entry.moon];
        rows.push([index + 1, this.players[this.dealer(index)], directionText(this.direction(index)), ...entry.points, ...Array(moons).fill(moon)]);
      });
      rows.push([t("sheet_total"), "", "", ...this.totals, ...Array(moons).fill("")]);
      return rows.map((row) => row.map(field).join(separator) + "\r\n").join("");
    }
  }

  /** One text per player: all whole numbers are points, otherwise cards (a lone 0 then means no cards). */
  function fromEntryTexts(sheet, texts) {
    // A comma at either end goes ("0," as a play-test typed it in each field, as the terminal reads "0, 20, 23").
    // A dash is a player who took nothing, as an empty field is (a play-test's "-" beside cards was "no card").
    const trimmed = texts
      .map((text) => text.trim().replace(/^,+|,+$/g, "").trim())
      .map((text) => (text.split(/[\s,]+/).every((token) => NOTHING_TAKEN.includes(token)) ? "" : text));
    // Nothing typed: said so, not "the points add up to 0" (a play-test).
    if (trimmed.every((text) => text === "")) throw new ScoreError("ske_empty", {});
    // Every player's points in one field ("10, 8, 25", as the terminal takes them): spread over the players.
    const numbers = trimmed.map((text) => text.split(/[\s,]+/).filter(Boolean));
    const several = numbers.findIndex((list) => list.length > 1 && list.every((token) => WHOLE.test(token)));
    if (several >= 0) {
      const others = trimmed.filter((text, seat) => seat !== several && text !== "");
      if (numbers[several].length === sheet.players.length && !others.length) {
        return fromPoints(sheet.facts, numbers[several].map((token) => parseInt(token, 10)), sheet.players);
      }
      throw new ScoreError("ske_several_numbers", { name: sheet.players[several], text: trimmed[several], players: sheet.players.length });
    }
    const numeric = trimmed.map((text) => WHOLE.test(text));
    const byCards = trimmed.some((text, seat) => text !== "" && !numeric[seat]);
    if (!byCards) {
      try {
        return fromPoints(sheet.facts, trimmed.map((text) => (text === "" ? 0 : parseInt(text, 10))), sheet.players);
      } catch (error) {
        // The fields left empty named where the sum is short (a play-test's blank field for Ben read "add up to 35").
        const empty = sheet.players.filter((_, seat) => trimmed[seat] === "");
        if (!(error instanceof ScoreError) || error.key !== "ske_total" || !empty.length) throw error;
        throw new ScoreError("ske_total_empty", { ...error.values, names: namesList(empty) });
      }
    }
    // A word that is no card is named first: "abc" beside points was refused as "points or cards, not both".
    trimmed.forEach((text, seat) => {
      if (numeric[seat]) return;
      const wrong = text.replace(/,/g, " ").split(/\s+/).find((token) => token && !COUNT.test(token) && parseCard(token) === null);
      if (wrong !== undefined) throw new ScoreError("ske_not_a_card", { name: sheet.players[seat], text: wrong });
    });
    if (trimmed.some((text, seat) => numeric[seat] && parseInt(text, 10) !== 0)) throw new ScoreError("ske_mixed", {});
    return fromCards(sheet.facts, trimmed.map((text, seat) => (numeric[seat] ? "" : text)), sheet.players);
  }

  window.BlackMariaScore = { FORMAT, ScoreError, Sheet, factsFor, scoringFacts, fromCards, fromPoints, canShare, verdict, parseCard, cardName };

  // ---- the page ----------------------------------------------------------------------------
  const page = document.getElementById("score-app");
  if (!page) return;

  // bases: the server's answer (rules and facts) for each preset, count and kitty the form has shown, by key; every
  // answer is kept under its own key, so one that comes late never stands for the choice made since.
  const state = { lang: detectLanguage(), presets: null, sheet: null, editing: null, waiting: null, tapSeat: 0, drafts: [], bases: {}, asked: new Set(), words: new Map() };
  const $ = (id) => document.getElementById(id);

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  function labelled(id, text, control) {
    return element("div", { class: "field" }, [element("label", { for: id, text }), control]);
  }

  function select(id, options, chosen) {
    return element(
      "select",
      { id },
      options.map(([value, text]) => element("option", { value, text, selected: String(value) === String(chosen) })),
    );
  }

  // ---- rules data: the server, else what this browser kept -------------------------------------
  async function loadPresets() {
    for (const lang of [state.lang, state.lang === "en" ? "de" : "en"]) {
      try {
        const response = await fetch("/api/presets?lang=" + lang);
        if (response.ok) {
          const presets = await response.json();
          localStorage.setItem(STORE_PRESETS + lang, JSON.stringify(presets));
        }
      } catch (error) {
        // offline: the copy kept below (and the service worker's) is used
      }
    }
    const kept = localStorage.getItem(STORE_PRESETS + state.lang) || localStorage.getItem(STORE_PRESETS + (state.lang === "en" ? "de" : "en"));
    state.presets = kept ? JSON.parse(kept) : null;
  }

  function saveSheet() {
    if (state.sheet) localStorage.setItem(STORE_SHEET, JSON.stringify(state.sheet.toData()));
    else localStorage.removeItem(STORE_SHEET);
  }

  async function restoreSheet() {
    const kept = localStorage.getItem(STORE_SHEET);
    if (!kept) return;
    try {
      state.sheet = await Sheet.fromData(JSON.parse(kept));
    } catch (error) {
      // Said, not dropped in silence: a deal entered before a check was added is refused now (Hearts 12 12 2 0).
      // It goes among the earlier sheets, so that the next sheet started is not saved over it.
      state.sheet = null;
      state.keptRefused = error;
      try {
        setAside(JSON.parse(kept));
      } catch { /* not JSON at all: nothing of it could be shown again */ }
      localStorage.removeItem(STORE_SHEET);
      return;
    }
    // A reload keeps what was being typed (a play-test lost a half-typed deal): for the same sheet, as long as it was.
    // One draft for each player from the start: a sheet reopened in a new tab began with none, and a draft typed in
    // the first fields only was dropped at the next reload as too short (a play-test). Kept in localStorage, as the
    // sheet: a phone's browser closed at the table lost the half-typed deal from sessionStorage (a play-test).
    state.drafts = state.sheet.players.map(() => "");
    const drafts = JSON.parse(localStorage.getItem(STORE_DRAFTS) || "null");
    const same = drafts && drafts.deals === state.sheet.entries.length && JSON.stringify(drafts.players) === JSON.stringify(state.sheet.players);
    if (same && Array.isArray(drafts.drafts) && drafts.drafts.length <= state.sheet.players.length) {
      state.drafts = state.sheet.players.map((_, seat) => drafts.drafts[seat] || "");
      state.editing = drafts.editing;
    }
  }

  // ---- earlier sheets: New sheet sets the sheet aside, never deletes it (as the terminal keeps every sheet) --------
  function earlierSheets() {
    try {
      const list = JSON.parse(localStorage.getItem(STORE_EARLIER) || "[]");
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }

  /** ``data`` (Sheet.toData) first among the earlier sheets, with when it was set aside and whether it was over. */
  function setAside(data, over = false) {
    const list = earlierSheets();
    list.unshift({ saved: Date.now(), over, data });
    localStorage.setItem(STORE_EARLIER, JSON.stringify(list));
  }

  /** One earlier sheet as the terminal's list says it: the game, the players, the deals entered (or over), when. */
  function earlierLine(kept) {
    const data = kept.data || {};
    const preset = state.presets && data.rules ? state.presets.find((p) => p.name === data.rules.preset) : null;
    const deals = Array.isArray(data.deals) ? data.deals.length : 0;
    const names = (data.players || []).join(", ");
    // In the browser's own way of writing dates where it speaks the page's language (en-GB: 5 Dec 2026, 21:14).
    const locale = (navigator.language || "").toLowerCase().startsWith(state.lang) ? navigator.language : state.lang;
    const when = new Date(kept.saved).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
    return { names, when, text: `${preset ? preset.title + ": " : ""}${names}; ${kept.over ? t("sk_list_over") : plural("sk_list_deals", deals)} · ${when}` };
  }

  function earlierView() {
    const list = earlierSheets();
    if (!list.length) return [];
    const rows = list.map((kept, index) => {
      const line = earlierLine(kept);
      return element("li", {}, [
        element("span", { class: "earlier-line", text: line.text }),
        element("span", { class: "earlier-actions" }, [
          element("button", { type: "button", text: t("web_earlier_open"), "aria-label": t("web_earlier_open_label", line), onclick: () => openEarlier(index) }),
          element("button", { type: "button", text: t("web_earlier_delete"), "aria-label": t("web_earlier_delete_label", line), onclick: () => deleteEarlier(index) }),
        ]),
      ]);
    });
    return [element("section", { id: "earlier", "aria-labelledby": "earlier-heading" }, [element("h2", { id: "earlier-heading", text: t("web_earlier") }), element("ul", {}, rows)])];
  }

  async function openEarlier(index) {
    const list = earlierSheets();
    const kept = list[index];
    if (!kept) return;
    try {
      state.sheet = await Sheet.fromData(kept.data);
    } catch (error) {
      state.notice = t("web_earlier_bad", { reason: (error instanceof ScoreError ? error.text() : error.message).replace(/\.$/, "") });
      render();
      return;
    }
    list.splice(index, 1);
    localStorage.setItem(STORE_EARLIER, JSON.stringify(list));
    state.keptRefused = null;
    state.notice = null;
    state.drafts = state.sheet.players.map(() => "");
    state.editing = null;
    saveSheet();
    render();
    showNext();
  }

  function deleteEarlier(index) {
    const list = earlierSheets();
    if (!list[index] || !window.confirm(t("web_confirm_delete", earlierLine(list[index])))) return;
    list.splice(index, 1);
    localStorage.setItem(STORE_EARLIER, JSON.stringify(list));
    state.notice = null;
    render();
  }

  /** The drafts, with the sheet's players and length they were typed at (a new sheet or deal draws the form anew,
      which keeps its own empty drafts here; another sheet of as many deals does not take them). */
  function keepDrafts() {
    if (!state.sheet) return;
    const kept = { players: state.sheet.players, deals: state.sheet.entries.length, drafts: state.drafts, editing: state.editing };
    localStorage.setItem(STORE_DRAFTS, JSON.stringify(kept));
  }

  function render() {
    document.documentElement.lang = state.lang;
    document.title = t("web_title") + " · blackmaria";
    $("heading").textContent = t("web_title");
    $("lang-label").textContent = t("web_language");
    $("lobby-link").textContent = t("web_play_online");
    $("lang").value = state.lang;
    $("offline").textContent = document.body.dataset.offline === "ready" ? t("web_offline_ready") : "";
    page.replaceChildren(state.sheet ? playView() : setupView());
    document.querySelectorAll(".table-wrap").forEach(showMoreSideways);
    keepDrafts();
  }

  /** The message line; ``heard`` is read out after it but not shown (what the page shows just below anyway). */
  function say(text, heard = "") {
    $("message").replaceChildren(text, ...(heard ? [" ", element("span", { class: "visually-hidden", text: heard })] : []));
  }

  function refuse(error) {
    const reason = error instanceof ScoreError ? error.text() : String(error.message || error);
    $("error").textContent = t("sk_refused", { reason });
    $("error").classList.remove("stale");
  }

  /** A refusal stays readable while the entry is mended, greyed as the answer to what was entered before (a
      play-test read the old "Not accepted" as said of its corrected entry). */
  function staleError() {
    const error = $("error");
    if (error && error.textContent) error.classList.add("stale");
  }

  // ---- setting up a sheet -----------------------------------------------------------------------
  function setupView() {
    if (!state.presets) return element("p", { class: "notice", role: "alert", text: t("web_no_rules") });
    const setup = state.setup || (state.setup = { preset: state.presets[0].name, players: state.presets[0].players, names: [] });
    const info = state.presets.find((p) => p.name === setup.preset) || state.presets[0];
    const counts = [];
    for (let n = info.min_players; n <= info.max_players; n++) counts.push([n, String(n)]);
    if (setup.players < info.min_players || setup.players > info.max_players) setup.players = info.players;
    const names = [];
    for (let seat = 0; seat < setup.players; seat++) {
      names.push(
        labelled("name-" + seat, t("web_name", { n: seat + 1 }), element("input", {
          id: "name-" + seat, type: "text", autocomplete: "off", value: setup.names[seat] || "", placeholder: t("web_default_name", { n: seat + 1 }),
          oninput: (event) => {
            setup.names[seat] = event.target.value;
            event.target.removeAttribute("aria-invalid");
            $("first-dealer").options[seat].textContent = event.target.value.trim() || t("web_default_name", { n: seat + 1 });
          },
        })),
      );
    }
    // The form starts from the server's rules for this preset and count (until they come, the preset's own). Cards
    // removed for this count could lie as a kitty instead: the kitty is offered, and asked for, only where the rules
    // without it remove some (a kitty ticked for Black Maria at 5 was sent with Hearts and refused).
    const plainKey = askBase({ preset: info.name, players: setup.players, kitty: false });
    const leftOver = plainKey in state.bases && state.bases[plainKey].facts.removed.length > 0;
    if (plainKey in state.bases && !leftOver) setup.kitty = false;
    const wanted = { preset: info.name, players: setup.players, kitty: Boolean(setup.kitty) && leftOver };
    const key = wanted.kitty ? askBase(wanted) : plainKey;
    const ready = key in state.bases;
    const base = ready ? state.bases[key].rules : info.rules;
    const presetSelect = select("preset", state.presets.map((p) => [p.name, p.title]), info.name);
    presetSelect.addEventListener("change", (event) => {
      setup.preset = event.target.value;
      setup.players = state.presets.find((p) => p.name === setup.preset).players;
      render();
    });
    const countSelect = select("player-count", counts, setup.players);
    countSelect.addEventListener("change", (event) => {
      setup.players = parseInt(event.target.value, 10);
      render();
    });
    const dealers = [];
    for (let seat = 0; seat < setup.players; seat++) dealers.push([seat, setup.names[seat] || t("web_default_name", { n: seat + 1 })]);
    if (!(setup.firstDealer < setup.players)) setup.firstDealer = 0;
    const dealerSelect = select("first-dealer", dealers, setup.firstDealer);
    dealerSelect.addEventListener("change", (event) => { setup.firstDealer = parseInt(event.target.value, 10); });
    // A house rule the player has set is not overwritten when the server's rules arrive (showBase).
    const touched = (event) => { event.target.dataset.touched = "yes"; };
    const form = element("form", { id: "setup", "data-key": key, "data-plain": plainKey, "aria-labelledby": "setup-heading", onsubmit: (event) => { event.preventDefault(); startSheet(setup, wanted); } }, [
      element("h2", { id: "setup-heading", text: t("web_setup") }),
      labelled("preset", t("web_rules"), presetSelect),
      labelled("player-count", t("web_players"), countSelect),
      element("fieldset", {}, [element("legend", { text: t("web_names") }), ...names]),
      labelled("first-dealer", t("web_first_dealer"), dealerSelect),
      element("details", { open: Boolean(setup.houseOpen), ontoggle: (event) => { setup.houseOpen = event.target.open; } }, [
        element("summary", { text: t("web_house_rules") }),
        labelled("moon", t("web_moon"), select("moon", ["off", "add-to-others", "subtract-from-shooter"].map((m) => [m, t("web_moon_" + m)]), base.moon)),
        labelled("target", t("web_target"), element("input", { id: "target", type: "number", inputmode: "numeric", min: 1, value: base.target_score ?? "", oninput: touched })),
        labelled("deal-count", t("web_deal_count"), element("input", { id: "deal-count", type: "number", inputmode: "numeric", min: 1, value: base.deal_count ?? "", oninput: touched })),
        labelled("ties", t("web_ties"), select("ties", ["share", "sudden-death"].map((m) => [m, t("web_ties_" + m)]), base.ties)),
        element("div", { id: "kitty-field", class: "field check", hidden: !leftOver }, [element("input", { id: "kitty", type: "checkbox", checked: wanted.kitty, onchange: (event) => { setup.kitty = event.target.checked; render(); } }), element("label", { for: "kitty", text: t("web_kitty") })]),
        labelled("options", t("web_more_options"), element("textarea", { id: "options", rows: 2, spellcheck: "false", text: setup.options || "", oninput: (event) => { setup.options = event.target.value; }, onchange: showWords })),
      ]),
      element("details", { open: Boolean(setup.wordsOpen), ontoggle: (event) => { setup.wordsOpen = event.target.open; } }, [element("summary", { text: t("web_rules_words") }), element("ul", { id: "rules-words" })]),
      element("p", { id: "error", class: "error", role: "alert" }),
      element("button", { type: "submit", id: "start", class: "primary", text: t("web_start"), disabled: !ready }),
    ]);
    // A button in the page's language opens the file chooser: the browser's own control says "Choose File / No file
    // chosen" in the browser's language (a play-test read English on the German page).
    const file = element("input", { id: "import", type: "file", accept: ".json,application/json", class: "visually-hidden", tabindex: "-1", "aria-hidden": "true", onchange: importSheet });
    const importer = element("div", { class: "actions" }, [
      element("button", { type: "button", id: "import-button", text: t("web_import"), onclick: () => file.click() }),
      file,
    ]);
    for (const id of ["moon", "ties"]) form.querySelector("#" + id).addEventListener("change", touched);
    // The rules in words say what the form says now: the count, the kitty, the moon, the end (they said the preset's
    // own rules whatever was chosen, a play-test).
    for (const id of ["moon", "ties"]) form.querySelector("#" + id).addEventListener("change", showWords);
    for (const id of ["target", "deal-count"]) form.querySelector("#" + id).addEventListener("input", () => { clearTimeout(state.wordsSoon); state.wordsSoon = setTimeout(showWords, 300); });
    setTimeout(showWords, 0);
    const refused = state.keptRefused;
    const keptNote = refused ? [element("p", { id: "kept-refused", class: "notice", role: "alert", text: t("web_kept_bad", { reason: (refused instanceof ScoreError ? refused.text() : refused.message).replace(/\.$/, "") }) })] : [];
    const notice = state.notice ? [element("p", { id: "notice", class: "notice", role: "status", text: state.notice })] : [];
    return element("div", {}, [...keptNote, ...notice, form, importer, ...earlierView()]);
  }

  /** The key in state.bases of the server's rules for ``wanted`` (preset, count, kitty), asked for once; every answer
      is kept under its own key, so one that comes late never stands for the choice made since. */
  function askBase(wanted) {
    const key = canonical(wanted);
    if (!(key in state.bases) && !state.asked.has(key)) {
      state.asked.add(key);
      factsFor(wanted).then((answer) => {
        state.bases[key] = answer;
        if (!state.sheet) baseArrived(key);
      }).catch((error) => {
        state.asked.delete(key); // asked again when the form is drawn next
        if (!state.sheet && $("error")) refuse(error);
      });
    }
    return key;
  }

  /** The server's rules for a preset and count have come: the form on screen shows them, or, where a kitty was ticked
      at another count and this one leaves cards over too, is drawn again to ask for the rules with the kitty. */
  function baseArrived(key) {
    const form = $("setup");
    if (!form || form.dataset.key !== key) return;
    if (form.dataset.plain === key && state.setup.kitty && state.bases[key].facts.removed.length > 0) render();
    else showBase(key);
  }

  /** The server's rules for the form on screen, filled in where they arrive: drawing the form again would take the
      names being typed and the focus from under the player's fingers. */
  function showBase(key) {
    const form = $("setup");
    if (!form || form.dataset.key !== key) return;
    const { rules, facts } = state.bases[key];
    for (const [id, option] of [["moon", "moon"], ["target", "target_score"], ["deal-count", "deal_count"], ["ties", "ties"]]) {
      if (!$(id).dataset.touched) $(id).value = rules[option] ?? "";
    }
    if (form.dataset.plain === key) {
      // Nothing is left over at this count: no kitty to tick (a kitty kept from another count was refused by the server).
      const leftOver = facts.removed.length > 0;
      if (!leftOver) state.setup.kitty = false;
      $("kitty").checked = Boolean(state.setup.kitty) && leftOver;
      $("kitty-field").hidden = !leftOver;
    }
    $("start").disabled = false;
    showWords();
  }

  /** The rules the form says: the preset, count and kitty asked for (``wanted``), with the house rules that differ
      from the server's rules for them and the JSON ones, as the server reads them. A ScoreError says what is wrong. */
  function formRules(wanted) {
    const data = { ...wanted };
    const base = state.bases[canonical(wanted)].rules;
    const options = {
      moon: $("moon").value,
      ties: $("ties").value,
      target_score: numberOption("target", "target_score"),
      deal_count: numberOption("deal-count", "deal_count"),
    };
    for (const [option, value] of Object.entries(options)) if (value !== base[option]) data[option] = value;
    const extra = $("options").value.trim();
    if (extra) {
      let parsed;
      try {
        parsed = JSON.parse(extra);
      } catch (error) {
        throw new ScoreError("web_opt_json", { error: error.message });
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new ScoreError("web_opt_json", { error: "{...}" });
      Object.assign(data, parsed);
    }
    return data;
  }

  /** The rules in words for what the form says now, as the server words them in the page's language, kept for
      offline use; an answer for a form changed since is dropped. Until the server's rules for the preset and count
      have come, the words are those of the preset and count alone. */
  async function showWords() {
    const form = $("setup");
    if (!form) return;
    const wanted = JSON.parse(form.dataset.key);
    let data = wanted;
    if (form.dataset.key in state.bases) {
      try {
        data = formRules(wanted);
      } catch (error) {
        return; // a number or JSON the form refuses (said at the start): the words wait until it is mended
      }
    }
    const asked = `${STORE_WORDS}${state.lang}.${canonical(data)}`;
    form.dataset.words = asked;
    if (!state.words.has(asked)) state.words.set(asked, wordsFor(data, asked)); // asked once, however often drawn
    let words = await state.words.get(asked);
    if (words === null) {
      state.words.delete(asked); // asked again when the server is back
      // Offline: the preset's own words where the form says its own rules, else a note that they need the server.
      const own = state.presets.find((p) => p.name === wanted.preset);
      words = own && canonical(data) === canonical({ preset: own.name, players: own.players, kitty: false }) ? own.describe : [t("web_rules_words_offline")];
    }
    if ($("setup") !== form || form.dataset.words !== asked) return;
    $("rules-words").replaceChildren(...words.map((line) => element("li", { text: line })));
  }

  /** The server's rules in words for rule data, kept under ``asked``; what it refuses, its reason; null offline. */
  async function wordsFor(data, asked) {
    try {
      const answer = await fetch("/api/rules/facts", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ rules: data, lang: state.lang }) });
      const body = await answer.json().catch(() => ({}));
      if (!answer.ok) return [t("web_bad_option", { reason: typeof body.detail === "string" ? body.detail : `HTTP ${answer.status}` })];
      localStorage.setItem(asked, JSON.stringify(body.describe));
      return body.describe;
    } catch (error) {
      return JSON.parse(localStorage.getItem(asked) || "null");
    }
  }

  function numberOption(id, option) {
    const text = $(id).value.trim();
    if (text === "") return null;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new ScoreError("web_opt_number", { option });
    return value;
  }

  /** The sheet under the chosen rules: the options that differ from the form's start and the JSON ones, as the server
      reads them (it checks them and answers their facts; offline, the rules of a sheet started before are kept). */
  async function startSheet(setup, wanted) {
    try {
      const names = [];
      for (let seat = 0; seat < setup.players; seat++) names.push((setup.names[seat] || "").trim() || t("web_default_name", { n: seat + 1 }));
      // Two columns of one name could not be told apart (a play-test's sheet had two "Anna"s): refused, its field marked.
      const folded = names.map((name) => name.toUpperCase().toLowerCase()); // as Python's casefold: Straße is STRASSE
      const twice = folded.findIndex((name, seat) => folded.indexOf(name) < seat);
      names.forEach((_, seat) => $("name-" + seat).setAttribute("aria-invalid", String(seat === twice)));
      if (twice >= 0) {
        $("error").textContent = t("web_names_twice", { name: names[twice] });
        $("name-" + twice).focus();
        return;
      }
      const { rules, facts } = await factsFor(formRules(wanted));
      state.sheet = new Sheet(rules, facts, names, parseInt($("first-dealer").value, 10));
      state.keptRefused = null;
      state.notice = null;
      state.drafts = names.map(() => "");
      state.editing = null;
      saveSheet();
      render();
      showNext(); // (the page stayed where the start's button was, the sheet above the screen: a play-test's phone)
    } catch (error) {
      if (error instanceof RulesRefused || (error instanceof ScoreError && error.key.startsWith("web_opt"))) {
        $("error").textContent = t("web_bad_option", { reason: error instanceof ScoreError ? error.text() : error.message });
      } else refuse(error);
    }
  }

  async function importSheet(event) {
    const file = event.target.files[0];
    if (!file) return;
    try {
      state.sheet = await Sheet.fromData(JSON.parse(await file.text()));
      state.keptRefused = null;
      state.notice = null;
      state.drafts = state.sheet.players.map(() => "");
      saveSheet();
      render();
    } catch (error) {
      const reason = error instanceof ScoreError ? error.text() : error.message;
      $("error").textContent = t("web_import_bad", { reason });
    }
  }

  // ---- keeping score ------------------------------------------------------------------------------
  function directionText(direction) {
    return t("direction_" + direction);
  }

  function playView() {
    const sheet = state.sheet;
    const verdictNow = sheet.verdict();
    const next = sheet.entries.length;
    const parts = [];
    if (verdictNow.over) {
      parts.push(element("p", { id: "end", class: "end", role: "status", text: t(verdictNow.winners.length > 1 ? "game_over_many" : "game_over", { names: namesList(verdictNow.winners.map((s) => sheet.players[s])) }) }));
    } else {
      if (verdictNow.suddenDeath) parts.push(element("p", { id: "end", class: "end", role: "status", text: t("sudden_death") }));
      const direction = sheet.direction(next);
      const count = sheet.rules.deal_count;
      const values = { number: next + 1, count, dealer: sheet.players[sheet.dealer(next)], direction: directionText(direction) };
      // "Deal 3 of 9" where the game has a number of deals: the table knows how far it is (a play-test asked).
      const key = (direction === "hold" ? "web_next_hold" : "web_next") + (count && next < count ? "_of" : ""); // (not "of 1" in sudden death)
      parts.push(element("p", { id: "next", class: "next", role: "status", text: t(key, values) }));
      // A game to a target says it: "Deal 2" alone never did, where "Deal 2 of 9" says a game's length (a play-test).
      const target = sheet.rules.target_score;
      const preset = state.presets && state.presets.find((p) => p.name === sheet.rules.preset);
      if (target) parts.push(element("p", { id: "game-end", class: "help", text: t("title_with_length", { title: preset ? preset.title : "", length: t("title_target", { target }) }).replace(/^, /, "") }));
    }
    parts.push(sheetTable(sheet));
    // What the last entry scored, under the totals it changed (below the form, a phone showed it off the screen).
    parts.push(element("p", { id: "message", class: "message", role: "status", "aria-live": "polite" }));
    if (!verdictNow.over || state.editing !== null) parts.push(entryForm(sheet));
    else parts.push(element("p", { id: "error", class: "error", role: "alert" }), element("div", { class: "actions" }, [takeBackButton(sheet)]));
    parts.push(
      element("div", { class: "actions" }, [
        element("button", { type: "button", id: "export-csv", text: t("web_export_csv"), onclick: () => download("scoresheet.csv", "\ufeff" + sheet.toCsv(), "text/csv") }),
        element("button", { type: "button", id: "export-json", text: t("web_export_json"), onclick: () => download("scoresheet.json", JSON.stringify(sheet.toData(), null, 1), "application/json") }),
        element("button", { type: "button", id: "new-sheet", text: t("web_new_sheet"), onclick: newSheet }),
      ]),
    );
    return element("div", {}, parts);
  }

  function sheetTable(sheet) {
    const head = element("tr", {}, [
      element("th", { scope: "col", text: t("web_col_deal") }),
      element("th", { scope: "col", class: "dealer", text: t("web_col_dealer") }),
      ...sheet.players.map((name) => element("th", { scope: "col", class: "num", text: name })),
    ]);
    const rows = sheet.entries.map((entry, index) => {
      const moonNote = entry.moon === null ? "" : t("mark_moon", { name: sheet.players[entry.moon] });
      // ✎ beside the deal's number, in the column that stays while the sheet scrolls sideways: after the last player
      // it was off a phone's screen with six (a play-test swiped to find it).
      const edit = element("button", { type: "button", class: "edit", "aria-label": t("web_edit", { number: index + 1 }), text: "✎", onclick: () => startEditing(index) });
      return element("tr", { class: state.editing === index ? "editing" : null }, [
        element("th", { scope: "row" }, [element("span", { class: "deal-number", text: String(index + 1) }), edit]),
        element("td", { class: "dealer" }, [sheet.players[sheet.dealer(index)], element("span", { class: "pass", text: " " + arrow(sheet.direction(index)) , title: directionText(sheet.direction(index)) })]),
        ...entry.points.map((points, seat) =>
          entry.moon === seat
            ? element("td", { class: "num moon", title: moonNote }, [String(points), element("span", { class: "mark", "aria-label": moonNote, text: "☾" })])
            : element("td", { class: "num", text: String(points) }),
        ),
      ]);
    });
    const totals = sheet.totals;
    const low = Math.min(...totals);
    const foot = element("tr", {}, [
      element("th", { scope: "row", text: t("web_total") }),
      element("td", { class: "dealer" }),
      ...totals.map((total, seat) => element("td", { id: "total-" + seat, class: "num total" + (sheet.entries.length && total === low ? " low" : ""), text: String(total) })),
    ]);
    // What the arrows beside the dealers mean (a play-test read "Anna →" and did not know; a title shows on no phone).
    const directions = [...new Set(sheet.entries.map((_, index) => sheet.direction(index)))];
    const legend = directions.map((direction) => `${arrow(direction)} ${directionText(direction)}`).join(" · ");
    // Six players on a phone do not fit: the sheet scrolls sideways under its Deal column, a shade and a line saying
    // there is more (a play-test's sheet was cut at a lone letter, with nothing to say it scrolled).
    const table = element("table", { id: "sheet", "aria-label": t("web_title"), "data-players": String(sheet.players.length) }, [element("thead", {}, [head]), element("tbody", {}, rows), element("tfoot", {}, [foot])]);
    return element("div", {}, [
      element("p", { id: "sheet-more", class: "help", hidden: true, text: t("web_sheet_more") }),
      element("div", { class: "sheet-frame" }, [element("div", { class: "table-wrap", onscroll: (event) => showMoreSideways(event.target) }, [table])]),
      ...(directions.length ? [element("p", { id: "pass-legend", class: "help", text: `${t("web_pass_legend")}: ${legend}` })] : []),
      // The moon's mark said in words too: its title shows on no phone (a play-test did not know the ☾).
      ...(sheet.entries.some((entry) => entry.moon !== null) ? [element("p", { id: "moon-legend", class: "help", text: `☾ ${t("web_moon_legend")}` })] : []),
    ]);
  }

  /** Where the sheet is wider than the screen: its frame marked for the shades at the edges with more, and the line. */
  function showMoreSideways(wrap) {
    const hidden = wrap.scrollWidth - wrap.clientWidth;
    wrap.parentElement.classList.toggle("more-right", wrap.scrollLeft < hidden - 1);
    wrap.parentElement.classList.toggle("more-left", wrap.scrollLeft > 1);
    $("sheet-more").hidden = hidden <= 1;
  }

  function arrow(direction) {
    // (no pass "–": a "·" read as a typo between the legend's " · " separators, a play-test)
    return { left: "←", right: "→", across: "↕", hold: "–" }[direction];
  }

  /** A player's cards of an entered deal as the field shows them to correct: the cards as the buttons show them, and,
      where every heart is worth the same, the hearts as a count ("Q♠ K♠ Hx2"): a deal entered as "Hx2" would
      otherwise come back as two hearts nobody named (a play-test read "2H 3H 4H QS"). */
  function draftOfCards(facts, list) {
    const hearts = facts.inPlay.filter((card) => (card & 3) === HEARTS);
    const counted = new Set(hearts.map((card) => facts.values[card])).size === 1;
    const mine = counted ? list.filter((card) => (card & 3) !== HEARTS) : list;
    const heartCount = list.length - mine.length;
    return [...mine.map(cardSymbol), ...(heartCount ? [`Hx${heartCount}`] : [])].join(" ");
  }

  /** The next deal's first field takes the typing, but the page shows the heading, the sheet, what was just scored
      (focused with a scroll, a phone showed only the empty form); at the end, the verdict and the first export. */
  function showNext() {
    const next = $("entry-0") || $("export-csv");
    if (next) next.focus({ preventScroll: true });
    ($("end") || $("next") || $("sheet")).scrollIntoView({ block: "start" });
  }

  function startEditing(index) {
    const entry = state.sheet.entries[index];
    // The next deal's fields, half typed or given back by "Take back", wait for the correction's end (a play-test's
    // deal taken back was wiped by a look at another one)
    if (state.editing === null) state.waiting = state.drafts;
    state.editing = index;
    state.drafts = draftsOf(entry);
    render();
    $("entry-0").focus();
  }

  /** The next deal's fields as they were before a correction began (empty where there were none). */
  function resumedDrafts(sheet) {
    const drafts = state.waiting && state.waiting.length === sheet.players.length ? state.waiting : sheet.players.map(() => "");
    state.waiting = null;
    return drafts;
  }

  function entryForm(sheet) {
    const number = state.editing === null ? sheet.entries.length + 1 : state.editing + 1;
    const inputs = sheet.players.map((name, seat) =>
      labelled("entry-" + seat, t("web_entry_label", { name }), element("input", {
        id: "entry-" + seat, type: "text", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", value: state.drafts[seat] || "",
        oninput: (event) => { state.drafts[seat] = event.target.value; refreshCards(); staleError(); },
        // The cards tapped go to the player whose field is in use (a play-test tapped into Ben's field, and its 16 cards
        // went to Anna, still chosen under "Tap cards for").
        onfocus: () => {
          if (state.tapSeat === seat) return;
          state.tapSeat = seat;
          const radio = document.querySelector(`input[name="tap-seat"][value="${seat}"]`);
          if (radio) radio.checked = true;
          refreshCards();
        },
      })),
    );
    const tapChoices = element("fieldset", { class: "tap-for" }, [
      element("legend", { text: t("web_tap_for") }),
      ...sheet.players.map((name, seat) =>
        element("label", { class: "chip" }, [
          element("input", { type: "radio", name: "tap-seat", value: seat, checked: seat === state.tapSeat, onchange: () => { state.tapSeat = seat; refreshCards(); } }),
          " " + name,
        ]),
      ),
    ]);
    const cards = sheet.facts.inPlay.filter((card) => sheet.facts.values[card] !== 0).sort((a, b) => (b & 3) - (a & 3) || b - a);
    const grid = element("div", { class: "cards", id: "cards" }, cards.map((card) =>
      element("button", { type: "button", class: "card suit-" + (card & 3), "data-card": cardName(card), onclick: () => tapCard(card) }),
    ));
    const form = element("form", { id: "entry", "aria-labelledby": "entry-heading", onsubmit: (event) => { event.preventDefault(); submitEntry(); } }, [
      element("h2", { id: "entry-heading", text: t(state.editing === null ? "web_enter_heading" : "web_correct_heading", { number }) }),
      element("p", { class: "help", text: t("web_entry_help") }),
      ...inputs,
      tapChoices,
      grid,
      element("p", { id: "error", class: "error", role: "alert" }),
      element("div", { class: "actions" }, [
        element("button", { type: "submit", id: "enter", class: "primary", text: t(state.editing === null ? "web_enter" : "web_save_correction") }),
        // Clear empties the next deal's fields; a correction has Cancel instead. (Clear in a correction was read both ways:
        // one play-test's kept correcting, and the next deal typed overwrote deal 3; when it left the correction,
        // another's "Correct deal 3" turned into "Enter deal 4" unasked.)
        state.editing === null ? element("button", { type: "button", id: "clear", text: t("web_clear"), onclick: () => { state.drafts = sheet.players.map(() => ""); render(); } }) : "",
        state.editing === null ? "" : element("button", { type: "button", id: "cancel", text: t("web_cancel"), onclick: () => { state.editing = null; state.drafts = resumedDrafts(sheet); render(); } }),
        state.editing === null ? takeBackButton(sheet) : "",
      ]),
    ]);
    setTimeout(refreshCards, 0);
    return form;
  }

  function tokens(text) {
    return text.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  }

  function holderOf(card) {
    return state.drafts.findIndex((text) => tokens(text || "").some((token) => parseCard(token) === card));
  }

  /** The hearts entered as a count ("Hx3"), by card: whose count each free heart stands for, given in the order the
      sheet records them (fromCards); the cards themselves do not matter, only that they are not shown as free. */
  function countedHearts() {
    const facts = state.sheet.facts;
    const free = facts.inPlay.filter((card) => (card & 3) === HEARTS && holderOf(card) < 0);
    const counted = new Map();
    state.drafts.forEach((text, seat) => {
      for (const token of tokens(text || "")) {
        const match = COUNT.exec(token);
        for (let i = match ? parseInt(match[1] || "1", 10) : 0; i > 0 && free.length; i--) counted.set(free.shift(), seat);
      }
    });
    return counted;
  }

  /** One heart fewer in ``seat``'s count (its tapped card moves elsewhere, or is taken back). */
  function uncount(seat) {
    const own = tokens(state.drafts[seat] || "");
    const count = own.reduce((sum, token) => sum + (COUNT.test(token) ? parseInt(COUNT.exec(token)[1] || "1", 10) : 0), 0);
    const rest = own.filter((token) => !COUNT.test(token));
    state.drafts[seat] = (count > 1 ? [`Hx${count - 1}`, ...rest] : rest).join(" ");
  }

  function tapCard(card) {
    const named = holderOf(card);
    const counted = named < 0 ? countedHearts().get(card) : undefined; // a heart shown for a count ("Hx3")
    const holder = named >= 0 ? named : counted ?? -1;
    if (named >= 0) state.drafts[named] = tokens(state.drafts[named]).filter((token) => parseCard(token) !== card).join(" ");
    else if (counted !== undefined) uncount(counted); // its count gives it up: taken back, or moved to another
    if (holder !== state.tapSeat) {
      const own = WHOLE.test((state.drafts[state.tapSeat] || "").trim()) ? [] : tokens(state.drafts[state.tapSeat] || "");
      state.drafts[state.tapSeat] = [...own, cardSymbol(card)].join(" "); // as the button shows it (German D♠)
    }
    state.sheet.players.forEach((_, seat) => { $("entry-" + seat).value = state.drafts[seat] || ""; });
    refreshCards();
    staleError(); // (a tap mends the entry as typing does: "missing 2♥" stood unchanged after 2♥ was tapped)
  }

  function refreshCards() {
    const sheet = state.sheet;
    keepDrafts();
    if (!sheet || !$("cards")) return;
    const owners = ownerLabels(sheet.players);
    const counted = countedHearts();
    for (const button of $("cards").children) {
      const card = parseCard(button.dataset.card);
      const named = holderOf(card);
      const holder = named >= 0 ? named : counted.get(card) ?? -1;
      const values = { card: cardSymbol(card), points: plural("points", sheet.facts.values[card]), name: holder >= 0 ? sheet.players[holder] : "" };
      const said = named >= 0 ? "web_card_taken" : holder >= 0 ? "web_card_counted" : "web_card_free";
      button.setAttribute("aria-label", t(said, values));
      button.setAttribute("aria-pressed", holder >= 0 ? "true" : "false");
      button.classList.toggle("counted", named < 0 && holder >= 0);
      const owner = holder >= 0 ? owners[holder] : "";
      button.replaceChildren(element("span", { class: "face", text: cardSymbol(card) }), element("span", { class: owner.length > 5 ? "owner long" : "owner", text: owner }));
    }
  }

  /** Each player's label on a tapped card: the first letters of the name, as many as tell it from every other name
      (Annika and Anna were both "Ann", Großmutter and Großvater both "Gro"). */
  function ownerLabels(names) {
    const letters = names.map((name) => Array.from(name));
    const start = (chars, count) => chars.slice(0, count).join("").toLocaleLowerCase();
    return letters.map((chars, seat) => {
      const alike = (count) => letters.some((other, o) => o !== seat && start(other, count) === start(chars, count));
      let count = OWNER_LETTERS;
      while (count < chars.length && alike(count)) count++;
      return chars.slice(0, count).join("");
    });
  }

  /** The last deal off the sheet, back in the fields to enter again, as the terminal's undo (a play-test found only
   * ✎, which can change a deal entered by mistake but never remove it); after the game's end too. */
  /** A deal's fields as entered (the hearts tapped stay those hearts), or as the saved sheet keeps it. */
  function draftsOf(entry) {
    if (entry.texts) return entry.texts.slice();
    return entry.cards === null ? entry.raw.map(String) : entry.cards.map((list) => draftOfCards(state.sheet.facts, list));
  }

  /** "Anna: 10, Ben: 8", never "Spieler 1 0": a name may end in a number. */
  function namedPoints(sheet, points) {
    return points.map((value, seat) => t("sk_named", { name: sheet.players[seat], points: value })).join(", ");
  }

  function takeBackButton(sheet) {
    if (!sheet.entries.length) return "";
    return element("button", { type: "button", id: "take-back", text: t("web_take_back_deal", { number: sheet.entries.length }), onclick: takeBackDeal });
  }

  function takeBackDeal() {
    const sheet = state.sheet;
    const number = sheet.entries.length;
    const entry = sheet.takeBack();
    const named = namedPoints(sheet, entry.points);
    state.drafts = draftsOf(entry);
    saveSheet();
    render();
    say(t("sk_undone", { number, points: named }), "");
    $("entry-0").focus();
  }

  function submitEntry() {
    const sheet = state.sheet;
    try {
      const texts = sheet.players.map((_, seat) => state.drafts[seat] || "");
      const entry = sheet.entry(texts);
      // As entered, for a correction in this tab: the hearts tapped come back as those hearts, not as "Hx3" (a
      // play-test lost which hearts it had tapped); a sheet opened again shows the count (the saved sheet keeps cards).
      entry.texts = texts;
      const named = namedPoints(sheet, entry.points);
      let message;
      if (state.editing === null) {
        sheet.add(entry);
        message = t("sk_scored", { number: sheet.entries.length, points: named });
      } else {
        sheet.correct(state.editing + 1, entry);
        message = t("sk_fixed", { number: state.editing + 1 });
      }
      if (entry.moon !== null) message += " " + t("moon", { name: sheet.players[entry.moon] });
      state.drafts = state.editing === null ? sheet.players.map(() => "") : resumedDrafts(sheet);
      state.editing = null;
      state.tapSeat = 0; // the next deal's cards are tapped from the first player again, not the last one tapped for
      saveSheet();
      render();
      // What comes next is said with what was scored: the next deal's dealer and pass, or the game's end (drawn
      // anew with the page, those lines were never announced to a keyboard play-test).
      // (Shown once, in its own line below: the message line showed it a second time, a play-test.)
      const next = $("end") || $("next");
      say(message, next ? next.textContent : "");
      showNext();
    } catch (error) {
      refuse(error);
      // The field of the player the refusal names is marked and taken to (a play-test looked for Bob's "Hz3").
      const named = error instanceof ScoreError ? sheet.players.indexOf(error.values.name) : -1;
      sheet.players.forEach((_, seat) => $("entry-" + seat)?.setAttribute("aria-invalid", String(seat === named)));
      if (named >= 0) $("entry-" + named).focus({ preventScroll: true });
      $("error").scrollIntoView({ block: "nearest" }); // the reason in sight (on a phone it lay under the cards)
    }
  }

  function download(name, text, type) {
    const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: type + ";charset=utf-8" })), download: name });
    document.body.append(link);
    link.click();
    link.remove();
  }

  /** The sheet is set aside among the earlier sheets (one with no deal entered is dropped: nothing to keep), and the
      form for a new one shown: a tap on New sheet loses nothing, so it asks nothing. */
  function newSheet() {
    const sheet = state.sheet;
    if (sheet.entries.length) {
      setAside(sheet.toData(), sheet.verdict().over);
      state.notice = t("web_earlier_kept", { names: sheet.players.join(", ") });
    }
    state.sheet = null;
    state.editing = null;
    saveSheet();
    render();
  }

  // ---- start ------------------------------------------------------------------------------------------
  window.addEventListener("resize", () => document.querySelectorAll(".table-wrap").forEach(showMoreSideways));
  $("lang").addEventListener("change", async (event) => {
    state.lang = event.target.value;
    saveLanguage(state.lang);
    await loadCatalog(state.lang);
    await loadPresets();
    render();
  });

  // The texts (the server's catalog, or the copy kept from the last visit), the rules list and the kept sheet first.
  setLanguage(state.lang);
  loadCatalog(state.lang)
    .catch(() => { /* never loaded online: the keys show until the page is opened with the network once */ })
    .then(() => Promise.all([restoreSheet(), loadPresets()]))
    .then(render);

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then(() => {
      document.body.dataset.offline = "ready";
      const note = $("offline");
      if (note) note.textContent = t("web_offline_ready");
    }).catch(() => { /* no service worker (not a secure context): the page still works while online */ });
  }
})();
