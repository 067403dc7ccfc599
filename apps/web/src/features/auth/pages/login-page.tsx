import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type LoginBody, loginBody } from '@qlcv/common/schemas/auth';
import { Button, Form, Input } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { urlFor } from '@/app/routes';
import { signIn } from '@/lib/auth/auth-store';
import { takeIntendedPath } from '@/lib/auth/intended-path';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { useLogin } from '../api/login';
import { AuthHeading } from '../components/auth-heading';

export default function LoginPage() {
  const [form] = Form.useForm<LoginBody>();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const prefill = (location.state as { username?: string } | null)?.username;

  const onFinish = async (values: LoginBody) => {
    try {
      signIn(await login.mutateAsync({ username: values.username.trim(), password: values.password }));
      navigate(takeIntendedPath() ?? urlFor('root'), { replace: true });
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <>
      <AuthHeading title="Đăng nhập">Chào mừng bạn quay lại. Đăng nhập để tiếp tục công việc.</AuthHeading>
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ username: prefill ?? '', password: '' }}
        onFinish={onFinish}
        disabled={login.isPending}
      >
        <Form.Item
          name="username"
          label="Tên đăng nhập"
          extra="Bạn có thể dùng tên đăng nhập, email hoặc số điện thoại."
          rules={[zodRule(loginBody.shape.username)]}
        >
          <Input
            {...textLimit(loginBody.shape.username)}
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus={!prefill}
          />
        </Form.Item>
        <Form.Item name="password" label="Mật khẩu" rules={[zodRule(loginBody.shape.password)]}>
          <Input.Password
            {...textLimit(loginBody.shape.password)}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            autoFocus={!!prefill}
          />
        </Form.Item>
        <div style={{ textAlign: 'end', marginTop: -8, marginBottom: 16 }}>
          <Link to={urlFor('auth.forgot')}>Quên mật khẩu?</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          Đăng nhập
        </Button>
      </Form>
    </>
  );
}
