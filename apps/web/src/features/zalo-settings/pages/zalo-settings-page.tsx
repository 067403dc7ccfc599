import { SaveOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import {
  ZALO_API_BASE,
  ZALO_MESSAGE_KIND_LABELS,
  ZALO_MESSAGE_KINDS,
  ZALO_OAUTH_BASE,
  ZALO_SECRET_LABELS,
  type ZaloSecretField,
  type ZaloSettings,
  zaloSecretAgainMessage,
  zaloSettingsUpdateBody,
} from '@qlcv/common/schemas/zalo-settings';
import {
  Alert,
  Button,
  Card,
  Col,
  Collapse,
  Form,
  type FormInstance,
  Input,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { textLimit, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useUpdateZaloSettings, useZaloSettings, type ZaloSettingsUpdateInput } from '../api/zalo-settings-api';
import { SecretField } from '../components/secret-field';
import { ZaloTestPanel } from '../components/zalo-test-panel';

interface Values {
  oa_id: string | null;
  app_id: string | null;
  /** undefined keeps the stored secret, a string replaces it, null removes it. */
  secret_key?: string | null;
  access_token?: string | null;
  refresh_token?: string | null;
  templates: Record<string, string | null>;
  api_base: string;
  oauth_base: string;
  sms_fallback: boolean;
}

const shape = zaloSettingsUpdateBody.shape;
const DIGITS = { pattern: /^\d*$/, message: 'Chỉ gồm chữ số' };
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
/** A secret box left empty keeps the stored value. */
const secretOf = (v: string | null | undefined) => (v === null ? null : v?.trim() ? v.trim() : undefined);

const SECRET_FIELDS = Object.keys(ZALO_SECRET_LABELS) as ZaloSecretField[];
/** An address as the server compares it: blank is Zalo's own, `x/` is `x`. */
const sameBase = (value: string | null | undefined, fallback: string) => (value?.trim() || fallback).replace(/\/+$/, '');

/** Whether an address in the form differs from the saved one: the stored secrets then must be entered again. */
function basesMoved(form: Pick<FormInstance<Values>, 'getFieldValue'>, settings: ZaloSettings): boolean {
  return (
    sameBase(form.getFieldValue('api_base'), ZALO_API_BASE) !== sameBase(settings.api_base, ZALO_API_BASE) ||
    sameBase(form.getFieldValue('oauth_base'), ZALO_OAUTH_BASE) !== sameBase(settings.oauth_base, ZALO_OAUTH_BASE)
  );
}

const toValues = (s: ZaloSettings): Values => ({
  oa_id: s.oa_id,
  app_id: s.app_id,
  templates: Object.fromEntries(ZALO_MESSAGE_KINDS.map((k) => [k, s.templates[k] ?? null])),
  api_base: s.api_base,
  oauth_base: s.oauth_base,
  sms_fallback: s.sms_fallback,
});

function TokenExpiry({ settings }: { settings: ZaloSettings }) {
  if (!settings.has_access_token) return <Typography.Text type="secondary">Chưa có access token</Typography.Text>;
  if (!settings.token_expires_at) {
    return <Tag color="default">Chưa rõ hạn{settings.has_refresh_token ? ': sẽ cấp lại ở lần dùng đầu' : ''}</Tag>;
  }
  const left = Date.parse(settings.token_expires_at) - Date.now();
  const at = formatDateTime(settings.token_expires_at);
  if (left <= 0) return <Tag color="red">Đã hết hạn lúc {at}</Tag>;
  if (left < 3600_000) return <Tag color="orange">Sắp hết hạn: {at}</Tag>;
  return <Tag color="green">Còn hạn đến {at}</Tag>;
}

/** `settings.zalo.index`: the Zalo OA connection, the ZNS template of each kind of message, and the tests. */
export default function ZaloSettingsPage() {
  const settings = useZaloSettings();
  // Raised by "Tải lại" after a 409: the form starts again from the settings read afresh.
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);

  const reload = async () => {
    await settings.refetch();
    setFormKey((k) => k + 1);
    setDirty(false);
  };

  return (
    <>
      <PageHeader
        title="Kết nối Zalo"
        subtitle="Zalo Official Account và mẫu tin ZNS dùng để gửi mã xác thực và thông báo; tin không gửi được qua Zalo sẽ chuyển sang SMS."
      />
      {settings.isPending ? (
        <LoadingCard rows={12} />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <ZaloSettingsForm
            key={`${formKey}-${settings.data.version}`}
            settings={settings.data}
            onReload={reload}
            reloading={settings.isFetching}
            onDirty={setDirty}
          />
          <ZaloTestPanel settings={settings.data} dirty={dirty} />
        </Space>
      )}
    </>
  );
}

function ZaloSettingsForm({
  settings,
  onReload,
  reloading,
  onDirty,
}: {
  settings: ZaloSettings;
  onReload: () => void;
  reloading: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateZaloSettings();
  const [conflict, setConflict] = useState<string | null>(null);
  // Watched so the notice below the addresses follows the typing.
  Form.useWatch('api_base', form);
  Form.useWatch('oauth_base', form);
  const stored = SECRET_FIELDS.filter((f) => settings[`has_${f}`]);
  const mustReenter = stored.length > 0 && basesMoved(form, settings);

  const onFinish = async (values: Values) => {
    setConflict(null);
    const body: ZaloSettingsUpdateInput = {
      oa_id: blankToNull(values.oa_id),
      app_id: blankToNull(values.app_id),
      secret_key: secretOf(values.secret_key),
      access_token: secretOf(values.access_token),
      refresh_token: secretOf(values.refresh_token),
      templates: Object.fromEntries(ZALO_MESSAGE_KINDS.map((k) => [k, blankToNull(values.templates?.[k])])),
      // The real address is stored as "default", so a later change of Zalo's default follows.
      api_base: blankToNull(values.api_base) === ZALO_API_BASE ? null : blankToNull(values.api_base),
      oauth_base: blankToNull(values.oauth_base) === ZALO_OAUTH_BASE ? null : blankToNull(values.oauth_base),
      sms_fallback: values.sms_fallback,
      version: settings.version,
    };
    try {
      await update.mutateAsync(body);
      notifySuccess('Đã lưu cài đặt Zalo.');
      onDirty(false);
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  const secret = (name: ZaloSecretField, label: string, extra?: string) => (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      dependencies={['api_base', 'oauth_base']}
      rules={[
        // The stored secret never goes to a new address: a new value, or "Xóa".
        (f) => ({
          validator: (_, value) =>
            value === undefined && settings[`has_${name}`] && basesMoved(f, settings)
              ? Promise.reject(new Error(zaloSecretAgainMessage(name)))
              : Promise.resolve(),
        }),
      ]}
    >
      <SecretField masked={settings[name]} maxLength={name === 'secret_key' ? 200 : 4000} testId={`zalo-${name}`} />
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toValues(settings)}
      onFinish={onFinish}
      onValuesChange={() => onDirty(true)}
      requiredMark="optional"
      scrollToFirstError={{ block: 'center' }}
      data-testid="zalo-settings-form"
    >
      {conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      <Card title="Tài khoản Zalo OA" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="oa_id" label="OA ID" rules={[DIGITS, zodRule(shape.oa_id)]}>
              <Input inputMode="numeric" placeholder="Mã Official Account" data-testid="zalo-oa-id" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="app_id" label="App ID" rules={[DIGITS, zodRule(shape.app_id)]}>
              <Input inputMode="numeric" placeholder="Mã ứng dụng trên Zalo for Developers" data-testid="zalo-app-id" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {secret('secret_key', 'Secret key', 'Khóa bí mật của ứng dụng; được mã hóa khi lưu và không bao giờ hiển thị lại.')}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Hạn access token">
              <TokenExpiry settings={settings} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {secret(
              'access_token',
              'Access token',
              'Sống khoảng 25 giờ; hệ thống tự cấp lại bằng refresh token trước khi hết hạn.',
            )}
          </Col>
          <Col xs={24} md={12}>
            {secret('refresh_token', 'Refresh token', 'Chỉ dùng được một lần; hệ thống tự lưu token mới sau mỗi lần cấp lại.')}
          </Col>
          <Col xs={24}>
            <Form.Item
              name="sms_fallback"
              label="Chuyển sang SMS khi Zalo không gửi được"
              valuePropName="checked"
              extra="Người nhận không dùng Zalo, mẫu chưa được duyệt, hết hạn mức…: tin được gửi lại bằng SMS."
            >
              <Switch data-testid="zalo-sms-fallback" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Mẫu tin ZNS" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          Mã mẫu (template id) đã được Zalo duyệt cho từng loại tin. Tham số của mẫu trùng tên với trường dữ liệu, dấu chấm thay
          bằng gạch dưới (request.code → request_code); mẫu OTP cần tham số <Typography.Text code>otp</Typography.Text>. Loại tin
          chưa có mẫu sẽ gửi bằng SMS.
        </Typography.Paragraph>
        <Table
          size="small"
          rowKey="kind"
          pagination={false}
          dataSource={ZALO_MESSAGE_KINDS.map((kind) => ({ kind }))}
          columns={[
            {
              title: 'Loại tin',
              dataIndex: 'kind',
              render: (kind: (typeof ZALO_MESSAGE_KINDS)[number]) => ZALO_MESSAGE_KIND_LABELS[kind],
            },
            {
              title: 'Mã mẫu ZNS',
              dataIndex: 'kind',
              key: 'template',
              width: 220,
              render: (kind: string) => (
                <Form.Item
                  name={['templates', kind]}
                  rules={[DIGITS, { max: 20, message: 'Tối đa 20 chữ số' }]}
                  style={{ margin: 0 }}
                >
                  <Input
                    inputMode="numeric"
                    placeholder="Chưa có"
                    aria-label={`Mã mẫu ZNS: ${kind}`}
                    data-testid={`zalo-template-${kind}`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      </Card>

      <Collapse
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'advanced',
            label: 'Địa chỉ API (nâng cao)',
            forceRender: true,
            children: (
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="api_base"
                    label="Địa chỉ API ZNS"
                    rules={[zodRule(shape.api_base)]}
                    extra={`Mặc định: ${ZALO_API_BASE}`}
                  >
                    <Input {...textLimit(shape.api_base)} data-testid="zalo-api-base" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="oauth_base"
                    label="Địa chỉ cấp token (OAuth)"
                    rules={[zodRule(shape.oauth_base)]}
                    extra={`Mặc định: ${ZALO_OAUTH_BASE}`}
                  >
                    <Input {...textLimit(shape.oauth_base)} data-testid="zalo-oauth-base" />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: mustReenter ? 12 : 0 }}>
                    Chỉ nhận địa chỉ https:// của nhà cung cấp. Khi đổi địa chỉ, các khóa bí mật đã lưu phải được nhập lại (hoặc
                    xóa) trong cùng lần lưu: khóa cũ không bao giờ được gửi tới địa chỉ mới.
                  </Typography.Paragraph>
                  {mustReenter && (
                    <Alert
                      type="warning"
                      showIcon
                      data-testid="zalo-secrets-again"
                      title="Đã đổi địa chỉ API: cần nhập lại khóa bí mật"
                      description={`Ở mục "Tài khoản Zalo OA", bấm "Thay đổi" để nhập lại ${stored
                        .map((f) => ZALO_SECRET_LABELS[f])
                        .join(', ')} (hoặc bấm "Xóa") rồi lưu.`}
                    />
                  )}
                </Col>
              </Row>
            ),
          },
        ]}
      />

      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={update.isPending} data-testid="zalo-save">
        Lưu cài đặt
      </Button>
    </Form>
  );
}
