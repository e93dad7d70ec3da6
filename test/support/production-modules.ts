/**
 * A node_modules holding the production dependencies only, as `npm ci --omit=dev` would
 * install them: every package the lockfile does not mark `dev`, linked from the project's
 * own node_modules. Run with `--preserve-symlinks`, a package's own imports resolve inside
 * this folder too, so anything that reaches for a dev dependency fails as it would in the
 * image.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

interface LockEntry {
  dev?: boolean;
}

/** The lockfile's top-level packages (`node_modules/<name>`) that production installs. */
export function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  return (
    Object.entries(lock.packages)
      .filter(([path, entry]) => path.startsWith('node_modules/') && entry.dev !== true)
      .map(([path]) => path.slice('node_modules/'.length))
      // A nested copy travels inside its parent's folder.
      .filter((name) => !name.includes('/node_modules/'))
  );
}

/** Links the production packages into `<dir>/node_modules`; returns their names. */
export function linkProductionModules(dir: string): string[] {
  const linked: string[] = [];
  for (const name of productionPackages()) {
    const installed = join(root, 'node_modules', name);
    // Optional packages for other platforms are in the lockfile, not on this disk.
    if (!existsSync(installed)) continue;
    const link = join(dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(installed, link);
    linked.push(name);
  }
  return linked;
}
