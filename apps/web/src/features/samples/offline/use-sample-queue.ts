import type { SampleDetail } from '@qlcv/common/schemas/samples';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { isNetworkFailure } from '@/lib/api/client';
import { api } from '@/lib/api/requester';
import { useAuthUser } from '@/lib/auth/auth-store';
import { queryKeys } from '@/lib/query-keys';
import { announceQueue, putQueued, QUEUE_EVENT, type QueuedSample, queuedSamples, removeQueued } from './sample-queue';

/** One send at a time across the open screens (the server would make one sample anyway; this saves the calls). */
let flushing: Promise<void> | null = null;

/** Sends every waiting entry of `userId`, oldest first; stops at the first one the network does not carry. */
async function flushAll(userId: number): Promise<number> {
  let sent = 0;
  for (const entry of await queuedSamples(userId)) {
    if (entry.state !== 'waiting') continue;
    try {
      if (entry.kind === 'create') await api.post<SampleDetail>('/api/samples', entry.body, { display: 'ignore' });
      else await api.put<SampleDetail>(`/api/samples/${entry.sample_id}`, entry.body, { display: 'ignore' });
      await removeQueued(entry.key);
      sent += 1;
    } catch (error) {
      if (isNetworkFailure(error)) break;
      const e = error instanceof ApiError ? error : null;
      const refused: QueuedSample = {
        ...entry,
        state: 'conflict',
        error: { message: e?.message ?? 'Không gửi được mẫu.', code: e?.code ?? null, fields: e?.errors ?? [] },
      };
      // Changed by someone else meanwhile: keep the server's sample beside the entry for the person to compare.
      if (entry.kind === 'update' && e?.status === 409)
        refused.current = await api
          .get<SampleDetail>(`/api/samples/${entry.sample_id}`, { display: 'ignore' })
          .catch(() => undefined);
      await putQueued(refused);
    }
  }
  return sent;
}

/**
 * The signed-in person's queued sample entries (of one trip when given), sent when the browser says it is online and
 * whenever asked; the lists of samples are refreshed after each send.
 */
export function useSampleQueue(tripId?: number) {
  const user = useAuthUser();
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<QueuedSample[]>([]);
  const [sending, setSending] = useState(false);

  const reload = useCallback(async () => {
    if (!user) return;
    setEntries(await queuedSamples(user.id, tripId));
  }, [user, tripId]);

  const flush = useCallback(async () => {
    if (!user) return;
    if (!flushing) {
      setSending(true);
      flushing = flushAll(user.id)
        .then(async (sent) => {
          if (sent > 0) await queryClient.invalidateQueries({ queryKey: queryKeys.samples.all });
        })
        .finally(() => {
          flushing = null;
          announceQueue();
        });
    }
    await flushing;
    setSending(false);
  }, [user, queryClient]);

  useEffect(() => {
    void reload();
    const onChange = () => void reload();
    const onOnline = () => void flush();
    window.addEventListener(QUEUE_EVENT, onChange);
    window.addEventListener('online', onOnline);
    if (navigator.onLine) void flush();
    return () => {
      window.removeEventListener(QUEUE_EVENT, onChange);
      window.removeEventListener('online', onOnline);
    };
  }, [reload, flush]);

  /** Puts a refused entry back in line (after the person fixed it in the form, or to try again as it is). */
  const retry = useCallback(
    async (entry: QueuedSample) => {
      const { error: _error, current: _current, ...rest } = entry;
      await putQueued({ ...rest, state: 'waiting' } as QueuedSample);
      announceQueue();
      await flush();
    },
    [flush],
  );

  const discard = useCallback(async (key: string) => {
    await removeQueued(key);
    announceQueue();
  }, []);

  return { entries, sending, flush, retry, discard };
}
