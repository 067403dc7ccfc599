import { TableOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { VERDICT_LABELS, VERDICTS } from '@qlcv/common/regulation-limits';
import type { Analysis } from '@qlcv/common/schemas/analyses';
import { SAMPLE_QC_LABELS } from '@qlcv/common/schemas/samples';
import { Alert, Button, Card, Checkbox, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CsvSelect,
  pagination,
  sortFromSorter,
  sortOrderOf,
  toExportQuery,
  toQuery,
  useListParams,
} from '@/components/list-controls';
import { ExportButton, ListEmpty, ListFilters } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { usePhoneTable } from '@/components/phone-cards';
import { useParameterOptions } from '@/features/parameters/api/parameters-api';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useAnalyses, useAnalysts, useExportAnalyses } from '../api/analyses-api';
import { AnalysisStateTag, DueOnText, LateTag, ResultText, STATE_OPTIONS, VerdictTag } from '../components/analysis-tags';
import { BatchActions, type BatchError } from '../components/batch-actions';

const FILTERS = ['state', 'parameter_id', 'analyst_id', 'mine', 'late_for_holding', 'late', 'sample_id', 'verdict'] as const;
/** A released result's verdict; "Vượt quy chuẩn" lists every exceedance in the caller's scope. */
const VERDICT_OPTIONS = VERDICTS.map((v) => ({ value: v, label: VERDICT_LABELS[v] }));
const stack = { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4, lineHeight: 1.35 } as const;
const small = { fontSize: 12 } as const;

/**
 * The laboratory's analyses (issue 25 part 2): one per sample × laboratory parameter, by state, parameter, analyst,
 * "Chỉ của tôi"; the head assigns the selected rows, a verifier verifies them (never their own), release; export.
 */
export default function AnalysisListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: '-taken_at', filters: FILTERS });
  const { params, update } = list;
  const query = toQuery(params);
  const analyses = useAnalyses(query);
  const exporter = useExportAnalyses();
  const isHead = useCan(['lab.receive']);
  const acts = useCan(['lab.receive', 'lab.verify']);
  const seesAll = useCan(['lab.index', 'lab.verify', 'lab.receive']);
  const parameters = useParameterOptions();
  const analysts = useAnalysts(isHead);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [batchError, setBatchError] = useState<BatchError | null>(null);

  // A new page, filter or sort starts a new selection.
  const queryKey = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => {
    setSelectedIds([]);
  }, [queryKey]);

  const rows = analyses.data?.data;
  const selected = useMemo(() => (rows ?? []).filter((a) => selectedIds.includes(a.id)), [rows, selectedIds]);
  const labParameters = (parameters.data ?? []).filter((p) => p.place === 'lab');

  const columns: TableColumnsType<Analysis> = [
    {
      key: 'sample_code',
      title: 'Mẫu · chỉ tiêu',
      width: 250,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'sample_code'),
      render: (_, a) => (
        <span style={stack}>
          <Link to={urlFor('monitoring.analyses.show', { id: a.id })} style={{ fontWeight: 500 }}>
            {a.sample.code} · {a.parameter.code}
          </Link>
          <Typography.Text type="secondary" style={small}>
            {a.parameter.name} · {a.method}
          </Typography.Text>
          {a.sample.qc_kind !== 'normal' && (
            <Tag color="magenta" style={{ marginInlineEnd: 0 }}>
              {SAMPLE_QC_LABELS[a.sample.qc_kind]}
            </Tag>
          )}
          {batchError?.rowId === a.id && (
            <Typography.Text type="danger" style={small} role="alert">
              {batchError.message}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'point',
      title: 'Điểm lấy mẫu',
      render: (_, a) => (
        <span style={stack}>
          <span>
            {a.point.code} — {a.point.name}
          </span>
          <Typography.Text type="secondary" style={small}>
            {a.site.name} · lấy {formatDateTime(a.sample.taken_at)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'result',
      title: 'Kết quả',
      width: 150,
      render: (_, a) => (
        <span style={stack}>
          <ResultText analysis={a} />
          <VerdictTag analysis={a} />
        </span>
      ),
    },
    {
      key: 'analyst',
      title: 'Kiểm nghiệm viên',
      width: 170,
      render: (_, a) => a.analyst?.name ?? <Typography.Text type="secondary">Chưa phân công</Typography.Text>,
    },
    {
      key: 'state',
      title: 'Trạng thái · hạn trả',
      width: 160,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'state'),
      render: (_, a) => (
        <span style={stack}>
          <AnalysisStateTag state={a.state} />
          <LateTag analysis={a} />
          <DueOnText analysis={a} inList />
        </span>
      ),
    },
  ];
  // Scrolled sideways by its box, not by the table's `scroll.x`: that draws a hidden measuring row holding a second
  // "select all" checkbox, focusable inside aria-hidden (axe: aria-hidden-focus).
  const { scroll: wide, ...table } = usePhoneTable(columns, 900);

  const filters = (
    <>
      <CsvSelect
        placeholder="Trạng thái"
        options={STATE_OPTIONS}
        value={params.filters.state}
        onChange={(v) => update({ state: v })}
        width={220}
      />
      <CsvSelect
        placeholder="So với quy chuẩn"
        options={VERDICT_OPTIONS}
        value={params.filters.verdict}
        onChange={(v) => update({ verdict: v })}
        width={200}
      />
      <Select
        aria-label="Lọc theo chỉ tiêu"
        placeholder="Chỉ tiêu"
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: 200 }}
        loading={parameters.isPending}
        options={labParameters.map((p) => ({ value: String(p.id), label: `${p.code} — ${p.name}` }))}
        value={params.filters.parameter_id}
        onChange={(v?: string) => update({ parameter_id: v ?? null })}
      />
      {isHead && (
        <Select
          aria-label="Lọc theo kiểm nghiệm viên"
          placeholder="Kiểm nghiệm viên"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          options={(analysts.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
          value={params.filters.analyst_id}
          onChange={(v?: string) => update({ analyst_id: v ?? null })}
        />
      )}
      <Select
        aria-label="Lọc theo hạn lưu mẫu"
        placeholder="Hạn lưu mẫu"
        allowClear
        style={{ width: 170 }}
        options={[{ value: 'true', label: 'Quá hạn lưu mẫu' }]}
        value={params.filters.late_for_holding}
        onChange={(v?: string) => update({ late_for_holding: v ?? null })}
      />
      {/* The dashboard's "Quá hạn trả kết quả" card opens the list with late=true. */}
      <Checkbox checked={params.filters.late === 'true'} onChange={(e) => update({ late: e.target.checked ? 'true' : null })}>
        Quá hạn trả kết quả
      </Checkbox>
      {seesAll && (
        <Checkbox checked={params.filters.mine === 'true'} onChange={(e) => update({ mine: e.target.checked ? 'true' : null })}>
          Chỉ của tôi
        </Checkbox>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title="Phân tích mẫu"
        subtitle="Các phép phân tích của phòng thí nghiệm: phân công, nhập kết quả, soát xét và phát hành."
        extra={
          <>
            <ExportButton exporter={exporter} query={toExportQuery(params)} />
            <Button
              type="primary"
              icon={<TableOutlined />}
              onClick={() =>
                navigate(
                  urlFor('monitoring.analyses.worksheet') +
                    (params.filters.parameter_id ? `?parameter_id=${params.filters.parameter_id}` : ''),
                )
              }
            >
              Bảng nhập kết quả
            </Button>
          </>
        }
      />
      <Card>
        <ListFilters list={list} search={{ placeholder: 'Tìm theo mã mẫu' }}>
          {filters}
        </ListFilters>
        {batchError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            closable
            onClose={() => setBatchError(null)}
            data-testid="batch-error"
            title="Không thực hiện được"
            description={batchError.message}
            style={{ marginBottom: 12 }}
          />
        )}
        {acts && (
          <div style={{ marginBottom: 12, minHeight: 32, display: 'flex', alignItems: 'center' }}>
            <BatchActions selected={selected} onDone={() => setSelectedIds([])} onError={(e) => setBatchError(e)} />
          </div>
        )}
        {analyses.isError ? (
          <LoadError plain error={analyses.error} onRetry={() => analyses.refetch()} />
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table<Analysis>
              rowKey="id"
              {...table}
              style={wide ? { minWidth: wide.x } : undefined}
              data-testid="analyses-table"
              dataSource={rows}
              loading={analyses.isFetching}
              onRow={(a) => ({ 'data-sample': a.sample.code }) as object}
              rowSelection={
                acts
                  ? {
                      selectedRowKeys: selectedIds,
                      onChange: (keys) => setSelectedIds(keys as number[]),
                      getTitleCheckboxProps: () => ({ 'aria-label': 'Chọn tất cả các dòng' }) as object,
                      getCheckboxProps: (a) => ({ 'aria-label': `Chọn ${a.sample.code} · ${a.parameter.code}` }) as object,
                    }
                  : undefined
              }
              locale={{
                emptyText: analyses.isPending ? (
                  ' '
                ) : (
                  <ListEmpty
                    list={list}
                    noun="phép phân tích"
                    text="Chưa có phép phân tích nào. Phép phân tích được tạo khi phòng thí nghiệm nhận mẫu."
                  />
                ),
              }}
              sortDirections={['ascend', 'descend', 'ascend']}
              pagination={pagination({
                current: params.page,
                perPage: params.per_page,
                total: analyses.data?.meta.total ?? 0,
                capped: analyses.data?.meta.total_capped === true,
                noun: 'phép phân tích',
                onChange: (page, perPage) => update({ page: perPage === 'all' ? null : page, per_page: perPage }),
              })}
              onChange={(_p, _f, sorter, extra) => {
                if (extra.action === 'sort') update({ sort: sortFromSorter(sorter) ?? null });
              }}
            />
          </div>
        )}
      </Card>
    </>
  );
}
