import type { SampleDetail } from '@qlcv/common/schemas/samples';
import type { SampleCreateInput, SampleUpdateInput } from '../api/samples-api';

/**
 * The phone's queue of sample entries made without a signal (issue 24 part 6), in IndexedDB: they survive a reload and
 * a closed tab, and are sent when the network returns. A create carries its `client_key` (the server makes one sample
 * of it however often it is sent); an edit carries the version it was made on, so a sample changed meanwhile comes back
 * as a conflict for the person to settle — never overwritten silently.
 */
export type QueuedSample =
  | (QueuedBase & { kind: 'create'; body: SampleCreateInput & { client_key: string } })
  | (QueuedBase & { kind: 'update'; sample_id: number; code: string; body: SampleUpdateInput });

interface QueuedBase {
  /** The entry's id (the create's `client_key`). */
  key: string;
  /** Whose entry: a shared phone shows each person their own. */
  user_id: number;
  trip_id: number;
  /** What the list shows before it is sent: the code and point the person entered. */
  label: string;
  saved_at: string;
  /** waiting: to send; conflict: the server refused it (its answer kept in `error`). */
  state: 'waiting' | 'conflict';
  error?: { message: string; code: string | null; fields: { field?: string; message: string }[] };
  /** An edit refused as stale: the sample as the server has it now, to compare. */
  current?: SampleDetail;
}

const DB_NAME = 'qlcv-offline';
const STORE = 'samples';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Every entry of a person (of one trip when given), oldest first. */
export async function queuedSamples(userId: number, tripId?: number): Promise<QueuedSample[]> {
  const all = (await run('readonly', (s) => s.getAll())) as QueuedSample[];
  return all
    .filter((e) => e.user_id === userId && (tripId === undefined || e.trip_id === tripId))
    .sort((a, b) => a.saved_at.localeCompare(b.saved_at));
}

export const putQueued = (entry: QueuedSample) => run('readwrite', (s) => s.put(entry)).then(() => undefined);
export const removeQueued = (key: string) => run('readwrite', (s) => s.delete(key)).then(() => undefined);

/** A new entry id: 32 random hex digits, so two phones never clash (getRandomValues works on a plain-HTTP LAN too). */
export const newEntryKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Tells the open screens that the queue changed (an entry added, sent or refused). */
export const QUEUE_EVENT = 'qlcv:sample-queue';
export const announceQueue = () => window.dispatchEvent(new Event(QUEUE_EVENT));
