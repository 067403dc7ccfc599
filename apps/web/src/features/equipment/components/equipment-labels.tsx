import { vnDayIso } from '@qlcv/common/format/date';
import {
  CALIBRATION_FILTER_LABELS,
  CALIBRATION_STATES,
  type CalibrationState,
  CHECK_WORD,
  EQUIPMENT_KIND_LABELS,
  EQUIPMENT_KINDS,
  type EquipmentKind,
} from '@qlcv/common/schemas/equipment';
import { Tag } from 'antd';

export const KIND_OPTIONS = EQUIPMENT_KINDS.map((value) => ({ value, label: EQUIPMENT_KIND_LABELS[value] }));
export const CALIBRATION_OPTIONS = CALIBRATION_STATES.map((value) => ({ value, label: CALIBRATION_FILTER_LABELS[value] }));

/** The words of a calibration state, by kind: an instrument's calibration, a vehicle's inspection. */
export function calibrationText(state: CalibrationState, kind: EquipmentKind, daysLeft: number | null): string {
  if (state === 'lapsed') return `Quá hạn ${CHECK_WORD[kind]}`;
  if (state === 'due_soon') return daysLeft === 0 ? 'Hết hạn trong hôm nay' : `Sắp đến hạn (còn ${daysLeft} ngày)`;
  if (state === 'valid') return 'Còn hạn';
  return 'Chưa khai báo';
}

const COLORS: Record<CalibrationState, string | undefined> = {
  lapsed: 'red',
  due_soon: 'orange',
  valid: 'green',
  none: undefined,
};

/** The calibration (or inspection) state of a piece of equipment today, coloured: red, orange, green, grey. */
export function CalibrationTag({
  state,
  kind,
  daysLeft,
}: {
  state: CalibrationState;
  kind: EquipmentKind;
  daysLeft: number | null;
}) {
  return (
    <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }}>
      {calibrationText(state, kind, daysLeft)}
    </Tag>
  );
}

export function KindTag({ kind }: { kind: EquipmentKind }) {
  return (
    <Tag color={kind === 'vehicle' ? 'purple' : 'geekblue'} style={{ marginInlineEnd: 0 }}>
      {EQUIPMENT_KIND_LABELS[kind]}
    </Tag>
  );
}

/** Vietnam's date today (UTC+7 all year), `YYYY-MM-DD`: what the server reads the due dates against. */
export const vnTodayIso = vnDayIso;
