import { CheckOutlined, SendOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Analysis } from '@qlcv/common/schemas/analyses';
import { Alert, Button, Form, Modal, Select, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { useAuthUser } from '@/lib/auth/auth-store';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { useAnalysts, useAssignAnalyses, useReleaseAnalyses, useVerifyAnalyses } from '../api/analyses-api';

/** A batch refused: the server's message, and the row it names (`rows.3.id`) when it names one. */
export interface BatchError {
  message: string;
  /** The analysis the refusal is about, when the answer names a row. */
  rowId?: number;
}

export function batchErrorOf(error: unknown, rows: readonly { id: number }[]): BatchError {
  const message = error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
  if (!(error instanceof ApiError)) return { message };
  const field = error.errors.find((e) => e.field && /^rows\.\d+\./.test(e.field))?.field;
  const index = field ? Number(field.split('.')[1]) : -1;
  return { message, rowId: rows[index]?.id };
}

const ASSIGNABLE = new Set(['pending', 'assigned', 'returned']);

/**
 * The list's buttons over the selected rows, as the keys allow: "Phân công" (lab.receive: to one analyst), "Soát xét"
 * (lab.verify: entered results, never one's own), "Phát hành" (verified). Each batch is all or nothing: a refusal
 * (the server's message, e.g. 403 SAME_ANALYST) shows above the table and on its row.
 */
export function BatchActions({
  selected,
  onDone,
  onError,
}: {
  selected: Analysis[];
  onDone: () => void;
  onError: (e: BatchError | null) => void;
}) {
  const me = useAuthUser()?.id;
  const isHead = useCan(['lab.receive']);
  const isVerifier = useCan(['lab.verify']);
  const canRelease = useCan(['lab.verify', 'lab.receive']);
  const assign = useAssignAnalyses();
  const verify = useVerifyAnalyses();
  const release = useReleaseAnalyses();
  const analysts = useAnalysts(isHead);
  const [assigning, setAssigning] = useState(false);
  const [analystId, setAnalystId] = useState<number | null>(null);
  const [analystError, setAnalystError] = useState<string | null>(null);

  const rows = (states: Set<string>) => selected.filter((a) => states.has(a.state));
  const toAssign = rows(ASSIGNABLE);
  const toVerify = rows(new Set(['entered']));
  const toRelease = rows(new Set(['verified']));
  const own = toVerify.filter((a) => a.analyst?.id === me || a.entered_by?.id === me);
  const refs = (list: Analysis[]) => list.map((a) => ({ id: a.id, version: a.version }));

  const run = async (list: Analysis[], send: () => Promise<unknown>, done: string) => {
    onError(null);
    try {
      await send();
      notifySuccess(done);
      onDone();
      return true;
    } catch (error) {
      onError(batchErrorOf(error, list));
      return false;
    }
  };

  const submitAssign = async () => {
    if (!analystId) {
      setAnalystError('Vui lòng chọn kiểm nghiệm viên');
      return;
    }
    onError(null);
    try {
      await assign.mutateAsync({ analyst_id: analystId, rows: refs(toAssign) });
      notifySuccess(`Đã phân công ${toAssign.length} phép phân tích.`);
      setAssigning(false);
      onDone();
    } catch (error) {
      // The analyst refused stays in the dialog; a row refused shows on the list.
      const onAnalyst = error instanceof ApiError && error.errors.find((e) => e.field === 'analyst_id');
      if (onAnalyst) setAnalystError(onAnalyst.message);
      else {
        setAssigning(false);
        onError(batchErrorOf(error, toAssign));
      }
    }
  };

  if (selected.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="batch-hint">
        Chọn các dòng để {[isHead && 'phân công', isVerifier && 'soát xét', canRelease && 'phát hành'].filter(Boolean).join(', ')}
        .
      </Typography.Text>
    );

  const verifyReason =
    toVerify.length === 0
      ? 'Chọn các phép phân tích đã nhập kết quả để soát xét.'
      : own.length === toVerify.length
        ? 'Bạn là kiểm nghiệm viên của các kết quả này: người soát xét phải là người khác.'
        : null;

  return (
    <Space wrap size={8} data-testid="batch-actions">
      <Typography.Text strong>Đã chọn {selected.length}</Typography.Text>
      {isHead && (
        <Tooltip
          title={
            toAssign.length === 0 ? 'Chỉ phân công được phép phân tích chờ phân công, đã phân công hoặc bị trả lại.' : undefined
          }
        >
          <Button
            icon={<UserAddOutlined />}
            disabled={toAssign.length === 0}
            onClick={() => {
              setAnalystError(null);
              setAssigning(true);
            }}
          >
            Phân công ({toAssign.length})
          </Button>
        </Tooltip>
      )}
      {isVerifier && (
        <Tooltip title={verifyReason ?? undefined}>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={verifyReason !== null}
            loading={verify.isPending}
            onClick={() =>
              run(toVerify, () => verify.mutateAsync({ rows: refs(toVerify) }), `Đã soát xét ${toVerify.length} kết quả.`)
            }
          >
            Soát xét ({toVerify.length})
          </Button>
        </Tooltip>
      )}
      {canRelease && (
        <Tooltip title={toRelease.length === 0 ? 'Chọn các kết quả đã soát xét để phát hành.' : undefined}>
          <Button
            icon={<SendOutlined />}
            disabled={toRelease.length === 0}
            loading={release.isPending}
            onClick={() =>
              run(toRelease, () => release.mutateAsync({ rows: refs(toRelease) }), `Đã phát hành ${toRelease.length} kết quả.`)
            }
          >
            Phát hành ({toRelease.length})
          </Button>
        </Tooltip>
      )}
      {isVerifier && verifyReason === null && own.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ padding: '2px 8px' }}
          title={`${own.length} kết quả do bạn phân tích: máy chủ sẽ từ chối soát xét cả lô.`}
        />
      )}
      <Modal
        open={assigning}
        title={`Phân công ${toAssign.length} phép phân tích`}
        okText="Phân công"
        cancelText="Hủy"
        confirmLoading={assign.isPending}
        onOk={submitAssign}
        onCancel={() => setAssigning(false)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={submitAssign}>
          <Form.Item
            label="Kiểm nghiệm viên"
            required
            validateStatus={analystError ? 'error' : undefined}
            help={analystError ?? undefined}
          >
            <Select
              aria-label="Kiểm nghiệm viên"
              showSearch
              optionFilterProp="label"
              placeholder="Chọn kiểm nghiệm viên"
              loading={analysts.isPending}
              notFoundContent={analysts.isError ? 'Không tải được danh sách kiểm nghiệm viên' : 'Không có kiểm nghiệm viên nào'}
              options={(analysts.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
              value={analystId ?? undefined}
              onChange={(v: number) => {
                setAnalystId(v);
                setAnalystError(null);
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
