import path from 'node:path';
import {
  CONTRACT_APPROVAL_VERBS,
  type ContractItemInput,
  type ContractStatus,
  type ContractVerb,
} from '@qlcv/common/schemas/contracts';
import { addDays } from '@qlcv/common/work-calendar';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { Actor } from '../lib/audit';
import { ListCache } from '../lib/list-cache';
import { LocalStorage } from '../lib/storage';
import { vnToday } from '../lib/vn-time';
import { AuditLogsService } from '../modules/audit-logs/audit-logs.service';
import { CompanyCalendarService } from '../modules/company-settings/company-calendar.service';
import { CompanySettingsService } from '../modules/company-settings/company-settings.service';
import { ContractStatusService } from '../modules/contracts/contract-status.service';
import type { ContractTemplateSource } from '../modules/contracts/contract-template-source';
import { ContractsService } from '../modules/contracts/contracts.service';
import { CustomersService } from '../modules/customers/customers.service';
import { DocumentsService } from '../modules/documents/documents.service';
import { RequestTypesService } from '../modules/request-types/request-types.service';
import { RequestsService } from '../modules/requests/requests.service';

// The demo company's contracts (issue 11): about 25 across its customers, in every status, a few made from the
// requests they answer, some ending within the month (so the expiry reminder and the "sắp hết hạn" filter show
// them). They go through the contracts services, so numbers follow the company's pattern and every total is the
// server's own, VAT by the signing date included.

const SALES = ['bao.dq', 'huong.ntt', 'long.dv', 'oanh.ltk'] as const;
/** The director signs and returns what the salespeople submit (contracts.approve, issue 21). */
const DIRECTOR = 'hung.nv';

const PAYMENT_TERMS = [
  'Bên A thanh toán 50% giá trị hợp đồng trong 07 ngày kể từ ngày ký, 50% còn lại trong 15 ngày kể từ ngày nhận báo cáo kết quả.',
  'Thanh toán 100% giá trị hợp đồng bằng chuyển khoản trong 30 ngày kể từ ngày nghiệm thu.',
  'Thanh toán theo từng đợt quan trắc, trong 15 ngày kể từ ngày Bên B bàn giao kết quả mỗi đợt.',
];

/** Each contract of the demo: the status it reaches, its age and length in days, what it sells. */
interface DemoContract {
  status: ContractStatus;
  /** Days ago it was drafted; signed a week later. */
  age: number;
  /** Contract length in days from its start. */
  days: number;
  title: string;
  /** Service codes and quantities; empty when made from a request (its group's services). */
  lines: [string, number][];
  fromRequest?: boolean;
  /** Ends within the month (signed / in progress only). */
  endsIn?: number;
  note?: string;
}

const PLAN: DemoContract[] = [
  {
    status: 'draft',
    age: 2,
    days: 365,
    title: 'Quan trắc môi trường định kỳ năm 2027',
    lines: [
      ['QT-KT-01', 8],
      ['QT-NT-02', 4],
      ['QT-TO-01', 6],
    ],
  },
  { status: 'draft', age: 4, days: 90, title: 'Quan trắc theo yêu cầu', lines: [], fromRequest: true },
  {
    status: 'draft',
    age: 1,
    days: 180,
    title: 'Đo kiểm môi trường lao động 6 tháng đầu năm 2027',
    lines: [
      ['QT-KK-02', 12],
      ['QT-TO-01', 12],
    ],
  },
  {
    status: 'pending_approval',
    age: 6,
    days: 365,
    title: 'Quan trắc khí thải lò hơi và nước thải năm 2027',
    lines: [
      ['QT-KT-01', 4],
      ['QT-NT-02', 4],
    ],
  },
  { status: 'pending_approval', age: 8, days: 120, title: 'Thực hiện yêu cầu của khách hàng', lines: [], fromRequest: true },
  {
    status: 'pending_approval',
    age: 3,
    days: 60,
    title: 'Đo tiếng ồn, độ rung khu dân cư giáp ranh',
    lines: [
      ['QT-TO-01', 10],
      ['QT-DR-01', 10],
    ],
  },
  {
    status: 'signed',
    age: 20,
    days: 365,
    title: 'Quan trắc môi trường định kỳ năm 2026–2027',
    lines: [
      ['QT-KK-01', 6],
      ['QT-NT-01', 4],
    ],
  },
  { status: 'signed', age: 40, days: 60, title: 'Quan trắc nước thải sau hệ thống xử lý', lines: [['QT-NT-02', 6]], endsIn: 12 },
  { status: 'signed', age: 15, days: 200, title: 'Hợp đồng theo yêu cầu quan trắc', lines: [], fromRequest: true },
  {
    status: 'signed',
    age: 35,
    days: 45,
    title: 'Quan trắc khí thải máy phát điện dự phòng',
    lines: [['QT-KT-03', 3]],
    endsIn: 25,
  },
  {
    status: 'in_progress',
    age: 60,
    days: 365,
    title: 'Quan trắc môi trường định kỳ năm 2026',
    lines: [
      ['QT-KT-01', 8],
      ['QT-KK-01', 8],
      ['QT-NT-02', 8],
    ],
  },
  {
    status: 'in_progress',
    age: 75,
    days: 100,
    title: 'Giám sát chất lượng nước thải công nghiệp quý IV/2026',
    lines: [['QT-NT-02', 9]],
    endsIn: 6,
  },
  { status: 'in_progress', age: 50, days: 120, title: 'Dịch vụ theo yêu cầu', lines: [], fromRequest: true, endsIn: 20 },
  {
    status: 'in_progress',
    age: 90,
    days: 240,
    title: 'Quan trắc môi trường lao động năm 2026',
    lines: [
      ['QT-KK-02', 20],
      ['QT-TO-01', 20],
    ],
  },
  { status: 'in_progress', age: 45, days: 180, title: 'Quan trắc khí thải lò đốt chất thải', lines: [['QT-KT-02', 4]] },
  {
    status: 'completed',
    age: 150,
    days: 90,
    title: 'Quan trắc môi trường quý II/2026',
    lines: [
      ['QT-KK-01', 4],
      ['QT-NT-01', 2],
    ],
  },
  { status: 'completed', age: 120, days: 60, title: 'Thực hiện yêu cầu quan trắc', lines: [], fromRequest: true },
  { status: 'completed', age: 200, days: 120, title: 'Đo kiểm môi trường lao động năm 2026', lines: [['QT-KK-02', 15]] },
  {
    status: 'liquidated',
    age: 300,
    days: 120,
    title: 'Quan trắc môi trường định kỳ 6 tháng đầu năm 2026',
    lines: [
      ['QT-KT-01', 4],
      ['QT-NT-02', 2],
    ],
    note: 'Biên bản thanh lý ngày ký kèm theo',
  },
  {
    status: 'liquidated',
    age: 260,
    days: 90,
    title: 'Quan trắc nước thải sinh hoạt quý I/2026',
    lines: [['QT-NT-01', 6]],
    note: 'Đã thanh toán đủ',
  },
  {
    status: 'liquidated',
    age: 330,
    days: 150,
    title: 'Quan trắc khí thải và tiếng ồn năm 2025',
    lines: [
      ['QT-KT-03', 2],
      ['QT-TO-01', 8],
    ],
    note: 'Thanh lý theo biên bản nghiệm thu',
  },
  {
    status: 'cancelled',
    age: 30,
    days: 90,
    title: 'Quan trắc bổ sung theo đề nghị của Sở',
    lines: [['QT-KK-01', 3]],
    note: 'Khách hàng chuyển sang đơn vị khác',
  },
  {
    status: 'cancelled',
    age: 10,
    days: 60,
    title: 'Đo kiểm tiếng ồn công trường',
    lines: [['QT-TO-01', 5]],
    note: 'Dự án tạm dừng',
  },
  {
    status: 'cancelled',
    age: 70,
    days: 180,
    title: 'Quan trắc môi trường lao động 6 tháng cuối năm',
    lines: [['QT-KK-02', 10]],
    note: 'Khách không ký',
  },
  { status: 'signed', age: 25, days: 30, title: 'Quan trắc độ rung công trình xây dựng', lines: [['QT-DR-01', 8]], endsIn: 3 },
];

/** The verbs that bring a new draft to each status. */
const PATH: Record<ContractStatus, ContractVerb[]> = {
  draft: [],
  pending_approval: ['submit'],
  signed: ['submit', 'sign'],
  in_progress: ['submit', 'sign', 'start'],
  completed: ['submit', 'sign', 'start', 'complete'],
  liquidated: ['submit', 'sign', 'start', 'complete', 'liquidate'],
  cancelled: ['cancel'],
};

/** The demo users as actors, with their roles' keys. */
async function actorsOf(db: Kysely<DB>, usernames: readonly string[]): Promise<Actor[]> {
  const users = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.name', 'u.role_id', 'r.code as role_code', 'u.department_id'])
    .where('u.username', 'in', [...usernames])
    .orderBy('u.id')
    .execute();
  const keys = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission'])
    .where('role_id', 'in', users.length > 0 ? users.map((u) => u.role_id) : [0])
    .execute();
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    roleId: u.role_id,
    roleCode: u.role_code,
    departmentId: u.department_id,
    permissions: keys.filter((k) => k.role_id === u.role_id).map((k) => k.permission),
    tokenId: 0,
    ip: null,
    userAgent: null,
  }));
}

/** The demo's first active contract template, read from its table (the templates module loads it), when there is one. */
function demoTemplates(db: Kysely<DB>): ContractTemplateSource & { first(): Promise<number | null> } {
  return {
    async find(trx, id) {
      const r = await sql<{ id: number; name: string }>`select id, name from contract_templates where id = ${id}`.execute(trx);
      return r.rows[0] ?? null;
    },
    async fileOf() {
      throw new Error('demo: no document is generated while loading');
    },
    async first() {
      try {
        const r = await sql<{ id: number }>`select id from contract_templates where active = 1 order by id limit 1`.execute(db);
        return r.rows[0]?.id ?? null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Loads the demo contracts once, after the demo company's activity (customers and requests): false when there is
 * no customer or contracts exist already.
 */
export async function loadDemoContracts(db: Kysely<DB>, dataDir: string): Promise<boolean> {
  if (await db.selectFrom('contracts').select('id').limit(1).executeTakeFirst()) return false;
  const customers = await db.selectFrom('customers').select('id').orderBy('id').execute();
  if (customers.length === 0) return false;
  const actors = await actorsOf(db, SALES);
  const [director] = await actorsOf(db, [DIRECTOR]);
  if (actors.length === 0 || !director) return false;

  const documents = new DocumentsService(db, new LocalStorage(path.join(dataDir, 'uploads')));
  const companySettings = new CompanySettingsService(db, documents, new CompanyCalendarService(db));
  const templates = demoTemplates(db);
  const lists = new ListCache(db, 10);
  const requestsService = new RequestsService(db, {
    customers: new CustomersService(db, documents, lists),
    requestTypes: new RequestTypesService(db),
    documents,
    auditLogs: new AuditLogsService(db),
    lists,
  });
  const contracts = new ContractsService(db, { documents, companySettings, requests: requestsService, templates });
  const status = new ContractStatusService(db, contracts);
  const templateId = await templates.first();

  const services = new Map(
    (
      await db
        .selectFrom('services as s')
        .innerJoin('units as u', 'u.id', 's.unit_id')
        .select([
          's.id',
          's.code',
          's.name',
          's.description',
          'u.name as unit_name',
          's.unit_price',
          's.vat_rate',
          's.vat_reducible',
        ])
        .where('s.active', '=', 1)
        .execute()
    ).map((s) => [s.code, s]),
  );
  const requests = await db
    .selectFrom('requests as r')
    .innerJoin('request_types as t', 't.id', 'r.request_type_id')
    .select(['r.id'])
    .where('r.customer_id', 'is not', null)
    .where('t.service_group', 'is not', null)
    .orderBy('r.id', 'desc')
    .execute();

  const today = vnToday();
  let made = 0;
  for (const [i, plan] of PLAN.entries()) {
    const actor = actors[i % actors.length] as Actor;
    const drafted = addDays(today, -plan.age);
    const signed = addDays(drafted, 7);
    const start = addDays(signed, 3);
    const end = plan.endsIn !== undefined ? addDays(today, plan.endsIn) : addDays(start, plan.days);
    let customerId = (customers[(i * 7) % customers.length] as { id: number }).id;
    let requestId: number | null = null;
    let title = plan.title;
    let items: ContractItemInput[] = plan.lines.flatMap(([code, quantity]) => {
      const s = services.get(code);
      if (!s) return [];
      return [
        {
          service_id: s.id,
          service_code: s.code,
          name: s.name,
          description: s.description,
          unit_name: s.unit_name,
          quantity,
          unit_price: Number(s.unit_price),
          vat_rate: s.vat_rate as ContractItemInput['vat_rate'],
          vat_reducible: Boolean(s.vat_reducible),
        },
      ];
    });
    if (plan.fromRequest) {
      const request = requests.shift();
      if (request) {
        const pre = await contracts.prefill(actor, request.id);
        customerId = pre.customer_id;
        requestId = pre.request_id;
        title = `${pre.title} (${pre.request.code})`;
        // The first three services of the group, as a salesperson trims the prefilled lines.
        items = pre.items.slice(0, 3).map((it, k) => ({ ...it, quantity: k === 0 ? 4 : 2 }));
      }
    }
    if (items.length === 0) {
      const any = [...services.values()][i % services.size];
      if (!any) continue;
      items = [
        {
          service_id: any.id,
          service_code: any.code,
          name: any.name,
          description: any.description,
          unit_name: any.unit_name,
          quantity: 2,
          unit_price: Number(any.unit_price),
          vat_rate: any.vat_rate as ContractItemInput['vat_rate'],
          vat_reducible: Boolean(any.vat_reducible),
        },
      ];
    }
    const c = await contracts.create(actor, {
      customer_id: customerId,
      request_id: requestId,
      template_id: templateId,
      title,
      start_date: start < end ? start : addDays(end, -30),
      end_date: end,
      payment_terms: PAYMENT_TERMS[i % PAYMENT_TERMS.length],
      notes: null,
      items,
    });
    for (const verb of PATH[plan.status]) {
      const note = verb === 'cancel' || verb === 'liquidate' ? (plan.note ?? 'Theo thỏa thuận hai bên') : null;
      const who = CONTRACT_APPROVAL_VERBS.includes(verb) ? director : actor;
      await status.change(who, c.id, verb, { note, signed_date: verb === 'sign' ? signed : undefined });
    }
    // The contract was drafted `age` days ago.
    const at = `${drafted}T02:30:00.000Z`;
    await db.updateTable('contracts').set({ created_at: at }).where('id', '=', c.id).execute();
    made += 1;
  }
  return made > 0;
}
