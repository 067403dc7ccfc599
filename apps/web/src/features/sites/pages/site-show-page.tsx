import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { FREQUENCY_LABELS, type SiteDetail, type SitePoint } from '@qlcv/common/schemas/sites';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useSite } from '../api/sites-api';
import { DeleteSiteButton } from '../components/delete-site-button';
import { SITE_HISTORY } from '../components/site-history';
import { coordinatesText, MediumTag, mapsUrl } from '../components/site-labels';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function MapLink({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  if (latitude === null || longitude === null) return dash;
  return (
    <a href={mapsUrl(latitude, longitude)} target="_blank" rel="noreferrer">
      <EnvironmentOutlined /> {coordinatesText(latitude, longitude)}
    </a>
  );
}

export default function SiteShowPage() {
  const id = Number(useParams().id);
  const site = useSite(id);
  const navigate = useNavigate();
  const canEdit = useCan(['monitoring.edit']);
  const canCustomer = useCan(['customer.show', 'customer.edit']);

  if (site.isPending) return <LoadingCard rows={10} />;
  if (site.isError)
    return (
      <LoadError
        error={site.error}
        onRetry={() => site.refetch()}
        notFoundTitle="Không tìm thấy cơ sở quan trắc"
        back={<Button onClick={() => navigate(urlFor('monitoring.sites.index'))}>Về danh sách cơ sở</Button>}
      />
    );
  const s = site.data;

  return (
    <>
      <PageHeader
        title={s.name}
        subtitle={`Mã cơ sở ${s.code}`}
        extra={
          canEdit && (
            <>
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(urlFor('monitoring.sites.edit', { id: s.id }))}
              >
                Sửa
              </Button>
              <DeleteSiteButton
                site={s}
                type="default"
                onDeleted={() => navigate(urlFor('monitoring.sites.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin cơ sở" extra={s.active ? <Tag color="green">Đang theo dõi</Tag> : <Tag>Ngừng theo dõi</Tag>}>
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã cơ sở', children: s.code },
                  {
                    key: 'customer',
                    label: 'Khách hàng',
                    children: canCustomer ? (
                      <Link to={urlFor('customers.show', { id: s.customer.id })}>
                        {s.customer.name} ({s.customer.code})
                      </Link>
                    ) : (
                      `${s.customer.name} (${s.customer.code})`
                    ),
                  },
                  { key: 'address', label: 'Địa chỉ', children: s.address ?? dash },
                  { key: 'province', label: 'Tỉnh/thành phố', children: s.province ?? dash },
                  { key: 'permit_number', label: 'Giấy phép môi trường', children: s.permit_number ?? dash },
                  { key: 'permit_date', label: 'Ngày cấp', children: s.permit_date ? formatDate(s.permit_date) : dash },
                  { key: 'coordinates', label: 'Tọa độ', children: <MapLink latitude={s.latitude} longitude={s.longitude} /> },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(s.updated_at) },
                  {
                    key: 'description',
                    label: 'Ghi chú',
                    span: 'filled',
                    children: s.description ? <span style={{ whiteSpace: 'pre-line' }}>{s.description}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Points site={s} canEdit={canEdit} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="sites" id={s.id} {...SITE_HISTORY} />
        </Col>
      </Row>
    </>
  );
}

function Points({ site, canEdit }: { site: SiteDetail; canEdit: boolean }) {
  const navigate = useNavigate();
  return (
    <Card
      title={`Điểm quan trắc (${site.points.length})`}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      {site.points.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Cơ sở chưa có điểm quan trắc nào">
          {canEdit && (
            <Button onClick={() => navigate(urlFor('monitoring.sites.edit', { id: site.id }))}>Thêm điểm quan trắc</Button>
          )}
        </Empty>
      ) : (
        site.points.map((p) => <PointCard key={p.id} point={p} />)
      )}
    </Card>
  );
}

function PointCard({ point: p }: { point: SitePoint }) {
  const regulation = p.regulation ? `${p.regulation}${p.regulation_column ? ` — cột ${p.regulation_column}` : ''}` : null;
  return (
    <Card
      size="small"
      type="inner"
      data-testid="point"
      title={
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', whiteSpace: 'normal' }}>
          <strong>{p.code}</strong>
          <MediumTag medium={p.medium} />
        </span>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: 'Vị trí', span: 'filled', children: p.name },
          { key: 'regulation', label: 'Quy chuẩn', children: regulation ?? dash },
          { key: 'coordinates', label: 'Tọa độ', children: <MapLink latitude={p.latitude} longitude={p.longitude} /> },
          ...(p.description
            ? [
                {
                  key: 'description',
                  label: 'Mô tả',
                  span: 'filled' as const,
                  children: <span style={{ whiteSpace: 'pre-line' }}>{p.description}</span>,
                },
              ]
            : []),
        ]}
      />
      <Typography.Text strong style={{ display: 'block', margin: '12px 0 6px' }}>
        Kế hoạch quan trắc ({p.plan.length} chỉ tiêu)
      </Typography.Text>
      {p.plan.length === 0 ? (
        <Typography.Text type="secondary">Chưa có chỉ tiêu nào.</Typography.Text>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {p.plan.map((l) => (
            <li key={l.parameter.id} data-testid="plan-line" style={{ marginBottom: 4 }}>
              <span>
                {l.parameter.code} — {FREQUENCY_LABELS[l.frequency]}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {' '}
                · {l.parameter.name} ({l.parameter.unit}), {l.parameter.method}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
