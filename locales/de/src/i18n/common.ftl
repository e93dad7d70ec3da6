# Register: Sie.

back = ⬅️ Zurück
cancel = ✖️ Abbrechen
home = 🏠 Start
more = Mehr ➡️
previous = ⬅️ Vorherige
yes = Ja
no = Nein
not-understood = Das habe ich nicht verstanden. Wählen Sie eine der Optionen oder schreiben Sie /help.
stale-button = Dieser Button gilt nicht mehr. Hier ist der aktuelle Stand:
too-long = Diese Nachricht ist zu lang (über { $max } Zeichen), deshalb habe ich sie nicht gelesen. Bitte schreiben Sie sie kürzer.
service-down = Der Buchungsservice antwortet gerade nicht. Es ist nichts verloren gegangen: Bitte versuchen Sie es gleich noch einmal.
busy = Ich bin noch mit Ihrer vorherigen Anfrage beschäftigt; einen Moment bitte.
help =
    Ich helfe Ihnen, Tickets und Aktivitäten zu buchen. Nutzen Sie die Buttons oder schreiben Sie: { $commands }.
    In jedem Schritt führt „{ $menu }“ zum Anfang und „{ $back }“ einen Schritt zurück.
help-or-word = { $slash } oder „{ $word }“
language-changed = Sprache auf Deutsch umgestellt.
cancelled = Erledigt, wir fangen neu an. Ihr Warenkorb bleibt erhalten.
started-over = Ich wurde seit Ihrer letzten Nachricht aktualisiert und musste zum Anfang zurückkehren. Entschuldigen Sie bitte: Ihr Warenkorb, Ihre Reservierung und Ihre Käufe bleiben erhalten.
greeting = Hallo! Wir machen da weiter, wo wir aufgehört haben.
no-person = Tut mir leid: Von hier aus kann ich Sie nicht mit einer Person verbinden. Ich helfe Ihnen gern weiter; schreiben Sie /help, um zu sehen, was ich kann.
already-bot = Sie sprechen bereits mit dem Bot. Wir machen da weiter, wo wir aufgehört haben.
which-meant = Hallo! Ist „{ $word }“ Ihre Antwort? Wenn ja, schreiben Sie es noch einmal; wenn nicht, schreiben Sie die Antwort.
which-cancel = Meinen Sie mit „{ $word }“, die Reservierung zu stornieren, oder dies zu lassen und neu anzufangen, wobei Ihre Bestellung erhalten bleibt? Zum Stornieren tippen Sie auf „{ $label }“; zum Neuanfang schreiben Sie noch einmal „{ $word }“.
type-hint = Das habe ich nicht verstanden. Wählen Sie einen Button oder schreiben Sie eine dieser Optionen (oder ihre Nummer): { $labels }. Außerdem „Hilfe“, „Menü“ oder „abbrechen“.
offer-language = Sie schreiben anscheinend auf Deutsch. Schreiben Sie mir noch einmal auf Deutsch, dann machen wir auf Deutsch weiter (oder schreiben Sie „Deutsch“).
