/**
 * A session's events: what its committed writes made (events/derive.ts), addressed to the
 * installations that receive them (events/address.ts), kept with their deliveries for
 * `/__admin/events`, handed to the deliverer, and awaited by tests (`next`). Reset and
 * scenario loads clear it, as they clear fault rules: the events belonged to a history
 * that is gone.
 */
import type { VirtualClock } from '../clock.ts';
import { deriveId } from '../ids.ts';
import type { Row } from '../store/table.ts';
import type { RowChange } from '../store/store.ts';
import { address, type Scene } from './address.ts';
import { Deliverer, type DelivererOptions } from './deliverer.ts';
import { deriveEvents, type Occurrence } from './derive.ts';
import { encodeDelivery, type DeliveryRequest } from './encode.ts';
import type { Delivery, EventItem } from './types.ts';

/** Events kept per session; the oldest go first past it. */
const LIMIT = 2000;

/** The filters of the event list (GET /__admin/events, `mock.events.list`). */
export const EVENT_FILTERS = ['type', 'installationId', 'spaceId', 'status'] as const;

export interface EventFilter {
  type?: string;
  installationId?: string;
  spaceId?: string;
  /** A delivery status: `pending`, `delivered` or `failed`. */
  status?: string;
}

interface Waiter {
  type?: string;
  resolve: (item: EventItem) => void;
}

export class EventLog {
  private items: EventItem[] = [];
  private readonly requests = new Map<string, DeliveryRequest>();
  /** Ids `next` already handed out. */
  private readonly taken = new Set<string>();
  private waiters: Waiter[] = [];
  private counter = 0;
  /** Fetch events forwarded (their ids). */
  private fetches = 0;
  private readonly deliverer: Deliverer;

  constructor(
    private readonly clock: VirtualClock,
    /** Seeds the event ids, so two runs of the same requests get the same ids (read at each event). */
    private readonly seed: () => string,
    options: DelivererOptions = {},
    /** Told of every event sent (coverage counts them by type). */
    private readonly onSent: (type: string) => void = () => {},
  ) {
    this.deliverer = new Deliverer(clock, options);
  }

  /** The events of a committed write (its rows and the rows they replaced, and what it told: `happened`). */
  committed(changes: RowChange[], before: (Row | null)[], scene: Scene, happened: Occurrence[] = []): void {
    // Most sessions have no installation: nothing to derive for them.
    if (scene.db.installations.size === 0 && !happened.some((h) => h.type === 'task') && !changes.some(([name]) => name === 'installations')) return;
    const occurrences = [...deriveEvents(changes, before), ...happened];
    for (const what of occurrences) for (const addressed of address(scene, what)) this.add(addressed);
  }

  private add(addressed: ReturnType<typeof address>[number]): void {
    const { type, installation, integration, fields, environment } = addressed;
    this.counter += 1;
    // A task keeps the id the integration's event list shows it under.
    const id = typeof fields.eventId === 'string' ? fields.eventId : deriveId(`${this.seed()}:event:${this.counter}`);
    const payload = { eventId: id, ...fields } as EventItem['payload'];
    const url = installation?.url ?? integration.delivery?.url;
    const format = integration.delivery?.format ?? 'runtime';
    const deliveries: Delivery[] = url ? [{ id, ...(installation && { installationId: installation.id }), url, format, status: 'pending', attempts: [] }] : [];
    const item: EventItem = { id, type, createdAt: this.clock.iso(), payload, deliveries };
    this.items.push(item);
    const oldest = this.items.length > LIMIT ? this.items.shift() : undefined;
    if (oldest) this.evict(oldest);
    this.onSent(type);
    if (url) {
      const request = encodeDelivery({ url, format, secret: integration.signingSecret, payload, environment, at: this.clock.wallMs() });
      this.requests.set(id, request);
      this.deliverer.enqueue(deliveries[0], request);
    }
    this.notify(item);
  }

  /** The oldest event goes: with it its body and any tries still queued. */
  private evict(item: EventItem): void {
    this.requests.delete(item.id);
    this.taken.delete(item.id);
    for (const delivery of item.deliveries) if (delivery.status === 'pending') this.deliverer.forget(delivery);
  }

  private notify(item: EventItem): void {
    const waiter = this.waiters.find((w) => w.type === undefined || w.type === item.type);
    if (!waiter) return;
    this.waiters = this.waiters.filter((w) => w !== waiter);
    this.taken.add(item.id);
    waiter.resolve(item);
  }

  /**
   * The oldest event of `type` (any type without it) that `next` has not handed out yet, as
   * soon as there is one; rejects after `timeoutMs` naming the events there were.
   */
  next(type?: string, timeoutMs = 5000): Promise<EventItem> {
    const found = this.items.find((item) => !this.taken.has(item.id) && (type === undefined || item.type === type));
    if (found) {
      this.taken.add(found.id);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const seen = this.items.map((item) => item.type).join(', ') || 'none';
        reject(new Error(`No ${type ?? ''} event within ${timeoutMs} ms (events so far: ${seen})`.replace('No  event', 'No event')));
      }, timeoutMs);
      timer.unref?.();
      const waiter: Waiter = {
        type,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      };
      this.waiters.push(waiter);
    });
  }

  list(filter: EventFilter = {}): EventItem[] {
    return this.items.filter(
      (item) =>
        (!filter.type || item.type === filter.type) &&
        (!filter.installationId || item.payload.installationId === filter.installationId) &&
        (!filter.spaceId || item.payload.spaceId === filter.spaceId) &&
        (!filter.status || item.deliveries.some((d) => d.status === filter.status)),
    );
  }

  get(id: string): EventItem | undefined {
    return this.items.find((item) => item.id === id);
  }

  /**
   * Sends a `fetch` event (events/fetch-event.ts) at once and gives what its receiver answered:
   * not kept, not queued, not retried. Its id is drawn as events' ids are, from a count of its own.
   */
  forward(input: Omit<Parameters<typeof encodeDelivery>[0], 'payload' | 'at'> & { payload: Record<string, unknown> }): Promise<Response | { error: string }> {
    this.fetches += 1;
    const payload = { eventId: deriveId(`${this.seed()}:fetch:${this.fetches}`), ...input.payload };
    return this.deliverer.forward(encodeDelivery({ ...input, payload, at: this.clock.wallMs() }));
  }

  /** Sends a kept event again, with a new round of tries, behind the installation's queue. */
  redeliver(id: string): EventItem | undefined {
    const item = this.get(id);
    const request = this.requests.get(id);
    const delivery = item?.deliveries[0];
    if (!item || !request || !delivery) return item;
    delivery.status = 'pending';
    this.deliverer.enqueue(delivery, request);
    return item;
  }

  /** Forgets every event and stops their deliveries (DELETE /__admin/events, reset, scenario load). */
  clear(): void {
    this.deliverer.stop();
    this.items = [];
    this.requests.clear();
    this.taken.clear();
  }
}
