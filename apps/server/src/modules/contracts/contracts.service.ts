import { contractTotals, toMilli, vatLinesOf, vatRuleNote } from '@qlcv/common/contract-money';
import { ADMIN_ROLE_CODE, hasAnyPermission } from '@qlcv/common/permissions';
import {
  CONTRACT_APPROVAL_VERBS,
  CONTRACT_APPROVERS_SHOWN,
  CONTRACT_EDITABLE_STATUSES,
  CONTRACT_EXPIRING_DAYS,
  CONTRACT_RUNNING_STATUSES,
  CONTRACT_SORTS,
  CONTRACT_UNSIGNED_STATUSES,
  CONTRACT_VALUE_STATUSES,
  type Contract,
  type ContractCreateBody,
  type ContractDetail,
  type ContractItemInput,
  type ContractList,
  type ContractListQuery,
  type ContractPrefill,
  type ContractStatus,
  type ContractSum,
  type ContractUpdateBody,
  type ContractVatRate,
  contractVerbsFrom,
  formatContractNumber,
  type VatRule,
} from '@qlcv/common/schemas/contracts';
import { moneyInWords } from '@qlcv/common/vn-money-words';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { AppError, conflict, invalid, notFound, staleVersion } from '../../lib/errors';
import { pageWindow, parseSort } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { nextSequence } from '../../lib/sequences';
import { likePattern } from '../../lib/vi-search';
import { vnToday } from '../../lib/vn-time';
import type { Upload } from '../../plugins/multipart';
import type { CompanySettingsService } from '../company-settings/company-settings.service';
import type { DocumentsService } from '../documents/documents.service';
import type { RequestsService } from '../requests/requests.service';
import { type ContractTemplateSource, NO_TEMPLATES } from './contract-template-source';
import { CONTRACT_ENTITY, contractSearchText, NOT_FOUND, toContract, toItem } from './contracts.mappers';
import { type ContractFilter, type ContractSort, contractsRepository as repo } from './contracts.repository';

const EXPORT_CAP = 100_000;
/** How many numbers are skipped over at most when generated ones are taken (manual numbers, a pattern without year). */
const NUMBER_TRIES = 1000;
const APPROVE_KEY = 'contracts.approve';
const REQUEST_MISSING = 'Yêu cầu không tồn tại.';

/** Whether `actor` may sign or return a contract waiting for approval: the key, and not its submitter. */
export const mayApprove = (actor: Actor, submittedBy: number | null) =>
  hasAnyPermission(actor.permissions, [APPROVE_KEY]) && actor.id !== submittedBy;

/** Contracts: the lists, the page, create/update/delete with totals always computed here, and the prefill. */
export class ContractsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: {
      documents: DocumentsService;
      companySettings: CompanySettingsService;
      /** The requests module reads a request within the caller's request access (prefill, linking one). */
      requests: Pick<RequestsService, 'readable'>;
      templates?: ContractTemplateSource;
    },
  ) {}

  get templates(): ContractTemplateSource {
    return this.deps.templates ?? NO_TEMPLATES;
  }

  private filterOf(q: ContractListQuery): ContractFilter {
    const today = vnToday();
    return {
      search: likePattern(q.search),
      status: q.status,
      customerId: q.customer_id,
      requestId: q.request_id,
      from: q.from,
      to: q.to,
      expiring:
        q.expiring === '1'
          ? { from: today, to: addDays(today, CONTRACT_EXPIRING_DAYS), statuses: CONTRACT_RUNNING_STATUSES }
          : undefined,
    };
  }

  private sortOf(q: ContractListQuery): ContractSort {
    return parseSort<ContractSort['column']>(q.sort, CONTRACT_SORTS, '-created_at');
  }

  async list(q: ContractListQuery): Promise<ContractList> {
    const filter = this.filterOf(q);
    const sort = this.sortOf(q);
    const w = pageWindow(q);
    const [rows, byStatus] = await Promise.all([
      repo.list(this.db, filter, sort, w.limit, w.offset),
      repo.totalsByStatus(this.db, filter),
    ]);
    const sumOf = (statuses: readonly string[]): ContractSum =>
      byStatus
        .filter((s) => statuses.includes(s.status))
        .reduce((a, s) => ({ count: a.count + s.count, total: a.total + s.sum }), { count: 0, total: 0 });
    const count = byStatus.reduce((n, s) => n + s.count, 0);
    return {
      data: rows.map(toContract),
      meta: {
        current_page: w.page,
        per_page: w.perPage,
        total: count,
        last_page: Math.max(1, Math.ceil(count / w.perPage)),
        sums: {
          signed: sumOf(CONTRACT_VALUE_STATUSES),
          unsigned: sumOf(CONTRACT_UNSIGNED_STATUSES),
          cancelled: sumOf(['cancelled']),
        },
      },
    };
  }

  /** The whole filtered list for the .xlsx (contracts are few; the sort is checked first, so a bad one answers 422). */
  async exportRows(q: ContractListQuery): Promise<Contract[]> {
    const rows = await repo.list(this.db, this.filterOf(q), this.sortOf(q), EXPORT_CAP, 0);
    return rows.map(toContract);
  }

  vatRules(db: Kysely<DB> = this.db): Promise<VatRule[]> {
    return repo.vatRules(db);
  }

  async row(db: Kysely<DB>, id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /**
   * Contracts a monitoring programme may be priced by: one (`id`) or a customer's signed and running ones, newest first.
   * Read with `db` when called inside a programme's transaction.
   */
  async pricing(q: { id?: number; customerId?: number }, db: Kysely<DB> = this.db): Promise<Contract[]> {
    if (q.id !== undefined) {
      const row = await repo.find(db, q.id);
      return row ? [toContract(row)] : [];
    }
    const filter: ContractFilter = { search: null, status: ['signed', 'in_progress'], customerId: q.customerId };
    const rows = await repo.list(db, filter, { column: 'signed_date', direction: 'desc' }, 200, 0);
    return rows.map(toContract);
  }

  async exists(db: Kysely<DB>, id: number): Promise<boolean> {
    return Boolean(await repo.exists(db, id));
  }

  /**
   * The contract's page as `actor` sees it: sign and return only for whoever may decide it now, and while it waits,
   * who may.
   */
  async detailFor(actor: Actor, id: number, db: Kysely<DB> = this.db): Promise<ContractDetail> {
    const c = await this.detail(id, db);
    if (!c.approval) return c;
    const submitter = c.approval.submitted_by?.id ?? null;
    const canApprove = mayApprove(actor, submitter);
    const approvers = await repo.approvers(db, APPROVE_KEY, ADMIN_ROLE_CODE, submitter, CONTRACT_APPROVERS_SHOWN);
    return {
      ...c,
      actions: contractVerbsFrom(c.status).filter((v) => canApprove || !CONTRACT_APPROVAL_VERBS.includes(v)),
      approval: { ...c.approval, can_approve: canApprove, approvers },
    };
  }

  /** The contract as anyone reads it (no caller): the verbs that need no approval, no approvers named. */
  async detail(id: number, db: Kysely<DB> = this.db): Promise<ContractDetail> {
    const row = await this.row(db, id);
    const [items, rules, attachments, template] = await Promise.all([
      repo.items(db, id),
      repo.vatRules(db),
      this.deps.documents.listFor(CONTRACT_ENTITY, id, db),
      row.template_id ? this.templates.find(db, row.template_id) : null,
    ]);
    const lines = items.map(toItem);
    // The VAT lines follow from the stored lines' applied rates (computed when the contract was last saved or signed).
    const vatLines = vatLinesOf(lines);
    const rule = rules.find((r) => r.id === row.applied_rule_id) ?? null;
    const status = row.status as ContractStatus;
    return {
      ...toContract(row),
      template: template ? { id: template.id, name: template.name } : null,
      request: row.request_id && row.request_code ? { id: row.request_id, code: row.request_code } : null,
      payment_terms: row.payment_terms,
      notes: row.notes,
      items: lines,
      vat_lines: vatLines,
      applied_rule: rule,
      vat_note: rule ? vatRuleNote(rule) : null,
      total_in_words: moneyInWords(Number(row.total)),
      attachments,
      actions: contractVerbsFrom(status).filter((v) => !CONTRACT_APPROVAL_VERBS.includes(v)),
      approval:
        status === 'pending_approval'
          ? {
              submitted_by: row.submitted_by ? { id: row.submitted_by, name: row.submitted_by_name ?? '' } : null,
              submitted_at: row.submitted_at,
              can_approve: false,
              approvers: [],
            }
          : null,
      can: {
        edit: CONTRACT_EDITABLE_STATUSES.includes(status),
        delete: status === 'draft',
        document: template !== null,
      },
      version: row.version,
      updated_at: row.updated_at,
    };
  }

  /** The date VAT is judged by: the signed date, or today while unsigned. */
  vatDate(signedDate: string | null): string {
    return signedDate ?? vnToday();
  }

  /** Items with their amounts and applied rates, and the contract's totals, from the rules in force on `date`. */
  async priced(db: Kysely<DB>, items: readonly ContractItemInput[], date: string) {
    const rules = await repo.vatRules(db);
    const totals = contractTotals(items, date, rules);
    const rows = items.map((item, i) => ({
      position: i + 1,
      service_id: item.service_id ?? null,
      service_code: item.service_code ?? null,
      name: item.name,
      description: item.description ?? null,
      unit_name: item.unit_name,
      quantity_milli: toMilli(item.quantity),
      unit_price: item.unit_price,
      vat_rate: item.vat_rate,
      vat_reducible: item.vat_reducible ? 1 : 0,
      applied_rate: totals.lines[i]?.applied_rate ?? null,
      amount: totals.lines[i]?.amount ?? 0,
    }));
    return {
      rows,
      money: {
        subtotal: totals.subtotal,
        vat_amount: totals.vat_amount,
        total: totals.total,
        applied_rule_id: totals.applied_rule?.id ?? null,
      },
    };
  }

  /**
   * The customer, template and request named exist; a request newly linked is one the caller may open (as the
   * prefill: out of reach reads as missing). A request already linked stays, whoever edits.
   */
  private async checkRefs(db: Kysely<DB>, actor: Actor, body: ContractCreateBody, linkedRequestId: number | null = null) {
    const customer = await repo.customer(db, body.customer_id);
    if (!customer) throw invalid('customer_id', 'Khách hàng không tồn tại.');
    if (body.request_id && body.request_id !== linkedRequestId) {
      await this.deps.requests.readable(actor, body.request_id, db).catch((e: unknown) => {
        throw e instanceof AppError && e.status === 404 ? invalid('request_id', REQUEST_MISSING) : e;
      });
    }
    // template_id has no foreign key: the template is locked for use, so its delete waits and then counts this contract.
    if (body.template_id) await lockRow(db, 'contract_templates', body.template_id, 'use');
    if (body.template_id && !(await this.templates.find(db, body.template_id))) {
      throw invalid('template_id', 'Mẫu hợp đồng không tồn tại.');
    }
    return customer;
  }

  /** A number from the company's pattern with the next sequence of the year, skipping numbers already taken. */
  private async generateNumber(db: Kysely<DB>): Promise<string> {
    const { contract_number_pattern: pattern } = await this.deps.companySettings.get(db);
    const today = vnToday();
    for (let i = 0; i < NUMBER_TRIES; i++) {
      const seq = await nextSequence(db, `contracts:${today.slice(0, 4)}`);
      const number = formatContractNumber(pattern, seq, today);
      if (!(await repo.numberTaken(db, number))) return number;
    }
    throw conflict('Không tạo được số hợp đồng mới theo mẫu số của công ty. Vui lòng nhập số hợp đồng.');
  }

  private async numberFor(db: Kysely<DB>, given: string | null | undefined, selfId?: number): Promise<string> {
    if (!given) return this.generateNumber(db);
    if (await repo.numberTaken(db, given, selfId)) throw invalid('number', `Số hợp đồng ${given} đã được dùng.`);
    return given;
  }

  async create(actor: Actor, body: ContractCreateBody, uploads: Upload[] = []): Promise<ContractDetail> {
    const work = async (trx: Kysely<DB>) => {
      const customer = await this.checkRefs(trx, actor, body);
      const number = await this.numberFor(trx, body.number);
      const { rows, money } = await this.priced(trx, body.items, this.vatDate(null));
      const now = nowIso();
      const id = await repo.insert(trx, {
        number,
        customer_id: body.customer_id,
        template_id: body.template_id ?? null,
        request_id: body.request_id ?? null,
        title: body.title,
        signed_date: null,
        start_date: body.start_date,
        end_date: body.end_date,
        payment_terms: body.payment_terms ?? null,
        notes: body.notes ?? null,
        status: 'draft',
        ...money,
        search_text: contractSearchText({
          number,
          title: body.title,
          customer_code: customer.code,
          customer_name: customer.name,
        }),
        department_id: actor.departmentId,
        expiring_notified_at: null,
        created_at: now,
        updated_at: now,
        created_by: actor.id,
      });
      await repo.replaceItems(trx, id, rows);
      const created = await this.detail(id, trx);
      await writeAudit(trx, actor, { entity: CONTRACT_ENTITY, entityId: id, action: 'create', changes: auditView(created) });
      await this.deps.documents.attachDocuments(trx, body.attachment_ids, CONTRACT_ENTITY, id, actor);
      if (uploads.length > 0) {
        await this.deps.documents.insertUploads(trx, uploads, { uploadedBy: actor.id, entity: CONTRACT_ENTITY, entityId: id });
      }
      return id;
    };
    const id = uploads.length > 0 ? await this.deps.documents.saveWith(uploads, work) : await this.db.transaction().execute(work);
    return this.detailFor(actor, id);
  }

  /** Only while draft or pending approval; the version must be the one read. Totals are computed again. */
  async update(actor: Actor, id: number, body: ContractUpdateBody, uploads: Upload[] = []): Promise<ContractDetail> {
    const work = async (trx: Kysely<DB>) => {
      const before = await this.detail(id, trx);
      if (!CONTRACT_EDITABLE_STATUSES.includes(before.status)) {
        throw conflict(`Hợp đồng ${before.number} đang ở trạng thái không cho phép sửa.`, 'INVALID_STATE');
      }
      if (before.version !== body.version) throw staleVersion();
      const customer = await this.checkRefs(trx, actor, body, before.request?.id ?? null);
      const number = await this.numberFor(trx, body.number ?? before.number, id);
      const { rows, money } = await this.priced(trx, body.items, this.vatDate(before.signed_date));
      const saved = await repo.update(trx, id, body.version, {
        number,
        customer_id: body.customer_id,
        template_id: body.template_id ?? null,
        request_id: body.request_id ?? null,
        title: body.title,
        start_date: body.start_date,
        end_date: body.end_date,
        payment_terms: body.payment_terms ?? null,
        notes: body.notes ?? null,
        ...money,
        search_text: contractSearchText({
          number,
          title: body.title,
          customer_code: customer.code,
          customer_name: customer.name,
        }),
        // A new end date is reminded of again.
        ...(body.end_date !== before.end_date ? { expiring_notified_at: null } : {}),
        updated_at: nowIso(),
      });
      if (!saved) throw staleVersion();
      await repo.replaceItems(trx, id, rows);
      const after = await this.detail(id, trx);
      await writeAudit(trx, actor, {
        entity: CONTRACT_ENTITY,
        entityId: id,
        action: 'update',
        changes: diff(auditView(before), auditView(after)),
      });
      await this.deps.documents.attachDocuments(trx, body.attachment_ids, CONTRACT_ENTITY, id, actor);
      if (uploads.length > 0) {
        await this.deps.documents.insertUploads(trx, uploads, { uploadedBy: actor.id, entity: CONTRACT_ENTITY, entityId: id });
      }
    };
    if (uploads.length > 0) await this.deps.documents.saveWith(uploads, work);
    else await this.db.transaction().execute(work);
    return this.detailFor(actor, id);
  }

  /** Drafts only; their attachments go with them. */
  async delete(actor: Actor, id: number): Promise<void> {
    const keys = await this.db.transaction().execute(async (trx) => {
      const contract = await this.detail(id, trx);
      if (contract.status !== 'draft') {
        throw conflict(`Chỉ xóa được hợp đồng ở trạng thái Nháp; ${contract.number} không còn là nháp.`, 'INVALID_STATE');
      }
      const removed = await this.deps.documents.deleteFor(trx, CONTRACT_ENTITY, id);
      await repo.delete(trx, id);
      await writeAudit(trx, actor, {
        entity: CONTRACT_ENTITY,
        entityId: id,
        action: 'delete',
        changes: diff(auditView(contract), null),
      });
      return removed;
    });
    await this.deps.documents.removeFiles(keys);
  }

  /**
   * A new contract's values from a request: its customer, its title, and a line (quantity 1, catalogue price) for
   * each active service of the group its request type belongs to; no lines when the type names no group or the
   * group has no active service.
   */
  async prefill(actor: Actor, requestId: number): Promise<ContractPrefill> {
    // Issue 21: read through the requests module, within the caller's request access (404 otherwise).
    const request = await this.deps.requests.readable(actor, requestId);
    if (!request.customer_id) throw invalid('request_id', 'Yêu cầu chưa gắn với khách hàng nào.');
    const customer = await repo.customer(this.db, request.customer_id);
    if (!customer) throw invalid('request_id', 'Yêu cầu chưa gắn với khách hàng nào.');
    const group = await repo.serviceGroupOfType(this.db, request.request_type_id);
    const services = group ? await repo.servicesOfGroup(this.db, group) : [];
    return {
      customer_id: customer.id,
      customer: { id: customer.id, code: customer.code, name: customer.name },
      request_id: request.id,
      request: { id: request.id, code: request.code },
      title: request.title,
      items: services.map((s) => ({
        service_id: s.id,
        service_code: s.code,
        name: s.name,
        description: s.description,
        unit_name: s.unit_name,
        quantity: 1,
        unit_price: Number(s.unit_price),
        vat_rate: s.vat_rate as ContractVatRate,
        vat_reducible: Boolean(s.vat_reducible),
      })),
    };
  }
}

/** What the history shows of a contract: its fields, and the lines in a readable form. */
export function auditView(c: ContractDetail): Record<string, unknown> {
  return {
    number: c.number,
    title: c.title,
    status: c.status,
    customer: c.customer.name,
    template: c.template?.name ?? null,
    request: c.request?.code ?? null,
    signed_date: c.signed_date,
    start_date: c.start_date,
    end_date: c.end_date,
    payment_terms: c.payment_terms,
    notes: c.notes,
    items: c.items.map((i) => `${i.name}: ${i.quantity} ${i.unit_name} × ${i.unit_price} = ${i.amount}`),
    subtotal: c.subtotal,
    vat_amount: c.vat_amount,
    total: c.total,
  };
}
