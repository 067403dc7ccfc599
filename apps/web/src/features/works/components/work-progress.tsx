import { type WorkDetail, workProgressBody } from '@qlcv/common/schemas/works';
import { Button, Form, Slider, Space, Typography } from 'antd';
import { useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { NamedProgress } from '@/components/named-progress';
import { ApiError } from '@/lib/api/api-error';
import type { DecimalValue } from '@/lib/decimal';
import { fieldError } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useWorkAction } from '../api/works-api';

/** Progress: a bar for everyone; a slider and "Cập nhật tiến độ" for whoever may change the work while it is in progress. */
export function WorkProgress({ work, onConflict }: { work: WorkDetail; onConflict: (message: string) => void }) {
  // The typed figure (text that is no whole number from 0 to 100 stays as typed, with its error).
  const [value, setValue] = useState<DecimalValue>(work.progress);
  const error = fieldError(workProgressBody.shape.progress, value);
  const action = useWorkAction(work.id);
  const editable = work.can.edit && work.status === 'in_progress';

  const save = async () => {
    const parsed = workProgressBody.safeParse({ progress: value });
    if (error || !parsed.success) {
      notifyError(error ?? 'Tiến độ không hợp lệ');
      return;
    }
    try {
      await action.mutateAsync({ verb: 'progress', body: parsed.data });
      notifySuccess(`Đã cập nhật tiến độ ${value}%.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onConflict(error.message);
      else notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
    }
  };

  return (
    <div data-testid="work-progress">
      <NamedProgress
        label="Tiến độ công việc"
        percent={work.progress}
        format={(p) => <span data-testid="progress-value">{p}%</span>}
        status={work.status === 'done' ? 'success' : work.status === 'cancelled' ? 'exception' : 'active'}
      />
      {editable ? (
        <Space wrap style={{ width: '100%', marginTop: 8 }} align="center">
          <Slider
            aria-label="Tiến độ"
            min={0}
            max={100}
            step={5}
            value={typeof value === 'number' ? value : 0}
            onChange={setValue}
            style={{ width: 240 }}
            tooltip={{ formatter: (v) => `${v}%` }}
          />
          <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
            <DecimalInput
              aria-label="Tiến độ (%)"
              scale={0}
              grouping={false}
              value={value}
              onChange={setValue}
              suffix="%"
              style={{ width: 100 }}
            />
          </Form.Item>
          <Button type="primary" ghost loading={action.isPending} disabled={value === work.progress} onClick={save}>
            Cập nhật tiến độ
          </Button>
        </Space>
      ) : (
        work.can.edit &&
        work.status === 'todo' && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Bấm “Bắt đầu” để cập nhật tiến độ.
          </Typography.Text>
        )
      )}
    </div>
  );
}
