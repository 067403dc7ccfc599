import { ANNUAL_LEAVE_CODE, type LeaveType, leaveTypeCreateBody } from '@qlcv/common/schemas/leave-types';
import { Col, Form, Input, Modal, Row, Switch } from 'antd';
import { useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { ConflictAlert } from '@/components/page-states';
import { ActiveField, CodeNameFields } from '@/components/record-form';
import { handleSubmitError } from '@/components/submit-error';
import type { DecimalValue } from '@/lib/decimal';
import { textLimit, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useSaveLeaveType } from '../api/leave-types-api';

/**
 * Codes the server looks types up by: the annual balance (`annual`) and the sampling trips' CT days (`business_trip`).
 * Renaming one would cut that link, so the form keeps their code (decisions 38.19).
 */
export const SYSTEM_CODES: Record<string, string> = {
  [ANNUAL_LEAVE_CODE]: 'phép năm',
  business_trip: 'công tác',
};

interface Values {
  code: string;
  name: string;
  symbol: string;
  paid: boolean;
  uses_balance: boolean;
  counts_as_worked: boolean;
  active: boolean;
  sort_order: DecimalValue;
}

const EMPTY: Values = {
  code: '',
  name: '',
  symbol: '',
  paid: false,
  uses_balance: false,
  counts_as_worked: false,
  active: true,
  sort_order: 0,
};

const valuesOf = (t: LeaveType): Values => ({
  code: t.code,
  name: t.name,
  symbol: t.symbol,
  paid: t.paid,
  uses_balance: t.uses_balance,
  counts_as_worked: t.counts_as_worked,
  active: t.active,
  sort_order: t.sort_order,
});

const shape = leaveTypeCreateBody.shape;

/** "Thêm loại nghỉ" / "Sửa loại nghỉ": the whole record in a dialog (a handful of fields, no page of its own). */
export function LeaveTypeDialog({
  type,
  onClose,
  onReload,
  reloading,
}: {
  /** The type edited, or null for a new one. */
  type: LeaveType | null;
  onClose: () => void;
  /** After a 409: reads the list again; the dialog then starts over from the saved record (keyed by its version). */
  onReload: () => void;
  reloading: boolean;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveLeaveType(type?.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const system = type ? SYSTEM_CODES[type.code] : undefined;
  const title = type ? `Sửa loại nghỉ: ${type.name}` : 'Thêm loại nghỉ';

  const onFinish = async (v: Values) => {
    setConflict(null);
    const body = {
      code: v.code.trim(),
      name: v.name.trim(),
      symbol: v.symbol.trim(),
      paid: v.paid,
      uses_balance: v.uses_balance,
      counts_as_worked: v.counts_as_worked,
      active: v.active,
      // An emptied field is the default order, as the API's own default.
      sort_order: (v.sort_order as number | null) ?? 0,
    };
    try {
      const saved = await save.mutateAsync(type ? { ...body, version: type.version } : body);
      notifySuccess(type ? `Đã lưu loại nghỉ “${saved.name}”.` : `Đã thêm loại nghỉ “${saved.name}”.`);
      onClose();
    } catch (error) {
      handleSubmitError(form, error, setConflict);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okText={type ? 'Lưu thay đổi' : 'Thêm loại nghỉ'}
      cancelText="Hủy"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      {conflict && <ConflictAlert message={conflict} onReload={onReload} reloading={reloading} />}
      <Form<Values>
        form={form}
        name="leave-type"
        layout="vertical"
        initialValues={type ? valuesOf(type) : EMPTY}
        onFinish={onFinish}
        disabled={save.isPending}
      >
        <Row gutter={16}>
          <CodeNameFields
            shape={shape}
            code={{
              label: 'Mã loại nghỉ',
              example: 'cong_tac_nn',
              disabled: !!system,
              ...(system ? { extra: `Hệ thống dùng mã này cho ${system} nên không đổi được.` } : {}),
            }}
            name={{ label: 'Tên loại nghỉ', placeholder: 'Ví dụ: Nghỉ phép năm, Công tác' }}
          />
          <Col xs={12} md={8}>
            <Form.Item
              name="symbol"
              label="Ký hiệu chấm công"
              required
              rules={[zodRule(shape.symbol)]}
              extra="Hiện trong bảng chấm công, ví dụ: P, Ô, KL, CT."
            >
              <Input {...textLimit(shape.symbol)} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="sort_order" label="Thứ tự" rules={[zodRule(shape.sort_order)]} extra="Số nhỏ đứng trước.">
              <DecimalInput scale={0} grouping={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="paid"
              label="Có hưởng lương"
              valuePropName="checked"
              extra="Công ty trả lương cho ngày nghỉ này (tính vào ngày công hưởng lương). Nghỉ ốm, thai sản do BHXH trả: không đánh dấu."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="uses_balance"
              label="Trừ vào phép năm"
              valuePropName="checked"
              extra="Ngày nghỉ được trừ vào số ngày phép năm còn lại của nhân viên."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="counts_as_worked"
              label="Tính là ngày công (công tác)"
              valuePropName="checked"
              extra="Không phải nghỉ: ngày của loại này được tính là ngày làm việc trong bảng chấm công và hiện bằng ký hiệu của nó (ví dụ CT), như đi công tác."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
          <ActiveField extra="Loại nghỉ ngừng sử dụng không được chọn cho đơn mới; các đơn đã có vẫn giữ nguyên." />
        </Row>
      </Form>
    </Modal>
  );
}
