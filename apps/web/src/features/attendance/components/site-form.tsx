import { AimOutlined } from '@ant-design/icons';
import { siteCreateBody } from '@qlcv/common/schemas/attendance';
import { Alert, Button, Card, Col, Form, type FormInstance, Radio, Row, Typography } from 'antd';
import { useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
import { UserSelect } from '@/components/user-select';
import type { InvalidDecimal } from '@/lib/decimal';
import { zodRule } from '@/lib/forms';
import type { AttendanceSite, AttendanceSiteBody } from '../api/attendance-api';
import { currentFix, formatMetres, LocationError } from './geolocation';

export interface SiteFormValues {
  code: string;
  name: string;
  description: string | null;
  latitude: number | null | InvalidDecimal;
  longitude: number | null | InvalidDecimal;
  radius_m: number | null | InvalidDecimal;
  all_staff: boolean;
  user_ids: number[];
  active: boolean;
}

export const EMPTY_SITE: SiteFormValues = {
  code: '',
  name: '',
  description: null,
  latitude: null,
  longitude: null,
  radius_m: 150,
  all_staff: true,
  user_ids: [],
  active: true,
};

export const siteValues = (s: AttendanceSite): SiteFormValues => ({
  code: s.code,
  name: s.name,
  description: s.description,
  latitude: s.latitude,
  longitude: s.longitude,
  radius_m: s.radius_m,
  all_staff: s.all_staff,
  user_ids: s.user_ids,
  active: s.active,
});

export const toSiteBody = (v: SiteFormValues): AttendanceSiteBody => ({
  code: v.code.trim(),
  name: v.name.trim(),
  description: v.description?.trim() || null,
  latitude: v.latitude as number,
  longitude: v.longitude as number,
  radius_m: v.radius_m as number,
  all_staff: v.all_staff,
  user_ids: v.all_staff ? [] : v.user_ids,
  active: v.active,
});

const shape = siteCreateBody.shape;

/** A check-in site: where (a point and a radius, or "Lấy vị trí hiện tại") and who may check in there. */
export function SiteForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  known,
}: {
  form: FormInstance<SiteFormValues>;
  initialValues: SiteFormValues;
  onFinish: (values: SiteFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  known?: { id: number; name: string }[];
}) {
  const allStaff = Form.useWatch('all_staff', form) ?? initialValues.all_staff;
  const [locating, setLocating] = useState(false);
  const [where, setWhere] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const useHere = async () => {
    setLocating(true);
    setWhere(null);
    try {
      const fix = await currentFix();
      form.setFieldsValue({ latitude: fix.latitude, longitude: fix.longitude });
      await form.validateFields(['latitude', 'longitude']);
      setWhere({ type: 'success', text: `Đã lấy vị trí hiện tại (độ chính xác ± ${formatMetres(fix.accuracy_m)}).` });
    } catch (error) {
      if (error instanceof LocationError)
        setWhere({
          type: 'error',
          text: error.denied ? 'Bạn chưa cho phép trang này dùng vị trí: hãy cho phép trong cài đặt trình duyệt.' : error.message,
        });
    } finally {
      setLocating(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      requiredMark="optional"
      scrollToFirstError
    >
      <Card title="Địa điểm" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã địa điểm', example: 'VP-HN' }}
            name={{ label: 'Tên địa điểm', placeholder: 'Ví dụ: Văn phòng Hà Nội' }}
          />
          <Col xs={12} md={8}>
            <Form.Item name="latitude" label="Vĩ độ" required rules={[zodRule(shape.latitude)]}>
              <DecimalInput scale={6} grouping={false} placeholder="21,028511" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="longitude" label="Kinh độ" required rules={[zodRule(shape.longitude)]}>
              <DecimalInput scale={6} grouping={false} placeholder="105,804817" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="radius_m"
              label="Bán kính cho phép (m)"
              required
              rules={[zodRule(shape.radius_m)]}
              extra="Chấm công được khi ở trong bán kính này."
            >
              <DecimalInput scale={0} grouping={false} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Button icon={<AimOutlined />} onClick={useHere} loading={locating}>
              Lấy vị trí hiện tại
            </Button>
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              Đứng tại địa điểm và bấm để điền vĩ độ, kinh độ.
            </Typography.Text>
            {where && (
              <Alert
                type={where.type}
                showIcon
                role={where.type === 'error' ? 'alert' : 'status'}
                title={where.text}
                style={{ marginTop: 8 }}
              />
            )}
          </Col>
        </Row>
      </Card>
      <Card title="Ai được chấm công tại đây" style={{ marginBottom: 16 }}>
        <Form.Item name="all_staff">
          <Radio.Group
            options={[
              { value: true, label: 'Tất cả nhân viên' },
              { value: false, label: 'Chỉ những người được chọn' },
            ]}
          />
        </Form.Item>
        {!allStaff && (
          <Form.Item
            name="user_ids"
            label="Nhân viên"
            required
            rules={[{ required: true, type: 'array', min: 1, message: 'Chọn ít nhất một nhân viên' }]}
          >
            <UserSelect multiple aria-label="Nhân viên được chấm công tại đây" known={known} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Row gutter={16}>
          <DescriptionField schema={shape.description} rows={2} placeholder="Ví dụ: cổng chính, tầng 3" />
          <ActiveField extra="Tắt: không ai chấm công được tại đây nữa." />
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
