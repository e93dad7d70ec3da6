/**
 * The `/sales` form: the filters of the command as a modal, for those who prefer it.
 * Every field is optional; an empty form lists all sales. The block ids are read back
 * by `readSalesForm`.
 */
import type { types } from '@slack/bolt';
import { parseDateInput } from '#src/domain/time.js';
import type { SalesFilters } from '#src/conversation/staff/lookups.js';
import { checkRange } from '../filters.js';
import type { ModalView } from './common.js';

export const SALES_FORM_VIEW = 'sales_search';
const ACTION = 'value';

const FIELDS = [
  { block: 'id', field: 'partnerSaleId', label: 'PartnerSaleId', kind: 'text' },
  { block: 'from', field: 'fromTransactionDateTime', label: 'Bought from', kind: 'date' },
  { block: 'to', field: 'toTransactionDateTime', label: 'Bought until', kind: 'date' },
  { block: 'access_from', field: 'fromAccessDateTime', label: 'Visit from', kind: 'date' },
  { block: 'access_to', field: 'toAccessDateTime', label: 'Visit until', kind: 'date' },
  { block: 'name', field: 'clientName', label: 'Client name', kind: 'text' },
  { block: 'email', field: 'clientEmail', label: 'Client e-mail', kind: 'text' },
  { block: 'phone', field: 'clientPhone', label: 'Client phone', kind: 'text' },
  { block: 'doc', field: 'clientDocumentIdentifier', label: 'Client document', kind: 'text' },
] as const satisfies readonly {
  block: string;
  field: keyof SalesFilters;
  label: string;
  kind: 'text' | 'date';
}[];

export function salesFormView(privateMetadata: string): ModalView {
  return {
    type: 'modal',
    callback_id: SALES_FORM_VIEW,
    title: { type: 'plain_text', text: 'Find sales' },
    submit: { type: 'plain_text', text: 'Search' },
    close: { type: 'plain_text', text: 'Cancel' },
    private_metadata: privateMetadata,
    blocks: FIELDS.map((input): types.InputBlock => ({
      type: 'input',
      block_id: input.block,
      optional: true,
      label: { type: 'plain_text', text: input.label },
      element:
        input.kind === 'date'
          ? { type: 'datepicker', action_id: ACTION }
          : { type: 'plain_text_input', action_id: ACTION, max_length: 200 },
    })),
  };
}

/** The submitted state: block id → action id → the element's value. */
export type FormValues = Record<
  string,
  Record<string, { value?: string | null; selected_date?: string | null }>
>;

export type FormResult =
  { ok: true; value: SalesFilters } | { ok: false; errors: Record<string, string> };

export function readSalesForm(values: FormValues): FormResult {
  const filters: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const input of FIELDS) {
    const state = values[input.block]?.[ACTION];
    const raw = (input.kind === 'date' ? state?.selected_date : state?.value)?.trim();
    if (!raw) continue;
    if (input.kind === 'date') {
      const date = parseDateInput(raw);
      if (date) filters[input.field] = date;
      else errors[input.block] = 'Not a date';
    } else {
      filters[input.field] = raw;
    }
  }
  const value = filters as SalesFilters;
  const transactions = checkRange(value.fromTransactionDateTime, value.toTransactionDateTime, [
    'Bought from',
    'Bought until',
  ]);
  if (transactions) errors.to = transactions.replace(/`/g, '');
  const access = checkRange(value.fromAccessDateTime, value.toAccessDateTime, [
    'Visit from',
    'Visit until',
  ]);
  if (access) errors.access_to = access.replace(/`/g, '');
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}
