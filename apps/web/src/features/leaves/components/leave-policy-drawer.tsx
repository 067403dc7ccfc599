import { SaveOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { type LeavePolicy, leavePolicyBody } from '@qlcv/common/schemas/leaves';
import { Button, Drawer, Form, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ConflictAlert, LoadError } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useLeavePolicy, useUpdateLeavePolicy } from '../api/leaves-api';

interface Values {
  allow_negative_balance: boolean;
  carry_over_cap_days: number | null;
  expires_day: number;
  expires_month: number;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: `Tháng ${i + 1}` }));
/** Days of a month in a leap year: 29/02 is a valid expiry. */
const daysIn = (month: number) => new Date(2000, month, 0).getDate();
const pad = (n: number) => String(n).padStart(2, '0');

const valuesOf = (p: LeavePolicy): Values => ({
  allow_negative_balance: p.allow_negative_balance,
  carry_over_cap_days: p.carry_over_cap_days,
  expires_month: Number(p.carry_over_expires.slice(0, 2)),
  expires_day: Number(p.carry_over_expires.slice(3, 5)),
});

/** "Chính sách phép năm" (HR): negative balance, carry-over cap and the expiry of carried-over days. */
export function LeavePolicyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const policy = useLeavePolicy(open);
  const save = useUpdateLeavePolicy();
  const [form] = Form.useForm<Values>();
  const [conflict, setConflict] = useState<string | null>(null);
  const month = Form.useWatch('expires_month', form) ?? 3;

  useEffect(() => {
    if (open && policy.data) form.setFieldsValue(valuesOf(policy.data));
  }, [open, policy.data, form]);

  const onFinish = async (v: Values) => {
    if (!policy.data) return;
    try {
      await save.mutateAsync({
        allow_negative_balance: v.allow_negative_balance,
        carry_over_cap_days: v.carry_over_cap_days ?? 0,
        carry_over_expires: `${pad(v.expires_month)}-${pad(v.expires_day)}`,
        version: policy.data.version,
      });
      setConflict(null);
      notifySuccess('Đã lưu chính sách phép năm.');
      onClose();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <Drawer
      title="Chính sách phép năm"
      open={open}
      onClose={onClose}
      size={480}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>Đóng</Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!policy.data}
            onClick={() => form.submit()}
          >
            Lưu chính sách
          </Button>
        </Space>
      }
    >
      {policy.isPending ? (
        <Skeleton active />
      ) : policy.isError ? (
        <LoadError plain error={policy.error} onRetry={() => policy.refetch()} />
      ) : (
        <>
          {conflict && (
            <ConflictAlert
              message={conflict}
              reloading={policy.isFetching}
              onReload={async () => {
                const fresh = await policy.refetch();
                if (fresh.data) form.setFieldsValue(valuesOf(fresh.data));
                setConflict(null);
              }}
            />
          )}
          <Form<Values> form={form} layout="vertical" onFinish={onFinish} initialValues={valuesOf(policy.data)}>
            <Form.Item
              name="allow_negative_balance"
              label="Cho phép nghỉ quá số ngày phép còn lại"
              valuePropName="checked"
              extra="Bật: đơn phép năm vượt số ngày còn lại vẫn được gửi, số dư có thể âm. Tắt: đơn vượt số dư bị từ chối."
            >
              <Switch aria-label="Cho phép số dư âm" checkedChildren="Cho phép" unCheckedChildren="Không" />
            </Form.Item>
            <Form.Item
              name="carry_over_cap_days"
              label="Số ngày tối đa chuyển sang năm sau"
              required
              rules={[
                { required: true, message: 'Vui lòng nhập số ngày tối đa' },
                zodRule(leavePolicyBody.shape.carry_over_cap_days),
              ]}
              extra="Khi chốt phép cuối năm, số ngày còn lại của mỗi nhân viên được chuyển sang năm sau, nhiều nhất bằng số này (0: không chuyển)."
            >
              <DecimalInput aria-label="Số ngày chuyển tối đa" scale={0} grouping={false} suffix="ngày" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              label="Phép chuyển sang hết hạn ngày (của năm sau)"
              required
              extra="Sau ngày này, phần phép chuyển sang chưa dùng bị thu hồi (ngày phép chuyển sang được trừ trước)."
            >
              <Space.Compact>
                <Form.Item
                  name="expires_day"
                  noStyle
                  rules={[
                    { required: true, message: 'Vui lòng chọn ngày' },
                    {
                      validator: async (_, day: number) => {
                        if (day > daysIn(form.getFieldValue('expires_month'))) throw new Error('Tháng đã chọn không có ngày này');
                      },
                    },
                  ]}
                >
                  <Select
                    aria-label="Ngày hết hạn"
                    style={{ width: 110 }}
                    options={Array.from({ length: daysIn(month) }, (_, i) => ({ value: i + 1, label: `Ngày ${i + 1}` }))}
                  />
                </Form.Item>
                <Form.Item name="expires_month" noStyle rules={[{ required: true, message: 'Vui lòng chọn tháng' }]}>
                  <Select
                    aria-label="Tháng hết hạn"
                    style={{ width: 120 }}
                    options={MONTHS}
                    onChange={(m: number) => {
                      const day = form.getFieldValue('expires_day') as number;
                      if (day > daysIn(m)) form.setFieldValue('expires_day', daysIn(m));
                    }}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Form>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Cập nhật lần cuối: {formatDateTime(policy.data.updated_at)}
          </Typography.Text>
        </>
      )}
    </Drawer>
  );
}
