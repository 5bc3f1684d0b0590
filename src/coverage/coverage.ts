/**
 * Coverage of one runtime (one session): how often each operation was called and with
 * which statuses, and how often each state-machine transition happened. The registrar
 * records operations; handlers note transitions where they apply a rule's result, and
 * the registrar keeps those notes only when the request's transaction commits.
 */
import type { Operation, TransitionNotes } from '../contract/operation.ts';
import { REFUSED, type Machine } from '../state-machine.ts';
import { KNOWN_TRANSITIONS, transitionId, type TransitionKey } from './transitions.ts';
import { SENT_EVENT_TYPES } from '../events/types.ts';

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  calls: number;
  statuses: Record<string, number>;
}

export interface TransitionCoverage extends TransitionKey {
  count: number;
}

export interface EventCoverage {
  type: string;
  /** Events of the type the session's writes sent to integrations (src/events/). */
  sent: number;
}

export interface CoverageReport {
  operations: { total: number; called: number; items: OperationCoverage[] };
  transitions: { total: number; exercised: number; items: TransitionCoverage[] };
  /** Absent in reports made before events were counted. */
  events?: { total: number; sent: number; items: EventCoverage[] };
}

export class Coverage implements TransitionNotes {
  private readonly calls = new Map<string, Map<number, number>>();
  private readonly counts = new Map<string, number>();
  private pending: TransitionKey[] = [];
  private readonly events = new Map<string, number>();

  constructor(private readonly operations: readonly Operation[]) {}

  /** One answered request of `operation` (any status, errors included). */
  operation(operationId: string, status: number): void {
    let statuses = this.calls.get(operationId);
    if (!statuses) this.calls.set(operationId, (statuses = new Map()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }

  /** A transition the current request made; kept only if the request commits. */
  transition(machine: Machine, from: string, to: string): void {
    this.pending.push({ machine: machine.name, from, to });
  }

  /** A move the rule turned down (`to` is `refused`): counted at once, the request fails. */
  refused(machine: Machine, from: string): void {
    this.count({ machine: machine.name, from, to: REFUSED });
  }

  /** The request's writes were kept: so are its transitions. */
  commit(): void {
    // Most requests make no transition: no new array for them.
    if (this.pending.length === 0) return;
    for (const key of this.pending) this.count(key);
    this.pending = [];
  }

  private count(key: TransitionKey): void {
    const id = transitionId(key);
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
  }

  /** An event sent to an integration (counted once per event, whatever its deliveries). */
  event(type: string): void {
    this.events.set(type, (this.events.get(type) ?? 0) + 1);
  }

  /** The request failed and its writes were undone: forget its transitions. */
  discard(): void {
    this.pending = [];
  }

  clear(): void {
    this.calls.clear();
    this.counts.clear();
    this.events.clear();
    this.pending = [];
  }

  report(): CoverageReport {
    const items = this.operations.map((op): OperationCoverage => {
      const statuses = this.calls.get(op.operationId) ?? new Map<number, number>();
      let calls = 0;
      for (const n of statuses.values()) calls += n;
      const byStatus = Object.fromEntries([...statuses].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n]));
      return { operationId: op.operationId, method: op.method, path: op.path, calls, statuses: byStatus };
    });
    const known = new Set(KNOWN_TRANSITIONS.map(transitionId));
    const transitions = KNOWN_TRANSITIONS.map((key) => ({ ...key, count: this.counts.get(transitionId(key)) ?? 0 }));
    // A transition missing from the catalogue still shows (a test keeps the catalogue complete).
    for (const [id, count] of this.counts) {
      if (known.has(id)) continue;
      const [machine, from, to] = id.split('\u0000');
      transitions.push({ machine, from, to, count });
    }
    const events = SENT_EVENT_TYPES.map((type) => ({ type, sent: this.events.get(type) ?? 0 }));
    return {
      operations: { total: items.length, called: items.filter((i) => i.calls > 0).length, items },
      transitions: { total: transitions.length, exercised: transitions.filter((t) => t.count > 0).length, items: transitions },
      events: { total: events.length, sent: events.filter((e) => e.sent > 0).length, items: events },
    };
  }
}
