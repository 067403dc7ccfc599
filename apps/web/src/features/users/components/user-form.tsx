import { GENDER_LABELS } from '@qlcv/common/labels';
import { GENDERS } from '@qlcv/common/schemas/auth';
import { passwordSchema } from '@qlcv/common/schemas/passwords';
import { userCreateBody, userUpdateBody } from '@qlcv/common/schemas/users';
import { Card, Col, DatePicker, Form, type FormInstance, Input, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { FormFooter } from '@/components/record-form';
import { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { MOBILE_LABEL, MOBILE_PLACEHOLDER, PHONE_INPUT } from '@/lib/phone-fields';
import { useRoleOptions } from '../api/users-api';

export interface UserFormValues {
  name: string;
  username: string;
  email: string | null;
  mobile: string | null;
  role_id: number | null;
  department_id: number | null;
  position: string | null;
  gender: (typeof GENDERS)[number] | null;
  birthday: Dayjs | null;
  joined_at: Dayjs | null;
  address: string | null;
  password: string;
  password_confirmation: string;
}

export const EMPTY_USER: UserFormValues = {
  name: '',
  username: '',
  email: null,
  mobile: null,
  role_id: null,
  department_id: null,
  position: null,
  gender: null,
  birthday: null,
  joined_at: null,
  address: null,
  password: '',
  password_confirmation: '',
};

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const day = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : null);
export const fromDate = (v: string | null) => (v ? dayjs(v) : null);

/** Form values → the request body (dates as YYYY-MM-DD, empty text as null, no confirmation). */
export function toUserBody(v: UserFormValues) {
  return {
    name: v.name.trim(),
    username: v.username.trim(),
    email: text(v.email),
    mobile: text(v.mobile),
    role_id: v.role_id ?? 0,
    department_id: v.department_id ?? null,
    position: text(v.position),
    gender: v.gender ?? null,
    birthday: day(v.birthday),
    joined_at: day(v.joined_at),
    address: text(v.address),
  };
}

const DATE_FORMAT = 'DD/MM/YYYY';
const noFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day');

interface Props {
  form: FormInstance<UserFormValues>;
  initialValues: UserFormValues;
  onFinish: (values: UserFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing: the password is optional (a new one replaces the old). */
  editing?: boolean;
  notice?: ReactNode;
}

/** Account, role and department, personal details; shared by create and edit. */
export function UserForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, editing, notice }: Props) {
  const roles = useRoleOptions();
  const shape = userCreateBody.shape;
  const password = Form.useWatch('password', form);

  return (
    <Form<UserFormValues>
      form={form}
      name="user"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card title="Tài khoản" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Họ tên" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: Nguyễn Văn An" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label="Tên đăng nhập"
              required
              rules={[zodRule(shape.username)]}
              extra={editing ? undefined : 'Dùng để đăng nhập, cùng với email hoặc số điện thoại.'}
            >
              {/* The schema's pattern allows 3–50 characters. */}
              <Input maxLength={50} showCount placeholder="Ví dụ: an.nguyen" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="role_id" label="Vai trò" required rules={[zodRule(shape.role_id)]}>
              <Select
                options={roles.data}
                loading={roles.isPending}
                placeholder={roles.isError ? 'Không tải được danh sách vai trò' : 'Chọn vai trò'}
                status={roles.isError ? 'error' : undefined}
                showSearch={{ optionFilterProp: 'label' }}
                notFoundContent="Không có vai trò phù hợp"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="department_id" label="Phòng ban">
              <DepartmentTreeSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={editing ? 'Mật khẩu mới' : 'Mật khẩu'}
              required={!editing}
              rules={[zodRule(editing ? userUpdateBody.shape.password : passwordSchema)]}
              extra={
                editing
                  ? 'Để trống nếu không đổi. Đặt mật khẩu mới sẽ đăng xuất người dùng khỏi mọi thiết bị.'
                  : 'Ít nhất 8 ký tự; tránh các mật khẩu phổ biến như 12345678.'
              }
            >
              <Input.Password {...textLimit(passwordSchema)} autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password_confirmation"
              label={editing ? 'Nhập lại mật khẩu mới' : 'Nhập lại mật khẩu'}
              dependencies={['password']}
              required={!editing || !!password}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | undefined) => {
                    const pw = getFieldValue('password') as string | undefined;
                    if (!pw) return;
                    if (!value) throw new Error('Vui lòng nhập lại mật khẩu');
                    if (value !== pw) throw new Error('Mật khẩu nhập lại không khớp');
                  },
                }),
              ]}
            >
              <Input.Password {...textLimit(passwordSchema)} autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="Thông tin cá nhân" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="email" label="Email" rules={[zodRule(shape.email)]}>
              <Input {...textLimit(shape.email)} type="email" placeholder="ten@congty.vn" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="mobile" label={MOBILE_LABEL} rules={[zodRule(shape.mobile)]}>
              <Input {...PHONE_INPUT} placeholder={MOBILE_PLACEHOLDER} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label="Chức danh" rules={[zodRule(shape.position)]}>
              <Input {...textLimit(shape.position)} placeholder="Ví dụ: Kỹ sư môi trường" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label="Giới tính">
              <Radio.Group options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="birthday" label="Ngày sinh">
              <DatePicker format={DATE_FORMAT} placeholder="DD/MM/YYYY" disabledDate={noFuture} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="joined_at" label="Ngày vào làm">
              <DatePicker format={DATE_FORMAT} placeholder="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label="Địa chỉ" rules={[zodRule(shape.address)]}>
              <Input.TextArea {...textLimit(shape.address)} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
