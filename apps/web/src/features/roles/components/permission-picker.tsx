import { groupPermissions, PERMISSION_KEYS, permissionLabel } from '@qlcv/common/permissions';
import { Button, Card, Checkbox, Col, Row, Space, Typography } from 'antd';

const GROUPS = groupPermissions();
const ALL: readonly string[] = PERMISSION_KEYS;

interface Props {
  value?: string[];
  onChange?: (keys: string[]) => void;
  disabled?: boolean;
}

/** Permission keys grouped by resource, with "Chọn tất cả" per group; the value keeps catalogue order. */
export function PermissionPicker({ value = [], onChange, disabled }: Props) {
  const selected = new Set(value);
  const emit = (next: Set<string>) => onChange?.(ALL.filter((k) => next.has(k)));

  const toggleGroup = (keys: string[], on: boolean) => {
    const next = new Set(selected);
    for (const k of keys) {
      if (on) next.add(k);
      else next.delete(k);
    }
    emit(next);
  };

  const toggleKey = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    emit(next);
  };

  const count = ALL.filter((k) => selected.has(k)).length;

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text data-testid="permission-count">
          Đã chọn <strong>{count}</strong>/{ALL.length} quyền
        </Typography.Text>
        {!disabled && (
          <>
            <Button size="small" onClick={() => emit(new Set(ALL))} disabled={count === ALL.length}>
              Chọn tất cả quyền
            </Button>
            <Button size="small" onClick={() => emit(new Set())} disabled={count === 0}>
              Bỏ chọn tất cả
            </Button>
          </>
        )}
      </Space>
      <Row gutter={[12, 12]}>
        {GROUPS.map((group) => {
          const on = group.keys.filter((k) => selected.has(k)).length;
          return (
            <Col key={group.resource} xs={24} md={12} xl={8}>
              <Card
                size="small"
                role="group"
                aria-label={group.label}
                style={{ height: '100%' }}
                title={
                  <span>
                    {group.label}{' '}
                    <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 12 }}>
                      ({on}/{group.keys.length})
                    </Typography.Text>
                  </span>
                }
                extra={
                  <Checkbox
                    checked={on === group.keys.length}
                    indeterminate={on > 0 && on < group.keys.length}
                    disabled={disabled}
                    onChange={(e) => toggleGroup(group.keys, e.target.checked)}
                  >
                    Chọn tất cả
                  </Checkbox>
                }
              >
                <Space orientation="vertical" size={4}>
                  {group.keys.map((key) => (
                    <Checkbox
                      key={key}
                      checked={selected.has(key)}
                      disabled={disabled}
                      onChange={(e) => toggleKey(key, e.target.checked)}
                    >
                      {permissionLabel(key)}{' '}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {key}
                      </Typography.Text>
                    </Checkbox>
                  ))}
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
