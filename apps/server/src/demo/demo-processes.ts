import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

// The demo company's business processes and the request types that run on them (issue 4).
// Departments are named by code and default assignees by user name from the demo tree in demo.ts.

interface DemoStep {
  name: string;
  description: string;
  department: string;
  assignee?: string;
  hours: number;
  result?: boolean;
}

const PROCESSES: { code: string; name: string; description: string; steps: DemoStep[] }[] = [
  {
    code: 'QT-DK',
    name: 'Quan trắc môi trường định kỳ',
    description: 'Quan trắc nước thải, khí thải, không khí xung quanh theo giấy phép môi trường của khách hàng.',
    steps: [
      {
        name: 'Tiếp nhận & báo giá',
        description: 'Xác nhận thông số, tần suất, vị trí lấy mẫu; gửi báo giá cho khách hàng.',
        department: 'KD',
        assignee: 'huong.ntt',
        hours: 16,
      },
      {
        name: 'Lấy mẫu hiện trường',
        description: 'Lấy và bảo quản mẫu, đo nhanh các thông số tại hiện trường, lập biên bản lấy mẫu.',
        department: 'QT-HT',
        assignee: 'thanh.dc',
        hours: 48,
      },
      {
        name: 'Phân tích thí nghiệm',
        description: 'Phân tích mẫu theo phương pháp đã được công nhận VIMCERTS, kiểm soát chất lượng.',
        department: 'PTN',
        assignee: 'thao.lt',
        hours: 120,
      },
      {
        name: 'Lập báo cáo & trả kết quả',
        description: 'Lập phiếu kết quả, báo cáo quan trắc và gửi cho khách hàng.',
        department: 'QT',
        assignee: 'yen.pt',
        hours: 40,
        result: true,
      },
    ],
  },
  {
    code: 'LD-QTTD',
    name: 'Lắp đặt thiết bị quan trắc tự động',
    description:
      'Lắp đặt trạm quan trắc nước thải, khí thải tự động, liên tục và truyền dữ liệu về Sở Nông nghiệp và Môi trường.',
    steps: [
      {
        name: 'Khảo sát hiện trạng',
        description: 'Khảo sát vị trí lắp đặt, nguồn điện, đường truyền và hệ thống xử lý hiện có.',
        department: 'KTCN',
        assignee: 'hieu.lv',
        hours: 24,
      },
      {
        name: 'Thiết kế & báo giá',
        description: 'Thiết kế cấu hình trạm, lựa chọn thiết bị, gửi báo giá và tiến độ.',
        department: 'KTCN',
        assignee: 'quang.hv',
        hours: 40,
      },
      {
        name: 'Lắp đặt & đấu nối',
        description: 'Lắp đặt thiết bị, nhà trạm, đấu nối điện và hệ thống lấy mẫu.',
        department: 'KTCN',
        assignee: 'thuy.nt',
        hours: 120,
      },
      {
        name: 'Hiệu chuẩn & truyền dữ liệu',
        description: 'Hiệu chuẩn thiết bị, kết nối truyền dữ liệu về cơ quan quản lý.',
        department: 'KTCN',
        assignee: 'xuan.tt',
        hours: 48,
      },
      {
        name: 'Nghiệm thu & bàn giao',
        description: 'Vận hành thử, nghiệm thu, bàn giao hồ sơ và hướng dẫn vận hành cho khách hàng.',
        department: 'KTCN',
        assignee: 'quang.hv',
        hours: 16,
        result: true,
      },
    ],
  },
  {
    code: 'DTM',
    name: 'Lập báo cáo ĐTM',
    description: 'Lập báo cáo đánh giá tác động môi trường cho dự án đầu tư và hỗ trợ thẩm định.',
    steps: [
      {
        name: 'Tiếp nhận hồ sơ dự án',
        description: 'Thu thập thuyết minh dự án, bản vẽ, pháp lý; ký hợp đồng tư vấn.',
        department: 'KD',
        assignee: 'oanh.ltk',
        hours: 24,
      },
      {
        name: 'Khảo sát & lấy mẫu nền',
        description: 'Khảo sát khu vực dự án, lấy mẫu hiện trạng môi trường nền.',
        department: 'QT-HT',
        assignee: 'tai.mv',
        hours: 72,
      },
      {
        name: 'Phân tích mẫu nền',
        description: 'Phân tích chất lượng không khí, nước mặt, nước ngầm, đất khu vực dự án.',
        department: 'PTN',
        assignee: 'son.kv',
        hours: 120,
      },
      {
        name: 'Lập báo cáo ĐTM',
        description: 'Đánh giá, dự báo tác động và đề xuất biện pháp giảm thiểu; tham vấn cộng đồng.',
        department: 'QT',
        assignee: 'diem.ht',
        hours: 240,
      },
      {
        name: 'Hoàn thiện & nộp thẩm định',
        description: 'Chỉnh sửa theo ý kiến hội đồng thẩm định, nộp hồ sơ và bàn giao báo cáo cho khách hàng.',
        department: 'QT',
        assignee: 'duc.tv',
        hours: 40,
        result: true,
      },
    ],
  },
];

const REQUEST_TYPES: {
  code: string;
  name: string;
  description: string;
  process: string;
  isPublic: boolean;
  group: string;
}[] = [
  {
    code: 'QTMT-DK',
    name: 'Quan trắc môi trường định kỳ',
    description: 'Quan trắc nước thải, khí thải, không khí xung quanh định kỳ theo quý hoặc 6 tháng.',
    process: 'QT-DK',
    isPublic: true,
    group: 'Quan trắc môi trường',
  },
  {
    code: 'PT-MAU',
    name: 'Phân tích mẫu nước, khí, đất',
    description: 'Lấy mẫu và phân tích các chỉ tiêu theo yêu cầu, trả phiếu kết quả thử nghiệm.',
    process: 'QT-DK',
    isPublic: true,
    group: 'Phân tích thí nghiệm',
  },
  {
    code: 'LD-TRAM',
    name: 'Lắp đặt trạm quan trắc tự động',
    description: 'Lắp đặt trạm quan trắc nước thải, khí thải tự động, liên tục theo Nghị định 08/2022/NĐ-CP.',
    process: 'LD-QTTD',
    isPublic: true,
    group: 'Lắp đặt thiết bị',
  },
  {
    code: 'BC-DTM',
    name: 'Lập báo cáo đánh giá tác động môi trường (ĐTM)',
    description: 'Tư vấn lập báo cáo ĐTM cho dự án đầu tư mới hoặc mở rộng.',
    process: 'DTM',
    isPublic: true,
    group: 'Báo cáo môi trường',
  },
  {
    code: 'BC-GPMT',
    name: 'Lập hồ sơ cấp giấy phép môi trường',
    description: 'Tư vấn lập hồ sơ đề nghị cấp giấy phép môi trường (nhận qua kinh doanh).',
    process: 'DTM',
    isPublic: false,
    group: 'Báo cáo môi trường',
  },
];

/** Adds the demo processes, their steps and the request types, inside the demo's transaction. */
export async function loadDemoProcesses(
  trx: Kysely<DB>,
  stamps: { created_at: string; updated_at: string; created_by: number | null },
): Promise<void> {
  const departments = new Map(
    (await trx.selectFrom('departments').select(['id', 'code']).execute()).map((d) => [d.code, d.id] as const),
  );
  const users = new Map(
    (await trx.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id] as const),
  );
  const processIds = new Map<string, number>();
  for (const p of PROCESSES) {
    const { id } = await trx
      .insertInto('processes')
      .values({
        code: p.code,
        name: p.name,
        description: p.description,
        active: 1,
        search_text: searchText(p.code, p.name),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    processIds.set(p.code, id);
    await trx
      .insertInto('process_steps')
      .values(
        p.steps.map((s, i) => ({
          process_id: id,
          position: i + 1,
          name: s.name,
          description: s.description,
          department_id: departments.get(s.department) ?? null,
          default_assignee_id: s.assignee ? (users.get(s.assignee) ?? null) : null,
          duration_hours: s.hours,
          produces_result: s.result ? 1 : 0,
          ...stamps,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('request_types')
    .values(
      REQUEST_TYPES.map((r) => ({
        code: r.code,
        name: r.name,
        description: r.description,
        process_id: processIds.get(r.process)!,
        is_public: r.isPublic ? 1 : 0,
        service_group: r.group,
        active: 1,
        search_text: searchText(r.code, r.name, r.group),
        ...stamps,
      })),
    )
    .execute();
}
