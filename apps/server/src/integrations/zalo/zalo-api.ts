import { callProvider, clip, type HttpAnswer, retryableStatus } from '../http';

// The Zalo calls the app makes (PRODUCT.md §7). Nothing here logs; a token never goes into an error text.

const trim = (base: string) => base.replace(/\/+$/, '');

/** Zalo's answer envelope: `error` 0 is success, a negative code says why not. */
export interface ZaloAnswer {
  status: number;
  error: number | null;
  message: string;
  text: string;
}

function envelope(answer: HttpAnswer): ZaloAnswer {
  const body = answer.json as { error?: unknown; message?: unknown } | null;
  const error = typeof body?.error === 'number' ? body.error : typeof body?.error === 'string' ? Number(body.error) : null;
  return {
    status: answer.status,
    error: Number.isFinite(error) ? error : null,
    message: typeof body?.message === 'string' ? body.message : '',
    text: answer.text,
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
  );
}

/** The ZNS templates of the OA (`GET {api}/template/all`): a cheap authenticated call for the connection test. */
export async function listZnsTemplates(apiBase: string, accessToken: string): Promise<ZaloAnswer> {
  return envelope(
    await callProvider(`${trim(apiBase)}/template/all?offset=0&limit=100`, {
      method: 'GET',
      headers: { access_token: accessToken },
    }),
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
  const reason = [body?.error, body?.error_name, body?.error_description].filter((p) => p !== undefined).join(' ');
  throw new ZaloTokenError(
    `Zalo không cấp lại access token${reason ? ` (${reason})` : ` (HTTP ${answer.status})`}`,
    retryableStatus(answer.status),
    body?.access_token === undefined ? clip(answer.text) : null,
  );
}
