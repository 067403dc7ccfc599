import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { otpCode, otpRequestBody } from '@qlcv/common/schemas/auth';
import { passwordSchema } from '@qlcv/common/schemas/passwords';
import { normalizeMobile } from '@qlcv/common/vi-text';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { signIn } from '@/lib/auth/auth-store';
import { applyServerErrors, zodRule } from '@/lib/forms';
import { notifyInfo, notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { login, useRequestResetOtp, useResetPassword } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

interface ResetForm {
  mobile: string;
  otp: string;
  password: string;
  password_confirmation: string;
}

/** One new code per 60 s (PRODUCT.md §1). */
const RESEND_AFTER_S = 60;

/** Reset password: mobile, the 6-digit code, the new password twice; then the user is signed in. */
export default function ResetPasswordPage() {
  const [form] = Form.useForm<ResetForm>();
  const navigate = useNavigate();
  const state = useLocation().state as { mobile?: string; sentAt?: number } | null;
  const reset = useResetPassword();
  const resend = useRequestResetOtp();
  const [signingIn, setSigningIn] = useState(false);
  const [sentAt, setSentAt] = useState(state?.sentAt ?? 0);
  const [now, setNow] = useState(Date.now());
  const wait = Math.max(0, RESEND_AFTER_S - Math.floor((now - sentAt) / 1000));

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const onResend = async () => {
    try {
      const { mobile } = await form.validateFields(['mobile']);
      const res = await resend.mutateAsync(normalizeMobile(mobile) ?? mobile);
      notifySuccess(res?.message || 'Mã xác thực mới đã được gửi.');
      setSentAt(Date.now());
      setNow(Date.now());
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  const onFinish = async (values: ResetForm) => {
    const mobile = normalizeMobile(values.mobile) ?? values.mobile.trim();
    try {
      await reset.mutateAsync({ ...values, mobile, otp: values.otp.trim() });
    } catch (error) {
      applyServerErrors(form, error);
      return;
    }
    notifySuccess('Đặt lại mật khẩu thành công.');
    // Then sign in with the new password (the mobile is a valid user name).
    setSigningIn(true);
    try {
      signIn(await login({ username: mobile, password: values.password }, { display: 'ignore' }));
      navigate(urlFor('root'), { replace: true });
    } catch {
      notifyInfo('Vui lòng đăng nhập bằng mật khẩu mới.');
      navigate(urlFor('auth.login'), { replace: true, state: { username: mobile } });
    } finally {
      setSigningIn(false);
    }
  };

  const busy = reset.isPending || signingIn;
  return (
    <>
      <AuthHeading title="Đặt lại mật khẩu">
        Nhập mã xác thực 6 chữ số vừa được gửi tới số điện thoại của bạn (mã có hiệu lực trong 5 phút), rồi chọn mật khẩu mới.
      </AuthHeading>
      <Form
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ mobile: state?.mobile ?? '', otp: '', password: '', password_confirmation: '' }}
        onFinish={onFinish}
        disabled={busy}
      >
        <Form.Item name="mobile" label="Số điện thoại" rules={[zodRule(otpRequestBody.shape.mobile)]}>
          <Input prefix={<MobileOutlined />} inputMode="tel" autoComplete="tel" placeholder="09xxxxxxxx" maxLength={20} />
        </Form.Item>
        <Form.Item label="Mã xác thực" required>
          <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <Form.Item name="otp" noStyle rules={[zodRule(otpCode)]}>
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="6 chữ số"
                maxLength={6}
                autoFocus={!!state?.mobile}
                aria-label="Mã xác thực"
                style={{ letterSpacing: 4 }}
              />
            </Form.Item>
            <Button onClick={onResend} disabled={wait > 0 || busy} loading={resend.isPending} style={{ flex: 'none' }}>
              {wait > 0 ? `Gửi lại sau ${wait} giây` : 'Gửi lại mã'}
            </Button>
          </div>
        </Form.Item>
        <Form.Item
          name="password"
          label="Mật khẩu mới"
          extra="Ít nhất 8 ký tự; tránh các mật khẩu phổ biến như 12345678."
          rules={[zodRule(passwordSchema)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label="Nhập lại mật khẩu mới"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Vui lòng nhập lại mật khẩu' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value) => {
                if (value && value !== getFieldValue('password')) throw new Error('Mật khẩu nhập lại không khớp');
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Đặt lại mật khẩu
        </Button>
      </Form>
      <p style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to={urlFor('auth.forgot')}>Nhập số điện thoại khác</Link>
        {' · '}
        <Link to={urlFor('auth.login')}>Quay lại đăng nhập</Link>
      </p>
    </>
  );
}
