/**
 * A site's insights, computed from what the mock recorded and nothing else: the events its
 * pages reported (trackEventsInSiteById, kept by insights.ts), the questions and answers of the
 * site and its findings (records of the generic families). With nothing recorded every count is
 * zero and every list empty.
 *
 * aggregateSiteEvents groups the kept events by the query's `groupBy` columns (or the selected
 * columns that are not counts), keeps those `where` and `range` let through, and answers each
 * selected column as a list of values, one per group, ordered and cut as asked. Columns of what
 * the mock does not record (a visitor's country, browser or device, a link's target, an ad)
 * read `null` where the official document allows it; a query selecting, grouping or filtering
 * by one that cannot be `null` matches no events.
 */
import { type Operation } from '../../contract/operation.ts';
import type { OfficialRecord } from '../../store/records.ts';
import { genericSchema } from '../engine/family.ts';
import { siteOf } from '../shared/site-access.ts';
import { KEPT, keptRows } from '../shared/kept.ts';
import { officialOp } from '../engine/operations.ts';

type Json = Record<string, unknown>;
interface Column {
  column: string;
  interval?: 'hour' | 'day' | 'week' | 'month';
  claim?: string;
}
interface Filter extends Column {
  values: unknown[];
  operator?: 'in' | 'notIn' | 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** Columns of what the mock does not record, read as `null` (the official values allow it). */
const UNKNOWN_NULL = new Set(['visitorGeoCountry', 'visitorGeoPoint', 'eventLinkTargetDomain', 'eventAPIOperationPath', 'eventAPIOperationMethod', 'eventSearchResultRecordId', 'eventLLMSVariant', 'eventPageNotFoundType', 'eventMarkdownSource']);
/** A value no event has: a column of what the mock does not record that cannot be `null`. */
const NONE = Symbol('none');
const DAY = 86_400_000;
const UTM = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'];

function hostOf(url: string | null): string {
  try {
    return url ? new URL(url).hostname : '';
  } catch {
    return '';
  }
}

/** The start of the interval an instant falls in (UTC; weeks start on Monday). */
function bucket(at: string, interval: Column['interval']): string {
  const d = new Date(at);
  if (!interval) return d.toISOString();
  if (interval === 'month') return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (interval === 'day') return new Date(day).toISOString();
  if (interval === 'week') return new Date(day - ((d.getUTCDay() + 6) % 7) * DAY).toISOString();
  return new Date(day + d.getUTCHours() * 3_600_000).toISOString();
}

/** The value of a dimension column for one kept event. */
function valueOf(e: Json, c: Column): unknown {
  const at = String(e.at);
  const url = String(e.url);
  switch (c.column) {
    case 'datetime': return bucket(at, c.interval);
    case 'dayOfWeek': return ((new Date(at).getUTCDay() + 6) % 7) + 1;
    case 'hourOfDay': return new Date(at).getUTCHours();
    case 'url': return url;
    case 'urlPath': return hostOf(url) ? new URL(url).pathname : url;
    case 'eventType': return e.type;
    case 'siteSection':
    case 'siteSpace':
    case 'siteShareKey': return text(e[c.column]);
    case 'displayContext': return e.displayContext;
    case 'page': return typeof e.page === 'string' && typeof e.space === 'string' ? { page: e.page, space: e.space } : null;
    case 'visitorLanguage': return text(e.language);
    case 'visitorAuthenticated': return isObject(e.claims);
    case 'visitorClaim': return isObject(e.claims) && c.claim !== undefined && e.claims[c.claim] !== undefined ? String(e.claims[c.claim]) : '';
    case 'referrer': return text(e.referrer) ?? '';
    case 'referrerDomain': return hostOf(text(e.referrer));
    case 'eventSearchQuery': return text(e.query) ?? '';
    case 'eventPageFeedbackComment': return text(e.comment) ?? '';
    case 'eventPageFeedbackRating': return text(e.rating) ?? NONE;
    default:
      if (UTM.includes(c.column)) return hostOf(url) ? (new URL(url).searchParams.get(c.column.replace(/^utm/, 'utm_').toLowerCase()) ?? '') : '';
      return UNKNOWN_NULL.has(c.column) ? null : NONE;
  }
}

/** The value of a count column over a group of events, or undefined for a dimension. */
function countOf(events: Json[], column: string): unknown {
  const distinct = (field: string) => new Set(events.map((e) => e[field])).size;
  switch (column) {
    case 'eventsCount': return events.length;
    case 'sessionsCount': return distinct('sessionId');
    case 'visitorsCount': return distinct('visitorId');
    case 'pageFeedbackRating': {
      const rated = (rating: string) => events.filter((e) => e.type === 'page_post_feedback' && e.rating === rating).length;
      return { ok: rated('ok'), good: rated('good'), bad: rated('bad') };
    }
    case 'askResponseRating': return { positive: 0, negative: 0 };
    default: return undefined;
  }
}

const COUNTS = new Set(['eventsCount', 'sessionsCount', 'visitorsCount', 'pageFeedbackRating', 'askResponseRating']);

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

function passes(e: Json, f: Filter): boolean {
  const value = valueOf(e, f);
  if (value === NONE) return false;
  const shown = JSON.stringify(value);
  const listed = f.values.some((v) => JSON.stringify(v) === shown);
  switch (f.operator ?? 'in') {
    case 'in': return listed;
    case 'notIn': return !listed;
    case 'greaterThan': return f.values.length > 0 && compare(value, f.values[0]) > 0;
    case 'greaterThanOrEqual': return f.values.length > 0 && compare(value, f.values[0]) >= 0;
    case 'lessThan': return f.values.length > 0 && compare(value, f.values[0]) < 0;
    default: return f.values.length > 0 && compare(value, f.values[0]) <= 0;
  }
}

const PRESETS: Record<string, number> = { last24Hours: DAY, last7Days: 7 * DAY, last30Days: 30 * DAY, last3Months: 91 * DAY, lastYear: 365 * DAY };

function inRange(range: unknown, now: string): (at: string) => boolean {
  const end = Date.parse(now);
  const [from, to] = typeof range === 'string' ? [end - (PRESETS[range] ?? 0), end] : isObject(range) ? [Date.parse(String(range.from)), Date.parse(String(range.to))] : [-Infinity, Infinity];
  return (at) => {
    const t = Date.parse(at);
    return t >= from && t <= to;
  };
}

/** The answer of aggregateSiteEvents over the kept events. */
export function aggregate(events: readonly OfficialRecord[], query: { select?: Column[]; where?: Filter[]; groupBy?: Column[]; order?: { by: Column; direction: 'asc' | 'desc' }; range: unknown; limit?: number }, now: string) {
  const select = query.select ?? [...(query.groupBy ?? []), { column: 'eventsCount' }];
  const keys = query.groupBy ?? select.filter((c) => !COUNTS.has(c.column));
  const within = inRange(query.range, now);
  // A kept event reads as one only with a time and a URL (a loaded state may hold others).
  const sane = events.map((r) => r.fields).filter((e) => typeof e.at === 'string' && !Number.isNaN(Date.parse(e.at)) && typeof e.url === 'string');
  const kept = sane.filter((e) => within(String(e.at)) && (query.where ?? []).every((f) => passes(e, f)));
  const groups = new Map<string, { key: unknown[]; events: Json[] }>();
  for (const e of kept) {
    const key = keys.map((c) => valueOf(e, c));
    if (key.includes(NONE)) continue;
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? groups.set(id, { key, events: [] }).get(id)!;
    group.events.push(e);
  }
  // With no dimension at all, the counts of every event (zeros when none) make the one row.
  const rows = keys.length === 0 && select.every((c) => COUNTS.has(c.column)) && groups.size === 0 ? [{ key: [], events: [] as Json[] }] : [...groups.values()];
  const cell = (row: { key: unknown[]; events: Json[] }, c: Column) => {
    if (COUNTS.has(c.column)) return countOf(row.events, c.column);
    const at = keys.findIndex((k) => JSON.stringify(k) === JSON.stringify(c));
    return at >= 0 ? row.key[at] : valueOf(row.events[0], c);
  };
  const usable = rows.filter((row) => select.every((c) => cell(row, c) !== NONE));
  const { order } = query;
  if (order) usable.sort((a, b) => compare(cell(a, order.by), cell(b, order.by)) * (order.direction === 'desc' ? -1 : 1));
  const shown = usable.slice(0, query.limit ?? 1000);
  return { columns: select.map((c) => ({ ...c, values: shown.map((row) => cell(row, c)) })) };
}

/**
 * Adds the numbers of `from` into `into`, key by key, where `into` has a number (or, when
 * `open`, has nothing yet): nested objects too, those of `OPEN` taking any key.
 */
function addInto(into: Json, from: unknown, open = false): void {
  if (!isObject(from)) return;
  for (const [key, value] of Object.entries(from)) {
    if (typeof value === 'number' && Number.isFinite(value) && (typeof into[key] === 'number' || (open && into[key] === undefined))) into[key] = ((into[key] as number | undefined) ?? 0) + value;
    else if (isObject(value) && isObject(into[key])) addInto(into[key] as Json, value, OPEN.has(key));
  }
}

/** The parts of the question stats keyed by names of their own (channel types, channels). */
const OPEN = new Set(['channelTypes', 'channels']);

/** The site's question stats: the questions recorded, each counted once or by the stats it holds. */
export function questionStats(questions: readonly OfficialRecord[], answers: number, now: string, from?: string, to?: string) {
  const askedAt = (q: OfficialRecord) => text(q.fields.askedAt) ?? q.createdAt;
  const kept = questions.filter((q) => (!from || askedAt(q) >= from) && (!to || askedAt(q) <= to));
  const stats: Json = {
    total: 0,
    answers,
    feedback: { positive: 0, negative: 0, unrated: 0 },
    answered: { yes: 0, partially: 0, no: 0 },
    relevance: { relevant: 0, spam: 0, 'off-topic': 0, unclear: 0 },
    types: { exploring: 0, 'how-to': 0, troubleshooting: 0, reference: 0, unknown: 0 },
    channelTypes: {},
    channels: {},
  };
  for (const q of kept) {
    const own = isObject(q.fields.stats) ? q.fields.stats : undefined;
    const { weeklyPulse: _pulse, answers: _answers, ...counts } = own ?? {};
    addInto(stats, own ? counts : { total: 1 });
  }
  // Questions asked in each of the last 13 weeks, the oldest first.
  const end = Date.parse(now);
  const weeklyPulse = Array.from({ length: 13 }, (_, i) => kept.filter((q) => {
    const age = end - Date.parse(askedAt(q));
    return age >= (12 - i) * 7 * DAY && age < (13 - i) * 7 * DAY;
  }).length);
  return { ...stats, weeklyPulse };
}

/** The site's finding stats, counted from its findings as they stand. */
export function findingStats(findings: readonly OfficialRecord[], query: { topic?: string; status?: string; type?: string[]; severity?: string; hasChangeRequests?: boolean }) {
  const kept = findings.filter(({ fields: f }) =>
    (query.topic === undefined || f.topic === query.topic) &&
    (query.status === undefined || f.status === query.status) &&
    (query.type === undefined || query.type.includes(String(f.type))) &&
    (query.severity === undefined || f.severity === query.severity) &&
    (query.hasChangeRequests === undefined || (Number(f.changeRequests ?? 0) > 0) === query.hasChangeRequests),
  );
  const statuses = { open: 0, done: 0, canceled: 0 };
  const severities = { low: 0, medium: 0, high: 0 };
  let questions = 0;
  for (const { fields: f } of kept) {
    if (typeof f.status === 'string' && f.status in statuses) statuses[f.status as keyof typeof statuses]++;
    if (typeof f.severity === 'string' && f.severity in severities) severities[f.severity as keyof typeof severities]++;
    if (typeof f.questions === 'number') questions += f.questions;
  }
  return { total: kept.length, statuses, severities, connectors: {}, questions, mergedChangeRequests: 0 };
}

/** One segment per set of visitor claims the events reported, titled by those claims. */
export function visitorSegments(events: readonly OfficialRecord[]) {
  const groups = new Map<string, { claims: Json; events: Json[] }>();
  for (const { fields: e } of events) {
    if (!isObject(e.claims) || Object.keys(e.claims).length === 0) continue;
    const id = JSON.stringify(e.claims);
    (groups.get(id) ?? groups.set(id, { claims: e.claims, events: [] }).get(id)!).events.push(e);
  }
  return [...groups.values()].map((g) => ({
    title: Object.entries(g.claims).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', '),
    claims: g.claims,
    events: g.events.length,
    visitors: new Set(g.events.map((e) => e.visitorId)).size,
    sessions: new Set(g.events.map((e) => e.sessionId)).size,
  }));
}

const QUESTIONS = '/v1/orgs/{}/sites/{}/questions';
const ANSWERS = '/v1/orgs/{}/sites/{}/answers';
const FINDINGS = '/v1/orgs/{}/sites/{}/findings';

export const insightReadOperations: Operation[] = [
  officialOp('aggregateSiteEvents', {
    response: genericSchema('aggregateSiteEvents-response'),
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      return aggregate(keptRows(ctx, KEPT.insightEvents, site.id), ctx.body as Parameters<typeof aggregate>[1], ctx.now);
    },
  }),
  officialOp('listSiteVisitorSegments', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const items = visitorSegments(keptRows(ctx, KEPT.insightEvents, site.id));
      return { items, count: items.length };
    },
  }),
  officialOp('getSiteQuestionStats', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      const rows = (family: string) => ctx.db.officialRecords.by('family', `${family} ${site.id}`);
      return questionStats(rows(QUESTIONS), rows(ANSWERS).length, ctx.now, ctx.query.from, ctx.query.to);
    },
  }),
  officialOp('getSiteFindingStats', {
    handle: (ctx) => {
      const { site } = siteOf(ctx);
      return findingStats(ctx.db.officialRecords.by('family', `${FINDINGS} ${site.id}`), ctx.query as Parameters<typeof findingStats>[1]);
    },
  }),
];
