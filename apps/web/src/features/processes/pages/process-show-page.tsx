import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ActiveTag } from '@/components/active-tag';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useProcess } from '../api/processes-api';
import { DeleteProcessButton } from '../components/delete-process-button';
import { formatHours } from '../components/hours';
import { ProcessHistory } from '../components/process-history';
import { StepsTable } from '../components/steps-table';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export default function ProcessShowPage() {
  const id = Number(useParams().id);
  const process = useProcess(id);
  const navigate = useNavigate();
  const canEdit = useCan(['processes.edit']);

  if (process.isPending) return <LoadingCard rows={8} />;
  if (process.isError)
    return (
      <LoadError
        error={process.error}
        onRetry={() => process.refetch()}
        notFoundTitle="Không tìm thấy quy trình"
        back={<Button onClick={() => navigate(urlFor('processes.index'))}>Về danh sách quy trình</Button>}
      />
    );
  const p = process.data;
  const resultStep = p.steps.find((s) => s.produces_result);

  return (
    <>
      <PageHeader
        title={p.name}
        subtitle={`Mã quy trình ${p.code}`}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('processes.edit', { id: p.id }))}>
                Sửa
              </Button>
              <DeleteProcessButton
                process={p}
                type="default"
                onDeleted={() => navigate(urlFor('processes.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title={`Các bước xử lý (${p.steps.length})`}
          extra={
            canEdit && (
              <Button icon={<PlusOutlined />} onClick={() => navigate(urlFor('process_steps.create', { id: p.id }))}>
                Thêm bước
              </Button>
            )
          }
        >
          {canEdit && p.steps.length > 1 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
              Kéo một dòng hoặc dùng mũi tên để đổi thứ tự các bước. Yêu cầu đã tiếp nhận giữ nguyên thứ tự cũ.
            </Typography.Paragraph>
          )}
          <StepsTable process={p} canEdit={canEdit} onReload={() => process.refetch()} reloading={process.isFetching} />
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card title="Thông tin quy trình" extra={<ActiveTag active={p.active} />}>
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã quy trình', children: p.code },
                  { key: 'name', label: 'Tên quy trình', children: p.name },
                  { key: 'steps', label: 'Số bước', children: p.steps_count },
                  {
                    key: 'sla',
                    label: 'Tổng thời hạn',
                    children: p.steps_count > 0 ? formatHours(p.total_duration_hours) : dash,
                  },
                  { key: 'result', label: 'Bước tạo kết quả', children: resultStep?.name ?? 'Chưa chọn' },
                  { key: 'types', label: 'Số loại yêu cầu dùng', children: p.request_types_count },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(p.updated_at) },
                  { key: 'desc', label: 'Mô tả', span: 'filled', children: p.description || dash },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <ProcessHistory processId={p.id} steps={p.steps} />
          </Col>
        </Row>
      </Space>
    </>
  );
}
