import type { PermissionKey } from '@qlcv/common/permissions';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { nowIso } from '../lib/clock';
import { hashPassword } from '../lib/crypto';
import { formatCode, nextSequence } from '../lib/sequences';
import { loadDemoAttendance } from './demo-attendance';
import { loadDemoCompany } from './demo-company';
import { loadDemoEquipment } from './demo-equipment';
import { loadDemoKpiTypes } from './demo-kpi-types';
import { loadDemoLeaves } from './demo-leaves';
import { loadDemoParameters } from './demo-parameters';
import { loadDemoProcesses } from './demo-processes';
import { loadDemoServices } from './demo-services';

/** Every demo user signs in with this password (README, "Demo"). */
export const DEMO_PASSWORD = 'Demo@2026';

const DEPARTMENTS = [
  { code: 'BGD', name: 'Ban Giám đốc', parent: null },
  { code: 'HCNS', name: 'Phòng Hành chính – Nhân sự', parent: 'BGD' },
  { code: 'KT', name: 'Phòng Kế toán', parent: 'BGD' },
  { code: 'KD', name: 'Phòng Kinh doanh', parent: 'BGD' },
  { code: 'QT', name: 'Phòng Quan trắc môi trường', parent: 'BGD' },
  { code: 'QT-HT', name: 'Đội Lấy mẫu hiện trường', parent: 'QT' },
  { code: 'PTN', name: 'Phòng Thí nghiệm', parent: 'BGD' },
  { code: 'KTCN', name: 'Phòng Kỹ thuật – Công nghệ', parent: 'BGD' },
] as const;

const crud = (r: string) => ['index', 'create', 'show', 'edit'].map((a) => `${r}.${a}`);
const view = (r: string) => [`${r}.index`, `${r}.show`];

/** What every employee of the monitoring company does: their works, leaves, attendance, KPIs; the trade's catalogue. */
const STAFF_KEYS = [
  ...view('requests'),
  ...view('customer'),
  'works.create',
  'works.show',
  'leaves.index',
  'attendance.index',
  'leaves.create',
  'leaves.show',
  'user_evaluations.index',
  'user_evaluations.show',
  ...view('monitoring'),
  ...view('equipment'),
];

const ROLES: { code: string; name: string; description: string; keys: string[] }[] = [
  {
    code: 'giam_doc',
    name: 'Giám đốc',
    description: 'Xem toàn bộ hoạt động của công ty, duyệt hợp đồng và đánh giá',
    keys: [
      ...view('roles'),
      ...view('users'),
      ...view('departments'),
      ...crud('requests'),
      ...crud('customer'),
      ...crud('evaluations'),
      ...crud('user_evaluations'),
      ...view('kpi_types'),
      ...view('processes'),
      ...view('request_types'),
      'works.all',
      'works.create',
      'works.show',
      'contracts.index',
      'contracts.show',
      'contracts.create',
      // Signs or returns the contracts the salespeople submit (issue 21).
      'contracts.approve',
      'leaves.index',
      'attendance.index',
      'leaves.show',
      'leaves.create',
      'leaves.edit',
      'leaves.all',
      'attendance.all',
      ...crud('monitoring'),
      ...crud('equipment'),
      'sampling.index',
      'sampling.all',
      'sampling.create',
      'sampling.edit',
      // Heads follow the samples (the laboratory's head also receives them, assigns and verifies analyses).
      'lab.index',
      'lab.receive',
      'lab.verify',
      'lab.approve',
    ],
  },
  {
    code: 'truong_phong',
    name: 'Trưởng phòng',
    description: 'Điều phối công việc, duyệt nghỉ phép và đánh giá nhân viên trong phòng',
    keys: [
      ...view('users'),
      ...view('departments'),
      ...crud('requests'),
      ...view('customer'),
      ...view('processes'),
      ...view('request_types'),
      'works.department',
      'works.create',
      'works.show',
      'contracts.index',
      'contracts.show',
      'contracts.create',
      'leaves.index',
      'attendance.index',
      'leaves.create',
      'leaves.show',
      'leaves.department',
      'leaves.departments',
      'attendance.department',
      // Heads review their staff; approving is HR's (user_evaluations.edit), docs/decisions.md "Evaluations".
      'user_evaluations.index',
      'user_evaluations.show',
      // The monitoring and laboratory heads keep the parameter catalogue, the instruments and the vehicles.
      ...crud('monitoring'),
      ...crud('equipment'),
      // They plan their department's sampling trips.
      'sampling.index',
      'sampling.department',
      'sampling.create',
      'sampling.edit',
    ],
  },
  {
    code: 'nhan_vien',
    name: 'Nhân viên',
    description: 'Thực hiện công việc được giao, gửi đơn nghỉ phép, tự đánh giá KPI',
    // The field staff see which instruments are in calibration, and the trips they are on.
    keys: [...STAFF_KEYS, 'sampling.index'],
  },
  {
    code: 'thi_nghiem',
    name: 'Nhân viên thí nghiệm',
    description: 'Nhận mẫu từ đội hiện trường, theo dõi thời hạn lưu mẫu, phân tích và lưu, hủy mẫu',
    // The laboratory sees every sample and takes it along its chain of custody; its analysts enter and cross-verify
    // results (never their own, issue 25).
    keys: [...STAFF_KEYS, 'lab.index', 'lab.receive', 'lab.analyse', 'lab.verify'],
  },
  {
    code: 'kinh_doanh',
    name: 'Nhân viên kinh doanh',
    description: 'Chăm sóc khách hàng, lập báo giá và hợp đồng dịch vụ',
    keys: [
      ...view('requests'),
      ...crud('customer'),
      'contracts.index',
      'contracts.show',
      'contracts.create',
      'works.create',
      'works.show',
      'leaves.index',
      'attendance.index',
      'leaves.create',
      'leaves.show',
      'user_evaluations.index',
      'user_evaluations.show',
      // Sales quote the parameters a permit asks for.
      ...view('monitoring'),
    ],
  },
  {
    code: 'nhan_su',
    name: 'Nhân sự',
    description: 'Quản lý hồ sơ nhân viên, phòng ban, nghỉ phép, chấm công và KPI',
    keys: [
      ...view('roles'),
      ...crud('users'),
      ...crud('departments'),
      ...crud('kpi_types'),
      ...crud('evaluations'),
      ...crud('user_evaluations'),
      'leaves.index',
      'attendance.index',
      'leaves.create',
      'leaves.show',
      'leaves.edit',
      'leaves.all',
      'attendance.all',
      'works.create',
      'works.show',
    ],
  },
  {
    code: 'ke_toan',
    name: 'Kế toán',
    description: 'Quản lý hợp đồng, khách hàng và thanh toán',
    keys: [
      ...crud('customer'),
      ...view('requests'),
      'contracts.index',
      'contracts.show',
      'contracts.create',
      'works.create',
      'works.show',
      'leaves.index',
      'attendance.index',
      'leaves.create',
      'leaves.show',
      'user_evaluations.index',
      'user_evaluations.show',
    ],
  },
];

// [name, username, role, department, position, gender]
const USERS: [string, string, string, string, string, 'male' | 'female'][] = [
  ['Nguyễn Văn Hùng', 'hung.nv', 'giam_doc', 'BGD', 'Giám đốc', 'male'],
  ['Trần Thị Mai', 'mai.tt', 'giam_doc', 'BGD', 'Phó Giám đốc', 'female'],
  ['Lê Thị Hồng Nhung', 'nhung.lth', 'truong_phong', 'HCNS', 'Trưởng phòng Hành chính – Nhân sự', 'female'],
  ['Phạm Minh Tuấn', 'tuan.pm', 'nhan_su', 'HCNS', 'Chuyên viên nhân sự', 'male'],
  ['Đỗ Thị Thu Hà', 'ha.dtt', 'nhan_su', 'HCNS', 'Chuyên viên hành chính', 'female'],
  ['Vũ Thị Lan', 'lan.vt', 'truong_phong', 'KT', 'Kế toán trưởng', 'female'],
  ['Hoàng Văn Nam', 'nam.hv', 'ke_toan', 'KT', 'Kế toán viên', 'male'],
  ['Bùi Thị Ngọc Ánh', 'anh.btn', 'ke_toan', 'KT', 'Kế toán công nợ', 'female'],
  ['Đặng Quốc Bảo', 'bao.dq', 'truong_phong', 'KD', 'Trưởng phòng Kinh doanh', 'male'],
  ['Ngô Thị Thanh Hương', 'huong.ntt', 'kinh_doanh', 'KD', 'Nhân viên kinh doanh', 'female'],
  ['Dương Văn Long', 'long.dv', 'kinh_doanh', 'KD', 'Nhân viên kinh doanh', 'male'],
  ['Lý Thị Kim Oanh', 'oanh.ltk', 'kinh_doanh', 'KD', 'Chăm sóc khách hàng', 'female'],
  ['Trịnh Văn Đức', 'duc.tv', 'truong_phong', 'QT', 'Trưởng phòng Quan trắc', 'male'],
  ['Phan Thị Yến', 'yen.pt', 'nhan_vien', 'QT', 'Kỹ sư môi trường', 'female'],
  ['Võ Minh Khoa', 'khoa.vm', 'nhan_vien', 'QT', 'Kỹ sư môi trường', 'male'],
  ['Huỳnh Thị Diễm', 'diem.ht', 'nhan_vien', 'QT', 'Chuyên viên báo cáo ĐTM', 'female'],
  ['Đinh Công Thành', 'thanh.dc', 'truong_phong', 'QT-HT', 'Đội trưởng lấy mẫu', 'male'],
  ['Mai Văn Tài', 'tai.mv', 'nhan_vien', 'QT-HT', 'Kỹ thuật viên lấy mẫu', 'male'],
  ['Cao Văn Phúc', 'phuc.cv', 'nhan_vien', 'QT-HT', 'Kỹ thuật viên lấy mẫu', 'male'],
  ['Tạ Thị Hạnh', 'hanh.tt', 'nhan_vien', 'QT-HT', 'Kỹ thuật viên lấy mẫu', 'female'],
  ['Lương Thị Thảo', 'thao.lt', 'truong_phong', 'PTN', 'Trưởng phòng Thí nghiệm', 'female'],
  ['Kiều Văn Sơn', 'son.kv', 'thi_nghiem', 'PTN', 'Kiểm nghiệm viên', 'male'],
  ['Âu Thị Bích Ngọc', 'ngoc.atb', 'thi_nghiem', 'PTN', 'Kiểm nghiệm viên', 'female'],
  ['Quách Minh Trí', 'tri.qm', 'thi_nghiem', 'PTN', 'Kiểm nghiệm viên', 'male'],
  ['Tô Thị Phương', 'phuong.tt', 'thi_nghiem', 'PTN', 'Quản lý mẫu', 'female'],
  ['Hà Văn Quang', 'quang.hv', 'truong_phong', 'KTCN', 'Trưởng phòng Kỹ thuật', 'male'],
  ['Nguyễn Thị Thúy', 'thuy.nt', 'nhan_vien', 'KTCN', 'Kỹ sư lắp đặt', 'female'],
  ['Lâm Văn Hiếu', 'hieu.lv', 'nhan_vien', 'KTCN', 'Kỹ sư lắp đặt', 'male'],
  ['Châu Minh Nhật', 'nhat.cm', 'nhan_vien', 'KTCN', 'Kỹ thuật viên bảo trì', 'male'],
  ['Trương Thị Xuân', 'xuan.tt', 'nhan_vien', 'KTCN', 'Kỹ thuật viên tự động hóa', 'female'],
];

/**
 * Loads a Vietnamese demo company once, in one transaction: a department tree, six roles, 30 users, the processes
 * and request types, the company's settings and holidays. Returns false if already there. Its customers, requests,
 * works and notifications follow through the services (`loadDemoActivity`, demo-activity.ts).
 */
export async function loadDemo(db: Kysely<DB>): Promise<boolean> {
  if (await db.selectFrom('departments').select('id').where('code', '=', 'BGD').executeTakeFirst()) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const stamps = { created_at: now, updated_at: now, created_by: null };
    const depIds = new Map<string, number>();
    for (const d of DEPARTMENTS) {
      const { id } = await trx
        .insertInto('departments')
        .values({
          code: d.code,
          name: d.name,
          parent_id: d.parent ? (depIds.get(d.parent) ?? null) : null,
          head_id: null,
          description: null,
          search_text: searchText(d.code, d.name),
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      depIds.set(d.code, id);
    }
    const roleIds = new Map<string, number>();
    for (const r of ROLES) {
      const { id } = await trx
        .insertInto('roles')
        .values({
          code: r.code,
          name: r.name,
          description: r.description,
          is_system: 0,
          search_text: searchText(r.code, r.name),
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(r.code, id);
      const keys = [...new Set(r.keys as PermissionKey[])];
      await trx
        .insertInto('role_permissions')
        .values(keys.map((permission) => ({ role_id: id, permission })))
        .execute();
    }
    for (const [i, [name, username, role, dep, position, gender]] of USERS.entries()) {
      const code = formatCode('NV', await nextSequence(trx, 'users'));
      const mobile = `09${String(12_345_600 + i).padStart(8, '0')}`;
      const email = `${username}@quantrac.vn`;
      const { id } = await trx
        .insertInto('users')
        .values({
          code,
          name,
          username,
          email,
          mobile,
          password_hash: passwordHash,
          role_id: roleIds.get(role)!,
          department_id: depIds.get(dep)!,
          position,
          gender,
          birthday: `${1975 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
          joined_at: `${2012 + (i % 13)}-${String(((i * 5) % 12) + 1).padStart(2, '0')}-01`,
          address: 'Hà Nội',
          search_text: searchText(code, name, username, email, mobile),
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The first user of each department who is its head or director leads it.
      if (role === 'truong_phong' || (role === 'giam_doc' && dep === 'BGD' && i === 0)) {
        await trx
          .updateTable('departments')
          .set({ head_id: id })
          .where('id', '=', depIds.get(dep)!)
          .where('head_id', 'is', null)
          .execute();
      }
    }
    await loadDemoProcesses(trx, stamps);
    await loadDemoCompany(trx, stamps);
    await loadDemoServices(trx, stamps);
    await loadDemoParameters(trx, stamps);
    await loadDemoEquipment(trx, stamps);
    await loadDemoKpiTypes(trx, stamps);
  });
  await loadDemoLeaves(db);
  await loadDemoAttendance(db);
  return true;
}
