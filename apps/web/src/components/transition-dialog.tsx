import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { reasonBody } from '@qlcv/common/schemas/requests';
import { Form, Input, Modal, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, schemaOfRule, textLimit, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';

/** The reason's limit, the same for a cancel (where it may be left empty) as for the others. */
const reasonLimit = textLimit(reasonBody.shape.reason);

/** One verb asked for in a dialog: its title and button, and the toast once done. */
export interface DialogSpec {
  title: string;
  ok: string;
  danger?: boolean;
  done: string;
  /** Shown above the field. */
  note?: ReactNode;
  /** Shown under the reason. */
  extra?: string;
}

interface Values {
  reason?: string;
  documents?: DocumentRecord[];
  [result: string]: unknown;
}

/**
 * The status changes of a request or a work (verbs `A`, of which `V` need a dialog): `run` sends one (a 409 goes to `onConflict`, a 422 under the field it
 * names, anything else to a toast) and `open` asks first in a dialog: the result and its documents for `complete`,
 * a reason for the others (optional for `cancel`).
 */
export function useTransitionDialog<A extends string, V extends A>(options: {
  /** The record's code, in titles and toasts. */
  code: string;
  dialogs: Record<V, DialogSpec>;
  /** The field `complete` asks for. */
  result: { name: string; label: string; rule: Rule };
  send: (verb: A, body: Record<string, unknown>) => Promise<unknown>;
  pending: boolean;
  onConflict: (message: string) => void;
}) {
  const { code, dialogs, result, send, pending, onConflict } = options;
  const resultSchema = schemaOfRule(result.rule);
  const resultLimit = resultSchema ? textLimit(resultSchema) : {};
  const [dialog, setDialog] = useState<V | null>(null);
  const [form] = Form.useForm<Values>();

  const run = async (verb: A, body: Record<string, unknown>, done: string) => {
    try {
      await send(verb, body);
      notifySuccess(`${done} ${code}.`);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message);
        return true;
      }
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)) return false;
      notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
      return false;
    }
  };

  const open = (verb: V) => {
    form.resetFields();
    setDialog(verb);
  };

  const submit = async () => {
    if (!dialog) return;
    const v = await form.validateFields();
    const text = (name: string) => (typeof v[name] === 'string' ? (v[name] as string).trim() : undefined);
    const body: Record<string, unknown> =
      dialog === 'complete'
        ? { [result.name]: text(result.name), document_ids: (v.documents ?? []).map((d) => d.id) }
        : dialog === 'cancel'
          ? { reason: text('reason') || null }
          : { reason: text('reason') };
    if (await run(dialog, body, dialogs[dialog].done)) setDialog(null);
  };

  const spec = dialog ? dialogs[dialog] : null;
  const element = (
    <Modal
      open={dialog !== null}
      title={spec ? `${spec.title} ${code}` : ''}
      okText={spec?.ok}
      cancelText="Đóng"
      okButtonProps={{ danger: spec?.danger, loading: pending }}
      onOk={submit}
      onCancel={() => setDialog(null)}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        {spec?.note && <Typography.Paragraph type="secondary">{spec.note}</Typography.Paragraph>}
        {dialog === 'complete' ? (
          <>
            <Form.Item name={result.name} label={result.label} required rules={[result.rule]}>
              <Input.TextArea rows={4} {...resultLimit} />
            </Form.Item>
            <Form.Item name="documents" label="Tài liệu kết quả">
              <AttachmentsField />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="reason"
            label="Lý do"
            required={dialog !== 'cancel'}
            rules={
              dialog === 'cancel'
                ? [{ max: reasonLimit.maxLength, message: `Lý do tối đa ${reasonLimit.maxLength} ký tự` }]
                : [zodRule(reasonBody.shape.reason)]
            }
            extra={spec?.extra}
          >
            <Input.TextArea rows={3} {...reasonLimit} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );

  return { run, open, element };
}
