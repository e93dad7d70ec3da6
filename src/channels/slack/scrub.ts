/**
 * Masks personal data in free text that leaves the staff replies: alert reasons (error
 * texts of the partner service may echo what a customer typed) and log lines of bolt.
 * A safety net, not a licence: alerts are built from ids, products and amounts.
 */

const EMAIL = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[^\s@<>()[\],;:"']+/g;
/** Spanish DNI (8 digits + letter) and NIE (X/Y/Z + 7 digits + letter). */
const SPANISH_ID = /\b(?:\d{8}|[XYZxyz]-?\d{7})-?[A-Za-z]\b/g;
/** Phone-like: optional +, then 9 or more digits, possibly split by spaces, dots or dashes. */
const PHONE = /(?:\+|\b)\d(?:[\s.-]?\d){8,}\b/g;

export function scrub(text: string): string {
  return text
    .replace(EMAIL, '[e-mail]')
    .replace(SPANISH_ID, '[document]')
    .replace(PHONE, '[phone]');
}

/**
 * A customer's contact details where staff see them in a channel (the support thread):
 * enough to recognise them ("an•••@example.com", "•••222"), not enough to copy them.
 * Staff who need the whole address look the sale up with /sales (an ephemeral reply).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '[e-mail]';
  const local = email.slice(0, at);
  const keep = local.length > 4 ? 2 : 1;
  return `${local.slice(0, keep)}•••${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 6 ? '[phone]' : `•••${digits.slice(-3)}`;
}
