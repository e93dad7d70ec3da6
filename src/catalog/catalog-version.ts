/**
 * What tells one version of a catalog from another: its LastUpdatedDateTime, or, when the
 * service leaves that date out (real catalogs do), the digest of its content. One rule for
 * the catalog service (swap or keep) and the catalog's loaders, which use it to answer a
 * refresh of an unchanged catalog before taking it in: indexing 50,000 products again,
 * with the garbage collections of a heap twice its size, would pause every chat at every
 * refresh for a version then thrown away.
 */
import { createHash } from 'node:crypto';
import type { Catalog } from '#src/api/catalog.js';

export interface CatalogVersion {
  lastUpdated?: string;
  /** The content's digest, for a catalog without LastUpdatedDateTime. */
  digest?: string;
}

/** The version of a catalog as read (its content hashed only when it has no date). */
export function versionOf(catalog: Catalog): CatalogVersion {
  return catalog.lastUpdatedDateTime !== undefined
    ? { lastUpdated: catalog.lastUpdatedDateTime }
    : { digest: createHash('sha256').update(JSON.stringify(catalog)).digest('hex') };
}

/**
 * Whether `next` replaces `current`: its LastUpdatedDateTime moved forward, or, when either
 * has no such date, its content differs. Any version replaces none.
 */
export function replaces(next: CatalogVersion, current: CatalogVersion | undefined): boolean {
  if (!current) return true;
  const [was, now] = [current.lastUpdated, next.lastUpdated];
  // Both are yyyy-MM-ddThh:mm:ss strings in one zone: text order is time order.
  if (was !== undefined && now !== undefined) return now > was;
  return current.digest !== next.digest;
}
