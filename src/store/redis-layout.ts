/**
 * The server's names for a store key: `kv:` (values), `claim:` (claims), `lock:` (locks).
 * On one server the key follows as it is (`kv:conv:tg:42`), the format data already
 * stored is found by. On a cluster a script's keys must share a slot, so the key is a
 * hash tag (`kv:{conv:tg:42}`, `lock:{conv:tg:42}`: a conversation's value and its lock
 * together), and a lock taken with `read` of another key is named in that key's slot
 * (`lock:{tg:chat:7}tg:tap:<stamp>`): the lock, what it reads and what it writes back go
 * in one exchange there too. Such a lock is always taken with the same `read` (each
 * caller does), or it would be two locks.
 */
export interface RedisLayout {
  value(key: string): string;
  claim(key: string): string;
  lock(key: string, read?: string): string;
  /** Whether a lock taken with `read` and the value `written` can go in one script. */
  together(key: string, read: string | undefined, written: string): boolean;
}

export const serverLayout: RedisLayout = {
  value: (key) => `kv:${key}`,
  claim: (key) => `claim:${key}`,
  lock: (key) => `lock:${key}`,
  together: () => true,
};

export const clusterLayout: RedisLayout = {
  value: (key) => `kv:{${key}}`,
  claim: (key) => `claim:{${key}}`,
  lock: (key, read) =>
    read === undefined || read === key ? `lock:{${key}}` : `lock:{${read}}${key}`,
  together: (key, read, written) => written === (read ?? key),
};
