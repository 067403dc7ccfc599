import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../test/http-stand-in';
import type { OutboundMessage } from '../channels';
import { smtpMailDriver } from './smtp-mail';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** The value of a header, unfolded and with its RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!line) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text body of a single-part message, decoded. */
function body(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const text = rest.join('\r\n\r\n');
  const encoding = header(raw, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(text);
  return text;
}

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  id: 12,
  channel: 'email',
  recipient: 'nguyen.an@congty.vn',
  subject: 'Yêu cầu YC2611-0007 đã được tiếp nhận',
  body: 'Chào anh An,\nYêu cầu "Quan trắc khí thải lò hơi" đã được Phòng Kỹ thuật tiếp nhận.\nTrân trọng.',
  data: null,
  idempotencyKey: '41:7:email',
  ...over,
});

describe('SMTP mail driver', () => {
  let server: SMTPServer;
  let port: number;
  const inbox: Received[] = [];
  /** What the stand-in answers to the next RCPT TO: null accepts. */
  let rcptReply: { code: number; text: string } | null = null;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === 'qlcv' && auth.password === 'mật-khẩu') cb(null, { user: 'qlcv' });
        else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(_address, _session, cb) {
        if (!rcptReply) return cb();
        cb(Object.assign(new Error(rcptReply.text), { responseCode: rcptReply.code }));
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const driver = (password = 'mật-khẩu', at = port) =>
    smtpMailDriver({
      url: `smtp://qlcv:${encodeURIComponent(password)}@127.0.0.1:${at}`,
      from: 'Phòng Kỹ thuật QLCV <no-reply@congty.vn>',
    });

  it('sends from MAIL_FROM to the recipient, the Vietnamese subject and body intact, the delivery key in its headers', async () => {
    const result = await driver().send(message());
    expect(result).toMatchObject({ ok: true });
    const mail = inbox.at(-1) as Received;
    expect(mail.from).toBe('no-reply@congty.vn');
    expect(mail.to).toEqual(['nguyen.an@congty.vn']);
    expect(header(mail.raw, 'From')).toBe('Phòng Kỹ thuật QLCV <no-reply@congty.vn>');
    expect(header(mail.raw, 'To')).toBe('nguyen.an@congty.vn');
    expect(header(mail.raw, 'Subject')).toBe('Yêu cầu YC2611-0007 đã được tiếp nhận');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(body(mail.raw).replace(/\r\n/g, '\n').trim()).toBe(message().body);
    expect(header(mail.raw, 'X-QLCV-Delivery')).toBe('41:7:email');
    const keyHash = createHash('sha256').update('41:7:email').digest('hex').slice(0, 32);
    expect(header(mail.raw, 'Message-ID')).toBe(`<${keyHash}@congty.vn>`);
    if (result.ok) expect(result.providerResponse).toContain(keyHash);
  });

  it('gives the same Message-ID to every try of one delivery', async () => {
    await driver().send(message({ idempotencyKey: 'retry-key' }));
    await driver().send(message({ idempotencyKey: 'retry-key' }));
    const [a, b] = inbox.slice(-2).map((m) => header(m.raw, 'Message-ID'));
    expect(a).toBe(b);
  });

  it('sends a body a user typed as text, never as HTML', async () => {
    await driver().send(message({ body: '<script>alert(1)</script> <b>đậm</b>' }));
    const mail = inbox.at(-1) as Received;
    expect(header(mail.raw, 'Content-Type')).toMatch(/^text\/plain/);
    expect(body(mail.raw).trim()).toBe('<script>alert(1)</script> <b>đậm</b>');
  });

  it('tries again on a temporary refusal (4xx) and when the server is down', async () => {
    rcptReply = { code: 451, text: 'Try again later' };
    try {
      expect(await driver().send(message())).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining('451') });
    } finally {
      rcptReply = null;
    }
    expect(await driver('mật-khẩu', await closedPort()).send(message())).toMatchObject({ ok: false, retryable: true });
  });

  it('gives up on a refused mailbox (5xx), a wrong login and an address that is not one', async () => {
    rcptReply = { code: 550, text: 'No such user' };
    try {
      expect(await driver().send(message())).toMatchObject({
        ok: false,
        retryable: false,
        error: expect.stringContaining('550'),
      });
    } finally {
      rcptReply = null;
    }
    const wrongLogin = await driver('sai').send(message());
    expect(wrongLogin).toMatchObject({ ok: false, retryable: false });
    if (!wrongLogin.ok) expect(wrongLogin.error).not.toContain('sai@');
    const count = inbox.length;
    expect(await driver().send(message({ recipient: 'khong-phai-email' }))).toMatchObject({ ok: false, retryable: false });
    expect(inbox.length).toBe(count);
  });
});
