import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckCircleFilled,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ProcessDetail, ProcessStep } from '@qlcv/common/schemas/processes';
import { App, Button, Empty, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { type DragEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictAlert } from '@/components/page-states';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useDeleteProcessStep, useReorderProcessSteps } from '../api/processes-api';
import { formatHours } from './hours';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

interface Props {
  process: ProcessDetail;
  canEdit: boolean;
  onReload: () => void;
  reloading: boolean;
}

/** The process's steps in order: drag a row by its handle or use the arrows to reorder; add, edit, delete. */
export function StepsTable({ process, canEdit, onReload, reloading }: Props) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const reorder = useReorderProcessSteps(process.id);
  const remove = useDeleteProcessStep();
  const [steps, setSteps] = useState(process.steps);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  // The server's order wins whenever the process changes (a save, a reload, another step added).
  useEffect(() => setSteps(process.steps), [process.steps]);

  const total = steps.reduce((sum, s) => sum + s.duration_hours, 0);

  const move = async (from: number, to: number) => {
    if (from === to || to < 0 || to >= steps.length || reorder.isPending) return;
    const before = steps;
    const next = moved(steps, from, to);
    setSteps(next);
    setConflict(null);
    try {
      await reorder.mutateAsync({ step_ids: next.map((s) => s.id), version: process.version });
      notifySuccess(`Đã chuyển bước “${before[from]?.name}” tới vị trí ${to + 1}.`);
    } catch (error) {
      setSteps(before);
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else if (!(error instanceof ApiError && error.canceled))
        notifyError(error instanceof Error ? error.message : String(error));
    }
  };

  const confirmDelete = (step: ProcessStep) =>
    modal.confirm({
      title: `Xóa bước “${step.name}”?`,
      content:
        'Các bước phía sau sẽ được đánh số lại. Những yêu cầu đang chạy theo quy trình này giữ nguyên các bước đã tiếp nhận.',
      okText: 'Xóa bước',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(step);
          notifySuccess(`Đã xóa bước “${step.name}”.`);
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  const columns: TableColumnsType<ProcessStep> = [
    ...(canEdit && steps.length > 1
      ? [
          {
            key: 'drag',
            width: 36,
            render: () => (
              <Tooltip title="Kéo để sắp xếp">
                <HolderOutlined style={{ cursor: 'grab', color: '#8c8c8c' }} aria-hidden />
              </Tooltip>
            ),
          },
        ]
      : []),
    { key: 'position', title: 'Bước', width: 60, align: 'center', render: (_, _s, i) => i + 1 },
    {
      key: 'name',
      title: 'Tên bước',
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.4 }}>
          <Typography.Text strong>{s.name}</Typography.Text>
          {s.description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: s.description }}>
              {s.description}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'department', title: 'Phòng ban phụ trách', width: 200, render: (_, s) => s.department?.name ?? dash },
    { key: 'assignee', title: 'Người phụ trách mặc định', width: 190, render: (_, s) => s.default_assignee?.name ?? dash },
    { key: 'sla', title: 'SLA (giờ)', width: 100, align: 'right', render: (_, s) => s.duration_hours },
    {
      key: 'result',
      title: 'Tạo kết quả',
      width: 110,
      align: 'center',
      render: (_, s) =>
        s.produces_result ? (
          <Tag color="green" icon={<CheckCircleFilled />}>
            Có
          </Tag>
        ) : (
          dash
        ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 200,
            render: (_: unknown, s: ProcessStep, i: number) => (
              <Space size={0}>
                <Tooltip title="Chuyển lên">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, i - 1)}
                    aria-label={`Chuyển bước ${s.name} lên`}
                  />
                </Tooltip>
                <Tooltip title="Chuyển xuống">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={i === steps.length - 1 || reorder.isPending}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Chuyển bước ${s.name} xuống`}
                  />
                </Tooltip>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('process_steps.edit', { id: s.id }))}
                  aria-label={`Sửa bước ${s.name}`}
                >
                  Sửa
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(s)}
                  aria-label={`Xóa bước ${s.name}`}
                >
                  Xóa
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const dragRow = (index: number) =>
    canEdit && steps.length > 1
      ? {
          draggable: !reorder.isPending,
          'data-testid': 'step-row',
          onDragStart: (e: DragEvent) => {
            setDragging(index);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(index));
          },
          onDragOver: (e: DragEvent) => {
            if (dragging === null) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            if (over !== index) setOver(index);
          },
          onDragLeave: () => setOver((o) => (o === index ? null : o)),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const from = dragging;
            setDragging(null);
            setOver(null);
            if (from !== null) void move(from, index);
          },
          onDragEnd: () => {
            setDragging(null);
            setOver(null);
          },
          style: {
            cursor: 'grab',
            opacity: dragging === index ? 0.5 : 1,
            boxShadow:
              over !== null && dragging !== null && over !== dragging
                ? over === index
                  ? `inset 0 ${over > dragging ? '-' : ''}2px 0 #0b7a75`
                  : undefined
                : undefined,
          },
        }
      : { 'data-testid': 'step-row' };

  return (
    <>
      {conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      <Table<ProcessStep>
        rowKey="id"
        columns={columns}
        dataSource={steps}
        loading={reorder.isPending}
        pagination={false}
        scroll={{ x: 960 }}
        onRow={(_, index) => dragRow(index ?? 0) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: (
            <Empty description="Quy trình chưa có bước nào">
              {canEdit && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => navigate(urlFor('process_steps.create', { id: process.id }))}
                >
                  Thêm bước đầu tiên
                </Button>
              )}
            </Empty>
          ),
        }}
        summary={() =>
          steps.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={canEdit && steps.length > 1 ? 5 : 4} align="right">
                <Typography.Text strong>Tổng thời hạn</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Typography.Text strong data-testid="total-sla">
                  {total}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={canEdit ? 2 : 1}>
                <Typography.Text type="secondary">{formatHours(total)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}
