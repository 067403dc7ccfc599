import { CheckOutlined } from '@ant-design/icons';
import { groupPermissions, permissionLabel } from '@qlcv/common/permissions';
import { Col, Empty, Row, Typography } from 'antd';

/** The keys a role holds, grouped by resource (read-only). */
export function PermissionSummary({ keys }: { keys: string[] }) {
  const held = new Set(keys);
  const groups = groupPermissions().filter((g) => g.keys.some((k) => held.has(k)));
  if (groups.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Vai trò này chưa được cấp quyền nào" />;
  return (
    <Row gutter={[24, 16]}>
      {groups.map((group) => (
        <Col key={group.resource} xs={24} sm={12} xl={8}>
          <section aria-label={group.label}>
            <Typography.Text strong>{group.label}</Typography.Text>
            <ul style={{ listStyle: 'none', margin: '6px 0 0', padding: 0 }}>
              {group.keys
                .filter((k) => held.has(k))
                .map((k) => (
                  <li key={k} style={{ padding: '2px 0' }}>
                    <CheckOutlined style={{ color: '#0b7a75', marginInlineEnd: 8 }} />
                    {permissionLabel(k)}
                  </li>
                ))}
            </ul>
          </section>
        </Col>
      ))}
    </Row>
  );
}
