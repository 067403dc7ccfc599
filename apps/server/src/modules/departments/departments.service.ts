import type { ListQuery, Paginated } from '@qlcv/common/schemas/common';
import {
  DEPARTMENT_SORTS,
  type Department,
  type DepartmentCreateBody,
  type DepartmentNode,
  type DepartmentOption,
  type DepartmentUpdateBody,
} from '@qlcv/common/schemas/departments';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import { COMPANY_SETTINGS_ID } from '../../db/migrations/0009-company-settings';
import type { DB } from '../../db/schema';
import { type Actor, diff, writeAudit } from '../../lib/audit';
import { nowIso } from '../../lib/clock';
import { taken } from '../../lib/constraint-answers';
import { conflict, invalid, notFound } from '../../lib/errors';
import { allRows, pageWindow, parseSort, toPage } from '../../lib/pagination';
import { lockRow } from '../../lib/row-lock';
import { updateVersioned } from '../../lib/versioned';
import { likePattern } from '../../lib/vi-search';
import { type DepartmentRow, departmentsRepository as repo } from './departments.repository';

function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    parent_id: row.parent_id,
    parent: row.parent_id && row.parent_name ? { id: row.parent_id, name: row.parent_name } : null,
    head_id: row.head_id,
    head: row.head_id && row.head_name ? { id: row.head_id, name: row.head_name } : null,
    description: row.description,
    users_count: Number(row.users_count),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type DepartmentListQuery = ListQuery & { parent_id?: number };

export class DepartmentsService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(q: DepartmentListQuery): Promise<Paginated<Department>> {
    const filter = { search: likePattern(q.search), parentId: q.parent_id };
    const sort = parseSort(q.sort, DEPARTMENT_SORTS, 'name');
    const w = pageWindow(q);
    const [rows, total] = await Promise.all([repo.list(this.db, filter, sort, w.limit, w.offset), repo.count(this.db, filter)]);
    return toPage(rows.map(toDepartment), total, w);
  }

  /** Rows for the export: the list's filter and order, every page. */
  exportRows(q: DepartmentListQuery): Promise<AsyncIterable<Department>> {
    return allRows((page, perPage) => this.list({ ...q, page, per_page: perPage }));
  }

  /** The whole tree, roots first, children by name. */
  async tree(): Promise<DepartmentNode[]> {
    const nodes = (await repo.all(this.db)).map((r) => ({ ...toDepartment(r), children: [] as DepartmentNode[] }));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const roots: DepartmentNode[] = [];
    for (const node of nodes) {
      const parent = node.parent_id ? byId.get(node.parent_id) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /** Every department, flat (the client nests them by parent_id): for the department pickers. */
  options(): Promise<DepartmentOption[]> {
    return repo.options(this.db);
  }

  async get(id: number, db: Kysely<DB> = this.db): Promise<Department> {
    const row = await repo.find(db, id);
    if (!row) throw notFound('Không tìm thấy phòng ban.');
    return toDepartment(row);
  }

  private async checkRefs(db: Kysely<DB>, body: DepartmentCreateBody, selfId?: number) {
    const other = await repo.findByCode(db, body.code);
    if (other && other.id !== selfId) throw taken('departments.code');
    if (body.head_id && !(await repo.userExists(db, body.head_id))) throw invalid('head_id', 'Trưởng phòng không tồn tại.');
    if (body.parent_id) {
      // The tree is one rule across its rows: two parents set at once could each pass the walk and close a loop. The
      // company's row owns the tree, so moves of departments run one at a time (a new department has no children).
      if (selfId) await lockRow(db, 'company_settings', COMPANY_SETTINGS_ID);
      const links = await repo.parentLinks(db);
      const parentOf = new Map(links.map((l) => [l.id, l.parent_id]));
      if (!parentOf.has(body.parent_id)) throw invalid('parent_id', 'Phòng ban cấp trên không tồn tại.');
      // Walk up from the new parent: meeting this department means the tree would loop.
      for (let at: number | null | undefined = body.parent_id, steps = 0; at && steps <= links.length; steps++) {
        if (at === selfId)
          throw invalid('parent_id', 'Không thể chọn chính phòng ban này hoặc phòng ban con của nó làm cấp trên.');
        at = parentOf.get(at);
      }
    }
  }

  private values(body: DepartmentCreateBody) {
    return {
      code: body.code,
      name: body.name,
      parent_id: body.parent_id ?? null,
      head_id: body.head_id ?? null,
      description: body.description ?? null,
      search_text: searchText(body.code, body.name),
    };
  }

  async create(actor: Actor, body: DepartmentCreateBody): Promise<Department> {
    return this.db.transaction().execute(async (trx) => {
      await this.checkRefs(trx, body);
      const now = nowIso();
      const id = await repo.insert(trx, { ...this.values(body), created_at: now, updated_at: now, created_by: actor.id });
      const created = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'departments', entityId: id, action: 'create', changes: diff(null, created) });
      return created;
    });
  }

  async update(actor: Actor, id: number, body: DepartmentUpdateBody): Promise<Department> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.get(id, trx);
      await this.checkRefs(trx, body, id);
      await updateVersioned(trx, 'departments', id, body.version, this.values(body));
      const after = await this.get(id, trx);
      await writeAudit(trx, actor, { entity: 'departments', entityId: id, action: 'update', changes: diff(before, after) });
      return after;
    });
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Counted under the delete lock: a row being written that references it is waited for, a later one finds it gone.
      await lockRow(trx, 'departments', id, 'delete');
      const dep = await this.get(id, trx);
      const children = await repo.childrenCount(trx, id);
      if (children > 0) throw conflict(`Không thể xóa phòng ban đang có ${children} phòng ban trực thuộc.`);
      if (dep.users_count > 0) {
        throw conflict(`Không thể xóa phòng ban đang có ${dep.users_count} nhân viên. Hãy chuyển họ sang phòng ban khác trước.`);
      }
      await repo.delete(trx, id);
      await writeAudit(trx, actor, { entity: 'departments', entityId: id, action: 'delete', changes: diff(dep, null) });
    });
  }

  /**
   * A department and all its sub-departments, recursively (an empty list for none): what a "department" scope covers
   * (`works.department`, and `leaves.department` to come). See docs/decisions.md, "Department scope includes
   * sub-departments".
   */
  withDescendants(id: number | null, db: Kysely<DB> = this.db): Promise<number[]> {
    return id === null ? Promise.resolve([]) : repo.subtreeIds(db, id);
  }

  clearHead(db: Kysely<DB>, userId: number) {
    return repo.clearHead(db, userId);
  }
}
