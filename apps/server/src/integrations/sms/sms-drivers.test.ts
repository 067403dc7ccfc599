import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, type HttpStandIn, startHttpStandIn } from '../../test/http-stand-in';
import type { OutboundMessage } from '../channels';
import { esmsDriver } from './esms';
import { speedSmsDriver } from './speedsms';

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  id: 7,
  channel: 'sms',
  recipient: '0912345678',
  subject: null,
  body: 'QLCV: Yeu cau YC2611-0007 da duoc tiep nhan',
  data: null,
  idempotencyKey: '41:0912345678:sms',
  ...over,
});

describe('eSMS driver', () => {
  let esms: HttpStandIn;
  const driver = () => esmsDriver({ apiKey: 'API-KEY', secretKey: 'SECRET-KEY', brandname: 'QLCV', baseUrl: esms.url });
  beforeAll(async () => {
    esms = await startHttpStandIn();
  });
  afterAll(() => esms.close());

  it('sends a customer care SMS with the delivery key as RequestId; CodeResult 100 is success', async () => {
    esms.handle(() => ({ body: { CodeResult: '100', CountRegenerate: 0, SMSID: 'sms-1' } }));
    const result = await driver().send(message());
    expect(result).toEqual({ ok: true, providerResponse: expect.stringContaining('sms-1') });
    const call = esms.calls.at(-1);
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/MainService.svc/json/SendMultipleMessage_V4_post_json/');
    expect(call?.json).toEqual({
      ApiKey: 'API-KEY',
      SecretKey: 'SECRET-KEY',
      Brandname: 'QLCV',
      SmsType: '2',
      IsUnicode: '0',
      Phone: '0912345678',
      Content: 'QLCV: Yeu cau YC2611-0007 da duoc tiep nhan',
      RequestId: '41:0912345678:sms',
    });
  });

  it('asks for Unicode only when the text has accents, and takes +84 numbers', async () => {
    esms.handle(() => ({ body: { CodeResult: '100' } }));
    await driver().send(message({ body: 'Yêu cầu đã được tiếp nhận', recipient: '+84 912 345 678' }));
    expect(esms.calls.at(-1)?.json).toMatchObject({ IsUnicode: '1', Phone: '0912345678' });
  });

  it('counts a RequestId eSMS already took (124, a retry after a crash) as sent', async () => {
    esms.handle(() => ({ body: { CodeResult: '124', ErrorMessage: 'Duplicate RequestId' } }));
    expect((await driver().send(message())).ok).toBe(true);
  });

  it('tries again on a low balance, eSMS down (5xx), rate limits and a refused connection', async () => {
    esms.handle(() => ({ body: { CodeResult: '103', ErrorMessage: 'Not enough balance' } }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining('103') });
    esms.handle(() => ({ status: 503, body: 'Service Unavailable' }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: true });
    esms.handle(() => ({ status: 429, body: {} }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: true });
    esms.handle(() => ({ hangUp: true }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: true });
    const down = esmsDriver({ apiKey: 'k', secretKey: 's', brandname: 'b', baseUrl: `http://127.0.0.1:${await closedPort()}` });
    expect(await down.send(message())).toMatchObject({
      ok: false,
      retryable: true,
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('gives up at once on a blocked or malformed number, a wrong key or a text off its template', async () => {
    for (const code of ['99', '101', '104', '108', '146']) {
      esms.handle(() => ({ body: { CodeResult: code, ErrorMessage: 'x' } }));
      const result = await driver().send(message());
      expect(result, code).toMatchObject({ ok: false, retryable: false, error: expect.stringContaining(code) });
      expect(result.ok || result.providerResponse).toContain(code);
    }
  });

  it('sends nothing to a number that is not a Vietnamese mobile', async () => {
    const before = esms.calls.length;
    expect(await driver().send(message({ recipient: '12345' }))).toMatchObject({ ok: false, retryable: false });
    expect(esms.calls.length).toBe(before);
  });
});

describe('SpeedSMS driver', () => {
  let speed: HttpStandIn;
  beforeAll(async () => {
    speed = await startHttpStandIn();
  });
  afterAll(() => speed.close());
  const driver = (sender: string | null = 'QLCV') => speedSmsDriver({ token: 'TOKEN-1', sender, baseUrl: speed.url });
  const ok = { status: 'success', code: '00', data: { tranId: 123, totalSMS: 1, totalPrice: 250, invalidPhone: [] } };

  it('sends with HTTP Basic token:x, the number as 84xxxxxxxxx and the brandname (sms_type 3)', async () => {
    speed.handle(() => ({ body: ok }));
    expect(await driver().send(message())).toEqual({ ok: true, providerResponse: expect.stringContaining('123') });
    const call = speed.calls.at(-1);
    expect(call?.url).toBe('/index.php/sms/send');
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from('TOKEN-1:x').toString('base64')}`);
    expect(call?.json).toEqual({ to: ['84912345678'], content: message().body, sms_type: 3, sender: 'QLCV' });
  });

  it("uses SpeedSMS's default brandname (sms_type 4) when none is configured", async () => {
    speed.handle(() => ({ body: ok }));
    await driver(null).send(message());
    expect(speed.calls.at(-1)?.json).toEqual({ to: ['84912345678'], content: message().body, sms_type: 4 });
  });

  it('gives up on a refused request or a number SpeedSMS lists as invalid; tries again when SpeedSMS is down', async () => {
    speed.handle(() => ({ body: { status: 'error', code: '105', message: 'sender not found' } }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: false, error: expect.stringContaining('105') });
    speed.handle(() => ({ body: { ...ok, data: { ...ok.data, invalidPhone: ['84912345678'] } } }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: false });
    speed.handle(() => ({ status: 502, body: 'Bad Gateway' }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: true, providerResponse: 'Bad Gateway' });
    speed.handle(() => ({ status: 401, body: { status: 'error', message: 'unauthorized' } }));
    expect(await driver().send(message())).toMatchObject({ ok: false, retryable: false });
  });
});
