/**
 * `npm run renderer -- RENDERER_DIR [SCENARIO] [OUT_DIR]`: GitBook's open-source renderer (a
 * checkout of GitbookIO/gitbook) pointed at this mock with nothing but `GITBOOK_API_URL`, on
 * every published URL the scenario's manifest names (docs/renderer.md).
 *
 * Steps: bun (the version the renderer's package.json names, from the npm registry's
 * @oven/bun-linux-x64); `bun install` (a pin of @gitbook/api the registry lacks moves to the next
 * version it has, the one change made to the checkout); the workspace packages the app needs;
 * its static files; then the mock (`bin/gitbook-mock.js`, so `npm run build` first) and
 * `next dev` on localhost:3000, where the renderer expects to be. Each URL is a site when its
 * page answers 200 with a title, Chromium shows it without the "Application error" of a crash,
 * and a path the site lacks answers the renderer's 404; a screenshot of the site's search for its
 * first page's title follows, then one of each other section a visitor sees, and what Chromium's
 * console printed is kept. The mock's journal then
 * names every call it did not answer with a success (aside: the URL lookups the renderer expects
 * to miss, and the redirect and page-by-path lookups of the missing path, which must be 404s).
 * Chromium resolves no host but localhost: nothing leaves the machine. Exit 0 when every site
 * renders and no call failed; the last line is the figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import { get } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [rendererArg, scenario = 'site-launch', outArg] = process.argv.slice(2);
if (!rendererArg) {
  console.error('usage: npm run renderer -- RENDERER_DIR [SCENARIO] [OUT_DIR]');
  process.exit(2);
}
const renderer = resolve(rendererArg);
const out = resolve(outArg ?? mkdtempSync(join(tmpdir(), 'renderer-')));
mkdirSync(out, { recursive: true });
const app = join(renderer, 'packages/gitbook');
/** The renderer's installed commands. */
const bin = join(renderer, 'node_modules/.bin');
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill()));
process.on('SIGINT', () => process.exit(130));

/** Runs a command to its end, its output in `log`; stops the whole run when it fails. */
function run(what: string, command: string, args: string[], options: { cwd: string; log: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): void {
  const result = spawnSync(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, encoding: 'utf8', timeout: options.timeoutMs ?? 1_800_000, maxBuffer: 1 << 28 });
  writeFileSync(join(out, options.log), `${result.stdout ?? ''}${result.stderr ?? ''}`, { flag: 'a' });
  if (result.status !== 0) {
    console.error(`renderer: ${what} failed (see ${join(out, options.log)})`);
    process.exit(1);
  }
}

// 1. bun.
const pkg = JSON.parse(readFileSync(join(renderer, 'package.json'), 'utf8'));
const bunVersion = String(pkg.packageManager ?? 'bun@1.3.7').split('@')[1];
const bunHome = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gitbook-mock-renderer', `bun-${bunVersion}`);
if (!existsSync(join(bunHome, 'package/bin/bun'))) {
  mkdirSync(bunHome, { recursive: true });
  run('fetching bun', 'npm', ['pack', '--silent', `@oven/bun-linux-x64@${bunVersion}`], { cwd: bunHome, log: 'install.log' });
  run('unpacking bun', 'sh', ['-c', 'tar xzf ./*.tgz'], { cwd: bunHome, log: 'install.log' });
}
const PATH = `${join(bunHome, 'package/bin')}:${process.env.PATH}`;

// 2. Install and build what the app imports.
const pinned: string | undefined = pkg.workspaces?.catalog?.['@gitbook/api'] ?? pkg.catalog?.['@gitbook/api'];
if (pinned && spawnSync('npm', ['view', `@gitbook/api@${pinned}`, 'version'], { encoding: 'utf8' }).stdout.trim() === '') {
  const versions: string[] = JSON.parse(spawnSync('npm', ['view', '@gitbook/api', 'versions', '--json'], { encoding: 'utf8' }).stdout);
  const parts = (v: string) => v.split('.').map(Number);
  const later = (a: number[], b: number[]) => a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];
  const next = versions.find((v) => later(parts(v), parts(pinned))) ?? versions.at(-1)!;
  console.log(`renderer: @gitbook/api ${pinned} is not on the registry; the checkout now pins ${next}`);
  const file = join(renderer, 'package.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(`"@gitbook/api": "${pinned}"`, `"@gitbook/api": "${next}"`));
}
if (!existsSync(join(renderer, 'node_modules'))) run('bun install', 'bun', ['install'], { cwd: renderer, log: 'install.log', env: { PATH } });
run('the workspace build', join(bin, 'turbo'), ['run', 'build', '--filter=gitbook^...', '--concurrency=1', '--no-daemon'], {
  cwd: renderer,
  log: 'build.log',
  env: { PATH, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
});
if (!existsSync(join(app, 'public/~gitbook/static/icons/regular'))) {
  const env = { PATH };
  run('the mermaid runtime', 'bun', ['./scripts/generate-mermaid-runtime.ts'], { cwd: app, log: 'build.log', env });
  run('the scalar runtime', 'bun', ['./scripts/generate-scalar-runtime.ts'], { cwd: app, log: 'build.log', env });
  run('the icons', join(bin, 'gitbook-icons'), ['./public/~gitbook/static/icons', 'regular,solid,brands,custom-icons'], { cwd: app, log: 'build.log', env });
  run('the math fonts', join(bin, 'gitbook-math'), ['./public/~gitbook/static/math'], { cwd: app, log: 'build.log', env });
  run('the embed script', 'cp', ['-r', join(renderer, 'packages/embed/standalone/'), './public/~gitbook/static/embed'], { cwd: app, log: 'build.log', env });
}

/** Starts a long-running process, its output in `log`. */
function start(command: string, args: string[], cwd: string, log: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const file = createWriteStream(join(out, log));
  child.stdout!.pipe(file);
  child.stderr!.pipe(file);
  children.push(child);
  return child;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The path opened on every site to see the renderer's 404 page. */
const MISSING = 'no-such-page-here';

// 3. The mock, then the renderer.
const mockProcess = start(process.execPath, ['bin/gitbook-mock.js', '--port', '0', '--scenario', scenario], process.cwd(), 'mock.log');
const mock = await new Promise<string>((done, fail) => {
  let text = '';
  mockProcess.stdout!.on('data', (d) => {
    text += d;
    const found = /listening on (http:\/\/\S+)/.exec(text);
    if (found) done(found[1].replace(/\/$/, ''));
  });
  mockProcess.on('exit', () => fail(new Error(`the mock did not start (see ${join(out, 'mock.log')})`)));
});
start(join(bin, 'next'), ['dev', '--webpack', '-p', '3000', '-H', 'localhost'], app, 'next.log', {
  PATH,
  GITBOOK_API_URL: mock,
  GITBOOK_DISABLE_TRACKING: '1',
  NEXT_TELEMETRY_DISABLED: '1',
});
for (let i = 0; i < 240; i++) {
  if (await fetch('http://localhost:3000/').then(() => true, () => false)) break;
  await sleep(1000);
}

// 4. Every URL the manifest names: published sites, and the share links of share-link sites.
await fetch(`${mock}/__admin/requests`, { method: 'DELETE' });
const manifest = await (await fetch(`${mock}/__admin/manifest`)).json();
const urls = new Set<string>();
const published = manifest.publishedUrls ?? { sites: {}, shareLinks: {} };
const behindLinks = new Set<string>();
for (const link of Object.values<string>(published.shareLinks)) {
  urls.add(link);
  behindLinks.add(link.slice(0, link.lastIndexOf('/')));
}
for (const site of Object.values<string>(published.sites)) if (!behindLinks.has(site)) urls.add(site);

/** Fetches through the renderer, waiting as long as a first compile takes. */
async function open(url: string): Promise<{ status: number; text: string }> {
  // A new connection each time (agent: false): Chromium runs synchronously between two opens,
  // so a kept-alive connection would go unwatched while `next dev` closes it (Node's idle limit,
  // 5 s), and the next open would send on it and fail. node:http rather than fetch, which
  // gives up on headers after 300 s, shorter than a first compile on a busy host.
  return new Promise((done) => {
    const req = get(url, { agent: false, timeout: 1_500_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      res.on('error', () => done({ status: 0, text }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done({ status: 0, text: '' }));
  });
}

/** Runs headless Chromium; what the page logged to its console goes to `consoleLog`. */
function chromium(args: string[], consoleLog: string): string {
  const result = spawnSync('chromium', [
    '--enable-logging=stderr', '--log-level=0',
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--user-data-dir=${join(out, 'chromium')}`,
    '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1', '--window-size=1280,900', '--virtual-time-budget=30000', ...args,
  ], { encoding: 'utf8', timeout: 300_000, maxBuffer: 1 << 28 });
  const lines = (result.stderr ?? '').split('\n').filter((line) => line.includes('CONSOLE'));
  writeFileSync(join(out, consoleLog), lines.map((line) => `${line}\n`).join(''), { flag: 'a' });
  return result.stdout ?? '';
}

interface Section {
  object: string;
  path?: string;
  default?: boolean;
  sections?: Section[];
}

/**
 * The paths of the sections a visitor of `url` sees besides the default one, as the renderer
 * reads them: the URL lookup's token, then the site's published structure (groups opened).
 */
async function otherSections(url: string): Promise<string[]> {
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) };
  const found = await (await fetch(`${mock}/v1/urls/published`, post)).json();
  if (!found.apiToken) return [];
  const query = found.shareKey ? `?shareKey=${encodeURIComponent(found.shareKey)}` : '';
  const site = await (await fetch(`${mock}/v1/orgs/${found.organization}/sites/${found.site}/published${query}`, { headers: { authorization: `Bearer ${found.apiToken}` } })).json();
  if (site.structure?.type !== 'sections') return [];
  const flat = (items: Section[]): Section[] => items.flatMap((s) => (s.object === 'site-section-group' ? flat(s.sections ?? []) : [s]));
  return flat(site.structure.structure).filter((s) => !s.default && s.path).map((s) => s.path!);
}

let rendered = 0;
for (const url of urls) {
  const bare = url.replace(/^https?:\/\//, '');
  const local = `http://localhost:3000/url/${bare}`;
  const name = bare.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 80);
  const page = await open(local);
  writeFileSync(join(out, `${name}.html`), page.text);
  const title = /<title>([^<]*)/.exec(page.text)?.[1] ?? '';
  const consoleLog = `${name}.console.log`;
  chromium([`--screenshot=${join(out, `${name}.png`)}`, local], consoleLog);
  const dom = chromium(['--dump-dom', local], consoleLog);
  writeFileSync(join(out, `${name}.dom.html`), dom);
  // The first visit compiles the browser's routes (minutes on a busy host), past the screenshot's wait: once more.
  if (!existsSync(join(out, `${name}.png`))) chromium([`--screenshot=${join(out, `${name}.png`)}`, local], consoleLog);
  const crashed = dom.includes('Application error');
  const missing = (await open(`${local.replace(/\/$/, '')}/${MISSING}`)).status;
  const ok = page.status === 200 && title !== '' && !crashed && missing === 404;
  if (ok) rendered++;
  console.log(`site ${bare}: HTTP ${page.status}, title "${title}", crashed: ${crashed ? 'yes' : 'no'}, missing page: HTTP ${missing}, screenshot ${join(out, `${name}.png`)}`);
  // The site's search, opened on the first page's title (`?q=` opens the renderer's search panel).
  const query = title.split(' | ')[0];
  if (ok && query) {
    chromium([`--screenshot=${join(out, `${name}.search.png`)}`, `${local}?q=${encodeURIComponent(query)}`], consoleLog);
    const shot = join(out, `${name}.search.png`);
    console.log(`site ${bare}: search for "${query}", ${existsSync(shot) ? `screenshot ${shot}` : 'no screenshot (Chromium ran out of time)'}`);
  }
  // Every other section a visitor sees: its first page, with the section tabs.
  for (const section of ok ? await otherSections(url) : []) {
    const shot = join(out, `${name}.${section.replace(/[^A-Za-z0-9.-]/g, '_')}.png`);
    chromium([`--screenshot=${shot}`, `${local.replace(/\/$/, '')}/${section}`], consoleLog);
    if (!existsSync(shot)) chromium([`--screenshot=${shot}`, `${local.replace(/\/$/, '')}/${section}`], consoleLog);
    console.log(`site ${bare}: section "${section}", ${existsSync(shot) ? `screenshot ${shot}` : 'no screenshot (Chromium ran out of time)'}`);
  }
}

// 5. What the mock did not answer with a success.
/**
 * On a path no page has, the renderer asks for a site redirect and then for the page by path, and
 * takes a 404 from either as "none" (components/SitePage/fetch.ts, getDataOrNull): for the missing
 * page this run opens, those 404s are the right answers.
 */
function missingPageProbe(entry: { status: number; operationId?: string; path: string; query?: Record<string, string[]> }): boolean {
  if (entry.status !== 404) return false;
  if (entry.operationId === 'getSiteRedirectBySource') return entry.query?.source?.[0] === `/${MISSING}`;
  return entry.operationId === 'getPageInRevisionByPath' && entry.path.endsWith(`/path/${MISSING}`);
}
const journal = await (await fetch(`${mock}/__admin/requests`)).json();
writeFileSync(join(out, 'journal.json'), JSON.stringify(journal, null, 1));
const counts = new Map<string, number>();
let failed = 0;
for (const entry of journal.items ?? []) {
  if (entry.status < 300) continue;
  const expected = (entry.operationId === 'resolvePublishedContentByUrl' && (entry.status === 401 || entry.status === 404)) || missingPageProbe(entry);
  if (!expected) failed++;
  const key = `${entry.status} ${entry.method} ${entry.operationId ?? entry.path}${expected ? ' (expected)' : ''}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
for (const [key, n] of [...counts].sort()) console.log(`journal: ${n} x ${key}`);
console.log(`renderer: screenshots, journal and logs in ${out}`);
console.log(`renderer: ${rendered} of ${urls.size} published sites rendered, ${failed} unexpected failed calls (scenario ${scenario})`);
process.exit(urls.size > 0 && rendered === urls.size && failed === 0 ? 0 : 1);
