import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EVALUATION_PERIOD_TYPE_LABELS, evaluationCreateBody, evaluationCriterionBody } from '@qlcv/common/schemas/evaluations';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  Radio,
  Row,
  Select,
  Table,
  Typography,
} from 'antd';
import { type ReactNode, useMemo } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { DirectionIcon } from '@/components/kpi-tags';
import { FormFooter } from '@/components/record-form';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { type KpiTypeOption, useKpiTypeOptions } from '../api/evaluations-api';
import { DepartmentsSelect } from './departments-select';
import { type PeriodType, periodOf, suggestedName } from './period';

const criterionShape = evaluationCriterionBody.shape;

export interface CriterionValues {
  kpi_type_id: number | null;
  weight: number | null;
  target: number | null;
}

export interface EvaluationFormValues {
  name: string;
  period_type: PeriodType;
  /** The quick picker: a month, a quarter or a year, which fills start, end and the suggested name. */
  period_pick: dayjs.Dayjs | null;
  period_start: dayjs.Dayjs | null;
  period_end: dayjs.Dayjs | null;
  department_ids: number[];
  criteria: CriterionValues[];
  self_deadline: dayjs.Dayjs | null;
  review_deadline: dayjs.Dayjs | null;
}

export const weightSum = (criteria: (Partial<CriterionValues> | undefined)[] | undefined) =>
  (criteria ?? []).reduce((sum, c) => sum + (Number(c?.weight) || 0), 0);

const day = (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : '');

/** Form values → the create / update body (without the version). */
export function toEvaluationBody(v: EvaluationFormValues) {
  return {
    name: v.name.trim(),
    period_type: v.period_type,
    period_start: day(v.period_start),
    period_end: day(v.period_end),
    department_ids: v.department_ids ?? [],
    criteria: (v.criteria ?? []).map((c) => ({
      kpi_type_id: c.kpi_type_id as number,
      weight: Number(c.weight ?? 0),
      target: Number(c.target ?? 0),
    })),
    self_deadline: day(v.self_deadline),
    review_deadline: day(v.review_deadline),
  };
}

const PICKERS: Record<PeriodType, { picker: 'month' | 'quarter' | 'year'; format: string; placeholder: string }> = {
  month: { picker: 'month', format: 'MM/YYYY', placeholder: 'Chọn tháng' },
  quarter: { picker: 'quarter', format: '[Quý] Q/YYYY', placeholder: 'Chọn quý' },
  year: { picker: 'year', format: 'YYYY', placeholder: 'Chọn năm' },
};

interface Props {
  form: FormInstance<EvaluationFormValues>;
  initialValues: EvaluationFormValues;
  onFinish: (values: EvaluationFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  notice?: ReactNode;
  /** A server error about the criteria as a whole (e.g. the weights), shown above the table. */
  criteriaError?: string | null;
  /** An open period: only the name and the deadlines may change. */
  structureLocked?: boolean;
}

/** Name, period (with quick pickers), departments, the criteria with their live weight sum, deadlines. */
export function EvaluationForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  notice,
  criteriaError,
  structureLocked,
}: Props) {
  const locked = !!structureLocked;
  const shape = evaluationCreateBody.shape;
  const kpiTypes = useKpiTypeOptions();
  const byId = useMemo(() => new Map((kpiTypes.data ?? []).map((k) => [k.id, k])), [kpiTypes.data]);
  const periodType = (Form.useWatch('period_type', form) ?? initialValues.period_type) as PeriodType;
  const criteria = Form.useWatch('criteria', form) as CriterionValues[] | undefined;
  const sum = weightSum(criteria ?? initialValues.criteria);
  const count = (criteria ?? initialValues.criteria).length;

  const pickPeriod = (value: dayjs.Dayjs | null) => {
    if (!value) return;
    const type = form.getFieldValue('period_type') as PeriodType;
    const index = type === 'quarter' ? Math.floor(value.month() / 3) + 1 : value.month() + 1;
    const period = periodOf(type, value.year(), index);
    const before = form.getFieldsValue(['name', 'period_start', 'period_end']) as Partial<EvaluationFormValues>;
    // The name follows the period while it is empty or still a suggestion.
    const name = (before.name ?? '').trim();
    const suggested = !name || name.startsWith('Đánh giá KPI ');
    const end = dayjs(period.end);
    form.setFieldsValue({
      period_start: dayjs(period.start),
      period_end: end,
      ...(suggested ? { name: suggestedName(period) } : {}),
      self_deadline: end.add(5, 'day'),
      review_deadline: end.add(10, 'day'),
    });
    form.validateFields(['period_start', 'period_end']).catch(() => undefined);
  };

  const pickKpiType = (index: number, id: number) => {
    const type = byId.get(id);
    if (!type) return;
    form.setFieldValue(['criteria', index, 'weight'], type.default_weight);
    form.setFieldValue(['criteria', index, 'target'], type.default_target);
  };

  const chosen = new Set((criteria ?? []).map((c) => c?.kpi_type_id).filter(Boolean));
  const kpiOptions = (current: number | null) =>
    (kpiTypes.data ?? [])
      .filter((k) => k.active !== false || k.id === current)
      .map((k) => ({
        value: k.id,
        label: `${k.code} — ${k.name}`,
        disabled: chosen.has(k.id) && k.id !== current,
      }));

  const sumOk = sum === 100;
  return (
    <Form<EvaluationFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark="optional"
    >
      {notice}
      {locked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Kỳ đánh giá đang mở: chỉ sửa được tên và các hạn đánh giá; thời gian, phòng ban và tiêu chí giữ nguyên."
        />
      )}
      <Card title="Thông tin kỳ đánh giá" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="period_type" label="Loại kỳ" required>
              <Radio.Group
                disabled={locked}
                optionType="button"
                buttonStyle="solid"
                options={(Object.keys(EVALUATION_PERIOD_TYPE_LABELS) as PeriodType[]).map((t) => ({
                  value: t,
                  label: EVALUATION_PERIOD_TYPE_LABELS[t],
                }))}
                onChange={() => form.setFieldValue('period_pick', null)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="period_pick"
              label={`Chọn nhanh ${EVALUATION_PERIOD_TYPE_LABELS[periodType].toLowerCase()}`}
              extra="Điền sẵn ngày bắt đầu, kết thúc, tên kỳ và hạn đánh giá."
            >
              <DatePicker
                disabled={locked}
                picker={PICKERS[periodType].picker}
                format={PICKERS[periodType].format}
                placeholder={PICKERS[periodType].placeholder}
                onChange={pickPeriod}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="period_start"
              label="Từ ngày"
              required
              rules={[{ required: true, message: 'Vui lòng chọn ngày bắt đầu' }]}
            >
              <DatePicker disabled={locked} format="DD/MM/YYYY" placeholder="Chọn ngày" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="period_end"
              label="Đến ngày"
              required
              dependencies={['period_start']}
              rules={[
                { required: true, message: 'Vui lòng chọn ngày kết thúc' },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: dayjs.Dayjs | null) => {
                    const start = getFieldValue('period_start') as dayjs.Dayjs | null;
                    if (v && start && v.isBefore(start, 'day')) throw new Error('Ngày kết thúc phải từ ngày bắt đầu trở đi');
                  },
                }),
              ]}
            >
              <DatePicker disabled={locked} format="DD/MM/YYYY" placeholder="Chọn ngày" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="name" label="Tên kỳ đánh giá" required rules={[zodRule(shape.name)]}>
          <Input placeholder="Ví dụ: Đánh giá KPI quý IV/2026" {...textLimit(shape.name)} />
        </Form.Item>
        <Form.Item
          name="department_ids"
          label="Phòng ban áp dụng"
          required
          rules={[{ type: 'array', min: 1, message: 'Vui lòng chọn ít nhất một phòng ban' }]}
          extra="Bao gồm cả các phòng ban trực thuộc."
        >
          <DepartmentsSelect disabled={locked} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="self_deadline"
              label="Hạn tự đánh giá"
              required
              rules={[{ required: true, message: 'Vui lòng chọn hạn tự đánh giá' }]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="Chọn ngày" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="review_deadline"
              label="Hạn quản lý đánh giá"
              required
              dependencies={['self_deadline']}
              rules={[
                { required: true, message: 'Vui lòng chọn hạn quản lý đánh giá' },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: dayjs.Dayjs | null) => {
                    const self = getFieldValue('self_deadline') as dayjs.Dayjs | null;
                    if (v && self && v.isBefore(self, 'day')) throw new Error('Hạn quản lý đánh giá phải sau hạn tự đánh giá');
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="Chọn ngày" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card
        title="Tiêu chí đánh giá"
        style={{ marginBottom: 16 }}
        extra={
          <Typography.Text strong type={sumOk ? 'success' : 'danger'} data-testid="weight-sum">
            Tổng trọng số: {sum}/100
          </Typography.Text>
        }
      >
        {criteriaError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={criteriaError} />}
        {count > 0 && !sumOk && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="weight-error"
            style={{ marginBottom: 12 }}
            title={`Tổng trọng số các tiêu chí phải bằng 100 (hiện tại ${sum}).`}
          />
        )}
        <Form.List
          name="criteria"
          rules={[
            {
              validator: async (_r, list: CriterionValues[] | undefined) => {
                if (!list || list.length === 0) throw new Error('Vui lòng thêm ít nhất một tiêu chí');
                if (weightSum(list) !== 100)
                  throw new Error(`Tổng trọng số các tiêu chí phải bằng 100 (hiện tại ${weightSum(list)})`);
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={fields}
                locale={{ emptyText: 'Chưa có tiêu chí nào — bấm “Thêm tiêu chí”.' }}
                scroll={{ x: 720 }}
                columns={[
                  {
                    key: 'kpi',
                    title: 'Loại KPI',
                    render: (_, field) => {
                      const current = criteria?.[field.name]?.kpi_type_id ?? null;
                      const type = current ? byId.get(current) : undefined;
                      return (
                        <>
                          <Form.Item
                            name={[field.name, 'kpi_type_id']}
                            rules={[{ required: true, message: 'Vui lòng chọn loại KPI' }]}
                            style={{ marginBottom: type ? 4 : 0 }}
                          >
                            <Select
                              disabled={locked}
                              aria-label={`Loại KPI dòng ${field.name + 1}`}
                              placeholder="Chọn loại KPI"
                              showSearch={{ optionFilterProp: 'label' }}
                              loading={kpiTypes.isPending}
                              options={kpiOptions(current)}
                              onChange={(id: number) => pickKpiType(field.name, id)}
                              notFoundContent={kpiTypes.isError ? 'Không tải được loại KPI' : 'Không có loại KPI phù hợp'}
                            />
                          </Form.Item>
                          {type && <KpiHint type={type} />}
                        </>
                      );
                    },
                  },
                  {
                    key: 'weight',
                    title: 'Trọng số (%)',
                    width: 140,
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'weight']}
                        validateFirst
                        rules={[{ required: true, message: 'Nhập trọng số' }, zodRule(criterionShape.weight)]}
                        style={{ marginBottom: 0 }}
                      >
                        <DecimalInput
                          disabled={locked}
                          aria-label={`Trọng số dòng ${field.name + 1}`}
                          scale={0}
                          grouping={false}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'target',
                    title: 'Mục tiêu',
                    width: 160,
                    render: (_, field) => {
                      const current = criteria?.[field.name]?.kpi_type_id;
                      const unit = current ? byId.get(current)?.unit : undefined;
                      return (
                        <Form.Item
                          name={[field.name, 'target']}
                          validateFirst
                          rules={[{ required: true, message: 'Nhập mục tiêu' }, zodRule(criterionShape.target)]}
                          style={{ marginBottom: 0 }}
                        >
                          <DecimalInput
                            disabled={locked}
                            aria-label={`Mục tiêu dòng ${field.name + 1}`}
                            scale={2}
                            suffix={unit}
                          />
                        </Form.Item>
                      );
                    },
                  },
                  {
                    key: 'remove',
                    width: 56,
                    render: (_, field) => (
                      <Button
                        type="text"
                        danger
                        disabled={locked}
                        icon={<DeleteOutlined />}
                        aria-label={`Xóa tiêu chí dòng ${field.name + 1}`}
                        onClick={() => remove(field.name)}
                      />
                    ),
                  },
                ]}
              />
              <Button
                type="dashed"
                disabled={locked}
                icon={<PlusOutlined />}
                onClick={() => add({ kpi_type_id: null, weight: null, target: null })}
                style={{ marginTop: 12 }}
              >
                Thêm tiêu chí
              </Button>
              {/* The weights' sum has its alert above; other list errors (no criterion) show here. */}
              {(sumOk || count === 0) && (
                <div style={{ color: '#ff4d4f', marginTop: 8 }}>
                  <Form.ErrorList errors={errors} />
                </div>
              )}
            </>
          )}
        </Form.List>
      </Card>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}

/** Under a chosen KPI type: how it is measured and which way is better. */
function KpiHint({ type }: { type: KpiTypeOption }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      <DirectionIcon direction={type.direction} /> {type.measure === 'manual' ? 'Nhập tay' : 'Tự động từ dữ liệu'}
      {type.unit ? ` · đơn vị ${type.unit}` : ''}
    </Typography.Text>
  );
}
