import {
  calibrationState,
  daysBetween,
  EQUIPMENT_KIND_LABELS,
  EQUIPMENT_SORTS,
  type Equipment,
  type EquipmentCreateBody,
  type EquipmentKind,
  type EquipmentListQuery,
  type EquipmentOption,
  type EquipmentOptionsQuery,
} from '@qlcv/common/schemas/equipment';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { vnToday } from '../../lib/vn-time';
import { type EquipmentRow, equipmentRepository as repo } from './equipment.repository';

export const EQUIPMENT_ENTITY = 'equipment';

const equipment = new kit.PlainRecords({
  table: EQUIPMENT_ENTITY,
  notFound: 'Không tìm thấy thiết bị hoặc phương tiện.',
  find: repo.find,
  toRecord: (row: EquipmentRow) => toEquipment(row),
  values: (body: EquipmentCreateBody) => {
    // A plate is kept as the registration writes it, in capitals ("51c-123.45" → "51C-123.45").
    const identifier = body.kind === 'vehicle' ? (body.identifier?.toUpperCase() ?? null) : (body.identifier ?? null);
    return {
      ...kit.codeNameValues(body),
      kind: body.kind,
      model: body.model ?? null,
      identifier,
      department_id: body.department_id ?? null,
      measures: body.measures ?? null,
      calibration_due: body.calibration_due ?? null,
      calibration_certificate: body.calibration_certificate ?? null,
      last_calibrated_on: body.last_calibrated_on ?? null,
      // Found by code, name, plate or serial, model and what it measures ("51C-123", "testo", "pH").
      search_text: searchText(body.code, body.name, identifier, body.model, body.measures, EQUIPMENT_KIND_LABELS[body.kind]),
    };
  },
  check: async (db, body) => {
    if (body.department_id && !(await repo.departmentExists(db, body.department_id)))
      throw invalid('department_id', 'Phòng ban không tồn tại.');
  },
  // The audit keeps the dates and fields, not today's reading of them (a state that changes by itself each day).
  auditView: ({ calibration_state: _s, days_left: _d, ...kept }) => kept,
});

const list = new kit.PlainList({
  sorts: EQUIPMENT_SORTS,
  sort: 'code',
  rows: (db, q: EquipmentListQuery, sort, w) => repo.list(db, q, vnToday(), sort, w),
  count: (db, q: EquipmentListQuery) => repo.count(db, q, vnToday()),
  toRecord: (row: EquipmentRow) => toEquipment(row),
});

/**
 * The field team's instruments and vehicles (issue 24 part 4), with their calibration or inspection due dates read
 * against Vietnam's today. Keys `equipment.*`; the trips' pickers (`options`) also open to `monitoring.index`.
 */
export class EquipmentService extends kit.ListedRecordService<typeof equipment, EquipmentListQuery> {
  constructor(db: Kysely<DB>) {
    super(db, equipment, list);
  }

  /**
   * The pickers' list, each marked by its due date's state on `on` (default today): a trip on that date may not take
   * one that has lapsed. `db`: the caller's transaction (a trip checking its body).
   */
  async options(q: EquipmentOptionsQuery, db: Kysely<DB> = this.db): Promise<EquipmentOption[]> {
    const on = q.on ?? vnToday();
    const rows = await repo.options(db, q);
    return rows.map((r) => {
      const state = calibrationState(r.calibration_due, on);
      return {
        id: r.id,
        code: r.code,
        name: r.name,
        kind: r.kind as EquipmentKind,
        identifier: r.identifier,
        calibration_due: r.calibration_due,
        calibration_state: state,
        lapsed: state === 'lapsed',
        active: Boolean(Number(r.active)),
      };
    });
  }
}

function toEquipment(r: EquipmentRow, today = vnToday()): Equipment {
  return {
    ...kit.recordHead(r),
    kind: r.kind as EquipmentKind,
    model: r.model,
    identifier: r.identifier,
    department:
      r.department_id !== null && r.department_code !== null
        ? { id: r.department_id, code: r.department_code, name: r.department_name ?? '' }
        : null,
    measures: r.measures,
    calibration_due: r.calibration_due,
    calibration_certificate: r.calibration_certificate,
    last_calibrated_on: r.last_calibrated_on,
    calibration_state: calibrationState(r.calibration_due, today),
    days_left: r.calibration_due ? daysBetween(today, r.calibration_due) : null,
    description: r.description,
    active: Boolean(Number(r.active)),
    ...kit.recordStamps(r),
  };
}
