import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ZALO_API_BASE, ZALO_OAUTH_BASE } from '@qlcv/common/schemas/zalo-settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type OutboundPolicy, outboundAddressProblem } from '../../integrations/outbound-address';
import { refreshAccessToken, ZaloTokenError } from '../../integrations/zalo/zalo-api';
import type { ZaloAccount, ZaloConnection } from '../../integrations/zalo/zalo-zns';
import { isoIn, nowIso } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import { zaloSettingsRepository as repo, type ZaloSettingsRow } from './zalo-settings.repository';

/** A token that runs out within the hour is refreshed before use (Zalo's live about 25 hours). */
const REFRESH_MARGIN_MS = 60 * 60 * 1000;
/** How long one instance may hold the refresh; past it another may take over. */
const LEASE_MS = 30_000;
/** How long a caller waits for another instance's refresh before giving up for now. */
const WAIT_MS = 15_000;
/** How long this process trusts what it last read of "is Zalo set up" (another instance may change it). */
const KNOWN_MS = 30_000;

export interface ZaloCredentials {
  apiBase: string;
  oauthBase: string;
  appId: string | null;
  secretKey: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** The stored ciphertext of the refresh token: a refresh stores its pair only if it is still this one. */
  refreshTokenEnc: string | null;
  expiresAt: string | null;
}

const fresh = (expiresAt: string | null) => expiresAt !== null && Date.parse(expiresAt) - Date.now() > REFRESH_MARGIN_MS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function parseTemplates(json: string | null): Record<string, string> {
  try {
    const value = JSON.parse(json ?? '{}') as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/**
 * The Zalo OA account as stored: its settings for a send, and an access token kept valid. The refresh token is single
 * use, so one refresh at a time: in this process callers share the refresh under way (single flight); across
 * instances a job lease lets one trade it while the others wait and then read the new pair. The pair and its expiry
 * are stored in one statement, only if the refresh token traded is still the stored one.
 */
export class ZaloAccountStore implements ZaloAccount {
  private refreshing: Promise<string> | null = null;
  private known: { configured: boolean; at: number } | null = null;
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** The addresses of a row, checked again at each use: a row saved before the rules (or by hand) sends nothing. */
  private addresses(r: ZaloSettingsRow): { apiBase: string; oauthBase: string } {
    const apiBase = r.api_base ?? ZALO_API_BASE;
    const oauthBase = r.oauth_base ?? ZALO_OAUTH_BASE;
    for (const address of [apiBase, oauthBase]) {
      const problem = outboundAddressProblem(address, this.outbound);
      if (problem) {
        throw new ZaloTokenError(`Địa chỉ Zalo đã lưu không được phép: ${problem} Hãy sửa trong Kết nối Zalo.`, false);
      }
    }
    return { apiBase, oauthBase };
  }

  private open(sealed: string | null): string | null {
    if (!sealed) return null;
    try {
      return this.box.open(sealed);
    } catch {
      throw new ZaloTokenError(
        'Không đọc được khóa Zalo đã lưu (APP_SECRET đã thay đổi?): hãy nhập lại trong Kết nối Zalo',
        false,
      );
    }
  }

  async credentials(row?: ZaloSettingsRow): Promise<ZaloCredentials | null> {
    const r = row ?? (await repo.find(this.db));
    if (!r) return null;
    return {
      ...this.addresses(r),
      appId: r.app_id,
      secretKey: this.open(r.secret_key_enc),
      accessToken: this.open(r.access_token_enc),
      refreshToken: this.open(r.refresh_token_enc),
      refreshTokenEnc: r.refresh_token_enc,
      expiresAt: r.token_expires_at,
    };
  }

  async connection(): Promise<ZaloConnection | null> {
    const row = await repo.find(this.db);
    const configured = Boolean(row && (row.access_token_enc || (row.refresh_token_enc && row.app_id && row.secret_key_enc)));
    this.known = { configured, at: Date.now() };
    if (!row || !configured) return null;
    return {
      apiBase: this.addresses(row).apiBase,
      templates: parseTemplates(row.templates),
      smsFallback: row.sms_fallback === 1,
    };
  }

  mayBeConfigured(): boolean {
    if (!this.known || Date.now() - this.known.at > KNOWN_MS) this.connection().catch(() => undefined);
    return this.known?.configured ?? true;
  }

  async accessToken(refused?: string): Promise<string> {
    const c = await this.credentials();
    if (c?.accessToken && c.accessToken !== refused && (fresh(c.expiresAt) || !canRefresh(c))) return c.accessToken;
    // Callers in this process share one refresh; a refusal seen meanwhile is answered by its new token.
    this.refreshing ??= this.refresh(refused).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(refused: string | undefined): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const c = await this.credentials();
      if (!c) throw new ZaloTokenError('Zalo chưa được cấu hình', false);
      // Another instance (or an admin) replaced the token meanwhile.
      if (c.accessToken && c.accessToken !== refused && fresh(c.expiresAt)) return c.accessToken;
      if (!canRefresh(c)) {
        if (c.accessToken && c.accessToken !== refused) return c.accessToken;
        throw new ZaloTokenError('Access token Zalo đã hết hạn; cần refresh token, App ID và Secret key để cấp lại', false);
      }
      if (await repo.acquireRefreshLease(this.db, this.holder, nowIso(), isoIn(LEASE_MS))) {
        try {
          // Read again under the lease: the previous holder may have stored a new pair after our read.
          const now = await this.credentials();
          if (now?.refreshTokenEnc !== c.refreshTokenEnc) continue;
          const pair = await refreshAccessToken(c.oauthBase, {
            appId: c.appId as string,
            secretKey: c.secretKey as string,
            refreshToken: c.refreshToken as string,
          });
          const stored = await repo.storeTokens(this.db, c.refreshTokenEnc as string, {
            access_token_enc: this.box.seal(pair.accessToken),
            refresh_token_enc: this.box.seal(pair.refreshToken),
            token_expires_at: isoIn(pair.expiresIn * 1000),
          });
          // Not stored: an admin pasted other tokens meanwhile, and those win.
          if (!stored) continue;
          return pair.accessToken;
        } finally {
          await repo.releaseRefreshLease(this.db, this.holder);
        }
      }
      if (Date.now() > deadline) throw new ZaloTokenError('Đang chờ máy chủ khác làm mới access token Zalo', true);
      await sleep(100);
    }
  }
}

const canRefresh = (c: ZaloCredentials) => Boolean(c.refreshToken && c.appId && c.secretKey);
