import { PLACEHOLDERS, type Placeholder } from '@qlcv/common/schemas/notification-settings';
import { Input, type InputRef, Space, Tag, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The placeholders of the chosen event, offered as chips that insert `{{name}}` at the cursor. */
  placeholders: readonly Placeholder[];
  /** The event's sample of each placeholder (a leave's link is a leave's), shown in the chip's tooltip. */
  samples?: Readonly<Record<string, string>>;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  'aria-label'?: string;
}

/** A title or body template: the text, and under it one chip per placeholder the event offers. */
export function TemplateField({
  id,
  value = '',
  onChange,
  placeholders,
  samples,
  multiline,
  maxLength,
  placeholder,
  ...rest
}: Props) {
  const input = useRef<InputRef>(null);
  const area = useRef<TextAreaRef>(null);
  // Where the cursor last was, so a chip lands there even after the field lost focus to the click.
  const caret = useRef<{ start: number; end: number } | null>(null);

  const remember = (el: HTMLInputElement | HTMLTextAreaElement | null | undefined) => {
    if (el) caret.current = { start: el.selectionStart ?? el.value.length, end: el.selectionEnd ?? el.value.length };
  };

  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const at = caret.current ?? { start: value.length, end: value.length };
    const next = `${value.slice(0, at.start)}${token}${value.slice(at.end)}`;
    if (maxLength && next.length > maxLength) return;
    onChange?.(next);
    const pos = at.start + token.length;
    caret.current = { start: pos, end: pos };
    requestAnimationFrame(() => {
      const el = multiline ? area.current?.resizableTextArea?.textArea : input.current?.input;
      el?.focus();
      el?.setSelectionRange(pos, pos);
    });
  };

  const common = {
    id,
    value,
    maxLength,
    showCount: maxLength !== undefined,
    placeholder,
    'aria-label': rest['aria-label'],
    onSelect: (e: React.SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) => remember(e.currentTarget),
    onKeyUp: (e: React.KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => remember(e.currentTarget),
    onClick: (e: React.MouseEvent<HTMLInputElement | HTMLTextAreaElement>) => remember(e.currentTarget),
  };

  return (
    <div>
      {multiline ? (
        <Input.TextArea ref={area} rows={4} {...common} onChange={(e) => onChange?.(e.target.value)} />
      ) : (
        <Input ref={input} {...common} onChange={(e) => onChange?.(e.target.value)} />
      )}
      <Space size={[4, 4]} wrap style={{ marginTop: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Chèn biến:
        </Typography.Text>
        {placeholders.map((p) => (
          <Tooltip key={p} title={`${PLACEHOLDERS[p].label} — ví dụ: ${samples?.[p] ?? PLACEHOLDERS[p].sample}`}>
            <Tag
              role="button"
              tabIndex={0}
              color="blue"
              style={{ cursor: 'pointer', marginInlineEnd: 0 }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(p)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  insert(p);
                }
              }}
              aria-label={`Chèn biến ${PLACEHOLDERS[p].label}`}
            >
              {`{{${p}}}`}
            </Tag>
          </Tooltip>
        ))}
      </Space>
    </div>
  );
}
