import { type LoginBody, loginBody } from '@qlcv/common/schemas/auth';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PlainIcon } from '@/components/plain-icons';
import { ApiError, SESSION_EXPIRED_MESSAGE } from '@/lib/api/api-error';
import { signIn } from '@/lib/auth/auth-store';
import { sessionExpired, takeIntendedPath } from '@/lib/auth/intended-path';
import { maxLengthOf } from '@/lib/forms';
import { urlFor } from '@/lib/routes';
import { useLogin } from '../api/auth-api';
import { AuthHeading } from '../components/auth-heading';

type Field = keyof LoginBody;
type Errors = Partial<Record<Field, string>>;

/** The first message of the shared schema's check of one field (the server's own rule). */
function check(field: Field, value: string): string | undefined {
  const result = loginBody.shape[field].safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Giá trị không hợp lệ');
}

/**
 * Sign-in, in plain HTML (no Ant Design: the page loads under 200 KB of JavaScript, issue 13). It keeps the form
 * habits of the other screens: the schema's rules checked on submit then on each change, the server's field errors
 * under their fields, the first invalid field focused, every limit shown as a counter.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const prefill = (location.state as { username?: string } | null)?.username;
  const [values, setValues] = useState<LoginBody>({ username: prefill ?? '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // The session ended mid-use (a 401): said here, in the seed's words, until the person signs in again.
  const [expired] = useState(sessionExpired);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const pending = login.isPending;

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (submitted || errors[field]) setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const focusFirst = (found: Errors) => {
    const first = (['username', 'password'] as const).find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found: Errors = { username: check('username', values.username), password: check('password', values.password) };
    setErrors(found);
    if (found.username || found.password) return focusFirst(found);
    try {
      signIn(await login.mutateAsync({ username: values.username.trim(), password: values.password }));
      navigate(takeIntendedPath() ?? urlFor('root'), { replace: true });
    } catch (error) {
      // 422: under the fields; anything else is told by the API client's toast.
      if (!(error instanceof ApiError)) return;
      const byField = error.fieldErrors();
      const server: Errors = { username: byField.username?.[0], password: byField.password?.[0] };
      if (server.username || server.password) {
        setErrors(server);
        focusFirst(server);
      }
    }
  };

  return (
    <>
      <AuthHeading title="Đăng nhập">Chào mừng bạn quay lại. Đăng nhập để tiếp tục công việc.</AuthHeading>
      {expired && (
        <div className="qlcv-notice" role="alert">
          <PlainIcon name="exclamationCircle" />
          <span>{SESSION_EXPIRED_MESSAGE}</span>
        </div>
      )}
      <form className="qlcv-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        <TextField
          label="Tên đăng nhập"
          help="Bạn có thể dùng tên đăng nhập, email hoặc số điện thoại."
          icon={<PlainIcon name="user" />}
          value={values.username}
          error={errors.username}
          maxLength={maxLengthOf(loginBody.shape.username)}
          disabled={pending}
          inputRef={(el) => {
            inputs.current.username = el;
          }}
          onChange={(v) => change('username', v)}
          autoComplete="username"
          autoFocus={!prefill}
        />
        <TextField
          label="Mật khẩu"
          type={showPassword ? 'text' : 'password'}
          icon={<PlainIcon name="lock" />}
          value={values.password}
          error={errors.password}
          maxLength={maxLengthOf(loginBody.shape.password)}
          disabled={pending}
          inputRef={(el) => {
            inputs.current.password = el;
          }}
          onChange={(v) => change('password', v)}
          autoComplete="current-password"
          autoFocus={!!prefill}
          after={
            <button
              type="button"
              className="qlcv-input-toggle"
              aria-label={showPassword ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'}
              aria-pressed={showPassword}
              disabled={pending}
              onClick={() => setShowPassword((s) => !s)}
            >
              <PlainIcon name={showPassword ? 'eye' : 'eyeInvisible'} />
            </button>
          }
        />
        <div style={{ textAlign: 'end', marginTop: -8, marginBottom: 16 }}>
          <Link className="qlcv-link" to={urlFor('auth.forgot')}>
            Quên mật khẩu?
          </Link>
        </div>
        <button type="submit" className="qlcv-btn qlcv-btn-primary qlcv-btn-block" disabled={pending}>
          {pending && <span className="qlcv-btn-spinner" aria-hidden="true" />}
          Đăng nhập
        </button>
      </form>
    </>
  );
}

interface TextFieldProps {
  label: string;
  help?: string;
  icon: ReactNode;
  after?: ReactNode;
  type?: string;
  value: string;
  error?: string;
  maxLength?: number;
  disabled: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  autoComplete: string;
  autoFocus: boolean;
}

/** A labelled text field with its icon, its limit counter, its help and its error tied by aria-describedby. */
function TextField({
  label,
  help,
  icon,
  after,
  type = 'text',
  value,
  error,
  maxLength,
  disabled,
  inputRef,
  onChange,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const described = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="qlcv-field">
      <label className="qlcv-label" htmlFor={id}>
        {label}
      </label>
      <div className={`qlcv-input${error ? ' qlcv-input-error' : ''}${disabled ? ' qlcv-input-disabled' : ''}`}>
        <span className="qlcv-input-icon">{icon}</span>
        <input
          id={id}
          ref={inputRef}
          type={type}
          value={value}
          maxLength={maxLength}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-required="true"
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
          {...rest}
        />
        {maxLength !== undefined && (
          <span className="qlcv-input-count" aria-hidden="true">
            {value.length} / {maxLength}
          </span>
        )}
        {after}
      </div>
      {error && (
        <div id={`${id}-error`} className="qlcv-field-error">
          {error}
        </div>
      )}
      {help && (
        <div id={`${id}-help`} className="qlcv-field-help">
          {help}
        </div>
      )}
    </div>
  );
}
