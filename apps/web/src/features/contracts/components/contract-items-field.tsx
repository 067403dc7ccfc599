import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { lineAmount, type ContractTotals as Totals } from '@qlcv/common/contract-money';
import { formatNumber } from '@qlcv/common/format/number';
import {
  CONTRACT_MAX_ITEMS,
  CONTRACT_VAT_RATES,
  type ContractVatRate,
  contractItemInput,
  VAT_RATE_LABELS,
} from '@qlcv/common/schemas/contracts';
import type { ServiceOption } from '@qlcv/common/schemas/services';
import {
  Button,
  Card,
  Col,
  Form,
  type FormInstance,
  Grid,
  Input,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import type { DecimalValue } from '@/lib/decimal';
import { textLimit, zodRule } from '@/lib/forms';
import { useServiceOptions } from '../api/contracts-api';

export interface ContractItemValues {
  service_id: number | null;
  service_code: string | null;
  name: string;
  description: string | null;
  unit_name: string;
  /** From the shared DecimalInput: a number, empty, or text it could not take (the field's error). */
  quantity: DecimalValue;
  unit_price: number | null;
  vat_rate: ContractVatRate;
  vat_reducible: boolean;
}

export const EMPTY_ITEM: ContractItemValues = {
  service_id: null,
  service_code: null,
  name: '',
  description: null,
  unit_name: '',
  quantity: 1,
  unit_price: null,
  vat_rate: '10',
  vat_reducible: true,
};

/** A catalogue service as a line: code, name, unit, price and VAT; quantity 1. */
export const itemOfService = (s: ServiceOption, quantity = 1): ContractItemValues => ({
  service_id: s.id,
  service_code: s.code,
  name: s.name,
  description: null,
  unit_name: s.unit_name,
  quantity,
  unit_price: s.unit_price,
  vat_rate: s.vat_rate,
  vat_reducible: s.vat_reducible,
});

const shape = contractItemInput.shape;
const VAT_OPTIONS = CONTRACT_VAT_RATES.map((r) => ({ value: r, label: VAT_RATE_LABELS[r] }));
/** The catalogue picker of one line; the current service keeps its label while it is not among the matches. */
function ServicePicker({
  value,
  current,
  onPick,
  index,
}: {
  value?: number | null;
  current: { code: string | null; name: string } | null;
  onPick: (service: ServiceOption) => void;
  index: number;
}) {
  const [search, setSearch] = useState('');
  const services = useServiceOptions(search);
  const options = useMemo(() => {
    const list = (services.data ?? []).map((s) => ({
      value: s.id,
      label: `${s.code} — ${s.name}`,
      service: s,
    }));
    if (value && current && !list.some((o) => o.value === value))
      list.unshift({ value, label: `${current.code ?? ''} — ${current.name}`, service: undefined as never });
    return list;
  }, [services.data, value, current]);
  return (
    <Select
      value={value ?? undefined}
      aria-label={`Dịch vụ dòng ${index + 1}`}
      placeholder="Chọn dịch vụ trong danh mục"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={services.isFetching}
      options={options}
      popupMatchSelectWidth={460}
      optionRender={(o) => {
        const s = (o.data as { service?: ServiceOption }).service;
        return s ? (
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
            <span>{`${s.code} — ${s.name}`}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${s.group} · ${formatNumber(s.unit_price)} ₫/${s.unit_name} · VAT ${VAT_RATE_LABELS[s.vat_rate]}`}
            </Typography.Text>
          </span>
        ) : (
          o.label
        );
      }}
      onChange={(_v, option) => {
        const s = (option as { service?: ServiceOption } | undefined)?.service;
        if (s) onPick(s);
      }}
      notFoundContent={services.isError ? 'Không tải được danh mục dịch vụ' : 'Không có dịch vụ phù hợp'}
      style={{ width: '100%' }}
    />
  );
}

type Field = { key: number; name: number };

/**
 * The contract's lines: a catalogue service fills code, name, unit, unit price and VAT, all still editable; rows are
 * added, removed and moved; each shows its amount and, when a dated rule lowers it, the rate applied. A table on wide
 * screens; on a phone each line is a card, its quantity, price and amount in sight (issue 21).
 */
export function ContractItemsField({ form, totals }: { form: FormInstance; totals: Totals }) {
  const items = (Form.useWatch('items', form) ?? []) as Partial<ContractItemValues>[];
  // Known to be narrower than `md` (768 px): cards. Unknown yet (first render): the table, as on a desk.
  const phone = Grid.useBreakpoint().md === false;

  const service = (field: Field, index: number, label?: string) => {
    const row = items[index];
    return (
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        {label && <Typography.Text type="secondary">{label}</Typography.Text>}
        <Form.Item name={[field.name, 'service_id']} noStyle>
          <ServicePicker
            index={index}
            current={row?.service_id ? { code: row.service_code ?? null, name: row.name ?? '' } : null}
            onPick={(s) => {
              const typed = form.getFieldValue(['items', field.name, 'quantity']) as DecimalValue;
              const quantity = typeof typed === 'number' ? typed : 1;
              form.setFieldValue(['items', field.name], {
                ...itemOfService(s, quantity),
                description: form.getFieldValue(['items', field.name, 'description']) ?? null,
              });
              form
                .validateFields([
                  ['items', field.name, 'name'],
                  ['items', field.name, 'unit_name'],
                  ['items', field.name, 'unit_price'],
                ])
                .catch(() => undefined);
            }}
          />
        </Form.Item>
        <Form.Item name={[field.name, 'service_code']} hidden>
          <Input />
        </Form.Item>
        <Form.Item name={[field.name, 'vat_reducible']} hidden>
          <Input />
        </Form.Item>
        <Form.Item name={[field.name, 'name']} rules={[zodRule(shape.name)]} style={{ marginBottom: 0 }}>
          <Input
            {...textLimit(shape.name)}
            showCount={false}
            placeholder="Tên dịch vụ"
            aria-label={`Tên dịch vụ dòng ${index + 1}`}
          />
        </Form.Item>
        <Form.Item name={[field.name, 'description']} rules={[zodRule(shape.description)]} style={{ marginBottom: 0 }}>
          <Input.TextArea
            {...textLimit(shape.description)}
            showCount={false}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder="Mô tả (vị trí, chỉ tiêu, tần suất…)"
            aria-label={`Mô tả dòng ${index + 1}`}
          />
        </Form.Item>
      </Space>
    );
  };

  const unit = (field: Field, index: number, label?: string) => (
    <Form.Item
      name={[field.name, 'unit_name']}
      label={label}
      required
      rules={[zodRule(shape.unit_name)]}
      style={{ marginBottom: 0 }}
    >
      <Input {...textLimit(shape.unit_name)} showCount={false} placeholder="Mẫu" aria-label={`Đơn vị tính dòng ${index + 1}`} />
    </Form.Item>
  );

  const quantity = (field: Field, index: number, label?: string) => (
    <Form.Item
      name={[field.name, 'quantity']}
      label={label}
      validateFirst
      rules={[{ required: true, message: 'Nhập số lượng' }, zodRule(shape.quantity)]}
      style={{ marginBottom: 0 }}
    >
      <DecimalInput scale={3} aria-label={`Số lượng dòng ${index + 1}`} />
    </Form.Item>
  );

  const price = (field: Field, index: number, label?: string) => (
    <Form.Item
      name={[field.name, 'unit_price']}
      label={label}
      validateFirst
      rules={[{ required: true, message: 'Nhập đơn giá' }, zodRule(shape.unit_price)]}
      style={{ marginBottom: 0 }}
    >
      <DecimalInput scale={0} aria-label={`Đơn giá dòng ${index + 1}`} />
    </Form.Item>
  );

  const vat = (field: Field, index: number, label?: string) => {
    const applied = totals.lines[index]?.applied_rate;
    const nominal = items[index]?.vat_rate;
    const reduced = applied !== null && applied !== undefined && nominal !== undefined && String(applied) !== nominal;
    return (
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Form.Item
          name={[field.name, 'vat_rate']}
          label={label}
          required
          rules={[zodRule(shape.vat_rate)]}
          style={{ marginBottom: 0 }}
        >
          <Select options={VAT_OPTIONS} aria-label={`Thuế suất dòng ${index + 1}`} />
        </Form.Item>
        {reduced && (
          <Tooltip title="Được giảm thuế theo quy định đang áp dụng">
            <Tag color="green" data-testid="contract-item-applied-rate">
              Áp dụng {applied} %
            </Tag>
          </Tooltip>
        )}
      </Space>
    );
  };

  const amount = (index: number) => {
    const row = items[index];
    const value =
      row && typeof row.quantity === 'number' && typeof row.unit_price === 'number'
        ? lineAmount(row.quantity, row.unit_price)
        : null;
    return (
      <Typography.Text strong data-testid="contract-item-amount">
        {value === null ? '—' : formatNumber(value)}
      </Typography.Text>
    );
  };

  const actions = (
    field: Field,
    index: number,
    count: number,
    move: (a: number, b: number) => void,
    remove: (n: number) => void,
  ) => (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
        aria-label={`Đưa dòng ${index + 1} lên`}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
        aria-label={`Đưa dòng ${index + 1} xuống`}
      />
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={() => remove(field.name)}
        aria-label={`Xóa dòng ${index + 1}`}
      />
    </Space>
  );

  return (
    <Form.List
      name="items"
      rules={[
        {
          validator: async (_rule, value: unknown[] | undefined) => {
            if (!value || value.length === 0) throw new Error('Vui lòng thêm ít nhất một dịch vụ');
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <>
          {phone ? (
            <div data-testid="contract-items">
              {fields.length === 0 && (
                <Typography.Paragraph type="secondary">
                  Chưa có dịch vụ nào. Bấm “Thêm dịch vụ” để thêm dòng.
                </Typography.Paragraph>
              )}
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  data-testid="contract-item-row"
                  title={`Dòng ${index + 1}`}
                  extra={actions(field, index, fields.length, move, remove)}
                  style={{ marginBottom: 12 }}
                  styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}
                >
                  {service(field, index)}
                  <Row gutter={8}>
                    <Col span={12}>{unit(field, index, 'ĐVT')}</Col>
                    <Col span={12}>{quantity(field, index, 'Số lượng')}</Col>
                  </Row>
                  <Row gutter={8}>
                    <Col span={12}>{price(field, index, 'Đơn giá (₫)')}</Col>
                    <Col span={12}>{vat(field, index, 'Thuế GTGT')}</Col>
                  </Row>
                  <div
                    style={{ display: 'flex', justifyContent: 'space-between', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}
                  >
                    <Typography.Text type="secondary">Thành tiền (₫)</Typography.Text>
                    {amount(index)}
                  </div>
                </Card>
              ))}
            </div>
          ) : (
            <Table
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={fields}
              tableLayout="fixed"
              scroll={{ x: 1000 }}
              data-testid="contract-items"
              locale={{ emptyText: 'Chưa có dịch vụ nào. Bấm “Thêm dịch vụ” để thêm dòng.' }}
              onRow={() => ({ 'data-testid': 'contract-item-row' }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { key: 'no', title: 'STT', width: 50, align: 'center', render: (_, _f, index) => index + 1 },
                { key: 'service', title: 'Dịch vụ', render: (_, field, index) => service(field, index) },
                { key: 'unit', title: 'ĐVT', width: 100, render: (_, field, index) => unit(field, index) },
                { key: 'quantity', title: 'Số lượng', width: 100, render: (_, field, index) => quantity(field, index) },
                { key: 'unit_price', title: 'Đơn giá (₫)', width: 135, render: (_, field, index) => price(field, index) },
                { key: 'vat', title: 'Thuế GTGT', width: 125, render: (_, field, index) => vat(field, index) },
                {
                  key: 'amount',
                  title: 'Thành tiền (₫)',
                  width: 125,
                  align: 'right',
                  render: (_, _field, index) => amount(index),
                },
                {
                  key: 'actions',
                  title: '',
                  width: 92,
                  render: (_, field, index) => actions(field, index, fields.length, move, remove),
                },
              ]}
            />
          )}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ ...EMPTY_ITEM })}
            disabled={fields.length >= CONTRACT_MAX_ITEMS}
            style={{ marginTop: 12 }}
          >
            Thêm dịch vụ
          </Button>
        </>
      )}
    </Form.List>
  );
}
