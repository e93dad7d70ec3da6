import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Three projects, so that a test file starts only the Redis it reads: `unit` none, `redis`
 * a private redis-server (test/support/redis-setup.ts), `cluster` that server and a private
 * 3-node Redis Cluster (test/support/global-setup.ts). A file's project follows from its
 * text: `inject('redisCluster')` → cluster, `inject('redisUrl')` → redis, directly or
 * through a test/support module it imports. A new file lands in its project with no list
 * to update, and `npx vitest run test/domain` starts no Redis at all.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
  .map((file) => `test/${file.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.ts'));
const text = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
const injects = (what: string) => new RegExp(`inject\\(\\s*['"\`]${what}['"\`]\\s*\\)`);

function reading(what: string): string[] {
  const carriers = files
    .filter((file) => !file.endsWith('.test.ts') && injects(what).test(text.get(file)!))
    .map((file) => basename(file, '.ts'));
  return files.filter(
    (file) =>
      file.endsWith('.test.ts') &&
      (injects(what).test(text.get(file)!) ||
        carriers.some((carrier) => text.get(file)!.includes(`/${carrier}.js'`))),
  );
}

const clusterFiles = reading('redisCluster');
const redisFiles = reading('redisUrl').filter((file) => !clusterFiles.includes(file));

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at once even on two cores (vitest's default there is one): most of a file's
    // time is spent waiting on sockets, child processes and timers, not on the CPU.
    maxWorkers: 2,
    projects: (
      [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['test/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...clusterFiles, ...redisFiles],
          },
        },
        {
          extends: true,
          test: {
            name: 'redis',
            include: redisFiles,
            globalSetup: ['test/support/redis-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'cluster',
            include: clusterFiles,
            globalSetup: ['test/support/global-setup.ts'],
          },
        },
      ] satisfies TestProjectInlineConfiguration[]
    ).filter((project) => project.test.include.length > 0),
  },
});
