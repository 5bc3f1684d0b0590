/**
 * The one shape of a rule's answer: `{ ok: true, ...what to write }`, or a refusal with the
 * status it stands for and the reason (a field when one request field is to blame). Rules
 * import no HTTP code; resources/shared/decided.ts turns a refusal into the catalogue's error.
 */
export interface Refusal {
  ok: false;
  /** 400 a bad field, 403 the actor may not, 404 the thing is gone, 409 its state forbids it. */
  status: 400 | 403 | 404 | 409;
  /** Why, in words (for 403: the action refused, as errors.forbidden words it). */
  reason: string;
  /** The request field to blame, for a 400. */
  field?: string;
}

export type Decision<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(status: Refusal['status'], reason: string, field?: string): Refusal {
  return field === undefined ? { ok: false, status, reason } : { ok: false, status, reason, field };
}
