// The Fault rules screen: add a rule, see how often each matched (updated as rules fire: the
// journal's stream says when a request was answered by a rule), remove one or all.

import { $, h, fill, admin, act, read, screens } from './lib.js';
import { listen } from './journal-stream.js';

function describeRule(rule) {
  const match = [rule.operationId, rule.method, rule.path].filter(Boolean).join(' ') || 'every request';
  const answer = [rule.fault ? `fault ${rule.fault}` : null, rule.status ? `status ${rule.status}` : null, rule.delay ? `delay ${rule.delay} ms` : null]
    .filter(Boolean).join(', ');
  const window = [rule.after ? `after ${rule.after}` : null, rule.times ? (rule.times === 1 ? 'once' : `${rule.times} times`) : null].filter(Boolean).join(', ');
  return { match: window ? `${match} (${window})` : match, answer };
}

let known = new Set();

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
  known = new Set(items.map((rule) => rule.id));
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

// A rule that fires marks its request's journal entry with its id (`injected`): then the counts
// are read again, at most once per burst of entries.
let pending;
const live = {
  onStatus() {},
  onEvent(event, data) {
    if (event !== 'entries' || !data.some((entry) => known.has(entry.injected))) return;
    pending ??= setTimeout(() => {
      pending = undefined;
      read('Read the fault rules', loadFaults);
    }, 50);
  },
};

let unlisten;
screens.faults = {
  enter() {
    unlisten ??= listen(live);
    return read('Read the fault rules', loadFaults);
  },
  leave() {
    unlisten?.();
    unlisten = undefined;
  },
};

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
