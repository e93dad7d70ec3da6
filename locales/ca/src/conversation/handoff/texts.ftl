ask = 🙋 Parlar amb una persona
back = 🤖 Tornar al bot
opened = He passat la teva conversa al nostre equip: una persona et respondrà aquí. Escriu aquí; /bot per tornar al bot.
opened-later = He passat la teva conversa al nostre equip. Ara no hi ha ningú atenent: et respondran a partir de { $when }. Escriu aquí el que necessitis; /bot per tornar al bot.
unreachable = Ara mateix no he pogut avisar el nostre equip. Continuo ajudant-te jo; torna-ho a provar d'aquí a una estona.
already = Ja estàs parlant amb una persona. Escriu aquí; /bot per tornar al bot.
talking-to = Estàs parlant amb { $name } (equip). Escriu aquí; /bot per tornar al bot.
staff-said = { $name }: { $said }
staff-name = Equip
paused = Els botons del bot estan en pausa mentre parles amb una persona. Escriu aquí, o /bot per tornar al bot.
not-sent = No he pogut passar el teu missatge a l'equip. Torna-ho a provar d'aquí a un moment.
returned = Has tornat amb el bot. Continuem on ho havíem deixat:
timed-out =
    Ningú de l'equip no ha respost en { $minutes ->
        [one] un minut
       *[other] { $minutes } minuts
    }. Pots continuar esperant aquí, o tornar al bot.
cart =
    El nostre equip t'envia la teva cistella:
    { $cart }
tickets-again = 🎟️ { $name } (equip) t'envia de nou les teves entrades:
file-from = 📎 { $name } (equip) t'envia un fitxer:
