import { formatDateTime } from '@qlcv/common/format/date';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const HOUR = 3600_000;
const ago = (now: number, hours: number) => new Date(now - hours * HOUR).toISOString();

interface WorkNote {
  id: number;
  code: string;
  title: string;
  deadline: string | null;
  created_at: string;
  assignee: string | null;
  creator: string | null;
}
interface RequestNote {
  id: number;
  code: string;
  tracking_code: string;
  title: string;
  requester_phone: string;
  customer: string | null;
  status_reason: string | null;
  created_at: string;
}

/**
 * The demo's records the notifications tell of (demo-activity.ts made them): a work assigned to Phan Thị Yến
 * (`yen.pt`), the latest step change, the nearest deadline, the newest request, an overdue work of hers, and public
 * requests received, completed and rejected for the delivery log.
 */
async function noteRecords(db: Kysely<DB>, now: string) {
  const yen = await db.selectFrom('users').select('id').where('username', '=', 'yen.pt').executeTakeFirstOrThrow();
  const works = db
    .selectFrom('works as w')
    .leftJoin('users as a', 'a.id', 'w.assignee_id')
    .leftJoin('users as c', 'c.id', 'w.created_by')
    .select(['w.id', 'w.code', 'w.title', 'w.deadline', 'w.created_at', 'a.name as assignee', 'c.name as creator'])
    .where('w.status', 'in', ['todo', 'in_progress']);
  const requests = db
    .selectFrom('requests as r')
    .leftJoin('customers as c', 'c.id', 'r.customer_id')
    .select([
      'r.id',
      'r.code',
      'r.tracking_code',
      'r.title',
      'r.requester_phone',
      'r.status_reason',
      'r.created_at',
      'c.name as customer',
    ]);
  const publicOf = (status: string[]) => requests.where('r.source', '=', 'public').where('r.status', 'in', status);
  const step = await db
    .selectFrom('audit_logs as a')
    .innerJoin('requests as r', 'r.id', 'a.entity_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['r.id', 'r.code', 'r.title', 'r.process_snapshot', 'a.changes', 'a.created_at', 'u.name as actor'])
    .where('a.entity', '=', 'requests')
    .where('a.action', '=', 'step')
    .orderBy('a.id', 'desc')
    .executeTakeFirstOrThrow();
  const received = (await publicOf(['received', 'in_progress'])
    .orderBy('r.received_at', 'desc')
    .executeTakeFirstOrThrow()) as RequestNote;
  const to = (JSON.parse(step.changes ?? '{}') as { current_step?: [number, number] }).current_step?.[1];
  const snapshot = JSON.parse(step.process_snapshot ?? '{"steps":[]}') as { steps: { position: number; name: string }[] };
  return {
    assigned: (await works
      .where('w.assignee_id', '=', yen.id)
      .orderBy('w.created_at', 'desc')
      .executeTakeFirstOrThrow()) as WorkNote,
    dueSoon: (await works.where('w.deadline', '>', now).orderBy('w.deadline').executeTakeFirstOrThrow()) as WorkNote,
    overdue: (await works
      .where('w.assignee_id', '=', yen.id)
      .where('w.deadline', '<', now)
      .orderBy('w.deadline')
      .executeTakeFirstOrThrow()) as WorkNote,
    created: (await requests
      .where('r.status', '=', 'new')
      .orderBy('r.created_at', 'desc')
      .executeTakeFirstOrThrow()) as RequestNote,
    step: { ...step, name: snapshot.steps.find((s) => s.position === to)?.name ?? '' },
    received,
    completed: (await publicOf(['completed'])
      .where('r.requester_phone', '!=', received.requester_phone)
      .orderBy('r.completed_at', 'desc')
      .executeTakeFirstOrThrow()) as RequestNote,
    rejected: (await publicOf(['rejected']).orderBy('r.updated_at', 'desc').executeTakeFirstOrThrow()) as RequestNote,
  };
}

/**
 * The demo's notifications and delivery log: each demo user has a few notifications about the demo's own requests and
 * works, the newest two unread; the log shows sent e-mails and SMS, a Zalo message that fell back to SMS, a send
 * waiting to be retried and dead ones.
 */
export async function loadDemoNotifications(db: Kysely<DB>, userIds: number[]): Promise<void> {
  const now = Date.now();
  const r = await noteRecords(db, new Date(now).toISOString());
  // [event, title, body, entity, id, when it happened]
  const notes: [string, string, string, 'works' | 'requests', number, string][] = [
    [
      'work.assigned',
      `Bạn được giao công việc ${r.assigned.code}`,
      `${r.assigned.creator ?? 'Hệ thống'} giao cho bạn công việc "${r.assigned.title}", hạn ${formatDateTime(r.assigned.deadline)}.`,
      'works',
      r.assigned.id,
      r.assigned.created_at,
    ],
    [
      'request.step_changed',
      `Yêu cầu ${r.step.code} chuyển sang bước "${r.step.name}"`,
      `${r.step.actor ?? 'Hệ thống'} chuyển yêu cầu "${r.step.title}" sang bước "${r.step.name}".`,
      'requests',
      r.step.id,
      r.step.created_at,
    ],
    [
      'work.due_soon',
      `Công việc ${r.dueSoon.code} sắp đến hạn`,
      `Công việc "${r.dueSoon.title}" đến hạn lúc ${formatDateTime(r.dueSoon.deadline)}.`,
      'works',
      r.dueSoon.id,
      ago(now, 3),
    ],
    [
      'request.created',
      `Yêu cầu mới ${r.created.code}`,
      `${r.created.customer ?? 'Khách hàng'} gửi yêu cầu "${r.created.title}". Vui lòng tiếp nhận và phân công xử lý.`,
      'requests',
      r.created.id,
      r.created.created_at,
    ],
    [
      'work.overdue',
      `Công việc ${r.overdue.code} đã quá hạn`,
      `Công việc "${r.overdue.title}" (người thực hiện: ${r.overdue.assignee}) đã quá hạn từ ${formatDateTime(r.overdue.deadline)}.`,
      'works',
      r.overdue.id,
      r.overdue.deadline ?? ago(now, 24),
    ],
  ];
  notes.sort((a, b) => b[5].localeCompare(a[5]));
  const rows = userIds.flatMap((userId, u) =>
    notes.map(([event, title, body, entity, id, at], i) => {
      // Each user heard of it a few minutes apart, never later than now.
      const created = Math.min(Date.parse(at) + (u + 1) * 60_000, now - (i + 1) * 60_000);
      return {
        user_id: userId,
        event,
        title,
        body,
        link: `/admin/${entity}/${id}`,
        entity,
        entity_id: id,
        created_at: new Date(created).toISOString(),
        read_at: i < 2 ? null : new Date(Math.min(created + HOUR, now)).toISOString(),
      };
    }),
  );
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();

  const bodyOf = (event: string) => {
    const note = notes.find((n) => n[0] === event);
    return [note?.[1] ?? '', note?.[2] ?? ''] as const;
  };
  const completedText = `Yêu cầu "${r.completed.title}" đã xử lý xong. Tra cứu kết quả bằng mã ${r.completed.tracking_code}.`;
  const users = await db.selectFrom('users').select(['id', 'email', 'mobile']).where('id', 'in', userIds.slice(0, 3)).execute();
  const [a, b, c] = users;
  if (!a || !b || !c) return;
  const stamp = (hours: number) => ({
    created_at: ago(now, hours),
    updated_at: ago(now, hours - 0.01),
    next_attempt_at: ago(now, hours),
  });
  const log = { driver: 'log' };
  let n = 0;
  const key = () => {
    n += 1;
    return `demo:${n}`;
  };
  const sent = (hours: number) => ({ status: 'sent', attempts: 1, sent_at: ago(now, hours - 0.01), ...stamp(hours) });
  await db
    .insertInto('deliveries')
    .values([
      {
        event: 'work.assigned',
        user_id: a.id,
        channel: 'email',
        recipient: a.email ?? 'demo@quantrac.vn',
        subject: bodyOf('work.assigned')[0],
        body: bodyOf('work.assigned')[1],
        idempotency_key: key(),
        provider_response: JSON.stringify({ ...log, file: 'email-log.jsonl' }),
        ...sent(2),
      },
      {
        event: 'request.received',
        channel: 'sms',
        recipient: r.received.requester_phone,
        body: `Yêu cầu "${r.received.title}" của quý khách đã được tiếp nhận. Mã tra cứu: ${r.received.tracking_code}.`,
        idempotency_key: key(),
        provider_response: JSON.stringify({ ...log, file: 'sms-log.jsonl' }),
        ...sent(5),
      },
      {
        event: 'request.completed',
        channel: 'zalo',
        recipient: r.completed.requester_phone,
        body: completedText,
        data: JSON.stringify({ kind: 'request_completed', template_data: { request_code: r.completed.code } }),
        idempotency_key: 'demo:zalo',
        status: 'dead',
        attempts: 1,
        last_error: 'Người nhận chưa dùng Zalo hoặc đã chặn tin từ OA — chuyển sang SMS',
        provider_response: JSON.stringify({ error: -118, message: 'Zalo account not existed' }),
        ...stamp(26),
      },
      {
        event: 'request.completed',
        channel: 'sms',
        recipient: r.completed.requester_phone,
        body: completedText,
        idempotency_key: 'demo:zalo:sms',
        provider_response: JSON.stringify({ ...log, file: 'sms-log.jsonl' }),
        ...sent(25.9),
      },
      {
        event: 'work.overdue',
        user_id: b.id,
        channel: 'email',
        recipient: b.email ?? 'demo@quantrac.vn',
        subject: bodyOf('work.overdue')[0],
        body: bodyOf('work.overdue')[1],
        idempotency_key: key(),
        status: 'failed',
        attempts: 2,
        last_error: 'Máy chủ SMTP tạm thời không phản hồi (421)',
        provider_response: '421 4.7.0 Try again later',
        created_at: ago(now, 0.5),
        updated_at: ago(now, 0.4),
        next_attempt_at: new Date(now + 10 * 60_000).toISOString(),
      },
      {
        event: 'request.rejected',
        channel: 'sms',
        recipient: r.rejected.requester_phone,
        body: `Rất tiếc, yêu cầu "${r.rejected.title}" không được tiếp nhận. Lý do: ${r.rejected.status_reason}`,
        idempotency_key: key(),
        status: 'dead',
        attempts: 1,
        last_error: 'Thuê bao đã đăng ký từ chối nhận tin nhắn thương hiệu',
        provider_response: JSON.stringify({ CodeResult: '99', ErrorMessage: 'Phone number in do-not-contact list' }),
        ...stamp(48),
      },
      {
        event: 'work.due_soon',
        user_id: c.id,
        channel: 'email',
        recipient: c.email ?? 'demo@quantrac.vn',
        subject: bodyOf('work.due_soon')[0],
        body: bodyOf('work.due_soon')[1],
        idempotency_key: key(),
        status: 'dead',
        attempts: 5,
        last_error: 'Hộp thư người nhận đã đầy (552)',
        provider_response: '552 5.2.2 Mailbox full',
        ...stamp(30),
      },
    ])
    .execute();
  const zalo = await db
    .selectFrom('deliveries')
    .select('id')
    .where('idempotency_key', '=', 'demo:zalo')
    .executeTakeFirstOrThrow();
  await db.updateTable('deliveries').set({ fallback_of: zalo.id }).where('idempotency_key', '=', 'demo:zalo:sms').execute();
}
