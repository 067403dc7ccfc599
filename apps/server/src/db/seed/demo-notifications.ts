import type { Kysely } from 'kysely';
import type { DB } from '../schema';

const HOUR = 3600_000;
const ago = (now: number, hours: number) => new Date(now - hours * HOUR).toISOString();

// [event, title, body, link]: what the demo users find under the bell (the demo has no requests or works yet, so the
// links open the lists).
const NOTES: [string, string, string, string][] = [
  [
    'work.assigned',
    'Bạn được giao công việc CV2611-0012',
    'Trịnh Văn Đức giao cho bạn công việc "Lấy mẫu nước thải đầu ra – KCN Thăng Long", hạn 28/11/2026 17:00.',
    '/admin/works/my-works',
  ],
  [
    'request.step_changed',
    'Yêu cầu YC2611-0007 chuyển sang bước "Phân tích mẫu"',
    'Đinh Công Thành chuyển yêu cầu "Quan trắc khí thải lò hơi quý IV" sang bước "Phân tích mẫu".',
    '/admin/requests',
  ],
  [
    'work.due_soon',
    'Công việc CV2611-0009 sắp đến hạn',
    'Công việc "Hiệu chuẩn máy đo bụi PM2.5" đến hạn lúc 25/11/2026 17:00.',
    '/admin/works/my-works',
  ],
  [
    'request.created',
    'Yêu cầu mới YC2611-0015',
    'Công ty TNHH Môi trường Xanh gửi yêu cầu "Lập báo cáo giám sát môi trường định kỳ". Vui lòng tiếp nhận và phân công xử lý.',
    '/admin/requests',
  ],
  [
    'work.overdue',
    'Công việc CV2611-0004 đã quá hạn',
    'Công việc "Tổng hợp số liệu quan trắc tháng 10" (người thực hiện: Phan Thị Yến) đã quá hạn từ 20/11/2026 17:00.',
    '/admin/works/my-works',
  ],
];

/**
 * The demo's notifications and delivery log: each demo user has a few notifications, the newest two unread; the log
 * shows sent e-mails and SMS, a Zalo message that fell back to SMS, a send waiting to be retried and dead ones.
 */
export async function loadDemoNotifications(db: Kysely<DB>, userIds: number[]): Promise<void> {
  const now = Date.now();
  const rows = userIds.flatMap((userId, u) =>
    NOTES.map(([event, title, body, link], i) => {
      const hours = 1 + i * 7 + u;
      return {
        user_id: userId,
        event,
        title,
        body,
        link,
        created_at: ago(now, hours),
        read_at: i < 2 ? null : ago(now, hours - 1),
      };
    }),
  );
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();

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
        subject: 'Bạn được giao công việc CV2611-0012',
        body: NOTES[0]![2],
        idempotency_key: key(),
        provider_response: JSON.stringify({ ...log, file: 'email-log.jsonl' }),
        ...sent(2),
      },
      {
        event: 'request.received',
        channel: 'sms',
        recipient: '0912345678',
        body: 'Yêu cầu "Quan trắc khí thải lò hơi quý IV" của quý khách đã được tiếp nhận. Mã tra cứu: YC2611-0007-K3M9QX.',
        idempotency_key: key(),
        provider_response: JSON.stringify({ ...log, file: 'sms-log.jsonl' }),
        ...sent(5),
      },
      {
        event: 'request.completed',
        channel: 'zalo',
        recipient: '0987654321',
        body: 'Yêu cầu "Lập báo cáo ĐTM" đã xử lý xong. Tra cứu kết quả bằng mã YC2610-0031-P7Q2ZD.',
        data: JSON.stringify({ kind: 'request_completed', template_data: { request_code: 'YC2610-0031' } }),
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
        recipient: '0987654321',
        body: 'Yêu cầu "Lập báo cáo ĐTM" đã xử lý xong. Tra cứu kết quả bằng mã YC2610-0031-P7Q2ZD.',
        idempotency_key: 'demo:zalo:sms',
        provider_response: JSON.stringify({ ...log, file: 'sms-log.jsonl' }),
        ...sent(25.9),
      },
      {
        event: 'work.overdue',
        user_id: b.id,
        channel: 'email',
        recipient: b.email ?? 'demo@quantrac.vn',
        subject: 'Công việc CV2611-0004 đã quá hạn',
        body: NOTES[4]![2],
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
        recipient: '0900000001',
        body: 'Rất tiếc, yêu cầu "Khảo sát tiếng ồn" không được tiếp nhận. Lý do: Ngoài phạm vi dịch vụ.',
        idempotency_key: key(),
        status: 'dead',
        attempts: 1,
        last_error: 'Số điện thoại không hợp lệ',
        provider_response: JSON.stringify({ CodeResult: '99', ErrorMessage: 'Phone not valid' }),
        ...stamp(48),
      },
      {
        event: 'work.due_soon',
        user_id: c.id,
        channel: 'email',
        recipient: c.email ?? 'demo@quantrac.vn',
        subject: 'Công việc CV2611-0009 sắp đến hạn',
        body: NOTES[2]![2],
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
