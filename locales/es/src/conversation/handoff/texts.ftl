# What the customer reads of a handoff to a person (src/conversation/handoff/texts.ts).
ask = 🙋 Hablar con una persona
back = 🤖 Volver al bot
opened = Le he pasado tu conversación a nuestro equipo: una persona te contestará aquí. Escribe aquí; /bot para volver al bot.
# $when: the day and hour the team answers from, with its time zone ("lunes, 15 de junio, 09:00 (Europe/Madrid)").
opened-later = Le he pasado tu conversación a nuestro equipo. Ahora no hay nadie atendiendo: te contestarán a partir del { $when }. Escribe aquí lo que necesites; /bot para volver al bot.
unreachable = Ahora mismo no he podido avisar a nuestro equipo. Sigo ayudándote yo; inténtalo de nuevo en un rato.
already = Ya estás hablando con una persona. Escribe aquí; /bot para volver al bot.
talking-to = Estás hablando con { $name } (equipo). Escribe aquí; /bot para volver al bot.
# A staff member's message: "Marta: …".
staff-said = { $name }: { $said }
# Who wrote, when a staff member's name is nothing once made plain.
staff-name = Equipo
paused = Los botones del bot están en pausa mientras hablas con una persona. Escribe aquí, o /bot para volver al bot.
not-sent = No he podido pasar tu mensaje al equipo. Inténtalo de nuevo en un momento.
returned = Has vuelto con el bot. Seguimos donde lo dejamos:
timed-out =
    Nadie del equipo ha contestado en { $minutes ->
        [one] un minuto
       *[other] { $minutes } minutos
    }. Puedes seguir esperando aquí, o volver al bot.
# $cart: the cart's lines.
cart =
    Nuestro equipo te envía tu carrito:
    { $cart }
tickets-again = 🎟️ { $name } (equipo) te envía de nuevo tus entradas:
file-from = 📎 { $name } (equipo) te envía un archivo:
