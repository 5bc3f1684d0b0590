/**
 * The differences verify reports between the upstream's answer and the mock's to one request:
 * status, fields only one side has, types, enum values (strings under enum-like keys), the
 * order of lists of records (by id), the records only one side lists, and the values of a record
 * both have that differ (issue 44: a space deleted upstream, or renamed, is a difference).
 * Times (`...At`) and URLs are left to the shape checks: the two sides' clocks and hosts differ.
 * One line each, stable, so an allow-list can name them.
 */
const ENUM_KEYS = new Set(['object', 'type', 'kind', 'status', 'state', 'visibility', 'role', 'editMode', 'defaultLevel']);

function typeOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

function ids(list: unknown[]): string[] | null {
  const out = list.map((v) => (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null));
  return out.every((id) => id !== null) ? (out as string[]) : null;
}

/** A value compared as it is in a record both sides list: not a time, not a URL. */
const compared = (key: string, value: unknown) => !/At$/.test(key) && !(typeof value === 'string' && /^https?:\/\//.test(value));

/** `record`: inside a record both sides list under the same id, where values are compared too. */
function walk(up: unknown, mock: unknown, path: string, key: string, out: string[], record = false): void {
  const [tu, tm] = [typeOf(up), typeOf(mock)];
  if (tu !== tm) return void out.push(`type of ${path || '(body)'}: ${tu} upstream, ${tm} mock`);
  if (tu === 'string' && ENUM_KEYS.has(key) && up !== mock) return void out.push(`value of ${path}: "${String(up)}" upstream, "${String(mock)}" mock`);
  if (record && (tu === 'string' || tu === 'number' || tu === 'boolean') && up !== mock && compared(key, up)) {
    return void out.push(`value of ${path}: ${JSON.stringify(up)} upstream, ${JSON.stringify(mock)} mock`);
  }
  if (tu === 'array') {
    const [a, b] = [up as unknown[], mock as unknown[]];
    const [ia, ib] = [ids(a), ids(b)];
    if (ia && ib) {
      const common = ia.filter((id) => ib.includes(id));
      if (common.join() !== ib.filter((id) => ia.includes(id)).join()) out.push(`order of ${path}`);
      for (const id of ia) if (!ib.includes(id)) out.push(`item ${path}[id=${id}] only upstream`);
      for (const id of ib) if (!ia.includes(id)) out.push(`item ${path}[id=${id}] only mock`);
      for (const id of common) walk(a[ia.indexOf(id)], b[ib.indexOf(id)], `${path}[]`, key, out, true);
    } else if (a.length && b.length) walk(a[0], b[0], `${path}[]`, key, out);
    return;
  }
  if (tu === 'object') {
    const [a, b] = [up as Record<string, unknown>, mock as Record<string, unknown>];
    // One record on both sides (a GET of one): its values are compared when it is the same one.
    const same = record || (path === '' && typeof a.id === 'string' && a.id === b.id);
    for (const k of Object.keys(a)) if (!(k in b)) out.push(`field ${path}.${k} only upstream`);
    for (const k of Object.keys(b)) if (!(k in a)) out.push(`field ${path}.${k} only mock`);
    for (const k of Object.keys(a)) if (k in b) walk(a[k], b[k], `${path}.${k}`, k, out, same && compared(k, a[k]));
  }
}

export function compareAnswers(up: { status: number; body: unknown }, mock: { status: number; body: unknown }): string[] {
  const out: string[] = [];
  if (up.status !== mock.status) out.push(`status ${up.status} upstream, ${mock.status} mock`);
  walk(up.body, mock.body, '', '', out);
  return [...new Set(out)];
}
