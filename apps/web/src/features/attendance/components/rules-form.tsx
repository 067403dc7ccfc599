import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { attendanceSettingsUpdateBody, clockSchema, ipRangeSchema } from '@qlcv/common/schemas/attendance';
import { Button, Card, Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { ConflictAlert } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import type { InvalidDecimal } from '@/lib/decimal';
import { fieldError, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { type AttendanceSettings, type ShiftHours, useUpdateAttendanceSettings } from '../api/attendance-api';

type Whole = number | null | InvalidDecimal;

interface Values {
  required: boolean;
  accuracy_limit_m: Whole;
  grace_minutes: Whole;
  office_ip_ranges: string[];
  shift: ShiftHours;
  department_shifts: (ShiftHours & { department_id: number | null })[];
}

const shape = attendanceSettingsUpdateBody.shape;
// IPv4 or IPv6, optionally with a prefix length: a first check here, the server's parser has the last word.
const RANGE = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-fA-F:]+:[0-9a-fA-F:.]*(\/\d{1,3})?)$/;

const SHIFT_FIELDS: { key: keyof ShiftHours; label: string }[] = [
  { key: 'morning_start', label: 'Sáng từ' },
  { key: 'morning_end', label: 'Sáng đến' },
  { key: 'afternoon_start', label: 'Chiều từ' },
  { key: 'afternoon_end', label: 'Chiều đến' },
];

/** Four clock fields of a shift under `path` (the company's, or a department's row). */
function ShiftFields({ path, prefix }: { path: (string | number)[]; prefix: string }) {
  return (
    <Row gutter={12}>
      {SHIFT_FIELDS.map((f) => (
        <Col xs={12} md={6} key={f.key}>
          <Form.Item name={[...path, f.key]} label={f.label} rules={[zodRule(clockSchema)]} required>
            <Input type="time" aria-label={`${prefix}: ${f.label.toLowerCase()}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** The rules: attendance required or not, the GPS accuracy limit, grace minutes, office networks, working hours. */
export function RulesForm({
  settings,
  onReload,
  reloading,
}: {
  settings: AttendanceSettings;
  onReload: () => Promise<unknown>;
  reloading: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateAttendanceSettings();
  const [version, setVersion] = useState(settings.version);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (v: Values) => {
    try {
      const saved = await update.mutateAsync({
        required: v.required,
        accuracy_limit_m: v.accuracy_limit_m as number,
        grace_minutes: v.grace_minutes as number,
        office_ip_ranges: v.office_ip_ranges.map((r) => r.trim()).filter(Boolean),
        shift: v.shift,
        department_shifts: v.department_shifts.map((d) => ({ ...d, department_id: d.department_id as number })),
        version,
      });
      setVersion(saved.version);
      notifySuccess('Đã lưu quy định chấm công.');
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark="optional"
      disabled={update.isPending}
      scrollToFirstError
      initialValues={{
        required: settings.required,
        accuracy_limit_m: settings.accuracy_limit_m,
        grace_minutes: settings.grace_minutes,
        office_ip_ranges: settings.office_ip_ranges,
        shift: settings.shift,
        department_shifts: settings.department_shifts,
      }}
      onFinish={onFinish}
    >
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={reloading}
          onReload={async () => {
            await onReload();
            setConflict(null);
          }}
        />
      )}
      <Card title="Quy định" style={{ marginBottom: 16 }}>
        <Form.Item
          name="required"
          label="Bắt buộc chấm công"
          valuePropName="checked"
          extra="Bật: bảng chấm công tính ngày công theo lần chấm công. Tắt: như trước đây, ngày làm việc không nghỉ phép được tính là đi làm."
        >
          <Switch checkedChildren="Có" unCheckedChildren="Không" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="accuracy_limit_m"
              label="Độ chính xác GPS tối đa (m)"
              required
              rules={[zodRule(shape.accuracy_limit_m)]}
              extra="Lần chấm có sai số lớn hơn bị từ chối (ví dụ điện thoại chỉ định vị qua mạng)."
            >
              <DecimalInput scale={0} grouping={false} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="grace_minutes"
              label="Số phút cho phép (đi muộn, về sớm)"
              required
              rules={[zodRule(shape.grace_minutes)]}
              extra="Vào sau giờ bắt đầu quá số phút này mới tính là đi muộn."
            >
              <DecimalInput scale={0} grouping={false} inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="office_ip_ranges"
          label="Mạng văn phòng (địa chỉ IP)"
          extra="Mỗi dải một mục, ví dụ 203.0.113.0/24 hoặc 2001:db8::/48. Ở trong mạng này, nhân viên thấy nút “Dùng mạng văn phòng”."
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                for (const range of value ?? []) {
                  const error = fieldError(ipRangeSchema, range);
                  if (error || !RANGE.test(range.trim())) throw new Error(`“${range}” không phải địa chỉ IP hoặc dải CIDR`);
                }
              },
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            open={false}
            placeholder="Nhập dải IP rồi Enter"
            aria-label="Mạng văn phòng"
          />
        </Form.Item>
      </Card>
      <Card title="Giờ làm việc của công ty" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          Ngày làm việc trong tuần (và thứ Bảy chỉ làm buổi sáng) theo Thông tin công ty → Lịch làm việc.
        </Typography.Paragraph>
        <ShiftFields path={['shift']} prefix="Công ty" />
      </Card>
      <Card title="Giờ làm riêng của phòng ban" style={{ marginBottom: 16 }}>
        <Form.List name="department_shifts">
          {(fields, { add, remove }) => (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {fields.length === 0 && <Typography.Text type="secondary">Chưa có phòng ban nào có giờ làm riêng.</Typography.Text>}
              {fields.map((field, i) => (
                <Card key={field.key} size="small" type="inner">
                  <Row gutter={12} align="bottom">
                    <Col flex="auto">
                      <Form.Item
                        name={[field.name, 'department_id']}
                        label="Phòng ban"
                        required
                        rules={[{ required: true, message: 'Chọn phòng ban' }]}
                      >
                        <DepartmentTreeSelect aria-label={`Phòng ban ${i + 1}`} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col>
                      <Form.Item label=" ">
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => remove(field.name)}
                          aria-label={`Bỏ giờ làm riêng ${i + 1}`}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <ShiftFields path={[field.name]} prefix={`Phòng ban ${i + 1}`} />
                </Card>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ department_id: null, ...form.getFieldValue('shift') })}>
                Thêm giờ làm riêng cho phòng ban
              </Button>
            </Space>
          )}
        </Form.List>
      </Card>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending}>
        Lưu quy định
      </Button>
    </Form>
  );
}
