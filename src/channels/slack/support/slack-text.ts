/**
 * What staff write in Slack, as the customer should read it: Slack sends a message's
 * text with its markup (`<https://…|label>`, `<@U123>`, `<#C1|name>`, `<!here>`) and
 * &, < and > escaped; Telegram gets plain text (sent with no parse mode), with no control
 * or bidi characters (plainText: a pasted U+202E would make the reply read otherwise).
 */
import { plainText } from '#src/domain/plain-text.js';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>' };

function link(inner: string): string {
  const [target = '', label] = inner.split('|', 2);
  if (target.startsWith('@') || target.startsWith('!')) return label ? `@${label}` : '@…';
  if (target.startsWith('#')) return label ? `#${label}` : '#…';
  const url = target.replace(/^mailto:/, '');
  return label && label !== url ? `${label} (${url})` : url;
}

export function slackToPlain(text: string): string {
  return plainText(
    text
      .replace(/<([^<>]*)>/g, (_match, inner: string) => link(inner))
      .replace(/&(amp|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity),
  ).trim();
}
