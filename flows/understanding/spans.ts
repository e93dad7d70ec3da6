/**
 * The words of one message and which of them a reader has already taken, so a date's
 * "15" is not also read as a quantity and what is left is what names the product.
 */
export interface Span<T> {
  start: number;
  length: number;
  value: T;
}

export class Words {
  readonly used: boolean[];

  constructor(readonly list: readonly string[]) {
    this.used = list.map(() => false);
  }

  /** The word at `at` when no reader has taken it. */
  free(at: number): string | undefined {
    return this.used[at] ? undefined : this.list[at];
  }

  take(start: number, length: number): void {
    for (let i = start; i < start + length; i += 1) this.used[i] = true;
  }

  /** The words of a span as typed (folded). */
  text(start: number, length: number): string {
    return this.list.slice(start, start + length).join(' ');
  }

  /** The words no reader took. */
  rest(): string[] {
    return this.list.filter((_, i) => !this.used[i]);
  }
}
