import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  FileWordOutlined,
  FlagOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { formatVnd } from '@qlcv/common/format/number';
import {
  CONTRACT_STATUS_LABELS,
  CONTRACT_TRANSITIONS,
  type ContractDetail,
  type ContractVerb,
  contractNoteRequiredBody,
  contractVerbBody,
} from '@qlcv/common/schemas/contracts';
import { Button, DatePicker, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/delete-button';
import { ApiError } from '@/lib/api/api-error';
import { dayjs } from '@/lib/dayjs';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { useDeleteContract, useDownloadContractDocument, useTransitionContract } from '../api/contracts-api';

interface VerbSpec {
  ok: string;
  done: string;
  icon: ReactNode;
  primary?: boolean;
  danger?: boolean;
  /** What the change does, shown in the dialog. */
  explain: string;
  noteLabel: string;
}

const VERBS: Record<ContractVerb, VerbSpec> = {
  submit: {
    ok: 'Gửi duyệt',
    done: 'Đã gửi duyệt hợp đồng',
    icon: <SendOutlined />,
    primary: true,
    explain: 'Hợp đồng chuyển sang Chờ duyệt; vẫn sửa được cho đến khi ký.',
    noteLabel: 'Ghi chú',
  },
  return: {
    ok: 'Trả lại',
    done: 'Đã trả lại hợp đồng',
    icon: <RollbackOutlined />,
    danger: true,
    explain: 'Hợp đồng trở về Nháp để người lập sửa lại.',
    noteLabel: 'Lý do trả lại',
  },
  sign: {
    ok: 'Ký hợp đồng',
    done: 'Đã ký hợp đồng',
    icon: <SafetyCertificateOutlined />,
    primary: true,
    explain: 'Sau khi ký, nội dung hợp đồng không sửa được nữa. Thuế GTGT được tính theo ngày ký.',
    noteLabel: 'Ghi chú',
  },
  start: {
    ok: 'Bắt đầu thực hiện',
    done: 'Đã bắt đầu thực hiện hợp đồng',
    icon: <PlayCircleOutlined />,
    primary: true,
    explain: 'Hợp đồng chuyển sang Đang thực hiện.',
    noteLabel: 'Ghi chú',
  },
  complete: {
    ok: 'Hoàn thành',
    done: 'Đã hoàn thành hợp đồng',
    icon: <CheckCircleOutlined />,
    primary: true,
    explain: 'Các hạng mục của hợp đồng đã thực hiện xong.',
    noteLabel: 'Ghi chú',
  },
  liquidate: {
    ok: 'Thanh lý',
    done: 'Đã thanh lý hợp đồng',
    icon: <FlagOutlined />,
    primary: true,
    explain: 'Hai bên đã thanh lý hợp đồng; hợp đồng được đóng lại.',
    noteLabel: 'Ghi chú',
  },
  cancel: {
    ok: 'Hủy hợp đồng',
    done: 'Đã hủy hợp đồng',
    icon: <CloseCircleOutlined />,
    danger: true,
    explain: 'Hợp đồng bị hủy và không thực hiện tiếp.',
    noteLabel: 'Lý do hủy',
  },
};

interface Values {
  note?: string;
  signed_date?: dayjs.Dayjs | null;
}

/**
 * The contract's buttons: the status changes its status allows (each confirmed in a dialog, a note where required,
 * the signing date to sign), edit, delete (draft), and the .docx from its template.
 */
export function ContractActions({ contract: c, onConflict }: { contract: ContractDetail; onConflict: (m: string) => void }) {
  const navigate = useNavigate();
  const transition = useTransitionContract(c.id);
  const remove = useDeleteContract(c.id);
  const download = useDownloadContractDocument();
  // The last verb asked for stays while the dialog closes, so its text does not change mid-animation.
  const [verb, setVerb] = useState<ContractVerb | null>(null);
  const [shown, setShown] = useState(false);
  const [form] = Form.useForm<Values>();

  const open = (v: ContractVerb) => {
    form.resetFields();
    if (v === 'sign') form.setFieldsValue({ signed_date: dayjs() });
    setVerb(v);
    setShown(true);
  };

  const submit = async () => {
    if (!verb) return;
    const v = await form.validateFields();
    const body: Record<string, unknown> = { note: v.note?.trim() || null, version: c.version };
    if (verb === 'sign') body.signed_date = v.signed_date?.format('YYYY-MM-DD');
    try {
      await transition.mutateAsync({ verb, body });
      notifySuccess(`${VERBS[verb].done} ${c.number}.`);
      setShown(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message);
        setShown(false);
        return;
      }
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)) return;
      notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
    }
  };

  const spec = verb ? VERBS[verb] : null;
  const noteRequired = verb ? CONTRACT_TRANSITIONS[verb].noteRequired : false;
  const noteSchema = noteRequired ? contractNoteRequiredBody.shape.note : contractVerbBody.unwrap().shape.note;

  return (
    <>
      {c.actions.map((v) => (
        <Button
          key={v}
          type={VERBS[v].primary ? 'primary' : 'default'}
          danger={VERBS[v].danger}
          icon={VERBS[v].icon}
          onClick={() => open(v)}
        >
          {CONTRACT_TRANSITIONS[v].label}
        </Button>
      ))}
      {c.can.edit && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('contracts.edit', { id: c.id }))}>
          Sửa
        </Button>
      )}
      <Button icon={<FileWordOutlined />} loading={download.isPending} onClick={() => download.mutate(c)}>
        Tải hợp đồng (.docx)
      </Button>
      {c.can.delete && (
        <DeleteButton
          noun="hợp đồng"
          name={c.number}
          type="default"
          content="Hợp đồng nháp, các hạng mục và tệp đính kèm của nó sẽ bị xóa."
          remove={() => remove.mutateAsync()}
          onDeleted={() => navigate(urlFor('contracts.index'), { replace: true })}
        />
      )}
      <Modal
        open={shown}
        title={spec && verb ? `${CONTRACT_TRANSITIONS[verb].label} ${c.number}` : ''}
        okText={spec?.ok}
        cancelText="Đóng"
        okButtonProps={{ danger: spec?.danger, loading: transition.isPending, icon: spec?.icon }}
        onOk={submit}
        onCancel={() => setShown(false)}
        forceRender
      >
        <Typography.Paragraph type="secondary">
          {c.title} · {c.customer.name} · {formatVnd(c.total)}
        </Typography.Paragraph>
        {verb && (
          <Typography.Paragraph>
            {CONTRACT_STATUS_LABELS[c.status]} → <b>{CONTRACT_STATUS_LABELS[CONTRACT_TRANSITIONS[verb].to]}</b>. {spec?.explain}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" requiredMark="optional">
          {verb === 'sign' && (
            <Form.Item name="signed_date" label="Ngày ký" required rules={[{ required: true, message: 'Vui lòng nhập ngày ký' }]}>
              <DatePicker format="DD/MM/YYYY" style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="note" label={spec?.noteLabel} required={noteRequired} rules={[zodRule(noteSchema)]}>
            <Input.TextArea rows={3} {...textLimit(noteSchema)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
