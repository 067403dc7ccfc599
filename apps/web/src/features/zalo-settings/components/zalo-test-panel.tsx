import {
  ZALO_MESSAGE_KIND_LABELS,
  ZALO_MESSAGE_KINDS,
  type ZaloSettings,
  type ZaloTestResult,
  zaloTestMessageBody,
} from '@qlcv/common/schemas/zalo-settings';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';
import { zodRule } from '@/lib/forms';
import { useSendZaloTestMessage, useTestZaloConnection } from '../api/zalo-settings-api';

/** Zalo's verdict: a sentence, and its raw answer below. */
function TestResult({ result, testId }: { result: ZaloTestResult; testId: string }) {
  return (
    <Alert
      role="status"
      data-testid={testId}
      type={result.ok ? 'success' : 'error'}
      showIcon
      title={result.message}
      description={
        result.provider_response ? (
          <>
            <Typography.Text type="secondary">Phản hồi của Zalo:</Typography.Text>
            <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: '4px 0 0', maxHeight: 200, overflow: 'auto' }}>
              {result.provider_response}
            </pre>
          </>
        ) : undefined
      }
      style={{ marginTop: 12 }}
    />
  );
}

/** The call itself failed (422 not set up, 403…): its message in the same place. */
const failed = (error: unknown): ZaloTestResult => ({
  ok: false,
  message: error instanceof ApiError ? error.message : 'Không gửi được yêu cầu kiểm tra.',
  provider_response: null,
});

/** `tên=giá trị` lines → the template's parameters. */
function parseData(text: string | undefined): Record<string, string> | undefined {
  const pairs = (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    });
  return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
}

interface MessageValues {
  phone: string;
  kind: string;
  data?: string;
}

/** The two checks against Zalo, run with the saved settings. */
export function ZaloTestPanel({ settings, dirty }: { settings: ZaloSettings; dirty: boolean }) {
  const connection = useTestZaloConnection();
  const message = useSendZaloTestMessage();
  const [connectionResult, setConnectionResult] = useState<ZaloTestResult | null>(null);
  const [messageResult, setMessageResult] = useState<ZaloTestResult | null>(null);
  const [form] = Form.useForm<MessageValues>();
  const kinds = ZALO_MESSAGE_KINDS.filter((k) => settings.templates[k]);

  const runConnection = async () => {
    setConnectionResult(null);
    try {
      setConnectionResult(await connection.mutateAsync());
    } catch (error) {
      setConnectionResult(failed(error));
    }
  };

  const sendMessage = async (values: MessageValues) => {
    setMessageResult(null);
    try {
      setMessageResult(
        await message.mutateAsync({ phone: values.phone, kind: values.kind as never, data: parseData(values.data) }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) handleSubmitError(form, error);
      setMessageResult(failed(error));
    }
  };

  return (
    <Card title="Kiểm tra với Zalo" data-testid="zalo-test-panel">
      {dirty && (
        <Alert
          type="info"
          showIcon
          title="Các kiểm tra dùng cài đặt đã lưu: hãy lưu thay đổi trước."
          style={{ marginBottom: 12 }}
        />
      )}
      {!settings.configured && (
        <Alert
          type="warning"
          showIcon
          title="Chưa đủ thông tin kết nối: cần access token, hoặc refresh token cùng App ID và Secret key."
          style={{ marginBottom: 12 }}
        />
      )}
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>Kết nối</Typography.Title>
          <Typography.Paragraph type="secondary">
            Đọc danh sách mẫu ZNS của OA bằng access token đã lưu (tự cấp lại token nếu sắp hết hạn).
          </Typography.Paragraph>
          <Button onClick={runConnection} loading={connection.isPending} data-testid="zalo-test-connection">
            Kiểm tra kết nối
          </Button>
          {connectionResult && <TestResult result={connectionResult} testId="zalo-connection-result" />}
        </Col>
        <Col xs={24} lg={14}>
          <Typography.Title level={5}>Gửi tin thử</Typography.Title>
          <Form form={form} layout="vertical" onFinish={sendMessage} requiredMark="optional">
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="phone"
                  label="Số điện thoại nhận"
                  rules={[{ required: true, message: 'Vui lòng nhập số điện thoại' }, zodRule(zaloTestMessageBody.shape.phone)]}
                >
                  <Input inputMode="tel" placeholder="09xxxxxxxx" data-testid="zalo-test-phone" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="kind" label="Loại tin" rules={[{ required: true, message: 'Vui lòng chọn loại tin' }]}>
                  <Select
                    placeholder={kinds.length ? 'Chọn loại tin' : 'Chưa có mẫu ZNS nào'}
                    options={kinds.map((k) => ({ value: k, label: ZALO_MESSAGE_KIND_LABELS[k] }))}
                    data-testid="zalo-test-kind"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="data"
              label="Dữ liệu mẫu"
              extra="Mỗi dòng một tham số của mẫu: tên=giá trị (mẫu OTP tự nhận otp=123456)."
            >
              <Input.TextArea rows={3} placeholder={'customer_name=Nguyễn Văn An\nrequest_code=YC2611-0007'} />
            </Form.Item>
            <Button htmlType="submit" loading={message.isPending} data-testid="zalo-test-send">
              Gửi tin thử
            </Button>
          </Form>
          {messageResult && <TestResult result={messageResult} testId="zalo-message-result" />}
        </Col>
      </Row>
    </Card>
  );
}
