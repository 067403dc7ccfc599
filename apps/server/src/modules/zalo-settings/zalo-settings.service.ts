import { randomUUID } from 'node:crypto';
import {
  ZALO_API_BASE,
  ZALO_BASE_CHANGED_MESSAGE,
  ZALO_OAUTH_BASE,
  type ZaloSettings,
  type ZaloSettingsUpdateBody,
  type ZaloTestMessageBody,
  type ZaloTestResult,
  zaloSecretAgainMessage,
} from '@qlcv/common/schemas/zalo-settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ChannelDriver } from '../../integrations/channels';
import { type OutboundPolicy, outboundAddressProblem } from '../../integrations/outbound-address';
import { listZnsTemplates, ZaloTokenError } from '../../integrations/zalo/zalo-api';
import { zaloZnsDriver } from '../../integrations/zalo/zalo-zns';
import { type Actor, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, invalid, staleVersion } from '../../lib/errors';
import { maskSecret, type SecretBox } from '../../lib/secret-box';
import { parseTemplates, type ZaloAccountStore } from './zalo-account';
import { zaloSettingsRepository as repo, type ZaloSettingsRow, type ZaloSettingsValues } from './zalo-settings.repository';

const SECRETS = ['secret_key', 'access_token', 'refresh_token'] as const;
type SecretField = (typeof SECRETS)[number];
const PLAIN = ['oa_id', 'app_id', 'token_expires_at', 'api_base', 'oauth_base'] as const;
const BASES = { api_base: ZALO_API_BASE, oauth_base: ZALO_OAUTH_BASE } as const;
type BaseField = keyof typeof BASES;
/** The address a send uses: the stored one, or Zalo's own (null); `x/` and `x` are one address. */
const effectiveBase = (field: BaseField, value: string | null) => (value ?? BASES[field]).replace(/\/+$/, '');

/** What a screen may show of a stored secret: its mask, or dots alone when it cannot be read any more. */
function masked(box: SecretBox, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return maskSecret(box.open(sealed));
  } catch {
    return maskSecret('?');
  }
}

const notConfigured = () =>
  invalid('access_token', 'Chưa đủ thông tin kết nối Zalo: cần access token, hoặc refresh token cùng App ID và Secret key.');

/** Zalo settings: read masked, replaced field by field, and the two checks an admin runs against Zalo. */
export class ZaloSettingsService {
  private readonly zns: ChannelDriver;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly account: ZaloAccountStore,
    private readonly box: SecretBox,
    private readonly outbound: OutboundPolicy,
  ) {
    this.zns = zaloZnsDriver(account);
  }

  private toSettings(row: ZaloSettingsRow): ZaloSettings {
    const has = (f: SecretField) => Boolean(row[`${f}_enc`]);
    return {
      oa_id: row.oa_id,
      app_id: row.app_id,
      secret_key: masked(this.box, row.secret_key_enc),
      access_token: masked(this.box, row.access_token_enc),
      refresh_token: masked(this.box, row.refresh_token_enc),
      has_secret_key: has('secret_key'),
      has_access_token: has('access_token'),
      has_refresh_token: has('refresh_token'),
      token_expires_at: row.token_expires_at,
      templates: parseTemplates(row.templates),
      api_base: row.api_base ?? ZALO_API_BASE,
      oauth_base: row.oauth_base ?? ZALO_OAUTH_BASE,
      sms_fallback: row.sms_fallback === 1,
      configured: has('access_token') || (has('refresh_token') && has('secret_key') && Boolean(row.app_id)),
      version: row.version,
      updated_at: row.updated_at,
    };
  }

  private async row(db: Kysely<DB> = this.db): Promise<ZaloSettingsRow> {
    let row = await repo.find(db);
    if (!row) {
      await repo.insertDefaults(db, nowIso());
      row = await repo.find(db);
    }
    if (!row) throw new Error('zalo_settings row missing');
    return row;
  }

  async get(): Promise<ZaloSettings> {
    return this.toSettings(await this.row());
  }

  async update(actor: Actor, body: ZaloSettingsUpdateBody): Promise<ZaloSettings> {
    const wrongAddresses = (Object.keys(BASES) as BaseField[]).flatMap((field) => {
      const value = body[field];
      const problem = value ? outboundAddressProblem(value, this.outbound) : null;
      return problem ? [{ field, message: problem }] : [];
    });
    if (wrongAddresses.length > 0) {
      throw new AppError(422, 'VALIDATION_FAILED', wrongAddresses[0]?.message ?? '', wrongAddresses);
    }
    await this.row();
    const saved = await this.db.transaction().execute(async (trx) => {
      const before = await this.row(trx);
      if (before.version !== body.version) throw staleVersion();
      // The stored secrets never go to a new address: each must come again in this save, or be removed.
      const moved = (Object.keys(BASES) as BaseField[]).some(
        (field) => body[field] !== undefined && effectiveBase(field, body[field] ?? null) !== effectiveBase(field, before[field]),
      );
      const again = moved ? SECRETS.filter((f) => before[`${f}_enc`] && body[f] === undefined) : [];
      if (again.length > 0) {
        throw new AppError(
          422,
          'VALIDATION_FAILED',
          ZALO_BASE_CHANGED_MESSAGE,
          again.map((field) => ({ field, message: zaloSecretAgainMessage(field) })),
        );
      }
      const values: ZaloSettingsValues = {};
      // The audit says which secret changed, never its value.
      const changes: Record<string, unknown> = {};
      for (const field of PLAIN) {
        const value = body[field];
        if (value === undefined || value === before[field]) continue;
        values[field] = value;
        changes[field] = [before[field], value];
      }
      for (const field of SECRETS) {
        const value = body[field];
        if (value === undefined) continue;
        values[`${field}_enc`] = value === null ? null : this.box.seal(value);
        changes[field] = [before[`${field}_enc`] ? '(ẩn)' : null, value === null ? null : '(ẩn, đã thay)'];
      }
      // A new access token without its expiry is treated as expired: the first use refreshes it when it can.
      if (body.access_token && body.token_expires_at === undefined) values.token_expires_at = null;
      if (body.templates) {
        const templates = parseTemplates(before.templates);
        for (const [kind, id] of Object.entries(body.templates)) {
          if (id) templates[kind] = id;
          else delete templates[kind];
        }
        const json = JSON.stringify(templates);
        if (json !== before.templates) {
          values.templates = json;
          changes.templates = [parseTemplates(before.templates), templates];
        }
      }
      if (body.sms_fallback !== undefined && Number(body.sms_fallback) !== before.sms_fallback) {
        values.sms_fallback = body.sms_fallback ? 1 : 0;
        changes.sms_fallback = [before.sms_fallback === 1, body.sms_fallback];
      }
      const now = nowIso();
      if (!(await repo.update(trx, body.version, values, now))) throw staleVersion();
      await writeAudit(trx, actor, { entity: 'zalo_settings', entityId: before.id, action: 'update', changes });
      return this.toSettings(await this.row(trx));
    });
    // This process knows at once whether Zalo is now set up (the reset code's way out).
    await this.account.connection();
    return saved;
  }

  /** Asks Zalo for the OA's ZNS templates with the stored token (refreshed first when due): proof the keys work. */
  async testConnection(): Promise<ZaloTestResult> {
    const connection = await this.account.connection().catch(refusedAddress);
    if (connection instanceof ZaloTokenError) return failure(connection);
    if (!connection) throw notConfigured();
    try {
      let token = await this.account.accessToken();
      let answer = await listZnsTemplates(connection.apiBase, token);
      if (answer.error === -124 || answer.error === -216) {
        token = await this.account.accessToken(token);
        answer = await listZnsTemplates(connection.apiBase, token);
      }
      if (answer.status === 200 && answer.error === 0) {
        const count = templateCount(answer.json);
        return { ok: true, message: `Kết nối Zalo thành công: OA có ${count} mẫu ZNS.`, provider_response: answer.shown };
      }
      return {
        ok: false,
        message: `Zalo từ chối: ${answer.error ?? `HTTP ${answer.status}`} ${answer.message}`.trim(),
        provider_response: answer.shown,
      };
    } catch (err) {
      return failure(err);
    }
  }

  /** Sends one ZNS message of `kind` to `phone` with the sample data given (an OTP template gets 123456). */
  async testMessage(body: ZaloTestMessageBody): Promise<ZaloTestResult> {
    const connection = await this.account.connection().catch(refusedAddress);
    if (connection instanceof ZaloTokenError) return failure(connection);
    if (!connection) throw notConfigured();
    if (!connection.templates[body.kind]) throw invalid('kind', 'Chưa nhập mã mẫu ZNS cho loại tin này.');
    const data = { ...(body.kind === 'otp' ? { otp: '123456' } : {}), ...body.data };
    try {
      const result = await this.zns.send({
        id: 0,
        channel: 'zalo',
        recipient: body.phone,
        subject: null,
        body: '',
        data: { kind: body.kind, template_data: data },
        idempotencyKey: `test-${randomUUID()}`,
      });
      if (result.ok) return { ok: true, message: 'Zalo đã nhận tin thử.', provider_response: result.providerResponse };
      return { ok: false, message: result.error, provider_response: result.providerResponse ?? null };
    } catch (err) {
      return failure(err);
    }
  }
}

/** A stored address the rules no longer take (ZaloAccountStore) is the test's answer; anything else is a fault. */
function refusedAddress(err: unknown): ZaloTokenError {
  if (err instanceof ZaloTokenError) return err;
  throw err;
}

function templateCount(json: unknown): number {
  const data = (json as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : 0;
}

function failure(err: unknown): ZaloTestResult {
  if (err instanceof ZaloTokenError) return { ok: false, message: err.message, provider_response: err.providerResponse };
  const e = err as Error & { cause?: { code?: string } };
  const reason = e.name === 'TimeoutError' ? 'hết thời gian chờ' : (e.cause?.code ?? e.message);
  return { ok: false, message: `Không kết nối được Zalo: ${reason}`, provider_response: null };
}
