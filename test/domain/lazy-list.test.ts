/**
 * The lazy list (src/domain/lazy-list.ts): an array to its readers whose items are made
 * on their first read, so a turn reading a page of a common word's 50,000 hits makes a
 * page of them.
 */
import { describe, expect, it } from 'vitest';
import { lazyList } from '#src/domain/lazy-list.js';

const counted = (length: number) => {
  const made: number[] = [];
  const list = lazyList(length, (at) => {
    made.push(at);
    return { at };
  });
  return { list, made };
};

describe('a lazy list', () => {
  it('makes only the items read, each once', () => {
    const { list, made } = counted(50_000);
    expect(list).toHaveLength(50_000);
    const [first, second] = list;
    expect(first).toEqual({ at: 0 });
    expect(second).toEqual({ at: 1 });
    expect(list.slice(16, 24).map((item) => item.at)).toEqual([16, 17, 18, 19, 20, 21, 22, 23]);
    expect(list[1]).toBe(second);
    expect(list.find((item) => item.at === 3)).toEqual({ at: 3 });
    expect(made).toEqual([0, 1, 16, 17, 18, 19, 20, 21, 22, 23, 2, 3]);
  });

  it('tells its length before and after items far apart are read (the rest never made)', () => {
    const { list, made } = counted(50_000);
    expect(list.at(-1)).toEqual({ at: 49_999 });
    expect(list[40_000]).toEqual({ at: 40_000 });
    expect(list).toHaveLength(50_000);
    expect(Object.getOwnPropertyDescriptor(list, 'length')?.value).toBe(50_000);
    expect(list.slice(-2).map((item) => item.at)).toEqual([49_998, 49_999]);
    expect(made).toEqual([49_999, 40_000, 49_998]);
  });

  it('reads as the array of its items to the array methods and to equality', () => {
    const { list } = counted(3);
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((item) => item.at)).toEqual([0, 1, 2]);
    expect(list.every((item) => item.at < 3)).toBe(true);
    expect(list).toEqual([{ at: 0 }, { at: 1 }, { at: 2 }]);
    expect(list[3]).toBeUndefined();
  });

  it('cannot be changed', () => {
    const { list } = counted(2);
    expect(() => list.push({ at: 2 })).toThrow(TypeError);
    expect(() => {
      list[0] = { at: 9 };
    }).toThrow(TypeError);
  });
});
