import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ActiveTag } from '@/components/active-tag';
import { DeleteButton } from '@/components/delete-button';
import { CreateButton } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { urlFor } from '@/lib/routes';
import { type AttendanceSite, useAttendanceSites, useDeleteAttendanceSite } from '../api/attendance-api';

const coordinate = (n: number) => n.toFixed(6).replace('.', ',');

/** The places staff check in at by GPS: a point, a radius, and who may use it. */
export default function SiteListPage() {
  const navigate = useNavigate();
  const sites = useAttendanceSites();
  const remove = useDeleteAttendanceSite();

  const columns: TableColumnsType<AttendanceSite> = [
    {
      key: 'name',
      title: 'Địa điểm',
      render: (_, s) => (
        <span>
          <Typography.Text strong>{s.name}</Typography.Text>
          <Typography.Text type="secondary"> · {s.code}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'where',
      title: 'Tọa độ',
      width: 210,
      responsive: ['md'],
      render: (_, s) => (
        <a
          href={`https://www.openstreetmap.org/?mlat=${s.latitude}&mlon=${s.longitude}#map=17/${s.latitude}/${s.longitude}`}
          target="_blank"
          rel="noreferrer"
        >
          {coordinate(s.latitude)}; {coordinate(s.longitude)}
        </a>
      ),
    },
    { key: 'radius', title: 'Bán kính', width: 100, align: 'right', render: (_, s) => `${s.radius_m} m` },
    {
      key: 'who',
      title: 'Áp dụng cho',
      width: 170,
      responsive: ['sm'],
      render: (_, s) => (s.all_staff ? 'Tất cả nhân viên' : `${s.user_ids.length} nhân viên`),
    },
    { key: 'active', title: 'Trạng thái', width: 130, responsive: ['sm'], render: (_, s) => <ActiveTag active={s.active} /> },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 120,
      render: (_, s) => (
        <Space size={0}>
          <Button
            type="link"
            icon={<EditOutlined />}
            aria-label={`Sửa địa điểm ${s.name}`}
            onClick={() => navigate(urlFor('attendance.sites.edit', { id: s.id }))}
          />
          <DeleteButton
            noun="địa điểm chấm công"
            name={s.name}
            content="Các lần chấm công đã ghi tại đây vẫn được giữ. Địa điểm đã có người chấm công có thể không xóa được — khi đó hãy tắt “Đang sử dụng”."
            remove={() => remove.mutateAsync(s.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Địa điểm chấm công"
        subtitle="Nơi nhân viên chấm công bằng GPS: tọa độ, bán kính cho phép và ai được chấm tại đó."
        extra={<CreateButton label="Thêm địa điểm" to={urlFor('attendance.sites.create')} />}
      />
      <Card>
        {sites.isError ? (
          <LoadError plain error={sites.error} onRetry={() => sites.refetch()} />
        ) : (
          <Table<AttendanceSite>
            rowKey="id"
            columns={columns}
            scroll={{ x: 'max-content' }}
            dataSource={sites.data}
            loading={sites.isFetching}
            pagination={false}
            locale={{
              emptyText: sites.isPending ? (
                ' '
              ) : (
                <Empty description="Chưa có địa điểm chấm công nào">
                  <CreateButton label="Thêm địa điểm" to={urlFor('attendance.sites.create')} />
                </Empty>
              ),
            }}
          />
        )}
      </Card>
    </>
  );
}
