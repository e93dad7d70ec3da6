/** Messages shared by every flow: navigation, help, and failures. */
import { defineMessages } from './messages.js';

export const common = defineMessages({
  es: {
    back: '⬅️ Atrás',
    cancel: '✖️ Cancelar',
    home: '🏠 Inicio',
    more: 'Más ➡️',
    previous: '⬅️ Anteriores',
    yes: 'Sí',
    no: 'No',
    notUnderstood: 'No te he entendido. Elige una de las opciones o escribe /help.',
    staleButton: 'Ese botón ya no es válido. Esto es lo que tienes ahora:',
    tooLong: (max: number) =>
      `Ese mensaje es demasiado largo (más de ${max} caracteres): no lo he leído. Escríbelo más corto, por favor.`,
    serviceDown:
      'El servicio de reservas no responde ahora mismo. No se ha perdido nada: inténtalo de nuevo en un momento.',
    busy: 'Sigo con tu petición anterior; un momento, por favor.',
    /** The commands and what each is for: flows/booking/commands.ts. */
    help: (commands: string, menu: string, back: string) =>
      `Puedo ayudarte a reservar entradas y actividades. Usa los botones o escribe: ${commands}.\nEn cualquier paso, «${menu}» vuelve al inicio y «${back}» al paso anterior.`,
    /** A command in the help and a word that works like it: "/cart o «carrito»". */
    helpOrWord: (slash: string, word: string) => `${slash} o «${word}»`,
    languageChanged: 'Idioma cambiado a español.',
    cancelled: 'Hecho, empezamos de nuevo. Tu carrito se mantiene.',
    /** A conversation an update of the assistant could not carry on: back home, order kept. */
    startedOver:
      'He cambiado desde tu último mensaje y he tenido que volver al inicio. Disculpa las molestias: tu carrito, tu reserva y tus compras se mantienen.',
    greeting: '¡Hola! Seguimos donde lo dejamos.',
    noPerson:
      'Lo siento: desde aquí no puedo pasarte con una persona. Sigo ayudándote yo; escribe /help para ver qué puedo hacer.',
    alreadyBot: 'Ya estás hablando con el bot. Seguimos donde lo dejamos.',
    whichMeant: (word: string) =>
      `¡Hola! ¿«${word}» es tu respuesta? Si lo es, escríbelo otra vez; si no, escribe la respuesta.`,
    whichCancel: (word: string, label: string) =>
      `¿«${word}» la reserva, o dejar esto y empezar de nuevo conservando tu pedido? Para anularla pulsa «${label}»; para empezar de nuevo escribe «${word}» otra vez.`,
    typeHint: (labels: string) =>
      `No te he entendido. Puedes elegir un botón o escribir una de estas opciones (o su número): ${labels}. También «ayuda», «menú» o «cancelar».`,
    offerLanguage:
      'Parece que escribes en español. Si me escribes otra vez en español, seguimos en español (o escribe «español»).',
  },
  en: {
    back: '⬅️ Back',
    cancel: '✖️ Cancel',
    home: '🏠 Home',
    more: 'More ➡️',
    previous: '⬅️ Previous',
    yes: 'Yes',
    no: 'No',
    notUnderstood: "Sorry, I didn't get that. Choose one of the options or type /help.",
    staleButton: 'That button is no longer valid. Here is where you are:',
    tooLong: (max: number) =>
      `That message is too long (over ${max} characters), so I did not read it. Please write it shorter.`,
    serviceDown:
      'The booking service is not answering right now. Nothing was lost: please try again in a moment.',
    busy: 'Still working on your previous request; one moment, please.',
    help: (commands: string, menu: string, back: string) =>
      `I can help you book tickets and activities. Use the buttons or type: ${commands}.\nAt any step, "${menu}" goes to the start and "${back}" to the previous step.`,
    helpOrWord: (slash: string, word: string) => `${slash} or "${word}"`,
    languageChanged: 'Language changed to English.',
    cancelled: 'Done, starting over. Your cart is kept.',
    startedOver:
      'I have been updated since your last message and had to go back to the start. Sorry about that: your cart, your reservation and your purchases are kept.',
    greeting: 'Hi! We carry on where we left off.',
    noPerson:
      "Sorry: nobody can be reached from here. I'll keep helping you; type /help to see what I can do.",
    alreadyBot: "You're already talking to the bot. We carry on where we left off.",
    whichMeant: (word: string) =>
      `Hi! Is "${word}" your answer? If it is, type it again; if not, type the answer.`,
    whichCancel: (word: string, label: string) =>
      `"${word}" the reservation, or leave this and start over keeping your order? To cancel it tap "${label}"; to start over type "${word}" again.`,
    typeHint: (labels: string) =>
      `Sorry, I didn't get that. Choose a button or type one of these (or its number): ${labels}. Also "help", "menu" or "cancel".`,
    offerLanguage:
      'It looks like you write in English. Write to me in English again and we carry on in English (or type "English").',
  },
});
