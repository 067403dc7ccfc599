import { CloudUploadOutlined, DisconnectOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { Alert, Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { urlFor } from '@/lib/routes';
import type { QueuedSample } from './sample-queue';
import { useSampleQueue } from './use-sample-queue';

/** Whether the browser believes it is online, kept current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The samples entered on this phone that the server has not taken yet (issue 24 part 6): waiting for the network, or
 * refused and waiting for the person — a code taken meanwhile, a sample changed by someone else. Nothing is sent over
 * a change silently: a stale edit shows the server's version and asks.
 */
export function QueuedSamples({ tripId }: { tripId: number }) {
  const online = useOnline();
  const { entries, sending, flush, retry, discard } = useSampleQueue(tripId);
  if (entries.length === 0 && online) return null;
  const waiting = entries.filter((e) => e.state === 'waiting').length;
  return (
    <Card
      size="small"
      data-testid="queued-samples"
      title={
        <Space wrap>
          {online ? <CloudUploadOutlined /> : <DisconnectOutlined />}
          <span>{entries.length ? `Mẫu lưu trên máy, chưa gửi (${entries.length})` : 'Đang mất kết nối'}</span>
        </Space>
      }
      extra={
        waiting > 0 && online ? (
          <Button size="small" onClick={() => void flush()} loading={sending}>
            Gửi ngay
          </Button>
        ) : null
      }
    >
      {!online && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: entries.length ? 12 : 0 }}
          message="Không có mạng: mẫu nhập mới được lưu trên máy này và tự gửi khi có mạng trở lại."
        />
      )}
      {entries.length > 0 && (
        <List
          size="small"
          dataSource={entries}
          rowKey="key"
          renderItem={(e) => <QueuedRow entry={e} onRetry={retry} onDiscard={discard} />}
        />
      )}
    </Card>
  );
}

function QueuedRow({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: QueuedSample;
  onRetry: (e: QueuedSample) => Promise<void>;
  onDiscard: (key: string) => Promise<void>;
}) {
  const editUrl =
    entry.kind === 'create'
      ? `${urlFor('monitoring.samples.create')}?trip_id=${entry.trip_id}&queued=${entry.key}`
      : `${urlFor('monitoring.samples.edit', { id: entry.sample_id })}?queued=${entry.key}`;
  const stale = entry.kind === 'update' && entry.state === 'conflict' && entry.current;
  return (
    <List.Item data-testid="queued-sample">
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{entry.label}</Typography.Text>
          {entry.kind === 'update' && <Tag>Sửa mẫu</Tag>}
          {entry.state === 'waiting' ? <Tag color="blue">Chờ gửi</Tag> : <Tag color="red">Cần xử lý</Tag>}
        </Space>
        <Typography.Text type="secondary">Lưu lúc {formatDateTime(entry.saved_at)}</Typography.Text>
        {entry.state === 'conflict' && entry.error && (
          <Alert
            type="error"
            showIcon
            message={entry.error.message}
            description={
              stale && entry.current
                ? `Trên máy chủ, mẫu ${entry.current.code} đã được cập nhật lúc ${formatDateTime(entry.current.updated_at)}. Xem bản hiện tại trước khi quyết định ghi đè.`
                : entry.error.fields
                    .map((f) => f.message)
                    .filter((m) => m !== entry.error?.message)
                    .join(' ') || undefined
            }
          />
        )}
        {entry.state === 'conflict' && (
          <Space wrap>
            {stale && entry.current ? (
              <>
                <Link to={urlFor('monitoring.samples.show', { id: entry.current.id })}>Xem bản hiện tại</Link>
                <Popconfirm
                  title="Ghi đè bằng bản sửa của bạn?"
                  description="Các thay đổi người khác vừa lưu sẽ bị thay bằng bản này."
                  okText="Ghi đè"
                  cancelText="Không"
                  onConfirm={() =>
                    onRetry({ ...entry, body: { ...entry.body, version: entry.current!.version } } as QueuedSample)
                  }
                >
                  <Button size="small">Ghi đè bằng bản của tôi</Button>
                </Popconfirm>
              </>
            ) : (
              <>
                <Link to={editUrl}>Sửa và gửi lại</Link>
                <Button size="small" onClick={() => void onRetry(entry)}>
                  Gửi lại
                </Button>
              </>
            )}
            <Popconfirm
              title="Bỏ bản nhập này?"
              description="Bản nhập chỉ có trên máy này; bỏ đi sẽ không lấy lại được."
              okText="Bỏ"
              cancelText="Không"
              okButtonProps={{ danger: true }}
              onConfirm={() => onDiscard(entry.key)}
            >
              <Button size="small" danger>
                Bỏ
              </Button>
            </Popconfirm>
          </Space>
        )}
      </Space>
    </List.Item>
  );
}
