import type { LeaveType, LeaveTypeCreateBody } from '@qlcv/common/schemas/leave-types';
import { ANNUAL_LEAVE_CODE } from '@qlcv/common/schemas/leave-types';
import type { Kysely, Selectable } from 'kysely';
import type { DB, LeaveTypesTable } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import * as kit from '../../lib/plain-record';
import { leaveTypesRepository as repo } from './leave-types.repository';

const leaveTypes = new kit.PlainRecords({
  table: 'leave_types',
  notFound: 'Không tìm thấy loại nghỉ.',
  find: repo.find,
  toRecord: toType,
  values: (body: LeaveTypeCreateBody) => ({
    code: body.code,
    name: body.name,
    symbol: body.symbol,
    paid: body.paid ? 1 : 0,
    uses_balance: body.uses_balance ? 1 : 0,
    counts_as_worked: body.counts_as_worked ? 1 : 0,
    active: body.active ? 1 : 0,
    sort_order: body.sort_order,
  }),
  // The annual type is found by its code (the balance ledger): its code stays, and it is never deleted.
  check: async (_db, body, before) => {
    if (before?.code === ANNUAL_LEAVE_CODE && body.code !== ANNUAL_LEAVE_CODE)
      throw invalid('code', 'Không được đổi mã của loại nghỉ phép năm (annual): số dư phép năm tính theo mã này.');
  },
  inUse: async (db, type) =>
    type.code === ANNUAL_LEAVE_CODE
      ? conflict('Loại nghỉ phép năm là loại có số dư phép, không xóa được; có thể đổi tên.', 'IN_USE')
      : (await repo.inUse(db, type.id))
        ? conflict('Loại nghỉ đã được dùng trong đơn nghỉ, chỉ có thể ngừng sử dụng.', 'IN_USE')
        : null,
});

/** Leave types are data (a company may add one); one in use is never deleted, only set inactive. */
export class LeaveTypesService extends kit.PlainRecordService<typeof leaveTypes> {
  constructor(db: Kysely<DB>) {
    super(db, leaveTypes);
  }

  async list(): Promise<LeaveType[]> {
    return (await repo.list(this.db)).map(toType);
  }
}

/** A type's row as stored, for the leave module's assessment (other modules read leave types through here). */
export function leaveTypeRow(db: Kysely<DB>, id: number) {
  return repo.find(db, id);
}

/** The annual leave type's row (code `annual`), whose balance the ledger keeps. */
export function annualLeaveTypeRow(db: Kysely<DB>) {
  return repo.findByCode(db, 'annual');
}

function toType(r: Selectable<LeaveTypesTable>): LeaveType {
  return {
    ...kit.recordHead(r),
    symbol: r.symbol,
    paid: Boolean(Number(r.paid)),
    uses_balance: Boolean(Number(r.uses_balance)),
    counts_as_worked: Boolean(Number(r.counts_as_worked)),
    active: Boolean(Number(r.active)),
    sort_order: r.sort_order,
    ...kit.recordStamps(r),
  };
}
