import { EditOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import type { ProgramDetail } from '@qlcv/common/schemas/monitoring-programs';
import { FREQUENCY_LABELS } from '@qlcv/common/schemas/sites';
import { Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { MediumTag } from '@/features/sites';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useMonitoringProgram } from '../api/monitoring-programs-api';
import { DeleteProgramButton } from '../components/delete-program-button';
import { describeProgramLog, PROGRAM_HISTORY } from '../components/program-history';
import { nextRoundText, ProgramProgress } from '../components/program-labels';
import { ProgramRounds } from '../components/program-rounds';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export default function ProgramShowPage() {
  const id = Number(useParams().id);
  const program = useMonitoringProgram(id);
  const navigate = useNavigate();
  const canEdit = useCan(['monitoring.edit']);
  const canSite = useCan(['monitoring.show', 'monitoring.edit']);
  const canContract = useCan(['contracts.show']);

  if (program.isPending) return <LoadingCard rows={10} />;
  if (program.isError)
    return (
      <LoadError
        error={program.error}
        onRetry={() => program.refetch()}
        notFoundTitle="Không tìm thấy chương trình quan trắc"
        back={<Button onClick={() => navigate(urlFor('monitoring.programs.index'))}>Về danh sách chương trình</Button>}
      />
    );
  const p = program.data;

  return (
    <>
      <PageHeader
        title={p.name}
        subtitle={`Mã chương trình ${p.code}`}
        extra={
          canEdit && (
            <>
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(urlFor('monitoring.programs.edit', { id: p.id }))}
              >
                Sửa
              </Button>
              <DeleteProgramButton
                program={p}
                type="default"
                onDeleted={() => navigate(urlFor('monitoring.programs.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin chương trình">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'site',
                    label: 'Cơ sở quan trắc',
                    children: canSite ? (
                      <Link to={urlFor('monitoring.sites.show', { id: p.site.id })}>
                        {p.site.name} ({p.site.code})
                      </Link>
                    ) : (
                      `${p.site.name} (${p.site.code})`
                    ),
                  },
                  { key: 'customer', label: 'Khách hàng', children: `${p.customer.name} (${p.customer.code})` },
                  {
                    key: 'contract',
                    label: 'Hợp đồng',
                    children: p.contract ? (
                      canContract ? (
                        <Link to={urlFor('contracts.show', { id: p.contract.id })}>{p.contract.number}</Link>
                      ) : (
                        p.contract.number
                      )
                    ) : (
                      'Không theo hợp đồng'
                    ),
                  },
                  { key: 'period', label: 'Thời gian', children: `${formatDate(p.start_date)} – ${formatDate(p.end_date)}` },
                  { key: 'progress', label: 'Tiến độ', children: <ProgramProgress progress={p.progress} /> },
                  { key: 'next', label: 'Đợt tiếp theo', children: nextRoundText(p.next_round) },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(p.updated_at) },
                  {
                    key: 'description',
                    label: 'Ghi chú',
                    span: 'filled',
                    children: p.description ? <span style={{ whiteSpace: 'pre-line' }}>{p.description}</span> : dash,
                  },
                ]}
              />
            </Card>
            <ProgramRounds program={p} canEdit={canEdit} onStale={() => program.refetch()} />
            <Lines program={p} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="monitoring_programs" id={p.id} describe={describeProgramLog} {...PROGRAM_HISTORY} />
        </Col>
      </Row>
    </>
  );
}

/** The programme's points, each with its parameters and their frequency. */
function Lines({ program }: { program: ProgramDetail }) {
  const points = new Map<number, ProgramDetail['lines']>();
  for (const l of program.lines) points.set(l.point.id, [...(points.get(l.point.id) ?? []), l]);
  return (
    <Card title={`Điểm và chỉ tiêu (${program.lines.length} chỉ tiêu)`}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {[...points.values()].map((lines) => (
          <div key={lines[0]!.point.id} data-testid="program-point">
            <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
              <strong>{lines[0]!.point.code}</strong>
              <MediumTag medium={lines[0]!.point.medium as Parameters<typeof MediumTag>[0]['medium']} />
              <Typography.Text type="secondary">{lines[0]!.point.name}</Typography.Text>
            </div>
            <Typography.Text>
              {lines.map((l) => `${l.parameter.code} (${FREQUENCY_LABELS[l.frequency].toLowerCase()})`).join(', ')}
            </Typography.Text>
          </div>
        ))}
      </Space>
    </Card>
  );
}
