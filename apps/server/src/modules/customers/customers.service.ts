import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import {
  CUSTOMER_OPTIONS_LIMIT,
  CUSTOMER_REQUEST_SORTS,
  CUSTOMER_SORTS,
  type Customer,
  type CustomerContact,
  type CustomerCreateBody,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerOption,
  type CustomerOptionsQuery,
  type CustomerRequest,
  type CustomerUpdateBody,
  normalizePhone,
  type RequesterDetails,
} from '@qlcv/common/schemas/customers';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { CustomersTable, DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taxCodeTakenMessage } from '../../lib/constraint-answers';
import { conflict, invalid, notFound } from '../../lib/errors';
import { type ListCache, listKey } from '../../lib/list-cache';
import { pageWindow, parseSort, rowsWithinBound, toPage } from '../../lib/pagination';
import { lockKey, lockRow } from '../../lib/row-lock';
import { formatCode, nextSequence } from '../../lib/sequences';
import { updateVersioned } from '../../lib/versioned';
import { likePattern } from '../../lib/vi-search';
import type { DocumentsService } from '../documents/documents.service';
import { type CustomerFilter, type CustomerRow, type CustomerSort, customersRepository as repo } from './customers.repository';

/** The entity name of customers in the audit log and on their documents. */
export const CUSTOMER_ENTITY = 'customers';
const EXPORT_BATCH = 1000;
const NOT_FOUND = 'Không tìm thấy khách hàng.';

function parseContacts(json: string | null): Customer['contacts'] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as Partial<CustomerContact>[];
    return Array.isArray(value)
      ? value.map((c) => ({ name: c.name ?? '', title: c.title ?? null, phone: c.phone ?? null, email: c.email ?? null }))
      : [];
  } catch {
    return [];
  }
}

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    code: row.code,
    type: row.type as Customer['type'],
    name: row.name,
    tax_code: row.tax_code,
    representative: row.representative,
    representative_title: row.representative_title,
    phone: row.phone,
    email: row.email,
    street: row.street,
    ward: row.ward,
    province: row.province,
    contacts: parseContacts(row.contacts),
    source: row.source as Customer['source'],
    notes: row.notes,
    created_by: row.created_by,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns a customer is written with, besides its code, source, search text and stamps. */
type CustomerFields = Omit<
  CustomersTable,
  'id' | 'code' | 'source' | 'search_text' | 'version' | 'created_at' | 'updated_at' | 'created_by'
>;

/** Searched: code, name, tax code (with and without its dash), phone, e-mail, representative. */
const customerSearchText = (c: {
  code: string;
  name: string;
  tax_code?: string | null;
  phone?: string | null;
  email?: string | null;
  representative?: string | null;
}) => searchText(c.code, c.name, c.tax_code, c.tax_code?.replace('-', ''), c.phone, c.email, c.representative);

/**
 * A search term typed like a phone number (`0912 345 678`, `+84 912…`) is looked up as the stored digits;
 * anything else as accent-insensitive text.
 */
function searchPattern(term: string | undefined): string | null {
  if (term && /^[+\d][\d\s.()-]{5,}$/.test(term.trim())) {
    let digits = term.replace(/[^\d+]/g, '');
    if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
    else if (digits.startsWith('84') && digits.length >= 11) digits = `0${digits.slice(2)}`;
    return likePattern(digits.replace(/\+/g, ''));
  }
  return likePattern(term);
}

export class CustomersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly documents: DocumentsService,
    private readonly lists: ListCache,
  ) {}

  private filterOf(q: CustomerListQuery): CustomerFilter {
    return { search: searchPattern(q.search), type: q.type, source: q.source, province: q.province };
  }

  private sortOf(q: CustomerListQuery): CustomerSort {
    return parseSort<CustomerSort['column']>(q.sort, CUSTOMER_SORTS, '-created_at');
  }

  async list(q: CustomerListQuery): Promise<Paginated<Customer>> {
    const filter = this.filterOf(q);
    const sort = this.sortOf(q);
    const w = pageWindow(q);
    const { rows, total, capped } = await this.lists.page(
      listKey('customers', filter, sort, w.limit, w.offset),
      w.limit,
      async () => {
        const limit = filter.search ? rowsWithinBound(w.limit, w.offset) : w.limit;
        const [rows, counted] = await Promise.all([
          limit === 0 ? [] : repo.list(this.db, filter, sort, limit, w.offset),
          repo.total(this.db, filter),
        ]);
        return { rows, ...counted };
      },
      (ids) => repo.byIds(this.db, ids),
    );
    return toPage(rows.map(toCustomer), total, w, capped);
  }

  /**
   * Every row of the filtered list in the list's order, read in keyset batches as the file is written: memory stays
   * flat and each batch costs the same however many rows the export holds. The sort is checked before returning, so a
   * bad one still answers 422.
   */
  exportRows(q: CustomerListQuery): AsyncIterable<Customer> {
    const filter = this.filterOf(q);
    const sort = this.sortOf(q);
    const db = this.db;
    return (async function* () {
      let after: { value: string; id: number } | null = null;
      for (;;) {
        const rows = await repo.batchAfter(db, filter, sort, after, EXPORT_BATCH);
        for (const row of rows) yield toCustomer(row);
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_BATCH) return;
        after = { value: String(last[sort.column]), id: last.id };
      }
    })();
  }

  /** Up to 50 customers for the request form's picker: by text, or the given ids (to label the current value). */
  options(q: CustomerOptionsQuery): Promise<CustomerOption[]> {
    return repo.options(this.db, { search: likePattern(q.search), ids: q.ids }, CUSTOMER_OPTIONS_LIMIT);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Customer> {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return toCustomer(row);
  }

  /** The customer's page: the record, its request count and its attachments. */
  async detail(id: number, db: Kysely<DB> = this.db): Promise<CustomerDetail> {
    const customer = await this.get(id, db);
    const [requestsCount, attachments] = await Promise.all([
      repo.requestsCount(db, id),
      this.documents.listFor(CUSTOMER_ENTITY, id, db),
    ]);
    return { ...customer, requests_count: requestsCount, attachments };
  }

  async requests(id: number, q: ListQuery): Promise<Paginated<CustomerRequest>> {
    if (!(await repo.exists(this.db, id))) throw notFound(NOT_FOUND);
    const sort = parseSort<(typeof CUSTOMER_REQUEST_SORTS)[number]>(q.sort, CUSTOMER_REQUEST_SORTS, '-created_at');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([
      repo.requests(this.db, id, sort, w.limit, w.offset),
      repo.requestsCount(this.db, id),
    ]);
    return toPage(rows, total, w);
  }

  private async assertTaxCodeFree(db: Kysely<DB>, taxCode: string | null | undefined, selfId?: number) {
    if (!taxCode) return;
    const other = await repo.findByTaxCode(db, taxCode);
    if (other && other.id !== selfId) throw invalid('tax_code', taxCodeTakenMessage(other.code));
  }

  private fields(body: CustomerCreateBody | CustomerUpdateBody): CustomerFields {
    return {
      type: body.type,
      name: body.name,
      tax_code: body.tax_code ?? null,
      representative: body.representative ?? null,
      representative_title: body.representative_title ?? null,
      phone: body.phone ?? null,
      email: body.email ?? null,
      street: body.street ?? null,
      ward: body.ward ?? null,
      province: body.province ?? null,
      contacts: JSON.stringify(
        (body.contacts ?? []).map((c) => ({
          name: c.name,
          title: c.title ?? null,
          phone: c.phone ?? null,
          email: c.email ?? null,
        })),
      ),
      notes: body.notes ?? null,
    };
  }

  async create(actor: Actor, body: CustomerCreateBody): Promise<CustomerDetail> {
    return this.db.transaction().execute(async (trx) => {
      await this.assertTaxCodeFree(trx, body.tax_code);
      const { id } = await this.insert(trx, this.fields(body), actor);
      await this.documents.attachDocuments(trx, body.attachment_ids, CUSTOMER_ENTITY, id, actor);
      return this.detail(id, trx);
    });
  }

  /** Updates the fields (the version must be the one read) and attaches any newly uploaded documents. */
  async update(actor: Actor, id: number, body: CustomerUpdateBody): Promise<CustomerDetail> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.assertTaxCodeFree(trx, body.tax_code, id);
      const fields = this.fields(body);
      await updateVersioned(trx, 'customers', id, body.version, {
        ...fields,
        search_text: customerSearchText({ ...fields, code: before.code }),
      });
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: CUSTOMER_ENTITY, entityId: id, action: 'update', changes: diff(before, after) });
      await this.documents.attachDocuments(trx, body.attachment_ids, CUSTOMER_ENTITY, id, actor);
      return this.detail(id, trx);
    });
  }

  /** Refused while requests name the customer; its attachments go with it. */
  async delete(actor: Actor, id: number): Promise<void> {
    const keys = await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a request or contract being written for the customer is waited for (its
      // foreign key), a later one finds the customer gone.
      await lockRow(trx, 'customers', id, 'delete');
      const customer = await this.get(id, trx);
      const requests = await repo.requestsCount(trx, id);
      if (requests > 0) {
        throw conflict(`Không thể xóa khách hàng ${customer.code} vì đang có ${requests} yêu cầu liên quan.`);
      }
      const contracts = await repo.contractsCount(trx, id);
      if (contracts > 0) {
        throw conflict(`Không thể xóa khách hàng ${customer.code} vì đang có ${contracts} hợp đồng liên quan.`);
      }
      const sites = await repo.sitesCount(trx, id);
      if (sites > 0) {
        throw conflict(`Không thể xóa khách hàng ${customer.code} vì đang có ${sites} cơ sở quan trắc.`);
      }
      const removed = await this.documents.deleteFor(trx, CUSTOMER_ENTITY, id);
      await repo.delete(trx, id);
      await writeAudit(trx, actor, { entity: CUSTOMER_ENTITY, entityId: id, action: 'delete', changes: diff(customer, null) });
      return removed;
    });
    await this.documents.removeFiles(keys);
  }

  /**
   * For the requests module, inside its transaction: the customer a requester is, matched by normalised phone, or a
   * new one made from their details (source `public` for the public page, `staff` when staff enter the request).
   */
  async findOrCreateFromRequester(
    trx: Kysely<DB>,
    requester: RequesterDetails,
    actor: Actor | null,
  ): Promise<{ customer: Customer; created: boolean }> {
    const phone = normalizePhone(requester.phone);
    if (phone) {
      // One customer per requester's phone: two requests from a new phone at once must not both create one.
      await lockKey(trx, `customers.phone:${phone}`);
      const existing = await repo.findByPhone(trx, phone);
      if (existing) return { customer: toCustomer(existing), created: false };
    }
    const organization = requester.organization?.trim() || null;
    const name = requester.name.trim();
    const email = requester.email?.trim().toLowerCase() || null;
    const fields = {
      type: organization ? 'organization' : 'individual',
      name: (organization ?? name).slice(0, 255),
      tax_code: null,
      representative: null,
      representative_title: null,
      phone,
      email,
      street: requester.address?.trim().slice(0, 255) || null,
      ward: null,
      province: null,
      // For an organisation, the person who wrote is its first contact.
      contacts: JSON.stringify(organization ? [{ name, title: null, phone, email }] : []),
      notes: null,
    };
    return { customer: await this.insert(trx, fields, actor), created: true };
  }

  /** A new customer with the next code (source `staff`, or `public` without an actor), and its history entry. */
  private async insert(trx: Kysely<DB>, fields: CustomerFields, actor: Actor | null): Promise<Customer> {
    const code = formatCode('KH', await nextSequence(trx, CUSTOMER_ENTITY));
    const now = nowIso();
    const id = await repo.insert(trx, {
      ...fields,
      code,
      source: actor ? 'staff' : 'public',
      search_text: customerSearchText({ ...fields, code }),
      created_at: now,
      updated_at: now,
      created_by: actor?.id ?? null,
    });
    const customer = await this.get(id, trx);
    await writeAudit(trx, actor, { entity: CUSTOMER_ENTITY, entityId: id, action: 'create', changes: diff(null, customer) });
    return customer;
  }
}

/** Exported for the export's columns: the address on one line, without the empty parts. */
export const addressLine = (c: Pick<Customer, 'street' | 'ward' | 'province'>) =>
  [c.street, c.ward, c.province].filter(Boolean).join(', ');
