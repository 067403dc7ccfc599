import type { SendResult } from './channels';

/** What an outside HTTP service answered: its status and body (parsed when it is JSON). */
export interface HttpAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** A provider's slow answer must not hold a worker: 15 s, then the send counts as a transient failure. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** Calls an outside service; a network failure or a timeout throws (the caller maps it to a retryable failure). */
export async function callProvider(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<HttpAnswer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

/** A provider's answer as kept in the delivery log: short, one line. */
export const clip = (text: string, max = 1000) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** HTTP statuses worth trying again: the provider is busy, rate limits us, or failed on its side. */
export const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** A send that never got an answer (DNS, refused connection, reset, timeout): try again later. */
export function networkFailure(err: unknown): SendResult {
  const e = err as Error & { cause?: { code?: string } };
  const reason = e.name === 'TimeoutError' ? 'hết thời gian chờ' : (e.cause?.code ?? e.message);
  return { ok: false, retryable: true, error: `Không kết nối được nhà cung cấp: ${reason}` };
}

/** An answer that is not a success the provider documents: transient on 408/429/5xx, final otherwise. */
export function httpFailure(answer: HttpAnswer, what: string): SendResult {
  return {
    ok: false,
    retryable: retryableStatus(answer.status),
    error: `${what}: HTTP ${answer.status}`,
    providerResponse: clip(answer.text),
  };
}
