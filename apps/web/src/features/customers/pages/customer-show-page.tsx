import { EditOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import type { CustomerDetail } from '@qlcv/common/schemas/customers';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Table, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { AttachmentRows } from '@/components/attachments/attachment-rows';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { RelatedContracts } from '@/components/related-contracts';
import { CustomerExceedances } from '@/features/analyses';
import { useCan } from '@/lib/permissions/can';
import { MOBILE_LABEL } from '@/lib/phone-fields';
import { urlFor } from '@/lib/routes';
import { useCustomer } from '../api/customers-api';
import { CUSTOMER_HISTORY } from '../components/customer-history';
import { CustomerRequests } from '../components/customer-requests';
import { CustomerSourceTag, CustomerTypeTag } from '../components/customer-type-tag';
import { DeleteCustomerButton } from '../components/delete-customer-button';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export default function CustomerShowPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const navigate = useNavigate();
  const canEdit = useCan(['customer.edit']);

  if (customer.isPending) return <LoadingCard rows={10} />;
  if (customer.isError)
    return (
      <LoadError
        error={customer.error}
        onRetry={() => customer.refetch()}
        notFoundTitle="Không tìm thấy khách hàng"
        back={<Button onClick={() => navigate(urlFor('customers.index'))}>Về danh sách khách hàng</Button>}
      />
    );
  const c = customer.data;
  const organization = c.type === 'organization';
  const address = [c.street, c.ward, c.province].filter(Boolean).join(', ');

  return (
    <>
      <PageHeader
        title={c.name}
        subtitle={`Mã khách hàng ${c.code}`}
        extra={
          canEdit && (
            <>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(urlFor('customers.edit', { id: c.id }))}>
                Sửa
              </Button>
              <DeleteCustomerButton
                customer={c}
                requestsCount={c.requests_count}
                type="default"
                onDeleted={() => navigate(urlFor('customers.index'), { replace: true })}
              />
            </>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title="Thông tin khách hàng"
              extra={
                <Space size={4}>
                  <CustomerTypeTag type={c.type} />
                  <CustomerSourceTag source={c.source} />
                </Space>
              }
            >
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã khách hàng', children: c.code },
                  { key: 'name', label: organization ? 'Tên tổ chức' : 'Họ và tên', children: c.name },
                  { key: 'tax_code', label: 'Mã số thuế', children: c.tax_code ?? dash },
                  ...(organization
                    ? [
                        {
                          key: 'representative',
                          label: 'Người đại diện',
                          children: c.representative
                            ? [c.representative, c.representative_title].filter(Boolean).join(' — ')
                            : dash,
                        },
                      ]
                    : []),
                  {
                    key: 'phone',
                    label: 'Điện thoại',
                    children: c.phone ? (
                      <a href={`tel:${c.phone}`}>
                        <PhoneOutlined /> {c.phone}
                      </a>
                    ) : (
                      dash
                    ),
                  },
                  {
                    key: 'email',
                    label: 'Email',
                    children: c.email ? (
                      <a href={`mailto:${c.email}`}>
                        <MailOutlined /> {c.email}
                      </a>
                    ) : (
                      dash
                    ),
                  },
                  { key: 'address', label: 'Địa chỉ', span: 'filled', children: address || dash },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(c.created_at) },
                  { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(c.updated_at) },
                  {
                    key: 'notes',
                    label: 'Ghi chú',
                    span: 'filled',
                    children: c.notes ? <span style={{ whiteSpace: 'pre-line' }}>{c.notes}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Contacts customer={c} />
            <CustomerRequests customerId={c.id} total={c.requests_count} />
            <RelatedContracts of={{ customer_id: c.id }} />
            <CustomerExceedances customerId={c.id} />
            <Card title={`Tệp đính kèm (${c.attachments.length})`}>
              {c.attachments.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có tệp đính kèm">
                  {canEdit && <Button onClick={() => navigate(urlFor('customers.edit', { id: c.id }))}>Thêm tệp</Button>}
                </Empty>
              ) : (
                <AttachmentRows documents={c.attachments.map((doc) => ({ doc }))} />
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RecordHistory entity="customers" id={c.id} {...CUSTOMER_HISTORY} />
        </Col>
      </Row>
    </>
  );
}

function Contacts({ customer }: { customer: CustomerDetail }) {
  return (
    <Card title={`Người liên hệ (${customer.contacts.length})`}>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={customer.contacts.map((p, i) => ({ ...p, key: i }))}
        scroll={{ x: 560 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có người liên hệ" /> }}
        columns={[
          { key: 'name', title: 'Họ tên', dataIndex: 'name' },
          { key: 'title', title: 'Chức vụ', render: (_, p) => p.title ?? dash },
          { key: 'phone', title: MOBILE_LABEL, render: (_, p) => (p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : dash) },
          { key: 'email', title: 'Email', render: (_, p) => (p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : dash) },
        ]}
      />
    </Card>
  );
}
