ask = 🙋 Parla con una persona
back = 🤖 Torna al bot
opened = Ho passato la tua conversazione al nostro team: una persona ti risponderà qui. Scrivi qui; /bot per tornare al bot.
opened-later = Ho passato la tua conversazione al nostro team. Al momento non c'è nessuno: ti risponderanno a partire da { $when }. Scrivi qui quello che ti serve; /bot per tornare al bot.
unreachable = In questo momento non sono riuscito ad avvisare il nostro team. Continuo ad aiutarti io; riprova tra un po'.
already = Stai già parlando con una persona. Scrivi qui; /bot per tornare al bot.
talking-to = Stai parlando con { $name } (team). Scrivi qui; /bot per tornare al bot.
staff-said = { $name }: { $said }
staff-name = Team
paused = I pulsanti del bot sono in pausa mentre parli con una persona. Scrivi qui, oppure /bot per tornare al bot.
not-sent = Non sono riuscito a passare il tuo messaggio al team. Riprova tra un attimo.
returned = Sei di nuovo con il bot. Riprendiamo da dove eravamo rimasti:
timed-out =
    Nessuno del team ha risposto in { $minutes ->
        [one] un minuto
       *[other] { $minutes } minuti
    }. Puoi continuare ad aspettare qui, o tornare al bot.
cart =
    Il nostro team ti invia il tuo carrello:
    { $cart }
tickets-again = 🎟️ { $name } (staff) ti invia di nuovo i tuoi biglietti:
file-from = 📎 { $name } (staff) ti invia un file:
