// The QA console's script: it fills the server-rendered page from the admin API, for the
// session chosen at the top (sent as X-Mock-Session), with the admin token when one is saved.
// Plain browser JavaScript on purpose: nothing to build, nothing loaded from another host.

const $ = (selector) => document.querySelector(selector);
const store = window.sessionStorage;
const settings = {
  session: store.getItem('gitbook-mock.session') ?? '',
  token: store.getItem('gitbook-mock.token') ?? '',
};

/** Builds an element: h('td', { class: 'x' }, 'text', otherNode). */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

function fill(tbody, rows, empty, columns) {
  tbody.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: columns }, empty))]));
}

function notice(message, isError = false) {
  const box = $('#notice');
  box.setAttribute('role', isError ? 'alert' : 'status');
  box.className = isError ? 'error' : 'ok';
  box.textContent = message;
}

class AdminError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** One admin call; throws AdminError with the server's own message on an error status. */
async function admin(method, path, body) {
  const headers = {};
  if (settings.session) headers['X-Mock-Session'] = settings.session;
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new AdminError(response.status, data?.error?.message ?? `${response.status} ${response.statusText}`);
  return data;
}

/** A 403 from the gate: off loopback this server wants its admin token, typed at the top. */
function failed(what, error) {
  if (error.status === 403) {
    notice(`${what} failed: ${error.message}. Enter the admin token at the top of the page.`, true);
    $('#admin-token').focus();
    return;
  }
  notice(`${what} failed: ${error.message}`, true);
}

/** Reads for a section; only a failure is worth a notice. */
function read(what, fn) {
  return fn().catch((error) => failed(what, error));
}

/** Runs an action from a button or form, reporting its outcome in the notice line. */
async function act(what, fn) {
  try {
    const done = await fn();
    notice(done ?? `${what}: done`);
  } catch (error) {
    failed(what, error);
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = h('textarea', {}, text);
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  notice('Copied');
}

const copyButton = (text, label) => h('button', { type: 'button', 'aria-label': `Copy ${label}`, onclick: () => copy(text) }, 'Copy');

// ---- sections ------------------------------------------------------------------------

const sections = [...document.querySelectorAll('main > section')].map((s) => s.id);
const loaders = {};

function showSection() {
  notice('');
  const wanted = location.hash.slice(1);
  const current = sections.includes(wanted) ? wanted : sections[0];
  for (const id of sections) document.getElementById(id).hidden = id !== current;
  for (const link of document.querySelectorAll('nav.tabs a')) {
    if (link.getAttribute('href') === `#${current}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  loaders[current]?.();
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
loaders.scenarios = () => read('Read the scenarios', loadScenarios);

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
loaders.clock = () => read('Read the clock', async () => takeClock(await admin('GET', '/__admin/clock')));
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

// ---- requests ------------------------------------------------------------------------------

let journal = [];

function matchesFilters(item) {
  const method = $('#filter-method').value;
  const status = $('#filter-status').value.trim().toLowerCase();
  const operation = $('#filter-operation').value.trim().toLowerCase();
  const path = $('#filter-path').value.trim();
  if (method && item.method !== method) return false;
  if (status) {
    const text = String(item.status);
    const ok = /^\dxx$/.test(status) ? text[0] === status[0] : text === status;
    if (!ok) return false;
  }
  if (operation && !String(item.operationId ?? '').toLowerCase().includes(operation)) return false;
  if (path && !item.path.includes(path)) return false;
  return true;
}

function showRequest(item) {
  const parts = [
    h('h3', {}, `${item.method} ${item.path} → ${item.status}`),
    h('dl', {},
      h('dt', {}, 'At'), h('dd', {}, item.at),
      h('dt', {}, 'Operation'), h('dd', {}, item.operationId ?? 'none'),
      item.injected ? [h('dt', {}, 'Answered by'), h('dd', {}, String(item.injected))] : null),
    h('h4', {}, 'Query'),
    h('pre', {}, item.query ? JSON.stringify(item.query, null, 2) : '(none)'),
    h('h4', {}, 'Body'),
    h('pre', {}, item.body === undefined ? '(none)' : typeof item.body === 'string' ? item.body : JSON.stringify(item.body, null, 2)),
  ];
  $('#request-detail').replaceChildren(...parts);
  $('#request-detail h3').setAttribute('tabindex', '-1');
  $('#request-detail h3').focus();
}

function renderRequests() {
  const shown = journal.filter(matchesFilters).reverse();
  $('#requests-count').textContent = `${shown.length} of ${journal.length} requests`;
  const rows = shown.slice(0, 500).map((item) =>
    h(
      'tr',
      { class: item.status >= 400 ? 'failed' : '' },
      h('td', {}, h('time', { datetime: item.at }, item.at)),
      h('td', {}, item.method),
      h('td', {}, h('code', {}, item.path)),
      h('td', {}, item.status),
      h('td', {}, item.operationId ?? ''),
      h('td', {}, h('button', { type: 'button', onclick: () => showRequest(item) }, 'Open')),
    ),
  );
  fill($('#request-table tbody'), rows, 'No requests yet', 6);
}

async function pollRequests() {
  if ($('#requests').hidden) return;
  try {
    journal = (await admin('GET', '/__admin/requests')).items;
    renderRequests();
  } catch (error) {
    notice(`Read the journal failed: ${error.message}`, true);
  }
}
loaders.requests = pollRequests;
setInterval(pollRequests, 1000);
$('#request-filters').addEventListener('input', renderRequests);
$('#request-filters').addEventListener('submit', (event) => event.preventDefault());
$('#requests-clear').addEventListener('click', () => act('Clear the journal', async () => {
  await admin('DELETE', '/__admin/requests');
  journal = [];
  renderRequests();
  $('#request-detail').replaceChildren();
  return 'Journal cleared';
}));

// ---- state -------------------------------------------------------------------------------

let state = {};
let collection = '';

const titleOf = (record) => record.title ?? record.name ?? record.displayName ?? record.slug ?? record.email ?? '';

function renderCollections() {
  const items = Object.entries(state).map(([name, records]) =>
    h('li', {}, h('button', { type: 'button', 'aria-pressed': String(name === collection), onclick: () => { collection = name; renderCollections(); renderRecords(); } }, `${name} (${records.length})`)),
  );
  $('#collection-list').replaceChildren(...items);
}

function renderRecords() {
  const records = state[collection] ?? [];
  const term = $('#state-search').value.trim().toLowerCase();
  const found = term
    ? records.filter((r) => String(r.id ?? '').toLowerCase().includes(term) || String(titleOf(r)).toLowerCase().includes(term))
    : records;
  $('#record-caption').textContent = collection ? `${collection}: ${found.length} of ${records.length}` : 'Choose a collection';
  const rows = found.slice(0, 200).map((record) =>
    h('tr', {},
      h('td', {}, h('code', {}, record.id ?? '')),
      h('td', {}, titleOf(record)),
      h('td', {}, h('button', { type: 'button', onclick: () => { $('#record-json').textContent = JSON.stringify(record, null, 2); $('#record-json').focus(); } }, 'Open'))),
  );
  fill($('#record-table tbody'), rows, collection ? 'Nothing matches' : 'Choose a collection', 3);
}

async function loadState() {
  state = await admin('GET', '/__admin/state');
  if (!(collection in state)) collection = '';
  renderCollections();
  renderRecords();
  return 'State read';
}
loaders.state = () => read('Read the state', loadState);
$('#state-refresh').addEventListener('click', () => act('Read the state', loadState));
$('#state-search').addEventListener('input', renderRecords);
$('#state-export').addEventListener('click', () => act('Export', async () => {
  const text = JSON.stringify(await admin('GET', '/__admin/state'), null, 2);
  const link = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: 'gitbook-mock-state.json' });
  document.body.append(link);
  link.click();
  link.remove();
  return 'State exported';
}));
$('#state-import').addEventListener('click', () => act('Import', async () => {
  const file = $('#state-file').files[0];
  if (!file) throw new Error('choose a file first');
  await admin('PUT', '/__admin/state', await file.text());
  await loadState();
  return `Imported ${file.name}`;
}));

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
loaders.sessions = () => read('Read the sessions', loadSessions);

function useSession(name) {
  settings.session = name;
  store.setItem('gitbook-mock.session', name);
  $('#session-name').value = name;
  showSection();
  notice(`Using session ${name || 'default'}`);
}
$('#session-name').value = settings.session;
$('#session-form').addEventListener('submit', (event) => {
  event.preventDefault();
  useSession($('#session-name').value.trim());
});
$('#token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  settings.token = $('#admin-token').value.trim();
  store.setItem('gitbook-mock.token', settings.token);
  showSection();
  notice(settings.token ? 'Admin token saved for this tab' : 'Admin token removed');
});

// ---- fault rules ---------------------------------------------------------------------------

function describeRule(rule) {
  const match = [rule.operationId, rule.method, rule.path].filter(Boolean).join(' ') || 'every request';
  const answer = [rule.fault ? `fault ${rule.fault}` : null, rule.status ? `status ${rule.status}` : null, rule.delay ? `delay ${rule.delay} ms` : null]
    .filter(Boolean).join(', ');
  const window = [rule.after ? `after ${rule.after}` : null, rule.times ? (rule.times === 1 ? 'once' : `${rule.times} times`) : null].filter(Boolean).join(', ');
  return { match: window ? `${match} (${window})` : match, answer };
}

async function loadFaults() {
  let items;
  try {
    items = (await admin('GET', '/__admin/faults')).items;
  } catch (error) {
    if (error.status === 404) {
      fill($('#fault-table tbody'), [], 'This server has no fault rules', 5);
      return;
    }
    throw error;
  }
  const rows = items.map((rule) => {
    const { match, answer } = describeRule(rule);
    return h('tr', {},
      h('td', {}, h('code', {}, rule.id)),
      h('td', {}, match),
      h('td', {}, answer),
      h('td', {}, rule.matched ?? 0),
      h('td', {}, h('button', { type: 'button', onclick: () => act('Remove the rule', async () => {
        await admin('DELETE', `/__admin/faults/${encodeURIComponent(rule.id)}`);
        await loadFaults();
        return `Removed rule ${rule.id}`;
      }) }, `Remove ${rule.id}`)));
  });
  fill($('#fault-table tbody'), rows, 'No rules', 5);
}
loaders.faults = () => read('Read the fault rules', loadFaults);

$('#fault-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const rule = {};
  for (const [name, value] of form) {
    if (value === '') continue;
    rule[name] = ['status', 'delay', 'times', 'after'].includes(name) ? Number(value) : value;
  }
  act('Add the rule', async () => {
    const created = await admin('POST', '/__admin/faults', rule);
    await loadFaults();
    return `Added rule ${created.id}`;
  });
});
$('#faults-clear').addEventListener('click', () => act('Remove every rule', async () => {
  await admin('DELETE', '/__admin/faults');
  await loadFaults();
  return 'Every rule removed';
}));

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
loaders.coverage = () => read('Read the coverage', loadCoverage);
$('#coverage-refresh').addEventListener('click', () => act('Read the coverage', loadCoverage));
$('#coverage-uncovered').addEventListener('change', () => read('Read the coverage', loadCoverage));
$('#coverage-clear').addEventListener('click', () => act('Clear the coverage', async () => {
  await admin('DELETE', '/__admin/coverage');
  await loadCoverage();
  return 'Coverage cleared';
}));

// ---- start ---------------------------------------------------------------------------------

window.addEventListener('hashchange', showSection);
showSection();
