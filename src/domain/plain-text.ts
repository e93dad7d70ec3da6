/**
 * Free text one person wrote and another reads (a gift card's message, a purchaser's
 * name, answers shown to staff), made safe to show as plain text: terminal escape
 * sequences, control characters, bidi overrides and isolates (which make a text read
 * differently from what it holds: "\u202Egpj.exe") and zero-width characters (hidden
 * text, look-alike codes) are removed. Newlines and tabs stay; CR LF becomes LF. Each
 * channel then escapes for its own markup (Slack's mrkdwn) or sends without any.
 */

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
