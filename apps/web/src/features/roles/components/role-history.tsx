import { PERMISSION_RESOURCE_LABELS, permissionLabel } from '@qlcv/common/permissions';
import { Typography } from 'antd';
import type { HistoryView } from '@/components/history-timeline';

const keyLabel = (key: string) => `${PERMISSION_RESOURCE_LABELS[key.split('.')[0] ?? ''] ?? key}: ${permissionLabel(key)}`;
const asKeys = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** Permissions given and taken away, rather than two long lists. */
function permissionChange(before: unknown, after: unknown) {
  const was = new Set(asKeys(before));
  const now = new Set(asKeys(after));
  const added = [...now].filter((k) => !was.has(k));
  const removed = [...was].filter((k) => !now.has(k));
  return (
    <>
      {added.length > 0 && <Typography.Text type="success">thêm {added.map(keyLabel).join(', ')}</Typography.Text>}
      {added.length > 0 && removed.length > 0 && '; '}
      {removed.length > 0 && <Typography.Text type="danger">bỏ {removed.map(keyLabel).join(', ')}</Typography.Text>}
    </>
  );
}

/** How a role's "Lịch sử" reads: `<RecordHistory entity="roles" id={…} {...ROLE_HISTORY} />`. */
export const ROLE_HISTORY: HistoryView = {
  fieldLabels: { code: 'Mã', name: 'Tên vai trò', description: 'Mô tả', permissions: 'Quyền' },
  renderChange: (field, before, after) => (field === 'permissions' ? permissionChange(before, after) : undefined),
};
