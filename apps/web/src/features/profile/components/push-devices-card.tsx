import { BellOutlined, DeleteOutlined, MobileOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import type { PushSubscription } from '@qlcv/common/schemas/push-subscriptions';
import { Alert, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { LoadError } from '@/components/page-states';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { getPushPublicKey, usePushDevices, useRemovePushDevice, useSavePushDevice } from '../api/profile-api';
import {
  guessDeviceLabel,
  PushSetupError,
  type PushSupport,
  readPushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './push-support';

const DENIED =
  'Bạn đã chặn thông báo cho trang này. Mở cài đặt trang của trình duyệt (biểu tượng ổ khoá cạnh địa chỉ) để cho phép lại.';

/**
 * "Thiết bị nhận thông báo": the browsers I get push notifications in, each removable ("Gỡ"), and the button that
 * turns them on in this one — or why it cannot (an unsupported browser, an iPhone not installed, permission refused).
 */
export function PushDevicesCard() {
  const devices = usePushDevices();
  const save = useSavePushDevice();
  const remove = useRemovePushDevice();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshSupport = useCallback(() => {
    readPushSupport()
      .then(setSupport)
      .catch(() => setSupport({ kind: 'unsupported' }));
  }, []);
  useEffect(refreshSupport, [refreshSupport]);

  const list = devices.data?.data ?? [];
  const here = support?.kind === 'ready' ? support.endpoint : null;
  const onHere = here !== null && list.some((d) => d.endpoint === here);

  const turnOn = async () => {
    setBusy(true);
    try {
      const sub = await subscribeThisBrowser(await getPushPublicKey());
      await save.mutateAsync({
        endpoint: sub.endpoint ?? '',
        keys: { p256dh: sub.keys?.p256dh ?? '', auth: sub.keys?.auth ?? '' },
        device_label: guessDeviceLabel(),
      });
      notifySuccess('Đã bật thông báo trên thiết bị này.');
    } catch (e) {
      if (e instanceof PushSetupError && e.message === 'denied') {
        // Shown in the card from now on.
      } else if (e instanceof PushSetupError) notifyError(e.message);
      else if (!(e instanceof ApiError)) {
        // The server's refusals are toasts already; the browser's own failures are said here.
        notifyError('Không bật được thông báo trên trình duyệt này. Vui lòng thử lại.');
      }
    } finally {
      setBusy(false);
      refreshSupport();
    }
  };

  const removeDevice = async (device: PushSubscription) => {
    try {
      await remove.mutateAsync(device.id);
      if (device.endpoint === here) await unsubscribeThisBrowser(device.endpoint).catch(() => undefined);
      notifySuccess(`Đã gỡ thiết bị "${device.device_label}".`);
    } catch {
      // The server's message is already a toast.
    } finally {
      refreshSupport();
    }
  };

  return (
    <Card title="Thiết bị nhận thông báo" data-testid="push-devices">
      <Typography.Paragraph type="secondary">
        Nhận thông báo đẩy trên điện thoại hoặc máy tính, kể cả khi không mở ứng dụng. Chọn sự kiện nào gửi qua kênh “Thông báo
        đẩy” ở mục Thông báo của tôi.
      </Typography.Paragraph>
      <ThisDevice support={support} onHere={onHere} busy={busy} onTurnOn={turnOn} />
      {devices.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : devices.isError ? (
        <LoadError plain error={devices.error} onRetry={() => devices.refetch()} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có thiết bị nào nhận thông báo đẩy" />
      ) : (
        <Flex vertical gap={8} role="list" aria-label="Thiết bị nhận thông báo">
          {list.map((d) => (
            <Flex
              key={d.id}
              role="listitem"
              data-testid="push-device"
              gap={12}
              align="center"
              style={{ padding: '8px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}
            >
              <MobileOutlined style={{ fontSize: 20, color: '#8c8c8c' }} aria-hidden />
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {d.device_label} {d.endpoint === here && <Tag color="green">Thiết bị này</Tag>}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Thêm lúc {formatDateTime(d.created_at)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.last_success_at ? `Gửi thành công gần nhất: ${formatDateTime(d.last_success_at)}` : 'Chưa gửi lần nào'}
                  {d.failures > 0 && ` · ${d.failures} lần gửi lỗi`}
                </Typography.Text>
              </Flex>
              <Popconfirm
                title="Gỡ thiết bị này?"
                description="Thiết bị sẽ không nhận thông báo đẩy nữa."
                okText="Gỡ"
                cancelText="Không"
                okButtonProps={{ danger: true }}
                onConfirm={() => removeDevice(d)}
              >
                <Button danger icon={<DeleteOutlined />} aria-label={`Gỡ ${d.device_label}`}>
                  Gỡ
                </Button>
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function ThisDevice({
  support,
  onHere,
  busy,
  onTurnOn,
}: {
  support: PushSupport | null;
  onHere: boolean;
  busy: boolean;
  onTurnOn: () => void;
}) {
  const box = { marginBottom: 16 };
  if (!support) return null;
  if (support.kind === 'ios-not-installed') {
    return (
      <Alert
        style={box}
        type="info"
        showIcon
        title="Thêm vào Màn hình chính để nhận thông báo"
        description="Trên iPhone và iPad, thông báo chỉ đến khi ứng dụng được mở từ Màn hình chính: bấm nút Chia sẻ của Safari, chọn “Thêm vào Màn hình chính”, rồi mở ứng dụng từ đó và bật thông báo tại đây."
      />
    );
  }
  if (support.kind === 'unsupported') {
    return (
      <Alert
        style={box}
        type="warning"
        showIcon
        title="Trình duyệt này không hỗ trợ thông báo đẩy"
        description="Hãy dùng Chrome, Edge, Firefox hoặc Safari bản mới."
      />
    );
  }
  if (support.kind === 'denied') {
    return <Alert style={box} type="warning" showIcon title="Thông báo đang bị chặn" description={DENIED} />;
  }
  if (onHere) {
    return <Alert style={box} type="success" showIcon title="Thiết bị này đang nhận thông báo đẩy." />;
  }
  return (
    <div style={box}>
      <Button type="primary" icon={<BellOutlined />} loading={busy} onClick={onTurnOn}>
        Bật thông báo trên thiết bị này
      </Button>
    </div>
  );
}
