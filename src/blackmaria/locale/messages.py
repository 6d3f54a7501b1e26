"""Every text a player sees, in English and German. A test checks that both languages have every key."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    # general
    "none": {"en": "(none)", "de": "(keine)"},
    "you": {"en": "You", "de": "Du"},
    "welcome": {"en": "{rules}, {players} players.", "de": "{rules}, {players} Spieler."},
    "preset_black-maria": {"en": "Black Maria", "de": "Black Maria"},
    "preset_black-maria-jaques": {"en": "Black Maria (Jaques of London)", "de": "Black Maria (Jaques of London)"},
    "preset_hearts": {"en": "Hearts", "de": "Hearts"},
    "preset_plain-black-maria": {"en": "Plain Black Maria", "de": "Black Maria, nur Herz und Pik-Dame"},
    "preset_dirty-lady": {"en": "Dirty Lady", "de": "Dirty Lady"},
    "preset_omnibus": {"en": "Omnibus Hearts", "de": "Omnibus-Hearts"},
    "preset_spot-hearts": {"en": "Spot Hearts", "de": "Spot-Hearts"},
    "preset_black-lady": {"en": "Black Lady", "de": "Black Lady"},
    "preset_two-player": {"en": "Black Maria for two", "de": "Black Maria zu zweit"},
    "house_rules": {"en": "house rules", "de": "Hausregeln"},
    "help": {
        "en": "Type a card (QS, 10h, Q♠), several for a pass. Commands: hint, undo, claim, last, deal, sheet, rules, help, quit.",
        "de": "Gib eine Karte ein (pd für Pik-Dame, h10, kak für Karo-König, krb für Kreuz-Bube, D♠), beim Weitergeben mehrere. Befehle: tipp, zurück, rest, letzter, spiel, tabelle, regeln, hilfe, ende.",
    },
    "goodbye": {
        "en": "Game saved. Continue with: blackmaria play --resume",
        "de": "Spiel gespeichert. Weiter mit: blackmaria play --resume",
    },
    "goodbye_finished": {"en": "Goodbye.", "de": "Auf Wiedersehen."},
    "not_a_card": {
        "en": "{text!r} is not a card or a command. Type help for help.",
        "de": "{text!r} ist weder Karte noch Befehl. Gib hilfe ein.",
    },
    "one_card": {"en": "Play one card.", "de": "Spiel genau eine Karte."},
    # dealing and passing
    "deal_header": {"en": "Deal {number}: {dealer} deals.", "de": "Spiel {number}: {dealer} gibt."},
    "deal_header_you": {"en": "Deal {number}: you deal.", "de": "Spiel {number}: Du gibst."},
    "pass_header": {"en": "Pass {count} cards {direction} to {target}.", "de": "Gib {count} Karten {direction} an {target} weiter."},
    "no_pass": {"en": "No passing this deal.", "de": "In diesem Spiel wird nicht weitergegeben."},
    "direction_left": {"en": "to the left", "de": "nach links"},
    "direction_right": {"en": "to the right", "de": "nach rechts"},
    "direction_across": {"en": "across", "de": "gegenüber"},
    "direction_hold": {"en": "no pass", "de": "keine Weitergabe"},
    "pass_prompt": {"en": "Cards to pass to {target}: ", "de": "Karten für {target}: "},
    "you_pass": {"en": "You pass {cards} to {target}.", "de": "Du gibst {cards} an {target}."},
    "you_receive": {"en": "You receive {cards} from {source}.", "de": "Du bekommst {cards} von {source}."},
    "waiting_pass": {"en": "Waiting for the others to pass.", "de": "Warte, bis alle weitergegeben haben."},
    # play
    "your_hand": {"en": "Your hand: {cards}", "de": "Deine Karten: {cards}"},
    "playable": {"en": "Playable:  {cards}", "de": "Spielbar:  {cards}"},
    "card_prompt": {"en": "Your card: ", "de": "Deine Karte: "},
    "trick_empty": {"en": "Trick: (empty) - you lead.", "de": "Stich: (leer) - du spielst aus."},
    "trick": {"en": "Trick: {plays}", "de": "Stich: {plays}"},
    "plays": {"en": "{name} plays {card}.", "de": "{name} spielt {card}."},
    "you_play": {"en": "You play {card}.", "de": "Du spielst {card}."},
    "you_win_trick": {"en": "You win the trick.", "de": "Du machst den Stich."},
    "you_win_trick_points": {"en": "You win the trick: {points}.", "de": "Du machst den Stich: {points}."},
    "you_lead": {"en": "You lead.", "de": "Du spielst aus."},
    "wins_trick": {"en": "{name} wins the trick.", "de": "{name} macht den Stich."},
    "wins_trick_points": {"en": "{name} wins the trick: {points}.", "de": "{name} macht den Stich: {points}."},
    "points_one": {"en": "{n} point", "de": "{n} Punkt"},
    "points_many": {"en": "{n} points", "de": "{n} Punkte"},
    "tricks_one": {"en": "{n} trick", "de": "{n} Stich"},
    "tricks_many": {"en": "{n} tricks", "de": "{n} Stiche"},
    "cards_one": {"en": "{n} card", "de": "{n} Karte"},
    "cards_many": {"en": "{n} cards", "de": "{n} Karten"},
    "takes_kitty": {"en": "{name} takes the kitty.", "de": "{name} nimmt den Skat."},
    "you_take_kitty": {"en": "You take the kitty: {cards}.", "de": "Du nimmst den Skat: {cards}."},
    "you_draw": {"en": "You draw {card}.", "de": "Du ziehst {card}."},
    "draws": {"en": "{name} draws a card.", "de": "{name} zieht eine Karte."},
    "stock_left": {"en": "Stock: {count}.", "de": "Stapel: {count}."},
    "leads": {"en": "{name} leads.", "de": "{name} spielt aus."},
    "turn_of": {"en": "{name} to play.", "de": "{name} ist am Zug."},
    "your_turn": {"en": "Your turn.", "de": "Du bist am Zug."},
    "hearts_broken": {"en": "Hearts are broken.", "de": "Herz ist gebrochen."},
    "hearts_not_broken": {"en": "Hearts are not broken.", "de": "Herz ist noch nicht gebrochen."},
    "points_this_deal": {"en": "Points this deal: {points}", "de": "Punkte in diesem Spiel: {points}"},
    # illegal actions, taught in place
    "follow_suit": {"en": "You must follow {suit}.", "de": "Du musst {suit} bedienen."},
    "hearts_not_broken_lead": {
        "en": "Hearts are not broken yet: lead another suit.",
        "de": "Herz ist noch nicht gebrochen: spiel eine andere Farbe aus.",
    },
    "first_lead": {"en": "The first trick must be opened with {card}.", "de": "Der erste Stich muss mit {card} eröffnet werden."},
    "no_points_first_trick": {
        "en": "No points on the first trick: play a card that scores nothing.",
        "de": "Im ersten Stich keine Punkte: leg eine Karte ohne Punkte.",
    },
    "not_in_hand": {"en": "You do not hold {card}.", "de": "Du hast {card} nicht."},
    "not_your_turn": {"en": "It is not your turn.", "de": "Du bist nicht am Zug."},
    "wrong_phase": {"en": "That is not possible now.", "de": "Das geht gerade nicht."},
    "pass_count": {
        "en": "Choose exactly {count} different cards to pass.",
        "de": "Wähle genau {count} verschiedene Karten zum Weitergeben.",
    },
    "pass_count_chosen": {
        "en": "You chose {chosen} ({cards}): choose exactly {count} different cards to pass.",
        "de": "Du hast {chosen} gewählt ({cards}): wähle genau {count} verschiedene Karten zum Weitergeben.",
    },
    "pass_forbidden": {"en": "{card} may not be passed.", "de": "{card} darf nicht weitergegeben werden."},
    "already_passed": {"en": "You have already passed.", "de": "Du hast schon weitergegeben."},
    # help features
    "hint": {"en": "Hint: {cards}. {reason}.", "de": "Tipp: {cards}. {reason}."},
    "reason_pass": {
        "en": "Pass your most dangerous cards: high spades and costly cards.",
        "de": "Gib deine gefährlichsten Karten weiter: hohe Pik und teure Karten.",
    },
    "reason_pass_void": {
        "en": "Pass these to empty a short suit: a void lets you shed penalty cards.",
        "de": "Gib diese weiter, um eine kurze Farbe blank zu machen: dann kannst du Strafkarten abwerfen.",
    },
    "reason_forced": {"en": "It is the only card you may play.", "de": "Das ist die einzige Karte, die du spielen darfst."},
    "reason_duck": {
        "en": "Duck under {card}: let someone else win this trick.",
        "de": "Bleib unter {card}: lass einen anderen den Stich machen.",
    },
    "reason_win_clean": {
        "en": "The trick holds no points: win it safely and get rid of a high card.",
        "de": "Der Stich hat keine Punkte: nimm ihn und werde eine hohe Karte los.",
    },
    "reason_follow_low": {
        "en": "Follow with a low card and keep your high cards for later.",
        "de": "Bediene niedrig und heb hohe Karten auf.",
    },
    "reason_follow_high": {
        "en": "You will win this trick anyway: win it with your highest card of the suit.",
        "de": "Den Stich machst du sowieso: nimm ihn mit deiner höchsten Karte der Farbe.",
    },
    "reason_dump": {
        "en": "You cannot follow suit: shed {card}, your costliest card.",
        "de": "Du kannst nicht bedienen: wirf {card} ab, deine teuerste Karte.",
    },
    "reason_dump_high": {
        "en": "You cannot follow suit: shed a high card while it costs nothing.",
        "de": "Du kannst nicht bedienen: wirf eine hohe Karte ab, solange es nichts kostet.",
    },
    "reason_lead_low": {
        "en": "Lead a low card that scores nothing, so someone else is likely to win.",
        "de": "Spiel eine niedrige Karte ohne Punkte aus, dann gewinnt wahrscheinlich ein anderer.",
    },
    "reason_lead": {"en": "Lead the card that risks least.", "de": "Spiel die Karte aus, die am wenigsten riskiert."},
    "undo_done": {"en": "Your last card is taken back.", "de": "Deine letzte Karte ist zurückgenommen."},
    "undo_none": {
        "en": "There is no card of yours to take back in this deal.",
        "de": "In diesem Spiel gibt es keine Karte von dir zum Zurücknehmen.",
    },
    "undo_off": {"en": "Undo is switched off at this table.", "de": "Zurücknehmen ist an diesem Tisch ausgeschaltet."},
    "claim_done": {"en": "The rest of the deal is forced; it is played out.", "de": "Der Rest des Spiels steht fest; er wird ausgespielt."},
    "claim_no": {"en": "The rest of the deal is not forced yet.", "de": "Der Rest des Spiels steht noch nicht fest."},
    "last_trick": {"en": "Last trick: {plays} - won by {name}.", "de": "Letzter Stich: {plays} - gewonnen von {name}."},
    "last_trick_you": {"en": "Last trick: {plays} - you won it.", "de": "Letzter Stich: {plays} - den hast du gemacht."},
    "no_last_trick": {"en": "No trick has been completed yet.", "de": "Es ist noch kein Stich fertig."},
    # scoring
    "deal_review": {"en": "Deal {number} in review:", "de": "Rückblick auf Spiel {number}:"},
    "review_line": {
        "en": "  {name}: {tricks}, took {cards} - {points}",
        "de": "  {name}: {tricks}, bekam {cards} - {points}",
    },
    "moon": {"en": "{name} shot the moon!", "de": "{name} hat alle Strafkarten und schießt den Mond!"},
    "moon_you": {"en": "You shot the moon!", "de": "Du hast alle Strafkarten und schießt den Mond!"},
    "kitty_was_you": {"en": "The kitty held {cards} and went to you.", "de": "Im Skat lagen {cards}; du hast ihn bekommen."},
    "kitty_was": {"en": "The kitty held {cards} and went to {name}.", "de": "Im Skat lagen {cards}; er ging an {name}."},
    "score_sheet": {"en": "Score sheet", "de": "Punkteliste"},
    "sheet_deal": {"en": "Deal", "de": "Spiel"},
    "sheet_total": {"en": "Total", "de": "Summe"},
    "mark_moon": {"en": "moon: {name}", "de": "Mond: {name}"},
    "mark_kitty": {"en": "kitty: {name}", "de": "Skat: {name}"},
    "sudden_death": {
        "en": "A tie for lowest: another deal decides.",
        "de": "Gleichstand beim niedrigsten Stand: ein weiteres Spiel entscheidet.",
    },
    "game_over": {"en": "Game over. Winner: {names}.", "de": "Spielende. Gewonnen hat: {names}."},
    "press_enter": {"en": "Press Enter for the next deal.", "de": "Weiter mit der Eingabetaste."},
    # the scorekeeper for real cards
    "sk_welcome": {"en": "Score sheet: {rules}, {players}.", "de": "Punkteliste: {rules}, {players}."},
    "sk_help": {
        "en": "After each deal type the points (10 8 25) or each player's penalty cards, players separated by / (Hx3 AS / Hx8 / Hx2 KS QS; Hx3 is three hearts). Also: fix N ..., sheet, csv FILE, quit.",
        "de": "Nach jedem Spiel die Punkte (10 8 25) oder die Strafkarten jedes Spielers eingeben, Spieler getrennt durch / (Hx3 AS / Hx8 / Hx2 KS QS; Hx3 sind drei Herz). Außerdem: fix N ..., tabelle, csv DATEI, ende.",
    },
    "sk_prompt": {
        "en": "Deal {number}: {dealer} deals, pass {direction}. Points or cards: ",
        "de": "Spiel {number}: {dealer} gibt, Weitergabe {direction}. Punkte oder Karten: ",
    },
    "sk_prompt_hold": {
        "en": "Deal {number}: {dealer} deals, no passing. Points or cards: ",
        "de": "Spiel {number}: {dealer} gibt, ohne Weitergabe. Punkte oder Karten: ",
    },
    "sk_empty": {
        "en": "Nothing entered: type the deal's points (10 8 25), its penalty cards (Hx3 AS / Hx8 / Hx2 KS QS) or help.",
        "de": "Nichts eingegeben: gib die Punkte des Spiels (10 8 25), seine Strafkarten (Hx3 AS / Hx8 / Hx2 KS QS) oder hilfe ein.",
    },
    "sk_col_dealer": {"en": "Dealer", "de": "Geber"},
    "sk_col_pass": {"en": "Pass", "de": "Weitergabe"},
    "sk_col_moon": {"en": "Moon", "de": "Mond"},
    "sk_scored": {"en": "Deal {number}: {points}", "de": "Spiel {number}: {points}"},
    "sk_totals": {"en": "Totals: {totals}", "de": "Stand: {totals}"},
    "sk_fixed": {"en": "Deal {number} corrected.", "de": "Spiel {number} berichtigt."},
    "sk_saved_csv": {"en": "Written to {path}.", "de": "Gespeichert in {path}."},
    "sk_refused": {"en": "Not accepted: {reason}", "de": "Nicht angenommen: {reason}"},
    "sk_saved": {
        "en": "Score sheet saved. Continue with: blackmaria score --resume",
        "de": "Punkteliste gespeichert. Weiter mit: blackmaria score --resume",
    },
    # keys of the terminal app
    "key_help": {"en": "Help", "de": "Hilfe"},
    "col_this_deal": {"en": "This deal", "de": "Dieses Spiel"},
    "col_trick": {"en": "Trick", "de": "Stich"},
    "dealer_mark": {"en": "dealer", "de": "Geber"},
    "key_hint": {"en": "Hint", "de": "Tipp"},
    "key_undo": {"en": "Undo", "de": "Zurück"},
    "key_claim": {"en": "Claim", "de": "Rest"},
    "key_last": {"en": "Last trick", "de": "Letzter Stich"},
    "key_sheet": {"en": "Score sheet", "de": "Punkteliste"},
    "key_rules": {"en": "Rules", "de": "Regeln"},
    "key_quit": {"en": "Save & quit", "de": "Speichern & Ende"},
    "key_why": {"en": "Why", "de": "Warum"},
    "key_review": {"en": "Last deal", "de": "Letztes Spiel"},
    "key_leave": {"en": "Leave", "de": "Verlassen"},
    "key_start": {"en": "Start", "de": "Start"},
    "app_help": {
        "en": "Arrows choose a card, Enter plays it. Passing: Space marks cards, Enter passes them. Or type a card (qs, 10h) and Enter.",
        "de": "Pfeiltasten wählen eine Karte, Enter spielt sie. Weitergeben: Leertaste markiert, Enter gibt weiter. Oder Karte tippen (pd, h10) und Enter.",
    },
    "no_save": {"en": "There is no saved game to resume.", "de": "Es gibt kein gespeichertes Spiel zum Fortsetzen."},
    "resume_over": {
        "en": "The saved game is over; start a new one with blackmaria play.",
        "de": "Das gespeicherte Spiel ist zu Ende; starte ein neues mit blackmaria play.",
    },
    "save_exists": {
        "en": "A saved game named {name} exists: continue it with blackmaria play --resume {name}, or choose another --game name.",
        "de": "Es gibt schon ein gespeichertes Spiel namens {name}: weiter mit blackmaria play --resume {name}, "
        "oder wähle einen anderen Namen mit --game.",
    },
    "saves_kept": {
        "en": "Your saved games are kept ({count}): blackmaria play --list shows them, --resume continues one.",
        "de": "Deine gespeicherten Spiele bleiben erhalten ({count}): blackmaria play --list zeigt sie, --resume setzt eins fort.",
    },
    "forced_play": {"en": "Only {card} may be played: played for you.", "de": "Nur {card} ist erlaubt: für dich gespielt."},
    "undo_marker": {"en": "↶ Taken back: {plays}.", "de": "↶ Zurückgenommen: {plays}."},
    "keys_wait": {
        "en": "Wait: the computer players are playing (that key was not taken as your choice).",
        "de": "Warte: die Computerspieler sind dran (die Taste zählt nicht als deine Wahl).",
    },
    "app_keys_hint": {"en": "F1 or typing help shows every key.", "de": "F1 oder hilfe zeigt alle Tasten."},
    "pass_marked": {"en": "Marked {marked} of {count}: {cards}", "de": "Markiert {marked} von {count}: {cards}"},
    "deal_of": {"en": "Deal {number} of {count}", "de": "Spiel {number} von {count}"},
    "deal_number": {"en": "Deal {number}", "de": "Spiel {number}"},
    "working": {"en": "working ...", "de": "rechne ..."},
    "others_passing": {"en": "The others pass.", "de": "Die anderen geben weiter."},
    "trick_number": {"en": "trick {number}", "de": "Stich {number}"},
    "table_legend": {"en": "points this deal / total   * dealer", "de": "Punkte dieses Spiel / gesamt   * Geber"},
    "key_speed": {"en": "Speed", "de": "Tempo"},
    "key_speed_is": {"en": "Speed {seconds}s", "de": "Tempo {seconds}s"},
    "key_autoplay": {"en": "Autoplay", "de": "Automatik"},
    "key_autoplay_on": {"en": "Autoplay on", "de": "Auto an"},
    "key_autoplay_off": {"en": "Autoplay off", "de": "Auto aus"},
    "key_page_keys": {"en": "PgUp/PgDn", "de": "Bild↑↓"},
    "key_quit_keys": {"en": "Ctrl+Q", "de": "Strg+Q"},
    "key_log": {"en": "Story", "de": "Verlauf"},
    "speed_set": {
        "en": "Computer cards now every {seconds} s (F8 changes it).",
        "de": "Computerkarten jetzt alle {seconds} s (F8 ändert es).",
    },
    "autoplay_on": {
        "en": "Autoplay on: a card that is your only legal one is played for you.",
        "de": "Automatik an: ist nur eine Karte erlaubt, wird sie für dich gespielt.",
    },
    "autoplay_off": {"en": "Autoplay off: you play every card yourself.", "de": "Automatik aus: du spielst jede Karte selbst."},
    "claim_offer": {
        "en": "The rest of the deal is decided: F4 (or claim) plays it out.",
        "de": "Der Rest des Spiels steht fest: F4 (oder rest) spielt ihn aus.",
    },
    "view_close": {"en": " Escape closes  ·  arrows scroll", "de": " Escape schließt  ·  Pfeiltasten blättern"},
    "quit_how": {"en": "Ctrl+Q saves the game and leaves.", "de": "Strg+Q speichert das Spiel und beendet."},
    "game_over_title": {"en": "Game over", "de": "Spielende"},
    "over_keys": {
        "en": " N  new game with the same settings    Q  quit (the game is recorded)",
        "de": " N  neues Spiel mit denselben Einstellungen    Q  beenden (das Spiel ist gespeichert)",
    },
    "app_help_long": {
        "en": "Keys\n"
        "  Left/Right    choose a card (only cards you may play are stopped on)\n"
        "  Enter         play the chosen card; in a pass, pass the marked cards\n"
        "  Space         mark or unmark a card for the pass\n"
        "  F1 help  F2 hint  F3 undo  F4 claim the rest  F5 last trick\n"
        "  F6 score sheet  F7 rules  F8 speed of the computer cards  F9 autoplay of forced cards\n"
        "  PageUp/PageDown  scroll the story    Escape  clear the typed text, close a view\n"
        "  Ctrl+Q        save and quit (blackmaria play --resume continues)\n"
        "\n"
        "Typing\n"
        "  A card: rank then suit, qs  10h  Q♠  (several, space between, for a pass)\n"
        "  A command: help, hint, undo, claim, last, deal, sheet, rules, speed, auto, quit\n"
        "\n"
        "On the table\n"
        "  Each seat: its name (▶ to play, * the dealer), points this deal / total, the scoring cards it took,\n"
        "  and its card in the trick. In your hand + marks a card you received, • one marked for the pass.",
        "de": "Tasten\n"
        "  Links/Rechts  Karte wählen (nur erlaubte Karten werden angesteuert)\n"
        "  Enter         gewählte Karte spielen; beim Weitergeben die markierten Karten weitergeben\n"
        "  Leertaste     Karte fürs Weitergeben markieren oder nicht mehr\n"
        "  F1 Hilfe  F2 Tipp  F3 zurück  F4 Rest beanspruchen  F5 letzter Stich\n"
        "  F6 Punkteliste  F7 Regeln  F8 Tempo der Computerkarten  F9 Automatik für erzwungene Karten\n"
        "  Bild auf/ab   im Verlauf blättern    Escape  Eingabe löschen, Ansicht schließen\n"
        "  Strg+Q        speichern und beenden (blackmaria play --resume setzt fort)\n"
        "\n"
        "Tippen\n"
        "  Eine Karte: Farbe und Rang, pd (Pik-Dame)  hk (Herz-König)  kak (Karo-König)  krb (Kreuz-Bube)  h10\n"
        "  Farben: p Pik, h Herz, ka Karo, kr Kreuz; Ränge: a Ass, k König, d Dame, b Bube, 10 ... 2.\n"
        "  Auch Rang zuerst (dp) und D♠ gehen. Mehrere mit Leerzeichen beim Weitergeben.\n"
        "  Ein Befehl: hilfe, tipp, zurück, rest, letzter, spiel, tabelle, regeln, tempo, auto, ende\n"
        "\n"
        "Auf dem Tisch\n"
        "  Jeder Platz: Name (▶ am Zug, * Geber), Punkte dieses Spiel / gesamt, genommene Strafkarten,\n"
        "  und seine Karte im Stich. In deiner Hand markiert + eine erhaltene Karte, • eine zum Weitergeben.",
    },
    "learn_preparing": {
        "en": "Preparing the analysis (the first time on this machine this takes some seconds) ...",
        "de": "Die Analyse wird vorbereitet (beim ersten Mal auf diesem Rechner dauert das einige Sekunden) ...",
    },
    "saves_header": {"en": "Saved games (the most recent first):", "de": "Gespeicherte Spiele (das neueste zuerst):"},
    "saves_deal": {"en": "deal {deal}", "de": "Spiel {deal}"},
    "save_unknown": {
        "en": "There is no saved game named {name}; the saved games are: {names}.",
        "de": "Es gibt kein gespeichertes Spiel namens {name}; gespeichert sind: {names}.",
    },
    "saves_which": {"en": "Which game (1-{count} or a name)", "de": "Welches Spiel (1-{count} oder ein Name)"},
    "saves_no_such": {
        "en": "{answer!r} is not on the list: type a number from 1 to {count} or a name.",
        "de": "{answer!r} steht nicht in der Liste: gib eine Zahl von 1 bis {count} oder einen Namen ein.",
    },
    # rules in words
    "r_players": {"en": "{players} players, {hand} cards each.", "de": "{players} Spieler, je {hand} Karten."},
    "r_removed": {"en": "Removed from the deck before dealing: {cards}.", "de": "Vor dem Geben aussortiert: {cards}."},
    "r_kitty": {
        "en": "{count} card(s) lie face down as a kitty; the winner of the first trick takes them.",
        "de": "{count} Karte(n) liegen verdeckt als Skat; wer den ersten Stich macht, bekommt sie.",
    },
    "r_stock": {
        "en": "The other {count} cards form a stock: after each trick the winner draws first, then the other player.",
        "de": "Die übrigen {count} Karten bilden einen Stapel: nach jedem Stich zieht zuerst der Gewinner, dann der andere.",
    },
    "r_dealer_cut": {
        "en": "The first dealer is chosen by a cut (highest card deals); the deal then moves one seat clockwise.",
        "de": "Der erste Geber wird durch Abheben bestimmt (die höchste Karte gibt); danach gibt reihum der linke Nachbar.",
    },
    "r_dealer_random": {
        "en": "The first dealer is chosen at random; the deal then moves one seat clockwise.",
        "de": "Der erste Geber wird ausgelost; danach gibt reihum der linke Nachbar.",
    },
    "r_dealer_seat": {
        "en": "Seat {seat} deals first; the deal then moves one seat clockwise.",
        "de": "Platz {seat} gibt zuerst; danach gibt reihum der linke Nachbar.",
    },
    "r_pass": {
        "en": "Before play each player passes {count} cards; directions by deal: {schedule} (then repeat).",
        "de": "Vor dem Spiel gibt jeder {count} Karten weiter; Richtung je Spiel: {schedule} (dann von vorn).",
    },
    "r_pass_forbidden": {"en": "These cards may not be passed: {cards}.", "de": "Diese Karten dürfen nicht weitergegeben werden: {cards}."},
    "r_no_pass": {"en": "There is no passing.", "de": "Es wird nicht weitergegeben."},
    "r_lead_clubs": {
        "en": "Whoever holds the lowest club in play (normally the two of clubs) leads it to the first trick.",
        "de": "Wer die niedrigste Kreuz-Karte im Spiel hat (meist die Kreuz-Zwei), spielt sie zum ersten Stich aus.",
    },
    "r_lead_left": {
        "en": "The player left of the dealer leads any card to the first trick.",
        "de": "Der Spieler links vom Geber spielt zum ersten Stich eine beliebige Karte aus.",
    },
    "r_follow": {
        "en": "Follow suit if you can; otherwise play any card. The highest card of the suit led wins; no trumps.",
        "de": "Es gilt Bedienpflicht; wer nicht bedienen kann, legt eine beliebige Karte. Die höchste Karte der ausgespielten Farbe gewinnt; es gibt keinen Trumpf.",
    },
    "r_hearts_any": {"en": "Hearts may be led at any time.", "de": "Herz darf jederzeit ausgespielt werden."},
    "r_hearts_played": {
        "en": "Hearts may not be led until a heart has been played on an earlier trick{queen}, unless the leader holds only hearts.",
        "de": "Herz darf erst ausgespielt werden, wenn in einem früheren Stich Herz gespielt wurde{queen}, außer der Ausspieler hat nur noch Herz.",
    },
    "r_hearts_discarded": {
        "en": "Hearts may not be led until a heart has been discarded on a trick of another suit{queen}, unless the leader holds only hearts.",
        "de": "Herz darf erst ausgespielt werden, wenn Herz auf eine andere Farbe abgeworfen wurde{queen}, außer der Ausspieler hat nur noch Herz.",
    },
    "r_queen_breaks": {"en": " or the queen of spades has been played", "de": " oder die Pik-Dame gespielt wurde"},
    "r_first_trick": {
        "en": "On the first trick nobody may play a card that scores points unless they hold nothing else.",
        "de": "Im ersten Stich darf niemand eine Karte mit Punkten legen, außer er hat nichts anderes.",
    },
    "r_scoring": {"en": "Scoring: {values}; {total} points in each deal.", "de": "Wertung: {values}; {total} Punkte in jedem Spiel."},
    "r_each_heart": {"en": "each heart {value}", "de": "jedes Herz {value}"},
    "r_no_moon": {"en": "There is no shooting the moon.", "de": "Den Mond schießen gibt es nicht."},
    "r_moon_add": {
        "en": "Shooting the moon: whoever takes every penalty card scores 0 for them and everyone else adds {total}.",
        "de": "Den Mond schießen: wer alle Strafkarten bekommt, zählt dafür 0 und alle anderen bekommen {total}.",
    },
    "r_moon_subtract": {
        "en": "Shooting the moon: whoever takes every penalty card scores minus {total} instead.",
        "de": "Den Mond schießen: wer alle Strafkarten bekommt, zählt stattdessen minus {total}.",
    },
    "r_end_target": {"en": "after the deal in which someone reaches {target}", "de": "nach dem Spiel, in dem jemand {target} erreicht"},
    "r_end_deals": {"en": "after {count} deals", "de": "nach {count} Spielen"},
    "r_end_or": {"en": " or ", "de": " oder "},
    "r_end": {"en": "The game ends {ends}; the lowest total wins.", "de": "Die Partie endet {ends}; der niedrigste Stand gewinnt."},
    "r_ties_share": {"en": "A tie for lowest shares the win.", "de": "Bei Gleichstand teilen sich die Besten den Sieg."},
    "r_ties_sudden": {
        "en": "A tie for lowest is settled by further deals until one player is lowest.",
        "de": "Bei Gleichstand wird weitergespielt, bis einer allein vorne liegt.",
    },
    # the scorekeeper's refusals (score.js carries the same texts; a browser test compares them)
    "ske_names_count": {"en": "{given} names given for {players} players", "de": "{given} Namen für {players} Spieler angegeben"},
    "sk_unknown_entry": {
        "en": "{text!r} is neither points (10 8 25) nor cards for each player separated by / (Hx3 AS / Hx8 / Hx2 KS QS); type help",
        "de": "{text!r} sind weder Punkte (10 8 25) noch Karten je Spieler, getrennt durch / (Hx3 AS / Hx8 / Hx2 KS QS); gib hilfe ein",
    },
    "ske_cards_count": {
        "en": "enter the cards of all {players} players (one list each), not {given}",
        "de": "gib die Karten aller {players} Spieler ein (eine Liste je Spieler), nicht {given}",
    },
    "ske_not_a_card": {
        "en": "{name}: {text} is not a card; write a rank and a suit, like QS, 10H or Q♠",
        "de": "{name}: {text} ist keine Karte; schreib Rang und Farbe, etwa DS, 10H oder D♠",
    },
    "ske_not_in_play": {
        "en": "{name}: {card} is not in play under these rules",
        "de": "{name}: {card} ist nach diesen Regeln nicht im Spiel",
    },
    "ske_twice": {
        "en": "{card} is entered twice: a card can be taken only once",
        "de": "{card} ist doppelt eingegeben: jede Karte kann nur einer bekommen",
    },
    "ske_hearts_differ": {
        "en": "hearts have different values under these rules: enter each heart (like AH KH 5H)",
        "de": "Herzkarten zählen nach diesen Regeln verschieden: gib jedes Herz einzeln ein (etwa AH KH 5H)",
    },
    "ske_too_many_hearts": {
        "en": "{count} more hearts entered, but only {left} are left",
        "de": "{count} weitere Herz eingegeben, aber nur {left} sind übrig",
    },
    "ske_missing": {
        "en": "every card that scores must be entered; missing {cards} ({total} points in each deal)",
        "de": "jede Karte mit Punkten muss eingegeben werden; es fehlt {cards} ({total} Punkte in jedem Spiel)",
    },
    "ske_points_count": {
        "en": "enter the points of all {players} players, not {given}",
        "de": "gib die Punkte aller {players} Spieler ein, nicht {given}",
    },
    "ske_total": {
        "en": "the points add up to {sum}, but every deal under these rules has {total}",
        "de": "die Punkte ergeben {sum}, aber jedes Spiel hat nach diesen Regeln {total}",
    },
    "ske_over": {"en": "the game is over; start a new score sheet", "de": "die Partie ist vorbei; fang eine neue Punkteliste an"},
    "ske_no_deal": {
        "en": "there is no deal {number}; deals 1 to {count} are entered",
        "de": "es gibt kein Spiel {number}; eingegeben sind die Spiele 1 bis {count}",
    },
    "ske_not_sheet": {"en": "not a score sheet ({format})", "de": "keine Punkteliste ({format})"},
    "ske_mixed": {
        "en": "enter points for every player or cards for every player, not both",
        "de": "gib für alle Spieler Punkte oder für alle Spieler Karten ein, nicht beides",
    },
    "ske_fix_usage": {
        "en": "write fix, the deal's number, then its points or cards (fix 2 10 8 25)",
        "de": "schreib fix, die Nummer des Spiels, dann seine Punkte oder Karten (fix 2 10 8 25)",
    },
    "ske_csv_usage": {"en": "write csv and a file name (csv sheet.csv)", "de": "schreib csv und einen Dateinamen (csv liste.csv)"},
    # blackmaria stats
    "st_none": {
        "en": "No finished games found (looked in {where}).",
        "de": "Keine beendeten Partien gefunden (gesucht in {where}).",
    },
    "st_summary": {
        "en": "{games} finished games: {records} played, {sheets} from score sheets.",
        "de": "{games} beendete Partien: {records} gespielt, {sheets} aus Punktelisten.",
    },
    "st_by_player": {"en": "By player", "de": "Nach Spieler"},
    "st_rule_set": {"en": "Rule set: {rules} ({games} games)", "de": "Regeln: {rules} ({games} Partien)"},
    "st_player": {"en": "player", "de": "Spieler"},
    "st_games": {"en": "games", "de": "Partien"},
    "st_wins": {"en": "wins", "de": "Siege"},
    "st_deals": {"en": "deals", "de": "Spiele"},
    "st_average": {"en": "avg/deal", "de": "Ø/Spiel"},
    "st_moons": {"en": "moons", "de": "Monde"},
    "st_queen": {"en": "queen taken", "de": "Pik-Dame"},
    "st_unknown": {"en": "unknown", "de": "unbekannt"},
    "st_of_known": {"en": "{count} of {known} known", "de": "{count} von {known} bekannten"},
    "st_chart": {"en": "Wins", "de": "Siege"},
    "st_queen_note": {
        "en": "Queen taken counts deals; a score sheet kept by points does not say who took her.",
        "de": "Pik-Dame zählt Spiele; eine Punkteliste mit Punkten statt Karten sagt nicht, wer sie bekam.",
    },
    "st_unreadable": {"en": "skipped {path}: {reason}", "de": "übersprungen: {path}: {reason}"},
    "st_rules_players": {"en": "{rules}, {players} players", "de": "{rules}, {players} Spieler"},
    "st_rules_changed": {"en": "changed: {options}", "de": "geändert: {options}"},
    "server_bot_name": {"en": "Bot {n} ({level})", "de": "Computer {n} ({level})"},
    # blackmaria join: a seat at a server's table
    "online_seated": {"en": "Table {code}: you sit in seat {seat} as {name}.", "de": "Tisch {code}: Du sitzt auf Platz {seat} als {name}."},
    "online_watching": {"en": "Table {code}: you are watching.", "de": "Tisch {code}: Du schaust zu."},
    "online_help": {
        "en": "Type a card (QS, 10h, Q♠), several for a pass. Commands: hint, why, last, deal, sheet, rules, say TEXT (chat), start, back, help, quit.",
        "de": "Gib eine Karte ein (QS, 10h, D♠), beim Weitergeben mehrere. Befehle: tipp, warum, letzter, spiel, tabelle, regeln, sag TEXT (Chat), start, zurück, hilfe, ende.",
    },
    "online_app_help": {
        "en": "Arrows choose a card, Enter plays it. Passing: Space marks cards, Enter passes them. Or type a card (qs, 10h), "
        "a command (hint, why, last, deal, sheet, rules, start, back) or say TEXT to chat, and Enter. Ctrl+Q leaves; your seat is kept.",
        "de": "Pfeiltasten wählen eine Karte, Enter spielt sie. Weitergeben: Leertaste markiert, Enter gibt weiter. Oder Karte "
        "(qs, 10h), Befehl (tipp, warum, letzter, spiel, tabelle, regeln, start, zurück) oder sag TEXT (Chat) tippen und Enter. "
        "Strg+Q verlässt den Tisch; dein Platz bleibt.",
    },
    "online_mark_cards": {
        "en": "Mark {count} cards with Space first, then Enter.",
        "de": "Markiere zuerst {count} Karten mit der Leertaste, dann Enter.",
    },
    "online_time_left": {
        "en": "{seconds} s left before a computer player plays for you.",
        "de": "Noch {seconds} s, dann spielt ein Computer für dich.",
    },
    "online_clock": {"en": "{seconds} s left", "de": "noch {seconds} s"},
    "online_start_hint": {
        "en": "Type start when everyone is seated: empty seats get computer players (start easy, start hard: of that level).",
        "de": "Gib start ein, wenn alle sitzen: Freie Plätze bekommen Computer (start leicht, start schwer: dieser Stärke).",
    },
    "online_sat_down": {"en": "{name} sits down in seat {seat}.", "de": "{name} setzt sich auf Platz {seat}."},
    "online_already_playing": {"en": "The game is already in play.", "de": "Das Spiel läuft schon."},
    "online_invite": {
        "en": "Table {code} is open. Invite your friends with the link {link} (in a browser), or in a terminal: blackmaria join {link} --name NAME",
        "de": "Tisch {code} ist offen. Lade deine Freunde mit dem Link {link} ein (im Browser), oder im Terminal: blackmaria join {link} --name NAME",
    },
    "online_waiting_start": {"en": "Waiting for the host to start the game.", "de": "Warte, bis der Gastgeber das Spiel beginnt."},
    "online_started": {"en": "The game begins.", "de": "Das Spiel beginnt."},
    "online_waiting_next": {
        "en": "The last game here is over: waiting for the host to start the next one.",
        "de": "Das letzte Spiel hier ist aus: Warte, bis der Gastgeber das nächste beginnt.",
    },
    "online_empty_seat": {"en": "Seat {n} (empty)", "de": "Platz {n} (frei)"},
    "online_away": {
        "en": "Your time ran out, so a computer player is playing your seat. Type back (or anything) to play again.",
        "de": "Deine Zeit ist abgelaufen, darum spielt ein Computer für dich. Gib zurück (oder irgendetwas) ein, um wieder zu spielen.",
    },
    "online_back": {"en": "You play your seat again.", "de": "Du spielst wieder selbst."},
    "online_lost": {"en": "The connection was lost; connecting again ...", "de": "Die Verbindung ist abgebrochen; verbinde neu ..."},
    "online_gone": {"en": "The server cannot be reached.", "de": "Der Server ist nicht erreichbar."},
    "online_chat": {"en": "{name}: {text}", "de": "{name}: {text}"},
    "online_slow_down": {
        "en": "Too many messages at once; that one was dropped.",
        "de": "Zu viele Nachrichten auf einmal; diese wurde verworfen.",
    },
    "online_refused": {"en": "The server refused: {message}", "de": "Der Server lehnt ab: {message}"},
    "online_spectator": {"en": "You are watching: only the players act.", "de": "Du schaust zu: nur die Spieler handeln."},
    "online_over": {"en": "The game is over.", "de": "Das Spiel ist aus."},
    "online_goodbye": {
        "en": "You left the table; your seat is kept. Back with: blackmaria join {link}",
        "de": "Du hast den Tisch verlassen; dein Platz bleibt frei für dich. Zurück mit: blackmaria join {link}",
    },
    "bot_level_random": {"en": "random", "de": "zufällig"},
    "bot_level_easy": {"en": "easy", "de": "leicht"},
    "bot_level_medium": {"en": "medium", "de": "mittel"},
    "bot_level_hard": {"en": "hard", "de": "schwer"},
    "bot_level_expert": {"en": "expert", "de": "Experte"},
}
