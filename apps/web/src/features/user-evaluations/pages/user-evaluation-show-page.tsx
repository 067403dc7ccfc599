import { LockOutlined, SyncOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { gradeOf } from '@qlcv/common/schemas/evaluations';
import type { UserEvaluationDetail } from '@qlcv/common/schemas/user-evaluations';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RecordHistory } from '@/components/history-timeline';
import { formatScore, GradeTag, UserEvaluationStatusTag } from '@/components/kpi-tags';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { ApiError } from '@/lib/api/api-error';
import { sameDecimal } from '@/lib/decimal';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useRefreshActuals, useSaveUserEvaluation, useUserEvaluation } from '../api/user-evaluations-api';
import { CriteriaTable, type Draft, draftErrors, draftNumber, draftOf, validScore } from '../components/criteria-table';
import { DeadlineText, isPast } from '../components/deadline-cell';
import { PastResults } from '../components/past-results';
import { UserEvaluationActions } from '../components/user-evaluation-actions';
import { periodText } from '../components/user-evaluation-format';
import { USER_EVALUATION_HISTORY } from '../components/user-evaluation-history';

/** One user evaluation (the show and edit routes alike): the criteria, scores typed in place as `can` allows. */
export default function UserEvaluationShowPage() {
  const id = Number(useParams().id);
  const ue = useUserEvaluation(id);
  const navigate = useNavigate();

  if (ue.isPending) return <LoadingCard rows={10} />;
  if (ue.isError)
    return (
      <LoadError
        error={ue.error}
        onRetry={() => ue.refetch()}
        notFoundTitle="Không tìm thấy phiếu đánh giá"
        back={<Button onClick={() => navigate(urlFor('user_evaluations.index'))}>Về danh sách phiếu đánh giá</Button>}
      />
    );
  return <UserEvaluationView ue={ue.data} reload={() => ue.refetch()} reloading={ue.isFetching} />;
}

const sameDraft = (a: Draft, b: Draft) =>
  sameDecimal(a.self_score, b.self_score) &&
  sameDecimal(a.reviewer_score, b.reviewer_score) &&
  sameDecimal(a.actual, b.actual) &&
  a.note.trim() === b.note.trim();

function UserEvaluationView({
  ue,
  reload,
  reloading,
}: {
  ue: UserEvaluationDetail;
  reload: () => Promise<unknown>;
  reloading: boolean;
}) {
  // The typed values start again from the record at each new version (a save, a step, a reload after a conflict),
  // not at a background refetch of the same one. Not a remount: a confirmation closing meanwhile would be cut off.
  // biome-ignore lint/correctness/useExhaustiveDependencies: by version on purpose
  const initial = useMemo(() => Object.fromEntries(ue.criteria.map((c) => [c.id, draftOf(c)])), [ue.version]);
  const [drafts, setDrafts] = useState<Record<number, Draft>>(initial);
  useEffect(() => setDrafts(initial), [initial]);
  const [conflict, setConflict] = useState<string | null>(null);
  const saver = useSaveUserEvaluation(ue.id);
  const refresher = useRefreshActuals(ue.id);
  const canHistory = useCan(['user_evaluations.index']);
  const canEvaluation = useCan(['evaluations.show', 'evaluations.edit']);

  const closed = ue.evaluation.status === 'closed';
  const editable = { self: !closed && ue.can.edit && ue.can.self_assess, reviewer: !closed && ue.can.edit && ue.can.review };
  const editing = editable.self || editable.reviewer;
  const dirty = ue.criteria.some((c) => !sameDraft(drafts[c.id] ?? draftOf(c), initial[c.id] ?? draftOf(c)));
  const setDraft = (cid: number, patch: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [cid]: { ...(d[cid] ?? draftOf(ue.criteria.find((c) => c.id === cid)!)), ...patch } }));

  // The total as the server counts it: reviewer score when present, else self score.
  const scored = ue.criteria
    .map((c) => ({
      weight: c.weight,
      score: validScore(drafts[c.id], 'reviewer_score') ?? validScore(drafts[c.id], 'self_score'),
    }))
    .filter((s) => s.score !== null);
  const total = scored.length > 0 ? scored.reduce((sum, s) => sum + (s.weight * (s.score as number)) / 100, 0) : null;
  const grade = gradeOf(total);

  const missing = {
    self: ue.criteria.some((c) => drafts[c.id]?.self_score === null || drafts[c.id]?.self_score === undefined)
      ? 'Vui lòng tự chấm điểm cho tất cả các tiêu chí trước khi gửi.'
      : null,
    reviewer: ue.criteria.some((c) => drafts[c.id]?.reviewer_score === null || drafts[c.id]?.reviewer_score === undefined)
      ? 'Vui lòng chấm điểm cho tất cả các tiêu chí trước khi hoàn thành đánh giá.'
      : null,
  };

  /** Saves what was typed; gives the new version, or null when refused (shown). */
  const save = async (): Promise<number | null> => {
    // A score out of 0–100 or text that is no number: shown under its cell, never sent changed.
    if (ue.criteria.some((c) => Object.keys(draftErrors(drafts[c.id] ?? draftOf(c))).length > 0)) {
      notifyError('Vui lòng sửa các ô báo lỗi trước khi lưu.');
      return null;
    }
    try {
      const saved = await saver.mutateAsync({
        version: ue.version,
        scores: ue.criteria.map((c) => {
          const d = drafts[c.id] ?? draftOf(c);
          return editable.self
            ? { criterion_id: c.id, self_score: draftNumber(d.self_score), note: d.note.trim() || null }
            : {
                criterion_id: c.id,
                reviewer_score: draftNumber(d.reviewer_score),
                ...(c.kpi_type.measure === 'manual' ? { actual: draftNumber(d.actual) } : {}),
                note: d.note.trim() || null,
              };
        }),
      });
      notifySuccess('Đã lưu phiếu đánh giá.');
      return saved.version;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
      return null;
    }
  };

  const selfLate = ue.status === 'draft' && isPast(ue.self_deadline);
  const reviewLate = ue.status === 'self_assessed' && isPast(ue.review_deadline);
  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Phiếu đánh giá: {ue.employee.name}</span>
            <UserEvaluationStatusTag status={ue.status} />
          </Space>
        }
        subtitle={`${ue.evaluation.name} · ${periodText(ue.evaluation)}`}
        extra={
          <UserEvaluationActions
            ue={ue}
            dirty={dirty}
            editing={editing}
            save={save}
            saving={saver.isPending}
            missing={missing}
            onConflict={setConflict}
          />
        }
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={reloading}
          onReload={async () => {
            await reload();
            setConflict(null);
          }}
        />
      )}
      {closed && (
        <Alert
          type="info"
          icon={<LockOutlined />}
          showIcon
          style={{ marginBottom: 16 }}
          title="Kỳ đánh giá đã khóa: phiếu chỉ để xem, không sửa được điểm."
        />
      )}
      {!closed && ue.return_note && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Phiếu đã bị trả lại"
          description={<span style={{ whiteSpace: 'pre-line' }}>{ue.return_note}</span>}
        />
      )}
      {!closed && editable.self && (
        <Alert
          type={selfLate ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            selfLate
              ? 'Đã quá hạn tự đánh giá — bạn vẫn gửi được, phiếu sẽ được ghi nhận là nộp muộn.'
              : 'Chấm điểm cho từng tiêu chí (0–100), lưu lại và bấm “Gửi tự đánh giá” khi xong.'
          }
        />
      )}
      {!closed && editable.reviewer && (
        <Alert
          type={reviewLate ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            reviewLate
              ? 'Đã quá hạn đánh giá của quản lý.'
              : 'Xem số liệu thực tế và điểm tự chấm, nhập điểm của bạn rồi bấm “Hoàn thành đánh giá”.'
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={17}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card
              title="Tiêu chí đánh giá"
              extra={
                ue.can.refresh_actuals &&
                ue.criteria.some((c) => c.kpi_type.measure !== 'manual') && (
                  <Button
                    size="small"
                    icon={<SyncOutlined />}
                    loading={refresher.isPending}
                    disabled={dirty}
                    title={dirty ? 'Lưu điểm đã nhập trước khi cập nhật số liệu' : undefined}
                    onClick={() =>
                      refresher.mutate(undefined, {
                        onSuccess: () => notifySuccess('Đã cập nhật số liệu thực tế.'),
                        onError: (error) => notifyError(error.message),
                      })
                    }
                  >
                    Cập nhật số liệu
                  </Button>
                )
              }
            >
              <CriteriaTable criteria={ue.criteria} drafts={drafts} setDraft={setDraft} editable={editable} />
              <Row gutter={16} style={{ marginTop: 16 }} align="middle">
                <Col>
                  <Statistic
                    title={dirty ? 'Tổng điểm (chưa lưu)' : 'Tổng điểm'}
                    value={formatScore(total)}
                    suffix={total === null ? undefined : '/ 100'}
                    data-testid="ue-total"
                  />
                </Col>
                <Col>
                  <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
                    Xếp loại
                  </Typography.Text>
                  <span data-testid="ue-grade">
                    <GradeTag grade={grade} />
                  </span>
                </Col>
                <Col flex="auto">
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    Tổng điểm = Σ trọng số × điểm ÷ 100, dùng điểm quản lý khi có, nếu không thì điểm tự chấm. Xếp loại: A ≥ 90, B
                    ≥ 75, C ≥ 60, còn lại D.
                  </Typography.Text>
                </Col>
              </Row>
            </Card>
            <Card title="Thông tin phiếu">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'employee', label: 'Nhân viên', children: `${ue.employee.name} (${ue.employee.code})` },
                  { key: 'department', label: 'Phòng ban', children: ue.department?.name ?? '—' },
                  { key: 'reviewer', label: 'Người đánh giá', children: ue.reviewer?.name ?? '—' },
                  {
                    key: 'evaluation',
                    label: 'Kỳ đánh giá',
                    children: canEvaluation ? (
                      <Link to={urlFor('evaluations.show', { id: ue.evaluation.id })}>{ue.evaluation.name}</Link>
                    ) : (
                      ue.evaluation.name
                    ),
                  },
                  {
                    key: 'self_deadline',
                    label: 'Hạn tự đánh giá',
                    children: <DeadlineText date={ue.self_deadline} label="Hạn tự đánh giá" plain late={!closed && selfLate} />,
                  },
                  {
                    key: 'review_deadline',
                    label: 'Hạn quản lý đánh giá',
                    children: <DeadlineText date={ue.review_deadline} label="Hạn đánh giá" plain late={!closed && reviewLate} />,
                  },
                  {
                    key: 'self_at',
                    label: 'Gửi tự đánh giá lúc',
                    children: ue.self_submitted_at ? (
                      <span>
                        {formatDateTime(ue.self_submitted_at)}
                        {ue.self_late && <Typography.Text type="danger"> (nộp muộn)</Typography.Text>}
                      </span>
                    ) : (
                      '—'
                    ),
                  },
                  {
                    key: 'reviewed_at',
                    label: 'Quản lý đánh giá lúc',
                    children: ue.reviewed_at ? formatDateTime(ue.reviewed_at) : '—',
                  },
                  {
                    key: 'approved',
                    label: 'Phê duyệt',
                    children: ue.approved_at ? `${formatDateTime(ue.approved_at)} · ${ue.approved_by?.name ?? ''}` : '—',
                  },
                ]}
              />
            </Card>
          </Space>
        </Col>
        <Col xs={24} xxl={7}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <PastResults employeeId={ue.employee.id} before={ue.evaluation.period_start} />
            {canHistory && <RecordHistory entity="user_evaluations" id={ue.id} {...USER_EVALUATION_HISTORY} />}
          </Space>
        </Col>
      </Row>
    </>
  );
}
