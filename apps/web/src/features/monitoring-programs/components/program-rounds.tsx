import { CheckOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import type { ProgramDetail, Round } from '@qlcv/common/schemas/monitoring-programs';
import { App, Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { type RoundVerb, useMoveRound } from '../api/monitoring-programs-api';
import { RoundStatusTag } from './program-labels';

const ASK: Record<RoundVerb, { title: (r: Round) => string; content: string; ok: string; done: (r: Round) => string }> = {
  done: {
    title: (r) => `Ghi nhận đợt ${r.name} đã thực hiện?`,
    content: 'Đợt được tính vào tiến độ của chương trình; thời gian và chỉ tiêu của chương trình không còn sửa được.',
    ok: 'Đã thực hiện',
    done: (r) => `Đã ghi nhận đợt ${r.name}.`,
  },
  cancel: {
    title: (r) => `Hủy đợt ${r.name}?`,
    content: 'Đợt không còn phải thực hiện và không tính là trễ hạn; có thể mở lại sau.',
    ok: 'Hủy đợt',
    done: (r) => `Đã hủy đợt ${r.name}.`,
  },
  reopen: {
    title: (r) => `Mở lại đợt ${r.name}?`,
    content: 'Đợt trở về "Chưa thực hiện".',
    ok: 'Mở lại',
    done: (r) => `Đã mở lại đợt ${r.name}.`,
  },
};

/** The rounds of a programme, each with its due date, lines due and state; moved one by one by whoever may edit. */
export function ProgramRounds({ program, canEdit, onStale }: { program: ProgramDetail; canEdit: boolean; onStale: () => void }) {
  const { modal } = App.useApp();
  const move = useMoveRound(program.id);

  const ask = (round: Round, verb: RoundVerb) => {
    const a = ASK[verb];
    modal.confirm({
      title: a.title(round),
      content: a.content,
      okText: a.ok,
      cancelText: 'Đóng',
      onOk: async () => {
        try {
          await move.mutateAsync({ roundId: round.id, verb, version: round.version });
          notifySuccess(a.done(round));
        } catch (error) {
          notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
          if (error instanceof ApiError && error.status === 409) onStale();
        }
      },
    });
  };

  const columns: TableColumnsType<Round> = [
    {
      key: 'name',
      title: 'Đợt',
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <strong>{r.name}</strong>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDate(r.period_start)} – {formatDate(r.period_end)}
          </Typography.Text>
        </span>
      ),
    },
    // On a phone the period under the name says it (the due date is its last day): room for the actions.
    { key: 'due', title: 'Hạn', width: 110, responsive: ['sm'], render: (_, r) => formatDate(r.due_date) },
    { key: 'lines', title: 'Chỉ tiêu', width: 90, responsive: ['sm'], render: (_, r) => r.lines_due },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 140,
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <RoundStatusTag round={r} />
          {r.done_at && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.done_by?.name ?? 'Hệ thống'} · {formatDateTime(r.done_at)}
            </Typography.Text>
          )}
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 130,
            render: (_: unknown, r: Round) =>
              r.status === 'planned' ? (
                <Space size={0} orientation="vertical" align="start">
                  <Button
                    type="link"
                    size="small"
                    icon={<CheckOutlined />}
                    onClick={() => ask(r, 'done')}
                    aria-label={`Ghi nhận đợt ${r.name} đã thực hiện`}
                  >
                    Đã thực hiện
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    onClick={() => ask(r, 'cancel')}
                    aria-label={`Hủy đợt ${r.name}`}
                  >
                    Hủy
                  </Button>
                </Space>
              ) : (
                <Button
                  type="link"
                  size="small"
                  icon={<RollbackOutlined />}
                  onClick={() => ask(r, 'reopen')}
                  aria-label={`Mở lại đợt ${r.name}`}
                >
                  Mở lại
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card title={`Các đợt quan trắc (${program.rounds.length})`} styles={{ body: { padding: 0 } }}>
      <Table<Round>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={program.rounds}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (r.late ? 'row-late' : '')}
        onRow={(r) => ({ 'data-testid': 'round-row', 'data-round': r.name }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: 'Chương trình chưa có đợt nào' }}
      />
    </Card>
  );
}
