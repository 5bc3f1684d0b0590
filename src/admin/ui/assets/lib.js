// What every screen of the QA console shares: building elements, the notice line, admin calls
// for the chosen session (with the admin token when one is saved), copying and downloading,
// and which screen is shown. Plain browser JavaScript modules: nothing to build.

export const $ = (selector) => document.querySelector(selector);
export const store = window.sessionStorage;
export const settings = {
  session: store.getItem('gitbook-mock.session') ?? '',
  token: store.getItem('gitbook-mock.token') ?? '',
};

/** Builds an element: h('td', { class: 'x' }, 'text', otherNode). */
export function h(tag, attributes = {}, ...children) {
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

export function fill(tbody, rows, empty, columns) {
  tbody.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: columns }, empty))]));
}

export function notice(message, isError = false) {
  const box = $('#notice');
  box.setAttribute('role', isError ? 'alert' : 'status');
  box.className = isError ? 'error' : 'ok';
  box.textContent = message;
}

export class AdminError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The headers of an admin call: the session and the admin token. */
export function adminHeaders() {
  const headers = {};
  if (settings.session) headers['X-Mock-Session'] = settings.session;
  if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
  return headers;
}

/** One admin call; throws AdminError with the server's own message on an error status. */
export async function admin(method, path, body) {
  const headers = adminHeaders();
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
  // What the server ignored or could not honour (a session that does not exist, say) is shown.
  const warning = response.headers.get('x-mock-warning');
  if (warning) notice(warning, true);
  return data;
}

/** A 401 or 403 from the gate: off loopback this server wants its admin token, typed at the top. */
export function failed(what, error) {
  if (error.status === 401 || error.status === 403) {
    notice(`${what} failed: ${error.message}. Enter the admin token at the top of the page.`, true);
    $('#admin-token').focus();
    return;
  }
  notice(`${what} failed: ${error.message}`, true);
}

/** Reads for a section; only a failure is worth a notice. */
export function read(what, fn) {
  return fn().catch((error) => failed(what, error));
}

/** Runs an action from a button or form, reporting its outcome in the notice line. */
export async function act(what, fn) {
  try {
    const done = await fn();
    notice(done ?? `${what}: done`);
  } catch (error) {
    failed(what, error);
  }
}

export async function copy(text, what = 'Copied') {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = h('textarea', {}, text);
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  notice(what);
}

export const copyButton = (text, label) => h('button', { type: 'button', 'aria-label': `Copy ${label}`, onclick: () => copy(text) }, 'Copy');

/** Saves `text` as a file called `name` through the browser's download. */
export function download(text, name) {
  const link = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

// ---- screens ---------------------------------------------------------------------------------

/** What each screen does when it is shown, and when another one is (streams stop). */
export const screens = {};

/** `#requests`, `#session=qa-1` or `#requests&session=qa-1`: the screen and the session a link names. */
export function parseHash(hash = location.hash) {
  const parts = hash.replace(/^#/, '').split('&').filter(Boolean);
  const session = parts.find((p) => p.startsWith('session='));
  return {
    screen: parts.find((p) => !p.includes('=')) ?? '',
    session: session === undefined ? undefined : decodeURIComponent(session.slice('session='.length)),
  };
}
