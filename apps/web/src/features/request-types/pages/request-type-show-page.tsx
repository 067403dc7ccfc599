import { EditOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { ACTIVE_LABELS, ActiveTag } from '@/components/active-tag';
import { type HistoryView, historyValue, RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useRequestType } from '../api/request-types-api';
import { DeleteRequestTypeButton } from '../components/delete-request-type-button';
import { PUBLIC_LABELS, PublicTag } from '../components/request-type-tags';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** How the type's "Lịch sử" reads. */
const REQUEST_TYPE_HISTORY: HistoryView = {
  fieldLabels: {
    code: 'Mã',
    name: 'Tên loại yêu cầu',
    description: 'Mô tả',
    process: 'Quy trình xử lý',
    is_public: 'Công khai',
    service_group: 'Nhóm dịch vụ',
    active: 'Trạng thái',
  },
  formatValue: (field, value) => {
    if (field === 'active') return ACTIVE_LABELS[value ? 'true' : 'false'];
    if (field === 'is_public') return PUBLIC_LABELS[value ? 'true' : 'false'];
    return historyValue(value);
  },
};

export default function RequestTypeShowPage() {
  const id = Number(useParams().id);
  const type = useRequestType(id);
  const navigate = useNavigate();
  const canEdit = useCan(['request_types.edit']);
  const canOpenProcess = useCan(['processes.show', 'processes.edit']);

  if (type.isPending) return <LoadingCard rows={8} />;
  if (type.isError)
    return (
      <LoadError
        error={type.error}
        onRetry={() => type.refetch()}
        notFoundTitle="Không tìm thấy loại yêu cầu"
        back={<Button onClick={() => navigate(urlFor('request_types.index'))}>Về danh sách loại yêu cầu</Button>}
      />
    );
  const t = type.data;
  // Why a type marked public is not on the public page.
  const hidden = t.is_public
    ? !t.active
      ? 'Loại yêu cầu đang ngừng sử dụng nên chưa hiển thị trên trang gửi yêu cầu.'
      : t.process && !t.process.active
        ? 'Quy trình xử lý đã ngừng sử dụng nên loại yêu cầu chưa hiển thị trên trang gửi yêu cầu.'
        : null
    : null;

  return (
    <>
      <PageHeader
        title={t.name}
        subtitle={`Mã loại yêu cầu ${t.code}`}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('request_types.edit', { id: t.id }))}>
                Sửa
              </Button>
              <DeleteRequestTypeButton
                requestType={t}
                type="default"
                onDeleted={() => navigate(urlFor('request_types.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {hidden && <Alert type="warning" showIcon title={hidden} />}
            <Card
              title="Thông tin loại yêu cầu"
              extra={
                <Space size={4}>
                  <PublicTag isPublic={t.is_public} />
                  <ActiveTag active={t.active} />
                </Space>
              }
            >
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã', children: t.code },
                  { key: 'name', label: 'Tên loại yêu cầu', children: t.name },
                  {
                    key: 'process',
                    label: 'Quy trình xử lý',
                    children: t.process ? (
                      <span>
                        {canOpenProcess ? (
                          <Link to={urlFor('processes.show', { id: t.process.id })}>{t.process.name}</Link>
                        ) : (
                          t.process.name
                        )}
                        {!t.process.active && <Typography.Text type="warning"> (ngừng sử dụng)</Typography.Text>}
                      </span>
                    ) : (
                      dash
                    ),
                  },
                  { key: 'group', label: 'Nhóm dịch vụ', children: t.service_group ?? dash },
                  {
                    key: 'public',
                    label: 'Trang gửi yêu cầu',
                    children: t.is_public ? 'Khách hàng chọn được khi gửi yêu cầu' : 'Chỉ nhân viên tạo yêu cầu',
                  },
                  { key: 'requests', label: 'Số yêu cầu', children: t.requests_count },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(t.created_at) },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(t.updated_at) },
                  {
                    key: 'desc',
                    label: 'Mô tả',
                    span: 'filled',
                    children: t.description ? <span style={{ whiteSpace: 'pre-line' }}>{t.description}</span> : dash,
                  },
                ]}
              />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="request_types" id={t.id} {...REQUEST_TYPE_HISTORY} />
        </Col>
      </Row>
    </>
  );
}
