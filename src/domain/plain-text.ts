/**
 * Free text one person wrote and another reads (a gift card's message, a purchaser's
 * name, answers shown to staff), made safe to show as plain text: terminal escape
 * sequences, control characters, bidi overrides and isolates (which make a text read
 * differently from what it holds: "\u202Egpj.exe") and zero-width characters (hidden
 * text, look-alike codes) are removed. Newlines and tabs stay; CR LF becomes LF. Each
 * channel then escapes for its own markup (Slack's mrkdwn) or sends without any.
 */
import { convert as htmlToText, type HtmlToTextOptions } from 'html-to-text';

/** ANSI/VT escape sequences: CSI (ESC [ … final byte), OSC (ESC ] … BEL or ST), others. */
const ESCAPE_SEQUENCES =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;

/** C0 and C1 controls but tab and newline, DEL. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Bidi embeddings, overrides, isolates and marks; zero-width spaces, joiners and the
 * word joiner family; the BOM; line and paragraph separators; the Mongolian vowel separator.
 */
const INVISIBLE = /[\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(ESCAPE_SEQUENCES, '')
    .replace(CONTROLS, '')
    .replace(INVISIBLE, '');
}

/**
 * The partner's texts (names, descriptions, conditions, question texts) arrive with the
 * HTML its back office writes: `<p>…<br>`, styled spans, `&nbsp;`. `partnerText` makes
 * them plain text once, where a response is read, through html-to-text (a parser, where
 * a regex would miss comments, entities and attributes holding `>`): entities decoded,
 * `<br>` and paragraphs as line breaks, list items as lines, links as their text, every
 * other tag dropped; then `plainText`'s clean-up. Text without markup is only cleaned.
 */
const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'p', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'ul', options: { itemPrefix: '• ', leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'ol', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 },
    })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/** Markup or an entity: what makes a text worth the parser. */
const MARKUP = /<[a-z!/]|&(?:#\d+|#x[\da-f]+|[a-z]+);/i;

export function partnerText(text: string): string {
  const converted = MARKUP.test(text) ? htmlToText(text, HTML_OPTIONS) : text;
  return plainText(converted)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
