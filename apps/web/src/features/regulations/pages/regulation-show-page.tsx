import { DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { formatNumber } from '@qlcv/common/format/number';
import type { Regulation } from '@qlcv/common/schemas/regulations';
import { Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { MediumTag } from '@/features/sites';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useRegulation, useRegulationTemplate } from '../api/regulations-api';
import { DeleteRegulationButton } from '../components/delete-regulation-button';
import { FactorTables } from '../components/factor-tables';
import { ImportLimitsDialog } from '../components/import-limits-dialog';
import { LimitsTable } from '../components/limits-table';
import { REGULATION_HISTORY } from '../components/regulation-history';
import { InForceTag, validityText } from '../components/regulation-labels';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const text = (s: string | null) => (s ? <span style={{ whiteSpace: 'pre-line' }}>{s}</span> : dash);

const URL_PATTERN = /(https?:\/\/[^\s;,)]+[^\s;,).])/;

/** A citation with its web addresses as links (the shipped regulations cite the pages their values were checked on). */
function Citation({ value }: { value: string | null }) {
  if (!value) return dash;
  const parts = value.split(URL_PATTERN);
  return (
    <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
          <a key={i} href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </span>
  );
}

function RegulationLinks({ refs }: { refs: { id: number; code: string }[] }) {
  if (refs.length === 0) return dash;
  return (
    <span>
      {refs.map((r, i) => (
        <Fragment key={r.id}>
          {i > 0 && ', '}
          <Link to={urlFor('regulations.show', { id: r.id })}>{r.code}</Link>
        </Fragment>
      ))}
    </span>
  );
}

/** One regulation as it is printed: its head, its columns, its factor tables and its limits; editors' actions. */
export default function RegulationShowPage() {
  const id = Number(useParams().id);
  const regulation = useRegulation(id);
  const navigate = useNavigate();
  const canEdit = useCan(['regulations.edit']);
  const template = useRegulationTemplate();
  const [importing, setImporting] = useState(false);

  if (regulation.isPending) return <LoadingCard rows={10} />;
  if (regulation.isError)
    return (
      <LoadError
        error={regulation.error}
        onRetry={() => regulation.refetch()}
        notFoundTitle="Không tìm thấy quy chuẩn"
        back={<Button onClick={() => navigate(urlFor('regulations.index'))}>Về danh sách quy chuẩn</Button>}
      />
    );
  const r = regulation.data;

  return (
    <>
      <PageHeader
        title={r.code}
        subtitle={r.title}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('regulations.edit', { id: r.id }))}>
                Sửa
              </Button>
              <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate(r)}>
                Tải bảng giới hạn (.xlsx)
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                Nhập bảng giới hạn
              </Button>
              <DeleteRegulationButton
                regulation={r}
                type="default"
                onDeleted={() => navigate(urlFor('regulations.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={canEdit ? 16 : 24}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Head regulation={r} />
            <Card title={`Các cột giá trị (${r.columns.length})`} size="small">
              <Descriptions
                size="small"
                column={1}
                items={r.columns.map((c) => ({ key: c.code, label: `Cột ${c.code}`, children: c.meaning }))}
              />
            </Card>
            {r.factors.length > 0 && (
              <Card title={`Hệ số (${r.factors.length})`} size="small">
                <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                  Giá trị tối đa cho phép = C × {r.factors.map((f) => f.code).join(' × ')} (C là giá trị ở cột áp dụng); mỗi điểm
                  quan trắc chọn giá trị hệ số theo bảng dưới đây.
                </Typography.Paragraph>
                <FactorTables factors={r.factors} />
              </Card>
            )}
          </Space>
        </Col>
        {canEdit && (
          <Col xs={24} xl={8}>
            <RecordHistory entity="regulations" id={r.id} {...REGULATION_HISTORY} />
          </Col>
        )}
        <Col span={24}>
          <Card title={`Giá trị giới hạn (${formatNumber(r.limits.length)})`} size="small">
            <LimitsTable regulation={r} />
          </Card>
        </Col>
      </Row>
      {canEdit && <ImportLimitsDialog regulation={r} open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}

function Head({ regulation: r }: { regulation: Regulation }) {
  return (
    <Card title="Thông tin quy chuẩn" size="small" extra={<InForceTag regulation={r} />}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'code', label: 'Số hiệu', children: r.code },
          { key: 'medium', label: 'Thành phần môi trường', children: <MediumTag medium={r.medium} /> },
          { key: 'title', label: 'Tên quy chuẩn', span: 'filled', children: r.title },
          { key: 'issuer', label: 'Cơ quan ban hành', children: text(r.issuer) },
          { key: 'issuing_document', label: 'Văn bản ban hành', children: text(r.issuing_document) },
          { key: 'validity', label: 'Hiệu lực', children: validityText(r) },
          {
            key: 'points',
            label: 'Điểm quan trắc áp dụng',
            children: r.point_count > 0 ? `${formatNumber(r.point_count)} điểm` : 'Chưa có điểm nào',
          },
          {
            key: 'replaced_by',
            label: 'Thay thế bởi',
            children: <RegulationLinks refs={r.replaced_by ? [r.replaced_by] : []} />,
          },
          { key: 'replaces', label: 'Thay thế cho', children: <RegulationLinks refs={r.replaces} /> },
          { key: 'source', label: 'Nguồn trích dẫn', span: 'filled', children: <Citation value={r.source} /> },
          { key: 'note', label: 'Ghi chú', span: 'filled', children: text(r.note) },
          { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(r.updated_at) },
        ]}
      />
    </Card>
  );
}
