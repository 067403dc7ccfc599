import { Form } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { handleSubmitError } from '@/components/submit-error';
import { notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useCreateCustomer } from '../api/customers-api';
import { CustomerForm, type CustomerFormValues, EMPTY_CUSTOMER, toCustomerBody } from '../components/customer-form';
import { placeNestedErrors } from '../components/nested-errors';

export default function CustomerCreatePage() {
  const [form] = Form.useForm<CustomerFormValues>();
  const navigate = useNavigate();
  const create = useCreateCustomer();

  const onFinish = async (values: CustomerFormValues) => {
    try {
      const customer = await create.mutateAsync(toCustomerBody(values));
      notifySuccess(`Đã thêm khách hàng “${customer.name}” (${customer.code}).`);
      navigate(urlFor('customers.show', { id: customer.id }));
    } catch (error) {
      if (!placeNestedErrors(form, error)) handleSubmitError(form, error);
    }
  };

  return (
    <>
      <PageHeader title="Thêm khách hàng" subtitle="Mã khách hàng được cấp tự động khi lưu." />
      <CustomerForm
        form={form}
        initialValues={EMPTY_CUSTOMER}
        onFinish={onFinish}
        onCancel={() => navigate(urlFor('customers.index'))}
        submitting={create.isPending}
        submitLabel="Thêm khách hàng"
      />
    </>
  );
}
