# Shared by every flow: navigation, help and failures (src/i18n/common.ts).
# Register: tú.

back = ⬅️ Atrás
cancel = ✖️ Cancelar
home = 🏠 Inicio
more = Más ➡️
previous = ⬅️ Anteriores
yes = Sí
no = No
not-understood = No te he entendido. Elige una de las opciones o escribe /help.
stale-button = Ese botón ya no es válido. Esto es lo que tienes ahora:
too-long = Ese mensaje es demasiado largo (más de { $max } caracteres): no lo he leído. Escríbelo más corto, por favor.
service-down = El servicio de reservas no responde ahora mismo. No se ha perdido nada: inténtalo de nuevo en un momento.
busy = Sigo con tu petición anterior; un momento, por favor.
# $commands: the commands, each as help-or-word and what it is for (flows/booking/commands.ts).
# $menu, $back: the words that go to the start and one step back.
help =
    Puedo ayudarte a reservar entradas y actividades. Usa los botones o escribe: { $commands }.
    En cualquier paso, «{ $menu }» vuelve al inicio y «{ $back }» al paso anterior.
# A command in the help and a word that works like it: "/cart o «carrito»".
help-or-word = { $slash } o «{ $word }»
language-changed = Idioma cambiado a español.
cancelled = Hecho, empezamos de nuevo. Tu carrito se mantiene.
# A conversation an update of the assistant could not carry on: back home, order kept.
started-over = He cambiado desde tu último mensaje y he tenido que volver al inicio. Disculpa las molestias: tu carrito, tu reserva y tus compras se mantienen.
greeting = ¡Hola! Seguimos donde lo dejamos.
no-person = Lo siento: desde aquí no puedo pasarte con una persona. Sigo ayudándote yo; escribe /help para ver qué puedo hacer.
already-bot = Ya estás hablando con el bot. Seguimos donde lo dejamos.
# $word: a word the customer typed that could be an answer or a command.
which-meant = ¡Hola! ¿«{ $word }» es tu respuesta? Si lo es, escríbelo otra vez; si no, escribe la respuesta.
# $word: the customer's "cancelar"; $label: the button that cancels the reservation.
which-cancel = ¿«{ $word }» la reserva, o dejar esto y empezar de nuevo conservando tu pedido? Para anularla pulsa «{ $label }»; para empezar de nuevo escribe «{ $word }» otra vez.
type-hint = No te he entendido. Puedes elegir un botón o escribir una de estas opciones (o su número): { $labels }. También «ayuda», «menú» o «cancelar».
offer-language = Parece que escribes en español. Si me escribes otra vez en español, seguimos en español (o escribe «español»).
