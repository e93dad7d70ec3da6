/**
 * What the Telegram adapter itself says, in es and en: button toasts, file checks, the
 * contact button, commands that are not offered yet. Everything about the booking is
 * the flow's text; these are only the channel's own words.
 */
import { defineMessages } from '#src/i18n/messages.js';

export const telegramMessages = defineMessages({
  es: {
    slowDown:
      'Vas un poco rápido: espera unos segundos y vuelve a escribirme. Lo que envíes mientras tanto no lo leo.',
    forgedButton: 'Este botón no es válido.',
    staleButton: 'Ese botón es de un paso anterior: usa el último mensaje.',
    repeatedTap: 'Un momento, ya estoy con ello.',
    sharePhone: '📱 Compartir mi teléfono',
    phonePlaceholder: '+34 600 000 000',
    keyboardRemoved: '👌',
    noFileExpected: 'Ahora no necesito ningún archivo.',
    fileTooLarge: (max: string) => `Ese archivo es demasiado grande: el máximo es ${max}.`,
    fileType: (types: string) => `No acepto ese tipo de archivo aquí. Tipos válidos: ${types}.`,
    fileFailed: 'No he podido descargar el archivo. Inténtalo de nuevo, por favor.',
    unsupported: 'Aquí solo entiendo texto, botones, contactos y archivos.',
    failed: 'Algo ha fallado por nuestra parte; no se ha perdido nada. Inténtalo de nuevo.',
    pages: (page: number, pages: number) => `${page}/${pages}`,
    ticketCode: (code: string) => `Código: ${code}`,
  },
  en: {
    slowDown:
      'You are going a bit fast: wait a few seconds and write again. I skip what you send meanwhile.',
    forgedButton: 'This button is not valid.',
    staleButton: 'That button is from an earlier step: use the latest message.',
    repeatedTap: 'One moment, I am on it.',
    sharePhone: '📱 Share my phone number',
    phonePlaceholder: '+44 20 7946 0958',
    keyboardRemoved: '👌',
    noFileExpected: 'I do not need a file right now.',
    fileTooLarge: (max: string) => `That file is too large: the maximum is ${max}.`,
    fileType: (types: string) => `That kind of file is not accepted here. Accepted: ${types}.`,
    fileFailed: 'I could not download the file. Please try again.',
    unsupported: 'Here I understand text, buttons, contacts and files.',
    failed: 'Something went wrong on our side; nothing was lost. Please try again.',
    pages: (page: number, pages: number) => `${page}/${pages}`,
    ticketCode: (code: string) => `Code: ${code}`,
  },
});

export type TelegramMessages = ReturnType<typeof telegramMessages>;
