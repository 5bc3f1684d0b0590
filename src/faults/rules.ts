/**
 * Response control (docs/contract.md): fault rules added at /__admin/faults and the `Prefer`
 * header. A rule matches an operation by id, method and path (template or exact path) and
 * answers instead of it: a status with a body and headers, a delay, or a broken answer.
 * Rules live on the runtime, so they are cleared with its state (reset, scenario load).
 */
import { checkRuleTarget, type RouteRow } from './rule-target.ts';
import { argumentError } from '../text/argument-error.ts';
import { errors } from '../contract/errors.ts';

export interface FaultRule {
  id: string;
  operationId?: string;
  method?: string;
  path?: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delay?: number;
  fault?: 'reset' | 'empty';
  times?: number;
  after?: number;
}

interface Held {
  rule: FaultRule;
  matched: number;
  /** Matching requests seen, including those skipped by `after`. */
  seen: number;
}

/**
 * A rule as posted: what schemas/admin/fault-rule.json lets through (the registrar refuses the
 * rest with a 400 naming the field), one of `status`, `fault` or `delay` at least.
 */
export type NewFaultRule = Omit<FaultRule, 'id'>;

/** The rule kept for `input`: its id given, its method in capitals, no field left undefined. */
export function ruleOf(input: NewFaultRule, id: string): FaultRule {
  const rule: FaultRule = { id, ...input, method: input.method?.toUpperCase() };
  for (const key of Object.keys(rule) as (keyof FaultRule)[]) if (rule[key] === undefined) delete rule[key];
  return rule;
}

/** `input` as JSON would carry it (what the admin API would be sent), or a TypeError for what JSON cannot carry. */
function asJson(input: NewFaultRule): NewFaultRule {
  try {
    const text = JSON.stringify(input) as string | undefined;
    if (text !== undefined) return JSON.parse(text) as NewFaultRule;
  } catch {
    // A BigInt, a cycle: below.
  }
  throw argumentError('faults.add(rule): rule', 'a fault rule as POST /__admin/faults takes it (an object JSON can carry)', input);
}

/**
 * Refuses a rule part of whose answer would be dropped in silence (issue 44): a `fault` answers
 * with no status of its own (a reset sends nothing, `empty` a 200 with no body), so a `status`,
 * `body` or `headers` beside it would never be sent; a `body` or `headers` without a `status`
 * would never be sent either (the operation answers, after the delay).
 */
export function checkRuleAnswer(rule: NewFaultRule): void {
  const given = (['status', 'body', 'headers'] as const).filter((field) => rule[field] !== undefined);
  if (rule.fault !== undefined && given.length) {
    throw errors.badRequest(`body.${given[0]} cannot go with body.fault "${rule.fault}": a fault answers on its own (${rule.fault === 'reset' ? 'the connection closes with no answer' : 'a 200 with no body'}); send either fault or status (with its body and headers)`);
  }
  const orphan = given.find((field) => field !== 'status');
  if (orphan && rule.status === undefined) throw errors.badRequest(`body.${orphan} is sent only with body.status, which is missing: without a status the operation answers`);
}

/** What a request is, for matching: its operation (if any), method, path and the template. */
export interface Target {
  operationId: string;
  method: string;
  path: string;
  template: string;
}

export class FaultRules {
  private held: Held[] = [];
  private next = 1;

  /**
   * `routes`: the route table a rule is checked against (a rule no route can match is a 400).
   * `problem`: what is wrong with a rule as POST /__admin/faults reads it (schemas/admin/fault-rule.json), if anything.
   */
  constructor(
    private readonly routes: readonly RouteRow[],
    private readonly problem: (rule: unknown) => string | undefined = () => undefined,
  ) {}

  /**
   * Keeps `input` if a route can match it. The admin API's rules were checked by the registrar;
   * one added in-process (`runtime.faults.add`) is taken as JSON and checked the same way, a
   * TypeError naming the field when it is not a rule the admin API would take.
   */
  add(input: NewFaultRule): FaultRule {
    const taken = asJson(input);
    const problem = this.problem(taken);
    if (problem !== undefined) throw new TypeError(`faults.add(rule): ${problem}`);
    checkRuleAnswer(taken);
    const rule = ruleOf(taken, `fault_${this.next}`);
    checkRuleTarget(rule, this.routes);
    this.next++;
    this.held.push({ rule, matched: 0, seen: 0 });
    return rule;
  }

  list(): (FaultRule & { matched: number })[] {
    return this.held.map(({ rule, matched }) => ({ ...rule, matched }));
  }

  delete(id: string): boolean {
    const before = this.held.length;
    this.held = this.held.filter((h) => h.rule.id !== id);
    return this.held.length < before;
  }

  clear(): void {
    this.held = [];
  }

  /** No rules: most requests, which then need no matching at all. */
  get empty(): boolean {
    return this.held.length === 0;
  }

  /** The first rule that applies to this request (counting it), or undefined. */
  take(t: Target): FaultRule | undefined {
    for (const h of this.held) {
      const { rule } = h;
      if (rule.operationId && rule.operationId !== t.operationId) continue;
      if (rule.method && rule.method !== t.method) continue;
      if (rule.path && rule.path !== t.template && rule.path.replace(/\/+$/, '') !== t.path.replace(/\/+$/, '')) continue;
      h.seen++;
      if (rule.after !== undefined && h.seen <= rule.after) continue;
      if (rule.times !== undefined && h.matched >= rule.times) continue;
      h.matched++;
      return rule;
    }
    return undefined;
  }
}

/** The longest delay a request may ask for, in milliseconds (a rule's `delay` too). */
export const MAX_DELAY_MS = 60_000;

/** What a `Prefer` header asks of the mock, and what of it was not honoured (the X-Mock-Warning header). */
export interface Preference {
  code?: number;
  delay?: number;
  /** One sentence per part ignored or changed, saying why. */
  warnings: string[];
}

/**
 * `Prefer: code=429, delay=200` → { code: 429, delay: 200 }. A code outside 400-599 or not a
 * number, a delay that is not whole milliseconds, and any other preference are ignored with a
 * warning; a delay past MAX_DELAY_MS is cut to it, with a warning.
 */
export function parsePrefer(header: string | undefined): Preference {
  const out: Preference = { warnings: [] };
  if (!header) return out;
  for (const raw of header.split(/[,;]/)) {
    const part = raw.trim();
    if (part === '') continue;
    const m = /^([^=\s]+)\s*(?:=\s*"?([^"]*)"?)?$/.exec(part);
    const name = m?.[1].toLowerCase();
    const value = m?.[2]?.trim() ?? '';
    if (name === 'code') {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (n >= 400 && n <= 599) out.code = n;
      else out.warnings.push(`Prefer ${part} ignored: code takes an error status from 400 to 599`);
    } else if (name === 'delay') {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (Number.isNaN(n)) out.warnings.push(`Prefer ${part} ignored: delay takes whole milliseconds`);
      else if (n > MAX_DELAY_MS) {
        out.delay = MAX_DELAY_MS;
        out.warnings.push(`Prefer ${part} capped at delay=${MAX_DELAY_MS}: delays are at most 60 s`);
      } else out.delay = n;
    } else {
      out.warnings.push(`Prefer ${part} ignored: the mock takes code=NNN (400-599) and delay=MS only`);
    }
  }
  return out;
}

/** The warnings as one header value: printable ASCII, at most 1,000 characters. */
export function warningHeader(warnings: readonly string[]): string {
  const text = warnings.join('; ').replace(/[^\x20-\x7e]/g, '?');
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}
