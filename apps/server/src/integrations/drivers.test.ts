import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { closedPort, type HttpStandIn, startHttpStandIn } from '../test/http-stand-in';
import type { OutboundMessage } from './channels';
import { createChannelDrivers, smsSenderOf } from './drivers';
import type { ZaloAccount } from './zalo/zalo-zns';

const noop = () => undefined;
const log = {
  info: noop,
  warn: noop,
  error: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  level: 'silent',
} as unknown as FastifyBaseLogger;
/** Zalo not set up. */
const noZalo: ZaloAccount = { connection: async () => null, accessToken: async () => 'unused', mayBeConfigured: () => false };

const message = (channel: OutboundMessage['channel'], recipient: string): OutboundMessage => ({
  id: 3,
  channel,
  recipient,
  subject: 'Chủ đề',
  body: 'Nội dung thử',
  data: { kind: 'request_received' },
  idempotencyKey: `9:${recipient}:${channel}`,
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('no error');
}

describe('driver configuration', () => {
  it('stops the start on a chosen driver without its key, naming the variable and never echoing a secret', () => {
    expect(configError({ SMS_DRIVER: 'esms' })).toMatch(
      /^Cấu hình không hợp lệ: ESMS_API_KEY=\(ẩn\) — bắt buộc khi SMS_DRIVER=esms$/,
    );
    expect(configError({ SMS_DRIVER: 'esms', ESMS_API_KEY: 'k-123', ESMS_SECRET_KEY: 's-456' })).toContain('ESMS_BRANDNAME');
    expect(configError({ SMS_DRIVER: 'speedsms' })).toContain('SPEEDSMS_TOKEN');
    expect(configError({ MAIL_DRIVER: 'smtp' })).toContain('SMTP_URL');
    expect(configError({ MAIL_DRIVER: 'smtp', SMTP_URL: 'smtp://u:p@h:25' })).toContain('MAIL_FROM');
    const badUrl = configError({ MAIL_DRIVER: 'smtp', SMTP_URL: 'http://u:mat-khau-bi-mat@h', MAIL_FROM: 'a@b.vn' });
    expect(badUrl).toContain('SMTP_URL=(ẩn)');
    expect(badUrl).not.toContain('mat-khau-bi-mat');
    expect(configError({ SMS_DRIVER: 'fax' })).toContain('SMS_DRIVER');
    expect(configError({ ESMS_BASE_URL: 'ftp://esms' })).toContain('ESMS_BASE_URL');
  });

  it('reads each driver with its keys, and keeps the log drivers by default', () => {
    const c = loadConfig({
      SMS_DRIVER: 'speedsms',
      SPEEDSMS_TOKEN: 'tok',
      MAIL_DRIVER: 'smtp',
      SMTP_URL: 'smtps://qlcv:pw@mail.congty.vn:465',
      MAIL_FROM: 'QLCV <no-reply@congty.vn>',
    });
    expect(c.speedsms).toEqual({ token: 'tok', sender: null, baseUrl: 'https://api.speedsms.vn' });
    expect(c.esms).toBeNull();
    expect(c.smtp).toEqual({ url: 'smtps://qlcv:pw@mail.congty.vn:465', from: 'QLCV <no-reply@congty.vn>' });
    const d = loadConfig({});
    expect(d).toMatchObject({ smsDriver: 'log', mailDriver: 'log', esms: null, speedsms: null, smtp: null });
  });
});

describe('createChannelDrivers', () => {
  let dataDir: string;
  let esms: HttpStandIn;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'qlcv-drivers-'));
    esms = await startHttpStandIn(() => ({ body: { CodeResult: '100', SMSID: 'x' } }));
  });
  afterAll(async () => {
    await esms.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('in development writes every channel to its log file, Zalo included while Zalo is not set up', async () => {
    const drivers = createChannelDrivers(loadConfig({ DATA_DIR: dataDir }), { log, zalo: noZalo });
    for (const [channel, to] of [
      ['email', 'an@congty.vn'],
      ['sms', '0912345678'],
      ['zalo', '0912345678'],
    ] as const) {
      expect((await drivers[channel].send(message(channel, to))).ok).toBe(true);
      const file = path.join(dataDir, `${channel}-log.jsonl`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain(to);
    }
  });

  it('sends SMS through the provider chosen, and Zalo answers fallbackToSms while it is not set up', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMS_DRIVER: 'esms',
      ESMS_API_KEY: 'k',
      ESMS_SECRET_KEY: 's',
      ESMS_BRANDNAME: 'QLCV',
      ESMS_BASE_URL: esms.url,
    });
    const drivers = createChannelDrivers(config, { log, zalo: noZalo });
    expect((await drivers.sms.send(message('sms', '0912345678'))).ok).toBe(true);
    expect(esms.calls.at(-1)?.json).toMatchObject({ Phone: '0912345678', Brandname: 'QLCV' });
    expect(await drivers.zalo.send(message('zalo', '0912345678'))).toMatchObject({ ok: false, fallbackToSms: true });
  });

  it('sends e-mail over SMTP when MAIL_DRIVER=smtp (a server that is down is a retryable failure)', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      MAIL_DRIVER: 'smtp',
      SMTP_URL: `smtp://u:p@127.0.0.1:${await closedPort()}`,
      MAIL_FROM: 'no-reply@congty.vn',
    });
    const drivers = createChannelDrivers(config, { log, zalo: noZalo });
    expect(await drivers.email.send(message('email', 'an@congty.vn'))).toMatchObject({ ok: false, retryable: true });
  });

  it('gives the direct sends (reset code, tracking code) the configured SMS provider; a refusal throws', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMS_DRIVER: 'esms',
      ESMS_API_KEY: 'k',
      ESMS_SECRET_KEY: 's',
      ESMS_BRANDNAME: 'QLCV',
      ESMS_BASE_URL: esms.url,
    });
    const sender = smsSenderOf(createChannelDrivers(config, { log, zalo: noZalo }).sms, config, log);
    await sender.send({ to: '0987654321', text: 'Ma 123456', safeText: 'Ma ******' });
    expect(esms.calls.at(-1)?.json).toMatchObject({ Phone: '0987654321', Content: 'Ma 123456' });
    esms.handle(() => ({ body: { CodeResult: '99' } }));
    await expect(sender.send({ to: '0987654321', text: 'x', safeText: 'x' })).rejects.toThrow(/99/);
  });
});
