/**
 * The page of test/system/msw/browser.test.ts (bundled by the test with esbuild for the browser): it
 * starts MSW's worker with gitbook-mock/msw's handlers and uses the official client against
 * https://api.gitbook.com, as an app in Storybook or a Vite dev build would. Everything runs
 * from this script, under the page's `script-src 'self'`; the results are written into the
 * page (`#result` as JSON for the test, a list for people and the screenshot).
 */
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { createMockHandlers } from 'gitbook-mock/msw';

interface Result {
  spaces: string[];
  comment: { id: string; listed: boolean };
  trashed: { title: string; before: number; after: number; now: string };
  timings: Timings;
  violations: string[];
  evalBlocked: boolean;
  error?: string;
}

/** Milliseconds: building the mock, worker.start() to the first answer, then one entry per request of each kind. */
interface Timings {
  createMs: number;
  startToFirstMs: number;
  /** The official client's GET of a space, through the worker. */
  client: number[];
  /** A plain fetch of the same, through the worker. */
  fetch: number[];
  /** A plain fetch answered by a bare MSW handler (a fixed JSON body): the worker's own round trip. */
  floor: number[];
  /** The mock's own answer in the page, without the worker (`gb.mock.fetch`). */
  inPage: number[];
}

async function timed(times: number, call: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const s = performance.now();
    await call();
    out.push(performance.now() - s);
  }
  return out;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI || e.sample}`));

const list = document.getElementById('steps')!;
function step(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  list.append(item);
}

async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof GitBookAPIError) return error.code;
    throw error;
  }
}

async function run(): Promise<Result> {
  const requests = Number(new URLSearchParams(location.search).get('requests') ?? 20);
  let t = performance.now();
  // `trash`: the starter content plus spaces in the trash, one of them an hour from expiring.
  const gb = createMockHandlers({ scenario: 'trash' });
  const createMs = performance.now() - t;
  const worker = setupWorker(...gb.handlers);
  const api = new GitBookAPI({ authToken: gb.token('admin') });

  t = performance.now();
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  const me = await api.user.getAuthenticatedUser();
  const startToFirstMs = performance.now() - t;
  step(`Signed in as ${me.data.displayName} (worker started and first answer in ${startToFirstMs.toFixed(0)} ms)`);

  const spaces = (await api.orgs.listSpacesInOrganizationById(gb.id('organizations', 'acme'))).data.items.map((s) => s.title);
  step(`Spaces of Acme: ${spaces.join(', ')}`);

  const handbook = gb.id('spaces', 'handbook');
  const posted = await api.spaces.postCommentInSpace(handbook, { body: { markdown: 'Posted from a browser page, answered by the worker' } });
  const comments = (await api.spaces.listCommentsInSpace(handbook)).data.items;
  const listed = comments.some((c) => c.id === posted.data.id);
  step(`Comment ${posted.data.id} posted; the list of ${comments.length} comments ${listed ? 'has it' : 'does not have it'}`);

  const trashedId = gb.id('spaces', 'deleted-6d23h');
  const trashed = await api.spaces.getSpaceById(trashedId);
  const before = await statusOf(api.spaces.getSpaceById(trashedId));
  const { now } = await gb.clock.advance('PT1H');
  const after = await statusOf(api.spaces.getSpaceById(trashedId));
  step(`"${trashed.data.title}" deleted ${trashed.data.deletedAt}: GET ${before}; clock moved to ${now}: GET ${after} (the 7 days are over)`);

  const url = `https://api.gitbook.com/v1/spaces/${handbook}`;
  const init = { headers: { authorization: `Bearer ${gb.token('reader')}` } };
  worker.use(http.get('https://api.gitbook.com/__floor', () => HttpResponse.json({ floor: true })));
  const timings: Timings = {
    createMs,
    startToFirstMs,
    client: await timed(requests, () => api.spaces.getSpaceById(handbook)),
    fetch: await timed(requests, async () => (await fetch(url, init)).json()),
    floor: await timed(requests, async () => (await fetch('https://api.gitbook.com/__floor')).json()),
    inPage: await timed(requests, async () => (await gb.mock.fetch(url, init)).json()),
  };
  step(`${requests} more reads of the handbook, median: ${median(timings.client).toFixed(2)} ms through the worker (a bare MSW handler: ${median(timings.floor).toFixed(2)} ms), ${median(timings.inPage).toFixed(2)} ms for the mock's own answer`);

  // The page's policy forbids eval: the mock never needed it (its validators are compiled).
  const seen = [...violations];
  let evalBlocked = false;
  try {
    new Function('return 1')();
  } catch {
    evalBlocked = true;
  }
  step(`Content-Security-Policy: eval ${evalBlocked ? 'blocked' : 'allowed'}; ${violations.length} violation(s) reported`);
  return { spaces, comment: { id: posted.data.id, listed }, trashed: { title: trashed.data.title, before, after, now }, timings, violations: seen, evalBlocked };
}

const output = document.getElementById('result')!;
run().then(
  (result) => {
    output.textContent = JSON.stringify(result);
  },
  (error: unknown) => {
    step(`Failed: ${String(error)}`);
    output.textContent = JSON.stringify({ error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error), violations });
  },
);
