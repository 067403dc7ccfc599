import type { CustomerDetail } from '@qlcv/common/schemas/customers';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCustomer, useUpdateCustomer } from '../api/customers-api';
import { CustomerForm, type CustomerFormValues, toCustomerBody, toCustomerValues } from '../components/customer-form';
import { placeNestedErrors } from '../components/nested-errors';

export default function CustomerEditPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const navigate = useNavigate();

  if (customer.isPending) return <LoadingCard rows={12} />;
  if (customer.isError)
    return (
      <LoadError
        error={customer.error}
        onRetry={() => customer.refetch()}
        notFoundTitle="Không tìm thấy khách hàng"
        back={<Button onClick={() => navigate(urlFor('customers.index'))}>Về danh sách khách hàng</Button>}
      />
    );
  // Keyed by version: a reload after a conflict starts the form again from the saved record.
  return (
    <EditCustomerForm
      key={customer.data.version}
      customer={customer.data}
      onReload={() => customer.refetch()}
      reloading={customer.isFetching}
    />
  );
}

function EditCustomerForm({
  customer,
  onReload,
  reloading,
}: {
  customer: CustomerDetail;
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<CustomerFormValues>();
  const navigate = useNavigate();
  const update = useUpdateCustomer(customer.id);
  const [conflict, setConflict] = useState<string | null>(null);

  const onFinish = async (values: CustomerFormValues) => {
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...toCustomerBody(values), version: customer.version });
      notifySuccess(`Đã lưu khách hàng “${saved.name}”.`);
      navigate(urlFor('customers.show', { id: customer.id }));
    } catch (error) {
      if (!placeNestedErrors(form, error)) handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <>
      <PageHeader
        title={`Sửa khách hàng: ${customer.name}`}
        subtitle={`Mã khách hàng ${customer.code}`}
        extra={<Link to={urlFor('customers.show', { id: customer.id })}>Xem chi tiết</Link>}
      />
      <CustomerForm
        form={form}
        initialValues={toCustomerValues(customer)}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('customers.show', { id: customer.id }))}
        submitting={update.isPending}
        submitLabel="Lưu thay đổi"
        customer={customer}
        notice={conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      />
    </>
  );
}
