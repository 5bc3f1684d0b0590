/**
 * Runs response control for one API request, in the registrar before the operation:
 * `Prefer: code=`/`delay=` and the fault rules. Answers mark the request's exchange
 * (sessions/exchange.ts, a `ControlNotes`) with the operation and what was injected, for the journal.
 */
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { errorBody } from '../contract/errors.ts';
import { rawReply, reply, type Operation, type Reply } from '../contract/operation.ts';
import type { FaultRules, FaultRule } from './rules.ts';
import { parsePrefer, warningHeader } from './rules.ts';
import { headerOf } from '../contract/request-header.ts';

/**
 * What response control leaves on the request's exchange for the journal. Declared here, so
 * that faults/ names nothing of the session: sessions/exchange.ts implements it.
 */
export interface ControlNotes {
  /** The operation, and what answered instead of it. */
  mark(operationId: string, injected: string | null): void;
  /** Says on the answer what of the request the mock did not honour (a `Prefer` part). */
  warn(text: string): void;
  /** Says how the answer was made (`X-Mock-Source`), when response control made it. */
  answeredBy(source: 'fault' | 'prefer'): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Closes the connection without an answer; in-process, the body fails as a dropped socket would. */
function reset(c: Context): Response {
  const env = c.env as HttpBindings | undefined;
  const socket = env?.incoming?.socket;
  if (socket) {
    socket.destroy();
    return new Response(null, { status: 200 }); // never written: the socket is gone
  }
  const stream = new ReadableStream({ start: (ctl) => ctl.error(new TypeError('connection reset by the mock (fault "reset")')) });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** An injected answer, for the registrar to write as it writes an operation's (JSON, unless the rule names a content type). */
function answer(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  const out: Record<string, string> = { 'content-type': 'application/json', ...headers };
  if (status === 429 && !Object.keys(out).some((name) => name.toLowerCase() === 'retry-after')) out['Retry-After'] = '1';
  return reply(body, { status, headers: out });
}

/** An answer by `rule`: a reset is a Response of its own (no answer is written); the others are Replies. */
async function byRule(c: Context, op: Operation, rule: FaultRule): Promise<Reply | Response | undefined> {
  if (rule.delay) await sleep(rule.delay);
  if (rule.fault === 'reset') return reset(c);
  if (rule.fault === 'empty') return rawReply(null, undefined, 200);
  if (rule.status === undefined) return undefined; // a delay only: the operation answers
  const body = rule.body !== undefined ? rule.body : errorBody(rule.status, `${op.operationId} answered ${rule.status} by fault rule ${rule.id}`);
  return answer(rule.status, body, rule.headers);
}

/** Whether response control has anything to do for this request: a `Prefer` header or a fault rule. */
export function controlled(c: Context, rules: FaultRules): boolean {
  return !rules.empty || headerOf(c, 'prefer') !== undefined;
}

/**
 * The injected answer for this request (a Reply the registrar writes; a reset's own Response),
 * or undefined to run the operation as usual.
 */
export async function control(c: Context, exchange: ControlNotes, op: Operation, rules: FaultRules): Promise<Reply | Response | undefined> {
  const prefer = parsePrefer(c.req.header('prefer'));
  const warning = prefer.warnings.length ? warningHeader(prefer.warnings) : undefined;
  if (warning) exchange.warn(warning);
  if (prefer.delay) await sleep(prefer.delay);
  if (prefer.code) {
    exchange.mark(op.operationId, 'prefer');
    exchange.answeredBy('prefer');
    const message = `${op.operationId} answered ${prefer.code} because the request asked for it (Prefer: code=${prefer.code}); nothing was changed`;
    return answer(prefer.code, errorBody(prefer.code, message));
  }
  const rule = rules.take({ operationId: op.operationId, method: c.req.method, path: c.req.path, template: op.path });
  if (!rule) return undefined;
  exchange.mark(op.operationId, rule.id);
  const injected = await byRule(c, op, rule);
  if (injected) exchange.answeredBy('fault');
  return injected;
}
