/**
 * Where Redis is: one server's URL (REDIS_URL), or the nodes of a Redis Cluster
 * (REDIS_CLUSTER_NODES, `host:port` each; any reachable node is enough to find the rest).
 * The store and the scheduler take either and make their ioredis client here, so that
 * everything above them runs the same on one server and on many.
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';

export type RedisTarget = string | { cluster: string[] };

export const isCluster = (target: RedisTarget): target is { cluster: string[] } =>
  typeof target !== 'string';

/** `host:port` as ioredis takes a cluster's node. */
export function clusterNode(node: string): { host: string; port: number } {
  const at = node.lastIndexOf(':');
  return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
}

/**
 * The client for `target`: a Redis for a URL, a Cluster for nodes. `options` are each
 * connection's (a cluster's key prefix is the cluster's own option).
 */
export function connectRedis(target: RedisTarget, options: RedisOptions = {}): Redis | Cluster {
  if (!isCluster(target)) return new Redis(target, options);
  const { keyPrefix, ...redisOptions } = options;
  return new Cluster(target.cluster.map(clusterNode), {
    ...(keyPrefix !== undefined ? { keyPrefix } : {}),
    redisOptions,
  });
}

/** The variables that point a bot process at `target` (REDIS_URL or REDIS_CLUSTER_NODES). */
export function redisEnv(target: RedisTarget): Record<string, string> {
  return isCluster(target)
    ? { REDIS_CLUSTER_NODES: target.cluster.join(',') }
    : { REDIS_URL: target };
}
