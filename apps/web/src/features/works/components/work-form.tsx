import { PRIORITY_LABELS } from '@qlcv/common/labels';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { PRIORITIES } from '@qlcv/common/schemas/requests';
import { workCreateBody } from '@qlcv/common/schemas/works';
import { Card, Col, DatePicker, Form, type FormInstance, Input, Radio, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { FormFooter } from '@/components/record-form';
import { UserSelect } from '@/components/user-select';
import { textLimit, zodRule } from '@/lib/forms';
import type { WorkCreateInput } from '../api/works-api';

export interface WorkFormValues {
  title: string;
  description: string | null;
  department_id: number | null;
  assignee_id: number | null;
  participant_ids: number[];
  priority: string;
  start_date: Dayjs | null;
  deadline: Dayjs | null;
  new_attachments: DocumentRecord[];
}

export const EMPTY_WORK: WorkFormValues = {
  title: '',
  description: null,
  department_id: null,
  assignee_id: null,
  participant_ids: [],
  priority: 'normal',
  start_date: null,
  deadline: null,
  new_attachments: [],
};

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Form values → body: days as YYYY-MM-DD (a deadline day means the end of that day), files as `attachment_ids`. */
export function toWorkBody(v: WorkFormValues): WorkCreateInput {
  return {
    title: v.title.trim(),
    description: text(v.description),
    department_id: v.department_id ?? null,
    assignee_id: v.assignee_id ?? null,
    participant_ids: v.participant_ids ?? [],
    priority: v.priority as WorkCreateInput['priority'],
    start_date: v.start_date ? v.start_date.format('YYYY-MM-DD') : null,
    deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : null,
    attachment_ids: (v.new_attachments ?? []).map((d) => d.id),
  };
}

interface Props {
  form: FormInstance<WorkFormValues>;
  initialValues: WorkFormValues;
  onFinish: (values: WorkFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
}

/** A standalone work: what, who, when. */
export function WorkForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel }: Props) {
  const shape = workCreateBody.shape;
  return (
    <Form<WorkFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      requiredMark="optional"
      style={{ maxWidth: 1100 }}
    >
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title="Nội dung công việc" style={{ marginBottom: 16 }}>
            <Form.Item name="title" label="Tiêu đề" required rules={[zodRule(shape.title)]}>
              <Input {...textLimit(shape.title)} placeholder="VD: Chuẩn bị thiết bị lấy mẫu nước thải" />
            </Form.Item>
            <Form.Item name="description" label="Mô tả" rules={[zodRule(shape.description)]}>
              <Input.TextArea {...textLimit(shape.description)} rows={6} />
            </Form.Item>
            <Form.Item name="priority" label="Mức ưu tiên" required>
              <Radio.Group optionType="button" options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))} />
            </Form.Item>
            <Form.Item name="new_attachments" label="Tệp đính kèm">
              <AttachmentsField />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Giao việc và thời hạn" style={{ marginBottom: 16 }}>
            <Form.Item name="assignee_id" label="Người thực hiện" extra="Để trống: công việc chờ phòng ban phân công.">
              <UserSelect placeholder="Chọn người thực hiện" />
            </Form.Item>
            <Form.Item name="department_id" label="Phòng ban" extra="Để trống: phòng ban của người thực hiện, hoặc của bạn.">
              <DepartmentTreeSelect style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="participant_ids" label="Người theo dõi">
              <UserSelect multiple placeholder="Những người được xem và bình luận" />
            </Form.Item>
            <Form.Item name="start_date" label="Ngày bắt đầu">
              <DatePicker format="DD/MM/YYYY" placeholder="Chọn ngày" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="deadline"
              label="Hạn hoàn thành"
              dependencies={['start_date']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, value: Dayjs | null) => {
                    const start = getFieldValue('start_date') as Dayjs | null;
                    if (value && start && value.isBefore(start, 'day'))
                      throw new Error('Hạn hoàn thành không được trước ngày bắt đầu');
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" placeholder="Chọn ngày (hết ngày)" style={{ width: '100%' }} />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
