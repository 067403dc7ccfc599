import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { type WorkDetail, workCompleteBody } from '@qlcv/common/schemas/works';
import { App, Button } from 'antd';
import { useState } from 'react';
import { type DialogSpec, useTransitionDialog } from '@/components/transition-dialog';
import { zodRule } from '@/lib/forms';
import { useWorkAction, type WorkVerb } from '../api/works-api';
import { WorkCompleteDialog } from './work-complete-dialog';

/** Verbs asked for in the shared dialog; `complete` has its own (work-complete-dialog.tsx). */
type FormVerb = 'hold' | 'cancel' | 'send-back';

const DIALOGS: Record<FormVerb, DialogSpec> = {
  hold: { title: 'Tạm dừng công việc', ok: 'Tạm dừng', done: 'Đã tạm dừng công việc' },
  cancel: { title: 'Hủy công việc', ok: 'Hủy công việc', danger: true, done: 'Đã hủy công việc' },
  'send-back': {
    title: 'Trả lại bước trước',
    ok: 'Trả lại',
    danger: true,
    done: 'Đã trả lại bước trước cho công việc',
    note: 'Công việc này bị hủy và công việc của bước trước được tạo lại cho người đã làm bước đó.',
  },
};

/** A step's work says where finishing it leads. */
const STEP_NOTE = 'Khi hoàn thành, yêu cầu chuyển sang bước tiếp theo; ở bước cuối, yêu cầu hoàn thành với kết quả này.';

/** The shared dialog's `complete` field, which this page never opens (it has its own dialog). */
const RESULT = { name: 'result_note', label: 'Kết quả thực hiện', rule: zodRule(workCompleteBody.shape.result_note) };

/** Which verbs the work's state allows (the server decides in the end; a stale page gets 409). */
export function allowedWorkVerbs(w: WorkDetail): Set<WorkVerb> {
  const out = new Set<WorkVerb>();
  if (!w.can.edit) return out;
  if (w.status === 'todo') out.add('start');
  if (w.status === 'todo' || w.status === 'in_progress') {
    out.add('hold');
    out.add('complete');
  }
  if (w.status === 'on_hold') out.add('resume');
  if (['todo', 'in_progress', 'on_hold'].includes(w.status)) out.add('cancel');
  if (w.step_index !== null && w.step_index > 1 && (w.status === 'todo' || w.status === 'in_progress')) out.add('send-back');
  return out;
}

/** The work's status buttons, each confirmed; reasons and the result note in a dialog. */
export function WorkActions({ work, onConflict }: { work: WorkDetail; onConflict: (message: string) => void }) {
  const { modal } = App.useApp();
  const action = useWorkAction(work.id);
  const allowed = allowedWorkVerbs(work);
  const step = work.step_index !== null;
  const [completing, setCompleting] = useState(false);
  const { run, open, element } = useTransitionDialog<WorkVerb, FormVerb>({
    code: work.code,
    dialogs: DIALOGS,
    result: RESULT,
    send: (verb, body) => action.mutateAsync({ verb, body }),
    pending: action.isPending,
    onConflict,
  });

  const confirm = (verb: 'start' | 'resume') =>
    modal.confirm({
      title: verb === 'start' ? `Bắt đầu thực hiện ${work.code}?` : `Tiếp tục thực hiện ${work.code}?`,
      content: verb === 'start' && step ? 'Yêu cầu của công việc chuyển sang "Đang xử lý".' : undefined,
      okText: verb === 'start' ? 'Bắt đầu' : 'Tiếp tục',
      cancelText: 'Đóng',
      onOk: () => run(verb, {}, verb === 'start' ? 'Đã bắt đầu công việc' : 'Đã tiếp tục công việc'),
    });

  return (
    <>
      {allowed.has('start') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => confirm('start')}>
          Bắt đầu
        </Button>
      )}
      {allowed.has('resume') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => confirm('resume')}>
          Tiếp tục
        </Button>
      )}
      {allowed.has('complete') && (
        <Button
          type={allowed.has('start') ? 'default' : 'primary'}
          icon={<CheckCircleOutlined />}
          onClick={() => setCompleting(true)}
        >
          Hoàn thành
        </Button>
      )}
      {allowed.has('hold') && (
        <Button icon={<PauseCircleOutlined />} onClick={() => open('hold')}>
          Tạm dừng
        </Button>
      )}
      {allowed.has('send-back') && (
        <Button icon={<RollbackOutlined />} onClick={() => open('send-back')}>
          Trả lại bước trước
        </Button>
      )}
      {allowed.has('cancel') && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => open('cancel')}>
          Hủy
        </Button>
      )}
      {element}
      <WorkCompleteDialog
        work={work}
        open={completing}
        note={step ? STEP_NOTE : undefined}
        onClose={() => setCompleting(false)}
        onConflict={onConflict}
      />
    </>
  );
}
