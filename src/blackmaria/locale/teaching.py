"""The guided deal's texts in English and German, and the rendering of explanations and public counts.

The data comes from ``blackmaria.teaching``; this module only puts it in
words. Keys not found here fall back to ``messages.MESSAGES``. A test checks
that both languages have every key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from blackmaria.cards import Card
from blackmaria.locale import Texts
from blackmaria.locale.messages import MESSAGES

if TYPE_CHECKING:
    from blackmaria.teaching import Explanation, Option, PublicCount, Tip

TEACHING: Final[dict[str, dict[str, str]]] = {
    # the guided deal's frame
    "learn_welcome": {
        "en": "A guided deal of {rules} with {players} players: you against {others}, computer players.",
        "de": "Ein Lernspiel {rules} mit {players} Spielern: du gegen {others}, Computerspieler.",
    },
    "learn_goal": {
        "en": "The goal: take as few points as you can. Every decision is explained in three parts: "
        "the table, what you may do, and what it costs.",
        "de": "Das Ziel: so wenige Punkte wie möglich bekommen. Jede Entscheidung wird in drei Schritten erklärt: "
        "der Tisch, was du darfst, und was es kostet.",
    },
    "learn_help": {
        "en": "Type a card (QS, 10h, Q♠), for a pass several. Commands: why (the explanation again), hint, rules, help, quit.",
        "de": "Gib eine Karte ein (QS, 10h, D♠), beim Weitergeben mehrere. Befehle: warum (die Erklärung noch einmal), "
        "tipp, regeln, hilfe, ende.",
    },
    "learn_done": {
        "en": "That was the whole deal. Play a real game with: blackmaria play --rules {rules}",
        "de": "Das war das ganze Spiel. Eine richtige Partie: blackmaria play --rules {rules}",
    },
    "learn_stopped": {"en": "The guided deal is stopped.", "de": "Das Lernspiel ist beendet."},
    "learn_feedback_best": {
        "en": "You chose {card}: about {cost}, as good as any card here.",
        "de": "Du wählst {card}: etwa {cost}, so gut wie jede andere Karte hier.",
    },
    "learn_feedback": {
        "en": "You chose {card}: about {cost}; {best} would have cost about {best_cost}.",
        "de": "Du wählst {card}: etwa {cost}; {best} hätte etwa {best_cost} gekostet.",
    },
    "learn_feedback_pass_same": {
        "en": "You pass the same cards the computer player would.",
        "de": "Du gibst dieselben Karten weiter wie der Computerspieler.",
    },
    "learn_feedback_pass": {
        "en": "You pass {cards}; the computer player would pass {advice}.",
        "de": "Du gibst {cards} weiter; der Computerspieler würde {advice} weitergeben.",
    },
    # headers of the three parts
    "x_header_play": {"en": "-- Your decision: trick {trick} of {total} --", "de": "-- Deine Entscheidung: Stich {trick} von {total} --"},
    "x_header_pass": {
        "en": "-- Your decision: the pass before deal {deal} --",
        "de": "-- Deine Entscheidung: die Weitergabe vor Spiel {deal} --",
    },
    "x_part_table": {"en": "1. The table", "de": "1. Der Tisch"},
    "x_part_may": {"en": "2. What may you do?", "de": "2. Was darfst du?"},
    "x_part_cost": {"en": "3. What it costs", "de": "3. Was es kostet"},
    # part 1: the table
    "x_pass_table": {
        "en": "Each player holds {cards}. Before play everyone passes {count} cards {direction}: you pass to {target}.",
        "de": "Jeder hat {cards}. Vor dem Spiel gibt jeder {count} Karten {direction} weiter: du gibst an {target}.",
    },
    "x_trick_empty": {"en": "The trick is empty: nobody has played to it yet.", "de": "Der Stich ist leer: noch niemand hat gespielt."},
    "x_trick_plays": {"en": "On the table: {plays}.", "de": "Auf dem Tisch: {plays}."},
    "x_trick_lead": {
        "en": "{suit} were led; {name} is winning with {card}; the trick holds {points}.",
        "de": "{suit} wurde ausgespielt; {name} liegt mit {card} vorn; im Stich sind {points}.",
    },
    "x_taken": {"en": "Points taken this deal: {points}.", "de": "Punkte in diesem Spiel bisher: {points}."},
    "x_stock": {"en": "Stock: {cards}.", "de": "Stapel: {cards}."},
    "x_kitty": {
        "en": "The kitty ({cards}, face down) goes to whoever wins this first trick, with its points.",
        "de": "Der Skat ({cards}, verdeckt) geht mit seinen Punkten an den, der diesen ersten Stich macht.",
    },
    "x_turn_pass-together": {
        "en": "Whose turn? Everyone's: all players choose their pass at the same time and see what they receive only after all have passed.",
        "de": "Wer ist dran? Alle: jeder wählt gleichzeitig, was er weitergibt, und sieht erst danach, was er bekommt.",
    },
    "x_turn_clockwise": {
        "en": "Whose turn? Yours: play goes clockwise, and you sit after {name}.",
        "de": "Wer ist dran? Du: es geht im Uhrzeigersinn weiter, und du sitzt nach {name}.",
    },
    "x_turn_won-last-trick": {
        "en": "Whose turn? Yours: you won the last trick, so you lead the next.",
        "de": "Wer ist dran? Du: du hast den letzten Stich gemacht, also spielst du aus.",
    },
    "x_turn_first-lead-card": {
        "en": "Whose turn? Yours: you hold {card}, the lowest club in play, so you open the deal.",
        "de": "Wer ist dran? Du: du hast {card}, die niedrigste Kreuz-Karte im Spiel, also eröffnest du.",
    },
    "x_turn_left-of-dealer": {
        "en": "Whose turn? Yours: you sit left of the dealer ({name}), and that player leads first.",
        "de": "Wer ist dran? Du: du sitzt links vom Geber ({name}), und dieser Platz spielt zuerst aus.",
    },
    # part 2: what the player may do
    "x_duty_pass": {"en": "Choose {count} cards of your hand to pass.", "de": "Wähle {count} Karten deiner Hand zum Weitergeben."},
    "x_duty_lead-first-card": {
        "en": "You must lead {card}: the first trick opens with the lowest club in play.",
        "de": "Du musst {card} ausspielen: der erste Stich beginnt mit der niedrigsten Kreuz-Karte im Spiel.",
    },
    "x_duty_lead-any": {
        "en": "You lead: any card of your hand may open the trick.",
        "de": "Du spielst aus: jede Karte deiner Hand darf den Stich eröffnen.",
    },
    "x_duty_lead-no-hearts": {
        "en": "You lead any suit but hearts: hearts are not broken yet.",
        "de": "Du spielst jede Farbe außer Herz aus: Herz ist noch nicht gebrochen.",
    },
    "x_duty_lead-no-points": {
        "en": "You lead, but on the first trick not a card with points while you hold another.",
        "de": "Du spielst aus, aber im ersten Stich keine Karte mit Punkten, solange du eine andere hast.",
    },
    "x_duty_lead-only-hearts": {
        "en": "You hold only hearts, so you may lead one although hearts are not broken.",
        "de": "Du hast nur noch Herz, also darfst du Herz ausspielen, obwohl es nicht gebrochen ist.",
    },
    "x_duty_follow": {
        "en": "{suit} were led and you hold {suit}: you must follow suit.",
        "de": "{suit} wurde ausgespielt und du hast {suit}: du musst bedienen.",
    },
    "x_duty_discard-any": {
        "en": "You hold no {suit}, so you cannot follow suit: you may play any card.",
        "de": "Du hast kein {suit} und kannst nicht bedienen: du darfst jede Karte legen.",
    },
    "x_duty_discard-no-points": {
        "en": "You hold no {suit}: any card, but on the first trick none with points while you hold another.",
        "de": "Du hast kein {suit}: jede Karte, aber im ersten Stich keine mit Punkten, solange du eine andere hast.",
    },
    "x_legal": {"en": "Allowed: {cards}", "de": "Erlaubt: {cards}"},
    "x_refused": {"en": "Not allowed ({rule}): {cards}", "de": "Nicht erlaubt ({rule}): {cards}"},
    "rule_follow-suit": {"en": "rule: follow suit", "de": "Regel: Bedienpflicht"},
    "rule_hearts-not-broken": {"en": "rule: hearts not broken", "de": "Regel: Herz nicht gebrochen"},
    "rule_first-lead": {"en": "rule: first lead", "de": "Regel: erstes Ausspiel"},
    "rule_no-points-on-first-trick": {"en": "rule: no points on the first trick", "de": "Regel: keine Punkte im ersten Stich"},
    "rule_pass-forbidden": {"en": "rule: may not be passed", "de": "Regel: darf nicht weitergegeben werden"},
    "rule_not-in-hand": {"en": "not in your hand", "de": "nicht in deiner Hand"},
    "rule_not-your-turn": {"en": "not your turn", "de": "nicht am Zug"},
    "rule_wrong-phase": {"en": "not now", "de": "nicht jetzt"},
    "rule_already-passed": {"en": "already passed", "de": "schon weitergegeben"},
    # part 3: what it costs
    "x_forced": {
        "en": "Only {card} is allowed, so there is nothing to choose.",
        "de": "Nur {card} ist erlaubt, also gibt es nichts zu wählen.",
    },
    "x_costs_intro": {
        "en": "The computer player tried each card in {worlds} simulated deals; your points at the end of the deal, on average:",
        "de": "Der Computerspieler hat jede Karte in {worlds} simulierten Spielen probiert; deine Punkte am Ende des Spiels im Schnitt:",
    },
    "x_option": {"en": "  {card}{value}: {effect} - about {cost}{note}", "de": "  {card}{value}: {effect} - etwa {cost}{note}"},
    "x_option_lead": {"en": "  {card}{value}: about {cost}{note}", "de": "  {card}{value}: etwa {cost}{note}"},
    "x_value": {"en": " ({points})", "de": " ({points})"},
    "x_cheapest": {
        "en": "  Cheapest: {card}, about {cost} (the computer player's choice); dearest: {worst}, about {worst_cost}.",
        "de": "  Am billigsten: {card}, etwa {cost} (die Wahl des Computerspielers); am teuersten: {worst}, etwa {worst_cost}.",
    },
    "x_suit_costs": {"en": "  {suit}: {cards}", "de": "  {suit}: {cards}"},
    "x_mean": {"en": "{value} points", "de": "{value} Punkte"},
    "x_note_best": {"en": " (the computer player's choice)", "de": " (die Wahl des Computerspielers)"},
    "x_note_more": {"en": " ({more} more)", "de": " ({more} mehr)"},
    "x_effect_beats": {"en": "goes above {card} and holds the trick for now", "de": "geht über {card} und liegt vorerst vorn"},
    "x_effect_wins": {"en": "wins the trick and its {points}", "de": "gewinnt den Stich und seine {points}"},
    "x_effect_wins_clean": {"en": "wins the trick, which holds no points", "de": "gewinnt den Stich, in dem keine Punkte sind"},
    "x_effect_ducks": {"en": "stays under {card}", "de": "bleibt unter {card}"},
    "x_effect_discard": {"en": "is thrown off; whoever wins the trick takes it", "de": "wird abgeworfen; wer den Stich macht, bekommt sie"},
    "x_pass_values": {
        "en": "Whoever ends up taking a scoring card gets its points. Your scoring cards: {cards}.",
        "de": "Wer eine Karte mit Punkten bekommt, zählt ihre Punkte. Deine Karten mit Punkten: {cards}.",
    },
    "x_pass_no_values": {
        "en": "You hold no scoring card; pass cards that would make you win tricks later.",
        "de": "Du hast keine Karte mit Punkten; gib Karten weiter, mit denen du später Stiche machen würdest.",
    },
    "x_pass_advice": {"en": "The computer player would pass {cards}:", "de": "Der Computerspieler würde {cards} weitergeben:"},
    "x_reason_high-spade": {
        "en": "  {card}: a high spade that can be, or catch, the queen",
        "de": "  {card}: eine hohe Pik, die die Dame ist oder sie fangen kann",
    },
    "x_reason_void": {"en": "  {card}: empties your {suit} and leaves you void", "de": "  {card}: macht dich in {suit} frei"},
    "x_reason_costly": {"en": "  {card}: worth {points} to whoever takes it", "de": "  {card}: {points} für den, der sie bekommt"},
    "x_reason_high-card": {
        "en": "  {card}: a high card that would win tricks",
        "de": "  {card}: eine hohe Karte, die Stiche gewinnen würde",
    },
    # the seed pages' tips
    "tip": {"en": "Tip ({title}): {text}", "de": "Tipp ({title}): {text}"},
    "tip_title_pass-high-spades": {"en": "pass high spades", "de": "hohe Pik weitergeben"},
    "tip_title_make-a-void": {"en": "make a void", "de": "frei machen"},
    "tip_title_lead-low-spades": {"en": "lead low spades", "de": "kleine Pik ausspielen"},
    "tip_title_watch-the-moon": {"en": "watch for a moon", "de": "auf den Mond achten"},
    "tip_title_count-penalty-cards": {"en": "count the penalty cards", "de": "Strafkarten zählen"},
    "tip_pass-high-spades": {
        "en": "don't keep {cards} without small spades to protect them: a high spade wins a spade trick, and the queen "
        "costs {points}. You hold {guards} below the queen.",
        "de": "behalte {cards} nicht ohne kleine Pik zum Schutz: eine hohe Pik gewinnt einen Pik-Stich, und die Dame "
        "kostet {points}. Du hast {guards} unter der Dame.",
    },
    "tip_make-a-void_pass": {
        "en": "pass all your {suit} ({cards}) and you are void: when {suit} are led you can dump penalty cards.",
        "de": "gib alle deine {suit}-Karten ({cards}) weiter, dann bist du frei: wird {suit} ausgespielt, kannst du Strafkarten abwerfen.",
    },
    "tip_make-a-void_play": {
        "en": "you are void in {suit}: this is the moment to dump penalty cards such as {cards}.",
        "de": "du bist frei in {suit}: jetzt kannst du Strafkarten wie {cards} abwerfen.",
    },
    "tip_make-a-void_clean": {
        "en": "you are void in {suit}: shed a high card that could win a trick later.",
        "de": "du bist frei in {suit}: wirf eine hohe Karte ab, die später einen Stich gewinnen könnte.",
    },
    "tip_lead-low-spades": {
        "en": "{queen} is still out and you hold no higher spade: lead a small spade ({cards}) to force the queen out.",
        "de": "{queen} ist noch im Spiel und du hast keine höhere Pik: spiel eine kleine Pik ({cards}) aus, um die Dame herauszulocken.",
    },
    "tip_watch-the-moon": {
        "en": "{name} has taken every penalty card so far ({points}); whoever takes them all shoots the moon. Take one yourself to stop it.",
        "de": "{name} hat bisher alle Strafkarten ({points}); wer alle bekommt, schießt den Mond. Nimm selbst eine, um das zu verhindern.",
    },
    "tip_watch-the-moon_you": {
        "en": "you have taken every penalty card so far ({points}); take them all and you shoot the moon.",
        "de": "du hast bisher alle Strafkarten ({points}); bekommst du alle, schießt du den Mond.",
    },
    "tip_count-penalty-cards": {
        "en": "penalty cards still out: {cards} ({points}). Towards the end it is often clear who must take them.",
        "de": "noch nicht gefallene Strafkarten: {cards} ({points}). Gegen Ende ist oft klar, wer sie schlucken muss.",
    },
    "spades_one": {"en": "{n} small spade", "de": "{n} kleine Pik"},
    "spades_many": {"en": "{n} small spades", "de": "{n} kleine Pik"},
    # the public count
    "c_header": {"en": "Counting deal {deal} in public, card by card:", "de": "Spiel {deal} wird offen gezählt, Karte für Karte:"},
    "c_trick": {"en": "trick {trick}", "de": "Stich {trick}"},
    "c_kitty": {"en": "kitty", "de": "Skat"},
    "c_card": {"en": "{card} {value} ({where})", "de": "{card} {value} ({where})"},
    "c_seat": {"en": "  {name}: {cards} = {points}", "de": "  {name}: {cards} = {points}"},
    "c_seat_none": {"en": "  {name}: no scoring card = {points}", "de": "  {name}: keine Karte mit Punkten = {points}"},
    "c_kitty_line": {
        "en": "The kitty held {cards}; it went to {name} with the first trick.",
        "de": "Im Skat lagen {cards}; {name} bekam ihn mit dem ersten Stich.",
    },
    "c_moon_add": {
        "en": "{name} took every penalty card and shoots the moon: {name} scores {shooter}, everyone else adds {total}.",
        "de": "{name} hat alle Strafkarten und schießt den Mond: {name} zählt {shooter}, alle anderen bekommen {total} dazu.",
    },
    "c_moon_subtract": {
        "en": "{name} took every penalty card and shoots the moon: {name} scores {shooter} ({total} taken off), the others nothing more.",
        "de": "{name} hat alle Strafkarten und schießt den Mond: {name} zählt {shooter} ({total} abgezogen), die anderen nichts dazu.",
    },
    "c_result": {"en": "Points this deal: {points}.", "de": "Punkte in diesem Spiel: {points}."},
    "c_sum": {
        "en": "Together {sum}: every scoring card in play counted once.",
        "de": "Zusammen {sum}: jede Karte mit Punkten einmal gezählt.",
    },
    "c_sum_moon": {
        "en": "Together {sum}: the moon moved the points.",
        "de": "Zusammen {sum}: der Mond hat die Punkte verschoben.",
    },
    "c_lowest": {"en": "Fewest points: {names}.", "de": "Die wenigsten Punkte: {names}."},
}


class TeachingTexts(Texts):
    """The guided deal's messages of one language, falling back to the game's messages."""

    def __call__(self, key: str, **values: object) -> str:
        catalog = TEACHING if key in TEACHING else MESSAGES
        return catalog[key][self.lang].format(**values)

    def upper_first(self, text: str) -> str:
        return text[:1].upper() + text[1:]


def _name(t: TeachingTexts, seats: Sequence[str], seat: int, you: int | None) -> str:
    return t("you") if seat == you else seats[seat]


def _decimal(t: TeachingTexts, value: float) -> str:
    """A mean rounded to one decimal (German writes a decimal comma)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if t.lang == "de" else text


def _points(t: TeachingTexts, value: float) -> str:
    return t("x_mean", value=_decimal(t, value))


def _option_line(t: TeachingTexts, explanation: Explanation, option: Option, best_cost: float) -> str:
    table = explanation.table
    value = t("x_value", points=t.n("points", option.value)) if option.value else ""
    if option.effect == "beats" and table.winning is not None:
        effect = t("x_effect_beats", card=t.card(table.winning[1]))
    elif option.effect == "ducks" and table.winning is not None:
        effect = t("x_effect_ducks", card=t.card(table.winning[1]))
    elif option.effect == "wins":
        won = table.trick_value + option.value
        effect = t("x_effect_wins", points=t.n("points", won)) if won else t("x_effect_wins_clean")
    elif option.effect == "lead":
        effect = ""
    else:
        effect = t(f"x_effect_{option.effect}")
    cost = option.cost if option.cost is not None else 0.0
    if option.card in explanation.advice:
        note = t("x_note_best")
    else:
        note = t("x_note_more", more=_decimal(t, cost - best_cost)) if cost - best_cost >= 0.05 else ""
    key = "x_option_lead" if option.effect == "lead" else "x_option"
    return t(key, card=t.card(option.card), value=value, effect=effect, cost=_points(t, cost), note=note)


def _tip_text(t: TeachingTexts, explanation: Explanation, tip: Tip) -> str:
    seats, me = explanation.seats, explanation.seat
    cards = t.cards(list(tip.cards))
    if tip.id == "pass-high-spades":
        queen = t.n("points", tip.points)
        text = t("tip_pass-high-spades", cards=cards, guards=t.n("spades", tip.number), points=queen)
    elif tip.id == "make-a-void" and explanation.kind == "pass":
        text = t("tip_make-a-void_pass", suit=t.suit(tip.number), cards=cards)
    elif tip.id == "make-a-void":
        key = "tip_make-a-void_play" if tip.cards else "tip_make-a-void_clean"
        text = t(key, suit=t.suit(tip.number), cards=cards)
    elif tip.id == "lead-low-spades":
        from blackmaria.rules import QUEEN_OF_SPADES

        text = t("tip_lead-low-spades", queen=t.card(QUEEN_OF_SPADES), cards=cards)
    elif tip.id == "watch-the-moon":
        points = t.n("points", tip.points)
        if tip.seat == me:
            text = t("tip_watch-the-moon_you", points=points)
        else:
            text = t("tip_watch-the-moon", name=seats[tip.seat if tip.seat is not None else 0], points=points)
    else:
        text = t("tip_count-penalty-cards", cards=cards, points=t.n("points", tip.points))
    return t("tip", title=t(f"tip_title_{tip.id}"), text=text)


COMPACT_FROM: Final = 6
"""More legal cards than this, all doing the same to the trick (leads, discards): one line per suit."""


def _options_by_suit(t: TeachingTexts, explanation: Explanation) -> list[str]:
    """The cheapest and dearest card, then each suit's cards with their likely cost, cheapest first."""
    options = explanation.options
    best = next((o for o in options if o.card in explanation.advice), options[0])
    worst = max(options, key=lambda o: o.cost or 0.0)
    lines = [
        t(
            "x_cheapest",
            card=t.card(best.card),
            cost=_points(t, best.cost or 0.0),
            worst=t.card(worst.card),
            worst_cost=_points(t, worst.cost or 0.0),
        )
    ]
    for suit in (3, 2, 1, 0):
        mine = [o for o in options if o.card & 3 == suit]
        if mine:
            cards = ", ".join(f"{t.card(o.card)} {_decimal(t, o.cost or 0.0)}" for o in mine)
            lines.append(t("x_suit_costs", suit=t.upper_first(t.suit(suit)), cards=cards))
    return lines


def render_explanation(explanation: Explanation, lang: str = "en") -> list[str]:
    """The three parts in words, for the seat that decides (addressed as you)."""
    t = TeachingTexts(lang)
    x = explanation
    table = x.table
    me = x.seat
    rules_values = {option.card: option.value for option in x.options}
    lines: list[str] = []
    # part 1: the table, then (separately) whose turn it is
    if x.kind == "pass":
        lines.append(t("x_header_pass", deal=table.deal + 1))
    else:
        lines.append(t("x_header_play", trick=table.trick, total=table.tricks_per_deal))
    lines.append(t("x_part_table"))
    if x.kind == "pass":
        hand = len(x.legal) + len(x.refused)
        target = x.seats[table.pass_to] if table.pass_to is not None else ""
        lines.append(
            "   "
            + t("x_pass_table", cards=t.n("cards", hand), count=table.pass_count, direction=t.direction(table.direction), target=target)
        )
    else:
        if not table.plays:
            lines.append("   " + t("x_trick_empty"))
        else:
            plays = ", ".join(f"{_name(t, x.seats, seat, me)} {t.card(card)}" for seat, card in table.plays)
            lines.append("   " + t("x_trick_plays", plays=plays))
            assert table.winning is not None and table.led_suit is not None
            lead = t(
                "x_trick_lead",
                suit=t.suit(table.led_suit),
                name=_name(t, x.seats, table.winning[0], me),
                card=t.card(table.winning[1]),
                points=t.n("points", table.trick_value),
            )
            lines.append("   " + t.upper_first(lead))
        taken = ", ".join(f"{_name(t, x.seats, seat, me)} {p}" for seat, p in enumerate(table.points_taken))
        lines.append("   " + t("x_taken", points=taken))
        if table.hearts_broken is not None:
            lines.append("   " + t("hearts_broken" if table.hearts_broken else "hearts_not_broken"))
        if table.stock_left:
            lines.append("   " + t("x_stock", cards=t.n("cards", table.stock_left)))
        if table.kitty_pending:
            lines.append("   " + t("x_kitty", cards=t.n("cards", table.kitty_pending)))
    turn_values: dict[str, object] = {}
    if x.turn == "clockwise" and table.plays:
        turn_values["name"] = _name(t, x.seats, table.plays[-1][0], me)
    elif x.turn == "first-lead-card" and x.turn_card is not None:
        turn_values["card"] = t.card(x.turn_card)
    elif x.turn == "left-of-dealer":
        turn_values["name"] = x.seats[table.dealer]
    lines.append("   " + t(f"x_turn_{x.turn}", **turn_values))
    # part 2: what that player may do, and which rule refuses the other cards
    lines.append(t("x_part_may"))
    duty_values: dict[str, object] = {"count": table.pass_count}
    if table.led_suit is not None:
        duty_values["suit"] = t.suit(table.led_suit)
    if x.turn_card is not None:
        duty_values["card"] = t.card(x.turn_card)
    lines.append("   " + t.upper_first(t(f"x_duty_{x.duty}", **duty_values)))
    lines.append("   " + t("x_legal", cards=t.cards(list(x.legal))))
    by_rule: dict[str, list[Card]] = {}
    for card, rule in x.refused:
        by_rule.setdefault(rule, []).append(card)
    for rule, cards in by_rule.items():
        lines.append("   " + t("x_refused", rule=t(f"rule_{rule}"), cards=t.cards(cards)))
    # part 3: the scoring consequence
    lines.append(t("x_part_cost"))
    if x.kind == "pass":
        scoring = sorted((c for c in rules_values if rules_values[c] != 0), key=lambda c: (-rules_values[c], -c))
        if scoring:
            listed = ", ".join(f"{t.card(c)} {rules_values[c]}" for c in scoring)
            lines.append("   " + t("x_pass_values", cards=listed))
        else:
            lines.append("   " + t("x_pass_no_values"))
        lines.append("   " + t("x_pass_advice", cards=t.cards(list(x.advice))))
        for card, reason in sorted(x.advice_reasons, key=lambda pair: (-(pair[0] & 3), -(pair[0] >> 2))):
            values = {"card": t.card(card), "suit": t.suit(card & 3), "points": t.n("points", rules_values.get(card, 0))}
            lines.append("   " + t(f"x_reason_{reason}", **values))
    elif len(x.options) == 1:
        lines.append("   " + t("x_forced", card=t.card(x.options[0].card)))
    else:
        lines.append("   " + t("x_costs_intro", worlds=f"{x.worlds:,}".replace(",", "." if t.lang == "de" else ",")))
        best_cost = min(option.cost if option.cost is not None else 0.0 for option in x.options)
        effects = {option.effect for option in x.options}
        if len(x.options) > COMPACT_FROM and effects <= {"lead"} | {"discard"} and len(effects) == 1:
            lines += ["   " + line for line in _options_by_suit(t, x)]
        else:
            for option in x.options:
                lines.append("   " + _option_line(t, x, option, best_cost))
    for tip in x.tips:
        lines.append("   " + _tip_text(t, x, tip))
    return lines


def render_count(count: PublicCount, seats: Sequence[str], lang: str = "en", you: int | None = None) -> list[str]:
    """The public count of a finished deal in words: each seat's scoring cards one by one, the kitty, the moon, the points."""
    t = TeachingTexts(lang)
    lines = [t("c_header", deal=count.deal + 1)]
    for seat in range(len(seats)):
        name = _name(t, seats, seat, you)
        mine = count.cards_of(seat)
        points = t.n("points", count.taken[seat])
        if not mine:
            lines.append(t("c_seat_none", name=name, points=points))
            continue
        items = []
        for counted in mine:
            where = t("c_kitty") if counted.trick is None else t("c_trick", trick=counted.trick)
            items.append(t("c_card", card=t.card(counted.card), value=counted.value, where=where))
        lines.append(t("c_seat", name=name, cards=" + ".join(items), points=points))
    if count.kitty_owner is not None and count.kitty:
        lines.append(t("c_kitty_line", cards=t.cards(list(count.kitty)), name=_name(t, seats, count.kitty_owner, you)))
    if count.moon_shooter is not None:
        key = "c_moon_subtract" if count.moon == "subtract-from-shooter" else "c_moon_add"
        shooter = count.moon_shooter
        lines.append(
            t(
                key,
                name=_name(t, seats, shooter, you),
                shooter=t.n("points", count.points[shooter]),
                total=t.n("points", count.moon_total),
            )
        )
    result = ", ".join(f"{_name(t, seats, seat, you)} {p}" for seat, p in enumerate(count.points))
    lines.append(t("c_result", points=result))
    total = t.n("points", sum(count.points))
    lines.append(t("c_sum_moon" if count.moon_shooter is not None else "c_sum", sum=total))
    low = min(count.points)
    lines.append(t("c_lowest", names=", ".join(_name(t, seats, s, you) for s, p in enumerate(count.points) if p == low)))
    return lines


__all__ = ["TEACHING", "TeachingTexts", "render_count", "render_explanation"]
