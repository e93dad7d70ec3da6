/** Telegram's text limits: long texts go out in several messages, split between lines. */

export const MAX_MESSAGE = 4096;

/** `text` in pieces of at most `limit` characters, cut at line ends where possible. */
export function splitText(text: string, limit = MAX_MESSAGE): string[] {
  const body = text.trim() === '' ? '…' : text;
  if (body.length <= limit) return [body];
  const parts: string[] = [];
  let rest = body;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const lineEnd = window.lastIndexOf('\n');
    const space = window.lastIndexOf(' ');
    const cut = lineEnd > limit / 2 ? lineEnd : space > limit / 2 ? space : limit;
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^\s+/, '');
  }
  if (rest.length > 0) parts.push(rest);
  return parts;
}
