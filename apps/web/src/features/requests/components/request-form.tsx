import { PRIORITY_LABELS } from '@qlcv/common/labels';
import type { CustomerOption } from '@qlcv/common/schemas/customers';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { PRIORITIES, type RequestDetail, requestCreateBody } from '@qlcv/common/schemas/requests';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Card, Col, Form, type FormInstance, Input, Radio, Row, Select, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { FormFooter } from '@/components/record-form';
import { textLimit, zodRule } from '@/lib/forms';
import { MOBILE_LABEL, MOBILE_PLACEHOLDER, PHONE_INPUT } from '@/lib/phone-fields';
import { type RequestCreateInput, useCustomerOptions, useRequestTypeOptions } from '../api/requests-api';

export interface RequestFormValues {
  request_type_id: number | null;
  customer_id: number | null;
  requester_name: string;
  requester_phone: string;
  requester_email: string | null;
  requester_organization: string | null;
  requester_address: string | null;
  title: string;
  content: string | null;
  priority: string;
  new_attachments: DocumentRecord[];
}

export const EMPTY_REQUEST: RequestFormValues = {
  request_type_id: null,
  customer_id: null,
  requester_name: '',
  requester_phone: '',
  requester_email: null,
  requester_organization: null,
  requester_address: null,
  title: '',
  content: null,
  priority: 'normal',
  new_attachments: [],
};

export const toRequestValues = (r: RequestDetail): RequestFormValues => ({
  request_type_id: r.request_type_id,
  customer_id: r.customer_id,
  requester_name: r.requester_name,
  requester_phone: r.requester_phone,
  requester_email: r.requester_email,
  requester_organization: r.requester_organization,
  requester_address: r.requester_address,
  title: r.title,
  content: r.content,
  priority: r.priority,
  new_attachments: [],
});

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Form values → body: empty text as null, the uploaded files as `attachment_ids`. */
export function toRequestBody(v: RequestFormValues): RequestCreateInput {
  return {
    request_type_id: v.request_type_id as number,
    customer_id: v.customer_id ?? null,
    requester_name: v.requester_name.trim(),
    requester_phone: v.requester_phone.trim(),
    requester_email: text(v.requester_email),
    requester_organization: text(v.requester_organization),
    requester_address: text(v.requester_address),
    title: v.title.trim(),
    content: text(v.content),
    priority: v.priority as RequestCreateInput['priority'],
    attachment_ids: (v.new_attachments ?? []).map((d) => d.id),
  };
}

interface Props {
  form: FormInstance<RequestFormValues>;
  initialValues: RequestFormValues;
  onFinish: (values: RequestFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the request (its type changes only while new; its files are listed). */
  request?: RequestDetail;
  notice?: ReactNode;
}

/** Type, customer or requester, title, content, priority and files; shared by create and edit. */
export function RequestForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, request, notice }: Props) {
  const shape = requestCreateBody.shape;
  // Both pickers answer whoever may create or edit a request.
  const types = useRequestTypeOptions();
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerOptions(customerSearch);
  const [picked, setPicked] = useState<CustomerOption | null>(null);

  const typeOptions = useMemo(() => {
    const list = (types.data ?? []).map((t) => ({ value: t.id, label: t.name }));
    if (request?.request_type && !list.some((o) => o.value === request.request_type_id))
      list.unshift({ value: request.request_type_id, label: request.request_type.name });
    return list;
  }, [types.data, request]);

  const customerOptions = useMemo(() => {
    const list = (customers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})`, customer: c }));
    const current = request?.customer ?? (picked ? { id: picked.id, code: picked.code, name: picked.name } : null);
    if (current && !list.some((o) => o.value === current.id))
      list.unshift({ value: current.id, label: `${current.name} (${current.code})`, customer: picked ?? (undefined as never) });
    return list;
  }, [customers.data, request, picked]);

  // A chosen customer fills the requester's empty phone (the picker knows the customer's name, code and phone only).
  useEffect(() => {
    if (!picked) return;
    const v = form.getFieldsValue();
    form.setFieldsValue({ requester_phone: v.requester_phone || picked.phone || '' });
  }, [picked, form]);

  const typeLocked = !!request && request.status !== 'new';

  return (
    <Form<RequestFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark="optional"
      style={{ maxWidth: 1100 }}
    >
      {notice}
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title="Nội dung yêu cầu" style={{ marginBottom: 16 }}>
            <Form.Item
              name="request_type_id"
              label="Loại yêu cầu"
              required
              rules={[{ required: true, message: 'Vui lòng chọn loại yêu cầu' }]}
              extra={typeLocked ? 'Chỉ đổi được loại yêu cầu khi yêu cầu chưa được tiếp nhận.' : undefined}
            >
              <Select
                showSearch={{ filterOption: (input, o) => normalizeVi(String(o?.label)).includes(normalizeVi(input)) }}
                placeholder={types.isError ? 'Không tải được danh sách loại yêu cầu' : 'Chọn loại yêu cầu'}
                status={types.isError ? 'error' : undefined}
                loading={types.isFetching}
                options={typeOptions}
                disabled={typeLocked}
                notFoundContent="Không có loại yêu cầu phù hợp"
              />
            </Form.Item>
            <Form.Item name="title" label="Tiêu đề" required rules={[zodRule(shape.title)]}>
              <Input {...textLimit(shape.title)} placeholder="VD: Quan trắc khí thải lò hơi quý IV" />
            </Form.Item>
            <Form.Item name="content" label="Nội dung" rules={[zodRule(shape.content)]}>
              <Input.TextArea {...textLimit(shape.content)} rows={6} placeholder="Mô tả chi tiết yêu cầu của khách hàng" />
            </Form.Item>
            <Form.Item name="priority" label="Mức ưu tiên" required>
              <Radio.Group optionType="button" options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))} />
            </Form.Item>
            <Form.Item name="new_attachments" label="Tệp đính kèm">
              <AttachmentsField existing={request?.attachments} />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Khách hàng và người yêu cầu" style={{ marginBottom: 16 }}>
            <Form.Item
              name="customer_id"
              label="Khách hàng"
              extra="Để trống: hệ thống tìm khách hàng theo số điện thoại người yêu cầu hoặc tạo mới từ thông tin bên dưới."
            >
              <Select
                allowClear
                showSearch={{ filterOption: false, onSearch: setCustomerSearch }}
                placeholder="Tìm theo tên, mã, MST, SĐT"
                loading={customers.isFetching}
                options={customerOptions}
                onChange={(_v, option) => {
                  const c = (option as { customer?: CustomerOption } | undefined)?.customer;
                  setPicked(c ?? null);
                }}
                notFoundContent={customers.isError ? 'Không tải được danh sách khách hàng' : 'Không có khách hàng phù hợp'}
              />
            </Form.Item>
            <Form.Item name="requester_name" label="Người yêu cầu" required rules={[zodRule(shape.requester_name)]}>
              <Input {...textLimit(shape.requester_name)} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="requester_phone"
              label={MOBILE_LABEL}
              required
              validateFirst
              rules={[
                { required: true, whitespace: true, message: 'Vui lòng nhập số điện thoại' },
                zodRule(shape.requester_phone),
              ]}
            >
              <Input {...PHONE_INPUT} placeholder={MOBILE_PLACEHOLDER} autoComplete="off" />
            </Form.Item>
            <Form.Item name="requester_email" label="Email" rules={[zodRule(shape.requester_email)]}>
              <Input {...textLimit(shape.requester_email)} inputMode="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="requester_organization" label="Đơn vị" rules={[zodRule(shape.requester_organization)]}>
              <Input {...textLimit(shape.requester_organization)} />
            </Form.Item>
            <Form.Item name="requester_address" label="Địa chỉ" rules={[zodRule(shape.requester_address)]}>
              <Input {...textLimit(shape.requester_address)} />
            </Form.Item>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Mã yêu cầu và mã tra cứu được cấp tự động khi lưu.
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
