import { ApartmentOutlined, EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Department } from '@qlcv/common/schemas/departments';
import { Button, Card, Empty, Segmented, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { SearchInput, ServerTable, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { CreateButton, ExportButton } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useDepartments, useDepartmentTree, useExportDepartments } from '../api/departments-api';
import { DeleteDepartmentButton } from '../components/delete-department-button';
import { DepartmentTreeTable, type TreeRow } from '../components/department-tree-table';

type View = 'tree' | 'list';

/** Departments as a tree (default) or a flat, sortable, paged list; search, export, actions by key. */
export default function DepartmentListPage() {
  const navigate = useNavigate();
  const { params, update } = useListParams({ sort: 'name', views: ['view'] });
  const view: View = params.filters.view === 'list' ? 'list' : 'tree';
  const tree = useDepartmentTree();
  const list = useDepartments(toQuery({ ...params, filters: {} }), view === 'list');
  const exporter = useExportDepartments();
  const canCreate = useCan(['departments.create']);
  const canShow = useCan(['departments.show', 'departments.edit']);
  const canEdit = useCan(['departments.edit']);

  const nameCell = (d: Pick<Department, 'id' | 'name'>) =>
    canShow ? <Link to={urlFor('departments.show', { id: d.id })}>{d.name}</Link> : d.name;
  const actions = (d: Pick<Department, 'id' | 'name' | 'users_count'>) => (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<EditOutlined />}
        onClick={() => navigate(urlFor('departments.edit', { id: d.id }))}
        aria-label={`Sửa phòng ban ${d.name}`}
      >
        Sửa
      </Button>
      <DeleteDepartmentButton department={d} size="small" />
    </Space>
  );
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  const treeColumns: TableColumnsType<TreeRow> = [
    { key: 'name', title: 'Tên phòng ban', render: (_, d) => nameCell(d) },
    { key: 'code', title: 'Mã', dataIndex: 'code', width: 140 },
    { key: 'head', title: 'Trưởng phòng', render: (_, d) => d.head?.name ?? dash },
    { key: 'users_count', title: 'Số nhân viên', dataIndex: 'users_count', align: 'right', width: 130 },
    ...(canEdit ? [{ key: 'actions', title: 'Thao tác', width: 170, render: (_: unknown, d: TreeRow) => actions(d) }] : []),
  ];

  const listColumns: TableColumnsType<Department> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
    },
    {
      key: 'name',
      title: 'Tên phòng ban',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, d) => nameCell(d),
    },
    { key: 'parent', title: 'Trực thuộc', render: (_, d) => d.parent?.name ?? dash },
    { key: 'head', title: 'Trưởng phòng', render: (_, d) => d.head?.name ?? dash },
    { key: 'users_count', title: 'Số nhân viên', dataIndex: 'users_count', align: 'right', width: 130 },
    ...(canEdit ? [{ key: 'actions', title: 'Thao tác', width: 170, render: (_: unknown, d: Department) => actions(d) }] : []),
  ];

  const empty = (
    <Empty description="Chưa có phòng ban nào">
      {canCreate && <CreateButton label="Thêm phòng ban" to={urlFor('departments.create')} />}
    </Empty>
  );

  return (
    <>
      <PageHeader
        title="Phòng ban"
        subtitle="Cơ cấu tổ chức: phòng ban, phòng ban trực thuộc và trưởng phòng."
        extra={
          <>
            <ExportButton exporter={exporter} query={{ search: params.search || undefined, sort: params.sort }} />
            {canCreate && <CreateButton label="Thêm phòng ban" to={urlFor('departments.create')} />}
          </>
        }
      />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
          <SearchInput value={params.search} onSearch={(search) => update({ search })} placeholder="Tìm theo tên, mã phòng ban" />
          <Segmented<View>
            aria-label="Cách hiển thị"
            value={view}
            onChange={(v) => update({ view: v === 'list' ? 'list' : null })}
            options={[
              { value: 'tree', label: 'Dạng cây', icon: <ApartmentOutlined /> },
              { value: 'list', label: 'Danh sách', icon: <UnorderedListOutlined /> },
            ]}
          />
        </Space>
        {view === 'tree' ? (
          tree.isError ? (
            <LoadError plain error={tree.error} onRetry={() => tree.refetch()} />
          ) : (
            <DepartmentTreeTable
              nodes={tree.data ?? []}
              search={params.search}
              loading={tree.isPending}
              columns={treeColumns}
              empty={empty}
            />
          )
        ) : (
          <ServerTable<Department>
            query={list}
            columns={listColumns}
            params={params}
            update={update}
            noun="phòng ban"
            empty={params.search ? <Empty description={`Không tìm thấy phòng ban nào khớp với “${params.search}”`} /> : empty}
            scrollX={800}
          />
        )}
      </Card>
    </>
  );
}
