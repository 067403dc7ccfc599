import { EditOutlined, LockOutlined, PlayCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Evaluation } from '@qlcv/common/schemas/evaluations';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/delete-button';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { type EvaluationVerb, useDeleteEvaluation, useTransitionEvaluation } from '../api/evaluations-api';

/** Sửa / Xóa (draft), Mở kỳ đánh giá (draft), Đóng kỳ (open), each asked first. */
export function EvaluationActions({ evaluation: e, onConflict }: { evaluation: Evaluation; onConflict: (m: string) => void }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canEdit = useCan(['evaluations.edit']);
  const canAdd = useCan(['user_evaluations.create']);
  const transition = useTransitionEvaluation(e.id);
  const remove = useDeleteEvaluation(e.id);
  if (!canEdit) return null;

  const run = async (verb: EvaluationVerb, done: string) => {
    try {
      const saved = await transition.mutateAsync({ verb, version: e.version });
      notifySuccess(verb === 'open' ? `${done}: đã tạo ${saved.counts.total} phiếu đánh giá.` : done);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onConflict(error.message);
      else notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
    }
  };

  const confirmOpen = () =>
    modal.confirm({
      title: `Mở kỳ đánh giá “${e.name}”?`,
      content: (
        <>
          Mỗi nhân viên đang làm việc ở {e.departments.map((d) => d.name).join(', ')} (kể cả phòng ban trực thuộc) sẽ có một phiếu
          đánh giá, người đánh giá là trưởng phòng của họ; mọi người được thông báo. Sau khi mở không sửa được tiêu chí.
        </>
      ),
      okText: 'Mở kỳ đánh giá',
      cancelText: 'Hủy',
      onOk: () => run('open', 'Đã mở kỳ đánh giá'),
    });

  const confirmClose = () =>
    modal.confirm({
      title: `Đóng kỳ đánh giá “${e.name}”?`,
      content:
        e.counts.approved < e.counts.total
          ? `Còn ${e.counts.total - e.counts.approved}/${e.counts.total} phiếu chưa được phê duyệt. Sau khi đóng, điểm và kết quả bị khóa, số liệu thực tế không cập nhật nữa.`
          : 'Sau khi đóng, điểm và kết quả bị khóa, số liệu thực tế không cập nhật nữa.',
      okText: 'Đóng kỳ',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: () => run('close', 'Đã đóng kỳ đánh giá'),
    });

  return (
    <>
      {e.status === 'draft' && (
        <Button type="primary" icon={<PlayCircleOutlined />} loading={transition.isPending} onClick={confirmOpen}>
          Mở kỳ đánh giá
        </Button>
      )}
      {e.status === 'open' && canAdd && (
        <Button icon={<UserAddOutlined />} onClick={() => navigate(`${urlFor('user_evaluations.create')}?evaluation_id=${e.id}`)}>
          Thêm nhân viên
        </Button>
      )}
      {e.status === 'open' && (
        <Button danger icon={<LockOutlined />} loading={transition.isPending} onClick={confirmClose}>
          Đóng kỳ
        </Button>
      )}
      {e.status !== 'closed' && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('evaluations.edit', { id: e.id }))}>
          Sửa
        </Button>
      )}
      {e.status === 'draft' && (
        <DeleteButton
          noun="kỳ đánh giá"
          name={e.name}
          type="default"
          content="Kỳ đánh giá chưa mở nên chưa có phiếu nào; thao tác này không hoàn tác được."
          remove={() => remove.mutateAsync()}
          onDeleted={() => navigate(urlFor('evaluations.index'), { replace: true })}
        />
      )}
    </>
  );
}
