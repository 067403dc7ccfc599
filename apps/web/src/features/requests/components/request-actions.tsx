import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  InboxOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { type RequestDetail, requestCompleteBody } from '@qlcv/common/schemas/requests';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { type DialogSpec, useTransitionDialog } from '@/components/transition-dialog';
import { zodRule } from '@/lib/forms';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { type RequestVerb, useTransitionRequest } from '../api/requests-api';

const OPEN = ['new', 'received', 'in_progress', 'on_hold'];
const OPEN_WORK = ['todo', 'in_progress', 'on_hold'];

type FormVerb = 'hold' | 'reject' | 'cancel' | 'complete';

const DIALOGS: Record<FormVerb, DialogSpec> = {
  hold: {
    title: 'Tạm dừng yêu cầu',
    ok: 'Tạm dừng',
    done: 'Đã tạm dừng yêu cầu',
    extra: 'Thời hạn xử lý dừng lại trong khi tạm dừng.',
  },
  reject: { title: 'Từ chối yêu cầu', ok: 'Từ chối', danger: true, done: 'Đã từ chối yêu cầu' },
  cancel: { title: 'Hủy yêu cầu', ok: 'Hủy yêu cầu', danger: true, done: 'Đã hủy yêu cầu' },
  complete: {
    title: 'Hoàn thành yêu cầu',
    ok: 'Hoàn thành',
    done: 'Đã hoàn thành yêu cầu',
    note: 'Kết quả và tài liệu kết quả được hiển thị cho khách hàng trên trang tra cứu.',
  },
};

const RESULT = { name: 'result_text', label: 'Kết quả xử lý', rule: zodRule(requestCompleteBody.shape.result_text) };

/** Which verbs the request's state allows (the server decides in the end; a stale page gets 409). */
export function allowedVerbs(r: RequestDetail): Set<RequestVerb> {
  const out = new Set<RequestVerb>();
  if (r.status === 'new') out.add('receive');
  if (r.status === 'received' || r.status === 'in_progress') out.add('hold');
  if (r.status === 'on_hold') out.add('resume');
  if (r.status === 'new' || r.status === 'received') out.add('reject');
  if (OPEN.includes(r.status)) out.add('cancel');
  const openStepWork = r.works.some((w) => w.step_index !== null && OPEN_WORK.includes(w.status));
  if ((r.status === 'received' || r.status === 'in_progress') && !openStepWork) out.add('complete');
  return out;
}

/** The request's buttons: edit and the transitions, each confirmed, with a reason or a result where needed. */
export function RequestActions({ request, onConflict }: { request: RequestDetail; onConflict: (message: string) => void }) {
  const canEdit = useCan(['requests.edit']);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const transition = useTransitionRequest(request.id);
  const { run, open, element } = useTransitionDialog<RequestVerb, FormVerb>({
    code: request.code,
    dialogs: DIALOGS,
    result: RESULT,
    send: (verb, body) => transition.mutateAsync({ verb, body }),
    pending: transition.isPending,
    onConflict,
  });

  if (!canEdit) return null;
  const allowed = allowedVerbs(request);

  const confirm = (verb: 'receive' | 'resume') =>
    modal.confirm({
      title: verb === 'receive' ? `Tiếp nhận yêu cầu ${request.code}?` : `Tiếp tục xử lý yêu cầu ${request.code}?`,
      content:
        verb === 'receive'
          ? 'Yêu cầu sẽ chạy theo quy trình của loại yêu cầu; công việc của bước đầu tiên được tạo và giao ngay.'
          : 'Hạn xử lý được lùi thêm đúng khoảng thời gian tạm dừng.',
      okText: verb === 'receive' ? 'Tiếp nhận' : 'Tiếp tục',
      cancelText: 'Đóng',
      onOk: () => run(verb, {}, verb === 'receive' ? 'Đã tiếp nhận yêu cầu' : 'Đã tiếp tục xử lý yêu cầu'),
    });

  return (
    <>
      {OPEN.includes(request.status) && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('requests.edit', { id: request.id }))}>
          Sửa
        </Button>
      )}
      {allowed.has('receive') && (
        <Button type="primary" icon={<InboxOutlined />} onClick={() => confirm('receive')}>
          Tiếp nhận
        </Button>
      )}
      {allowed.has('resume') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => confirm('resume')}>
          Tiếp tục
        </Button>
      )}
      {allowed.has('complete') && (
        <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => open('complete')}>
          Hoàn thành
        </Button>
      )}
      {allowed.has('hold') && (
        <Button icon={<PauseCircleOutlined />} onClick={() => open('hold')}>
          Tạm dừng
        </Button>
      )}
      {allowed.has('reject') && (
        <Button danger icon={<StopOutlined />} onClick={() => open('reject')}>
          Từ chối
        </Button>
      )}
      {allowed.has('cancel') && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => open('cancel')}>
          Hủy
        </Button>
      )}
      {element}
    </>
  );
}
