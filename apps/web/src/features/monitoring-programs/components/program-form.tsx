import { formatDate } from '@qlcv/common/format/date';
import {
  type ProgramContractOption,
  type ProgramDetail,
  programCreateBody,
  programRounds,
} from '@qlcv/common/schemas/monitoring-programs';
import { FREQUENCY_LABELS, type Frequency, type SiteDetail } from '@qlcv/common/schemas/sites';
import { normalizeVi } from '@qlcv/common/vi-text';
import {
  Alert,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Empty,
  Form,
  type FormInstance,
  Input,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { CodeNameFields, FormFooter } from '@/components/record-form';
import { MediumTag } from '@/features/sites';
import { useSite } from '@/features/sites/api/sites-api';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { type ProgramCreateInput, useProgramContracts, useSiteChoices } from '../api/monitoring-programs-api';

export interface ProgramFormValues {
  code: string;
  name: string;
  site_id: number | null;
  contract_id: number | null;
  period: [dayjs.Dayjs, dayjs.Dayjs] | null;
  description: string | null;
  /** The chosen lines as "pointId|parameterId|frequency". */
  lines: string[];
}

export const EMPTY_PROGRAM: ProgramFormValues = {
  code: '',
  name: '',
  site_id: null,
  contract_id: null,
  period: null,
  description: null,
  lines: [],
};

const lineKey = (pointId: number, parameterId: number, frequency: Frequency) => `${pointId}|${parameterId}|${frequency}`;

export const toProgramValues = (p: ProgramDetail): ProgramFormValues => ({
  code: p.code,
  name: p.name,
  site_id: p.site.id,
  contract_id: p.contract?.id ?? null,
  period: [dayjs(p.start_date), dayjs(p.end_date)],
  description: p.description,
  lines: p.lines.map((l) => lineKey(l.point.id, l.parameter.id, l.frequency)),
});

/** Form values → request body (the rules have passed: a site and a period are set). */
export function toProgramBody(v: ProgramFormValues): ProgramCreateInput {
  const [start, end] = v.period as [dayjs.Dayjs, dayjs.Dayjs];
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    site_id: v.site_id as number,
    contract_id: v.contract_id ?? null,
    start_date: start.format('YYYY-MM-DD'),
    end_date: end.format('YYYY-MM-DD'),
    description: v.description?.trim() ? v.description.trim() : null,
    lines: (v.lines ?? []).map((k) => {
      const [point, parameter, frequency] = k.split('|');
      return { point_id: Number(point), parameter_id: Number(parameter), frequency: frequency as Frequency };
    }),
  };
}

interface Choice {
  key: string;
  point: { id: number; code: string; name: string; medium: SiteDetail['points'][number]['medium'] };
  label: string;
}

/** What may be ticked: the site's plan, plus the lines the programme already names that the plan no longer has. */
function choicesOf(site: SiteDetail | undefined, program: ProgramDetail | undefined): Choice[] {
  const out = new Map<string, Choice>();
  for (const p of site?.points ?? [])
    for (const l of p.plan)
      out.set(lineKey(p.id, l.parameter.id, l.frequency), {
        key: lineKey(p.id, l.parameter.id, l.frequency),
        point: p,
        label: `${l.parameter.code} — ${FREQUENCY_LABELS[l.frequency]}`,
      });
  if (program && program.site.id === site?.id)
    for (const l of program.lines) {
      const key = lineKey(l.point.id, l.parameter.id, l.frequency);
      if (!out.has(key))
        out.set(key, {
          key,
          point: { ...l.point, medium: l.point.medium as Choice['point']['medium'] },
          label: `${l.parameter.code} — ${FREQUENCY_LABELS[l.frequency]}`,
        });
    }
  return [...out.values()];
}

const contractLabel = (c: ProgramContractOption) => `${c.number} — ${c.title}`;

interface Props {
  form: FormInstance<ProgramFormValues>;
  initialValues: ProgramFormValues;
  onFinish: (values: ProgramFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the saved programme (its lines stay offered even when the site's plan changed). */
  program?: ProgramDetail;
  /** The contract a "Lập chương trình" link came from: its customer's sites only. */
  fromContract?: ProgramContractOption;
  notice?: ReactNode;
}

/**
 * A programme: code and name, the site and the contract that prices it, the period, the lines ticked from the site's
 * plan, and the rounds they will make (computed as the server will).
 */
export function ProgramForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  program,
  fromContract,
  notice,
}: Props) {
  const shape = programCreateBody.shape;
  const siteId = Form.useWatch('site_id', form) ?? null;
  const period = Form.useWatch('period', form) ?? null;
  const chosen: string[] = Form.useWatch('lines', form) ?? initialValues.lines;
  const sites = useSiteChoices();
  const site = useSite(siteId ?? 0);
  const customerId = site.data?.customer.id ?? fromContract?.customer.id ?? null;
  const contracts = useProgramContracts({ customer_id: customerId });
  const choices = useMemo(() => choicesOf(site.data, program), [site.data, program]);

  // A site just picked: every line of its plan ticked, the code and name suggested when still empty.
  const pickSite = (id: number | null) => {
    form.setFieldsValue({ lines: [], contract_id: fromContract?.id ?? null });
    if (!id) return;
    const s = sites.data?.find((x) => x.id === id);
    const year = (form.getFieldValue('period') as ProgramFormValues['period'])?.[0].year() ?? dayjs().year() + 1;
    if (s && !form.getFieldValue('code')) form.setFieldValue('code', `CT-${s.code}-${year}`);
    if (s && !form.getFieldValue('name')) form.setFieldValue('name', `Quan trắc định kỳ năm ${year} — ${s.name}`);
  };
  useEffect(() => {
    // Once the picked site's plan has loaded (not when editing the saved programme's own site).
    if (!site.data || site.data.id !== siteId) return;
    if (program && program.site.id === siteId) return;
    if ((form.getFieldValue('lines') as string[] | undefined)?.length) return;
    form.setFieldValue(
      'lines',
      site.data.points.flatMap((p) => p.plan.map((l) => lineKey(p.id, l.parameter.id, l.frequency))),
    );
  }, [site.data, siteId, program, form]);

  const pickContract = (id: number | null) => {
    const c = contracts.data?.find((x) => x.id === id);
    if (c && !form.getFieldValue('period')) form.setFieldValue('period', [dayjs(c.start_date), dayjs(c.end_date)]);
  };

  const siteOptions = (sites.data ?? [])
    .filter((s) => !customerId || !fromContract || s.customer_id === customerId)
    .map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }));
  if (program && !siteOptions.some((o) => o.value === program.site.id))
    siteOptions.unshift({ value: program.site.id, label: `${program.site.name} (${program.site.code})` });
  const contractOptions = (contracts.data ?? []).map((c) => ({ value: c.id, label: contractLabel(c) }));
  if (program?.contract && !contractOptions.some((o) => o.value === program.contract?.id))
    contractOptions.unshift({ value: program.contract.id, label: program.contract.number });
  if (fromContract && !contractOptions.some((o) => o.value === fromContract.id))
    contractOptions.unshift({ value: fromContract.id, label: contractLabel(fromContract) });

  const frequencies = chosen.map((k) => k.split('|')[2] as Frequency);
  const rounds =
    period && frequencies.length > 0
      ? programRounds(period[0].format('YYYY-MM-DD'), period[1].format('YYYY-MM-DD'), frequencies)
      : [];
  const byPoint = new Map<number, Choice[]>();
  for (const c of choices) byPoint.set(c.point.id, [...(byPoint.get(c.point.id) ?? []), c]);

  return (
    <Form<ProgramFormValues>
      form={form}
      name="program"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
      requiredMark="optional"
      scrollToFirstError
      style={{ maxWidth: 1280 }}
    >
      {notice}
      <Card title="Thông tin chương trình" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã chương trình', example: 'CT-CS01-2027' }}
            name={{ label: 'Tên chương trình', placeholder: 'Ví dụ: Quan trắc định kỳ năm 2027 — Nhà máy dệt nhuộm' }}
          />
          <Col xs={24} md={12}>
            <Form.Item
              name="site_id"
              label="Cơ sở quan trắc"
              required
              rules={[{ required: true, message: 'Vui lòng chọn cơ sở quan trắc' }]}
              extra={fromContract ? `Các cơ sở của ${fromContract.customer.name}.` : undefined}
            >
              <Select<number | null>
                showSearch={{
                  filterOption: (input, option) => normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input)),
                }}
                placeholder="Chọn cơ sở"
                loading={sites.isPending}
                options={siteOptions}
                onChange={pickSite}
                notFoundContent={sites.isError ? 'Không tải được danh sách cơ sở' : 'Chưa có cơ sở nào đang theo dõi'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="contract_id"
              label="Hợp đồng"
              extra={siteId ? 'Hợp đồng đã ký của khách hàng; để trống nếu chưa có hợp đồng.' : 'Chọn cơ sở trước.'}
            >
              <Select<number | null>
                allowClear
                placeholder="Không theo hợp đồng"
                disabled={!siteId && !fromContract}
                loading={contracts.isFetching}
                options={contractOptions}
                onChange={(v) => pickContract(v ?? null)}
                notFoundContent="Khách hàng chưa có hợp đồng đã ký"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="period"
              label="Thời gian thực hiện"
              required
              rules={[
                { required: true, message: 'Vui lòng chọn thời gian thực hiện' },
                {
                  validator: async (_r, v: ProgramFormValues['period']) => {
                    if (v && v[1].diff(v[0], 'day') > 5 * 366) throw new Error('Một chương trình dài tối đa 5 năm');
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                format="DD/MM/YYYY"
                placeholder={['Từ ngày', 'Đến ngày']}
                style={{ width: '100%' }}
                aria-label="Thời gian thực hiện"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label="Ghi chú" rules={[zodRule(shape.description)]}>
              <Input.TextArea {...textLimit(shape.description)} rows={1} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={`Chỉ tiêu quan trắc (${chosen.length})`} style={{ marginBottom: 16 }}>
        {!siteId ? (
          <Typography.Text type="secondary">Chọn cơ sở để lấy kế hoạch quan trắc của các điểm.</Typography.Text>
        ) : site.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : choices.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="Cơ sở chưa có kế hoạch quan trắc: hãy thêm điểm và chỉ tiêu cho cơ sở trước."
          />
        ) : (
          <Form.Item
            name="lines"
            // A validator, not `required`: antd would put aria-required on the group, which a group may not carry.
            rules={[
              {
                validator: async (_r, v: string[] | undefined) => {
                  if (!v?.length) throw new Error('Chọn ít nhất một chỉ tiêu');
                },
              },
            ]}
            style={{ marginBottom: 0 }}
          >
            <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              {[...byPoint.values()].map((list) => (
                <div key={list[0]!.point.id} data-testid="program-point">
                  <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 4 }}>
                    <strong>{list[0]!.point.code}</strong>
                    <MediumTag medium={list[0]!.point.medium} />
                    <Typography.Text type="secondary">{list[0]!.point.name}</Typography.Text>
                  </div>
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', paddingInlineStart: 8 }}>
                    {list.map((c) => (
                      <Checkbox key={c.key} value={c.key}>
                        {c.label}
                      </Checkbox>
                    ))}
                  </div>
                </div>
              ))}
            </Checkbox.Group>
          </Form.Item>
        )}
      </Card>

      <Card title={`Các đợt quan trắc (${rounds.length})`} style={{ marginBottom: 16 }} data-testid="round-preview">
        {rounds.length === 0 ? (
          <Typography.Text type="secondary">Chọn thời gian và chỉ tiêu để xem các đợt sẽ được lập.</Typography.Text>
        ) : (
          <>
            {program && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title="Đổi cơ sở, thời gian hoặc chỉ tiêu sẽ lập lại các đợt (chỉ khi chưa có đợt nào đã thực hiện hay đã hủy)."
              />
            )}
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {rounds.map((r) => (
                <li key={r.seq}>
                  {r.name} — hạn {formatDate(r.due_date)}{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    ({r.frequencies.map((f) => FREQUENCY_LABELS[f].toLowerCase()).join(', ')})
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
