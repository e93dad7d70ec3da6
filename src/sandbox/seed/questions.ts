/**
 * The demo's question profiles, of every level (ticket, provider, sale, client) and
 * between them of every DataType 0–13. One ticket profile is dynamic: its questions
 * depend on the product, the access date and the session (`dynamicQuestions`).
 */
import type { Question, QuestionsProfile } from '#src/api/questions.js';
import { DataType } from '#src/domain/partner-codes.js';
import type { IsoDate } from '#src/api/schema.js';
import { isWeekend } from './dates.js';
import { demoIds } from './demo-ids.js';
import { seedId } from './ids.js';
import { translator, type SeedLanguage, type Tr } from './language.js';

const P = demoIds.profiles;

/** Patterns are plain ECMAScript (no `u` flag needed), anchored, and tested against answers. */
export const patterns = {
  personName: "^[A-Za-zÀ-ÿ' .-]{2,60}$",
  email: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  phone: '^\\+?[0-9 ]{9,15}$',
  document: '^[A-Z0-9]{6,12}$',
} as const;

interface QuestionOptions {
  short?: [string, string];
  required?: boolean;
  pattern?: keyof typeof patterns;
  error?: [string, string];
  values?: [value: string, es: string, en: string][];
  maxNumberOfValues?: number;
}

function question(
  tr: Tr,
  key: string,
  dataType: DataType,
  text: [string, string],
  options: QuestionOptions = {},
): Question {
  return {
    id: seedId(`question:${key}`),
    question: tr(...text),
    shortQuestion: options.short ? tr(...options.short) : undefined,
    required: options.required ?? false,
    dataType,
    maxNumberOfValues: options.maxNumberOfValues,
    regexValidationPattern: options.pattern ? patterns[options.pattern] : undefined,
    regexValidationErrorMessage: options.error ? tr(...options.error) : undefined,
    values: (options.values ?? []).map(([value, es, en]) => ({ text: tr(es, en), value })),
  };
}

function profile(
  tr: Tr,
  id: string,
  name: [string, string],
  questions: Question[],
  extra: { commercialName?: [string, string]; dynamic?: boolean } = {},
): QuestionsProfile {
  return {
    id,
    name: tr(...name),
    commercialName: extra.commercialName ? tr(...extra.commercialName) : undefined,
    areDynamicQuestions: extra.dynamic ?? false,
    questions,
  };
}

const NAME_ERROR: [string, string] = [
  'Escribe un nombre de 2 a 60 letras.',
  'Enter a name of 2 to 60 letters.',
];

/** The questions of the dynamic profile that every query gets. */
function showBaseQuestions(tr: Tr): Question[] {
  return [
    question(tr, 'show.holder', DataType.Text, ['Nombre del titular', "Ticket holder's name"], {
      short: ['Titular', 'Holder'],
      required: true,
      pattern: 'personName',
      error: NAME_ERROR,
    }),
  ];
}

/**
 * The dynamic profile's questions for one ticket: the holder's name always; the seating
 * zone only when a session is given (as the spec says some dynamic questions are);
 * the meet-the-sea-lions option only on weekend dates; the child's age only for the
 * child product. Undefined for a profile that is not dynamic (use its static questions).
 */
export function dynamicQuestions(
  profileId: string,
  productId: string,
  date: IsoDate,
  sessionId?: string,
  language: SeedLanguage = 'es',
): Question[] | undefined {
  if (profileId !== P.ticketShowDynamic) return undefined;
  const tr = translator(language);
  const questions = showBaseQuestions(tr);
  if (sessionId !== undefined)
    questions.push(
      question(
        tr,
        'show.zone',
        DataType.SelectOne,
        ['Zona preferida en la grada', 'Preferred stand area'],
        {
          short: ['Zona', 'Area'],
          required: true,
          values: [
            ['front', 'Primeras filas (puede mojarse)', 'Front rows (you may get wet)'],
            ['middle', 'Zona central', 'Middle'],
            ['back', 'Zona alta', 'Upper rows'],
          ],
        },
      ),
    );
  if (isWeekend(date))
    questions.push(
      question(
        tr,
        'show.meet',
        DataType.Boolean,
        [
          '¿Quieres saludar a los leones marinos al terminar el show (fines de semana)?',
          'Would you like to meet the sea lions after the show (weekends)?',
        ],
        { short: ['Saludo', 'Meet'] },
      ),
    );
  if (productId === demoIds.products.parkShowChild)
    questions.push(
      question(tr, 'show.childAge', DataType.Integer, ['Edad del niño o niña', "Child's age"], {
        short: ['Edad', 'Age'],
        required: true,
      }),
    );
  return questions;
}

/**
 * Every profile the demo catalog refers to. A dynamic profile is listed with the
 * questions every query gets; the full set comes from `dynamicQuestions`.
 */
export function questionProfiles(language: SeedLanguage): QuestionsProfile[] {
  const tr = translator(language);
  return [
    profile(
      tr,
      P.ticketVisitor,
      ['Datos del visitante', 'Visitor details'],
      [
        question(
          tr,
          'visitor.name',
          DataType.Text,
          ['Nombre y apellidos del visitante', "Visitor's full name"],
          {
            short: ['Nombre', 'Name'],
            required: true,
            pattern: 'personName',
            error: NAME_ERROR,
          },
        ),
        question(
          tr,
          'visitor.accessibility',
          DataType.Boolean,
          ['¿Necesitas un itinerario accesible?', 'Do you need an accessible route?'],
          { short: ['Accesibilidad', 'Accessibility'] },
        ),
        question(tr, 'visitor.birthDate', DataType.Date, ['Fecha de nacimiento', 'Date of birth'], {
          short: ['Nacimiento', 'Birth date'],
          required: true,
        }),
        question(
          tr,
          'visitor.age',
          DataType.Integer,
          ['Edad el día de la visita', 'Age on the day of the visit'],
          {
            short: ['Edad', 'Age'],
          },
        ),
      ],
      { commercialName: ['Visitante', 'Visitor'] },
    ),
    profile(
      tr,
      P.ticketPlanetarium,
      ['Planetario', 'Planetarium'],
      [
        question(
          tr,
          'planetarium.language',
          DataType.SelectOne,
          ['Idioma de la narración', 'Narration language'],
          {
            short: ['Idioma', 'Language'],
            required: true,
            values: [
              ['es', 'Español', 'Spanish'],
              ['en', 'Inglés', 'English'],
              ['va', 'Valenciano', 'Valencian'],
            ],
          },
        ),
        question(
          tr,
          'planetarium.childAges',
          DataType.IntegerList,
          ['Edades de los menores que asisten', 'Ages of the children attending'],
          { short: ['Edades', 'Ages'] },
        ),
      ],
    ),
    profile(
      tr,
      P.ticketHeight,
      ['Altura para toboganes', 'Height for the slides'],
      [
        question(
          tr,
          'height.metres',
          DataType.Decimal,
          ['Altura del niño o niña, en metros', "Child's height, in metres"],
          {
            short: ['Altura (m)', 'Height (m)'],
            required: true,
          },
        ),
      ],
    ),
    profile(
      tr,
      P.ticketAdventure,
      ['Participante de ruta', 'Route participant'],
      [
        question(
          tr,
          'adventure.allergies',
          DataType.TextList,
          ['Alergias o intolerancias del participante', "Participant's allergies or intolerances"],
          { short: ['Alergias', 'Allergies'] },
        ),
        question(
          tr,
          'adventure.consents',
          DataType.BooleanList,
          [
            'Consentimientos: uso de imagen, seguimiento GPS',
            'Consents: use of images, GPS tracking',
          ],
          { short: ['Consentimientos', 'Consents'] },
        ),
        question(
          tr,
          'adventure.altDates',
          DataType.DateList,
          ['Fechas alternativas si hay mal tiempo', 'Alternative dates in case of bad weather'],
          { short: ['Fechas alternativas', 'Alternative dates'] },
        ),
        question(
          tr,
          'adventure.weights',
          DataType.DecimalList,
          [
            'Peso del participante y de su mochila, en kg',
            'Weight of the participant and of the backpack, in kg',
          ],
          { short: ['Pesos (kg)', 'Weights (kg)'] },
        ),
        question(
          tr,
          'adventure.extras',
          DataType.SelectMany,
          ['Servicios opcionales', 'Optional services'],
          {
            short: ['Extras', 'Extras'],
            maxNumberOfValues: 2,
            values: [
              ['picnic', 'Picnic', 'Picnic lunch'],
              ['poles', 'Bastones de senderismo', 'Hiking poles'],
              ['photos', 'Reportaje fotográfico', 'Photo report'],
            ],
          },
        ),
        question(
          tr,
          'adventure.medical',
          DataType.File,
          ['Certificado médico (PDF o imagen)', 'Medical certificate (PDF or image)'],
          {
            short: ['Certificado', 'Certificate'],
            required: true,
          },
        ),
        question(
          tr,
          'adventure.authorisations',
          DataType.FileList,
          ['Autorizaciones firmadas (menores de edad)', 'Signed authorisations (minors)'],
          { short: ['Autorizaciones', 'Authorisations'] },
        ),
      ],
    ),
    profile(
      tr,
      P.ticketShowDynamic,
      ['Show de leones marinos', 'Sea lion show'],
      showBaseQuestions(tr),
      {
        dynamic: true,
      },
    ),
    profile(
      tr,
      P.providerMuseum,
      ['Contacto de la visita', 'Visit contact'],
      [
        question(tr, 'museum.phone', DataType.Text, ['Teléfono de contacto', 'Contact phone'], {
          short: ['Teléfono', 'Phone'],
          required: true,
          pattern: 'phone',
          error: [
            'Escribe un teléfono de 9 a 15 cifras.',
            'Enter a phone number of 9 to 15 digits.',
          ],
        }),
        question(
          tr,
          'museum.newsletter',
          DataType.Boolean,
          [
            '¿Quieres recibir la agenda del museo?',
            "Would you like to receive the museum's agenda?",
          ],
          { short: ['Agenda', 'Agenda'] },
        ),
      ],
    ),
    profile(
      tr,
      P.providerMountain,
      ['Datos del grupo', 'Group details'],
      [
        question(
          tr,
          'mountain.organisation',
          DataType.Text,
          ['Centro u organización', 'School or organisation'],
          {
            short: ['Organización', 'Organisation'],
            required: true,
          },
        ),
        question(tr, 'mountain.leader', DataType.Text, ['Responsable del grupo', 'Group leader'], {
          short: ['Responsable', 'Leader'],
          required: true,
          pattern: 'personName',
          error: NAME_ERROR,
        }),
        question(
          tr,
          'mountain.teachers',
          DataType.Integer,
          ['Número de acompañantes adultos', 'Number of accompanying adults'],
          {
            short: ['Acompañantes', 'Companions'],
            required: true,
          },
        ),
        question(
          tr,
          'mountain.list',
          DataType.File,
          ['Listado de participantes', 'List of participants'],
          {
            short: ['Listado', 'List'],
          },
        ),
      ],
    ),
    profile(
      tr,
      P.providerWinery,
      ['Mayoría de edad', 'Legal age'],
      [
        question(
          tr,
          'winery.adult',
          DataType.Boolean,
          [
            'Confirmo que todos los asistentes tienen 18 años o más',
            'I confirm that every attendee is 18 or older',
          ],
          { short: ['Mayor de edad', 'Of age'], required: true },
        ),
        question(
          tr,
          'winery.birthDate',
          DataType.Date,
          ['Fecha de nacimiento del comprador', "Buyer's date of birth"],
          {
            short: ['Nacimiento', 'Birth date'],
            required: true,
          },
        ),
      ],
    ),
    profile(
      tr,
      P.sale,
      ['Encuesta de la compra', 'Purchase survey'],
      [
        question(
          tr,
          'sale.source',
          DataType.SelectMany,
          ['¿Cómo nos has conocido?', 'How did you hear about us?'],
          {
            short: ['Origen', 'Source'],
            maxNumberOfValues: 2,
            values: [
              ['search', 'Buscador', 'Search engine'],
              ['social', 'Redes sociales', 'Social media'],
              ['friends', 'Amigos o familia', 'Friends or family'],
              ['hotel', 'Hotel', 'Hotel'],
            ],
          },
        ),
        question(
          tr,
          'sale.comments',
          DataType.Text,
          ['Comentarios para el proveedor', 'Comments for the provider'],
          {
            short: ['Comentarios', 'Comments'],
          },
        ),
      ],
    ),
    profile(
      tr,
      P.client,
      ['Datos del cliente', 'Customer details'],
      [
        question(tr, 'client.name', DataType.Text, ['Nombre y apellidos', 'Full name'], {
          short: ['Nombre', 'Name'],
          required: true,
          pattern: 'personName',
          error: NAME_ERROR,
        }),
        question(tr, 'client.email', DataType.Text, ['Correo electrónico', 'E-mail address'], {
          short: ['Correo', 'E-mail'],
          required: true,
          pattern: 'email',
          error: [
            'Escribe un correo válido, como nombre@ejemplo.com.',
            'Enter a valid e-mail, such as name@example.com.',
          ],
        }),
        question(tr, 'client.phone', DataType.Text, ['Teléfono móvil', 'Mobile phone'], {
          short: ['Teléfono', 'Phone'],
          pattern: 'phone',
          error: [
            'Escribe un teléfono de 9 a 15 cifras.',
            'Enter a phone number of 9 to 15 digits.',
          ],
        }),
        question(
          tr,
          'client.document',
          DataType.Text,
          ['DNI, NIE o pasaporte', 'ID card or passport number'],
          {
            short: ['Documento', 'Document'],
            pattern: 'document',
            error: ['De 6 a 12 letras mayúsculas o cifras.', '6 to 12 capital letters or digits.'],
          },
        ),
        question(tr, 'client.birthDate', DataType.Date, ['Fecha de nacimiento', 'Date of birth'], {
          short: ['Nacimiento', 'Birth date'],
        }),
        question(
          tr,
          'client.country',
          DataType.SelectOne,
          ['País de residencia', 'Country of residence'],
          {
            short: ['País', 'Country'],
            values: [
              ['ES', 'España', 'Spain'],
              ['FR', 'Francia', 'France'],
              ['GB', 'Reino Unido', 'United Kingdom'],
              ['DE', 'Alemania', 'Germany'],
              ['OT', 'Otro', 'Other'],
            ],
          },
        ),
      ],
    ),
  ];
}
