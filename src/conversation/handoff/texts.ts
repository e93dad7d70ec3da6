/** What the customer reads of a handoff to a person, in Spanish and English. */
import { defineMessages } from '#src/i18n/messages.js';

export const handoffMessages = defineMessages({
  es: {
    ask: '🙋 Hablar con una persona',
    back: '🤖 Volver al bot',
    opened:
      'Le he pasado tu conversación a nuestro equipo: una persona te contestará aquí. Escribe aquí; /bot para volver al bot.',
    openedLater: (when: string) =>
      `Le he pasado tu conversación a nuestro equipo. Ahora no hay nadie atendiendo: te contestarán a partir del ${when}. Escribe aquí lo que necesites; /bot para volver al bot.`,
    unreachable:
      'Ahora mismo no he podido avisar a nuestro equipo. Sigo ayudándote yo; inténtalo de nuevo en un rato.',
    already: 'Ya estás hablando con una persona. Escribe aquí; /bot para volver al bot.',
    talkingTo: (name: string) =>
      `Estás hablando con ${name} (equipo). Escribe aquí; /bot para volver al bot.`,
    staffSaid: (name: string, text: string) => `${name}: ${text}`,
    /** Who wrote, when a staff member's name is nothing once made plain. */
    staffName: 'Equipo',
    paused:
      'Los botones del bot están en pausa mientras hablas con una persona. Escribe aquí, o /bot para volver al bot.',
    notSent: 'No he podido pasar tu mensaje al equipo. Inténtalo de nuevo en un momento.',
    returned: 'Has vuelto con el bot. Seguimos donde lo dejamos:',
    timedOut: (minutes: number) =>
      `Nadie del equipo ha contestado en ${minutes} minutos. Puedes seguir esperando aquí, o volver al bot.`,
    cart: (text: string) => `Nuestro equipo te envía tu carrito:\n${text}`,
    ticketsAgain: (name: string) => `🎟️ ${name} (equipo) te envía de nuevo tus entradas:`,
    fileFrom: (name: string) => `📎 ${name} (equipo) te envía un archivo:`,
  },
  en: {
    ask: '🙋 Talk to a person',
    back: '🤖 Back to the bot',
    opened:
      "I've passed your conversation to our team: a person will answer you here. Write here; /bot to go back to the bot.",
    openedLater: (when: string) =>
      `I've passed your conversation to our team. Nobody is answering right now: they will answer from ${when}. Write here what you need; /bot to go back to the bot.`,
    unreachable:
      "I couldn't reach our team right now. I'll keep helping you; please try again in a while.",
    already: "You're already talking to a person. Write here; /bot to go back to the bot.",
    talkingTo: (name: string) =>
      `You're talking to ${name} (staff). Write here; /bot to go back to the bot.`,
    staffSaid: (name: string, text: string) => `${name}: ${text}`,
    staffName: 'Team',
    paused:
      "The bot's buttons are paused while you talk to a person. Write here, or /bot to go back to the bot.",
    notSent: "I couldn't pass your message to the team. Please try again in a moment.",
    returned: "You're back with the bot. We carry on where we left off:",
    timedOut: (minutes: number) =>
      `Nobody from the team has answered in ${minutes} minutes. You can keep waiting here, or go back to the bot.`,
    cart: (text: string) => `Our team sends you your cart:\n${text}`,
    ticketsAgain: (name: string) => `🎟️ ${name} (staff) sends you your tickets again:`,
    fileFrom: (name: string) => `📎 ${name} (staff) sends you a file:`,
  },
});

/** What the bot writes in the thread (for staff: English). */
export const deskNotes = {
  customerLeft: 'The customer went back to the bot.',
  customerForgot:
    'The customer asked the bot to erase their details (/forget) and went back to the bot.',
  timedOut: (minutes: number) =>
    `No staff reply in ${minutes} min: the customer was offered the bot back.`,
};
