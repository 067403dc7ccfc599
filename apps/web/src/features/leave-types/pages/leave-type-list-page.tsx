import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { LeaveType } from '@qlcv/common/schemas/leave-types';
import { Alert, Button, Card, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActiveTag } from '@/components/active-tag';
import { DeleteButton } from '@/components/delete-button';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { usePhoneTable } from '@/components/phone-cards';
import { useDeleteLeaveType, useLeaveTypes } from '../api/leave-types-api';
import { LeaveTypeDialog, SYSTEM_CODES } from '../components/leave-type-dialog';

/** What a type means for pay, the annual balance and timekeeping, as tags. */
function Traits({ type }: { type: LeaveType }) {
  return (
    <Space size={[0, 4]} wrap>
      {type.paid ? <Tag color="green">Hưởng lương</Tag> : <Tag>Không hưởng lương</Tag>}
      {type.uses_balance && <Tag color="gold">Trừ phép năm</Tag>}
      {type.counts_as_worked && <Tag color="blue">Tính là ngày công</Tag>}
    </Space>
  );
}

/** Leave types (settings.edit, as the route): every type in its order, added and edited in a dialog. */
export default function LeaveTypeListPage() {
  const types = useLeaveTypes();
  const remove = useDeleteLeaveType();
  // The dialog: 'new', the id of the type edited, or closed.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const edited = typeof editing === 'number' ? types.data?.find((t) => t.id === editing) : undefined;

  const columns: TableColumnsType<LeaveType> = [
    {
      key: 'name',
      title: 'Loại nghỉ',
      width: 250,
      render: (_, t) => (
        <span>
          <Typography.Text strong>{t.name}</Typography.Text>
          <Typography.Text type="secondary"> · {t.code}</Typography.Text>
        </span>
      ),
    },
    { key: 'symbol', title: 'Ký hiệu', width: 90, render: (_, t) => <Tag>{t.symbol}</Tag> },
    { key: 'traits', title: 'Tính chất', render: (_, t) => <Traits type={t} /> },
    { key: 'active', title: 'Trạng thái', width: 150, render: (_, t) => <ActiveTag active={t.active} /> },
    { key: 'order', title: 'Thứ tự', width: 80, align: 'right', responsive: ['md'], dataIndex: 'sort_order' },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 150,
      render: (_, t) => {
        const system = SYSTEM_CODES[t.code];
        return (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={`Sửa loại nghỉ ${t.name}`}
              onClick={() => setEditing(t.id)}
            >
              Sửa
            </Button>
            <DeleteButton
              size="small"
              noun="loại nghỉ"
              name={t.name}
              content="Loại nghỉ đã có đơn nghỉ hoặc trong sổ phép sẽ không xóa được — khi đó hãy tắt “Đang sử dụng”."
              remove={() => remove.mutateAsync(t.id)}
              disabledReason={system && `Hệ thống dùng loại nghỉ này cho ${system}; chỉ có thể ngừng sử dụng.`}
            />
          </Space>
        );
      },
    },
  ];
  const table = usePhoneTable(columns, 900);
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
      Thêm loại nghỉ
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Loại nghỉ phép"
        subtitle="Các loại nghỉ nhân viên chọn khi xin nghỉ, với ký hiệu của chúng trong bảng chấm công."
        extra={create}
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Loại “Tính là ngày công”"
        description="Một loại nghỉ được đánh dấu “Tính là ngày công (công tác)” không phải là nghỉ: ngày của nó được tính là ngày làm việc trong bảng chấm công và hiện bằng ký hiệu của nó (ví dụ CT). Đơn loại này vẫn đi qua người duyệt như đơn nghỉ."
      />
      <Card>
        {types.isError ? (
          <LoadError plain error={types.error} onRetry={() => types.refetch()} />
        ) : (
          <Table<LeaveType>
            rowKey="id"
            {...table}
            dataSource={types.data}
            loading={types.isFetching}
            pagination={false}
            locale={{
              emptyText: types.isPending ? ' ' : <Empty description="Chưa có loại nghỉ nào">{create}</Empty>,
            }}
          />
        )}
      </Card>
      {(editing === 'new' || edited) && (
        <LeaveTypeDialog
          key={edited ? `${edited.id}-${edited.version}` : 'new'}
          type={edited ?? null}
          onClose={() => setEditing(null)}
          onReload={() => types.refetch()}
          reloading={types.isFetching}
        />
      )}
    </>
  );
}
