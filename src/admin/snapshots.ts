/**
 * Named snapshots: a session's state saved in the server under a name, to load later into any
 * session of the same server (QA hands a state to a colleague by name, or keeps one to go back
 * to). A snapshot is exactly what `GET /__admin/state` exports, and loading one is exactly
 * `PUT /__admin/state` of it (the `exportOf` and `importInto` the admin routes give), so it
 * carries whatever an export carries. Kept as JSON text: compact, and nobody can change it.
 * Snapshots belong to the app, not to a session, and live as long as the process.
 *
 *   GET    /__admin/snapshots              { items: [{ name, scenario, session, savedAt, bytes }] }
 *   PUT    /__admin/snapshots/{name}       saves the session's state (201, or 200 replacing one)
 *   GET    /__admin/snapshots/{name}       the export, as a file to download
 *   POST   /__admin/snapshots/{name}/load  imports it into the session: 200 the snapshot's info
 *   DELETE /__admin/snapshots/{name}       204
 */
import { ApiError, errors } from '../contract/errors.ts';
import type { Runtime } from '../runtime.ts';

/** Most snapshots one server keeps (each may be a whole `large` state, 35 MB). */
export const MAX_SNAPSHOTS = 50;
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export interface SnapshotInfo {
  name: string;
  /** The scenario the saved state came from. */
  scenario: string;
  /** The session it was saved from. */
  session: string;
  savedAt: string;
  /** Size of the saved export, in bytes of JSON. */
  bytes: number;
}

export interface StateTransfer {
  exportOf(rt: Runtime): unknown;
  importInto(rt: Runtime, state: unknown): void;
}

interface Kept {
  info: SnapshotInfo;
  text: string;
}

/** A snapshot's name as the path gives it, or a 400. */
export function snapshotName(name: string | undefined): string {
  if (!name || !NAME.test(name)) throw errors.badRequest('path.name must be 1 to 64 of A-Z a-z 0-9 . _ -');
  return name;
}

export class Snapshots {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly transfer: StateTransfer) {}

  list(): SnapshotInfo[] {
    return [...this.kept.values()].map((k) => ({ ...k.info }));
  }

  private find(name: string): Kept {
    const found = this.kept.get(name);
    if (!found) throw errors.notFound('snapshot', name);
    return found;
  }

  save(rt: Runtime, name: string, session: string): { info: SnapshotInfo; replaced: boolean } {
    const replaced = this.kept.has(name);
    if (!replaced && this.kept.size >= MAX_SNAPSHOTS) {
      throw new ApiError(409, `This server keeps at most ${MAX_SNAPSHOTS} snapshots; delete one first`);
    }
    const text = JSON.stringify(this.transfer.exportOf(rt));
    const info = { name, scenario: rt.scenarioName, session, savedAt: new Date().toISOString(), bytes: new TextEncoder().encode(text).length };
    this.kept.set(name, { info, text });
    return { info: { ...info }, replaced };
  }

  load(rt: Runtime, name: string): SnapshotInfo {
    const { info, text } = this.find(name);
    this.transfer.importInto(rt, JSON.parse(text));
    return { ...info };
  }

  /** The export a snapshot keeps, as JSON text. */
  text(name: string): string {
    return this.find(name).text;
  }

  delete(name: string): void {
    this.find(name);
    this.kept.delete(name);
  }
}
