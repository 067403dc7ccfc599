import { CheckOutlined, CopyOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_REGULATION_LIMITS, regulationLimitBody } from '@qlcv/common/schemas/regulations';
import {
  Button,
  Card,
  Empty,
  Form,
  type FormInstance,
  type FormListFieldData,
  type FormListOperation,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { zodRule } from '@/lib/forms';
import { registerLimitRows } from './regulation-form-errors';
import type { LimitFormRow, RegulationFormValues } from './regulation-form-values';
import { formulaText } from './regulation-labels';
import { RemoveButton } from './row-buttons';

const limit = regulationLimitBody.shape;
const tight = { marginBottom: 0 } as const;
const DECIMAL_HINT = 'Số thập phân, dấu phẩy hoặc chấm là dấu thập phân (0,05); không dùng dấu phân cách hàng nghìn.';

const codesOf = (list: { code?: string }[] | undefined) => [
  ...new Set((list ?? []).map((x) => (x?.code ?? '').trim()).filter(Boolean)),
];

const LIMIT_FIELDS = ['analyte', 'name', 'unit', 'column', 'min', 'max', 'averaging', 'factors', 'note'] as const;

/**
 * The limits: an analyte in a column (and an averaging period for air), its min and/or max, the factors its max is
 * multiplied by. A table of hundreds of limits would be hundreds of fields to draw, so a row reads as text and shows
 * its fields while it is edited (a new row, "Sửa", or a row with an error). The table scrolls sideways in its card.
 */
export function LimitsCard({ form }: { form: FormInstance<RegulationFormValues> }) {
  return (
    <Form.List name="limits">
      {(fields, ops, { errors }) => <LimitsGrid form={form} fields={fields} ops={ops} errors={errors} />}
    </Form.List>
  );
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function LimitsGrid({
  form,
  fields,
  ops,
  errors,
}: {
  form: FormInstance<RegulationFormValues>;
  fields: FormListFieldData[];
  ops: FormListOperation;
  errors: ReactNode[];
}) {
  const columnCodes = codesOf(Form.useWatch('columns', { form, preserve: true }) ?? form.getFieldValue('columns'));
  const factorCodes = codesOf(Form.useWatch('factors', { form, preserve: true }) ?? form.getFieldValue('factors'));
  // The store's rows on the first pass too (the watch answers from the second), so the table is drawn once.
  const rows: (Partial<LimitFormRow> | undefined)[] =
    Form.useWatch('limits', { form, preserve: true }) ?? form.getFieldValue('limits') ?? [];
  const columnOptions = columnCodes.map((c) => ({ value: c, label: c }));
  const factorOptions = factorCodes.map((c) => ({ value: c, label: c }));
  // Edited rows by their field key (stable while rows are added and removed above them).
  const [editing, setEditing] = useState<ReadonlySet<number>>(() => new Set());
  // Rows added this render pass open once their key is known.
  const [opening, setOpening] = useState<number[]>([]);
  const keysAt = useRef(fields.map((f) => f.key));
  keysAt.current = fields.map((f) => f.key);

  useEffect(
    () =>
      registerLimitRows(form, (indexes) =>
        setEditing((now) => {
          const next = new Set(now);
          for (const i of indexes) {
            const key = keysAt.current[i];
            if (key !== undefined) next.add(key);
          }
          return next;
        }),
      ),
    [form],
  );

  useEffect(() => {
    if (opening.length === 0) return;
    setEditing((now) => {
      const next = new Set(now);
      for (const i of opening) {
        const key = fields[i]?.key;
        if (key !== undefined) next.add(key);
      }
      return next;
    });
    setOpening([]);
  }, [opening, fields]);

  const addAt = (row: LimitFormRow, index: number) => {
    ops.add(row, index);
    setOpening((o) => [...o, index]);
  };
  /** A copy of a row in the next column (the same analyte in column B after column A), its values left to type. */
  const copy = (index: number) => {
    const row = form.getFieldValue(['limits', index]) as LimitFormRow;
    const next = columnCodes[(columnCodes.indexOf(row.column ?? '') + 1) % Math.max(columnCodes.length, 1)];
    addAt({ ...row, column: next, min: '', max: '', factors: [...(row.factors ?? [])] }, index + 1);
  };
  /** "Xong": the row reads as text again once its own fields pass. */
  const close = async (field: FormListFieldData) => {
    try {
      await form.validateFields(LIMIT_FIELDS.map((k) => ['limits', field.name, k]));
    } catch {
      return;
    }
    setEditing((now) => {
      const next = new Set(now);
      next.delete(field.key);
      return next;
    });
  };

  const isEditing = (f: FormListFieldData) => editing.has(f.key);
  const rowOf = (f: FormListFieldData) => rows[f.name] ?? {};
  const cell = (f: FormListFieldData, i: number, key: keyof LimitFormRow, rules: Rule[], node: ReactNode, text: ReactNode) =>
    isEditing(f) ? (
      <Form.Item name={[f.name, key]} rules={rules} style={tight}>
        {node}
      </Form.Item>
    ) : (
      <span data-testid={`limit-${key}-${i + 1}`}>{text === '' || text == null ? dash : text}</span>
    );

  const columns: TableColumnsType<FormListFieldData> = [
    {
      key: 'analyte',
      title: 'Mã chất',
      width: 120,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'analyte',
          [zodRule(limit.analyte)],
          <Input aria-label={`Mã chất dòng ${i + 1}`} placeholder="BOD5" autoComplete="off" />,
          rowOf(f).analyte?.toUpperCase(),
        ),
    },
    {
      key: 'name',
      title: 'Thông số',
      width: 200,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'name',
          [zodRule(limit.name)],
          <Input aria-label={`Thông số dòng ${i + 1}`} placeholder="BOD5 (20 °C)" />,
          rowOf(f).name,
        ),
    },
    {
      key: 'unit',
      title: 'Đơn vị',
      width: 100,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'unit',
          [zodRule(limit.unit)],
          <Input aria-label={`Đơn vị dòng ${i + 1}`} placeholder="mg/L" />,
          rowOf(f).unit,
        ),
    },
    {
      key: 'column',
      title: 'Cột',
      width: 90,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'column',
          [zodRule(limit.column)],
          <Select aria-label={`Cột dòng ${i + 1}`} options={columnOptions} placeholder="Cột" style={{ width: '100%' }} />,
          rowOf(f).column,
        ),
    },
    {
      key: 'min',
      title: 'Tối thiểu',
      width: 110,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'min',
          [zodRule(limit.min)],
          <Input aria-label={`Tối thiểu dòng ${i + 1}`} inputMode="decimal" autoComplete="off" />,
          rowOf(f).min,
        ),
    },
    {
      key: 'max',
      title: 'Tối đa',
      width: 110,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'max',
          [zodRule(limit.max)],
          <Input aria-label={`Tối đa dòng ${i + 1}`} inputMode="decimal" autoComplete="off" />,
          rowOf(f).max,
        ),
    },
    {
      key: 'averaging',
      title: 'Thời gian TB',
      width: 110,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'averaging',
          [zodRule(limit.averaging)],
          <Input aria-label={`Thời gian trung bình dòng ${i + 1}`} placeholder="24 giờ" />,
          rowOf(f).averaging,
        ),
    },
    {
      key: 'factors',
      title: 'Hệ số',
      width: 150,
      render: (_, f, i) =>
        cell(
          f,
          i,
          'factors',
          [zodRule(limit.factors)],
          <Select
            mode="multiple"
            aria-label={`Hệ số dòng ${i + 1}`}
            options={factorOptions}
            placeholder={factorOptions.length ? 'Cố định' : 'Không có'}
            disabled={factorOptions.length === 0}
            style={{ width: '100%' }}
          />,
          formulaText(rowOf(f).factors ?? []) ?? <Typography.Text type="secondary">Cố định</Typography.Text>,
        ),
    },
    {
      key: 'note',
      title: 'Ghi chú',
      width: 180,
      render: (_, f, i) =>
        cell(f, i, 'note', [zodRule(limit.note)], <Input aria-label={`Ghi chú dòng ${i + 1}`} />, rowOf(f).note),
    },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 120,
      // A row read as text has one button (a table of hundreds of rows draws fast); the others come with its fields.
      render: (_, f, i) =>
        isEditing(f) ? (
          <span style={{ display: 'flex' }}>
            <Button
              type="text"
              icon={<CheckOutlined />}
              aria-label={`Xong dòng ${i + 1}`}
              title="Xong"
              onClick={() => close(f)}
            />
            <Button
              type="text"
              icon={<CopyOutlined />}
              aria-label={`Sao chép dòng ${i + 1}`}
              title="Sao chép sang cột kế tiếp"
              onClick={() => copy(f.name)}
              disabled={fields.length >= MAX_REGULATION_LIMITS}
            />
            <RemoveButton label={`Xóa dòng ${i + 1}`} onClick={() => ops.remove(f.name)} />
          </span>
        ) : (
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`Sửa dòng ${i + 1}`}
            title="Sửa, sao chép hoặc xóa dòng"
            onClick={() => setEditing((now) => new Set(now).add(f.key))}
          />
        ),
    },
  ];

  return (
    <Card title={`Giá trị giới hạn (${fields.length})`} size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Mỗi dòng một giá trị của một thông số ở một cột: pH 6–9 nhập tối thiểu 6, tối đa 9; DO ≥ 5 chỉ nhập tối thiểu. Hệ số nhân
        với giá trị tối đa. {DECIMAL_HINT} Bảng lớn có thể nhập từ Excel ở trang chi tiết.
      </Typography.Paragraph>
      {fields.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có giá trị giới hạn nào" style={{ margin: '8px 0' }} />
      ) : (
        <Table<FormListFieldData>
          size="small"
          rowKey="key"
          dataSource={fields}
          columns={columns}
          pagination={false}
          scroll={{ x: 1300 }}
        />
      )}
      <Form.ErrorList errors={errors} />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        onClick={() =>
          addAt(
            {
              analyte: '',
              name: '',
              unit: '',
              column: columnCodes[0],
              min: '',
              max: '',
              averaging: '',
              factors: [],
              note: '',
            },
            fields.length,
          )
        }
        disabled={fields.length >= MAX_REGULATION_LIMITS}
      >
        Thêm giá trị giới hạn
      </Button>
    </Card>
  );
}
