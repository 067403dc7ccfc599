import type { Readable } from 'node:stream';
import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { stripControlChars } from '@qlcv/common/schemas/common';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import {
  LOOKUP_MISS_MESSAGE,
  maskName,
  maskPhone,
  PUBLIC_MILESTONE_LABELS,
  type PublicLookupBody,
  type PublicLookupResult,
  type PublicMilestone,
  type PublicRequestBody,
  type PublicRequestCreated,
  type PublicTimelineEntry,
} from '@qlcv/common/schemas/public-requests';
import { normalizeTrackingCode, type RequestStatus, TRACKING_CODE_PATTERN } from '@qlcv/common/schemas/requests';
import { normalizeMobile } from '@qlcv/common/vi-text';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../integrations/sms/sms';
import { hmac, safeEqualHex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { formatCode } from '../../lib/sequences';
import type { Upload } from '../../plugins/multipart';
import type { DocumentsService } from '../documents/documents.service';
import { REQUEST_ENTITY } from '../requests/request-states';
import { type RequestInput, type RequestsService, trackingSuffix } from '../requests/requests.service';
import type { TestReportsPublicService } from '../test-reports/test-reports-public.service';

export const SUBMITTED_MESSAGE = 'Yêu cầu của bạn đã được gửi thành công. Vui lòng lưu lại mã tra cứu để theo dõi kết quả xử lý.';
const LINK_MISS_MESSAGE = 'Liên kết tải tệp không hợp lệ hoặc đã hết hạn. Vui lòng tra cứu lại để nhận liên kết mới.';
/** How long a result document's signed link stays valid. */
export const LINK_TTL_MS = 10 * 60 * 1000;
/** Every lookup answers no sooner than this, hit or miss, so the time says nothing. */
export const LOOKUP_MIN_MS = 300;

/** The identical answer of every lookup miss. */
const lookupMiss = () => new AppError(404, 'NOT_FOUND', LOOKUP_MISS_MESSAGE);
const linkMiss = () => new AppError(404, 'NOT_FOUND', LINK_MISS_MESSAGE);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How many honeypot answers are remembered by idempotency key, so a bot's repeated post gets its first answer. */
const DECOYS_KEPT = 500;

/** Thrown inside the honeypot's transaction once the real request's code is known: it rolls everything back. */
class Rehearsal extends Error {
  constructor(readonly code: string) {
    super('honeypot rehearsal');
  }
}
const TOKEN_PATTERN = /^(\d{1,10})\.(\d{1,10})\.(\d{10,11})\.([0-9a-f]{64})$/;

export interface PublicRequestsDeps {
  requests: RequestsService;
  documents: DocumentsService;
  /** The customer's signed test reports, listed on their request's result page. */
  testReports: Pick<TestReportsPublicService, 'forCustomer'>;
  sms: SmsSender;
  appSecret: string;
  log?: FastifyBaseLogger;
}

export class PublicRequestsService {
  private readonly requests: RequestsService;
  private readonly documents: DocumentsService;
  private readonly testReports: PublicRequestsDeps['testReports'];
  private readonly sms: SmsSender;
  private readonly log?: FastifyBaseLogger;
  /** Keys derived from the app secret, one per use, so a signature of one kind never passes for another. */
  private readonly linkKey: string;
  private readonly idempotencyKey: string;
  private readonly phoneKey: string;
  /** The honeypot's answers: the last sequence number it showed per month, and its answers by idempotency key. */
  private lastDecoy: { yymm: string; n: number } | null = null;
  private readonly decoys = new Map<string, string>();

  constructor(deps: PublicRequestsDeps) {
    this.requests = deps.requests;
    this.documents = deps.documents;
    this.testReports = deps.testReports;
    this.sms = deps.sms;
    this.log = deps.log;
    this.linkKey = hmac(deps.appSecret, 'qlcv:public-document-link');
    this.idempotencyKey = hmac(deps.appSecret, 'qlcv:public-idempotency');
    this.phoneKey = hmac(deps.appSecret, 'qlcv:public-lookup-phone');
  }

  // ---- submitting ---------------------------------------------------------------------------------------------

  /**
   * A visitor's request: created with source `public` (the customer found or created from the requester) and its files
   * as non-public attachments, in one transaction; the files move to storage only once it has committed. The same
   * idempotency key (with the same mobile) gives the first request's answer again and creates nothing.
   */
  async submit(body: PublicRequestBody, uploads: Upload[], rawKey: string | null): Promise<PublicRequestCreated> {
    // Stored as a keyed hash of the key and the mobile: someone who guesses another visitor's key learns nothing.
    const key = rawKey ? hmac(this.idempotencyKey, `${rawKey}\n${body.mobile}`) : null;
    // The honeypot: a person never fills it. A bot gets the answer it expects and nothing is stored.
    if (body.website && body.website.trim() !== '') return this.decoy(body, key);
    if (key) {
      const earlier = await this.requests.trackingCodeByIdempotencyKey(key);
      if (earlier) return { code: earlier, message: SUBMITTED_MESSAGE };
    }
    let created: { id: number; tracking_code: string };
    try {
      created = await this.documents.saveWith(uploads, async (trx) => {
        const request = await this.requests.createWithin(trx, requestInput(body), null, { idempotencyKey: key });
        await this.documents.insertUploads(trx, uploads, {
          uploadedBy: null,
          entity: REQUEST_ENTITY,
          entityId: request.id,
          // On a request, public means a result document: what the visitor sends is an attachment.
          isPublic: false,
        });
        return request;
      });
    } catch (err) {
      // Two posts with one key at the same moment: the unique key lets one through; the other answers as it did.
      if (key && !(err instanceof AppError)) {
        const earlier = await this.requests.trackingCodeByIdempotencyKey(key);
        if (earlier) return { code: earlier, message: SUBMITTED_MESSAGE };
      }
      throw err;
    }
    this.notify(body.mobile, created.tracking_code);
    return { code: created.tracking_code, message: SUBMITTED_MESSAGE };
  }

  /**
   * The honeypot's answer, made to be told from a real one by nothing a bot can see: the request is created exactly as
   * a real one (same checks, so a type not offered is the same 422) inside a transaction that is then rolled back, so
   * the code is the month's real next one, its tracking suffix drawn the same way, and no request, customer, audit
   * entry, document or file is stored (the files it sent are never committed and are deleted when the answer has
   * gone). No sequence number is consumed either: the rollback takes the counter's step back, so real requests show
   * no gap. Two decoys in a row without a real request between them would then show the same number, so the
   * honeypot remembers the last number it showed this month and goes on from there, as a real month would. (On
   * PostgreSQL the rolled-back inserts use up row ids, which no one outside ever sees.) A repeated post with the same
   * idempotency key gets its first answer again, as a real one does.
   */
  private async decoy(body: PublicRequestBody, key: string | null): Promise<PublicRequestCreated> {
    const earlier = key ? this.decoys.get(key) : undefined;
    if (earlier) return { code: earlier, message: SUBMITTED_MESSAGE };
    let real: string | null = null;
    try {
      await this.documents.saveWith([], async (trx) => {
        const request = await this.requests.createWithin(trx, requestInput(body), null);
        throw new Rehearsal(request.code);
      });
    } catch (err) {
      if (!(err instanceof Rehearsal)) throw err;
      real = err.code;
    }
    const m = /^YC(\d{4})-(\d+)$/.exec(real ?? '');
    if (!m) throw new Error('honeypot: no request code');
    const yymm = m[1] as string;
    let n = Number(m[2]);
    if (this.lastDecoy?.yymm === yymm && n <= this.lastDecoy.n) n = this.lastDecoy.n + 1;
    this.lastDecoy = { yymm, n };
    const code = `YC${yymm}-${formatCode('', n)}-${trackingSuffix()}`;
    if (key) {
      this.decoys.set(key, code);
      if (this.decoys.size > DECOYS_KEPT) this.decoys.delete(this.decoys.keys().next().value as string);
    }
    return { code, message: SUBMITTED_MESSAGE };
  }

  /** Fire and forget: a slow or failing SMS service never holds up the visitor. */
  private notify(mobile: string, trackingCode: string) {
    const text = `QLCV: Yeu cau cua ban da duoc gui. Ma tra cuu: ${trackingCode}. Tra cuu ket qua tai trang /yeu-cau/ket-qua.`;
    void Promise.resolve()
      .then(() => this.sms.send({ to: mobile, text, safeText: 'Mã tra cứu yêu cầu (đã ẩn)' }))
      .catch((err) => this.log?.error({ err }, 'public request SMS failed'));
  }

  // ---- looking up ---------------------------------------------------------------------------------------------

  /**
   * Tracking code + the mobile the request was sent with. Every miss (unknown or malformed code, wrong mobile) is the
   * same 404, after the same work: one read by code, one constant-time comparison, and a common minimum time.
   */
  async lookup(body: PublicLookupBody): Promise<PublicLookupResult> {
    const started = Date.now();
    try {
      const result = await this.tryLookup(body);
      if (!result) throw lookupMiss();
      return result;
    } finally {
      const left = LOOKUP_MIN_MS - (Date.now() - started);
      if (left > 0) await sleep(left);
    }
  }

  private phoneDigest(mobile: string): string {
    return hmac(this.phoneKey, mobile);
  }

  private async tryLookup(body: PublicLookupBody): Promise<PublicLookupResult | null> {
    const code = normalizeTrackingCode(body.tracking_code);
    const wellFormed = TRACKING_CODE_PATTERN.test(code);
    // A malformed code is looked up all the same (it finds nothing), so it costs what a wrong one costs. This route
    // takes control characters (a miss like any other): they are dropped before the database sees the text.
    const found = await this.requests.findByTrackingCode(wellFormed ? code : `?${stripControlChars(code).slice(0, 60)}`);
    const given = this.phoneDigest(normalizeMobile(body.mobile) ?? `?${body.mobile}`);
    const expected = this.phoneDigest(found ? found.request.requester_phone : '\u0000no-request');
    const samePhone = safeEqualHex(given, expected);
    if (!found || !samePhone) return null;
    return this.view(found.request, found.firstAt);
  }

  private async view(
    r: NonNullable<Awaited<ReturnType<RequestsService['findByTrackingCode']>>>['request'],
    firstAt: Record<string, string>,
  ): Promise<PublicLookupResult> {
    const status = r.status as RequestStatus;
    const completed = status === 'completed';
    const docs = completed ? await this.requests.resultDocuments(r.id) : [];
    // The customer's test reports in force, whatever this request's state: a report is the laboratory's answer.
    const reports = r.customer_id ? await this.testReports.forCustomer(r.customer_id) : [];
    return {
      code: r.tracking_code,
      status,
      status_label: REQUEST_STATUS_LABELS[status] ?? status,
      request_type: r.request_type_name ?? null,
      title: r.title,
      created_at: r.created_at,
      received_at: r.received_at,
      completed_at: r.completed_at,
      requester_name: maskName(r.requester_name),
      mobile: maskPhone(r.requester_phone),
      timeline: timelineOf(r, firstAt),
      result_text: completed ? r.result_text : null,
      result_documents: docs.map((d) => this.signedDocument(d, r.id)),
      test_reports: reports,
    };
  }

  // ---- signed links -------------------------------------------------------------------------------------------

  private signature(documentId: number, requestId: number, expSec: number): string {
    return hmac(this.linkKey, `${documentId}.${requestId}.${expSec}`);
  }

  /** `<document>.<request>.<expiry, unix seconds>.<HMAC of the three>` */
  signToken(documentId: number, requestId: number, expiresAt: Date): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    return `${documentId}.${requestId}.${exp}.${this.signature(documentId, requestId, exp)}`;
  }

  private signedDocument(d: DocumentRecord, requestId: number) {
    const expires = new Date(Date.now() + LINK_TTL_MS);
    return {
      name: d.original_name,
      mime: d.mime,
      size: d.size,
      url: `/api/public/documents/${this.signToken(d.id, requestId, expires)}`,
      expires_at: expires.toISOString(),
    };
  }

  /**
   * A signed link's document: the signature must match, the link must not have expired, and the document must still
   * be a public result document of that request. Any failure is the same 404.
   */
  async openSigned(token: string): Promise<{ document: DocumentRecord; stream: Readable }> {
    const m = TOKEN_PATTERN.exec(token);
    if (!m) throw linkMiss();
    const [documentId, requestId, exp] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const good = safeEqualHex(m[4] as string, this.signature(documentId, requestId, exp));
    if (!good || exp * 1000 <= Date.now()) throw linkMiss();
    // `openPublic` checks on the row itself that it is still a public document of that request.
    try {
      return await this.documents.openPublic(REQUEST_ENTITY, requestId, documentId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw linkMiss();
      throw err;
    }
  }
}

type TimelineRow = {
  status: string;
  created_at: string;
  received_at: string | null;
  completed_at: string | null;
  status_reason: string | null;
  updated_at: string;
};

/**
 * The visitor's timeline: submitted → received → in progress → completed, each with its time once reached; a request
 * rejected or cancelled ends with that step instead (a rejection's reason is written for the customer; a cancellation's
 * may be internal, so it is not shown).
 */
function timelineOf(r: TimelineRow, firstAt: Record<string, string>): PublicTimelineEntry[] {
  const entry = (key: PublicMilestone, at: string | null, done: boolean, note: string | null = null): PublicTimelineEntry => ({
    key,
    label: PUBLIC_MILESTONE_LABELS[key],
    at: done ? at : null,
    done,
    note,
  });
  const progressAt = [firstAt.start, firstAt.step].filter((x): x is string => Boolean(x)).sort()[0] ?? null;
  const out: PublicTimelineEntry[] = [
    entry('submitted', r.created_at, true),
    entry('received', r.received_at, Boolean(r.received_at)),
  ];
  if (r.status === 'rejected' || r.status === 'cancelled') {
    if (progressAt) out.push(entry('in_progress', progressAt, true));
    const closedAt = firstAt[r.status === 'rejected' ? 'reject' : 'cancel'] ?? r.updated_at;
    out.push(entry(r.status, closedAt, true, r.status === 'rejected' ? r.status_reason : null));
    return out.filter((e) => e.done);
  }
  const inProgress = ['in_progress', 'on_hold', 'completed'].includes(r.status) || Boolean(progressAt);
  out.push(entry('in_progress', progressAt ?? r.completed_at, inProgress));
  out.push(entry('completed', r.completed_at, r.status === 'completed'));
  return out;
}

/** What the public form creates: a request from the visitor's details, with the normal priority. */
function requestInput(body: PublicRequestBody): RequestInput {
  return {
    request_type_id: body.request_type_id,
    requester_name: body.name,
    requester_phone: body.mobile,
    requester_email: body.email ?? null,
    requester_organization: body.organization ?? null,
    requester_address: body.address ?? null,
    title: body.title,
    content: body.content,
    priority: 'normal',
  };
}
