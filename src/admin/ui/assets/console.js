// The QA console's script: it fills the server-rendered page from the admin API, for the
// session chosen at the top (sent as X-Mock-Session), with the admin token when one is saved.
// Plain browser JavaScript modules on purpose: nothing to build, nothing loaded from another
// host. Shared helpers are in lib.js; the Requests, State and Fault rules screens have their
// own modules.

import { $, h, fill, notice, admin, read, act, copy, copyButton, settings, store, screens, parseHash } from './lib.js';
import { restart as restartStream } from './journal-stream.js';
import './requests.js';
import './state.js';
import './faults.js';
import './events.js';

// ---- sections ------------------------------------------------------------------------

const sections = [...document.querySelectorAll('main > section')].map((s) => s.id);
let current;

function showSection() {
  notice('');
  const wanted = parseHash().screen;
  const next = sections.includes(wanted) ? wanted : sections[0];
  if (current && current !== next) screens[current]?.leave?.();
  current = next;
  for (const id of sections) document.getElementById(id).hidden = id !== current;
  for (const link of document.querySelectorAll('nav.tabs a')) {
    if (link.getAttribute('href') === `#${current}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  screens[current]?.enter?.();
}

// ---- scenarios and manifest ------------------------------------------------------------

function snippet(manifest, user) {
  const session = settings.session
    ? `\n  // every call of this client goes to session "${settings.session}"\n  serviceBinding: {\n    fetch: (input, init) => {\n      const request = new Request(input, init);\n      request.headers.set('X-Mock-Session', '${settings.session}');\n      return fetch(request);\n    },\n  },`
    : '';
  return `import { GitBookAPI } from '@gitbook/api';\n\nconst api = new GitBookAPI({\n  authToken: '${manifest.tokens[user]}',\n  endpoint: '${location.origin}',${session}\n});\nconst { data } = await api.user.getAuthenticatedUser();`;
}

function renderManifest(manifest) {
  const box = $('#manifest');
  const tokens = Object.entries(manifest.tokens ?? {});
  const tokenRows = tokens.map(([user, token]) =>
    h('tr', {}, h('th', { scope: 'row' }, user), h('td', {}, h('code', {}, token)), h('td', {}, copyButton(token, `the token of ${user}`))),
  );
  const idBlocks = Object.entries(manifest.ids ?? {}).map(([collection, ids]) =>
    h(
      'details',
      {},
      h('summary', {}, `${collection} (${Object.keys(ids).length})`),
      h(
        'table',
        {},
        h('tbody', {}, Object.entries(ids).map(([key, id]) =>
          h('tr', {}, h('th', { scope: 'row' }, key), h('td', {}, h('code', {}, id)), h('td', {}, copyButton(id, `the id of ${collection} ${key}`))),
        )),
      ),
    ),
  );
  const user = h('select', { id: 'snippet-user', onchange: () => (code.textContent = snippet(manifest, user.value)) }, tokens.map(([key]) => h('option', { value: key }, key)));
  const code = h('code', {}, tokens.length ? snippet(manifest, tokens[0][0]) : '');
  box.replaceChildren(
    h('p', {}, `Scenario ${manifest.scenario}, starting at ${manifest.now}`),
    h('table', { id: 'manifest-tokens' }, h('caption', {}, 'Tokens'), h('tbody', {}, tokenRows)),
    h('h4', {}, 'Ids'),
    ...idBlocks,
    h('h4', {}, 'The official client'),
    h('p', {}, h('label', { for: 'snippet-user' }, 'As user '), user, ' ',
      h('button', { type: 'button', 'aria-label': 'Copy the snippet', onclick: () => copy(code.textContent) }, 'Copy')),
    h('pre', { id: 'snippet' }, code),
  );
}

async function loadScenarios() {
  const [health, list, manifest] = await Promise.all([
    admin('GET', '/__admin/health'),
    admin('GET', '/__admin/scenarios'),
    admin('GET', '/__admin/manifest'),
  ]);
  $('#current-scenario').textContent = health.scenario;
  const rows = list.items.map((item) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, item.name),
      h('td', {}, item.description ?? '', item.error ? h('div', { class: 'error' }, item.error) : null),
      h('td', {}, h('button', { type: 'button', disabled: Boolean(item.error), onclick: () => act(`Load ${item.name}`, async () => {
        renderManifest(await admin('POST', `/__admin/scenarios/${encodeURIComponent(item.name)}`));
        $('#current-scenario').textContent = item.name;
        return `Loaded ${item.name}`;
      }) }, `Load ${item.name}`)),
    ),
  );
  fill($('#scenario-table tbody'), rows, 'No scenarios', 3);
  renderManifest(manifest);
}
screens.scenarios = { enter: () => read('Read the scenarios', loadScenarios) };

$('#reset').addEventListener('click', () => act('Reset', async () => {
  renderManifest(await admin('POST', '/__admin/reset'));
  return 'Reset to the loaded scenario';
}));

// ---- clock ---------------------------------------------------------------------------------

const clock = { at: 0, readAt: 0, frozen: true };

function showClock() {
  const now = clock.frozen ? clock.at : clock.at + (Date.now() - clock.readAt);
  $('#clock-now').textContent = new Date(now).toISOString();
  $('#clock-state').textContent = clock.frozen ? '(frozen)' : '(running)';
  $('#clock-toggle').textContent = clock.frozen ? 'Let it run' : 'Freeze';
}

function takeClock(reading) {
  clock.at = Date.parse(reading.now);
  clock.readAt = Date.now();
  clock.frozen = reading.frozen;
  showClock();
  return `Clock: ${reading.now}${reading.frozen ? ', frozen' : ''}`;
}

const moveClock = (change) => act('Move the clock', async () => takeClock(await admin('POST', '/__admin/clock', change)));
screens.clock = { enter: () => read('Read the clock', async () => takeClock(await admin('GET', '/__admin/clock'))) };
setInterval(() => { if (!$('#clock').hidden) showClock(); }, 1000);

$('#clock-toggle').addEventListener('click', () => moveClock({ frozen: !clock.frozen }));
for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener('click', () => moveClock({ advance: button.dataset.advance }));
}
$('#clock-advance-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const value = $('#clock-advance').value.trim();
  moveClock({ advance: /^\d+$/.test(value) ? Number(value) : value });
});
$('#clock-set-form').addEventListener('submit', (event) => {
  event.preventDefault();
  moveClock({ now: $('#clock-set').value.trim() });
});

// ---- sessions ------------------------------------------------------------------------------

async function loadSessions() {
  let items;
  try {
    items = (await admin('GET', '/__admin/sessions')).items;
  } catch (error) {
    if (error.status === 404) {
      fill($('#session-table tbody'), [], 'This server has no sessions', 6);
      return;
    }
    throw error;
  }
  $('#session-names').replaceChildren(...items.map((s) => h('option', { value: s.name })));
  const rows = items.map((s) =>
    h('tr', { 'aria-current': s.name === (settings.session || 'default') ? 'true' : undefined },
      h('th', { scope: 'row' }, s.name),
      h('td', {}, s.scenario),
      h('td', {}, s.createdAt),
      h('td', {}, s.lastUsedAt),
      h('td', {}, s.requests),
      h('td', {},
        h('button', { type: 'button', onclick: () => useSession(s.name === 'default' ? '' : s.name) }, `Use ${s.name}`), ' ',
        s.name === 'default' ? null : h('button', { type: 'button', onclick: () => act(`Delete ${s.name}`, async () => {
          await admin('DELETE', `/__admin/sessions/${encodeURIComponent(s.name)}`);
          if (settings.session === s.name) useSession('');
          await loadSessions();
          return `Deleted ${s.name}`;
        }) }, `Delete ${s.name}`))),
  );
  fill($('#session-table tbody'), rows, 'No sessions', 6);
}
screens.sessions = { enter: () => read('Read the sessions', loadSessions) };

function useSession(name) {
  settings.session = name;
  store.setItem('gitbook-mock.session', name);
  $('#session-name').value = name;
  restartStream();
  showSection();
  notice(`Using session ${name || 'default'}`);
}
$('#session-name').value = settings.session;

/** The address that opens this console on the session: `/__admin/ui#session=NAME`. */
const sessionLink = () => `${location.origin}/__admin/ui#session=${encodeURIComponent(settings.session || 'default')}`;
$('#session-link').addEventListener('click', () => copy(sessionLink(), `Copied the link to session ${settings.session || 'default'}: ${sessionLink()}`));
$('#session-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = $('#session-name').value.trim();
  if (!name) {
    useSession('');
    return;
  }
  // A name typed here starts the session when it is new (a read never starts one; a link to a
  // session that is gone says so instead of starting an empty one).
  act(`Use session ${name}`, async () => {
    await admin('PUT', `/__admin/sessions/${encodeURIComponent(name)}`);
    useSession(name);
    return `Using session ${name}`;
  });
});
$('#token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  settings.token = $('#admin-token').value.trim();
  store.setItem('gitbook-mock.token', settings.token);
  restartStream();
  showSection();
  notice(settings.token ? 'Admin token saved for this tab' : 'Admin token removed');
});

// ---- coverage ------------------------------------------------------------------------------

async function loadCoverage() {
  let coverage;
  try {
    coverage = await admin('GET', '/__admin/coverage');
  } catch (error) {
    if (error.status === 404) {
      $('#coverage-summary').textContent = 'This server reports no coverage';
      return;
    }
    throw error;
  }
  const onlyUncovered = $('#coverage-uncovered').checked;
  const { operations, transitions } = coverage;
  $('#coverage-summary').textContent =
    `${operations.called} of ${operations.total} operations called; ${transitions.exercised} of ${transitions.total} transitions exercised`;
  const operationRows = operations.items
    .filter((item) => !onlyUncovered || item.calls === 0)
    .map((item) => h('tr', { class: item.calls ? '' : 'uncovered' },
      h('td', {}, item.operationId), h('td', {}, item.method), h('td', {}, h('code', {}, item.path)), h('td', {}, item.calls),
      h('td', {}, Object.entries(item.statuses ?? {}).map(([status, count]) => `${status}×${count}`).join(', '))));
  fill($('#coverage-operations tbody'), operationRows, 'Nothing to show', 5);
  const transitionRows = transitions.items
    .filter((item) => !onlyUncovered || item.count === 0)
    .map((item) => h('tr', { class: item.count ? '' : 'uncovered' },
      h('td', {}, item.machine), h('td', {}, item.from), h('td', {}, item.to), h('td', {}, item.count)));
  fill($('#coverage-transitions tbody'), transitionRows, 'Nothing to show', 4);
}
screens.coverage = { enter: () => read('Read the coverage', loadCoverage) };
$('#coverage-refresh').addEventListener('click', () => act('Read the coverage', loadCoverage));
$('#coverage-uncovered').addEventListener('change', () => read('Read the coverage', loadCoverage));
$('#coverage-clear').addEventListener('click', () => act('Clear the coverage', async () => {
  await admin('DELETE', '/__admin/coverage');
  await loadCoverage();
  return 'Coverage cleared';
}));

// ---- start ---------------------------------------------------------------------------------

/** A link that names a session (`#session=qa-1`, `#requests&session=qa-1`) opens the console on it. */
function followLink() {
  const { screen, session } = parseHash();
  if (session === undefined) return false;
  history.replaceState(null, '', `#${screen || sections[0]}`);
  useSession(session === 'default' ? '' : session);
  return true;
}

window.addEventListener('hashchange', () => followLink() || showSection());
if (!followLink()) showSection();
