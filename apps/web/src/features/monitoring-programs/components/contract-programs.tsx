import { PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { PROGRAM_CONTRACT_STATUSES } from '@qlcv/common/schemas/monitoring-programs';
import { Button, Card, Empty, List, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useMonitoringPrograms } from '../api/monitoring-programs-api';
import { nextRoundText, ProgramProgress } from './program-labels';

/**
 * A contract's monitoring programmes, on its page: each with its site, period and progress; "Lập chương trình" once the
 * contract is signed. Shown only to who may read programmes.
 */
export function ContractPrograms({ contract }: { contract: { id: number; number: string; status: string } }) {
  const canRead = useCan(['monitoring.index']);
  const canCreate = useCan(['monitoring.create']);
  const navigate = useNavigate();
  const programs = useMonitoringPrograms({ contract_id: String(contract.id), per_page: 'all', sort: 'start_date' }, canRead);
  if (!canRead) return null;
  const signed = (PROGRAM_CONTRACT_STATUSES as readonly string[]).includes(contract.status);
  const create =
    canCreate && signed ? (
      <Button
        icon={<PlusOutlined />}
        onClick={() => navigate(`${urlFor('monitoring.programs.create')}?contract_id=${contract.id}`)}
      >
        Lập chương trình quan trắc
      </Button>
    ) : null;
  const rows = programs.data?.data ?? [];

  return (
    <Card title={`Chương trình quan trắc (${rows.length})`} extra={rows.length > 0 && create} data-testid="contract-programs">
      {programs.isError ? (
        <Typography.Text type="danger">
          Không tải được chương trình quan trắc.{' '}
          <Button type="link" size="small" onClick={() => programs.refetch()}>
            Thử lại
          </Button>
        </Typography.Text>
      ) : rows.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            programs.isPending
              ? 'Đang tải…'
              : signed
                ? 'Hợp đồng chưa có chương trình quan trắc nào.'
                : 'Lập chương trình quan trắc sau khi hợp đồng được ký.'
          }
        >
          {create}
        </Empty>
      ) : (
        <List
          dataSource={rows}
          renderItem={(p) => (
            <List.Item key={p.id} extra={<ProgramProgress progress={p.progress} />}>
              <List.Item.Meta
                title={<Link to={urlFor('monitoring.programs.show', { id: p.id })}>{p.name}</Link>}
                description={
                  <span>
                    {p.site.name} · {formatDate(p.start_date)} – {formatDate(p.end_date)}
                    <br />
                    <Typography.Text type="secondary">Đợt tiếp theo: {nextRoundText(p.next_round)}</Typography.Text>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
