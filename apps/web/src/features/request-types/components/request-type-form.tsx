import { requestTypeCreateBody } from '@qlcv/common/schemas/request-types';
import { normalizeVi } from '@qlcv/common/vi-text';
import { AutoComplete, Card, Col, Form, type FormInstance, Input, Row, Switch } from 'antd';
import type { ReactNode } from 'react';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
import { textLimit, zodRule } from '@/lib/forms';
import { useServiceGroups } from '../api/request-types-api';
import { ProcessSelect } from './process-select';

export interface RequestTypeFormValues {
  code: string;
  name: string;
  description: string | null;
  process_id: number | null;
  is_public: boolean;
  service_group: string | null;
  active: boolean;
}

export const EMPTY_REQUEST_TYPE: RequestTypeFormValues = {
  code: '',
  name: '',
  description: null,
  process_id: null,
  is_public: false,
  service_group: null,
  active: true,
};

/** Form values → request body (empty text as null). */
export const toRequestTypeBody = (v: RequestTypeFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  description: v.description?.trim() || null,
  process_id: v.process_id ?? 0,
  is_public: v.is_public,
  service_group: v.service_group?.trim() || null,
  active: v.active,
});

/** The company's usual service groups, offered beside the ones already in use. */
const USUAL_GROUPS = ['Quan trắc môi trường', 'Phân tích thí nghiệm', 'Lắp đặt thiết bị', 'Báo cáo môi trường'];

interface Props {
  form: FormInstance<RequestTypeFormValues>;
  initialValues: RequestTypeFormValues;
  onFinish: (values: RequestTypeFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the saved process stays visible even if no longer used. */
  currentProcess?: { id: number; name: string } | null;
  notice?: ReactNode;
}

/** Code, name, description, the process it runs, public or not, service group, in use; shared by create and edit. */
export function RequestTypeForm(props: Props) {
  const { form, initialValues, onFinish, onCancel, submitting, submitLabel, currentProcess, notice } = props;
  const shape = requestTypeCreateBody.shape;
  const groups = useServiceGroups();
  const groupText: string = Form.useWatch('service_group', form) ?? '';
  const groupOptions = [...new Set([...(groups.data ?? []), ...USUAL_GROUPS])]
    .filter((g) => normalizeVi(g).includes(normalizeVi(groupText)))
    .map((g) => ({ value: g }));

  return (
    <Form<RequestTypeFormValues>
      form={form}
      name="request-type"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã loại yêu cầu', example: 'QTKK' }}
            name={{ label: 'Tên loại yêu cầu', placeholder: 'Ví dụ: Quan trắc không khí xung quanh' }}
          />
          <Col xs={24} md={12}>
            <Form.Item
              name="process_id"
              label="Quy trình xử lý"
              required
              rules={[zodRule(shape.process_id)]}
              extra="Yêu cầu thuộc loại này được xử lý lần lượt theo các bước của quy trình."
            >
              <ProcessSelect activeOnly current={currentProcess} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="service_group" label="Nhóm dịch vụ" rules={[zodRule(shape.service_group)]}>
              <AutoComplete options={groupOptions}>
                <Input {...textLimit(shape.service_group)} placeholder="Ví dụ: Quan trắc môi trường" allowClear />
              </AutoComplete>
            </Form.Item>
          </Col>
          <DescriptionField
            schema={shape.description}
            rows={3}
            placeholder="Hiển thị cho khách hàng trên trang gửi yêu cầu khi loại yêu cầu được công khai"
          />
          <Col xs={24} md={12}>
            <Form.Item
              name="is_public"
              label="Công khai trên trang gửi yêu cầu"
              valuePropName="checked"
              extra="Khách hàng chọn được loại này trên trang /yeu-cau khi loại yêu cầu và quy trình đang sử dụng, quy trình đã có bước."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
          <ActiveField
            extra="Loại yêu cầu ngừng sử dụng không nhận yêu cầu mới; yêu cầu cũ vẫn giữ nguyên."
            col={{ xs: 24, md: 12 }}
          />
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
