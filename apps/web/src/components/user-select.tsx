import { Select, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useDepartmentOptions } from './department-options';
import { useUserOptions } from './user-options';

interface CommonProps {
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  /**
   * Only users of this department and the departments under it. `null`: no department chosen yet, the picker is
   * disabled (`disabledPlaceholder` says why); left out: any active user.
   */
  departmentId?: number | null;
  disabledPlaceholder?: string;
  /** Users the caller already knows by name (the saved head, assignee…): shown without a look-up. */
  known?: { id: number; name: string }[];
  /** What the list says when the search finds nobody. */
  notFoundText?: string;
}

interface SingleProps extends CommonProps {
  multiple?: false;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

interface MultipleProps extends CommonProps {
  multiple: true;
  value?: number[] | null;
  onChange?: (value: number[]) => void;
}

const muted = { fontSize: 12, color: 'rgba(0, 0, 0, 0.6)' };

/**
 * The one user picker (a department's head, a process step's default assignee, a work's assignee and followers,
 * the works filter): active users searched on the server without accents, first 50, each shown with staff code,
 * position and department. A picked user the list does not hold is shown by name, looked up by id if not `known`.
 */
export function UserSelect(props: SingleProps | MultipleProps) {
  const {
    id,
    placeholder = 'Tìm theo tên, mã nhân viên',
    style,
    departmentId,
    disabledPlaceholder = 'Chọn phòng ban trước',
    known = [],
    notFoundText = 'Không tìm thấy nhân viên phù hợp',
  } = props;
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const disabled = departmentId === null;
  const users = useUserOptions({ search, department_id: departmentId ?? undefined }, !disabled && (open || search !== ''));
  const departments = useDepartmentOptions();

  const value = props.value;
  const picked = useMemo(() => (value == null ? [] : Array.isArray(value) ? value : [value]), [value]);
  // Picked users neither known nor in the list (another search, or a value from the address bar) get their names by id.
  const unlabelled = useMemo(
    () =>
      picked.filter((p) => !known.some((k) => k.id === p) && !(users.data ?? []).some((u) => u.id === p)).sort((a, b) => a - b),
    [picked, known, users.data],
  );
  const labelled = useUserOptions({ ids: unlabelled }, unlabelled.length > 0);

  const options = useMemo(() => {
    const names = new Map((departments.data ?? []).map((d) => [d.id, d.name]));
    const option = (u: { id: number; name: string; code?: string; position?: string | null; department_id?: number | null }) => ({
      value: u.id,
      label: u.name,
      description: [u.code, u.position, u.department_id ? names.get(u.department_id) : null].filter(Boolean).join(' · '),
    });
    const list = (users.data ?? []).map(option);
    const add = (u: Parameters<typeof option>[0]) => {
      if (!list.some((o) => o.value === u.id)) list.push(option(u));
    };
    // Picked users stay in the options so the box shows their names, not their ids.
    for (const u of labelled.data ?? []) if (picked.includes(u.id)) add(u);
    for (const k of known) if (picked.includes(k.id)) add(k);
    return list;
  }, [users.data, labelled.data, departments.data, known, picked]);

  return (
    <Select<number | number[] | null>
      id={id}
      aria-label={props['aria-label']}
      style={style}
      mode={props.multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(v) => {
        if (props.multiple) props.onChange?.(Array.isArray(v) ? v : []);
        else props.onChange?.(typeof v === 'number' ? v : null);
      }}
      onOpenChange={setOpen}
      onBlur={() => setTyped('')}
      disabled={disabled}
      allowClear
      placeholder={disabled ? disabledPlaceholder : users.isError ? 'Không tải được danh sách nhân viên' : placeholder}
      status={users.isError ? 'error' : undefined}
      loading={users.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={options}
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          {option.data.description && <div style={muted}>{option.data.description}</div>}
        </div>
      )}
      notFoundContent={
        users.isFetching ? <Spin size="small" /> : users.isError ? 'Không tải được danh sách nhân viên' : notFoundText
      }
      popupMatchSelectWidth={320}
    />
  );
}
