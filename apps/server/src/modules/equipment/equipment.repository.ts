import {
  EQUIPMENT_DUE_SOON_DAYS,
  type EQUIPMENT_SORTS,
  type EquipmentListQuery,
  type EquipmentOptionsQuery,
} from '@qlcv/common/schemas/equipment';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Window } from '../../lib/pagination';
import { likeNormalized, likePattern } from '../../lib/vi-search';

export type EquipmentFilter = Pick<EquipmentListQuery, 'search' | 'kind' | 'active' | 'calibration' | 'department_id'>;

/** `today`: Vietnam's date the calibration filter reads the due dates against (unused without that filter). */
function filtered(db: Kysely<DB>, f: EquipmentFilter, today = '') {
  let s = db.selectFrom('equipment as e').leftJoin('departments as d', 'd.id', 'e.department_id');
  const pattern = likePattern(f.search);
  if (pattern) s = s.where(likeNormalized('e.search_text', pattern));
  if (f.kind) s = s.where('e.kind', '=', f.kind);
  if (f.active !== undefined) s = s.where('e.active', '=', f.active ? 1 : 0);
  if (f.department_id) s = s.where('e.department_id', '=', f.department_id);
  // The states of calibrationState (packages/common), as ranges of the due date: text dates compare as dates.
  const soon = f.calibration ? addDays(today, EQUIPMENT_DUE_SOON_DAYS) : '';
  if (f.calibration === 'lapsed') s = s.where('e.calibration_due', '<', today);
  else if (f.calibration === 'due_soon') s = s.where('e.calibration_due', '>=', today).where('e.calibration_due', '<=', soon);
  else if (f.calibration === 'valid') s = s.where('e.calibration_due', '>', soon);
  else if (f.calibration === 'none') s = s.where('e.calibration_due', 'is', null);
  return s;
}

/** A piece of equipment with the code and name of the department that keeps it. */
const withDepartment = (q: ReturnType<typeof filtered>) =>
  q.selectAll('e').select(['d.code as department_code', 'd.name as department_name']);

export type EquipmentRow = NonNullable<Awaited<ReturnType<typeof equipmentRepository.find>>>;

export const equipmentRepository = {
  list(
    db: Kysely<DB>,
    f: EquipmentFilter,
    today: string,
    sort: { column: (typeof EQUIPMENT_SORTS)[number]; direction: 'asc' | 'desc' },
    w: Window,
  ) {
    let q = withDepartment(filtered(db, f, today));
    // Due dates first, the ones without one last whichever way (NULLs sort differently on the two engines).
    if (sort.column === 'calibration_due')
      q = q.orderBy((eb) => eb.case().when('e.calibration_due', 'is', null).then(1).else(0).end(), 'asc');
    q = q.orderBy(`e.${sort.column}`, sort.direction);
    // Within a kind, by code.
    if (sort.column === 'kind') q = q.orderBy('e.code', 'asc');
    return q.orderBy('e.id', sort.direction).limit(w.limit).offset(w.offset).execute();
  },

  async count(db: Kysely<DB>, f: EquipmentFilter, today: string): Promise<number> {
    const row = await filtered(db, f, today)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The pickers' list: active first, instruments before vehicles, by code. */
  options(db: Kysely<DB>, q: Pick<EquipmentOptionsQuery, 'kind' | 'active'>) {
    let s = db.selectFrom('equipment').select(['id', 'code', 'name', 'kind', 'identifier', 'calibration_due', 'active']);
    if (q.kind) s = s.where('kind', '=', q.kind);
    if (q.active !== undefined) s = s.where('active', '=', q.active ? 1 : 0);
    return s.orderBy('active', 'desc').orderBy('kind').orderBy('code').orderBy('id').execute();
  },

  find(db: Kysely<DB>, id: number) {
    return withDepartment(filtered(db, {})).where('e.id', '=', id).executeTakeFirst();
  },

  async departmentExists(db: Kysely<DB>, id: number): Promise<boolean> {
    return (await db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },
};
