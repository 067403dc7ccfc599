import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';

/**
 * A stored secret as a form control: shows only its mask, "Thay đổi" opens an empty box for a new value and "Xóa"
 * marks it for removal. The value is undefined (keep the stored one), a string (replace it) or null (remove it).
 */
export function SecretField({
  id,
  masked,
  maxLength,
  value,
  onChange,
  testId,
}: {
  id?: string;
  /** `••••••••abcd`, or null when nothing is stored. */
  masked: string | null;
  maxLength?: number;
  value?: string | null;
  onChange?: (value: string | null | undefined) => void;
  testId: string;
}) {
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password
          id={id}
          autoFocus
          autoComplete="new-password"
          maxLength={maxLength}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="Nhập giá trị mới"
          data-testid={`${testId}-input`}
        />
        <Button
          onClick={() => {
            setEditing(false);
            onChange?.(undefined);
          }}
        >
          Hủy
        </Button>
      </Space.Compact>
    );
  }
  if (value === null) {
    return (
      <Space wrap>
        <Typography.Text type="warning" data-testid={`${testId}-removed`}>
          Sẽ xóa khi lưu
        </Typography.Text>
        <Button size="small" onClick={() => onChange?.(undefined)}>
          Hoàn tác
        </Button>
      </Space>
    );
  }
  return (
    <Space wrap>
      <Typography.Text code={Boolean(masked)} type={masked ? undefined : 'secondary'} data-testid={`${testId}-mask`}>
        {masked ?? 'Chưa nhập'}
      </Typography.Text>
      <Button size="small" onClick={() => setEditing(true)} data-testid={`${testId}-change`}>
        {masked ? 'Thay đổi' : 'Nhập'}
      </Button>
      {masked && (
        <Button size="small" danger onClick={() => onChange?.(null)}>
          Xóa
        </Button>
      )}
    </Space>
  );
}
