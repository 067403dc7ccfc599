import { SaveOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import { MAX_ANALYSIS_BATCH, type Worksheet } from '@qlcv/common/schemas/analyses';
import { SAMPLE_QC_LABELS } from '@qlcv/common/schemas/samples';
import { Alert, Button, Card, Checkbox, Empty, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { usePhone } from '@/components/phone-cards';
import { useEquipmentOptions } from '@/features/equipment/api/equipment-api';
import { useParameterOptions } from '@/features/parameters/api/parameters-api';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { useAuthUser } from '@/lib/auth/auth-store';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useEnterResults, useWorksheet } from '../api/analyses-api';
import { AnalysisStateTag, HoldingPassedTag, LateTag, QcFlags } from '../components/analysis-tags';
import { changed, type ResultField, type ResultValues, resultErrors, toResultBody, valuesOf } from '../components/result-values';

type Row = Worksheet['rows'][number];
type Errors = Record<number, Partial<Record<ResultField, string>>>;

const ENTRY_STATES = new Set(['pending', 'assigned', 'returned', 'entered']);
const EQUIPMENT_READERS = ['equipment.index', 'monitoring.index', 'sampling.create', 'sampling.edit'];
/** The typed columns, in the order Tab and the arrows walk them. */
const TEXT_FIELDS = ['qualifier', 'value', 'unit', 'method', 'analysed_on', 'uncertainty'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LABELS: Record<ResultField, string> = {
  qualifier: 'Dấu',
  value: 'Kết quả',
  unit: 'Đơn vị',
  method: 'Phương pháp',
  equipment_id: 'Thiết bị',
  analysed_on: 'Ngày phân tích',
  uncertainty: 'Độ KĐBĐ',
  notes: 'Ghi chú',
};
const small = { fontSize: 12 } as const;

/**
 * One parameter's worksheet (issue 25 part 2): a row per sample, typed the way a laboratory works — Enter or ↓ to the
 * same column of the next row, ↑ back, Tab across; decimals kept as typed ("0,050"); "Lưu cả bảng" sends every changed
 * row at once, all or nothing: an error (the schema's before sending, the server's `rows.3.value` after) lands under
 * its cell and nothing typed is lost. QC flags (a blank above the LOD, a duplicate pair's RPD) show once saved.
 */
export default function WorksheetPage() {
  const [search, setSearch] = useSearchParams();
  const parameterId = Number(search.get('parameter_id')) || undefined;
  const me = useAuthUser()?.id;
  const onlyMine = search.get('mine') === 'true';
  const worksheet = useWorksheet({ parameter_id: parameterId, analyst_id: onlyMine ? me : undefined });
  const parameters = useParameterOptions();
  const isHead = useCan(['lab.receive']);
  const canEnter = useCan(['lab.analyse', 'lab.receive']);
  const canListEquipment = useCan(EQUIPMENT_READERS);
  const equipment = useEquipmentOptions({ kind: 'instrument' }, { enabled: canListEquipment && !!parameterId });
  const save = useEnterResults();
  const [edits, setEdits] = useState<Record<number, Partial<ResultValues>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const phone = usePhone();

  const rows = worksheet.data?.rows ?? [];
  const editable = (r: Row) => canEnter && ENTRY_STATES.has(r.state) && (isHead || r.analyst?.id === me);
  const loaded = useMemo(() => new Map(rows.map((r) => [r.id, valuesOf(r)])), [rows]);
  const valuesFor = (r: Row): ResultValues => ({ ...(loaded.get(r.id) ?? valuesOf(r)), ...edits[r.id] });
  const dirty = rows.filter((r) => editable(r) && edits[r.id] && changed(valuesFor(r), loaded.get(r.id) ?? valuesOf(r)));

  const setParam = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next, { replace: true });
    setEdits({});
    setErrors({});
    setFailure(null);
    setSaved(null);
  };

  const edit = (id: number, field: ResultField, value: string | number | null) => {
    setEdits((e) => ({ ...e, [id]: { ...e[id], [field]: value } }));
    // The cell's error goes once it is being corrected.
    if (errors[id]?.[field]) setErrors((e) => ({ ...e, [id]: { ...e[id], [field]: undefined } }));
  };

  /** Enter / ↓: the same column a row down; ↑: a row up (Tab walks across, the browser's own). */
  const move = (e: KeyboardEvent<HTMLInputElement>, index: number, field: TextField) => {
    const step = e.key === 'Enter' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    for (let i = index + step; i >= 0 && i < rows.length; i += step) {
      const next = box.current?.querySelector<HTMLInputElement>(`input[data-row="${i}"][data-field="${field}"]`);
      if (next) {
        next.focus();
        next.select();
        return;
      }
    }
  };

  const submit = async () => {
    setFailure(null);
    setSaved(null);
    if (dirty.length === 0) {
      setFailure('Chưa có kết quả nào được nhập hoặc thay đổi.');
      return;
    }
    if (dirty.length > MAX_ANALYSIS_BATCH) {
      setFailure(`Mỗi lần lưu tối đa ${MAX_ANALYSIS_BATCH} dòng: hãy lưu bớt rồi lưu tiếp.`);
      return;
    }
    // The schema's own check first, each message under its cell.
    const found: Errors = {};
    for (const r of dirty) {
      const e = resultErrors(valuesFor(r));
      if (Object.keys(e).length > 0) found[r.id] = e;
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure('Có ô chưa hợp lệ: sửa các ô tô đỏ rồi lưu lại. Chưa có kết quả nào được lưu.');
      focusFirst(found);
      return;
    }
    const sent = dirty;
    try {
      await save.mutateAsync({
        rows: sent.map((r) => ({ id: r.id, version: r.version, ...toResultBody(valuesFor(r)) })),
      });
      notifySuccess(`Đã lưu ${sent.length} kết quả.`);
      setEdits({});
      setErrors({});
      setSaved(sent.length);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
      const placed: Errors = {};
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          const m = /^rows\.(\d+)\.(\w+)$/.exec(e.field ?? '');
          const r = m ? sent[Number(m[1])] : undefined;
          if (!r || !m) continue;
          const field = (m[2] === 'id' || m[2] === 'version' ? 'value' : m[2]) as ResultField;
          placed[r.id] = { ...placed[r.id], [field]: e.message };
        }
        // Stale or moved meanwhile: read the sheet again; what was typed stays over it.
        if (error.status === 409) void worksheet.refetch();
      }
      setErrors(placed);
      setFailure(`${message} Chưa có kết quả nào được lưu; các giá trị đã gõ vẫn còn.`);
      focusFirst(placed);
    }
  };

  const focusFirst = (found: Errors) => {
    const index = rows.findIndex((r) => found[r.id]);
    const field = index >= 0 ? Object.keys(found[rows[index]!.id] ?? {})[0] : undefined;
    if (index < 0 || !field) return;
    requestAnimationFrame(() => {
      const input = box.current?.querySelector<HTMLInputElement>(`[data-row="${index}"][data-field="${field}"]`);
      input?.focus();
    });
  };

  const cell = (
    r: Row,
    index: number,
    field: TextField,
    props: { width: number; placeholder?: string; inputMode?: 'decimal' },
  ) => {
    if (!editable(r)) {
      const v = valuesFor(r)[field];
      return v ? <span>{v}</span> : <Typography.Text type="secondary">—</Typography.Text>;
    }
    const error = errors[r.id]?.[field];
    return (
      <div>
        <Input
          size="small"
          autoComplete="off"
          aria-label={`${LABELS[field]} ${r.sample.code}`}
          aria-invalid={error ? true : undefined}
          status={error ? 'error' : undefined}
          data-row={index}
          data-field={field}
          style={{ width: props.width }}
          placeholder={props.placeholder}
          inputMode={props.inputMode}
          value={String(valuesFor(r)[field] ?? '')}
          onChange={(e) => edit(r.id, field, e.target.value)}
          onKeyDown={(e) => move(e, index, field)}
        />
        {error && (
          <div
            role="alert"
            data-testid="cell-error"
            style={{ color: '#cf1322', fontSize: 12, maxWidth: Math.max(props.width, 160) }}
          >
            {error}
          </div>
        )}
      </div>
    );
  };

  const equipmentColumn: TableColumnsType<Row>[number] = {
    key: 'equipment',
    title: 'Thiết bị',
    width: 210,
    render: (_, r) => {
      if (!editable(r)) return r.equipment ? `${r.equipment.code}` : <Typography.Text type="secondary">—</Typography.Text>;
      const error = errors[r.id]?.equipment_id;
      return (
        <div>
          <Select
            size="small"
            aria-label={`Thiết bị ${r.sample.code}`}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 190 }}
            status={error ? 'error' : undefined}
            placeholder="Thiết bị đo"
            options={(equipment.data ?? []).map((e) => ({ value: e.id, label: `${e.code} — ${e.name}` }))}
            value={valuesFor(r).equipment_id ?? undefined}
            onChange={(v?: number) => edit(r.id, 'equipment_id', v ?? null)}
          />
          {error && (
            <div role="alert" data-testid="cell-error" style={{ color: '#cf1322', fontSize: 12, maxWidth: 190 }}>
              {error}
            </div>
          )}
        </div>
      );
    },
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'sample',
      title: 'Mẫu',
      width: phone ? 170 : 240,
      // On a phone the sample scrolls away with the row: a fixed column would leave no room to type.
      fixed: phone ? undefined : 'left',
      render: (_, r) => (
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, lineHeight: 1.35 }}>
          <Link to={urlFor('monitoring.analyses.show', { id: r.id })} style={{ fontWeight: 500 }}>
            {r.sample.code}
          </Link>
          <Typography.Text type="secondary" style={small}>
            {r.point.code} · lấy {formatDateTime(r.sample.taken_at)}
          </Typography.Text>
          <Space size={4} wrap>
            <AnalysisStateTag state={r.state} />
            {r.sample.qc_kind !== 'normal' && (
              <Tag color="magenta" style={{ marginInlineEnd: 0 }}>
                {SAMPLE_QC_LABELS[r.sample.qc_kind]}
              </Tag>
            )}
            <LateTag analysis={r} />
            {!r.late_for_holding && r.value === null && <HoldingPassedTag holdUntil={r.hold_until} />}
          </Space>
          <QcFlags qc={r.qc} allowedRpd={worksheet.data?.allowed_rpd} />
          {r.state === 'returned' && r.return_reason && (
            <span style={{ ...small, color: '#ad4e00' }}>Trả lại: {r.return_reason}</span>
          )}
          {!editable(r) && ENTRY_STATES.has(r.state) && (
            <Typography.Text type="secondary" style={small}>
              {r.analyst ? `Của ${r.analyst.name}` : 'Chưa phân công'}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'qualifier',
      title: <abbr title="Để trống, < (nhỏ hơn giới hạn phát hiện) hoặc > (vượt khoảng đo)">Dấu</abbr>,
      width: 70,
      render: (_, r, i) => cell(r, i, 'qualifier', { width: 48, placeholder: '' }),
    },
    {
      key: 'value',
      title: 'Kết quả',
      width: 130,
      render: (_, r, i) => cell(r, i, 'value', { width: 110, placeholder: '0,050', inputMode: 'decimal' }),
    },
    { key: 'unit', title: 'Đơn vị', width: 100, render: (_, r, i) => cell(r, i, 'unit', { width: 84 }) },
    { key: 'method', title: 'Phương pháp', width: 190, render: (_, r, i) => cell(r, i, 'method', { width: 170 }) },
    ...(canListEquipment ? [equipmentColumn] : []),
    {
      key: 'analysed_on',
      title: 'Ngày phân tích',
      width: 130,
      render: (_, r, i) => cell(r, i, 'analysed_on', { width: 110, placeholder: 'hôm nay' }),
    },
    {
      key: 'uncertainty',
      title: <abbr title="Độ không đảm bảo đo (±, cùng đơn vị)">Độ KĐBĐ</abbr>,
      width: 110,
      render: (_, r, i) => cell(r, i, 'uncertainty', { width: 90, inputMode: 'decimal' }),
    },
  ];

  // A pair beyond the allowed RPD is named once (by its duplicate when both are on the sheet).
  const flagged = rows.filter(
    (r) =>
      r.qc.blank_above_lod ||
      (r.qc.rpd_exceeded && (r.sample.qc_kind === 'duplicate' || !rows.some((o) => o.id === r.qc.pair?.id))),
  );
  const p = worksheet.data?.parameter;
  const labParameters = (parameters.data ?? []).filter((o) => o.place === 'lab');

  return (
    <>
      <PageHeader
        title="Bảng nhập kết quả"
        subtitle="Chọn một chỉ tiêu: mỗi dòng một mẫu. Enter hoặc ↓ xuống dòng dưới cùng cột, ↑ lên dòng trên, Tab sang ô bên phải."
        extra={
          parameterId &&
          canEnter && (
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={submit} disabled={rows.length === 0}>
              Lưu cả bảng{dirty.length > 0 ? ` (${dirty.length})` : ''}
            </Button>
          )
        }
      />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <Select
            aria-label="Chỉ tiêu"
            placeholder="Chọn chỉ tiêu phân tích"
            showSearch
            optionFilterProp="label"
            style={{ width: 320, maxWidth: '100%' }}
            loading={parameters.isPending}
            options={labParameters.map((o) => ({ value: o.id, label: `${o.code} — ${o.name}` }))}
            value={parameterId}
            onChange={(v: number) => setParam({ parameter_id: String(v) })}
          />
          <Checkbox checked={onlyMine} onChange={(e) => setParam({ mine: e.target.checked ? 'true' : null })}>
            Chỉ của tôi
          </Checkbox>
          {p && (
            <Typography.Text type="secondary" data-testid="worksheet-parameter">
              {p.name} · {p.unit} · {p.method}
              {p.lod ? ` · LOD ${formatDecVi(p.lod)}` : ''}
              {worksheet.data ? ` · RPD cho phép ${formatDecVi(worksheet.data.allowed_rpd)} %` : ''}
            </Typography.Text>
          )}
        </Space>
        {failure && (
          <Alert type="error" showIcon role="alert" data-testid="worksheet-error" title={failure} style={{ marginBottom: 12 }} />
        )}
        {saved !== null && !worksheet.isFetching && (
          <Alert
            type={flagged.length > 0 ? 'warning' : 'success'}
            showIcon
            data-testid="worksheet-saved"
            title={`Đã lưu ${saved} kết quả.`}
            description={
              flagged.length > 0
                ? `Cờ QC: ${flagged
                    .map((r) =>
                      r.qc.blank_above_lod
                        ? `${r.sample.code} mẫu trắng vượt LOD`
                        : `${r.sample.code} và ${r.qc.pair?.sample_code} RPD ${formatDecVi(r.qc.rpd ?? '')} % vượt mức cho phép`,
                    )
                    .join('; ')}.`
                : 'Không có cờ QC nào trên bảng.'
            }
            closable
            onClose={() => setSaved(null)}
            style={{ marginBottom: 12 }}
          />
        )}
        {worksheet.data?.truncated && (
          <Alert
            type="info"
            showIcon
            title="Bảng chỉ hiện 500 dòng đầu: chọn “Chỉ của tôi” để thu hẹp."
            style={{ marginBottom: 12 }}
          />
        )}
        {!parameterId ? (
          <Empty description="Chọn một chỉ tiêu để mở bảng nhập kết quả." data-testid="worksheet-empty" />
        ) : worksheet.isError ? (
          <LoadError plain error={worksheet.error} onRetry={() => worksheet.refetch()} />
        ) : (
          <div ref={box}>
            <Table<Row>
              rowKey="id"
              size="small"
              data-testid="worksheet"
              columns={columns}
              dataSource={rows}
              loading={worksheet.isPending || save.isPending}
              pagination={false}
              scroll={{ x: canListEquipment ? 1150 : 940 }}
              onRow={(r) => ({ 'data-sample': r.sample.code }) as object}
              locale={{
                emptyText: worksheet.isPending ? ' ' : 'Không có phép phân tích nào đang mở cho chỉ tiêu này.',
              }}
            />
          </div>
        )}
      </Card>
    </>
  );
}
