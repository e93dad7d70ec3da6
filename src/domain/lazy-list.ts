/**
 * A read-only array whose items are made when first read. A common word's search finds a
 * product per product of the catalog (50,000), and a turn reads a few of them (the best
 * two, a page): making an object per product for every list would hold the first
 * search's turn, and leave garbage. The list is a real array to its readers (indexing,
 * length, iteration, the array methods), so they need not change; a reader that walks it
 * all (`filter`, `map`) makes every item.
 *
 * The items made are kept in a sparse array (each at its index, the rest never allocated):
 * an array of the list's length would hold 8 bytes per item from the start, for each of a
 * common word's lists, which are kept per catalog version and offer.
 */

const isIndex = (key: string | symbol, length: number): key is string => {
  if (typeof key !== 'string') return false;
  const at = Number(key);
  return Number.isInteger(at) && at >= 0 && at < length && String(at) === key;
};

const readOnly = () => {
  throw new TypeError('a lazy list is read-only');
};

/** `length` items, the item at `i` being `make(i)`, made once, on its first read. */
export function lazyList<T>(length: number, make: (at: number) => T): T[] {
  // Sparse: only the items read are set; its own length is that of the items set so far,
  // and the list tells its readers `length`.
  const made: T[] = [];
  const have = (at: number): T => {
    // A hole reads as undefined; `in` tells a hole from an item that is undefined.
    if (!(at in made)) made[at] = make(at);
    return made[at]!;
  };
  const all = () => {
    for (let at = 0; at < length; at += 1) have(at);
  };
  return new Proxy(made, {
    get(target, key, receiver) {
      if (key === 'length') return length;
      if (isIndex(key, length)) return have(Number(key));
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      return isIndex(key, length) || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      if (isIndex(key, length)) have(Number(key));
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      // The array's length is writable: the list may tell its own.
      return key === 'length' ? { ...descriptor, value: length } : descriptor;
    },
    ownKeys(target) {
      all();
      return Reflect.ownKeys(target);
    },
    set: readOnly,
    defineProperty: readOnly,
    deleteProperty: readOnly,
  });
}
