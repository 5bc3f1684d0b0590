/**
 * The QA console's one page, rendered on the server with hono/jsx. It holds no data: the
 * script (console.js beside this file) fills every section from the admin API, so the page
 * shows exactly what a test or curl would see, for whichever session is chosen.
 */
import type { FC, PropsWithChildren } from 'hono/jsx';
import { SENT_EVENT_TYPES } from '../../events/types.ts';

export const SECTIONS = [
  { id: 'scenarios', title: 'Scenarios' },
  { id: 'clock', title: 'Clock' },
  { id: 'requests', title: 'Requests' },
  { id: 'state', title: 'State' },
  { id: 'sessions', title: 'Sessions' },
  { id: 'faults', title: 'Fault rules' },
  { id: 'events', title: 'Events' },
  { id: 'coverage', title: 'Coverage' },
] as const;

const Section: FC<PropsWithChildren<{ id: string; title: string }>> = ({ id, title, children }) => (
  <section id={id} aria-labelledby={`${id}-title`} hidden>
    <h2 id={`${id}-title`}>{title}</h2>
    {children}
  </section>
);

const Scenarios: FC = () => (
  <Section id="scenarios" title="Scenarios">
    <p>
      Loaded: <strong id="current-scenario">…</strong>{' '}
      <button type="button" id="reset">Reset to the loaded scenario</button>
    </p>
    <table id="scenario-table">
      <caption>Scenarios this server can load</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Description</th><th scope="col">Action</th></tr></thead>
      <tbody />
    </table>
    <h3>Manifest</h3>
    <div id="manifest" />
  </Section>
);

const Clock: FC = () => (
  <Section id="clock" title="Clock">
    <p>
      Now: <output id="clock-now">…</output> <span id="clock-state" />{' '}
      <button type="button" id="clock-toggle">Freeze</button>
    </p>
    <div role="group" aria-label="Advance the clock">
      <button type="button" data-advance="PT1H">+1 hour</button>{' '}
      <button type="button" data-advance="P1D">+1 day</button>{' '}
      <button type="button" data-advance="P7D">+7 days</button>
    </div>
    <form id="clock-advance-form">
      <label for="clock-advance">Advance by (ISO 8601 duration or milliseconds)</label>{' '}
      <input id="clock-advance" name="advance" placeholder="PT30M" required />{' '}
      <button type="submit">Advance</button>
    </form>
    <form id="clock-set-form">
      <label for="clock-set">Set to (ISO 8601 date-time)</label>{' '}
      <input id="clock-set" name="now" placeholder="2026-01-01T00:00:00.000Z" required />{' '}
      <button type="submit">Set</button>
    </form>
  </Section>
);

const Requests: FC = () => (
  <Section id="requests" title="Requests">
    <form id="request-filters" class="filters">
      <label for="filter-method">Method</label>
      <select id="filter-method" name="method">
        <option value="">any</option>
        {['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => <option value={m}>{m}</option>)}
      </select>
      <label for="filter-status">Status</label>
      <input id="filter-status" name="status" placeholder="404 or 4xx" size={8} />
      <label for="filter-operation">Operation</label>
      <input id="filter-operation" name="operation" placeholder="getSpaceById" />
      <label for="filter-path">Path contains</label>
      <input id="filter-path" name="path" placeholder="/v1/spaces" />
      <button type="button" id="requests-clear">Clear the journal</button>
    </form>
    <p><span id="requests-count" aria-live="polite" /> <span id="requests-live" class="muted" /></p>
    <table id="request-table">
      <caption>Newest first; streams from the server as requests are answered</caption>
      <thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Operation</th><th scope="col">Caller</th><th scope="col">Details</th></tr></thead>
      <tbody />
    </table>
    <div id="request-detail" aria-live="polite" />
  </Section>
);

const State: FC = () => (
  <Section id="state" title="State">
    <div class="row">
      <button type="button" id="state-refresh">Refresh</button>{' '}
      <button type="button" id="state-export">Export as a file</button>{' '}
      <label for="state-file">Import a state file</label>{' '}
      <input type="file" id="state-file" accept="application/json,.json" />{' '}
      <button type="button" id="state-import">Import</button>
    </div>
    <h3>Named snapshots</h3>
    <p>A snapshot keeps this session's state in the server under a name: load it later into any session, or download it as a file.</p>
    <form id="snapshot-form">
      <label for="snapshot-name">Snapshot name</label>{' '}
      <input id="snapshot-name" required pattern="[A-Za-z0-9._\-]{1,64}" placeholder="bug-1234" />{' '}
      <button type="submit">Save the state as a snapshot</button>
    </form>
    <table id="snapshot-table">
      <caption>Snapshots on this server</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Scenario</th><th scope="col">From session</th><th scope="col">Saved</th><th scope="col">Size</th><th scope="col">Actions</th></tr></thead>
      <tbody />
    </table>
    <h3>Records</h3>
    <div class="columns">
      <nav aria-label="Collections"><ul id="collection-list" /></nav>
      <div>
        <label for="state-search">Search by id or title</label>{' '}
        <input id="state-search" type="search" />
        <table id="record-table">
          <caption id="record-caption">Choose a collection</caption>
          <thead><tr><th scope="col">Id</th><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Record</th></tr></thead>
          <tbody />
        </table>
        <div id="record-editor" hidden>
          <h3 id="record-title" />
          <label for="record-json">The record as JSON (edit it and save; it is checked as a state import)</label>
          <textarea id="record-json" rows={18} spellcheck={false} />
          <p><button type="button" id="record-save">Save the record</button></p>
        </div>
      </div>
    </div>
  </Section>
);

const Sessions: FC = () => (
  <Section id="sessions" title="Sessions">
    <p>Each session has its own state, clock, journal, fault rules and coverage. Choose one at the top of the page; a new name starts a new session.</p>
    <table id="session-table">
      <caption>Sessions on this server</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Scenario</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Requests</th><th scope="col">Actions</th></tr></thead>
      <tbody />
    </table>
  </Section>
);

const Faults: FC = () => (
  <Section id="faults" title="Fault rules">
    <form id="fault-form" class="grid">
      <label for="fault-operation">Operation id</label><input id="fault-operation" name="operationId" placeholder="getSpaceById" />
      <label for="fault-method">Method</label>
      <select id="fault-method" name="method">
        <option value="">any</option>
        {['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => <option value={m}>{m}</option>)}
      </select>
      <label for="fault-path">Path (template or exact)</label><input id="fault-path" name="path" placeholder="/v1/spaces/{spaceId}" />
      <label for="fault-status">Answer with status</label><input id="fault-status" name="status" type="number" min="100" max="599" placeholder="503" />
      <label for="fault-kind">Fault</label>
      <select id="fault-kind" name="fault">
        <option value="">none</option><option value="reset">reset (close the connection)</option><option value="empty">empty (200, no body)</option>
      </select>
      <label for="fault-delay">Delay the answer (ms)</label><input id="fault-delay" name="delay" type="number" min="0" />
      <label for="fault-times">Times</label><input id="fault-times" name="times" type="number" min="1" />
      <label for="fault-after">After</label><input id="fault-after" name="after" type="number" min="0" />
      <span /><button type="submit">Add the rule</button>
    </form>
    <p><button type="button" id="faults-clear">Remove every rule</button></p>
    <table id="fault-table">
      <caption>Rules of this session</caption>
      <thead><tr><th scope="col">Id</th><th scope="col">Matches</th><th scope="col">Answer</th><th scope="col">Matched</th><th scope="col">Action</th></tr></thead>
      <tbody />
    </table>
  </Section>
);

const Events: FC = () => (
  <Section id="events" title="Events">
    <p>What this session's writes sent to the integrations installed on its spaces, sites and organizations, with each delivery and its tries.</p>
    <form id="event-filters" class="filters">
      <label for="event-type">Type</label>
      <select id="event-type" name="type">
        <option value="">any</option>
        {SENT_EVENT_TYPES.map((t) => <option value={t}>{t}</option>)}
      </select>
      <label for="event-status">Delivery</label>
      <select id="event-status" name="status">
        <option value="">any</option><option value="pending">pending</option><option value="delivered">delivered</option><option value="failed">failed</option>
      </select>
      <label for="event-installation">Installation id</label>
      <input id="event-installation" name="installationId" size={14} />
      <label for="event-space">Space id</label>
      <input id="event-space" name="spaceId" size={14} />
      <button type="button" id="events-clear">Forget the events</button>
    </form>
    <p><span id="events-count" aria-live="polite" /></p>
    <table id="event-table">
      <caption>Newest first</caption>
      <thead><tr><th scope="col">Time</th><th scope="col">Type</th><th scope="col">Installation</th><th scope="col">About</th><th scope="col">Delivery</th><th scope="col">Details</th></tr></thead>
      <tbody />
    </table>
    <div id="event-detail" aria-live="polite" />
  </Section>
);

const Coverage: FC = () => (
  <Section id="coverage" title="Coverage">
    <p>
      <output id="coverage-summary">…</output>{' '}
      <button type="button" id="coverage-refresh">Refresh</button>{' '}
      <button type="button" id="coverage-clear">Clear</button>{' '}
      <label><input type="checkbox" id="coverage-uncovered" /> only what was not exercised</label>
    </p>
    <table id="coverage-operations">
      <caption>Operations</caption>
      <thead><tr><th scope="col">Operation</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Calls</th><th scope="col">Statuses</th></tr></thead>
      <tbody />
    </table>
    <table id="coverage-transitions">
      <caption>State-machine transitions</caption>
      <thead><tr><th scope="col">Machine</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Count</th></tr></thead>
      <tbody />
    </table>
  </Section>
);

export const ConsolePage: FC = () => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>gitbook-mock console</title>
      <link rel="icon" href="data:," />
      <link rel="stylesheet" href="/__admin/ui/console.css" />
      <script type="module" src="/__admin/ui/console.js" />
    </head>
    <body>
      <a class="skip" href="#main">Skip to the content</a>
      <header>
        <h1>gitbook-mock console</h1>
        <form id="session-form">
          <label for="session-name">Session</label>{' '}
          <input id="session-name" list="session-names" placeholder="default" pattern="[A-Za-z0-9._\-]{1,64}" size={16} />
          <datalist id="session-names" />{' '}
          <button type="submit">Use</button>{' '}
          <button type="button" id="session-link">Copy link</button>
        </form>
        <form id="token-form">
          <label for="admin-token">Admin token</label>{' '}
          <input id="admin-token" type="password" autocomplete="off" size={16} />{' '}
          <button type="submit">Save</button>
        </form>
        <a href="/__admin/docs">API reference</a>
      </header>
      <nav aria-label="Sections" class="tabs">
        <ul>
          {SECTIONS.map((s) => <li><a href={`#${s.id}`}>{s.title}</a></li>)}
        </ul>
      </nav>
      <div id="notice" role="status" aria-live="polite" />
      <main id="main">
        <Scenarios />
        <Clock />
        <Requests />
        <State />
        <Sessions />
        <Faults />
        <Events />
        <Coverage />
      </main>
    </body>
  </html>
);
