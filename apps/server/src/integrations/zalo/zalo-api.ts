import { callProvider, clip, type HttpAnswer, retryableStatus } from '../http';

// The Zalo calls the app makes (PRODUCT.md §7). Nothing here logs; a token never goes into an error text.

const trim = (base: string) => base.replace(/\/+$/, '');

/**
 * The fields Zalo documents for an answer: a value (text, number, true/false), an object of such fields, or a list
 * of one shape. Whatever else a host answers is never shown (an address a user set may not be Zalo).
 */
type Shape = 'value' | { [field: string]: Shape } | [Shape];
const V = 'value' as const;
/** `GET /template/all`: the OA's ZNS templates. */
const TEMPLATE_LIST: Shape = {
  error: V,
  message: V,
  data: [{ templateId: V, templateName: V, createdTime: V, status: V, templateQuality: V }],
  metadata: { total: V },
};
/** `POST /message/template`: the message sent, and the OA's quota. */
const TEMPLATE_SEND: Shape = {
  error: V,
  message: V,
  data: { msg_id: V, sent_time: V, sending_mode: V, quota: { dailyQuota: V, remainingQuota: V } },
};
/** `POST /v4/oa/access_token` refused (an accepted one holds tokens and is never shown). */
const OAUTH_ERROR: Shape = { error: V, error_name: V, error_description: V };

function pick(value: unknown, shape: Shape): unknown {
  if (shape === V) {
    if (typeof value === 'string') return clip(value, 200);
    return typeof value === 'number' || typeof value === 'boolean' || value === null ? value : undefined;
  }
  if (Array.isArray(shape)) {
    return Array.isArray(value) ? value.slice(0, 100).map((item) => pick(item, shape[0])) : undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [field, inner] of Object.entries(shape)) {
    if (!Object.hasOwn(value, field)) continue;
    const picked = pick((value as Record<string, unknown>)[field], inner);
    if (picked !== undefined) out[field] = picked;
  }
  return out;
}

/** The documented part of a JSON answer, as shown beside a test's result; null for an answer that is not JSON. */
export function documentedAnswer(json: unknown, shape: Shape): string | null {
  const picked = pick(json, shape);
  return picked && typeof picked === 'object' && Object.keys(picked).length > 0 ? JSON.stringify(picked) : null;
}

/** Zalo's answer envelope: `error` 0 is success, a negative code says why not. */
export interface ZaloAnswer {
  status: number;
  error: number | null;
  message: string;
  json: unknown;
  /** The fields Zalo documents for this call, the only part of the answer ever shown or kept. */
  shown: string | null;
}

function envelope(answer: HttpAnswer, shape: Shape): ZaloAnswer {
  const body = answer.json as { error?: unknown; message?: unknown } | null;
  const error = typeof body?.error === 'number' ? body.error : typeof body?.error === 'string' ? Number(body.error) : null;
  return {
    status: answer.status,
    error: Number.isFinite(error) ? error : null,
    message: typeof body?.message === 'string' ? clip(body.message, 200) : '',
    json: answer.json,
    shown: documentedAnswer(answer.json, shape),
  };
}

/** ZNS send: `POST {api}/message/template`, header `access_token`. */
export async function sendZnsTemplate(
  apiBase: string,
  accessToken: string,
  payload: { phone: string; template_id: string; template_data: Record<string, string>; tracking_id: string },
): Promise<ZaloAnswer> {
  return envelope(
    await callProvider(`${trim(apiBase)}/message/template`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', access_token: accessToken },
      body: JSON.stringify(payload),
    }),
    TEMPLATE_SEND,
  );
}

/** The ZNS templates of the OA (`GET {api}/template/all`): a cheap authenticated call for the connection test. */
export async function listZnsTemplates(apiBase: string, accessToken: string): Promise<ZaloAnswer> {
  return envelope(
    await callProvider(`${trim(apiBase)}/template/all?offset=0&limit=100`, {
      method: 'GET',
      headers: { access_token: accessToken },
    }),
    TEMPLATE_LIST,
  );
}

export class ZaloTokenError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Zalo's answer, when it is safe to show (an error answer carries no token). */
    readonly providerResponse: string | null = null,
  ) {
    super(message);
  }
}

export interface ZaloTokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives, as Zalo says (a string or a number in its answers). */
  expiresIn: number;
}

/**
 * Trades the single-use refresh token for a new pair: `POST {oauth}/v4/oa/access_token`, header `secret_key`, form
 * `app_id`, `grant_type=refresh_token`, `refresh_token`. The answer holds the new tokens, so it is never kept or shown.
 */
export async function refreshAccessToken(
  oauthBase: string,
  credentials: { appId: string; secretKey: string; refreshToken: string },
): Promise<ZaloTokenPair> {
  let answer: HttpAnswer;
  try {
    answer = await callProvider(`${trim(oauthBase)}/v4/oa/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: credentials.secretKey },
      body: new URLSearchParams({
        app_id: credentials.appId,
        grant_type: 'refresh_token',
        refresh_token: credentials.refreshToken,
      }).toString(),
    });
  } catch (err) {
    throw new ZaloTokenError(`Không kết nối được máy chủ xác thực Zalo: ${(err as Error).message}`, true);
  }
  const body = answer.json as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
    error_name?: unknown;
    error_description?: unknown;
  } | null;
  const expiresIn = Number(body?.expires_in);
  if (answer.status === 200 && typeof body?.access_token === 'string' && typeof body.refresh_token === 'string') {
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresIn: expiresIn > 0 ? expiresIn : 3600 };
  }
  const reason = [body?.error, body?.error_name, body?.error_description]
    .filter((p) => typeof p === 'string' || typeof p === 'number')
    .map((p) => clip(String(p), 200))
    .join(' ');
  throw new ZaloTokenError(
    `Zalo không cấp lại access token${reason ? ` (${reason})` : ` (HTTP ${answer.status})`}`,
    retryableStatus(answer.status),
    body?.access_token === undefined ? documentedAnswer(answer.json, OAUTH_ERROR) : null,
  );
}
