/**
 * The server prints its listening line before any validator exists (they compile on an
 * operation's first request, see registrar.ts). Right after, it compiles them in idle time,
 * one schema per turn of the event loop, so a request arriving meanwhile waits for one
 * schema at most and the first requests of a session rarely pay for compilation.
 */
import type { Schemas } from '../http/schemas.ts';
import type { Operation } from '../http/operation.ts';

export function warmUp(schemas: () => Schemas, operations: readonly Operation[]): void {
  const steps: (() => void)[] = [];
  for (const op of operations) {
    if (op.params) steps.push(() => schemas().coercingValidator(op.params!));
    if (op.query) steps.push(() => schemas().coercingValidator(op.query!));
    if (op.body) steps.push(() => schemas().bodyValidator(op.body!));
  }
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setImmediate(next).unref();
  };
  setImmediate(next).unref();
}
