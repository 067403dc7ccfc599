import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import type { Work } from '@qlcv/common/schemas/works';
import { Button, Empty, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { type ListParams, type ListQueryState, ServerTable, sortOrderOf } from '@/components/list-controls';
import { NamedProgress } from '@/components/named-progress';
import { Deadline, PriorityTag, WorkStatusTag } from '@/components/status-tags';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';

interface Props {
  query: ListQueryState<Work>;
  params: ListParams;
  update: (patch: Record<string, string | number | null | undefined>) => void;
  filtered: boolean;
  onClear: () => void;
  emptyText: string;
}

/** The works table of the list and of "my works": code and title, request, assignee, priority, status, progress, deadline. */
export function WorkTable({ query, params, update, filtered, onClear, emptyText }: Props) {
  const navigate = useNavigate();
  const canCreate = useCan(['works.create']);
  const columns: TableColumnsType<Work> = [
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

  const empty = filtered ? (
    <Empty description="Không tìm thấy công việc nào phù hợp với điều kiện lọc">
      <Button icon={<ClearOutlined />} onClick={onClear}>
        Xóa bộ lọc
      </Button>
    </Empty>
  ) : (
    <Empty description={emptyText}>
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('works.create'))}>
          Thêm công việc
        </Button>
      )}
    </Empty>
  );

  return (
    <ServerTable<Work>
      query={query}
      columns={columns}
      params={params}
      update={update}
      noun="công việc"
      empty={empty}
      scrollX={900}
    />
  );
}
