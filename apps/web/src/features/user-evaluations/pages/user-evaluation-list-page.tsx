import {
  USER_EVALUATION_STATUS_LABELS,
  USER_EVALUATION_STATUSES,
  type UserEvaluation,
} from '@qlcv/common/schemas/user-evaluations';
import { Badge, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { formatScore, GradeTag, UserEvaluationStatusTag } from '@/components/kpi-tags';
import { CsvSelect, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { urlFor } from '@/lib/routes';
import { useToReviewCount, useUserEvaluations } from '../api/user-evaluations-api';
import { Deadlines } from '../components/deadline-cell';
import { EvaluationSelect } from '../components/evaluation-select';
import { periodText } from '../components/user-evaluation-format';

const FILTERS = ['evaluation_id', 'status', 'department_id'] as const;
type Tab = 'mine' | 'to_review' | 'to_do' | 'all';

/** User evaluations: mine, those waiting for my review (badge), all in my scope; filters. */
export default function UserEvaluationListPage() {
  const listState = useListParams({ sort: '-period_start', filters: FILTERS, views: ['tab'] });
  const { params, update } = listState;
  const rawTab = params.filters.tab as Tab | undefined;
  const tab: Tab = rawTab === 'to_review' || rawTab === 'to_do' || rawTab === 'all' ? rawTab : 'mine';
  const list = useUserEvaluations({ ...toQuery(params), tab });
  const toReview = useToReviewCount();
  const f = params.filters;

  const columns: TableColumnsType<UserEvaluation> = [
    {
      key: 'employee',
      title: 'Nhân viên',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'employee'),
      render: (_, u) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <Link to={urlFor('user_evaluations.show', { id: u.id })}>{u.employee.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[u.employee.code, u.department?.name].filter(Boolean).join(' · ')}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'period_start',
      title: 'Kỳ đánh giá',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'period_start'),
      render: (_, u) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{u.evaluation.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {periodText(u.evaluation)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'reviewer',
      title: 'Người đánh giá',
      width: 140,
      responsive: ['lg'],
      render: (_, u) => u.reviewer?.name ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, u) => <UserEvaluationStatusTag status={u.status} />,
    },
    {
      key: 'total',
      title: 'Điểm · xếp loại',
      width: 165,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'total'),
      render: (_, u) =>
        u.total === null ? (
          <Typography.Text type="secondary">Chưa chấm</Typography.Text>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text strong>{formatScore(u.total)}</Typography.Text> <GradeTag grade={u.grade} />
          </span>
        ),
    },
    {
      key: 'deadlines',
      title: 'Hạn',
      width: 180,
      render: (_, u) => (
        <Deadlines
          status={u.status}
          self={u.self_deadline}
          review={u.review_deadline}
          closed={u.evaluation.status === 'closed'}
        />
      ),
    },
  ];

  const emptyText =
    tab === 'to_review'
      ? 'Không có phiếu nào cần bạn đánh giá'
      : tab === 'to_do'
        ? 'Không có phiếu nào cần bạn tự đánh giá hoặc đánh giá'
        : tab === 'mine'
          ? 'Bạn chưa có phiếu đánh giá nào — phiếu được tạo khi một kỳ đánh giá được mở'
          : 'Chưa có phiếu đánh giá nào';

  const count = toReview.data ?? 0;
  return (
    <ListPage<UserEvaluation>
      title="Đánh giá nhân viên"
      subtitle="Phiếu đánh giá KPI của bạn, phiếu cần bạn đánh giá và các phiếu trong phạm vi bạn quản lý."
      list={listState}
      query={list}
      columns={columns}
      noun="phiếu đánh giá"
      scrollX={1060}
      top={
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key === 'mine' ? null : key })}
          items={[
            { key: 'mine', label: 'Của tôi' },
            {
              key: 'to_review',
              label: (
                <Space size={6}>
                  Cần tôi đánh giá
                  <Badge count={count} overflowCount={99} size="small" data-testid="to-review-count" />
                </Space>
              ),
            },
            // The dashboard's card opens this one: mine to self-assess and those waiting for my review.
            { key: 'to_do', label: 'Cần tôi làm' },
            { key: 'all', label: 'Tất cả trong phạm vi' },
          ]}
        />
      }
      search={{ placeholder: 'Tìm theo tên, mã nhân viên', width: 260 }}
      filters={
        <>
          <EvaluationSelect value={f.evaluation_id} onChange={(v) => update({ evaluation_id: v })} />
          <CsvSelect
            placeholder="Trạng thái"
            width={220}
            options={USER_EVALUATION_STATUSES.map((s) => ({ value: s, label: USER_EVALUATION_STATUS_LABELS[s] }))}
            value={f.status}
            onChange={(v) => update({ status: v })}
          />
          {tab !== 'mine' && (
            <DepartmentTreeSelect
              aria-label="Lọc theo phòng ban"
              placeholder="Phòng ban"
              style={{ width: 220 }}
              value={f.department_id ? Number(f.department_id) : null}
              onChange={(v) => update({ department_id: v })}
            />
          )}
        </>
      }
      emptyText={emptyText}
    />
  );
}
