import { LockOutlined } from '@ant-design/icons';
import { changePasswordBody, passwordSchema } from '@qlcv/common/schemas/passwords';
import { Button, Card, Form, Input, Typography } from 'antd';
import { handleSubmitError } from '@/components/submit-error';
import { textLimit, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useChangePassword } from '../api/profile-api';

interface Values {
  current_password: string;
  password: string;
  password_confirmation: string;
}

const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' };

/** Current password, new password twice; other sessions are signed out on success. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const onFinish = async (values: Values) => {
    try {
      await change.mutateAsync(values);
      notifySuccess('Đã đổi mật khẩu. Các phiên đăng nhập khác của bạn đã được đăng xuất.');
      form.resetFields();
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  return (
    <Card title="Đổi mật khẩu">
      <Typography.Paragraph type="secondary">
        Sau khi đổi, bạn vẫn đăng nhập trên thiết bị này; các thiết bị khác sẽ phải đăng nhập lại.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        name="password"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={onFinish}
        disabled={change.isPending}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          name="current_password"
          label="Mật khẩu hiện tại"
          required
          rules={[{ required: true, message: 'Vui lòng nhập mật khẩu hiện tại' }]}
        >
          <Input.Password
            {...textLimit(changePasswordBody.shape.current_password)}
            prefix={<LockOutlined />}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="Mật khẩu mới"
          required
          rules={[
            zodRule(passwordSchema),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value === getFieldValue('current_password')) {
                  throw new Error('Mật khẩu mới phải khác mật khẩu hiện tại');
                }
              },
            }),
          ]}
          extra="Ít nhất 8 ký tự; tránh các mật khẩu phổ biến như 12345678."
        >
          <Input.Password {...textLimit(passwordSchema)} prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label="Nhập lại mật khẩu mới"
          required
          dependencies={['password']}
          rules={[
            { required: true, message: 'Vui lòng nhập lại mật khẩu mới' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error('Mật khẩu nhập lại không khớp');
              },
            }),
          ]}
        >
          <Input.Password {...textLimit(passwordSchema)} prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Đổi mật khẩu
        </Button>
      </Form>
    </Card>
  );
}
