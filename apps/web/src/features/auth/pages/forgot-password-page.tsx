import { MobileOutlined } from '@ant-design/icons';
import { otpRequestBody } from '@qlcv/common/schemas/auth';
import { normalizeMobile } from '@qlcv/common/vi-text';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useRequestResetOtp } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

/** Forgot password: the mobile number gets a 6-digit code, then the reset page opens with that number. */
export default function ForgotPasswordPage() {
  const [form] = Form.useForm<{ mobile: string }>();
  const navigate = useNavigate();
  const requestOtp = useRequestResetOtp();

  const onFinish = async ({ mobile }: { mobile: string }) => {
    const normalized = normalizeMobile(mobile) ?? mobile.trim();
    try {
      const res = await requestOtp.mutateAsync(normalized);
      notifySuccess(res?.message || 'Mã xác thực đã được gửi tới số điện thoại của bạn.');
      navigate(urlFor('auth.reset'), { state: { mobile: normalized, sentAt: Date.now() } });
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <>
      <AuthHeading title="Quên mật khẩu">
        Nhập số điện thoại đã đăng ký với tài khoản. Chúng tôi sẽ gửi mã xác thực gồm 6 chữ số để bạn đặt lại mật khẩu.
      </AuthHeading>
      <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={onFinish} disabled={requestOtp.isPending}>
        <Form.Item name="mobile" label="Số điện thoại" rules={[zodRule(otpRequestBody.shape.mobile)]}>
          <Input
            prefix={<MobileOutlined />}
            inputMode="tel"
            autoComplete="tel"
            placeholder="09xxxxxxxx"
            autoFocus
            maxLength={20}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={requestOtp.isPending}>
          Gửi mã xác thực
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to={urlFor('auth.login')}>Quay lại đăng nhập</Link>
      </div>
    </>
  );
}
