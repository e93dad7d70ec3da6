/**
 * Contact details staff may see partly in a channel. Free text (alert reasons, the
 * transcript, bolt's lines) is masked whole by `createTextMasker` / `maskPersonalData`
 * (src/log.ts), the same masking as the logs'.
 */

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
