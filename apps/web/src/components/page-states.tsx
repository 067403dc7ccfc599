import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';

// Ant Design's Result brings its three illustrations (≈ 33 KB, 10 KB gz): loaded only when a load has failed.
const Result = lazy(() => import('antd/es/result'));

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE);

/** A load that failed: the server's message and "Thử lại"; a 404 reads as "not found" with a way back. */
export function LoadError({
  error,
  onRetry,
  notFoundTitle = 'Không tìm thấy dữ liệu',
  back,
  plain,
}: {
  error: unknown;
  onRetry: () => void;
  notFoundTitle?: string;
  /** Without the surrounding card (inside one already). */
  plain?: boolean;
  /** Shown beside "Thử lại", e.g. a link back to the list. */
  back?: ReactNode;
}) {
  const wrap = (node: ReactNode) => {
    const result = <Suspense fallback={<div role="status">Đang tải…</div>}>{node}</Suspense>;
    return plain ? result : <Card>{result}</Card>;
  };
  if (error instanceof ApiError && error.status === 404) {
    return wrap(
      <Result status="404" title={notFoundTitle} subTitle="Có thể dữ liệu đã bị xóa hoặc đường dẫn không đúng." extra={back} />,
    );
  }
  return wrap(
    <Result
      status="error"
      title="Không tải được dữ liệu"
      subTitle={messageOf(error)}
      extra={[
        <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
          Thử lại
        </Button>,
        back ? <span key="back">{back}</span> : null,
      ]}
    />,
  );
}

/** While a record loads. */
export function LoadingCard({ rows = 6 }: { rows?: number }) {
  return (
    <Card aria-busy="true" aria-label="Đang tải dữ liệu">
      <Skeleton active paragraph={{ rows }} />
    </Card>
  );
}

/** 409: someone else saved the record meanwhile; "Tải lại" fetches the latest version. */
export function ConflictAlert({ message, onReload, reloading }: { message: string; onReload: () => void; reloading?: boolean }) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="conflict-alert"
      title="Dữ liệu đã thay đổi"
      description={`${message} Khi tải lại, những thay đổi bạn chưa lưu trên biểu mẫu sẽ bị thay bằng dữ liệu mới nhất.`}
      action={
        <Button size="small" type="primary" icon={<ReloadOutlined />} loading={reloading} onClick={onReload}>
          Tải lại
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
