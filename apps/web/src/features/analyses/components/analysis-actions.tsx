import { CheckOutlined, EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import {
  ANALYSIS_QUALIFIER_LABELS,
  ANALYSIS_QUALIFIERS,
  type AnalysisDetail,
  analysisResultFields,
  analysisReturnBody,
} from '@qlcv/common/schemas/analyses';
import { Button, Form, Input, Modal, Popconfirm, Select, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useEquipmentOptions } from '@/features/equipment/api/equipment-api';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { useAuthUser } from '@/lib/auth/auth-store';
import { textLimit, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { useEnterResult, useReleaseAnalyses, useReturnAnalysis, useVerifyAnalyses } from '../api/analyses-api';
import { type ResultField, type ResultValues, resultErrors, toResultBody, valuesOf } from './result-values';

/** Who lists the instruments (the picker); without it the field keeps the analysis's instrument. */
const EQUIPMENT_READERS = ['equipment.index', 'monitoring.index', 'sampling.create', 'sampling.edit'];
const fieldRule =
  (field: ResultField): Rule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const error = resultErrors(getFieldsValue(true) as ResultValues)[field];
      if (error) throw new Error(error);
    },
  });

/**
 * The analysis's buttons as `can` allows: enter or correct the result (a dialog), verify — shown disabled with the
 * reason to its own analyst (the server's 403 SAME_ANALYST is still shown if reached) —, return with a reason, release.
 */
export function AnalysisActions({
  analysis: a,
  onStale,
  onRefused,
}: {
  analysis: AnalysisDetail;
  onStale: () => void;
  /** A refusal to show on the page (403 SAME_ANALYST, 409). */
  onRefused: (message: string) => void;
}) {
  const me = useAuthUser()?.id;
  const isVerifier = useCan(['lab.verify']);
  const canListEquipment = useCan(EQUIPMENT_READERS);
  const enter = useEnterResult(a.id);
  const verify = useVerifyAnalyses();
  const release = useReleaseAnalyses();
  const giveBack = useReturnAnalysis(a.id);
  const equipment = useEquipmentOptions({ kind: 'instrument' }, { enabled: canListEquipment && a.can.enter });
  const [open, setOpen] = useState<'result' | 'return' | null>(null);
  const [resultForm] = Form.useForm<ResultValues>();
  const [returnForm] = Form.useForm<{ reason: string }>();

  const refused = (error: unknown, form?: typeof resultForm | typeof returnForm) => {
    if (error instanceof ApiError && error.status === 422 && form) {
      const fields = error.errors.filter((e) => e.field).map((e) => ({ name: e.field as string, errors: [e.message] }));
      if (fields.length > 0) {
        form.setFields(fields as never);
        return;
      }
    }
    const message = error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
    setOpen(null);
    if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
      onRefused(message);
      if (error.status === 409) onStale();
      return;
    }
    notifyError(message);
  };

  const row = [{ id: a.id, version: a.version }];
  const mine = a.analyst?.id === me || a.entered_by?.id === me;
  const name = `${a.sample.code} · ${a.parameter.code}`;

  const verifyButton = (
    <Button
      type="primary"
      icon={<CheckOutlined />}
      disabled={!a.can.verify}
      loading={verify.isPending}
      onClick={async () => {
        try {
          await verify.mutateAsync({ rows: row });
          notifySuccess(`Đã soát xét ${name}.`);
        } catch (error) {
          refused(error);
        }
      }}
    >
      Soát xét
    </Button>
  );

  return (
    <>
      {a.can.enter && (
        <Button
          type={a.value === null ? 'primary' : 'default'}
          icon={<EditOutlined />}
          onClick={() => {
            resultForm.setFieldsValue(valuesOf(a));
            setOpen('result');
          }}
        >
          {a.value === null ? 'Nhập kết quả' : 'Sửa kết quả'}
        </Button>
      )}
      {a.can.verify && verifyButton}
      {/* A verifier who analysed it sees why not (decision 40.10). */}
      {!a.can.verify && isVerifier && a.state === 'entered' && mine && (
        <Tooltip title="Bạn đã phân tích kết quả này: người soát xét phải là người khác.">
          <span data-testid="verify-disabled">{verifyButton}</span>
        </Tooltip>
      )}
      {a.can.return && (
        <Button
          danger
          icon={<RollbackOutlined />}
          onClick={() => {
            returnForm.resetFields();
            setOpen('return');
          }}
        >
          Trả lại
        </Button>
      )}
      {a.can.release && (
        <Popconfirm
          title={`Phát hành kết quả ${name}?`}
          okText="Phát hành"
          cancelText="Không"
          onConfirm={async () => {
            try {
              await release.mutateAsync({ rows: row });
              notifySuccess(`Đã phát hành ${name}.`);
            } catch (error) {
              refused(error);
            }
          }}
        >
          <Button icon={<SendOutlined />} loading={release.isPending}>
            Phát hành
          </Button>
        </Popconfirm>
      )}

      <Modal
        open={open === 'result'}
        title={`${a.value === null ? 'Nhập' : 'Sửa'} kết quả ${name}`}
        okText="Lưu kết quả"
        cancelText="Hủy"
        confirmLoading={enter.isPending}
        onOk={() => resultForm.submit()}
        onCancel={() => setOpen(null)}
        forceRender
      >
        <Form<ResultValues>
          form={resultForm}
          layout="vertical"
          requiredMark="optional"
          onFinish={async (v) => {
            try {
              await enter.mutateAsync({ ...toResultBody(v), version: a.version });
              notifySuccess(`Đã lưu kết quả ${name}.`);
              setOpen(null);
            } catch (error) {
              refused(error, resultForm);
            }
          }}
        >
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item name="qualifier" label="Dấu" rules={[fieldRule('qualifier')]} style={{ width: 110 }}>
              <Select
                aria-label="Dấu"
                options={[
                  { value: '', label: '(không)' },
                  ...ANALYSIS_QUALIFIERS.map((q) => ({ value: q, label: q, title: ANALYSIS_QUALIFIER_LABELS[q] })),
                ]}
              />
            </Form.Item>
            <Form.Item name="value" label="Kết quả" required rules={[fieldRule('value')]} style={{ flex: 1, minWidth: 140 }}>
              <Input inputMode="decimal" autoComplete="off" placeholder="Ví dụ 0,050" />
            </Form.Item>
            <Form.Item name="unit" label="Đơn vị" rules={[fieldRule('unit')]} style={{ width: 120 }}>
              <Input {...textLimit(analysisResultFields.unit)} showCount={false} />
            </Form.Item>
          </div>
          <Form.Item name="method" label="Phương pháp" rules={[fieldRule('method')]}>
            <Input {...textLimit(analysisResultFields.method)} />
          </Form.Item>
          {canListEquipment && (
            <Form.Item name="equipment_id" label="Thiết bị phân tích" rules={[fieldRule('equipment_id')]}>
              <Select
                aria-label="Thiết bị phân tích"
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder="Chọn thiết bị đo"
                loading={equipment.isPending}
                options={(equipment.data ?? []).map((e) => ({ value: e.id, label: `${e.code} — ${e.name}` }))}
              />
            </Form.Item>
          )}
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
            <Form.Item name="analysed_on" label="Ngày phân tích" rules={[fieldRule('analysed_on')]} style={{ width: 180 }}>
              <Input autoComplete="off" placeholder="Để trống: hôm nay" />
            </Form.Item>
            <Form.Item
              name="uncertainty"
              label="Độ không đảm bảo đo"
              rules={[fieldRule('uncertainty')]}
              style={{ flex: 1, minWidth: 160 }}
            >
              <Input inputMode="decimal" autoComplete="off" placeholder="Ví dụ 0,005" />
            </Form.Item>
          </div>
          <Form.Item name="notes" label="Ghi chú" rules={[fieldRule('notes')]}>
            <Input.TextArea rows={2} {...textLimit(analysisResultFields.notes)} />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={open === 'return'}
        title={`Trả lại ${name} cho kiểm nghiệm viên`}
        okText="Trả lại"
        okButtonProps={{ danger: true }}
        cancelText="Hủy"
        confirmLoading={giveBack.isPending}
        onOk={() => returnForm.submit()}
        onCancel={() => setOpen(null)}
        forceRender
      >
        <Form<{ reason: string }>
          form={returnForm}
          layout="vertical"
          onFinish={async (v) => {
            try {
              await giveBack.mutateAsync({ reason: v.reason.trim(), version: a.version });
              notifySuccess(`Đã trả lại ${name}.`);
              setOpen(null);
            } catch (error) {
              refused(error, returnForm);
            }
          }}
        >
          <Form.Item name="reason" label="Lý do trả lại" required rules={[zodRule(analysisReturnBody.shape.reason)]}>
            <Input.TextArea
              rows={3}
              {...textLimit(analysisReturnBody.shape.reason)}
              placeholder="Ví dụ: kiểm tra lại đường chuẩn"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
