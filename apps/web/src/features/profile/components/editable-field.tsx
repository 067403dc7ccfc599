import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { GENDER_LABELS } from '@qlcv/common/labels';
import { GENDERS, type ProfileColumn, profileColumns } from '@qlcv/common/schemas/auth';
import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { dayjs } from '@/lib/dayjs';
import { textLimit } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { PHONE_INPUT } from '@/lib/phone-fields';
import { useUpdateProfileField } from '../api/profile-api';

const ROW: React.CSSProperties = {
  display: 'flex',
  gap: 12,
  alignItems: 'flex-start',
  flexWrap: 'wrap',
  padding: '12px 0',
  borderBottom: '1px solid #f0f0f0',
  minHeight: 48,
  boxSizing: 'border-box',
};
const LABEL: React.CSSProperties = { width: 170, flex: 'none', color: 'rgba(0, 0, 0, 0.55)', paddingTop: 2 };

export type Editor = 'text' | 'email' | 'tel' | 'date' | 'gender' | 'textarea';

/** One-line inputs: Enter saves. */
const TYPED: ReadonlySet<Editor> = new Set(['text', 'email', 'tel']);

interface Props {
  column: ProfileColumn;
  label: string;
  value: string | null;
  /** How the saved value reads; the raw value unless given. */
  display?: ReactNode;
  editor?: Editor;
  placeholder?: string;
}

/** One profile field: its value with "Sửa"; editing saves just this column through the partial update. */
export function EditableField({ column, label, value, display, editor = 'text', placeholder }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string>(value ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateProfileField();
  const inputId = useId();

  const start = () => {
    setDraft(value ?? '');
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
  };

  const submit = async () => {
    // The name must stay; other fields may be emptied (sent as null).
    const candidate = column === 'name' ? draft : draft.trim() === '' ? null : draft;
    const parsed = profileColumns[column].safeParse(candidate);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Giá trị không hợp lệ');
      return;
    }
    const next = (parsed.data ?? null) as string | null;
    if (next === (value ?? null)) {
      cancel();
      return;
    }
    try {
      await save.mutateAsync({ column, value: next });
      notifySuccess(`Đã cập nhật ${label.toLowerCase()}.`);
      setEditing(false);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) setError(e.errors[0]?.message ?? e.message);
      else notifyError(e instanceof Error ? e.message : 'Đã xảy ra sự cố.');
    }
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') cancel();
    if (e.key === 'Enter' && TYPED.has(editor)) {
      e.preventDefault();
      void submit();
    }
  };

  const common = {
    id: inputId,
    disabled: save.isPending,
    onKeyDown,
    autoFocus: true,
    status: error ? ('error' as const) : undefined,
  };
  let input: ReactNode;
  switch (editor) {
    case 'date':
      input = (
        <DatePicker
          {...common}
          format="DD/MM/YYYY"
          placeholder="DD/MM/YYYY"
          value={draft ? dayjs(draft) : null}
          onChange={(d) => setDraft(d ? d.format('YYYY-MM-DD') : '')}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          style={{ width: 200 }}
        />
      );
      break;
    case 'gender':
      input = (
        <Select
          {...common}
          allowClear
          placeholder="Chọn giới tính"
          value={draft || undefined}
          onChange={(v?: string) => setDraft(v ?? '')}
          options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
          style={{ width: 200 }}
        />
      );
      break;
    case 'textarea':
      input = (
        <Input.TextArea
          {...common}
          {...textLimit(profileColumns[column])}
          rows={2}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      );
      break;
    default:
      input = (
        <Input
          {...common}
          type={editor === 'email' ? 'email' : editor === 'tel' ? 'tel' : 'text'}
          {...(editor === 'tel' ? PHONE_INPUT : textLimit(profileColumns[column]))}
          placeholder={placeholder}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      );
  }

  return (
    <div style={ROW} data-testid={`profile-${column}`}>
      <label htmlFor={editing ? inputId : undefined} style={LABEL}>
        {label}
      </label>
      {editing ? (
        <div style={{ flex: 1, minWidth: 0 }}>
          <Form.Item
            validateStatus={error ? 'error' : undefined}
            help={error ?? (TYPED.has(editor) ? 'Nhấn Enter để lưu, Esc để hủy' : undefined)}
            style={{ marginBottom: 0 }}
          >
            <div style={{ maxWidth: 480 }}>{input}</div>
          </Form.Item>
          <Space style={{ marginTop: 8 }}>
            <Button type="primary" size="small" icon={<CheckOutlined />} loading={save.isPending} onClick={() => void submit()}>
              Lưu
            </Button>
            <Button size="small" icon={<CloseOutlined />} onClick={cancel} disabled={save.isPending}>
              Hủy
            </Button>
          </Space>
        </div>
      ) : (
        <>
          <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value ? (display ?? value) : <Typography.Text type="secondary">Chưa cập nhật</Typography.Text>}
          </span>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={start} aria-label={`Sửa ${label.toLowerCase()}`}>
            Sửa
          </Button>
        </>
      )}
    </div>
  );
}

/** A row that cannot be edited here (set by the administrator). */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={ROW}>
      <span style={LABEL}>{label}</span>
      <span style={{ flex: 1, minWidth: 0 }}>{children}</span>
    </div>
  );
}
