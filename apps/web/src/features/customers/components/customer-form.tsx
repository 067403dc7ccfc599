import { BankOutlined, DeleteOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import {
  CUSTOMER_TYPE_LABELS,
  type CustomerDetail,
  contactSchema,
  customerCreateBody,
  normalizeTaxCode,
  TAX_CODE_MESSAGE,
} from '@qlcv/common/schemas/customers';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { Button, Card, Col, Form, type FormInstance, Input, Radio, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormFooter } from '@/components/record-form';
import { textLimit, zodRule } from '@/lib/forms';
import { MOBILE_LABEL, PHONE_INPUT, PHONE_LABEL, PHONE_PLACEHOLDER } from '@/lib/phone-fields';
import type { CustomerCreateInput } from '../api/customers-api';
import { AttachmentsField } from './attachments-field';
import { ProvinceSelect } from './province-select';

type CustomerType = 'organization' | 'individual';

export interface ContactValues {
  name: string;
  title: string | null;
  phone: string | null;
  email: string | null;
}

export interface CustomerFormValues {
  type: CustomerType;
  name: string;
  tax_code: string | null;
  representative: string | null;
  representative_title: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  ward: string | null;
  province: string | null;
  contacts: ContactValues[];
  notes: string | null;
  /** Uploaded from this form; their ids go out as `attachment_ids`. */
  new_attachments: DocumentRecord[];
}

export const EMPTY_CUSTOMER: CustomerFormValues = {
  type: 'organization',
  name: '',
  tax_code: null,
  representative: null,
  representative_title: null,
  phone: null,
  email: null,
  street: null,
  ward: null,
  province: null,
  contacts: [],
  notes: null,
  new_attachments: [],
};

export const toCustomerValues = (c: CustomerDetail): CustomerFormValues => ({
  type: c.type,
  name: c.name,
  tax_code: c.tax_code,
  representative: c.representative,
  representative_title: c.representative_title,
  phone: c.phone,
  email: c.email,
  street: c.street,
  ward: c.ward,
  province: c.province,
  contacts: c.contacts.map((p) => ({ name: p.name, title: p.title, phone: p.phone, email: p.email })),
  notes: c.notes,
  new_attachments: [],
});

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Form values → request body: empty text as null; an individual has no representative. */
export function toCustomerBody(v: CustomerFormValues): CustomerCreateInput {
  const organization = v.type === 'organization';
  return {
    type: v.type,
    name: v.name.trim(),
    tax_code: text(v.tax_code),
    representative: organization ? text(v.representative) : null,
    representative_title: organization ? text(v.representative_title) : null,
    phone: text(v.phone),
    email: text(v.email),
    street: text(v.street),
    ward: text(v.ward),
    province: v.province ?? null,
    contacts: (v.contacts ?? []).map((c) => ({
      name: (c.name ?? '').trim(),
      title: text(c.title),
      phone: text(c.phone),
      email: text(c.email),
    })),
    notes: text(v.notes),
    attachment_ids: (v.new_attachments ?? []).map((d) => d.id),
  };
}

const MAX_CONTACTS = 20;

interface Props {
  form: FormInstance<CustomerFormValues>;
  initialValues: CustomerFormValues;
  onFinish: (values: CustomerFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the customer's attached files, which can be removed here. */
  customer?: CustomerDetail;
  notice?: ReactNode;
}

/** Type, identity, address, contact people, notes and files; shared by create and edit. */
export function CustomerForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, customer, notice }: Props) {
  const shape = customerCreateBody.shape;
  const contact = contactSchema.shape;
  const type: CustomerType = Form.useWatch('type', form) ?? initialValues.type;
  const organization = type === 'organization';

  const taxCodeRule = {
    validator: async (_rule: unknown, value: string | null | undefined) => {
      if (!value?.trim()) return;
      const code = normalizeTaxCode(value);
      if (!code) throw new Error(TAX_CODE_MESSAGE);
      if (code.length === 12 && form.getFieldValue('type') !== 'individual') {
        throw new Error('Mã số thuế 12 số là số định danh cá nhân, chỉ dùng cho khách hàng cá nhân');
      }
    },
  };

  return (
    <Form<CustomerFormValues>
      form={form}
      name="customer"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card title="Thông tin khách hàng" style={{ marginBottom: 16 }}>
        <Form.Item name="type" label="Loại khách hàng" required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              {
                value: 'organization',
                label: (
                  <span>
                    <BankOutlined /> {CUSTOMER_TYPE_LABELS.organization}
                  </span>
                ),
              },
              {
                value: 'individual',
                label: (
                  <span>
                    <UserOutlined /> {CUSTOMER_TYPE_LABELS.individual}
                  </span>
                ),
              },
            ]}
            onChange={() => form.validateFields(['tax_code']).catch(() => undefined)}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="name"
              label={organization ? 'Tên tổ chức, doanh nghiệp' : 'Họ và tên'}
              required
              rules={[zodRule(shape.name)]}
            >
              <Input
                {...textLimit(shape.name)}
                placeholder={organization ? 'Ví dụ: Công ty TNHH Môi trường Xanh' : 'Ví dụ: Nguyễn Thị Lan'}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="tax_code"
              label="Mã số thuế"
              rules={[taxCodeRule]}
              extra={
                organization
                  ? '10 số, chi nhánh thêm 3 số: 0101234567-001'
                  : 'Cá nhân dùng số định danh cá nhân (12 số) làm mã số thuế'
              }
            >
              <Input maxLength={20} inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          {organization && (
            <>
              <Col xs={24} md={12}>
                <Form.Item name="representative" label="Người đại diện" rules={[zodRule(shape.representative)]}>
                  <Input {...textLimit(shape.representative)} placeholder="Người đại diện theo pháp luật" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="representative_title"
                  label="Chức vụ người đại diện"
                  rules={[zodRule(shape.representative_title)]}
                >
                  <Input {...textLimit(shape.representative_title)} placeholder="Ví dụ: Giám đốc" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={PHONE_LABEL} rules={[zodRule(shape.phone)]}>
              <Input {...PHONE_INPUT} placeholder={PHONE_PLACEHOLDER} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label="Email" rules={[zodRule(shape.email)]}>
              <Input {...textLimit(shape.email)} inputMode="email" placeholder="lienhe@congty.vn" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Địa chỉ" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="street" label="Số nhà, đường" rules={[zodRule(shape.street)]}>
              <Input {...textLimit(shape.street)} placeholder="Ví dụ: 12 Nguyễn Trãi" />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item name="ward" label="Phường/xã" rules={[zodRule(shape.ward)]}>
              <Input {...textLimit(shape.ward)} placeholder="Ví dụ: Phường Thanh Xuân" />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item name="province" label="Tỉnh/thành phố" rules={[zodRule(shape.province)]}>
              <ProvinceSelect />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card
        title="Người liên hệ"
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {organization ? 'Cán bộ phụ trách làm việc với công ty' : 'Người liên hệ thay khi cần'}
          </Typography.Text>
        }
        style={{ marginBottom: 16 }}
      >
        <Form.List name="contacts">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                  Chưa có người liên hệ nào.
                </Typography.Paragraph>
              )}
              {fields.map((field, index) => (
                <div
                  key={field.key}
                  data-testid="contact-row"
                  style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap', marginBottom: 4 }}
                >
                  <Typography.Text type="secondary" style={{ width: 20, paddingTop: 5 }}>
                    {index + 1}.
                  </Typography.Text>
                  <Row gutter={12} style={{ flex: 1, minWidth: 260 }}>
                    <Col xs={24} md={7}>
                      <Form.Item name={[field.name, 'name']} rules={[zodRule(contact.name)]} style={{ marginBottom: 12 }}>
                        <Input
                          {...textLimit(contact.name)}
                          placeholder="Họ tên"
                          aria-label={`Họ tên người liên hệ ${index + 1}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={5}>
                      <Form.Item name={[field.name, 'title']} rules={[zodRule(contact.title)]} style={{ marginBottom: 12 }}>
                        <Input
                          {...textLimit(contact.title)}
                          placeholder="Chức vụ"
                          aria-label={`Chức vụ người liên hệ ${index + 1}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={5}>
                      <Form.Item name={[field.name, 'phone']} rules={[zodRule(contact.phone)]} style={{ marginBottom: 12 }}>
                        <Input
                          {...PHONE_INPUT}
                          placeholder={MOBILE_LABEL}
                          aria-label={`${MOBILE_LABEL} người liên hệ ${index + 1}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={7}>
                      <Form.Item name={[field.name, 'email']} rules={[zodRule(contact.email)]} style={{ marginBottom: 12 }}>
                        <Input
                          {...textLimit(contact.email)}
                          placeholder="Email"
                          inputMode="email"
                          aria-label={`Email người liên hệ ${index + 1}`}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={`Xóa người liên hệ ${index + 1}`}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', title: null, phone: null, email: null })}
                disabled={submitting || fields.length >= MAX_CONTACTS}
              >
                Thêm người liên hệ
              </Button>
              {fields.length >= MAX_CONTACTS && (
                <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
                  Tối đa {MAX_CONTACTS} người liên hệ.
                </Typography.Text>
              )}
            </>
          )}
        </Form.List>
      </Card>

      <Card title="Ghi chú và tệp đính kèm" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Form.Item name="notes" label="Ghi chú" rules={[zodRule(shape.notes)]}>
              <Input.TextArea {...textLimit(shape.notes)} rows={4} placeholder="Lĩnh vực hoạt động, lưu ý khi làm việc…" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={10}>
            <Form.Item name="new_attachments" label="Tệp đính kèm">
              <AttachmentsField
                existing={customer?.attachments}
                customerId={customer?.id}
                canRemoveExisting={!!customer}
                disabled={submitting}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
