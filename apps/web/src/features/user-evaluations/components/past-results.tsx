import type { UserEvaluation } from '@qlcv/common/schemas/user-evaluations';
import { Button, Card, Empty, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { formatScore, GradeTag, UserEvaluationStatusTag } from '@/components/kpi-tags';
import { urlFor } from '@/lib/routes';
import { useUserEvaluations } from '../api/user-evaluations-api';
import { periodText } from './user-evaluation-format';

/** "Kết quả các kỳ trước": the employee's evaluations of periods before `before` (YYYY-MM-DD), latest first. */
export function PastResults({ employeeId, before }: { employeeId: number; before: string }) {
  const list = useUserEvaluations({ employee_id: employeeId, tab: 'all', sort: '-period_start', per_page: 50 });
  const rows = (list.data?.data ?? []).filter((u) => u.evaluation.period_start < before).slice(0, 10);
  return (
    <Card title="Kết quả các kỳ trước" size="small" data-testid="past-results">
      {list.isError ? (
        <Typography.Text type="danger">
          Không tải được kết quả các kỳ trước.{' '}
          <Button size="small" onClick={() => list.refetch()}>
            Thử lại
          </Button>
        </Typography.Text>
      ) : (
        <Table<UserEvaluation>
          size="small"
          rowKey="id"
          loading={list.isPending}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có kết quả kỳ nào trước kỳ này" /> }}
          columns={[
            {
              key: 'evaluation',
              title: 'Kỳ',
              render: (_, u) => (
                <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
                  <Link to={urlFor('user_evaluations.show', { id: u.id })}>{u.evaluation.name}</Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {periodText(u.evaluation)} · <UserEvaluationStatusTag status={u.status} />
                  </Typography.Text>
                </span>
              ),
            },
            { key: 'total', title: 'Điểm', width: 64, align: 'right', render: (_, u) => formatScore(u.total) },
            { key: 'grade', title: 'Xếp loại', width: 110, render: (_, u) => <GradeTag grade={u.grade} /> },
          ]}
        />
      )}
    </Card>
  );
}
