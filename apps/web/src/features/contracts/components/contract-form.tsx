import { contractTotals, vatRuleNote } from '@qlcv/common/contract-money';
import {
  type ContractDetail,
  contractCreateBody,
  DEFAULT_CONTRACT_NUMBER_PATTERN,
  formatContractNumber,
} from '@qlcv/common/schemas/contracts';
import type { CustomerOption } from '@qlcv/common/schemas/customers';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { moneyInWords } from '@qlcv/common/vn-money-words';
import { Card, Col, DatePicker, Form, type FormInstance, Input, Row, Select, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FormFooter } from '@/components/record-form';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { urlFor } from '@/lib/routes';
import {
  type ContractCreateInput,
  useCompanyNumberPattern,
  useCustomerOptions,
  useTemplateOptions,
  useVatRules,
} from '../api/contracts-api';
import { ContractAttachmentsField } from './contract-attachments-field';
import { ContractItemsField, type ContractItemValues } from './contract-items-field';
import { ContractTotals } from './contract-totals';

export interface ContractFormValues {
  number: string;
  customer_id: number | null;
  template_id: number | null;
  request_id: number | null;
  title: string;
  start_date: dayjs.Dayjs | null;
  end_date: dayjs.Dayjs | null;
  payment_terms: string | null;
  notes: string | null;
  items: ContractItemValues[];
  new_attachments: DocumentRecord[];
}

export const EMPTY_CONTRACT: ContractFormValues = {
  number: '',
  customer_id: null,
  template_id: null,
  request_id: null,
  title: '',
  start_date: null,
  end_date: null,
  payment_terms: null,
  notes: null,
  items: [],
  new_attachments: [],
};

export const toContractValues = (c: ContractDetail): ContractFormValues => ({
  number: c.number,
  customer_id: c.customer.id,
  template_id: c.template?.id ?? null,
  request_id: c.request?.id ?? null,
  title: c.title,
  start_date: dayjs(c.start_date),
  end_date: dayjs(c.end_date),
  payment_terms: c.payment_terms,
  notes: c.notes,
  items: c.items.map((i) => ({
    service_id: i.service_id,
    service_code: i.service_code,
    name: i.name,
    description: i.description,
    unit_name: i.unit_name,
    quantity: i.quantity,
    unit_price: i.unit_price,
    vat_rate: i.vat_rate,
    vat_reducible: i.vat_reducible,
  })),
  new_attachments: [],
});

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const day = (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');

/** Form values → body: empty text as null, an empty number left to the pattern, the uploaded files as ids. */
export function toContractBody(v: ContractFormValues): ContractCreateInput {
  return {
    number: text(v.number),
    customer_id: v.customer_id as number,
    template_id: v.template_id ?? null,
    request_id: v.request_id ?? null,
    title: v.title.trim(),
    start_date: day(v.start_date),
    end_date: day(v.end_date),
    payment_terms: text(v.payment_terms),
    notes: text(v.notes),
    items: (v.items ?? []).map((i) => ({
      service_id: i.service_id ?? null,
      service_code: text(i.service_code),
      name: (i.name ?? '').trim(),
      description: text(i.description),
      unit_name: (i.unit_name ?? '').trim(),
      quantity: typeof i.quantity === 'number' ? i.quantity : 0,
      unit_price: typeof i.unit_price === 'number' ? i.unit_price : 0,
      vat_rate: i.vat_rate,
      vat_reducible: i.vat_reducible ?? true,
    })),
    attachment_ids: (v.new_attachments ?? []).map((d) => d.id),
  };
}

interface Props {
  form: FormInstance<ContractFormValues>;
  initialValues: ContractFormValues;
  onFinish: (values: ContractFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the contract (its number, customer label, files, signing date). */
  contract?: ContractDetail;
  /** The customer and request a new contract starts from (labels of the prefilled values). */
  prefilled?: { customer?: { id: number; code: string; name: string }; request?: { id: number; code: string } };
  notice?: ReactNode;
}

/** Customer, template, number, title, dates, line items with live totals, terms, notes and files. */
export function ContractForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  contract,
  prefilled,
  notice,
}: Props) {
  const shape = contractCreateBody.shape;
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerOptions(customerSearch);
  const templates = useTemplateOptions();
  const rules = useVatRules();
  const pattern = useCompanyNumberPattern();

  const customerOptions = useMemo(() => {
    const list = (customers.data ?? []).map((c: CustomerOption) => ({ value: c.id, label: `${c.name} (${c.code})` }));
    const current = contract?.customer ?? prefilled?.customer;
    if (current && !list.some((o) => o.value === current.id))
      list.unshift({ value: current.id, label: `${current.name} (${current.code})` });
    return list;
  }, [customers.data, contract, prefilled]);

  const templateOptions = useMemo(() => {
    const list = (templates.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }));
    if (contract?.template && !list.some((o) => o.value === contract.template?.id))
      list.unshift({ value: contract.template.id, label: contract.template.name });
    return list;
  }, [templates.data, contract]);

  const items = (Form.useWatch('items', form) ?? initialValues.items) as Partial<ContractItemValues>[];
  // VAT is judged by the signing date; until the contract is signed, by today.
  const vatDate = contract?.signed_date ?? dayjs().format('YYYY-MM-DD');
  const totals = useMemo(
    () =>
      contractTotals(
        items.map((i) => ({
          quantity: typeof i?.quantity === 'number' ? i.quantity : 0,
          unit_price: typeof i?.unit_price === 'number' ? i.unit_price : 0,
          vat_rate: i?.vat_rate ?? 'none',
          vat_reducible: i?.vat_reducible ?? true,
        })),
        vatDate,
        rules.data ?? [],
      ),
    [items, vatDate, rules.data],
  );

  const example = formatContractNumber(pattern ?? DEFAULT_CONTRACT_NUMBER_PATTERN, 15, dayjs().format('YYYY-MM-DD'));
  const request = contract?.request ?? prefilled?.request;

  return (
    <Form<ContractFormValues>
      form={form}
      name="contract"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark="optional"
      style={{ maxWidth: 1280 }}
    >
      {notice}
      <Card title="Thông tin hợp đồng" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              name="customer_id"
              label="Khách hàng"
              required
              rules={[{ required: true, message: 'Vui lòng chọn khách hàng' }]}
            >
              <Select
                showSearch={{ filterOption: false, onSearch: setCustomerSearch }}
                placeholder="Tìm theo tên, mã, MST, SĐT"
                loading={customers.isFetching}
                options={customerOptions}
                notFoundContent={customers.isError ? 'Không tải được danh sách khách hàng' : 'Không có khách hàng phù hợp'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              name="template_id"
              label="Mẫu hợp đồng"
              extra="Dùng để tạo tệp Word (.docx) của hợp đồng; có thể chọn sau."
            >
              <Select
                allowClear
                placeholder={templates.isError ? 'Không tải được danh sách mẫu hợp đồng' : 'Chọn mẫu hợp đồng'}
                status={templates.isError ? 'error' : undefined}
                loading={templates.isFetching}
                options={templateOptions}
                notFoundContent="Chưa có mẫu hợp đồng nào"
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={16}>
            <Form.Item name="title" label="Tên hợp đồng" required rules={[zodRule(shape.title)]}>
              <Input {...textLimit(shape.title)} placeholder="VD: Quan trắc môi trường định kỳ năm 2026" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Form.Item
              name="number"
              label="Số hợp đồng"
              rules={[zodRule(shape.number)]}
              extra={
                contract
                  ? undefined
                  : `Để trống để cấp số tự động theo mẫu ${pattern ?? DEFAULT_CONTRACT_NUMBER_PATTERN} (VD: ${example}).`
              }
            >
              <Input maxLength={50} placeholder={contract ? undefined : `Tự động, VD: ${example}`} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item
              name="start_date"
              label="Ngày bắt đầu"
              required
              rules={[{ required: true, message: 'Vui lòng chọn ngày bắt đầu' }]}
            >
              <DatePicker
                format="DD/MM/YYYY"
                style={{ width: '100%' }}
                onChange={(d) => {
                  const end = form.getFieldValue('end_date') as dayjs.Dayjs | null;
                  if (d && end) form.validateFields(['end_date']).catch(() => undefined);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item
              name="end_date"
              label="Ngày kết thúc"
              required
              dependencies={['start_date']}
              rules={[
                { required: true, message: 'Vui lòng chọn ngày kết thúc' },
                ({ getFieldValue }) => ({
                  validator: async (_, v: dayjs.Dayjs | null) => {
                    const start = getFieldValue('start_date') as dayjs.Dayjs | null;
                    if (v && start && v.isBefore(start, 'day')) throw new Error('Ngày kết thúc phải từ ngày bắt đầu trở đi');
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <div style={{ paddingBottom: 8 }}>Ngày ký</div>
            <Typography.Text type="secondary">
              {contract?.signed_date
                ? dayjs(contract.signed_date).format('DD/MM/YYYY')
                : 'Nhập khi ký hợp đồng (nút “Ký hợp đồng” trên trang chi tiết); thuế GTGT tính theo ngày ký.'}
            </Typography.Text>
          </Col>
          {request && (
            <Col xs={24}>
              <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
                Lập từ yêu cầu <Link to={urlFor('requests.show', { id: request.id })}>{request.code}</Link>.
              </Typography.Paragraph>
            </Col>
          )}
        </Row>
        <Form.Item name="request_id" hidden>
          <Input />
        </Form.Item>
      </Card>

      <Card title="Hạng mục dịch vụ" style={{ marginBottom: 16 }}>
        <ContractItemsField form={form} totals={totals} />
        <div style={{ marginTop: 16 }}>
          <ContractTotals
            totals={{
              ...totals,
              vat_note: totals.applied_rule ? vatRuleNote(totals.applied_rule) : null,
              total_in_words: moneyInWords(totals.total),
            }}
            hint={
              contract?.signed_date
                ? undefined
                : `Thuế GTGT tạm tính theo ngày hôm nay (${dayjs().format('DD/MM/YYYY')}); khi ký, tính lại theo ngày ký.`
            }
          />
        </div>
      </Card>

      <Card title="Điều khoản, ghi chú và tệp đính kèm" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item name="payment_terms" label="Điều khoản thanh toán" rules={[zodRule(shape.payment_terms)]}>
              <Input.TextArea
                {...textLimit(shape.payment_terms)}
                rows={4}
                placeholder="VD: Tạm ứng 30 % sau khi ký; thanh toán phần còn lại trong 15 ngày kể từ khi nhận báo cáo."
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item name="notes" label="Ghi chú" rules={[zodRule(shape.notes)]}>
              <Input.TextArea {...textLimit(shape.notes)} rows={4} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="new_attachments" label="Tệp đính kèm" extra="VD: báo giá đã gửi, hồ sơ pháp lý của khách hàng.">
              <ContractAttachmentsField existing={contract?.attachments} contractId={contract?.id} disabled={submitting} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
