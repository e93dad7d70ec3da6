/** What the question steps say, in Spanish and English. */
import { defineMessages } from '#src/i18n/messages.js';

export const questionMessages = defineMessages({
  es: {
    weAre: (count: number) => `👥 Somos ${count}`,
    weAreNote: (count: number) =>
      `Si sois ${count}, pulsa «👥 Somos ${count}» y cambio las entradas; si no, escribe el nombre.`,
    ticketHeading: (n: number, total: number, ticket: string, attendee?: number) =>
      `Entrada ${n} de ${total} — ${ticket}${attendee !== undefined ? `, asistente ${attendee}` : ''}`,
    profileHeading: (label: string, n: number, total: number) => `${label} (${n}/${total})`,
    optional: '(opcional)',
    loading: 'Un momento, consulto las preguntas de la reserva…',
    hintText: 'Escribe tu respuesta.',
    hintTextList: 'Escribe una o varias respuestas separadas por comas.',
    hintBoolean: 'Elige Sí o No.',
    hintBooleanList: 'Responde sí o no a cada punto, separados por comas (p. ej.: sí, no).',
    hintDate: 'Escribe la fecha, p. ej. 15/08/1990 o 15 de agosto de 1990.',
    hintDateList: 'Escribe una o varias fechas separadas por comas, p. ej. 15/08/2026, 22/08/2026.',
    hintInteger: 'Escribe un número entero, p. ej. 12.',
    hintIntegerList: 'Escribe uno o varios números enteros separados por comas, p. ej. 8, 11.',
    hintDecimal: 'Escribe un número; los decimales con coma o punto, p. ej. 1,25 o 1.25.',
    hintDecimalList: 'Escribe uno o varios números separados por punto y coma, p. ej. 70,5; 8,2.',
    hintSelectOne: 'Elige una opción.',
    hintSelectMany: (max: number | undefined) =>
      max === undefined
        ? 'Marca las opciones que quieras y pulsa Listo.'
        : `Marca hasta ${max} opciones y pulsa Listo.`,
    hintFile: (accepted: string) => `Envía el archivo como adjunto: ${accepted}.`,
    hintFileList: (accepted: string) =>
      `Envía los archivos de uno en uno, todos del mismo tipo (${accepted} cada uno), y pulsa Listo.`,
    accepted: (types: string, size: string) => `${types}, hasta ${size}`,
    or: 'o',
    current: (answer: string) => `Respuesta actual: ${answer}`,
    chosen: (values: string) => `Marcadas: ${values}`,
    noneChosen: 'Aún no has marcado ninguna.',
    filesReceived: (count: number) =>
      count === 1 ? 'Archivo recibido: 1.' : `Archivos recibidos: ${count}.`,
    files: (count: number, extension: string) =>
      count === 1 ? `1 archivo (${extension})` : `${count} archivos (${extension})`,
    skip: '⏭️ Omitir',
    skipOptional: (count: number) => `⏭️ Omitir las opcionales de esta entrada (${count})`,
    skipOptionalAll: (count: number) => `⏭️ Omitir las opcionales de todas las entradas (${count})`,
    sameForAll: (n: number) => `📋 Igual que la entrada ${n} en todas`,
    sameCopied: (n: number, count: number, next: number | undefined) =>
      `📋 Copiadas de la entrada ${n} las respuestas iguales para todos (${count})` +
      (next === undefined
        ? '.'
        : `; lo de cada persona se pregunta en su entrada: ahora, la entrada ${next}.`),
    asLastTime: (who: string) => `📋 Como la última vez${who ? ` (${who})` : ''}`,
    implausible: (why: 'birth-after-visit' | 'age-out-of-range'): string =>
      why === 'birth-after-visit'
        ? 'Esa fecha de nacimiento es posterior a la visita. Revísala, por favor.'
        : 'Esa edad no es posible: escribe una edad entre 0 y 120 años.',
    sameNote:
      'Las demás respuestas se copian; los datos de cada persona y los archivos se piden por entrada.',
    listHint: (count: number, tickets: string, commas: boolean) =>
      `O las ${count} respuestas a la vez (entradas ${tickets}), una por línea${commas ? ' o separadas por comas' : ''}.`,
    listKept: (count: number, tickets: string) =>
      count === 1 ? `✔️ Anotada la entrada ${tickets}.` : `✔️ Anotadas las entradas ${tickets}.`,
    listRefused: (position: number, ticket: number, reason: string, byLine: boolean) =>
      `${byLine ? 'Línea' : 'Respuesta'} ${position} (entrada ${ticket}): ${reason}`,
    listAskedAgain: 'Lo que falta te lo pido en su entrada.',
    listTooMany: (given: number, places: number) =>
      `Has escrito ${given} respuestas y desde esta entrada hay ${places}: una por entrada, por favor.`,
    ticketRange: (from: number, to: number) => `${from} a ${to}`,
    and: 'y',
    filePerTicket: (n: number, total: number) =>
      `Un archivo por entrada: este es el de la entrada ${n} de ${total}.`,
    fileForGroup: 'Un solo documento para todo el grupo.',
    done: '✅ Listo',
    keep: '✔️ Mantener la respuesta',
    errorRequired: 'Esta pregunta es obligatoria: necesito una respuesta para seguir.',
    errorPattern: 'La respuesta no tiene el formato esperado. Revísala, por favor.',
    errorNotText: 'Escribe la respuesta como texto, por favor.',
    errorNotADate: (item: string) =>
      `«${item}» no es una fecha que entienda. Escríbela así: 15/08/1990 o 15 de agosto de 1990.`,
    errorNotAnInteger: (item: string) =>
      `«${item}» no es un número entero. Escribe solo cifras, p. ej. 12.`,
    errorNotADecimal: (item: string) => `«${item}» no es un número. Escríbelo así: 12,5 o 12.5.`,
    errorNotABoolean: (item: string) => `«${item}» no es una respuesta válida: responde sí o no.`,
    errorNotAnOption: (item: string, options: string) =>
      `«${item}» no es una de las opciones: ${options}.`,
    errorTooManyValues: (max: number) =>
      max === 1
        ? 'Solo se admite una.'
        : `Puedes marcar como máximo ${max}; desmarca alguna antes.`,
    errorNotAFile: 'Esta pregunta espera un archivo: envíalo como adjunto.',
    errorTooManyFiles: (max: number) =>
      `Ya tengo ${max} archivos, el máximo para esta respuesta: pulsa Listo.`,
    errorFileType: (type: string, accepted: string) =>
      `No se admite ese tipo de archivo (${type}). Se admiten: ${accepted}.`,
    errorFileTooLarge: (size: string) => `El archivo es demasiado grande: como máximo ${size}.`,
    errorFileTypesDiffer: 'Todos los archivos de esta respuesta deben ser del mismo tipo.',
    errorFileNotExpected: 'Esta pregunta no espera un archivo: escribe o elige la respuesta.',
  },
  en: {
    weAre: (count: number) => `👥 We are ${count}`,
    weAreNote: (count: number) =>
      `If you are ${count}, press "👥 We are ${count}" and I will change the tickets; if not, type the name.`,
    ticketHeading: (n: number, total: number, ticket: string, attendee?: number) =>
      `Ticket ${n} of ${total} — ${ticket}${attendee !== undefined ? `, attendee ${attendee}` : ''}`,
    profileHeading: (label: string, n: number, total: number) => `${label} (${n}/${total})`,
    optional: '(optional)',
    loading: 'One moment, checking the questions for this booking…',
    hintText: 'Type your answer.',
    hintTextList: 'Type one or more answers, separated by commas.',
    hintBoolean: 'Choose Yes or No.',
    hintBooleanList: 'Answer yes or no for each item, separated by commas (e.g. yes, no).',
    hintDate: 'Type the date, e.g. 15/08/1990 or 15 August 1990.',
    hintDateList: 'Type one or more dates separated by commas, e.g. 15/08/2026, 22/08/2026.',
    hintInteger: 'Type a whole number, e.g. 12.',
    hintIntegerList: 'Type one or more whole numbers separated by commas, e.g. 8, 11.',
    hintDecimal: 'Type a number; decimals with a comma or a dot, e.g. 1,25 or 1.25.',
    hintDecimalList: 'Type one or more numbers separated by semicolons, e.g. 70.5; 8.2.',
    hintSelectOne: 'Choose one option.',
    hintSelectMany: (max: number | undefined) =>
      max === undefined
        ? 'Tick the options you want and press Done.'
        : `Tick up to ${max} options and press Done.`,
    hintFile: (accepted: string) => `Send the file as an attachment: ${accepted}.`,
    hintFileList: (accepted: string) =>
      `Send the files one at a time, all of the same type (${accepted} each), then press Done.`,
    accepted: (types: string, size: string) => `${types}, up to ${size}`,
    or: 'or',
    current: (answer: string) => `Current answer: ${answer}`,
    chosen: (values: string) => `Ticked: ${values}`,
    noneChosen: 'Nothing ticked yet.',
    filesReceived: (count: number) =>
      count === 1 ? 'Files received: 1.' : `Files received: ${count}.`,
    files: (count: number, extension: string) =>
      count === 1 ? `1 file (${extension})` : `${count} files (${extension})`,
    skip: '⏭️ Skip',
    skipOptional: (count: number) => `⏭️ Skip this ticket's optional ones (${count})`,
    skipOptionalAll: (count: number) => `⏭️ Skip the optional ones of every ticket (${count})`,
    sameForAll: (n: number) => `📋 Same as ticket ${n} for all`,
    sameCopied: (n: number, count: number, next: number | undefined) =>
      `📋 Copied ticket ${n}'s answers that are the same for everyone (${count})` +
      (next === undefined
        ? '.'
        : `; what is about each person is asked at their ticket: now ticket ${next}.`),
    asLastTime: (who: string) => `📋 As last time${who ? ` (${who})` : ''}`,
    implausible: (why: 'birth-after-visit' | 'age-out-of-range'): string =>
      why === 'birth-after-visit'
        ? 'That date of birth is after the visit. Please check it.'
        : 'That age is not possible: type an age from 0 to 120.',
    sameNote: "The other answers are copied; each person's details and files are asked per ticket.",
    listHint: (count: number, tickets: string, commas: boolean) =>
      `Or all ${count} at once (tickets ${tickets}), one per line${commas ? ' or separated by commas' : ''}.`,
    listKept: (count: number, tickets: string) =>
      count === 1 ? `✔️ Noted for ticket ${tickets}.` : `✔️ Noted for tickets ${tickets}.`,
    listRefused: (position: number, ticket: number, reason: string, byLine: boolean) =>
      `${byLine ? 'Line' : 'Item'} ${position} (ticket ${ticket}): ${reason}`,
    listAskedAgain: 'I will ask what is missing at its ticket.',
    listTooMany: (given: number, places: number) =>
      `You wrote ${given} answers and there are ${places} tickets from this one on: one per ticket, please.`,
    ticketRange: (from: number, to: number) => `${from} to ${to}`,
    and: 'and',
    filePerTicket: (n: number, total: number) =>
      `One file per ticket: this one is for ticket ${n} of ${total}.`,
    fileForGroup: 'One document for the whole group.',
    done: '✅ Done',
    keep: '✔️ Keep this answer',
    errorRequired: 'This question is required: I need an answer to go on.',
    errorPattern: 'That answer is not in the expected format. Please check it.',
    errorNotText: 'Please type the answer as text.',
    errorNotADate: (item: string) =>
      `"${item}" is not a date I understand. Write it like 15/08/1990 or 15 August 1990.`,
    errorNotAnInteger: (item: string) =>
      `"${item}" is not a whole number. Use digits only, e.g. 12.`,
    errorNotADecimal: (item: string) => `"${item}" is not a number. Write it like 12.5 or 12,5.`,
    errorNotABoolean: (item: string) => `"${item}" is not a valid answer: answer yes or no.`,
    errorNotAnOption: (item: string, options: string) =>
      `"${item}" is not one of the options: ${options}.`,
    errorTooManyValues: (max: number) =>
      max === 1 ? 'Only one is allowed.' : `You can tick at most ${max}; untick one first.`,
    errorNotAFile: 'This question expects a file: send it as an attachment.',
    errorTooManyFiles: (max: number) =>
      `I already have ${max} files, the most this answer takes: press Done.`,
    errorFileType: (type: string, accepted: string) =>
      `That file type (${type}) is not accepted. Accepted: ${accepted}.`,
    errorFileTooLarge: (size: string) => `The file is too large: at most ${size}.`,
    errorFileTypesDiffer: 'All the files of this answer must be of the same type.',
    errorFileNotExpected: 'This question does not take a file: type or choose the answer.',
  },
});

export type QuestionMessages = ReturnType<typeof questionMessages>;
