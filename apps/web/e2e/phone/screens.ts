import type { APIRequestContext, Page } from '@playwright/test';

/** Every demo user signs in with this password (apps/server/src/demo/demo.ts, DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'Demo@2026';

/** A signed-in API client of the screen's user, to find a record to open. */
export type Api = <T = { data: Record<string, unknown>[] }>(url: string) => Promise<T>;

/**
 * One screen of the staff area on a phone. Adding a screen is one entry: its name (the screenshot's file name,
 * docs/images/phone/<name>.png), the demo user who opens it, its address (or how to find one from the API), and the
 * accessible names of the buttons that must be visible inside the screen's width.
 */
export interface PhoneScreen {
  name: string;
  user: string;
  path: string | ((api: Api) => Promise<string>);
  buttons: (string | RegExp)[];
  /** After the page is loaded and before the checks, e.g. open a panel. */
  open?: (page: Page) => Promise<void>;
}

type Row = Record<string, unknown> & { id: number };

/** The first row of a list the API gives the user, optionally the first that `match` accepts. */
async function first(api: Api, url: string, match: (row: Row) => boolean = () => true): Promise<number> {
  const row = (await api<{ data: Row[] }>(url)).data.find(match);
  if (!row) throw new Error(`no row at ${url}`);
  return row.id;
}

const nested = (row: Row, key: string) => row[key] as Record<string, unknown> | null;

export const SCREENS: PhoneScreen[] = [
  { name: 'dashboard', user: 'yen.pt', path: '/admin', buttons: ['Làm mới'] },
  {
    name: 'notification-bell',
    user: 'yen.pt',
    path: '/admin',
    buttons: ['Đánh dấu tất cả đã đọc', 'Xem tất cả'],
    open: async (page) => {
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-panel').getByRole('list').waitFor({ timeout: 30_000 });
    },
  },
  { name: 'notifications', user: 'yen.pt', path: '/admin/notifications', buttons: ['Đánh dấu tất cả đã đọc'] },
  { name: 'my-works', user: 'yen.pt', path: '/admin/works/my-works', buttons: ['Thêm công việc', 'Xuất Excel'] },
  {
    name: 'work',
    user: 'yen.pt',
    path: async (api) => `/admin/works/${await first(api, '/api/works/my?per_page=20', (w) => w.status === 'in_progress')}`,
    buttons: ['Cập nhật tiến độ', 'Hoàn thành', 'Tạm dừng', 'Gửi bình luận'],
  },
  { name: 'requests', user: 'yen.pt', path: '/admin/requests', buttons: ['Xuất Excel'] },
  {
    name: 'request',
    user: 'yen.pt',
    path: async (api) => `/admin/requests/${await first(api, '/api/requests?per_page=1')}`,
    buttons: ['Sao chép'],
  },
  { name: 'leave-apply', user: 'yen.pt', path: '/admin/leaves/create', buttons: ['Gửi đơn', 'Hủy'] },
  { name: 'leaves-mine', user: 'yen.pt', path: '/admin/leaves', buttons: ['Tạo đơn nghỉ', 'Người duyệt thay', 'Xuất Excel'] },
  {
    name: 'leaves-approval',
    user: 'duc.tv',
    path: '/admin/leaves?tab=approval',
    buttons: ['Tạo đơn nghỉ', 'Tạo đơn cho nhân viên', 'Xuất Excel'],
  },
  {
    name: 'leave',
    user: 'duc.tv',
    path: async (api) => `/admin/leaves/${await first(api, '/api/leaves?tab=approval&per_page=1')}`,
    buttons: ['Duyệt', 'Từ chối', 'Sửa'],
  },
  {
    name: 'user-evaluation-self',
    user: 'yen.pt',
    path: async (api) =>
      `/admin/user-evaluations/${await first(api, '/api/user-evaluations?per_page=20', (e) => e.status === 'draft')}`,
    buttons: ['Lưu', 'Gửi tự đánh giá', 'Cập nhật số liệu'],
  },
  {
    name: 'user-evaluation-review',
    user: 'duc.tv',
    path: async (api) =>
      `/admin/user-evaluations/${await first(
        api,
        '/api/user-evaluations?per_page=50',
        (e) => e.status === 'self_assessed' && nested(e, 'reviewer')?.name === 'Trịnh Văn Đức',
      )}`,
    buttons: ['Lưu', 'Hoàn thành đánh giá', 'Trả lại'],
  },
  { name: 'contracts', user: 'huong.ntt', path: '/admin/contracts', buttons: ['Tạo hợp đồng', 'Xuất Excel'] },
  {
    name: 'contract',
    user: 'huong.ntt',
    path: async (api) => `/admin/contracts/${await first(api, '/api/contracts?per_page=1')}`,
    buttons: ['Gửi duyệt', 'Sửa', 'Tải hợp đồng (.docx)', 'Hủy hợp đồng'],
  },
  {
    name: 'contract-lines',
    user: 'huong.ntt',
    path: async (api) => `/admin/contracts/${await first(api, '/api/contracts?per_page=20', (c) => c.status === 'draft')}/edit`,
    buttons: ['Thêm dịch vụ'],
  },
  // Issue 23: the field worker's own screens.
  { name: 'attendance', user: 'yen.pt', path: '/admin/attendance', buttons: [/Chấm công (vào|ra)$/, 'Giải trình'] },
  { name: 'attendance-corrections', user: 'duc.tv', path: '/admin/attendance/corrections', buttons: [] },
  { name: 'timekeeping', user: 'yen.pt', path: '/admin/timekeeping', buttons: ['Xuất Excel'] },
  { name: 'profile', user: 'yen.pt', path: '/admin/personal', buttons: [] },
  // Issue 24: the field team's trip of today and its samples; the laboratory receiving them.
  {
    name: 'sampling-trip',
    user: 'duc.tv',
    path: async (api) => `/admin/monitoring/trips/${await first(api, '/api/sampling-trips?status=in_progress&per_page=1')}`,
    buttons: ['Thêm mẫu', 'In nhãn'],
  },
  {
    name: 'sample-create',
    user: 'duc.tv',
    path: async (api) =>
      `/admin/monitoring/samples/create?trip_id=${await first(api, '/api/sampling-trips?status=in_progress&per_page=1')}`,
    buttons: ['Lấy vị trí GPS', 'Lưu mẫu'],
  },
  {
    name: 'sample',
    user: 'duc.tv',
    path: async (api) => {
      const trip = await first(api, '/api/sampling-trips?status=in_progress&per_page=1');
      return `/admin/monitoring/samples/${await first(api, `/api/samples?trip_id=${trip}&per_page=1`)}`;
    },
    buttons: ['Bàn giao mẫu'],
  },
  { name: 'samples-receive', user: 'phuong.tt', path: '/admin/monitoring/samples/receive', buttons: [/Xác nhận nhận mẫu/] },
  { name: 'samples', user: 'phuong.tt', path: '/admin/monitoring/samples', buttons: ['Nhận mẫu', 'Xuất Excel'] },
];

export async function apiFor(request: APIRequestContext, username: string): Promise<{ token: string; api: Api }> {
  const res = await request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  if (res.status() !== 200) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const api: Api = async (url) => {
    const r = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
    if (r.status() !== 200) throw new Error(`${url}: ${r.status()} ${await r.text()}`);
    return r.json();
  };
  return { token, api };
}
