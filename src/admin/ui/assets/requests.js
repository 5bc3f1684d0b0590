// The Requests screen: the journal as it streams in, filters, and one exchange opened side by
// side (the request, and the response the app got back), JSON pretty-printed, with the curl
// command that sends the request again.

import { $, h, fill, notice, admin, act, copy, screens } from './lib.js';
import { listen } from './journal-stream.js';

/** The most requests the screen keeps (the server's journal keeps 1,000 too). */
const KEPT = 1000;
let journal = [];
let manifest;
let opened;

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

const pretty = (body) => (typeof body === 'string' ? body : JSON.stringify(body, null, 2));
const quote = (text) => `'${String(text).replaceAll("'", `'\\''`)}'`;

/** The curl command that sends `item` again: the caller's token from the manifest, the session, the body. */
export function curlOf(item, tokens = {}) {
  const query = Object.entries(item.query ?? {}).flatMap(([key, values]) => values.map((value) => [key, value]));
  const url = `${location.origin}${item.path}${query.length ? `?${new URLSearchParams(query)}` : ''}`;
  const parts = ['curl', '-i'];
  if (item.method !== 'GET') parts.push('-X', item.method);
  parts.push(quote(url));
  const token = item.caller ? tokens[item.caller] : undefined;
  if (token) parts.push('-H', quote(`Authorization: Bearer ${token}`));
  else if (item.auth && item.auth !== 'none') parts.push('-H', quote('Authorization: Bearer TOKEN'));
  if (item.session && item.session !== 'default') parts.push('-H', quote(`X-Mock-Session: ${item.session}`));
  if (item.body !== undefined) {
    parts.push('-H', quote('Content-Type: application/json'), '--data-raw', quote(typeof item.body === 'string' ? item.body : JSON.stringify(item.body)));
  }
  return parts.join(' ');
}

function side(title, rows, body, truncated) {
  return h('section', { class: 'side', 'aria-label': title },
    h('h4', {}, title),
    h('dl', {}, rows.filter(Boolean).flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)])),
    h('pre', { tabindex: 0, 'aria-label': `${title} body` }, body === undefined ? '(no body)' : pretty(body)),
    truncated ? h('p', { class: 'muted' }, 'Cut to its first 4,096 characters (the journal keeps a preview).') : null);
}

function showRequest(item) {
  opened = item;
  const response = item.response ?? { status: item.status, headers: {} };
  const who = item.caller ?? (item.auth === 'unknown' ? 'unknown token' : item.auth === 'known' ? 'a user the manifest does not name' : 'no token');
  const curl = curlOf(item, manifest?.tokens);
  const headers = Object.entries(response.headers ?? {}).map(([name, value]) => `${name}: ${value}`).join('\n');
  $('#request-detail').replaceChildren(
    h('h3', { tabindex: -1 }, `${item.method} ${item.path} → ${item.status}`),
    h('p', {},
      h('button', { type: 'button', id: 'copy-curl', onclick: () => copy(curl, 'Copied the curl command') }, 'Copy as curl'), ' ',
      item.bodyTruncated ? h('span', { class: 'muted' }, 'The request body was cut: the command sends only its preview.') : null),
    h('pre', { id: 'request-curl', 'aria-label': 'The request as a curl command' }, curl),
    h('div', { class: 'exchange' },
      side('Request', [
        ['At', item.at], ['Caller', who], ['Session', item.session ?? 'default'], ['Operation', item.operationId ?? 'none'],
        item.injected ? ['Answered by', String(item.injected)] : null,
        ['Query', item.query ? JSON.stringify(item.query) : '(none)'],
      ], item.body, item.bodyTruncated),
      side('Response', [
        ['Status', String(response.status)],
        ['Took', item.durationMs === undefined ? '?' : `${item.durationMs} ms`],
        ['Headers', headers ? h('pre', { class: 'headers' }, headers) : '(none)'],
      ], response.body, response.bodyTruncated)),
  );
  renderRequests();
  $('#request-detail h3').focus();
}

function renderRequests() {
  const shown = journal.filter(matchesFilters).reverse();
  $('#requests-count').textContent = `${shown.length} of ${journal.length} requests`;
  const rows = shown.slice(0, 500).map((item) =>
    h('tr', { class: item.status >= 400 ? 'failed' : '', 'aria-current': item === opened ? 'true' : undefined },
      h('td', {}, h('time', { datetime: item.at }, item.at)),
      h('td', {}, item.method),
      h('td', {}, h('code', {}, item.path)),
      h('td', {}, item.status),
      h('td', {}, item.operationId ?? ''),
      h('td', {}, item.caller ?? ''),
      h('td', {}, h('button', { type: 'button', onclick: () => showRequest(item) }, 'Open'))),
  );
  fill($('#request-table tbody'), rows, 'No requests yet', 7);
}

let unlisten;
const live = {
  onStatus(status, error) {
    if (status === 'live') {
      journal = [];
      $('#requests-live').textContent = 'Live: new requests appear as they are answered';
    } else if (status === 'failed') {
      $('#requests-live').textContent = 'Not live';
      notice(`Read the journal failed: ${error.message}`, true);
    } else $('#requests-live').textContent = 'Reconnecting…';
  },
  onEvent(event, data) {
    if (event === 'cleared') journal = [];
    else if (event === 'entries') journal = [...journal, ...data].slice(-KEPT);
    renderRequests();
  },
};

screens.requests = {
  enter() {
    unlisten ??= listen(live);
    admin('GET', '/__admin/manifest').then((m) => (manifest = m), () => {});
  },
  leave() {
    unlisten?.();
    unlisten = undefined;
  },
};

$('#request-filters').addEventListener('input', renderRequests);
$('#request-filters').addEventListener('submit', (event) => event.preventDefault());
$('#requests-clear').addEventListener('click', () => act('Clear the journal', async () => {
  await admin('DELETE', '/__admin/requests');
  journal = [];
  renderRequests();
  $('#request-detail').replaceChildren();
  return 'Journal cleared';
}));
