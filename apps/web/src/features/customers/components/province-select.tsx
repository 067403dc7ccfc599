import { CITIES, PROVINCES_ONLY } from '@qlcv/common/provinces';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Select } from 'antd';
import type { CSSProperties } from 'react';

/** The 34 provinces and cities in force since 1/7/2025: the six cities first, then the provinces. */
export const PROVINCE_OPTIONS = [
  { label: 'Thành phố trực thuộc trung ương', title: 'Thành phố', options: CITIES.map((p) => ({ value: p, label: p })) },
  { label: 'Tỉnh', title: 'Tỉnh', options: PROVINCES_ONLY.map((p) => ({ value: p, label: p })) },
];

const matches = (input: string, option?: { label?: unknown }) =>
  normalizeVi(String(option?.label ?? '')).includes(normalizeVi(input));

interface SingleProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** One province; typing filters without regard to accents ("ha noi", "dak lak"). */
export function ProvinceSelect({ value, onChange, id, placeholder = 'Chọn tỉnh/thành phố', style, ...rest }: SingleProps) {
  return (
    <Select<string | null>
      id={id}
      aria-label={rest['aria-label']}
      style={style}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={PROVINCE_OPTIONS}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: matches }}
      notFoundContent="Không có tỉnh/thành phố phù hợp"
    />
  );
}

interface MultiProps {
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** Several provinces, for the list's filter. */
export function ProvinceMultiSelect({ value, onChange, placeholder = 'Tỉnh/thành phố', style, ...rest }: MultiProps) {
  return (
    <Select<string[]>
      mode="multiple"
      aria-label={rest['aria-label']}
      style={style}
      value={value}
      onChange={onChange}
      options={PROVINCE_OPTIONS}
      placeholder={placeholder}
      allowClear
      maxTagCount="responsive"
      showSearch={{ filterOption: matches }}
      notFoundContent="Không có tỉnh/thành phố phù hợp"
    />
  );
}
