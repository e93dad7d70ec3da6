/** One page of a list of options, with the neighbours' existence for more/previous. */
export const PAGE_SIZE = 8;

export interface Page<T> {
  items: T[];
  /** The page shown (clamped to the pages there are). */
  page: number;
  hasPrevious: boolean;
  hasMore: boolean;
}

export function pageOf<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const last = Math.max(0, Math.ceil(items.length / size) - 1);
  const shown = Math.min(Math.max(0, page), last);
  return {
    items: items.slice(shown * size, shown * size + size),
    page: shown,
    hasPrevious: shown > 0,
    hasMore: shown < last,
  };
}
