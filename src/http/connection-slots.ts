/**
 * The connection slots of one listener. Node's own cap (`server.maxConnections`) refuses
 * the newest connection, so whoever takes the slots first keeps everyone out: slow or
 * idle connections would lock Telegram's out. Here a new connection always gets in; when
 * its client address already holds `perAddress` connections, or the listener `total`,
 * the oldest connection that has not proved its caller is closed instead (one with no
 * request under way first: slow headers, idle keep-alive).
 *
 * A connection proves its caller with a request carrying the Telegram webhook secret or
 * a valid Slack signature: from then on it is never closed to make room, and it holds a
 * slot of the `reserved` ones beyond `total`. An attacker's connections only ever close
 * each other, or the attacker's.
 */
import type { Socket } from 'node:net';

export interface SlotLimits {
  /** Connections that have not proved their caller, on the listener. */
  total: number;
  /** Beyond `total`, for connections that have. */
  reserved: number;
  /** Per client address; undefined behind proxies (every connection is theirs). */
  perAddress: number | undefined;
}

export interface ConnectionSlots {
  /** A new connection (the server's 'connection' event). */
  admit(socket: Socket): void;
  /** A request is under way on it, or no longer. */
  busy(socket: Socket, busy: boolean): void;
  /** Its caller proved who it is: never closed to make room. */
  prove(socket: Socket): void;
  /** Open connections, and how many of them proved their caller. */
  count(): { open: number; proven: number };
}

interface Slot {
  address: string;
  busy: boolean;
  proven: boolean;
}

export function createConnectionSlots(
  limits: SlotLimits,
  /** Told each connection closed to make room. */
  onEvicted: (address: string) => void,
): ConnectionSlots {
  /** In the order they came: the first unproven one is the oldest. */
  const slots = new Map<Socket, Slot>();
  const unprovenOf = new Map<string, Set<Socket>>();
  let unproven = 0;

  const unmark = (socket: Socket, slot: Slot) => {
    if (slot.proven) return;
    unproven -= 1;
    const own = unprovenOf.get(slot.address);
    own?.delete(socket);
    if (own?.size === 0) unprovenOf.delete(slot.address);
  };
  const forget = (socket: Socket) => {
    const slot = slots.get(socket);
    if (!slot) return;
    unmark(socket, slot);
    slots.delete(socket);
  };
  /** The oldest unproven connection among `sockets`, an idle one first. */
  const oldest = (sockets: Iterable<Socket>): Socket | undefined => {
    let busy: Socket | undefined;
    for (const socket of sockets) {
      const slot = slots.get(socket);
      if (!slot || slot.proven) continue;
      if (!slot.busy) return socket;
      busy ??= socket;
    }
    return busy;
  };
  const evict = (socket: Socket, address: string) => {
    forget(socket);
    socket.destroy();
    onEvicted(address);
  };
  const full = () => unproven >= limits.total || slots.size >= limits.total + limits.reserved;

  return {
    admit(socket) {
      const address = socket.remoteAddress ?? 'unknown';
      const own = unprovenOf.get(address);
      if (limits.perAddress !== undefined && own) {
        while (own.size >= limits.perAddress) {
          const victim = oldest(own);
          if (!victim) break;
          evict(victim, address);
        }
      }
      while (full()) {
        const victim = oldest(slots.keys());
        if (!victim) {
          // Every slot is held by a proven caller: the newcomer is the one refused.
          socket.destroy();
          onEvicted(address);
          return;
        }
        evict(victim, slots.get(victim)?.address ?? 'unknown');
      }
      slots.set(socket, { address, busy: false, proven: false });
      unproven += 1;
      const mine = unprovenOf.get(address) ?? new Set<Socket>();
      mine.add(socket);
      unprovenOf.set(address, mine);
      socket.once('close', () => forget(socket));
    },
    busy(socket, busy) {
      const slot = slots.get(socket);
      if (slot) slot.busy = busy;
    },
    prove(socket) {
      const slot = slots.get(socket);
      if (!slot || slot.proven) return;
      unmark(socket, slot);
      slot.proven = true;
    },
    count() {
      return { open: slots.size, proven: slots.size - unproven };
    },
  };
}
