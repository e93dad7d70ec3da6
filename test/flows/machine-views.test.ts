/**
 * A structural proof over the booking machine's state nodes (not a run of it): every
 * state a conversation can be in either shows a view, or is tagged `busy` (the engine
 * waits it out before answering), or is transient (an `always` that cannot stay). The
 * engine throws "has no view" at a settled state with none, so one forgotten `meta.view`
 * would otherwise surface only when a customer got there.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { bookingMachine } from '#flows/booking/machine.js';
import type { StepMeta } from '#flows/booking/view.js';

/** Every state node with the nodes its transitions name (`on`, `after`, invoke, `always`). */
function edgesOf(graph: DirectedGraphNode, into = new Map<AnyStateNode, AnyStateNode[]>()) {
  const always = (graph.stateNode.always ?? []).flatMap(
    (transition: { target?: readonly AnyStateNode[] }) => transition.target ?? [],
  );
  into.set(graph.stateNode, [...graph.edges.map((edge) => edge.target), ...always]);
  for (const child of graph.children) edgesOf(child, into);
  return into;
}

/**
 * The nodes reachable from the machine's start: a node entered enters its initial child
 * (every child of a parallel node) and is inside all its ancestors; while a node is
 * active, its ancestors' transitions apply too, and they are followed from the ancestor.
 */
function reachable(): Set<AnyStateNode> {
  const edges = edgesOf(toDirectedGraph(bookingMachine));
  const seen = new Set<AnyStateNode>();
  const queue: AnyStateNode[] = [bookingMachine.root];
  while (queue.length > 0) {
    const node = queue.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (node.parent) queue.push(node.parent);
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === 'parallel') queue.push(...children);
    else if (node.initial?.target) queue.push(...(node.initial.target as AnyStateNode[]));
    queue.push(...(edges.get(node) ?? []));
  }
  return seen;
}

/** The view the engine would find: the node's own, or the nearest ancestor's. */
function hasView(node: AnyStateNode): boolean {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) {
    if ((at.meta as StepMeta | undefined)?.view) return true;
  }
  return false;
}

const isBusy = (node: AnyStateNode) => node.tags.includes('busy');

/** An `always` whose last branch has no guard: the state is always left at once. */
const isTransient = (node: AnyStateNode) => {
  const always = node.always ?? [];
  return always.length > 0 && always.at(-1)!.guard === undefined;
};

const isLeaf = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final';

describe('the booking machine, walked state node by state node', () => {
  const nodes = reachable();

  it('finds the steps the machine is made of', () => {
    // Guards the walk itself: an empty or tiny reachable set would prove nothing.
    const steps = new Set([...nodes].map((node) => node.path[0]));
    for (const step of ['home', 'browse', 'quantity', 'cart', 'review', 'payment', 'done'])
      expect(steps).toContain(step);
    expect([...nodes].filter(isLeaf).length).toBeGreaterThan(50);
  });

  it('gives every leaf state a view, or the busy tag, or a way out at once', () => {
    // All of them, the unreachable too: a saved conversation may be restored into one.
    const bare = getStateNodes(bookingMachine)
      .filter(isLeaf)
      .filter((node) => !hasView(node) && !isBusy(node) && !isTransient(node))
      .map((node) => node.id);
    expect(bare).toEqual([]);
  });

  it('tags every state that calls an actor busy, and only those (flows/booking/partner-call.ts)', () => {
    // The engine waits out a busy state; a call's state without the tag would be saved and
    // answered mid-call, and a busy state with no call would never settle.
    const nodes = getStateNodes(bookingMachine);
    const calling = nodes.filter((node) => node.invoke.length > 0).map((node) => node.id);
    const busy = nodes.filter(isBusy).map((node) => node.id);
    expect(calling.length).toBeGreaterThan(30);
    expect(busy).toEqual(calling);
  });

  it('reaches every state node but those kept for saved conversations', () => {
    // insurance.offer: the quote moved into the review; conversations saved in it go on.
    const unreached = getStateNodes(bookingMachine)
      .filter((node) => !nodes.has(node))
      .map((node) => node.id);
    expect(unreached).toEqual(['booking.insurance.offer']);
  });
});
