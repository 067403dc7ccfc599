import { SendOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { timeAgo } from '@qlcv/common/format/relative-time';
import { commentBody } from '@qlcv/common/schemas/works';
import { Button, Card, Empty, Form, Input, Skeleton, Typography } from 'antd';
import { LoadError } from '@/components/page-states';
import { UserAvatar } from '@/components/user-avatar';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { notifyError } from '@/lib/notify/notify';
import { useAddComment, useComments } from '../api/works-api';

/** "Bình luận": everyone who sees the work reads and writes them. */
export function WorkComments({ workId, count }: { workId: number; count: number }) {
  const comments = useComments(workId);
  const add = useAddComment(workId);
  const [form] = Form.useForm<{ body: string }>();

  const onFinish = async ({ body }: { body: string }) => {
    try {
      await add.mutateAsync(body.trim());
      form.resetFields();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)))
        notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
    }
  };

  let body: React.ReactNode;
  if (comments.isPending) body = <Skeleton active avatar paragraph={{ rows: 2 }} />;
  else if (comments.isError) body = <LoadError plain error={comments.error} onRetry={() => comments.refetch()} />;
  else if (comments.data.data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có bình luận nào" />;
  else
    body = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Bình luận">
        {comments.data.data.map((c) => (
          <li
            key={c.id}
            data-testid="comment"
            style={{ display: 'flex', gap: 12, padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}
          >
            <UserAvatar name={c.user?.name} size={32} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong>{c.user?.name ?? 'Người dùng đã xóa'}</Typography.Text>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12, marginInlineStart: 8 }}
                title={formatDateTime(c.created_at)}
              >
                {timeAgo(c.created_at)}
              </Typography.Text>
              <div style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>{c.body}</div>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <Card title={`Bình luận (${comments.data?.meta.total ?? count})`}>
      {body}
      <Form form={form} onFinish={onFinish} style={{ marginTop: 12 }}>
        <Form.Item name="body" rules={[zodRule(commentBody.shape.body)]} style={{ marginBottom: 8 }}>
          <Input.TextArea
            {...textLimit(commentBody.shape.body)}
            aria-label="Nội dung bình luận"
            placeholder="Viết bình luận…"
            rows={2}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={add.isPending}>
          Gửi bình luận
        </Button>
      </Form>
    </Card>
  );
}
