/**
 * The page of test/msw/browser.test.ts (bundled by the test with esbuild for the browser): it
 * starts MSW's worker with gitbook-mock/msw's handlers and uses the official client against
 * https://api.gitbook.com, as an app in Storybook or a Vite dev build would. Everything runs
 * from this script, under the page's `script-src 'self'`; the results are written into the
 * page (`#result` as JSON for the test, a list for people and the screenshot).
 */
import { setupWorker } from 'msw/browser';
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { createMockHandlers } from 'gitbook-mock/msw';

interface Result {
  spaces: string[];
  comment: { id: string; listed: boolean };
  trashed: { title: string; before: number; after: number; now: string };
  timings: { createMs: number; startToFirstMs: number; requestMs: number[] };
  violations: string[];
  evalBlocked: boolean;
  error?: string;
}

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

  const requestMs: number[] = [];
  for (let i = 0; i < requests; i++) {
    const s = performance.now();
    await api.spaces.getSpaceById(handbook);
    requestMs.push(performance.now() - s);
  }
  const sorted = [...requestMs].sort((a, b) => a - b);
  step(`${requests} more reads of the handbook: median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)} ms each`);

  // The page's policy forbids eval: the mock never needed it (its validators are compiled).
  const seen = [...violations];
  let evalBlocked = false;
  try {
    new Function('return 1')();
  } catch {
    evalBlocked = true;
  }
  step(`Content-Security-Policy: eval ${evalBlocked ? 'blocked' : 'allowed'}; ${violations.length} violation(s) reported`);
  return { spaces, comment: { id: posted.data.id, listed }, trashed: { title: trashed.data.title, before, after, now }, timings: { createMs, startToFirstMs, requestMs }, violations: seen, evalBlocked };
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
