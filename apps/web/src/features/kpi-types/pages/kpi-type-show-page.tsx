import { EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { KPI_MEASURES } from '@qlcv/common/schemas/kpi-types';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ActiveTag } from '@/components/active-tag';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useKpiType } from '../api/kpi-types-api';
import { DeleteKpiTypeButton } from '../components/delete-kpi-type-button';
import { KPI_TYPE_HISTORY } from '../components/kpi-type-history';
import { DirectionTag, formatKpiNumber, MeasureTag } from '../components/kpi-type-tags';

export default function KpiTypeShowPage() {
  const id = Number(useParams().id);
  const kpiType = useKpiType(id);
  const navigate = useNavigate();
  const canEdit = useCan(['kpi_types.edit']);

  if (kpiType.isPending) return <LoadingCard rows={8} />;
  if (kpiType.isError)
    return (
      <LoadError
        error={kpiType.error}
        onRetry={() => kpiType.refetch()}
        notFoundTitle="Không tìm thấy loại KPI"
        back={<Button onClick={() => navigate(urlFor('kpi_types.index'))}>Về danh sách loại KPI</Button>}
      />
    );
  const k = kpiType.data;
  const measure = KPI_MEASURES[k.measure];

  return (
    <>
      <PageHeader
        title={
          <Space size={8} wrap>
            {k.name}
            <ActiveTag active={k.active} />
          </Space>
        }
        subtitle={k.description ?? undefined}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('kpi_types.edit', { id: k.id }))}>
                Sửa
              </Button>
              <DeleteKpiTypeButton
                kpiType={k}
                type="default"
                onDeleted={() => navigate(urlFor('kpi_types.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin loại KPI">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã KPI', children: <Typography.Text code>{k.code}</Typography.Text> },
                  { key: 'name', label: 'Tên loại KPI', children: k.name },
                  { key: 'measure', label: 'Cách đo', children: <MeasureTag measure={k.measure} /> },
                  { key: 'direction', label: 'Chiều đánh giá', children: <DirectionTag direction={k.direction} /> },
                  { key: 'unit', label: 'Đơn vị', children: k.unit || '—' },
                  { key: 'weight', label: 'Trọng số mặc định', children: `${k.default_weight}%` },
                  { key: 'target', label: 'Chỉ tiêu mặc định', children: formatKpiNumber(k.default_target, k.unit) },
                  { key: 'criteria', label: 'Số tiêu chí đang dùng', children: k.criteria_count },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(k.created_at) },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(k.updated_at) },
                  { key: 'desc', label: 'Mô tả', span: 'filled', children: k.description || '—' },
                ]}
              />
            </Card>
            <Alert
              type={k.measure === 'manual' ? 'info' : 'success'}
              showIcon
              title={k.measure === 'manual' ? 'Không tự tính' : `Tự động tính: ${measure.label}`}
              description={measure.explanation}
            />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="kpi_types" id={k.id} {...KPI_TYPE_HISTORY} />
        </Col>
      </Row>
    </>
  );
}
