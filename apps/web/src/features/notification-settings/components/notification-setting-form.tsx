import {
  CHANNEL_LABELS,
  DYNAMIC_RECIPIENT_LABELS,
  type DynamicRecipient,
  EVENT_CATALOGUE,
  EVENT_GROUP_LABELS,
  type EventGroup,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSetting,
  sampleValues,
  templateProblems,
} from '@qlcv/common/schemas/notification-settings';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Alert, Card, Col, Form, type FormInstance, Row, Select, Space, Switch, TreeSelect, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { CheckboxGroup } from '@/components/checkbox-group';
import { type DepartmentOptionNode, useDepartmentTree } from '@/components/department-options';
import { FormFooter } from '@/components/record-form';
import { handleSubmitError } from '@/components/submit-error';
import { UserSelect } from '@/components/user-select';
import { ApiError } from '@/lib/api/api-error';
import { useNotificationPreview, useRoleOptions } from '../api/notification-settings-api';
import { TemplateField } from './template-field';

export interface NotificationSettingFormValues {
  event?: NotificationEvent;
  active: boolean;
  channels: NotificationChannel[];
  roles: number[];
  departments: number[];
  users: number[];
  dynamic: DynamicRecipient[];
  title_template: string;
  body_template: string;
}

export const EMPTY_SETTING: NotificationSettingFormValues = {
  active: true,
  channels: ['in_app'],
  roles: [],
  departments: [],
  users: [],
  dynamic: [],
  title_template: '',
  body_template: '',
};

export const settingToValues = (s: NotificationSetting): NotificationSettingFormValues => ({
  event: s.event as NotificationEvent,
  active: s.active,
  channels: s.channels,
  roles: s.recipients.roles,
  departments: s.recipients.departments,
  users: s.recipients.users,
  dynamic: s.recipients.dynamic,
  title_template: s.title_template,
  body_template: s.body_template,
});

/** The body the API takes, from the form's values. */
export const valuesToBody = (v: NotificationSettingFormValues) => ({
  event: v.event as NotificationEvent,
  active: v.active,
  channels: v.channels,
  recipients: { roles: v.roles ?? [], departments: v.departments ?? [], users: v.users ?? [], dynamic: v.dynamic ?? [] },
  title_template: v.title_template,
  body_template: v.body_template,
});

/** The server names nested fields (`recipients.roles`, `channels.0`); the form holds them flat. */
const FIELD_OF: Record<string, keyof NotificationSettingFormValues> = {
  recipients: 'dynamic',
  'recipients.dynamic': 'dynamic',
  'recipients.roles': 'roles',
  'recipients.departments': 'departments',
  'recipients.users': 'users',
};
const formField = (field: string): keyof NotificationSettingFormValues | undefined => {
  if (FIELD_OF[field]) return FIELD_OF[field];
  const head = field.split('.')[0] ?? '';
  return ['event', 'active', 'channels', 'title_template', 'body_template'].includes(head)
    ? (head as keyof NotificationSettingFormValues)
    : FIELD_OF[field.split('.').slice(0, 2).join('.')];
};

/** A failed save: the server's problems under their fields (each template problem in its own line), else a toast. */
export function showSettingErrors(
  form: FormInstance<NotificationSettingFormValues>,
  error: unknown,
  onConflict?: (message: string) => void,
) {
  if (error instanceof ApiError && error.status === 422) {
    const byField = new Map<string, string[]>();
    for (const e of error.errors) {
      const name = e.field ? formField(e.field) : undefined;
      if (name) byField.set(name, [...(byField.get(name) ?? []), e.message]);
    }
    if (byField.size > 0) {
      form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof NotificationSettingFormValues, errors })));
      form.scrollToField([...byField.keys()][0] as string, { block: 'center' });
      return;
    }
  }
  handleSubmitError(form, error, onConflict);
}

const GROUPS = Object.keys(EVENT_GROUP_LABELS) as EventGroup[];

function templateRule(event: NotificationEvent | undefined, label: string): Rule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Vui lòng nhập ${label}`);
      if (!event) return;
      const problems = templateProblems(value, EVENT_CATALOGUE[event].placeholders);
      if (problems.length > 0) throw new Error(problems.map((p) => p.message).join(' '));
    },
  };
}

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toTree = (nodes: DepartmentOptionNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children.length > 0 ? toTree(n.children) : undefined }));

/** The debounced value: the preview asks the server once typing pauses. */
function useDebounced<T>(value: T, ms = 400): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Props {
  form: FormInstance<NotificationSettingFormValues>;
  initialValues: NotificationSettingFormValues;
  onFinish: (values: NotificationSettingFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Events that already have a setting (create: they cannot be picked again). */
  takenEvents?: readonly string[];
  /** Editing: the event is the setting's own. */
  lockEvent?: boolean;
  /** Names the setting already holds (users outside the first page of the picker). */
  knownUsers?: { id: number; name: string }[];
  notice?: ReactNode;
}

/** Event, on/off, channels, recipients and the two templates with their live preview; shared by create and edit. */
export function NotificationSettingForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  takenEvents = [],
  lockEvent,
  knownUsers,
  notice,
}: Props) {
  const event = Form.useWatch('event', form) as NotificationEvent | undefined;
  const title = Form.useWatch('title_template', form) ?? '';
  const body = Form.useWatch('body_template', form) ?? '';
  const def = event ? EVENT_CATALOGUE[event] : undefined;
  const samples = useMemo(() => (event ? sampleValues(event) : {}), [event]);
  const roles = useRoleOptions();
  const departments = useDepartmentTree();
  const departmentTree = useMemo(() => toTree(departments.data ?? []), [departments.data]);

  const previewInput = useDebounced(event ? { event, title_template: title, body_template: body } : null);
  const preview = useNotificationPreview(previewInput);

  const eventOptions = GROUPS.map((group) => ({
    label: EVENT_GROUP_LABELS[group],
    title: EVENT_GROUP_LABELS[group],
    options: NOTIFICATION_EVENTS.filter((e) => EVENT_CATALOGUE[e].group === group).map((e) => ({
      value: e,
      label: EVENT_CATALOGUE[e].label,
      disabled: takenEvents.includes(e) && e !== initialValues.event,
    })),
  }));

  // A new event offers its own recipients and templates: start from its defaults, drop kinds it has not.
  const onEventChange = (next: NotificationEvent) => {
    const d = EVENT_CATALOGUE[next];
    const current = form.getFieldsValue();
    form.setFieldsValue({
      dynamic: (current.dynamic ?? []).filter((k) => (d.dynamic as readonly string[]).includes(k)),
      ...(current.title_template ? {} : { title_template: d.defaults.title }),
      ...(current.body_template ? {} : { body_template: d.defaults.body }),
      ...(current.dynamic?.length ? {} : { dynamic: d.defaults.recipients.dynamic }),
    });
  };

  return (
    <Form<NotificationSettingFormValues>
      form={form}
      name="notification-setting"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card title="Sự kiện và kênh gửi" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={16}>
                <Form.Item
                  name="event"
                  label="Sự kiện"
                  required
                  rules={[{ required: true, message: 'Vui lòng chọn sự kiện' }]}
                  extra={lockEvent ? 'Mỗi sự kiện có một cấu hình; sự kiện của cấu hình này không đổi.' : undefined}
                >
                  <Select
                    placeholder="Chọn sự kiện"
                    options={eventOptions}
                    disabled={lockEvent}
                    onChange={onEventChange}
                    showSearch={{
                      filterOption: (input, option) => normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input)),
                    }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="active" label="Đang bật" valuePropName="checked">
                  <Switch checkedChildren="Bật" unCheckedChildren="Tắt" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="channels"
                  label="Kênh gửi"
                  required
                  rules={[{ type: 'array', min: 1, message: 'Vui lòng chọn ít nhất một kênh gửi' }]}
                  extra="Người nhận bên ngoài (người gửi yêu cầu, khách hàng) chỉ nhận qua e-mail, SMS, Zalo."
                >
                  <CheckboxGroup options={NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title="Người nhận" style={{ marginBottom: 16 }}>
            <Form.Item
              name="dynamic"
              label="Theo hồ sơ của sự kiện"
              extra={
                def
                  ? 'Người thực hiện thao tác không nhận thông báo về việc của chính mình.'
                  : 'Chọn sự kiện để xem các người nhận áp dụng được.'
              }
            >
              <CheckboxGroup options={(def?.dynamic ?? []).map((d) => ({ value: d, label: DYNAMIC_RECIPIENT_LABELS[d] }))} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="roles" label="Vai trò">
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder={roles.isError ? 'Không tải được danh sách vai trò' : 'Mọi người có vai trò…'}
                    status={roles.isError ? 'warning' : undefined}
                    loading={roles.isPending}
                    options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                    showSearch={{
                      filterOption: (input, option) => normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input)),
                    }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="departments" label="Phòng ban">
                  <TreeSelect<number[]>
                    multiple
                    allowClear
                    treeData={departmentTree}
                    placeholder="Mọi người của phòng ban…"
                    loading={departments.isPending}
                    treeDefaultExpandAll
                    showSearch={{ filterTreeNode: (input, node) => normalizeVi(String(node.title)).includes(normalizeVi(input)) }}
                    popupMatchSelectWidth={false}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="users" label="Người dùng cụ thể" style={{ marginBottom: 0 }}>
                  <UserSelect multiple known={knownUsers} placeholder="Tìm theo tên, mã nhân viên" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title="Nội dung thông báo" style={{ marginBottom: 16 }}>
            <Form.Item
              name="title_template"
              label="Tiêu đề"
              required
              rules={[templateRule(event, 'tiêu đề')]}
              extra="Dùng làm tiêu đề thông báo trong ứng dụng và tiêu đề e-mail."
            >
              <TemplateField placeholders={def?.placeholders ?? []} samples={samples} maxLength={255} aria-label="Tiêu đề" />
            </Form.Item>
            <Form.Item
              name="body_template"
              label="Nội dung"
              required
              rules={[templateRule(event, 'nội dung')]}
              style={{ marginBottom: 0 }}
              extra="Nội dung SMS và Zalo chỉ gồm phần này."
            >
              <TemplateField
                placeholders={def?.placeholders ?? []}
                samples={samples}
                maxLength={2000}
                multiline
                aria-label="Nội dung"
              />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="Xem trước" style={{ marginBottom: 16 }} data-testid="notification-preview">
            {!event ? (
              <Typography.Text type="secondary">Chọn sự kiện để xem trước nội dung với dữ liệu mẫu.</Typography.Text>
            ) : preview.isError ? (
              <Alert type="error" showIcon title="Không xem trước được" description={(preview.error as Error).message} />
            ) : (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <div>
                  <Typography.Text strong data-testid="preview-title">
                    {preview.data?.title || '—'}
                  </Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }} data-testid="preview-body">
                    {preview.data?.body || '—'}
                  </Typography.Paragraph>
                </div>
                {(preview.data?.problems.length ?? 0) > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    title="Mẫu nội dung có lỗi"
                    description={
                      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                        {preview.data?.problems.map((p) => (
                          <li key={`${p.field}:${p.message}`}>
                            {p.field === 'title_template' ? 'Tiêu đề' : 'Nội dung'}: {p.message}
                          </li>
                        ))}
                      </ul>
                    }
                  />
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Dữ liệu mẫu; khi gửi thật, các biến lấy từ hồ sơ của sự kiện và tên từng người nhận.
                </Typography.Text>
              </Space>
            )}
          </Card>
        </Col>
      </Row>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
