import { normalizeVi } from '@qlcv/common/vi-text';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useProcessOptions } from '../api/request-types-api';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  style?: CSSProperties;
  placeholder?: string;
  'aria-label'?: string;
  /** In a form: a saved process no longer used shows, but cannot be chosen again. */
  activeOnly?: boolean;
  /** The saved process, kept visible even when no longer used. */
  current?: { id: number; name: string } | null;
}

/** A process picked by name or code; typing filters without regard to accents. */
export function ProcessSelect({
  value,
  onChange,
  id,
  style,
  placeholder = 'Chọn quy trình',
  activeOnly,
  current,
  ...rest
}: Props) {
  const processes = useProcessOptions();
  // Every process; in a form one no longer used shows but cannot be chosen again.
  const options = (processes.data ?? []).map((p) => ({
    value: p.id,
    label: p.name,
    search: normalizeVi(`${p.name} ${p.code}`),
    disabled: !!activeOnly && !p.active,
    description: p.active ? p.code : `${p.code} · ngừng sử dụng`,
  }));
  if (current && !options.some((o) => o.value === current.id)) {
    options.unshift({
      value: current.id,
      label: current.name,
      search: normalizeVi(current.name),
      disabled: !!activeOnly,
      description: activeOnly ? 'ngừng sử dụng' : '',
    });
  }

  return (
    <Select<number | null>
      id={id}
      aria-label={rest['aria-label']}
      style={style}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={processes.isPending}
      placeholder={processes.isError ? 'Không tải được danh sách quy trình' : placeholder}
      status={processes.isError ? 'error' : undefined}
      allowClear
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(normalizeVi(input)) }}
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          {option.data.description && <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' }}>{option.data.description}</div>}
        </div>
      )}
      notFoundContent={processes.isPending ? 'Đang tải…' : 'Không có quy trình phù hợp'}
      popupMatchSelectWidth={false}
    />
  );
}
