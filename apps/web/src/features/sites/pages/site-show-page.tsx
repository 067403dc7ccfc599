import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import type { RegulationOption } from '@qlcv/common/schemas/regulations';
import { FREQUENCY_LABELS, type SiteDetail, type SitePoint } from '@qlcv/common/schemas/sites';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useRegulationOptions } from '@/features/regulations/api/regulations-api';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useSite } from '../api/sites-api';
import { DeleteSiteButton } from '../components/delete-site-button';
import { PointLimits, RegulationLink } from '../components/point-limits';
import { validityNote } from '../components/regulation-labels';
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
  // The columns' meanings and the factors' names (the point keeps their codes).
  const catalogue = useRegulationOptions();
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
        site.points.map((p) => (
          <PointCard key={p.id} point={p} regulation={catalogue.data?.find((r) => r.id === p.regulation_id)} />
        ))
      )}
    </Card>
  );
}

/** The regulation a point is compared with: the catalogue's (linked, with its column's meaning and the chosen factors) or a typed citation. */
function regulationItems(p: SitePoint, r: RegulationOption | undefined) {
  if (p.regulation_id === null) {
    const typed = p.regulation ? `${p.regulation}${p.regulation_column ? ` — cột ${p.regulation_column}` : ''}` : null;
    return [
      {
        key: 'regulation',
        label: 'Quy chuẩn',
        children: typed ? (
          <span>
            {typed}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              (nhập tay, không so sánh tự động)
            </Typography.Text>
          </span>
        ) : (
          dash
        ),
      },
    ];
  }
  const note = r ? validityNote(r) : null;
  const column = r?.columns.find((c) => c.code === p.regulation_column);
  const chosen = new Map(p.regulation_factors.map((f) => [f.code, f]));
  // The regulation's factors in its order, then any the point keeps that it no longer has.
  const codes = [...(r?.factors.map((f) => f.code) ?? []), ...p.regulation_factors.map((f) => f.code)].filter(
    (c, i, all) => all.indexOf(c) === i,
  );
  return [
    {
      key: 'regulation',
      label: 'Quy chuẩn',
      span: 'filled' as const,
      children: (
        <span data-testid="point-regulation">
          <RegulationLink id={p.regulation_id} code={p.regulation ?? r?.code ?? `#${p.regulation_id}`} />
          {r && <Typography.Text type="secondary">{` — ${r.title}`}</Typography.Text>}
          {note && <Tag style={{ marginInlineStart: 8 }}>{note}</Tag>}
        </span>
      ),
    },
    {
      key: 'column',
      label: 'Cột áp dụng',
      span: 'filled' as const,
      children: p.regulation_column ? (
        <span data-testid="point-column">
          <strong>{p.regulation_column}</strong>
          {column ? ` — ${column.meaning}` : ''}
        </span>
      ) : (
        dash
      ),
    },
    ...(codes.length > 0
      ? [
          {
            key: 'factors',
            label: 'Hệ số',
            span: 'filled' as const,
            children: (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {codes.map((code) => {
                  const f = chosen.get(code);
                  const def = r?.factors.find((x) => x.code === code);
                  // The table's row, when the value names one row and no reason says more (rows may share a value).
                  const rows = def?.values.filter((v) => v.value === f?.value) ?? [];
                  const band = rows.length === 1 && !f?.reason ? rows[0] : undefined;
                  return (
                    <li key={code} data-testid="point-factor">
                      {f ? (
                        <>
                          <strong>
                            {code} = {formatDecVi(f.value)}
                          </strong>
                          {def ? ` (${def.name}${band ? `: ${band.label}` : ''})` : ''}
                          {f.reason && <Typography.Text type="secondary">{` — căn cứ: ${f.reason}`}</Typography.Text>}
                        </>
                      ) : (
                        <Typography.Text type="warning">
                          {code}: chưa chọn{def ? ` (${def.name})` : ''}
                        </Typography.Text>
                      )}
                    </li>
                  );
                })}
              </ul>
            ),
          },
        ]
      : []),
  ];
}

function PointCard({ point: p, regulation }: { point: SitePoint; regulation: RegulationOption | undefined }) {
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
          { key: 'coordinates', label: 'Tọa độ', children: <MapLink latitude={p.latitude} longitude={p.longitude} /> },
          ...regulationItems(p, regulation),
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
      {p.regulation_id !== null && <PointLimits point={p} regulation={regulation} />}
    </Card>
  );
}
