// The Events screen: what the session's writes sent to integrations, newest first, with each
// delivery (status, tries, where); filters; one event opened with its body and every try; send
// one again; forget them all. Read again when the journal says a request was answered, and
// every second while a delivery is still pending (retries come on the virtual clock).

import { $, h, fill, admin, act, read, screens } from './lib.js';
import { listen } from './journal-stream.js';

let opened;
let items = [];

function query() {
  const form = new FormData($('#event-filters'));
  const params = new URLSearchParams();
  for (const [name, value] of form) if (value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const targetOf = (payload) => payload.spaceId ? `space ${payload.spaceId}` : payload.siteId ? `site ${payload.siteId}` : '';

function deliveryText(item) {
  const delivery = item.deliveries[0];
  if (!delivery) return 'no delivery URL';
  const tries = delivery.attempts.length;
  return `${delivery.status}, ${tries} ${tries === 1 ? 'try' : 'tries'}`;
}

function tryText(attempt) {
  return attempt.status !== undefined ? String(attempt.status) : attempt.error;
}

function showEvent(item) {
  opened = item?.id;
  const box = $('#event-detail');
  if (!item) {
    box.replaceChildren();
    return;
  }
  const delivery = item.deliveries[0];
  const tries = (delivery?.attempts ?? []).map((attempt, i) =>
    h('tr', { class: attempt.status >= 200 && attempt.status < 300 ? '' : 'failed' },
      h('td', {}, i + 1), h('td', {}, attempt.at), h('td', {}, tryText(attempt)), h('td', {}, `${attempt.durationMs} ms`), h('td', {}, h('code', {}, attempt.excerpt ?? ''))));
  box.replaceChildren(
    h('h3', {}, `${item.type} ${item.id}`),
    h('dl', {},
      h('dt', {}, 'Created'), h('dd', {}, item.createdAt),
      h('dt', {}, 'Delivery'), h('dd', {}, delivery ? `${delivery.format} to ${delivery.url}: ${deliveryText(item)}` : 'no delivery URL'),
      ...(delivery?.nextAttemptAt ? [h('dt', {}, 'Next try'), h('dd', {}, delivery.nextAttemptAt)] : [])),
    delivery ? h('p', {}, h('button', { type: 'button', onclick: () => act('Send the event again', async () => {
      await admin('POST', `/__admin/events/${encodeURIComponent(item.id)}/redeliver`);
      await loadEvents();
      return `Sending ${item.id} again`;
    }) }, 'Send again')) : null,
    h('table', { id: 'event-tries' },
      h('caption', {}, 'Tries'),
      h('thead', {}, h('tr', {}, ['#', 'At (virtual clock)', 'Answer', 'Took', 'Answer excerpt'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, tries.length ? tries : [h('tr', {}, h('td', { colspan: 5 }, 'No try yet'))])),
    h('h4', {}, 'Body (official event)'),
    h('pre', { id: 'event-body' }, JSON.stringify(item.payload, null, 2)),
  );
}

async function loadEvents() {
  items = (await admin('GET', `/__admin/events${query()}`)).items;
  const rows = [...items].reverse().map((item) =>
    h('tr', { class: item.deliveries[0]?.status === 'failed' ? 'failed' : '', 'aria-current': item.id === opened ? 'true' : undefined },
      h('td', {}, item.createdAt),
      h('td', {}, item.type),
      h('td', {}, h('code', {}, item.payload.installationId)),
      h('td', {}, targetOf(item.payload)),
      h('td', {}, deliveryText(item)),
      h('td', {}, h('button', { type: 'button', 'aria-label': `Open event ${item.id}`, onclick: () => {
        showEvent(item);
        loadEvents();
      } }, 'Open'))));
  fill($('#event-table tbody'), rows, 'No events', 6);
  $('#events-count').textContent = `${items.length} ${items.length === 1 ? 'event' : 'events'}`;
  if (opened) showEvent(items.find((item) => item.id === opened));
}

let pending;
const refresh = () => {
  pending ??= setTimeout(() => {
    pending = undefined;
    read('Read the events', loadEvents);
  }, 50);
};
const live = { onStatus() {}, onEvent: (event) => event === 'entries' && refresh() };

let unlisten;
let timer;
screens.events = {
  enter() {
    unlisten ??= listen(live);
    timer ??= setInterval(() => {
      if (items.some((item) => item.deliveries.some((d) => d.status === 'pending'))) refresh();
    }, 1000);
    return read('Read the events', loadEvents);
  },
  leave() {
    unlisten?.();
    unlisten = undefined;
    clearInterval(timer);
    timer = undefined;
  },
};

$('#event-filters').addEventListener('input', refresh);
$('#event-filters').addEventListener('submit', (event) => {
  event.preventDefault();
  refresh();
});
$('#events-clear').addEventListener('click', () => act('Forget the events', async () => {
  await admin('DELETE', '/__admin/events');
  showEvent(undefined);
  await loadEvents();
  return 'Events forgotten';
}));
