import { CheckOutlined, CopyOutlined, InboxOutlined, SearchOutlined } from '@ant-design/icons';
import { DOCUMENT_ACCEPT } from '@qlcv/common/schemas/documents';
import { PUBLIC_MAX_FILES, publicRequestBody } from '@qlcv/common/schemas/public-requests';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Result, Row, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { MOBILE_LABEL, MOBILE_PLACEHOLDER, PHONE_INPUT } from '@/lib/phone-fields';
import { urlFor } from '@/lib/routes';
import { type PublicRequestInput, usePublicRequestTypes, useSubmitPublicRequest } from '../api/public-requests-api';

/** The size each file may have, as the server is set up by default (UPLOAD_MAX_MB). */
const MAX_FILE_MB = 20;
const shape = publicRequestBody.shape;

interface Values {
  request_type_id?: number;
  name: string;
  mobile: string;
  email?: string;
  organization?: string;
  address?: string;
  title: string;
  content: string;
  files?: UploadFile[];
  consent?: boolean;
  website?: string;
}

/** 128 random bits as hex; `crypto.randomUUID` needs HTTPS, which an office LAN may not have. */
function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const filesRule = {
  validator: async (_: unknown, files: UploadFile[] | undefined) => {
    const list = files ?? [];
    if (list.length > PUBLIC_MAX_FILES) throw new Error(`Chỉ được gửi tối đa ${PUBLIC_MAX_FILES} tệp.`);
    const big = list.find((f) => (f.size ?? 0) > MAX_FILE_MB * 1024 * 1024);
    if (big) throw new Error(`Tệp "${big.name}" vượt quá ${MAX_FILE_MB} MB.`);
    const allowed = DOCUMENT_ACCEPT.split(',');
    const odd = list.find((f) => !allowed.some((ext) => f.name.toLowerCase().endsWith(ext)));
    if (odd) throw new Error(`Tệp "${odd.name}" không thuộc loại được nhận.`);
  },
};

/** /yeu-cau: a visitor sends a request and gets its tracking code. */
export default function PublicRequestPage() {
  // One form instance, one key: a double click or a retry after a lost answer makes one request.
  const [formKey, setFormKey] = useState(0);
  const [sent, setSent] = useState<string | null>(null);

  if (sent) {
    return (
      <SuccessView
        code={sent}
        onAgain={() => {
          setSent(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  }
  return <RequestForm key={formKey} onSent={setSent} />;
}

function RequestForm({ onSent }: { onSent: (code: string) => void }) {
  const [form] = Form.useForm<Values>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const types = usePublicRequestTypes();
  const submit = useSubmitPublicRequest(idempotencyKey);
  const [error, setError] = useState<ApiError | null>(null);

  const options = useMemo(() => {
    const groups = new Map<string, { label: string; value: number }[]>();
    for (const t of types.data ?? []) {
      const group = t.service_group?.trim() || 'Dịch vụ khác';
      const list = groups.get(group) ?? [];
      list.push({ label: t.name, value: t.id });
      groups.set(group, list);
    }
    return [...groups.entries()].map(([label, opts]) => ({ label, title: label, options: opts }));
  }, [types.data]);

  const onFinish = async (values: Values) => {
    setError(null);
    const input: PublicRequestInput = {
      request_type_id: values.request_type_id as number,
      name: values.name,
      mobile: values.mobile,
      email: values.email || undefined,
      organization: values.organization || undefined,
      address: values.address || undefined,
      title: values.title,
      content: values.content,
      consent: values.consent === true,
      website: values.website ?? '',
      files: (values.files ?? []).map((f) => f.originFileObj as File).filter(Boolean),
    };
    try {
      const res = await submit.mutateAsync(input);
      onSent(res.code);
    } catch (err) {
      applyServerErrors(form, err);
      setError(err instanceof ApiError ? err : new ApiError('Đã xảy ra sự cố.', 400, null, []));
    }
  };

  const rateLimited = error?.status === 429;

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Gửi yêu cầu dịch vụ
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Điền thông tin bên dưới để gửi yêu cầu quan trắc, phân tích, lắp đặt thiết bị hoặc lập báo cáo môi trường. Sau khi gửi,
        bạn sẽ nhận được <strong>mã tra cứu</strong> để theo dõi tình trạng và nhận kết quả.
      </Typography.Paragraph>

      {error && (
        <Alert
          type={rateLimited ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={rateLimited ? 'Bạn đã gửi quá nhiều lần' : 'Chưa gửi được yêu cầu'}
          description={error.status === 422 ? 'Vui lòng kiểm tra lại các trường được đánh dấu bên dưới.' : error.message}
        />
      )}

      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={onFinish}
        onFinishFailed={() => setError(null)}
        disabled={submit.isPending}
        initialValues={{ files: [], consent: false, website: '' }}
      >
        <Form.Item
          name="request_type_id"
          label="Loại yêu cầu"
          rules={[{ required: true, message: 'Vui lòng chọn loại yêu cầu' }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={types.isLoading ? 'Đang tải…' : 'Chọn loại yêu cầu'}
            options={options}
            loading={types.isLoading}
            notFoundContent={types.isError ? 'Không tải được danh sách loại yêu cầu' : 'Chưa có loại yêu cầu nào'}
          />
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Họ và tên" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} autoComplete="name" placeholder="Nguyễn Văn A" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="mobile"
              label={MOBILE_LABEL}
              required
              rules={[zodRule(shape.mobile)]}
              extra="Dùng để tra cứu kết quả; mã tra cứu sẽ được gửi qua SMS nếu có."
            >
              <Input {...PHONE_INPUT} autoComplete="tel" placeholder={MOBILE_PLACEHOLDER} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label="Email" rules={[zodRule(shape.email)]}>
              <Input {...textLimit(shape.email)} type="email" autoComplete="email" placeholder="ten@congty.vn" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="organization" label="Đơn vị / tổ chức" rules={[zodRule(shape.organization)]}>
              <Input {...textLimit(shape.organization)} autoComplete="organization" placeholder="Công ty TNHH …" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="address" label="Địa chỉ" rules={[zodRule(shape.address)]}>
          <Input
            {...textLimit(shape.address)}
            autoComplete="street-address"
            placeholder="Số nhà, đường, phường/xã, tỉnh/thành phố"
          />
        </Form.Item>
        <Form.Item name="title" label="Tiêu đề" required rules={[zodRule(shape.title)]}>
          <Input {...textLimit(shape.title)} placeholder="Ví dụ: Quan trắc nước thải quý IV" />
        </Form.Item>
        <Form.Item name="content" label="Nội dung yêu cầu" required rules={[zodRule(shape.content)]}>
          <Input.TextArea {...textLimit(shape.content)} rows={5} placeholder="Mô tả nhu cầu, địa điểm, thời gian mong muốn…" />
        </Form.Item>

        <Form.Item
          name="files"
          label="Tệp đính kèm"
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
          rules={[filesRule]}
          extra={`Tối đa ${PUBLIC_MAX_FILES} tệp, mỗi tệp không quá ${MAX_FILE_MB} MB. Nhận PDF, Word, Excel, PowerPoint, ảnh (PNG, JPEG, GIF, WebP), văn bản (TXT, CSV).`}
        >
          <Upload.Dragger multiple accept={DOCUMENT_ACCEPT} beforeUpload={() => false} maxCount={PUBLIC_MAX_FILES}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Bấm hoặc kéo tệp vào đây để đính kèm</p>
          </Upload.Dragger>
        </Form.Item>

        {/* The honeypot: hidden from people and from screen readers; a bot that fills it is answered and ignored. */}
        <div
          aria-hidden="true"
          style={{ position: 'absolute', left: -10_000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
        >
          <Form.Item name="website" label="Website">
            <Input tabIndex={-1} autoComplete="off" />
          </Form.Item>
        </div>

        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          title="Thông báo xử lý dữ liệu cá nhân"
          description={
            <>
              Thông tin bạn cung cấp (họ tên, số điện thoại, email, địa chỉ, đơn vị và tệp đính kèm) chỉ được dùng để tiếp nhận,
              xử lý và trả kết quả yêu cầu này, được lưu trữ và bảo vệ theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân. Bạn
              có thể đề nghị xem, sửa hoặc xóa dữ liệu của mình bằng cách liên hệ với chúng tôi.
            </>
          }
        />
        <Form.Item name="consent" valuePropName="checked" rules={[zodRule(shape.consent)]}>
          <Checkbox>Tôi đồng ý cho phép xử lý dữ liệu cá nhân của tôi theo thông báo trên (Nghị định 13/2023/NĐ-CP).</Checkbox>
        </Form.Item>

        <Button type="primary" htmlType="submit" size="large" loading={submit.isPending}>
          {submit.isPending ? 'Đang gửi…' : 'Gửi yêu cầu'}
        </Button>
      </Form>
    </Card>
  );
}

/** Copies text; `navigator.clipboard` needs HTTPS, so a plain-HTTP office LAN falls back to a hidden text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function SuccessView({ code, onAgain }: { code: string; onAgain: () => void }) {
  const [copied, setCopied] = useState(false);
  const navigate = useNavigate();
  const copy = async () => {
    if (await copyText(code)) {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  };
  const lookupUrl = `${urlFor('public.requests.result')}?ma=${encodeURIComponent(code)}`;
  return (
    <Card className="qlcv-public-success">
      <Result
        status="success"
        title="Đã gửi yêu cầu thành công"
        subTitle="Vui lòng lưu lại mã tra cứu dưới đây. Bạn cần mã này và số điện thoại đã nhập để xem tình trạng và kết quả xử lý."
      >
        <div style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">Mã tra cứu của bạn</Typography.Text>
          <div>
            <div className="qlcv-tracking-code" data-testid="tracking-code">
              {code}
            </div>
          </div>
          <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={copy}>
            {copied ? 'Đã sao chép' : 'Sao chép mã'}
          </Button>
        </div>
      </Result>
      <div className="qlcv-success-actions">
        <Button type="primary" size="large" icon={<SearchOutlined />} onClick={() => navigate(lookupUrl)}>
          Tra cứu kết quả
        </Button>
        <Button size="large" onClick={onAgain}>
          Gửi yêu cầu khác
        </Button>
      </div>
    </Card>
  );
}
