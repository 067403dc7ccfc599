import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { LEAVE_HALF_LABELS, type LeaveDetail, type LeaveHalf, leaveCreateBody } from '@qlcv/common/schemas/leaves';
import { Alert, Card, Col, DatePicker, Form, type FormInstance, Input, Row, Select, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { FormFooter } from '@/components/record-form';
import { UserSelect } from '@/components/user-select';
import { useLeaveTypes } from '@/features/leave-types/api/leave-types-api';
import { ApiError } from '@/lib/api/api-error';
import { useAuthUser } from '@/lib/auth/auth-store';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { useCan } from '@/lib/permissions/can';
import { type LeaveCreateInput, type LeavePreviewQuery, useLeavePreview } from '../api/leaves-api';
import { formatDays, leaveDates } from './leave-tags';

export interface LeaveFormValues {
  user_id: number | null;
  leave_type_id: number | null;
  start_date: dayjs.Dayjs | null;
  start_half: string;
  end_date: dayjs.Dayjs | null;
  end_half: string;
  reason: string;
  new_attachments: DocumentRecord[];
}

export const EMPTY_LEAVE: LeaveFormValues = {
  user_id: null,
  leave_type_id: null,
  start_date: null,
  start_half: 'full',
  end_date: null,
  end_half: 'full',
  reason: '',
  new_attachments: [],
};

export const toLeaveValues = (l: LeaveDetail): LeaveFormValues => ({
  user_id: l.user_id,
  leave_type_id: l.leave_type_id,
  start_date: dayjs(l.start_date),
  start_half: l.start_half,
  end_date: dayjs(l.end_date),
  end_half: l.end_half,
  reason: l.reason ?? '',
  new_attachments: [],
});

const day = (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');

/** Form values → body (without `user_id`, which only the for-employee call takes). */
export function toLeaveBody(v: LeaveFormValues): LeaveCreateInput {
  return {
    leave_type_id: v.leave_type_id as number,
    start_date: day(v.start_date),
    start_half: v.start_half as LeaveCreateInput['start_half'],
    end_date: day(v.end_date),
    end_half: v.end_half as LeaveCreateInput['end_half'],
    reason: v.reason.trim() || null,
    attachment_ids: (v.new_attachments ?? []).map((d) => d.id),
  };
}

const halves = (list: LeaveHalf[]) => list.map((value) => ({ value, label: LEAVE_HALF_LABELS[value] }));
/** One day: full, morning or afternoon; several: start full or from the afternoon, end full or after the morning. */
const ONE_DAY = halves(['full', 'morning', 'afternoon']);
const FIRST_DAY = halves(['full', 'afternoon']);
const LAST_DAY = halves(['full', 'morning']);

interface Props {
  form: FormInstance<LeaveFormValues>;
  initialValues: LeaveFormValues;
  onFinish: (values: LeaveFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Creating for an employee: the employee picker first. */
  forEmployee?: boolean;
  /** Editing: the leave (its files listed, itself left out of the overlap check). */
  leave?: LeaveDetail;
  notice?: ReactNode;
}

/** Type, start and end with their halves, reason and files; the live count and balance beside. */
export function LeaveForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  forEmployee,
  leave,
  notice,
}: Props) {
  const shape = leaveCreateBody.shape;
  const me = useAuthUser();
  // Heads of several departments and HR pick from everyone (the server refuses outside their scope); others from their department tree.
  const wide = useCan(['leaves.departments', 'leaves.all']);
  const types = useLeaveTypes();
  const typeOptions = useMemo(
    () =>
      (types.data ?? [])
        .filter((t) => t.active || t.id === leave?.leave_type_id)
        .map((t) => ({ value: t.id, label: `${t.symbol} — ${t.name}` })),
    [types.data, leave],
  );

  const values = Form.useWatch([], form) as Partial<LeaveFormValues> | undefined;
  const wanted = useMemo<LeavePreviewQuery | null>(() => {
    if (!values?.leave_type_id || !values.start_date || !values.end_date) return null;
    if (forEmployee && !values.user_id) return null;
    if (values.end_date.isBefore(values.start_date, 'day')) return null;
    return {
      user_id: forEmployee ? values.user_id : (leave?.user_id ?? undefined),
      leave_type_id: values.leave_type_id,
      start_date: day(values.start_date),
      start_half: values.start_half ?? 'full',
      end_date: day(values.end_date),
      end_half: values.end_half ?? 'full',
      leave_id: leave?.id,
    };
  }, [values, forEmployee, leave]);
  // Asked once typing settles.
  const [query, setQuery] = useState<LeavePreviewQuery | null>(null);
  const wantedKey = JSON.stringify(wanted);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by its JSON
  useEffect(() => {
    const timer = setTimeout(() => setQuery(wanted), 300);
    return () => clearTimeout(timer);
  }, [wantedKey]);
  const preview = useLeavePreview(query);
  const type = types.data?.find((t) => t.id === values?.leave_type_id);
  const oneDay = !values?.start_date || !values.end_date || values.start_date.isSame(values.end_date, 'day');

  // One day: the end half is the start half. Several: halves the span cannot have go back to a full day.
  useEffect(() => {
    if (!values) return;
    if (oneDay) {
      if (values.end_half !== values.start_half) form.setFieldValue('end_half', values.start_half);
      return;
    }
    if (values.start_half === 'morning') form.setFieldValue('start_half', 'full');
    if (values.end_half === 'afternoon') form.setFieldValue('end_half', 'full');
  }, [values, oneDay, form]);

  return (
    <Form<LeaveFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark="optional"
      style={{ maxWidth: 1100 }}
    >
      {notice}
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Card title="Thông tin nghỉ" style={{ marginBottom: 16 }}>
            {forEmployee && (
              <Form.Item
                name="user_id"
                label="Nhân viên"
                required
                rules={[{ required: true, message: 'Vui lòng chọn nhân viên' }]}
                extra="Chỉ nhân viên trong phạm vi quản lý của bạn; nhân viên được thông báo về đơn này."
              >
                <UserSelect aria-label="Nhân viên" departmentId={wide ? undefined : (me?.department_id ?? undefined)} />
              </Form.Item>
            )}
            <Form.Item
              name="leave_type_id"
              label="Loại nghỉ"
              required
              rules={[{ required: true, message: 'Vui lòng chọn loại nghỉ' }]}
            >
              <Select
                placeholder={types.isError ? 'Không tải được danh sách loại nghỉ' : 'Chọn loại nghỉ'}
                status={types.isError ? 'error' : undefined}
                loading={types.isFetching}
                options={typeOptions}
              />
            </Form.Item>
            <Row gutter={12}>
              <Col xs={14} sm={12}>
                <Form.Item
                  name="start_date"
                  label="Từ ngày"
                  required
                  rules={[{ required: true, message: 'Vui lòng chọn ngày bắt đầu' }]}
                >
                  <DatePicker
                    format="DD/MM/YYYY"
                    style={{ width: '100%' }}
                    onChange={(d) => {
                      const end = form.getFieldValue('end_date') as dayjs.Dayjs | null;
                      if (d && (!end || end.isBefore(d, 'day'))) form.setFieldValue('end_date', d);
                    }}
                  />
                </Form.Item>
              </Col>
              <Col xs={10} sm={12}>
                <Form.Item name="start_half" label="Buổi bắt đầu" required>
                  <Select options={oneDay ? ONE_DAY : FIRST_DAY} aria-label="Buổi bắt đầu" />
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={12}>
              <Col xs={14} sm={12}>
                <Form.Item
                  name="end_date"
                  label="Đến ngày"
                  required
                  dependencies={['start_date']}
                  rules={[
                    { required: true, message: 'Vui lòng chọn ngày kết thúc' },
                    ({ getFieldValue }) => ({
                      validator: (_, v: dayjs.Dayjs | null) => {
                        const start = getFieldValue('start_date') as dayjs.Dayjs | null;
                        return v && start && v.isBefore(start, 'day')
                          ? Promise.reject(new Error('Ngày kết thúc phải từ ngày bắt đầu trở đi'))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={10} sm={12}>
                <Form.Item name="end_half" label="Buổi kết thúc" required>
                  <Select options={oneDay ? ONE_DAY : LAST_DAY} disabled={oneDay} aria-label="Buổi kết thúc" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="reason" label="Lý do" rules={[zodRule(shape.reason)]}>
              <Input.TextArea {...textLimit(shape.reason)} rows={4} placeholder="VD: Về quê giải quyết việc gia đình" />
            </Form.Item>
            <Form.Item name="new_attachments" label="Tệp đính kèm" extra="VD: giấy khám bệnh, giấy đăng ký kết hôn.">
              <AttachmentsField existing={leave?.attachments} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title="Số ngày nghỉ" style={{ marginBottom: 16 }} data-testid="leave-preview">
            {!query ? (
              <Typography.Text type="secondary">Chọn loại nghỉ và thời gian để xem số ngày làm việc được tính.</Typography.Text>
            ) : preview.isError ? (
              <Alert
                type="warning"
                showIcon
                title={preview.error instanceof ApiError ? preview.error.message : 'Không tính được số ngày nghỉ'}
              />
            ) : !preview.data ? (
              <Spin />
            ) : (
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <Typography.Text>
                  Số ngày làm việc:{' '}
                  <Typography.Text strong style={{ fontSize: 20 }} data-testid="leave-preview-days">
                    {formatDays(preview.data.days)}
                  </Typography.Text>
                  {preview.isFetching && <Spin size="small" style={{ marginLeft: 8 }} />}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Không tính cuối tuần và ngày lễ theo lịch làm việc của công ty; nửa ngày tính 0,5.
                </Typography.Text>
                {preview.data.overlap && (
                  <Alert
                    type="error"
                    showIcon
                    title={`Trùng với đơn nghỉ ${preview.data.overlap.code} (${leaveDates({
                      ...preview.data.overlap,
                      start_half: 'full',
                      end_half: 'full',
                    })})`}
                  />
                )}
                {preview.data.balance && type?.uses_balance && (
                  <div data-testid="leave-preview-balance">
                    <Typography.Text>
                      Phép năm {preview.data.balance.year} còn lại: <b>{formatDays(preview.data.balance.remaining)}</b>
                      {preview.data.balance.pending > 0 && ` (đang chờ duyệt ${formatDays(preview.data.balance.pending)})`}
                    </Typography.Text>
                    <br />
                    <Typography.Text>
                      Sau đơn này còn:{' '}
                      <Typography.Text
                        strong
                        type={preview.data.balance.after < 0 ? 'danger' : 'success'}
                        data-testid="leave-preview-after"
                      >
                        {formatDays(preview.data.balance.after)}
                      </Typography.Text>
                    </Typography.Text>
                    {preview.data.balance.after < 0 && !preview.data.balance.allow_negative && (
                      <Alert
                        type="error"
                        showIcon
                        style={{ marginTop: 8 }}
                        title="Vượt quá số ngày phép còn lại; đơn sẽ không được gửi."
                      />
                    )}
                  </div>
                )}
              </Space>
            )}
          </Card>
        </Col>
      </Row>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
