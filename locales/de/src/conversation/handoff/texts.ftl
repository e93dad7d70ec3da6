ask = 🙋 Mit einer Person sprechen
back = 🤖 Zurück zum Bot
opened = Ich habe Ihr Gespräch an unser Team weitergegeben: Eine Person antwortet Ihnen hier. Schreiben Sie hier; /bot, um zum Bot zurückzukehren.
opened-later = Ich habe Ihr Gespräch an unser Team weitergegeben. Gerade ist niemand erreichbar: Sie erhalten eine Antwort ab { $when }. Schreiben Sie hier, was Sie brauchen; /bot, um zum Bot zurückzukehren.
unreachable = Ich konnte unser Team gerade nicht erreichen. Ich helfe Ihnen weiter; bitte versuchen Sie es später noch einmal.
already = Sie sprechen bereits mit einer Person. Schreiben Sie hier; /bot, um zum Bot zurückzukehren.
talking-to = Sie sprechen mit { $name } (Team). Schreiben Sie hier; /bot, um zum Bot zurückzukehren.
staff-said = { $name }: { $said }
staff-name = Team
paused = Die Buttons des Bots sind pausiert, solange Sie mit einer Person sprechen. Schreiben Sie hier, oder /bot, um zum Bot zurückzukehren.
not-sent = Ich konnte Ihre Nachricht nicht an das Team weitergeben. Bitte versuchen Sie es gleich noch einmal.
returned = Sie sind zurück beim Bot. Wir machen da weiter, wo wir aufgehört haben:
timed-out =
    Seit { $minutes ->
        [one] einer Minute
       *[other] { $minutes } Minuten
    } hat niemand aus dem Team geantwortet. Sie können hier weiter warten oder zum Bot zurückkehren.
cart =
    Unser Team schickt Ihnen Ihren Warenkorb:
    { $cart }
tickets-again = 🎟️ { $name } (Team) schickt Ihnen Ihre Tickets noch einmal:
file-from = 📎 { $name } (Team) schickt Ihnen eine Datei:
