import type { TestApp } from './harness';
import { type HttpStandIn, type StandInAnswer, type StandInCall, startHttpStandIn } from './http-stand-in';

/**
 * A stand-in for Zalo's OA OAuth and ZNS APIs, with Zalo's behaviour: an access token is valid until refreshed, a
 * refresh token works once (the new pair replaces it), a ZNS send needs the current token. A phone may be given a
 * canned answer (no Zalo account -118, Zalo busy -100, HTTP 500…).
 */
export interface ZaloStandIn {
  url: string;
  calls: StandInCall[];
  /** Successful and refused refresh calls, in order. */
  refreshCalls: StandInCall[];
  sends: StandInCall[];
  /** The pair Zalo currently honours. */
  accessToken: string;
  refreshToken: string;
  /** The answer a phone (84xxxxxxxxx) gets instead of success. */
  phoneAnswers: Map<string, { status?: number; body: unknown }>;
  /** How long a refresh takes (to let concurrent callers overlap). */
  refreshDelayMs: number;
  /** An answer given instead of Zalo's to every call, while set (a host answering more than Zalo documents, or HTML). */
  override: ((call: StandInCall) => StandInAnswer) | null;
  expiresIn: string;
  /** Makes Zalo stop honouring the current access token (as if revoked or expired early). */
  revokeAccessToken(): void;
  close(): Promise<void>;
}

export const ZALO_APP_ID = '4321987654321';
export const ZALO_SECRET_KEY = 'zalo-app-secret-key-0001';

export async function startZaloStandIn(initial = { accessToken: 'AT-0', refreshToken: 'RT-0' }): Promise<ZaloStandIn> {
  const http: HttpStandIn = await startHttpStandIn();
  let round = 0;
  const state: ZaloStandIn = {
    url: http.url,
    calls: http.calls,
    refreshCalls: [],
    sends: [],
    accessToken: initial.accessToken,
    refreshToken: initial.refreshToken,
    phoneAnswers: new Map(),
    refreshDelayMs: 50,
    override: null,
    expiresIn: '90000',
    revokeAccessToken() {
      state.accessToken = `revoked-${Math.random()}`;
    },
    close: () => http.close(),
  };
  http.handle(async (call) => {
    if (state.override) return state.override(call);
    const path = call.url.split('?')[0];
    if (call.method === 'POST' && path === '/v4/oa/access_token') {
      state.refreshCalls.push(call);
      await new Promise((r) => setTimeout(r, state.refreshDelayMs));
      const f = call.form ?? {};
      if (call.headers.secret_key !== ZALO_SECRET_KEY || f.app_id !== ZALO_APP_ID || f.grant_type !== 'refresh_token') {
        return { body: { error: -14002, error_name: 'Invalid app', error_description: 'app_id or secret_key is invalid' } };
      }
      if (f.refresh_token !== state.refreshToken) {
        return { body: { error: -14014, error_name: 'Invalid parameter', error_description: 'Refresh token is invalid' } };
      }
      round += 1;
      state.accessToken = `AT-${round}-${'a'.repeat(40)}`;
      state.refreshToken = `RT-${round}-${'r'.repeat(40)}`;
      return { body: { access_token: state.accessToken, refresh_token: state.refreshToken, expires_in: state.expiresIn } };
    }
    if (call.headers.access_token !== state.accessToken) {
      return { body: { error: -124, message: 'Access token invalid' } };
    }
    if (call.method === 'POST' && path === '/message/template') {
      state.sends.push(call);
      const canned = state.phoneAnswers.get(String(call.json?.phone));
      if (canned) return canned;
      return {
        body: { error: 0, message: 'Success', data: { msg_id: `msg-${state.sends.length}`, sent_time: '1764000000000' } },
      };
    }
    if (call.method === 'GET' && path === '/template/all') {
      return {
        body: {
          error: 0,
          message: 'Success',
          data: [
            { templateId: 1001, templateName: 'OTP đặt lại mật khẩu', status: 'ENABLE' },
            { templateId: 1002, templateName: 'Tiếp nhận yêu cầu', status: 'ENABLE' },
          ],
          metadata: { total: 2 },
        },
      };
    }
    return { status: 404, body: { error: -404, message: 'Not found' } };
  });
  return state;
}

/** Points the app's Zalo settings at the stand-in (valid tokens for a day, SMS fallback on); `over` changes fields. */
export async function connectZalo(
  t: TestApp,
  zalo: ZaloStandIn,
  templates: Record<string, string>,
  over: Record<string, unknown> = {},
): Promise<void> {
  const version = (await t.call({ method: 'GET', url: '/api/settings/zalo', token: t.adminToken })).json().version;
  const res = await t.call({
    method: 'PUT',
    url: '/api/settings/zalo',
    token: t.adminToken,
    payload: {
      app_id: ZALO_APP_ID,
      secret_key: ZALO_SECRET_KEY,
      access_token: zalo.accessToken,
      refresh_token: zalo.refreshToken,
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      api_base: zalo.url,
      oauth_base: zalo.url,
      templates,
      sms_fallback: true,
      ...over,
      version,
    },
  });
  if (res.statusCode !== 200) throw new Error(`Zalo settings: ${res.statusCode} ${res.body}`);
}
