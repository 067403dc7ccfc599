import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { CUSTOMER_SOURCE_LABELS, CUSTOMER_TYPE_LABELS } from '@qlcv/common/schemas/customers';
import { Tag } from 'antd';

export function CustomerTypeTag({ type }: { type: string }) {
  return type === 'individual' ? (
    <Tag color="purple" icon={<UserOutlined />}>
      {CUSTOMER_TYPE_LABELS.individual}
    </Tag>
  ) : (
    <Tag color="blue" icon={<BankOutlined />}>
      {CUSTOMER_TYPE_LABELS.organization}
    </Tag>
  );
}

export function CustomerSourceTag({ source }: { source: string }) {
  return (
    <Tag color={source === 'public' ? 'gold' : 'default'}>
      {CUSTOMER_SOURCE_LABELS[source as keyof typeof CUSTOMER_SOURCE_LABELS] ?? source}
    </Tag>
  );
}
