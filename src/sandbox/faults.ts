/**
 * Injected failures, per operation, set through POST /__sandbox/faults. A fault applies
 * `before` the operation runs (nothing happens at the service) or `after` it (the
 * service acted, but the caller sees a failure: the ambiguous case the bot must
 * reconcile). `times` bounds how many calls it hits; absent means every call.
 */
import { z } from 'zod';

export const faultSchema = z.object({
  operation: z.string().min(1),
  phase: z.enum(['before', 'after']).default('before'),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  drop: z.boolean().optional(),
  malformedJson: z.boolean().optional(),
  failure: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Confirm and Sale only: behave as if capacity ran out. */
  capacityExhausted: z.boolean().optional(),
  times: z.number().int().min(1).optional(),
});
export type Fault = z.output<typeof faultSchema>;

export const faultsRequest = z.object({ faults: z.array(faultSchema) });

export interface Faults {
  set(faults: Fault[]): void;
  /** The fault that hits this call of `operation`, if any; counts it against `times`. */
  take(operation: string): Fault | undefined;
  list(): Fault[];
  clear(): void;
}

export function createFaults(): Faults {
  let active: Fault[] = [];
  return {
    set(faults) {
      active = faults.map((fault) => ({ ...fault }));
    },
    take(operation) {
      const index = active.findIndex(
        (fault) => fault.operation === operation || fault.operation === '*',
      );
      if (index < 0) return undefined;
      const fault = active[index]!;
      if (fault.times !== undefined) {
        fault.times -= 1;
        if (fault.times <= 0) active.splice(index, 1);
      }
      return fault;
    },
    list: () => active.map((fault) => ({ ...fault })),
    clear() {
      active = [];
    },
  };
}
