import type { Work } from '@qlcv/common/schemas/works';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { type ListParams, sortOrderOf } from '@/components/list-controls';
import { NamedProgress } from '@/components/named-progress';
import { Deadline, PriorityTag, WorkStatusTag } from '@/components/status-tags';
import { urlFor } from '@/lib/routes';

/** The columns of the works list and of "my works": code and title, request, assignee, priority, status, progress, deadline. */
export function workColumns(params: ListParams): TableColumnsType<Work> {
  return [
    {
      key: 'title',
      title: 'Công việc',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'title'),
      render: (_, w) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <Link to={urlFor('works.show', { id: w.id })}>{w.title}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {w.code}
            {w.request && (
              <>
                {' · Yêu cầu '}
                {w.request.code}
                {w.step_index !== null && ` (bước ${w.step_index})`}
              </>
            )}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'assignee',
      title: 'Người thực hiện',
      width: 170,
      responsive: ['md'],
      render: (_, w) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{w.assignee?.name ?? <Tag>Chưa giao</Tag>}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {w.department?.name ?? ''}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'priority',
      title: 'Ưu tiên',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'priority'),
      render: (_, w) => <PriorityTag priority={w.priority} />,
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, w) => <WorkStatusTag status={w.status} />,
    },
    {
      key: 'progress',
      title: 'Tiến độ',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'progress'),
      render: (_, w) => (
        <NamedProgress
          label={`Tiến độ ${w.title}`}
          percent={w.progress}
          size="small"
          status={w.status === 'cancelled' ? 'exception' : undefined}
        />
      ),
    },
    {
      key: 'deadline',
      title: 'Hạn hoàn thành',
      width: 180,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'deadline'),
      render: (_, w) => <Deadline value={w.deadline} overdue={w.overdue} />,
    },
  ];
}
