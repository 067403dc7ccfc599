// The route table of seed §2 — the one place that names every route. The router, the guards,
// the sidebar menu, the breadcrumbs and the dashboard cards are all derived from it. Features may
// import it: it names no page (the pages are bound to the names in app/route-pages, for the router only).
//
// Names fixed by the seed that differ from the API resource. Elsewhere one name runs end to end
// (web feature folder = `/api/<resource>` = packages/common/src/schemas/<resource>.ts = permission
// prefix); these route names and permission keys stay as the seed has them (§2, §6). Resources of
// sections not built yet are the names their API will take.
//
//   route names (permission keys)                          API resource
//   customers.*              (customer.*)                   customers
//   request_types.*          (request_types.*)              request-types
//   process_steps.*          (processes.edit)               processes: /api/processes/:id/steps, /api/process-steps/:id
//   personal.profile         (signed in)                    profile
//   works.index, works.my_work, works.create, works.show    works (my works: /api/works/my)
//   master_data.*            (signed in)                    services
//   settings.units.*         (settings.edit)                units
//   contract_templates.*     (signed in)                    contract-templates
//   setting_notifications.*  (setting_notifications.*)      notification-settings
//   notifications.index      (signed in)                    notifications
//   kpi_types.*              (kpi_types.*)                  kpi-types
//   user_evaluations.*       (user_evaluations.*)           user-evaluations
//   evaluations.*            (evaluations.*)                evaluations
//   contracts.*              (contracts.*)                  contracts
//   leaves.*                 (leaves.*)                     leaves
//   timekeeping.index        (leaves.index, attendance.index) timekeeping
//   settings.company.index   (settings.edit)                settings/company (module, folder, schema: company-settings)
//   settings.zalo.index      (settings.edit)                settings/zalo (module, folder, schema: zalo-settings)
//   settings.leave_types.index (settings.edit)              leave-types
//   monitoring.parameters.*  (monitoring.*)                 parameters
//   monitoring.sites.*       (monitoring.*)                 sites
//   monitoring.equipment.*   (equipment.*)                  equipment
//   monitoring.programs.*    (monitoring.*)                 monitoring-programs
//   monitoring.trips.*       (sampling.*)                   sampling-trips
//   monitoring.samples.*     (sampling.*, lab.*)            samples
//   monitoring.analyses.*    (lab.*)                        analyses
//   monitoring.test_reports.* (lab.*)                       test-reports
//   public.test_reports.check (none)                       public/test-reports/:code
import { hasAnyPermission, type PermissionKey } from '@qlcv/common/permissions';
import type { AuthInfo } from '@qlcv/common/schemas/users';

/** Run in order before a route is entered (seed §2 "Navigation rules"). */
export type Middleware = 'guest' | 'auth' | 'permission';

export type Layout = 'auth' | 'admin' | 'public' | 'bare';

export type MenuGroup =
  | 'overview'
  | 'notifications'
  | 'requests'
  | 'works'
  | 'customers'
  | 'monitoring'
  | 'hr'
  | 'attendance'
  | 'kpi'
  | 'system'
  | 'settings';

export interface RouteDef {
  name: string;
  /** Absolute path; `:id` marks the record id. */
  path: string;
  /** Vietnamese label: page title, breadcrumb and menu text. */
  label: string;
  layout: Layout;
  middleware: Middleware[];
  /** Any of these keys opens the route (seed §6); none listed: authentication only. */
  permissions?: PermissionKey[];
  /** Who also opens it without any of the keys, as the profile says (e.g. whoever a leave waits for). */
  admits?: RouteAudience[];
  /** Breadcrumb parent (seed's breadcrumb catalogue). */
  parent?: string;
  /** Sidebar group; routes without a group or marked hidden are not in the menu. */
  group?: MenuGroup;
  hidden?: boolean;
  /** One line on what the section is for (dashboard cards, "not available yet" page). */
  description?: string;
  /** Name of the route this one sends to instead of showing a page. */
  redirect?: string;
}

/**
 * People a route admits by what they are rather than by a key, read from the profile (`GET /api/auth/info`):
 * `leave_deciders` — a department head or someone standing in for an approver today; a leave waits for them, so
 * they open it and its list's "Chờ tôi duyệt" tab whatever their role holds (issue 21, part 8).
 */
export type RouteAudience = 'leave_deciders';

/** The profile's part the audiences are read from. */
export type RouteViewer = Pick<AuthInfo['user'], 'headed_department_ids' | 'substitute_for_ids'>;

const AUDIENCES: Record<RouteAudience, (user: RouteViewer) => boolean> = {
  leave_deciders: (u) => u.headed_department_ids.length > 0 || u.substitute_for_ids.length > 0,
};

/** Whether a signed-in user opens a route: any of its keys (seed §6), or one of the audiences it admits. */
export function routeAllows(route: RouteDef, permissions: readonly string[], user: RouteViewer | null): boolean {
  if (hasAnyPermission(permissions, route.permissions)) return true;
  return !!user && (route.admits ?? []).some((audience) => AUDIENCES[audience](user));
}

/** What the router hangs on each route object, read back by `useCurrentRoute`. */
export interface RouteHandle {
  route: RouteDef;
}

export interface MenuGroupDef {
  key: MenuGroup;
  label: string;
  /** Icon name, mapped to an Ant Design icon by the layout. */
  icon: 'dashboard' | 'bell' | 'solution' | 'schedule' | 'contacts' | 'experiment' | 'calendar' | 'trophy' | 'team' | 'setting';
}

export const MENU_GROUPS: MenuGroupDef[] = [
  { key: 'overview', label: 'Tổng quan', icon: 'dashboard' },
  { key: 'notifications', label: 'Thông báo', icon: 'bell' },
  { key: 'requests', label: 'Yêu cầu & quy trình', icon: 'solution' },
  { key: 'works', label: 'Công việc', icon: 'schedule' },
  { key: 'customers', label: 'Khách hàng & hợp đồng', icon: 'contacts' },
  { key: 'monitoring', label: 'Quan trắc', icon: 'experiment' },
  { key: 'hr', label: 'Nghỉ phép & chấm công', icon: 'calendar' },
  { key: 'attendance', label: 'Chấm công', icon: 'schedule' },
  { key: 'kpi', label: 'Đánh giá KPI', icon: 'trophy' },
  { key: 'system', label: 'Quản trị hệ thống', icon: 'team' },
  { key: 'settings', label: 'Cài đặt', icon: 'setting' },
];

// Builders ---------------------------------------------------------------------------------------
const ADMIN: Middleware[] = ['auth', 'permission'];

type AdminInput = Omit<RouteDef, 'layout' | 'middleware' | 'path'> & { path: string };
const admin = (r: AdminInput): RouteDef => ({
  layout: 'admin',
  middleware: ADMIN,
  ...r,
  path: r.path ? `/admin/${r.path}` : '/admin',
});

interface Crud {
  /** Route name prefix, e.g. `users` or `settings.units`. */
  name: string;
  path: string;
  /** Label of the list, e.g. "Người dùng"; the others are built from `noun`. */
  list: string;
  noun: string;
  group: MenuGroup;
  description: string;
  /** Keys per screen; an omitted screen is not created. */
  keys: Partial<Record<'index' | 'create' | 'show' | 'edit', PermissionKey[]>>;
  /** Per screen, who also opens it without its keys. */
  admits?: Partial<Record<'index' | 'create' | 'show' | 'edit', RouteAudience[]>>;
  screens?: ('index' | 'create' | 'show' | 'edit')[];
}

/** A section's list / create / {id} / {id}/edit screens, children of the list in the breadcrumbs. */
function crud(c: Crud): RouteDef[] {
  const screens = c.screens ?? ['index', 'create', 'show', 'edit'];
  const index = `${c.name}.index`;
  const def = (screen: 'index' | 'create' | 'show' | 'edit', path: string, label: string): RouteDef =>
    admin({
      name: `${c.name}.${screen}`,
      path,
      label,
      permissions: c.keys[screen],
      ...(c.admits?.[screen] ? { admits: c.admits[screen] } : {}),
      ...(screen === 'index'
        ? { group: c.group, description: c.description }
        : { parent: index, hidden: true, description: c.description }),
    });
  const all: Record<(typeof screens)[number], () => RouteDef> = {
    index: () => def('index', c.path, c.list),
    create: () => def('create', `${c.path}/create`, `Thêm ${c.noun}`),
    show: () => def('show', `${c.path}/:id`, `Chi tiết ${c.noun}`),
    edit: () => def('edit', `${c.path}/:id/edit`, `Sửa ${c.noun}`),
  };
  return screens.map((s) => all[s]());
}

const keys4 = (resource: string) => ({
  index: [`${resource}.index` as PermissionKey],
  create: [`${resource}.create` as PermissionKey],
  show: [`${resource}.show` as PermissionKey],
  edit: [`${resource}.edit` as PermissionKey],
});

/** Who writes a trip's samples (the server decides team membership). */
const SAMPLE_TEAM: PermissionKey[] = ['sampling.index', 'sampling.department', 'sampling.all'];
/** Who reads a sample: whoever sees its trip, and the laboratory. */
const SAMPLE_READERS: PermissionKey[] = [...SAMPLE_TEAM, 'lab.index', 'lab.receive'];
/** Who reads analyses: the laboratory (an analyst holding only lab.analyse, their own). */
const LAB_READERS: PermissionKey[] = ['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive'];
/** Who opens one analysis: the laboratory, and outside it whoever reads released results (the exceedance notice). */
const ANALYSIS_READERS: PermissionKey[] = [...LAB_READERS, 'monitoring.index', 'customer.index'];
/** Who reads test reports: the laboratory (its staff, verifiers, head). */
const REPORT_READERS: PermissionKey[] = ['lab.index', 'lab.receive', 'lab.verify', 'lab.approve'];

// The table --------------------------------------------------------------------------------------
export const ROUTES: RouteDef[] = [
  // Entry: the root path goes to the dashboard.
  { name: 'root', path: '/', label: 'Trang chủ', layout: 'bare', middleware: [], redirect: 'dashboard.index' },

  // Auth area: visitors only.
  { name: 'auth.login', path: '/auth/login', label: 'Đăng nhập', layout: 'auth', middleware: ['guest'] },
  { name: 'auth.forgot', path: '/auth/forgot', label: 'Quên mật khẩu', layout: 'auth', middleware: ['guest'] },
  { name: 'auth.reset', path: '/auth/reset', label: 'Đặt lại mật khẩu', layout: 'auth', middleware: ['guest'] },

  // Public area: no authentication.
  {
    name: 'public.requests.index',
    path: '/yeu-cau',
    label: 'Gửi yêu cầu',
    layout: 'public',
    middleware: [],
    description: 'Khách hàng gửi yêu cầu dịch vụ quan trắc, phân tích, lắp đặt thiết bị hoặc lập báo cáo môi trường.',
  },
  {
    name: 'public.requests.result',
    path: '/yeu-cau/ket-qua',
    label: 'Xem kết quả',
    layout: 'public',
    middleware: [],
    description: 'Khách hàng tra cứu tình trạng và kết quả xử lý yêu cầu bằng mã tra cứu và số điện thoại.',
  },
  {
    name: 'public.test_reports.check',
    path: '/kiem-tra-phieu/:code',
    label: 'Kiểm tra phiếu kết quả',
    layout: 'public',
    middleware: [],
    description: 'Cơ quan quản lý kiểm tra phiếu kết quả thử nghiệm bằng mã xác thực in trên phiếu (mã QR).',
  },

  // Admin area.
  admin({
    name: 'dashboard.index',
    path: '',
    label: 'Tổng quan',
    group: 'overview',
    description: 'Lời chào và lối tắt tới các chức năng bạn được dùng.',
  }),
  admin({
    name: 'notifications.index',
    path: 'notifications',
    label: 'Thông báo',
    group: 'notifications',
    description: 'Thông báo gửi tới bạn: yêu cầu mới, công việc được giao, đơn nghỉ phép cần duyệt…',
  }),
  admin({
    name: 'personal.profile',
    path: 'personal',
    label: 'Trang cá nhân',
    hidden: true,
    description: 'Thông tin cá nhân và đổi mật khẩu.',
  }),

  ...crud({
    name: 'requests',
    path: 'requests',
    list: 'Yêu cầu',
    noun: 'yêu cầu',
    group: 'requests',
    description: 'Tiếp nhận và theo dõi yêu cầu của khách hàng qua từng bước quy trình.',
    keys: keys4('requests'),
  }),
  admin({
    name: 'requests.request_types',
    path: 'requests/request-types',
    label: 'Loại yêu cầu',
    hidden: true,
    redirect: 'request_types.index',
  }),
  ...crud({
    name: 'request_types',
    path: 'request-types',
    list: 'Loại yêu cầu',
    noun: 'loại yêu cầu',
    group: 'requests',
    description: 'Các loại yêu cầu, quy trình xử lý và việc hiển thị trên trang gửi yêu cầu công khai.',
    keys: keys4('request_types'),
  }),
  ...crud({
    name: 'processes',
    path: 'processes',
    list: 'Quy trình',
    noun: 'quy trình',
    group: 'requests',
    description: 'Quy trình nghiệp vụ và các bước xử lý, phòng ban phụ trách, thời hạn của từng bước.',
    keys: keys4('processes'),
  }),
  admin({
    name: 'process_steps.create',
    path: 'processes/:id/steps/create',
    label: 'Thêm bước quy trình',
    hidden: true,
    permissions: ['processes.edit'],
    description: 'Thêm một bước vào quy trình nghiệp vụ.',
  }),
  admin({
    name: 'process_steps.edit',
    path: 'processes/steps/:id/edit',
    label: 'Sửa bước quy trình',
    hidden: true,
    permissions: ['processes.edit'],
    description: 'Sửa một bước của quy trình nghiệp vụ.',
  }),

  admin({
    name: 'works.index',
    path: 'works',
    label: 'Danh sách công việc',
    group: 'works',
    permissions: ['works.department', 'works.all'],
    description: 'Công việc của phòng ban hoặc toàn công ty: người thực hiện, hạn hoàn thành, tiến độ.',
  }),
  admin({
    name: 'works.my_work',
    path: 'works/my-works',
    label: 'Công việc của tôi',
    group: 'works',
    description: 'Công việc được giao cho bạn hoặc do bạn tạo.',
  }),
  admin({
    name: 'works.create',
    path: 'works/create',
    label: 'Thêm công việc',
    parent: 'works.my_work',
    hidden: true,
    permissions: ['works.create'],
    description: 'Tạo công việc và giao cho nhân viên.',
  }),
  admin({
    name: 'works.show',
    path: 'works/:id',
    label: 'Chi tiết công việc',
    parent: 'works.my_work',
    hidden: true,
    permissions: ['works.show'],
    description: 'Chi tiết, bình luận, tệp đính kèm và kết quả của công việc.',
  }),

  ...crud({
    name: 'customers',
    path: 'customers',
    list: 'Khách hàng',
    noun: 'khách hàng',
    group: 'customers',
    description: 'Hồ sơ khách hàng, người liên hệ, các yêu cầu và hợp đồng của họ.',
    keys: keys4('customer'),
  }),
  ...crud({
    name: 'contracts',
    path: 'contracts',
    list: 'Hợp đồng',
    noun: 'hợp đồng',
    group: 'customers',
    description: 'Hợp đồng dịch vụ, hạng mục, giá trị, tình trạng và nhắc hạn.',
    keys: {
      index: ['contracts.index'],
      create: ['contracts.create'],
      show: ['contracts.show'],
      edit: ['contracts.show'],
    },
  }),

  ...crud({
    name: 'monitoring.parameters',
    path: 'monitoring/parameters',
    list: 'Chỉ tiêu quan trắc',
    noun: 'chỉ tiêu',
    group: 'monitoring',
    description: 'Chỉ tiêu quan trắc theo thành phần môi trường: phương pháp, giới hạn phát hiện, lưu mẫu, VIMCERTS, VILAS.',
    keys: { index: ['monitoring.index'], create: ['monitoring.create'], edit: ['monitoring.edit', 'monitoring.show'] },
    screens: ['index', 'create', 'edit'],
  }),
  // Issue 25: national technical regulations (QCVN) as dated data. Law every signed-in person reads (the lab, the field
  // team, the account managers compare with it); regulations.edit writes and imports.
  ...crud({
    name: 'regulations',
    path: 'regulations',
    list: 'Quy chuẩn kỹ thuật',
    noun: 'quy chuẩn',
    group: 'monitoring',
    description:
      'Quy chuẩn kỹ thuật quốc gia (QCVN) theo thời gian hiệu lực: các cột, hệ số và giá trị giới hạn của từng thông số.',
    keys: { create: ['regulations.edit'], edit: ['regulations.edit'] },
  }),
  ...crud({
    name: 'monitoring.equipment',
    path: 'monitoring/equipment',
    list: 'Thiết bị, phương tiện',
    noun: 'thiết bị, phương tiện',
    group: 'monitoring',
    description: 'Thiết bị đo, lấy mẫu và xe của đội hiện trường: hạn hiệu chuẩn, kiểm định, đăng kiểm.',
    keys: { index: ['equipment.index'], create: ['equipment.create'], edit: ['equipment.edit', 'equipment.show'] },
    screens: ['index', 'create', 'edit'],
  }),
  ...crud({
    name: 'monitoring.sites',
    path: 'monitoring/sites',
    list: 'Cơ sở quan trắc',
    noun: 'cơ sở quan trắc',
    group: 'monitoring',
    description: 'Cơ sở của khách hàng được quan trắc: giấy phép môi trường, điểm quan trắc, chỉ tiêu và tần suất.',
    keys: {
      index: ['monitoring.index'],
      create: ['monitoring.create'],
      show: ['monitoring.show', 'monitoring.edit'],
      edit: ['monitoring.edit'],
    },
  }),
  ...crud({
    name: 'monitoring.programs',
    path: 'monitoring/programs',
    list: 'Chương trình quan trắc',
    noun: 'chương trình quan trắc',
    group: 'monitoring',
    description: 'Chương trình quan trắc của từng cơ sở theo hợp đồng: chỉ tiêu, tần suất, các đợt và tiến độ.',
    keys: {
      index: ['monitoring.index'],
      create: ['monitoring.create'],
      show: ['monitoring.show', 'monitoring.edit'],
      edit: ['monitoring.edit'],
    },
  }),
  ...crud({
    name: 'monitoring.trips',
    path: 'monitoring/trips',
    list: 'Chuyến lấy mẫu',
    noun: 'chuyến lấy mẫu',
    group: 'monitoring',
    description: 'Chuyến lấy mẫu hiện trường: đoàn, phương tiện, thiết bị, các đợt quan trắc và danh mục lấy mẫu.',
    keys: {
      index: ['sampling.index', 'sampling.department', 'sampling.all'],
      create: ['sampling.create'],
      show: ['sampling.index', 'sampling.department', 'sampling.all'],
      edit: ['sampling.edit'],
    },
  }),
  // Issue 24 part 5: samples taken on a trip (by its team), their labels and the laboratory's list and reception.
  ...crud({
    name: 'monitoring.samples',
    path: 'monitoring/samples',
    list: 'Mẫu quan trắc',
    noun: 'mẫu',
    group: 'monitoring',
    description: 'Mẫu lấy tại hiện trường: mã và nhãn QR, kết quả đo hiện trường, ảnh, vị trí và chuỗi bàn giao mẫu.',
    keys: {
      index: ['lab.index', 'sampling.all'],
      create: SAMPLE_TEAM,
      show: SAMPLE_READERS,
      edit: SAMPLE_TEAM,
    },
    // A sample is added from its trip's page: the trips are its way back.
  }).map((r) => (r.name === 'monitoring.samples.create' ? { ...r, parent: 'monitoring.trips.index' } : r)),
  admin({
    name: 'monitoring.samples.receive',
    path: 'monitoring/samples/receive',
    label: 'Nhận mẫu',
    group: 'monitoring',
    permissions: ['lab.receive'],
    description: 'Phòng thí nghiệm quét nhãn để nhận các mẫu được bàn giao: tình trạng mẫu, nhiệt độ thùng bảo quản.',
  }),
  admin({
    name: 'monitoring.samples.code',
    path: 'monitoring/samples/code/:code',
    label: 'Tìm mẫu theo mã',
    parent: 'monitoring.samples.index',
    hidden: true,
    permissions: SAMPLE_READERS,
    description: 'Trang mở ra khi quét mã QR trên nhãn mẫu.',
  }),
  // The label sheets print on their own (no menu, no header): a bare page with its own "In" and way back.
  {
    name: 'monitoring.samples.labels',
    path: '/admin/monitoring/samples/labels',
    label: 'In nhãn mẫu',
    layout: 'bare',
    middleware: ADMIN,
    permissions: SAMPLE_READERS,
    description: 'Trang nhãn mẫu khổ A4 có mã QR để in và dán lên chai, lọ mẫu.',
  },
  {
    name: 'monitoring.samples.label',
    path: '/admin/monitoring/samples/:id/label',
    label: 'In nhãn mẫu',
    layout: 'bare',
    middleware: ADMIN,
    permissions: SAMPLE_READERS,
    description: 'Nhãn của một mẫu có mã QR để in lại.',
  },
  // Issue 25 part 2: the laboratory's analyses, a sample × laboratory parameter each — assigned by the head, entered
  // (one parameter's worksheet), verified by a second person, released. An analyst holding only lab.analyse reads
  // their own.
  ...crud({
    name: 'monitoring.analyses',
    path: 'monitoring/analyses',
    list: 'Phân tích mẫu',
    noun: 'phép phân tích',
    group: 'monitoring',
    description: 'Phép phân tích của phòng thí nghiệm: phân công, nhập kết quả theo bảng, soát xét và phát hành.',
    keys: { index: LAB_READERS, show: ANALYSIS_READERS },
    screens: ['index', 'show'],
  }),
  admin({
    name: 'monitoring.analyses.worksheet',
    path: 'monitoring/analyses/worksheet',
    label: 'Bảng nhập kết quả',
    parent: 'monitoring.analyses.index',
    hidden: true,
    permissions: LAB_READERS,
    description: 'Nhập kết quả một chỉ tiêu cho nhiều mẫu cùng lúc, bằng bàn phím; cờ QC mẫu trắng và mẫu lặp.',
  }),
  // Issue 25 part 4: test reports (phiếu kết quả thử nghiệm), a trip's released results for one customer; drafted by
  // the head or reception, signed by lab.approve, corrected as a new version.
  ...crud({
    name: 'monitoring.test_reports',
    path: 'monitoring/test-reports',
    list: 'Phiếu kết quả thử nghiệm',
    noun: 'phiếu kết quả',
    group: 'monitoring',
    description: 'Phiếu kết quả thử nghiệm gửi khách hàng: lập từ kết quả đã phát hành, ký phát hành, sửa đổi theo lần ban hành.',
    keys: { index: REPORT_READERS, show: REPORT_READERS },
    screens: ['index', 'show'],
  }),

  ...crud({
    name: 'leaves',
    path: 'leaves',
    list: 'Nghỉ phép',
    noun: 'đơn nghỉ phép',
    group: 'hr',
    description: 'Đăng ký, duyệt và theo dõi nghỉ phép, số ngày phép còn lại.',
    keys: {
      index: ['leaves.index'],
      create: ['leaves.create'],
      show: ['leaves.show'],
      edit: ['leaves.edit', 'leaves.departments', 'leaves.all'],
    },
    // The list (its "Chờ tôi duyệt" tab) and a leave's page: also whoever a leave waits for.
    admits: { index: ['leave_deciders'], show: ['leave_deciders'] },
  }).map((r) => (r.name === 'leaves.create' ? { ...r, label: 'Đăng ký nghỉ phép' } : r)),
  admin({
    name: 'leaves.create_for_employee',
    path: 'leaves/create-for-employee',
    label: 'Tạo đơn nghỉ cho nhân viên',
    parent: 'leaves.index',
    hidden: true,
    permissions: ['leaves.department'],
    description: 'Quản lý tạo đơn nghỉ phép thay cho nhân viên trong phòng ban.',
  }),
  admin({
    name: 'timekeeping.index',
    path: 'timekeeping',
    label: 'Bảng chấm công',
    group: 'hr',
    permissions: ['leaves.index', 'attendance.index'],
    description: 'Bảng chấm công theo tháng: ngày công, nghỉ phép, nghỉ không lương; xuất Excel.',
  }),

  // Attendance (issue 23): check-in from the phone, the office kiosk, corrections, sites and rules, time clock import.
  admin({
    name: 'attendance.index',
    path: 'attendance',
    label: 'Chấm công',
    group: 'attendance',
    permissions: ['attendance.index'],
    description: 'Chấm công vào, ra bằng GPS, mã QR hoặc mạng văn phòng; xem tháng của bạn và giải trình.',
  }),
  admin({
    name: 'attendance.check',
    path: 'attendance/check',
    label: 'Chấm công bằng mã QR',
    parent: 'attendance.index',
    hidden: true,
    permissions: ['attendance.index'],
    description: 'Trang mở ra khi quét mã QR trên màn hình chấm công.',
  }),
  {
    name: 'attendance.kiosk',
    path: '/admin/attendance/kiosk',
    label: 'Màn hình mã QR chấm công',
    layout: 'bare',
    middleware: ADMIN,
    permissions: ['attendance.all'],
    description: 'Mã QR đổi mỗi 25 giây cho màn hình ở văn phòng; nhân viên quét để chấm công.',
  },
  ...crud({
    name: 'attendance.corrections',
    path: 'attendance/corrections',
    list: 'Giải trình chấm công',
    noun: 'giải trình',
    group: 'attendance',
    description: 'Giải trình quên chấm công hoặc chấm sai giờ; trưởng phòng hoặc người duyệt thay duyệt.',
    keys: { index: ['attendance.index'], create: ['attendance.index'], show: ['attendance.index'] },
    // Whoever a correction waits for decides it, as with leave.
    admits: { index: ['leave_deciders'], show: ['leave_deciders'] },
    screens: ['index', 'create', 'show'],
  }).map((r) => (r.name === 'attendance.corrections.create' ? { ...r, label: 'Gửi giải trình' } : r)),
  admin({
    name: 'attendance.team',
    path: 'attendance/team',
    label: 'Chấm công nhân viên',
    group: 'attendance',
    permissions: ['attendance.department', 'attendance.all'],
    description: 'Các lần chấm công của nhân viên phòng ban bạn quản lý hoặc toàn công ty, theo tháng.',
  }),
  admin({
    name: 'attendance.import',
    path: 'attendance/import',
    label: 'Nhập máy chấm công',
    group: 'attendance',
    permissions: ['attendance.all'],
    description: 'Nhập tệp .xlsx, .csv từ máy chấm công vân tay, khuôn mặt; kiểm tra từng dòng trước khi nhập.',
  }),
  ...crud({
    name: 'attendance.sites',
    path: 'attendance/sites',
    list: 'Địa điểm chấm công',
    noun: 'địa điểm chấm công',
    group: 'attendance',
    description: 'Văn phòng, điểm quan trắc, nhà máy: tọa độ, bán kính và ai được chấm công tại đó.',
    keys: { index: ['settings.edit'], create: ['settings.edit'], edit: ['settings.edit'] },
    screens: ['index', 'create', 'edit'],
  }),
  admin({
    name: 'attendance.settings',
    path: 'attendance/settings',
    label: 'Cài đặt chấm công',
    group: 'attendance',
    permissions: ['settings.edit'],
    description: 'Bắt buộc chấm công, độ chính xác GPS, số phút cho phép, mạng văn phòng, giờ làm việc.',
  }),

  ...crud({
    name: 'kpi_types',
    path: 'kpi-types',
    list: 'Loại KPI',
    noun: 'loại KPI',
    group: 'kpi',
    description: 'Các chỉ tiêu KPI, cách đo, trọng số và mục tiêu mặc định.',
    keys: keys4('kpi_types'),
  }),
  ...crud({
    name: 'evaluations',
    path: 'evaluations',
    list: 'Kỳ đánh giá',
    noun: 'kỳ đánh giá',
    group: 'kpi',
    description: 'Kỳ đánh giá theo tháng, quý, năm với các tiêu chí và phòng ban áp dụng.',
    keys: keys4('evaluations'),
  }),
  ...crud({
    name: 'user_evaluations',
    path: 'user-evaluations',
    list: 'Đánh giá nhân viên',
    noun: 'phiếu đánh giá',
    group: 'kpi',
    description: 'Phiếu đánh giá của từng nhân viên: tự đánh giá, quản lý chấm điểm, xếp loại.',
    keys: keys4('user_evaluations'),
  }),

  ...crud({
    name: 'users',
    path: 'users',
    list: 'Người dùng',
    noun: 'người dùng',
    group: 'system',
    description: 'Tài khoản nhân viên, vai trò, phòng ban; khóa và mở khóa tài khoản.',
    keys: keys4('users'),
  }),
  ...crud({
    name: 'roles',
    path: 'roles',
    list: 'Vai trò',
    noun: 'vai trò',
    group: 'system',
    description: 'Vai trò và quyền được cấp cho từng vai trò.',
    keys: keys4('roles'),
  }),
  ...crud({
    name: 'departments',
    path: 'departments',
    list: 'Phòng ban',
    noun: 'phòng ban',
    group: 'system',
    description: 'Cơ cấu phòng ban và trưởng phòng.',
    keys: keys4('departments'),
  }),

  admin({
    name: 'settings.company.index',
    path: 'settings/company',
    label: 'Thông tin công ty',
    group: 'settings',
    permissions: ['settings.edit'],
    description: 'Tên, mã số thuế, địa chỉ, tài khoản ngân hàng, lịch làm việc và ngày nghỉ lễ.',
  }),
  admin({
    name: 'settings.zalo.index',
    path: 'settings/zalo',
    label: 'Kết nối Zalo',
    group: 'settings',
    permissions: ['settings.edit'],
    description: 'Kết nối Zalo Official Account và mẫu tin ZNS để gửi mã xác thực, thông báo cho khách hàng.',
  }),
  ...crud({
    name: 'settings.units',
    path: 'settings/units',
    list: 'Đơn vị tính',
    noun: 'đơn vị tính',
    group: 'settings',
    description: 'Đơn vị tính dùng cho dịch vụ và hợp đồng (mẫu, lần, điểm, ngày công…).',
    keys: { index: ['settings.edit'], create: ['settings.edit'], edit: ['settings.edit'] },
    screens: ['index', 'create', 'edit'],
  }),
  admin({
    name: 'settings.leave_types.index',
    path: 'settings/leave-types',
    label: 'Loại nghỉ phép',
    group: 'settings',
    permissions: ['settings.edit'],
    description: 'Loại nghỉ, ký hiệu chấm công, hưởng lương, trừ phép năm; loại tính là ngày công như công tác (CT).',
  }),
  ...crud({
    name: 'setting_notifications',
    path: 'settings/notifications',
    list: 'Cấu hình thông báo',
    noun: 'cấu hình thông báo',
    group: 'settings',
    description: 'Sự kiện nào gửi thông báo, qua kênh nào (ứng dụng, e-mail, SMS, Zalo), tới ai.',
    keys: keys4('setting_notifications'),
  }),
  ...crud({
    name: 'master_data',
    path: 'settings/master-data',
    list: 'Danh mục dịch vụ',
    noun: 'dịch vụ',
    group: 'settings',
    description: 'Danh mục dịch vụ: nhóm, đơn vị tính, đơn giá và thuế suất VAT.',
    keys: {},
    screens: ['index', 'create', 'edit'],
  }),
  ...crud({
    name: 'contract_templates',
    path: 'settings/contract-template',
    list: 'Mẫu hợp đồng',
    noun: 'mẫu hợp đồng',
    group: 'settings',
    description: 'Mẫu hợp đồng dạng .docx có trường trộn để sinh hợp đồng tự động.',
    keys: {},
    screens: ['index', 'create', 'edit'],
  }),

  // Error pages and the catch-all.
  { name: 'error', path: '/error', label: 'Đã xảy ra lỗi', layout: 'bare', middleware: [] },
  { name: 'error.403', path: '/403', label: 'Không có quyền truy cập', layout: 'bare', middleware: [] },
  { name: 'error.404', path: '/404', label: 'Không tìm thấy trang', layout: 'bare', middleware: [] },
  { name: 'not_found', path: '*', label: 'Không tìm thấy trang', layout: 'bare', middleware: [] },
];

// Look-ups ---------------------------------------------------------------------------------------
const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: string): RouteDef {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route name "${name}"`);
  return route;
}

/** Path of a named route: urlFor('users.show', { id: 7 }) → "/admin/users/7". */
export function urlFor(name: string, params: Record<string, string | number | undefined> = {}): string {
  return routeByName(name).path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/** The route itself and its breadcrumb ancestors, outermost first. */
export function routeTrail(name: string): RouteDef[] {
  const trail: RouteDef[] = [];
  const seen = new Set<string>();
  for (
    let r: RouteDef | undefined = BY_NAME.get(name);
    r && !seen.has(r.name);
    r = r.parent ? BY_NAME.get(r.parent) : undefined
  ) {
    seen.add(r.name);
    trail.unshift(r);
  }
  return trail;
}

/** Routes of the sidebar menu: admin routes with a group, not hidden. */
export const MENU_ROUTES = ROUTES.filter((r) => r.layout === 'admin' && r.group && !r.hidden);
