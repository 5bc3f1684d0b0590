// The State screen: each collection and its records, deleted and purged ones marked; a record
// opened as JSON, edited and saved (PUT /__admin/state/{collection}/{id}, checked as an import);
// the state exported or imported as a file; named snapshots saved in the server, loaded,
// downloaded and deleted.

import { $, h, fill, admin, adminHeaders, act, read, download, screens, AdminError } from './lib.js';

/** The restore window of a deleted space (src/rules/space-lifecycle.ts): past it the space is purged. */
const RESTORE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
let state = {};
let collection = '';
let openedId;
let now = Date.now();

const titleOf = (record) => record.title ?? record.name ?? record.displayName ?? record.slug ?? record.email ?? '';

/** `deleted` (restorable), `purged` (past the window, gone for the API) or '' for a live record. */
function lifeOf(record) {
  if (!record.deletedAt) return '';
  return collection === 'spaces' && now - Date.parse(record.deletedAt) >= RESTORE_WINDOW_MS ? 'purged' : 'deleted';
}

function renderCollections() {
  const items = Object.entries(state).filter(([, records]) => Array.isArray(records)).map(([name, records]) =>
    h('li', {}, h('button', { type: 'button', 'aria-pressed': String(name === collection), onclick: () => { collection = name; renderCollections(); renderRecords(); } }, `${name} (${records.length})`)),
  );
  $('#collection-list').replaceChildren(...items);
}

function openRecord(record) {
  openedId = record.id;
  $('#record-editor').hidden = false;
  $('#record-title').textContent = `${collection} ${record.id}${lifeOf(record) ? ` (${lifeOf(record)})` : ''}`;
  $('#record-json').value = JSON.stringify(record, null, 2);
  $('#record-json').focus();
}

function renderRecords() {
  const records = state[collection] ?? [];
  const term = $('#state-search').value.trim().toLowerCase();
  const found = term
    ? records.filter((r) => String(r.id ?? '').toLowerCase().includes(term) || String(titleOf(r)).toLowerCase().includes(term))
    : records;
  $('#record-caption').textContent = collection ? `${collection}: ${found.length} of ${records.length}` : 'Choose a collection';
  const rows = found.slice(0, 200).map((record) => {
    const life = lifeOf(record);
    return h('tr', { class: life },
      h('td', {}, h('code', {}, record.id ?? '')),
      h('td', {}, titleOf(record)),
      h('td', {}, life ? h('span', { class: `mark ${life}`, title: `deleted at ${record.deletedAt}` }, life) : ''),
      h('td', {}, h('button', { type: 'button', onclick: () => openRecord(record) }, 'Open')));
  });
  fill($('#record-table tbody'), rows, collection ? 'Nothing matches' : 'Choose a collection', 4);
}

async function loadState() {
  const [exported, clock] = await Promise.all([admin('GET', '/__admin/state'), admin('GET', '/__admin/clock')]);
  // An export may carry more than the collections (its scenario, clock, ...): only lists are shown.
  state = exported.records ?? exported;
  now = Date.parse(clock.now);
  if (!(collection in state)) collection = '';
  renderCollections();
  renderRecords();
  return 'State read';
}

// ---- snapshots ---------------------------------------------------------------------------

async function loadSnapshots() {
  const { items } = await admin('GET', '/__admin/snapshots');
  const rows = items.map((s) =>
    h('tr', {},
      h('th', { scope: 'row' }, s.name),
      h('td', {}, s.scenario), h('td', {}, s.session), h('td', {}, h('time', { datetime: s.savedAt }, s.savedAt)),
      h('td', {}, `${Math.ceil(s.bytes / 1024)} KB`),
      h('td', {},
        h('button', { type: 'button', onclick: () => act(`Load ${s.name}`, async () => {
          await admin('POST', `/__admin/snapshots/${encodeURIComponent(s.name)}/load`);
          await loadState();
          return `Loaded snapshot ${s.name}`;
        }) }, `Load ${s.name}`), ' ',
        h('button', { type: 'button', onclick: () => act(`Download ${s.name}`, async () => {
          const response = await fetch(`/__admin/snapshots/${encodeURIComponent(s.name)}`, { headers: adminHeaders() });
          if (!response.ok) throw new AdminError(response.status, (await response.json()).error?.message);
          download(await response.text(), `${s.name}.json`);
          return `Downloaded ${s.name}.json`;
        }) }, `Download ${s.name}`), ' ',
        h('button', { type: 'button', onclick: () => act(`Delete ${s.name}`, async () => {
          await admin('DELETE', `/__admin/snapshots/${encodeURIComponent(s.name)}`);
          await loadSnapshots();
          return `Deleted snapshot ${s.name}`;
        }) }, `Delete ${s.name}`))));
  fill($('#snapshot-table tbody'), rows, 'No snapshots saved', 6);
}

screens.state = { enter: () => read('Read the state', () => Promise.all([loadState(), loadSnapshots()])) };

$('#state-refresh').addEventListener('click', () => act('Read the state', loadState));
$('#state-search').addEventListener('input', renderRecords);
$('#record-save').addEventListener('click', () => act('Save the record', async () => {
  const name = collection;
  const id = openedId;
  await admin('PUT', `/__admin/state/${encodeURIComponent(name)}/${encodeURIComponent(id)}`, $('#record-json').value);
  await loadState();
  return `Saved ${name} ${id}`;
}));
$('#state-export').addEventListener('click', () => act('Export', async () => {
  download(JSON.stringify(await admin('GET', '/__admin/state'), null, 2), 'gitbook-mock-state.json');
  return 'State exported';
}));
$('#state-import').addEventListener('click', () => act('Import', async () => {
  const file = $('#state-file').files[0];
  if (!file) throw new Error('choose a file first');
  await admin('PUT', '/__admin/state', await file.text());
  await loadState();
  return `Imported ${file.name}`;
}));
$('#snapshot-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = $('#snapshot-name').value.trim();
  act('Save the snapshot', async () => {
    await admin('PUT', `/__admin/snapshots/${encodeURIComponent(name)}`);
    await loadSnapshots();
    return `Saved snapshot ${name}`;
  });
});
