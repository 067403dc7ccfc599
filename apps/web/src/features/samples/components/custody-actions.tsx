import { EditOutlined, PrinterOutlined, SendOutlined } from '@ant-design/icons';
import {
  coolBoxSchema,
  SAMPLE_STEP_MOVES,
  type SampleDetail,
  type SampleStep,
  sampleHandOverBody,
} from '@qlcv/common/schemas/samples';
import { Button, Form, type FormInstance, Input, Modal, Popconfirm, Radio } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/delete-button';
import { UserSelect } from '@/components/user-select';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useDeleteSample, useSampleStep } from '../api/samples-api';

interface HandOverValues {
  to_user_id: number | null;
  temperature: string;
  notes: string | null;
}
interface ReceiveValues {
  intact: boolean;
  temperature: string;
  notes: string | null;
}

const notesShape = sampleHandOverBody.shape.notes;
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * The sample's buttons, as `can` allows: the chain of custody's next step (hand over and receive through a dialog,
 * the laboratory's other steps through a confirmation), print its label, edit, delete.
 */
export function CustodyActions({ sample, onStale }: { sample: SampleDetail; onStale: () => void }) {
  const navigate = useNavigate();
  const step = useSampleStep();
  const remove = useDeleteSample();
  const [open, setOpen] = useState<'hand-over' | 'receive' | null>(null);
  const [handOver] = Form.useForm<HandOverValues>();
  const [receive] = Form.useForm<ReceiveValues>();
  const can = sample.can;

  /** A step refused: out of order or stale (409) reloads the sample; field errors stay in the dialog. */
  const failed = (error: unknown, form?: FormInstance) => {
    if (error instanceof ApiError && error.status === 409) {
      notifyError(error.message);
      setOpen(null);
      onStale();
      return;
    }
    if (form && error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)) return;
    notifyError(error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE);
  };

  const move = async (s: SampleStep, body: object, form?: FormInstance) => {
    try {
      await step.mutateAsync({ id: sample.id, step: s, body: { ...body, version: sample.version } });
      notifySuccess(`${SAMPLE_STEP_MOVES[s].label}: ${sample.code}.`);
      setOpen(null);
    } catch (error) {
      failed(error, form);
    }
  };

  const confirmStep = (s: 'analyse' | 'store' | 'dispose', question: string) => (
    <Popconfirm
      key={s}
      title={question}
      okText={SAMPLE_STEP_MOVES[s].label}
      okButtonProps={s === 'dispose' ? { danger: true } : undefined}
      cancelText="Không"
      onConfirm={() => move(s, {})}
    >
      <Button type={s === 'dispose' ? 'default' : 'primary'} danger={s === 'dispose'} loading={step.isPending}>
        {SAMPLE_STEP_MOVES[s].label}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      {can['hand-over'] && (
        <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen('hand-over')}>
          Bàn giao mẫu
        </Button>
      )}
      {can.receive && (
        <Button type="primary" onClick={() => setOpen('receive')}>
          Nhận mẫu
        </Button>
      )}
      {can.analyse && confirmStep('analyse', `Bắt đầu phân tích mẫu ${sample.code}?`)}
      {can.store && confirmStep('store', `Chuyển mẫu ${sample.code} sang lưu mẫu?`)}
      {can.dispose && confirmStep('dispose', `Hủy mẫu ${sample.code}? Mẫu đã hủy không phân tích lại được.`)}
      <Button icon={<PrinterOutlined />} onClick={() => navigate(urlFor('monitoring.samples.label', { id: sample.id }))}>
        In nhãn
      </Button>
      {can.edit && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('monitoring.samples.edit', { id: sample.id }))}>
          Sửa
        </Button>
      )}
      {can.delete && (
        <DeleteButton
          type="default"
          noun="mẫu"
          name={sample.code}
          content="Mẫu chưa bàn giao sẽ bị xóa cùng kết quả đo và ảnh; nhãn đã in không còn dùng được."
          remove={() => remove.mutateAsync(sample.id)}
          onDeleted={() => navigate(urlFor('monitoring.trips.show', { id: sample.trip.id }), { replace: true })}
        />
      )}

      <Modal
        open={open === 'hand-over'}
        title={`Bàn giao mẫu ${sample.code}`}
        okText="Bàn giao"
        cancelText="Hủy"
        confirmLoading={step.isPending}
        onOk={() => handOver.submit()}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Form<HandOverValues>
          form={handOver}
          layout="vertical"
          initialValues={{ to_user_id: null, temperature: '', notes: null }}
          onFinish={(v) =>
            move('hand-over', { to_user_id: v.to_user_id, temperature: v.temperature, notes: blankToNull(v.notes) }, handOver)
          }
          requiredMark="optional"
        >
          <Form.Item
            name="to_user_id"
            label="Người nhận"
            required
            rules={[{ required: true, message: 'Vui lòng chọn người nhận mẫu' }]}
          >
            <UserSelect aria-label="Người nhận" />
          </Form.Item>
          <TemperatureItem />
          <Form.Item name="notes" label="Ghi chú" rules={[zodRule(notesShape)]}>
            <Input.TextArea {...textLimit(notesShape)} rows={2} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={open === 'receive'}
        title={`Nhận mẫu ${sample.code}`}
        okText="Nhận mẫu"
        cancelText="Hủy"
        confirmLoading={step.isPending}
        onOk={() => receive.submit()}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Form<ReceiveValues>
          form={receive}
          layout="vertical"
          initialValues={{ intact: true, temperature: '', notes: null }}
          onFinish={(v) =>
            move('receive', { intact: v.intact, temperature: v.temperature, notes: blankToNull(v.notes) }, receive)
          }
          requiredMark="optional"
        >
          <Form.Item name="intact" label="Tình trạng mẫu" required>
            <Radio.Group
              aria-label="Tình trạng mẫu"
              options={[
                { value: true, label: 'Nguyên vẹn' },
                { value: false, label: 'Không nguyên vẹn' },
              ]}
            />
          </Form.Item>
          <TemperatureItem />
          <Form.Item
            name="notes"
            label="Ghi chú"
            dependencies={['intact']}
            rules={[
              zodRule(notesShape),
              ({ getFieldValue }) => ({
                validator: async (_r, v: string | null) => {
                  if (getFieldValue('intact') === false && !v?.trim())
                    throw new Error('Vui lòng ghi rõ tình trạng mẫu không nguyên vẹn');
                },
              }),
            ]}
          >
            <Input.TextArea {...textLimit(notesShape)} rows={2} placeholder="Chai nứt, nhãn mờ, thiếu chất bảo quản…" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** "Nhiệt độ thùng bảo quản (°C)", a decimal typed on the phone's number pad (comma or point). */
export function TemperatureItem({ name = 'temperature' }: { name?: string }) {
  return (
    <Form.Item
      name={name}
      label="Nhiệt độ thùng bảo quản (°C)"
      required
      rules={[{ required: true, message: 'Vui lòng nhập nhiệt độ thùng bảo quản' }, zodRule(coolBoxSchema)]}
    >
      <Input inputMode="decimal" autoComplete="off" placeholder="Ví dụ 4,0" style={{ maxWidth: 200 }} />
    </Form.Item>
  );
}
