import { DownloadOutlined } from '@ant-design/icons';
import { type EvaluationResultRow, GRADE_LABELS, GRADES, type Grade } from '@qlcv/common/schemas/evaluations';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Button, Card, Col, Empty, Input, Row, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatScore, GRADE_COLORS, GradeTag, UserEvaluationStatusTag } from '@/components/kpi-tags';
import { NamedProgress } from '@/components/named-progress';
import { LoadError } from '@/components/page-states';
import { urlFor } from '@/lib/routes';
import { useEvaluationResults, useExportResults } from '../api/evaluations-api';

/** The results of an opened evaluation: every employee's total and grade, the distributions, .xlsx export. */
export function ResultsCard({ evaluationId, name }: { evaluationId: number; name: string }) {
  const results = useEvaluationResults(evaluationId);
  const exporter = useExportResults(evaluationId, name);
  const [search, setSearch] = useState('');

  if (results.isError) {
    return (
      <Card title="Kết quả đánh giá">
        <LoadError plain error={results.error} onRetry={() => results.refetch()} />
      </Card>
    );
  }
  const rows = results.data?.rows ?? [];
  const wanted = normalizeVi(search.trim());
  const shown = wanted
    ? rows.filter((r) => normalizeVi(`${r.employee.name} ${r.employee.code ?? ''} ${r.department?.name ?? ''}`).includes(wanted))
    : rows;
  const dist = results.data?.distribution;
  const graded = dist ? GRADES.reduce((n, g) => n + dist.by_grade[g], 0) : 0;

  return (
    <Card
      title="Kết quả đánh giá"
      loading={results.isPending}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate()}
          disabled={rows.length === 0}
        >
          Xuất Excel
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có phiếu đánh giá nào trong kỳ này" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {dist && (
            <Row gutter={[24, 16]}>
              <Col xs={24} lg={10}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  Phân bố xếp loại
                </Typography.Title>
                <div data-testid="grade-distribution">
                  {GRADES.map((g) => (
                    <GradeBar key={g} grade={g} count={dist.by_grade[g]} total={graded} />
                  ))}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {graded}/{rows.length} nhân viên đã có điểm
                </Typography.Text>
              </Col>
              <Col xs={24} lg={14}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  Theo phòng ban
                </Typography.Title>
                <Table
                  size="small"
                  rowKey={(d) => d.department?.id ?? 0}
                  pagination={false}
                  dataSource={dist.by_department}
                  scroll={{ x: 460 }}
                  columns={[
                    { key: 'department', title: 'Phòng ban', render: (_, d) => d.department?.name ?? '—' },
                    { key: 'count', title: 'Số NV', dataIndex: 'count', align: 'right', width: 70 },
                    { key: 'average', title: 'Điểm TB', align: 'right', width: 80, render: (_, d) => formatScore(d.average) },
                    ...GRADES.map((g) => ({
                      key: g,
                      title: <span style={{ color: GRADE_COLORS[g] }}>{g}</span>,
                      align: 'right' as const,
                      width: 50,
                      render: (_: unknown, d: (typeof dist.by_department)[number]) => d[g],
                    })),
                  ]}
                />
              </Col>
            </Row>
          )}
          <Input.Search
            allowClear
            placeholder="Tìm nhân viên, phòng ban"
            aria-label="Tìm trong kết quả"
            style={{ width: 280, maxWidth: '100%' }}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Table<EvaluationResultRow>
            size="small"
            rowKey="user_evaluation_id"
            dataSource={shown}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (t) => `Tổng ${t} nhân viên` }}
            scroll={{ x: 880 }}
            locale={{ emptyText: 'Không có nhân viên phù hợp' }}
            columns={[
              {
                key: 'employee',
                title: 'Nhân viên',
                sorter: (a, b) => a.employee.name.localeCompare(b.employee.name, 'vi'),
                render: (_, r) => (
                  <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
                    <Link to={urlFor('user_evaluations.show', { id: r.user_evaluation_id })}>{r.employee.name}</Link>
                    {r.employee.code && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.employee.code}
                      </Typography.Text>
                    )}
                  </span>
                ),
              },
              {
                key: 'department',
                title: 'Phòng ban',
                sorter: (a, b) => (a.department?.name ?? '').localeCompare(b.department?.name ?? '', 'vi'),
                render: (_, r) => r.department?.name ?? '—',
              },
              {
                key: 'reviewer',
                title: 'Người đánh giá',
                responsive: ['lg'],
                render: (_, r) => r.reviewer?.name ?? '—',
              },
              {
                key: 'total',
                title: 'Tổng điểm',
                align: 'right',
                width: 110,
                defaultSortOrder: 'descend',
                sorter: (a, b) => (a.total ?? -1) - (b.total ?? -1),
                render: (_, r) => <Typography.Text strong>{formatScore(r.total)}</Typography.Text>,
              },
              { key: 'grade', title: 'Xếp loại', width: 130, render: (_, r) => <GradeTag grade={r.grade} /> },
              { key: 'status', title: 'Trạng thái', width: 150, render: (_, r) => <UserEvaluationStatusTag status={r.status} /> },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}

/** One grade's share as a bar: "A · Xuất sắc ███ 3 (25%)". */
function GradeBar({ grade, count, total }: { grade: Grade; count: number; total: number }) {
  const percent = total > 0 ? Math.round((count / total) * 100) : 0;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 6 }} data-testid={`grade-bar-${grade}`}>
      <span style={{ width: 110, flexShrink: 0 }}>
        <b style={{ color: GRADE_COLORS[grade] }}>{grade}</b> · {GRADE_LABELS[grade]}
      </span>
      <NamedProgress
        label={`Tỷ lệ xếp loại ${grade}`}
        percent={percent}
        strokeColor={GRADE_COLORS[grade]}
        showInfo={false}
        style={{ flex: 1, margin: 0 }}
      />
      <span style={{ width: 70, textAlign: 'right', flexShrink: 0 }}>
        {count} ({percent}%)
      </span>
    </div>
  );
}
