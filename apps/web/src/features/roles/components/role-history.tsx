import { PERMISSION_RESOURCE_LABELS, permissionLabel } from '@qlcv/common/permissions';
import { Typography } from 'antd';
import { HistoryTimeline } from '@/components/history-timeline';
import { useRoleHistory } from '../api/get-role-history';

const FIELD_LABELS = { code: 'Mã', name: 'Tên vai trò', description: 'Mô tả', permissions: 'Quyền' };

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

/** The role's "Lịch sử". */
export function RoleHistory({ roleId }: { roleId: number }) {
  const history = useRoleHistory(roleId);
  return (
    <HistoryTimeline
      logs={history.data?.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => history.refetch()}
      fieldLabels={FIELD_LABELS}
      renderChange={(field, before, after) => (field === 'permissions' ? permissionChange(before, after) : undefined)}
    />
  );
}
