import { formatDate } from '@qlcv/common/format/date';
import {
  CHECK_WORD,
  daysBetween,
  EQUIPMENT_DUE_SOON_DAYS,
  EQUIPMENT_KIND_LABELS,
  type EquipmentKind,
} from '@qlcv/common/schemas/equipment';
import { addDays } from '@qlcv/common/work-calendar';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { recordEvent } from '../../lib/domain-events';
import { remindInBatches, type ScheduledJob } from '../../lib/scheduler';
import { vnToday } from '../../lib/vn-time';
import { EQUIPMENT_ENTITY } from './equipment.service';
import { equipmentRemindersRepository as repo } from './equipment-reminders.repository';

/** The due date against today, in the notification's words. */
export function dueState(today: string, due: string): string {
  const days = daysBetween(today, due);
  if (days > 0) return `còn ${days} ngày`;
  if (days === 0) return 'hạn cuối là hôm nay';
  return `đã quá hạn ${-days} ngày`;
}

/**
 * `equipment.calibration_due`, once per equipment and due date: an instrument (calibration) or vehicle (inspection)
 * in use whose due date is "due soon" by calibrationState (within EQUIPMENT_DUE_SOON_DAYS days) or already lapsed gets
 * its row in `equipment_reminders` and its event in the same transaction, the primary key keeping two runners from
 * both raising it. A new due date (after a new certificate) is reminded of again; one that lapses after its reminder
 * is not (the list shows it lapsed, and a trip refuses it). Recipients: the head of the keeping department
 * (`head_ids`) and who entered the equipment (`creator_id`), as the notification settings choose.
 */
export class EquipmentCalibrationJob implements ScheduledJob {
  readonly name = 'equipment-calibration';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly batch = 200,
  ) {}

  async runOnce(now: Date): Promise<number> {
    const today = vnToday(now);
    const until = addDays(today, EQUIPMENT_DUE_SOON_DAYS);
    const at = now.toISOString();
    return remindInBatches(this.db, this.batch, {
      due: (trx, limit) => repo.due(trx, until, limit),
      mark: (trx, e) => repo.mark(trx, e.id, e.calibration_due as string, at),
      raise: async (trx, e) => {
        const date = e.calibration_due as string;
        const kind = e.kind as EquipmentKind;
        await recordEvent(trx, {
          type: 'equipment.calibration_due',
          entity: EQUIPMENT_ENTITY,
          entityId: e.id,
          actorId: null,
          payload: {
            code: e.code,
            creator_id: e.created_by,
            head_ids: e.head_id ? [e.head_id] : [],
            vars: {
              'equipment.code': e.code,
              'equipment.name': e.name,
              'equipment.kind': EQUIPMENT_KIND_LABELS[kind] ?? kind,
              'equipment.check': CHECK_WORD[kind] ?? 'hiệu chuẩn',
              'equipment.due_date': formatDate(date),
              'equipment.due_state': dueState(today, date),
              'department.name': e.department_name ?? '',
            },
            link: `/admin/monitoring/equipment/${e.id}/edit`,
          },
        });
      },
    });
  }
}
