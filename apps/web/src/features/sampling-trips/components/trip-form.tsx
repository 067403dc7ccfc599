import { formatDate } from '@qlcv/common/format/date';
import type { EquipmentOption } from '@qlcv/common/schemas/equipment';
import { MAX_TRIP_DAYS, type TripDetail, type TripRoundOption, tripCreateBody } from '@qlcv/common/schemas/sampling-trips';
import { Card, Col, DatePicker, Form, type FormInstance, Input, Row, Select, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FormFooter } from '@/components/record-form';
import { UserSelect } from '@/components/user-select';
import { useEquipmentOptions } from '@/features/equipment/api/equipment-api';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { type TripCreateInput, useRoundOptions } from '../api/sampling-trips-api';

export interface TripFormValues {
  name: string;
  period: [dayjs.Dayjs, dayjs.Dayjs] | null;
  leader_id: number | null;
  member_ids: number[];
  vehicle_id: number | null;
  equipment_ids: number[];
  round_ids: number[];
  notes: string | null;
}

export const EMPTY_TRIP: TripFormValues = {
  name: '',
  period: null,
  leader_id: null,
  member_ids: [],
  vehicle_id: null,
  equipment_ids: [],
  round_ids: [],
  notes: null,
};

export const toTripValues = (t: TripDetail): TripFormValues => ({
  name: t.name,
  period: [dayjs(t.start_date), dayjs(t.end_date)],
  leader_id: t.leader.id,
  member_ids: t.members.map((m) => m.id),
  vehicle_id: t.vehicle?.id ?? null,
  equipment_ids: t.equipment.filter((e) => e.kind === 'instrument').map((e) => e.id),
  round_ids: t.rounds.map((r) => r.id),
  notes: t.notes,
});

/** Form values → request body (the rules have passed: a period and a leader are set). */
export function toTripBody(v: TripFormValues): TripCreateInput {
  const [start, end] = v.period as [dayjs.Dayjs, dayjs.Dayjs];
  return {
    name: v.name.trim(),
    start_date: start.format('YYYY-MM-DD'),
    end_date: end.format('YYYY-MM-DD'),
    leader_id: v.leader_id as number,
    member_ids: v.member_ids ?? [],
    vehicle_id: v.vehicle_id ?? null,
    equipment_ids: v.equipment_ids ?? [],
    round_ids: v.round_ids ?? [],
    notes: v.notes?.trim() ? v.notes.trim() : null,
  };
}

const roundLabel = (r: TripRoundOption) =>
  `${r.site.name} — ${r.name} (hạn ${formatDate(r.due_date)})${r.late ? ' · trễ hạn' : ''}`;

/** "Máy đo pH (TB-01)", and why it may not be taken on the trip's last day. */
function kitOption(e: EquipmentOption, keep: boolean) {
  const lapsed = e.lapsed && !keep;
  const due = e.calibration_due ? formatDate(e.calibration_due) : null;
  const why = lapsed ? ` · hết hạn ${e.kind === 'vehicle' ? 'đăng kiểm' : 'hiệu chuẩn'} ${due}` : '';
  return {
    value: e.id,
    label: `${e.code} — ${e.name}${e.identifier ? ` (${e.identifier})` : ''}${why}`,
    disabled: lapsed || (!e.active && !keep),
  };
}

interface Props {
  form: FormInstance<TripFormValues>;
  initialValues: TripFormValues;
  onFinish: (values: TripFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the saved trip (its rounds and kit stay offered). */
  trip?: TripDetail;
  notice?: ReactNode;
}

/**
 * A trip: its rounds (the sites to sample), the dates, the team and the kit — the vehicle and instruments offered as
 * they stand on the trip's last day (a lapsed calibration cannot be picked); the checklist follows from the rounds.
 */
export function TripForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, trip, notice }: Props) {
  const shape = tripCreateBody.shape;
  const period = Form.useWatch('period', form) ?? initialValues.period;
  const on = period?.[1]?.format('YYYY-MM-DD');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const rounds = useRoundOptions(search);
  const vehicles = useEquipmentOptions({ kind: 'vehicle', ...(on ? { on } : {}) });
  const instruments = useEquipmentOptions({ kind: 'instrument', ...(on ? { on } : {}) });
  const kept = useMemo(() => new Set(trip?.equipment.map((e) => e.id) ?? []), [trip]);

  const roundOptions = useMemo(() => {
    const seen = new Map<number, TripRoundOption>();
    for (const r of trip?.rounds ?? []) seen.set(r.id, r);
    for (const r of rounds.data ?? []) seen.set(r.id, r);
    return [...seen.values()].map((r) => ({ value: r.id, label: roundLabel(r) }));
  }, [rounds.data, trip]);

  return (
    <Form<TripFormValues>
      form={form}
      name="trip"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      requiredMark="optional"
      scrollToFirstError
      style={{ maxWidth: 1100 }}
    >
      {notice}
      <Card title="Đợt quan trắc và thời gian" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item
              name="round_ids"
              label="Đợt quan trắc"
              required
              rules={[{ required: true, type: 'array', min: 1, message: 'Chọn ít nhất một đợt quan trắc' }]}
              extra="Các đợt chưa thực hiện, hạn gần nhất trước; chọn nhiều đợt của các cơ sở gần nhau để đi một chuyến."
            >
              <Select<number[]>
                mode="multiple"
                aria-label="Đợt quan trắc"
                placeholder="Tìm theo cơ sở, chương trình"
                showSearch={{ filterOption: false, onSearch: setTyped }}
                loading={rounds.isFetching}
                options={roundOptions}
                onBlur={() => setTyped('')}
                notFoundContent={rounds.isError ? 'Không tải được danh sách đợt' : 'Không có đợt nào chờ thực hiện'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Tên chuyến" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: Lấy mẫu quý I — KCN Phố Nối A" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="period"
              label="Ngày đi"
              required
              rules={[
                { required: true, message: 'Vui lòng chọn ngày đi' },
                {
                  validator: async (_r, v: TripFormValues['period']) => {
                    if (v && v[1].diff(v[0], 'day') + 1 > MAX_TRIP_DAYS)
                      throw new Error(`Một chuyến dài tối đa ${MAX_TRIP_DAYS} ngày`);
                  },
                },
              ]}
              extra="Chuyến trong một ngày: chọn cùng một ngày hai lần."
            >
              <DatePicker.RangePicker
                format="DD/MM/YYYY"
                placeholder={['Từ ngày', 'Đến ngày']}
                style={{ width: '100%' }}
                aria-label="Ngày đi"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Đoàn lấy mẫu" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="leader_id"
              label="Trưởng đoàn"
              required
              rules={[{ required: true, message: 'Vui lòng chọn trưởng đoàn' }]}
            >
              <UserSelect aria-label="Trưởng đoàn" known={trip ? [trip.leader] : []} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="member_ids" label="Thành viên">
              <UserSelect multiple aria-label="Thành viên" known={trip?.members ?? []} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Phương tiện và thiết bị" style={{ marginBottom: 16 }}>
        {!on && (
          <Typography.Paragraph type="secondary">
            Chọn ngày đi trước: thiết bị hết hạn hiệu chuẩn trước ngày kết thúc chuyến không chọn được.
          </Typography.Paragraph>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="vehicle_id" label="Phương tiện">
              <Select<number | null>
                allowClear
                aria-label="Phương tiện"
                placeholder="Không dùng xe công ty"
                loading={vehicles.isPending}
                options={(vehicles.data ?? []).map((e) => kitOption(e, kept.has(e.id)))}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent={vehicles.isError ? 'Không tải được danh sách phương tiện' : 'Chưa có phương tiện nào'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="equipment_ids" label="Thiết bị đo, lấy mẫu">
              <Select<number[]>
                mode="multiple"
                aria-label="Thiết bị"
                placeholder="Chọn thiết bị"
                loading={instruments.isPending}
                options={(instruments.data ?? []).map((e) => kitOption(e, kept.has(e.id)))}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent={instruments.isError ? 'Không tải được danh sách thiết bị' : 'Chưa có thiết bị nào'}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="notes" label="Ghi chú" rules={[zodRule(shape.notes)]}>
              <Input.TextArea
                {...textLimit(shape.notes)}
                rows={2}
                placeholder="Giờ xuất phát, người liên hệ tại nhà máy, lưu ý an toàn…"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
