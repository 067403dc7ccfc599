import { formatDate } from '@qlcv/common/format/date';
import { TRIP_BOOKING_STATUSES, type TripCreateBody, type TripDetail } from '@qlcv/common/schemas/sampling-trips';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, conflict, invalid } from '../../lib/errors';
import { lockRow } from '../../lib/row-lock';
import type { EquipmentService } from '../equipment/equipment.service';
import type { LeavesService } from '../leaves/leaves.service';
import type { MonitoringRoundsService, RoundRef } from '../monitoring-programs/monitoring-rounds.service';
import { tripsRepository as repo } from './sampling-trips.repository';

// What a trip may hold, checked under the rows that own each rule (docs/architecture.md, "Rules across rows").

const range = (start: string, end: string) => (start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`);

/**
 * The team active, the rounds planned (or already on this trip), the vehicle a vehicle and the instruments
 * instruments, none lapsed by the trip's last day nor on another trip of those days — each instrument's row held
 * while the booking is read and written, and each round's programme held so it is not regenerated meanwhile.
 */
export async function checkTrip(
  trx: Kysely<DB>,
  deps: { rounds: MonitoringRoundsService; equipment: EquipmentService; leaves: Pick<LeavesService, 'approvedMeeting'> },
  body: TripCreateBody,
  before?: TripDetail,
): Promise<{ rounds: RoundRef[] }> {
  const people = [body.leader_id, ...body.member_ids];
  const active = new Set((await repo.activeUsers(trx, people)).map((u) => u.id));
  const kept = new Set(before ? [before.leader.id, ...before.members.map((m) => m.id)] : []);
  if (!active.has(body.leader_id) && !kept.has(body.leader_id))
    throw invalid('leader_id', 'Trưởng đoàn không tồn tại hoặc đã bị khóa tài khoản.');
  if (body.member_ids.some((m) => !active.has(m) && !kept.has(m)))
    throw invalid('member_ids', 'Thành viên không tồn tại hoặc đã bị khóa tài khoản.');

  const rounds = await deps.rounds.byIds(body.round_ids, trx);
  const onTrip = new Set(before?.rounds.map((r) => r.id) ?? []);
  if (rounds.length !== body.round_ids.length) throw invalid('round_ids', 'Đợt quan trắc không tồn tại.');
  const closed = rounds.find((r) => r.status !== 'planned' && !onTrip.has(r.id));
  if (closed) throw invalid('round_ids', `Đợt ${closed.name} của ${closed.program.code} không còn chờ thực hiện.`);
  for (const programId of [...new Set(rounds.map((r) => r.program.id))].sort((a, b) => a - b))
    await lockRow(trx, 'monitoring_programs', programId, 'share');

  const wanted = [...new Set([...(body.vehicle_id ? [body.vehicle_id] : []), ...body.equipment_ids])].sort((a, b) => a - b);
  for (const e of wanted) await lockRow(trx, 'equipment', e, 'write');
  const known = new Map((await deps.equipment.options({ on: body.end_date }, trx)).map((e) => [e.id, e]));
  const vehicle = body.vehicle_id ? known.get(body.vehicle_id) : undefined;
  if (body.vehicle_id && vehicle?.kind !== 'vehicle') throw invalid('vehicle_id', 'Phương tiện không tồn tại.');
  const inUse = new Set(before?.equipment.map((e) => e.id) ?? []);
  if (vehicle && !vehicle.active && !inUse.has(vehicle.id))
    throw invalid('vehicle_id', `Phương tiện ${vehicle.code} đã ngừng sử dụng.`);
  if (vehicle?.lapsed)
    throw invalid(
      'vehicle_id',
      `Phương tiện ${vehicle.code} hết hạn đăng kiểm ngày ${formatDate(vehicle.calibration_due!)}, trước ngày kết thúc chuyến.`,
    );
  for (const id of body.equipment_ids) {
    const e = known.get(id);
    if (e?.kind !== 'instrument') throw invalid('equipment_ids', 'Thiết bị không tồn tại.');
    if (!e.active && !inUse.has(e.id)) throw invalid('equipment_ids', `Thiết bị ${e.code} đã ngừng sử dụng.`);
    if (e.lapsed)
      throw invalid(
        'equipment_ids',
        `Thiết bị ${e.code} — ${e.name} hết hạn hiệu chuẩn ngày ${formatDate(e.calibration_due!)}, trước ngày kết thúc chuyến.`,
      );
  }
  const [taken] = await repo.bookings(trx, wanted, body.start_date, body.end_date, TRIP_BOOKING_STATUSES, before?.id);
  if (taken) {
    const e = known.get(taken.equipment_id);
    const what = e?.kind === 'vehicle' ? 'Phương tiện' : 'Thiết bị';
    throw conflict(
      `${what} ${e?.code ?? ''} đã được đặt cho chuyến ${taken.code} (${range(taken.start_date, taken.end_date)}).`,
      'EQUIPMENT_BOOKED',
    );
  }
  // A person is on one trip of the same days too: each one's row held (in id order, after the instruments') while
  // their other trips are read.
  for (const u of [...new Set(people)].sort((a, b) => a - b)) await lockRow(trx, 'users', u, 'write');
  const [busy] = await repo.personBookings(trx, people, body.start_date, body.end_date, TRIP_BOOKING_STATUSES, before?.id);
  if (busy) {
    const message = `${busy.user_name} đã ở chuyến ${busy.code} (${range(busy.start_date, busy.end_date)}) trong những ngày này.`;
    const field = busy.user_id === body.leader_id ? 'leader_id' : 'member_ids';
    throw new AppError(409, 'PERSON_BOOKED', message, [{ field, message }]);
  }
  // Nor on a leave approved for one of those days. A leave approved once the person was on the trip (or meanwhile)
  // is allowed and wins in timekeeping (39.31): an edit then refuses only a person added or days added.
  const wasOn = (userId: number, from: string, to: string) =>
    before !== undefined && kept.has(userId) && from >= before.start_date && to <= before.end_date;
  const away = (await deps.leaves.approvedMeeting(people, body.start_date, body.end_date, trx)).find(
    (l) =>
      !wasOn(
        l.user_id,
        l.start_date > body.start_date ? l.start_date : body.start_date,
        l.end_date < body.end_date ? l.end_date : body.end_date,
      ),
  );
  if (away) {
    const message = `${away.user_name} nghỉ theo đơn ${away.code} đã duyệt (${away.type_name}, ${range(away.start_date, away.end_date)}).`;
    const field = away.user_id === body.leader_id ? 'leader_id' : 'member_ids';
    throw new AppError(409, 'PERSON_ON_LEAVE', message, [{ field, message }]);
  }
  return { rounds };
}
