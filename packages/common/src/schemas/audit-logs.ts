import { z } from 'zod';
import { idQuery, listQuery } from './common';

/** Entities whose history can be read, with the key that opens it. */
export const AUDIT_ENTITIES = {
  users: 'users.show',
  roles: 'roles.show',
  departments: 'departments.show',
  customers: 'customer.show',
  processes: 'processes.show',
  request_types: 'request_types.show',
  requests: 'requests.show',
  /** Also scoped: only works the caller sees (PRODUCT.md §2). */
  works: 'works.show',
  /** Also scoped: only leaves the caller sees. */
  leaves: 'leaves.index',
  /** Contracts have no row scope: whoever opens one reads its history. */
  contracts: 'contracts.show',
  kpi_types: 'kpi_types.show',
  /** The company settings record (id 1) and each year's holidays (id = the year). */
  company_settings: 'settings.edit',
  company_holidays: 'settings.edit',
  notification_settings: 'setting_notifications.show',
  evaluations: 'evaluations.show',
  /** Also scoped: only user evaluations the caller sees. */
  user_evaluations: 'user_evaluations.index',
  /** The Zalo settings record; the changes name a secret that changed, never its value. */
  zalo_settings: 'settings.edit',
  /** The service catalogue: history on the edit pages, which need settings.edit. */
  units: 'settings.edit',
  services: 'settings.edit',
  /** Contract templates: history on the edit page, which needs settings.edit. */
  contract_templates: 'settings.edit',
  /** Attendance sites and the attendance rules (id 1): history on their edit pages, which need settings.edit. */
  attendance_sites: 'settings.edit',
  attendance_settings: 'settings.edit',
  /** Issue 24: the parameter catalogue. */
  parameters: 'monitoring.show',
  /** Customers' monitored sites, their points and plans (one history per site). */
  sites: 'monitoring.show',
  /** Monitoring programmes, their lines and their rounds' state changes. */
  monitoring_programs: 'monitoring.show',
  /** The field team's instruments and vehicles. */
  equipment: 'equipment.show',
  /** Sampling trips: anyone on or over the trip (the trips' scope decides, 404 outside it). */
  sampling_trips: 'sampling.index',
  /** Samples: whoever sees the sample's trip, or the laboratory (the samples' service decides, 404 outside). */
  samples: ['sampling.index', 'sampling.department', 'sampling.all', 'lab.index', 'lab.receive'],
  /** Issue 25 part 2: an analysis, read by the laboratory (an analyst their own; the analyses' service decides). */
  analyses: ['lab.index', 'lab.analyse', 'lab.verify', 'lab.receive'],
  /** Issue 25: national technical regulations (their columns, factors and limits in one history). */
  regulations: 'regulations.edit',
} as const satisfies Record<string, string | readonly string[]>;

/** The keys that open an entity's history: its key(s), and for a `.show` key the `.edit` one too. */
export const auditKeysOf = (entity: AuditEntity): string[] =>
  [AUDIT_ENTITIES[entity]].flat().flatMap((k) => (k.endsWith('.show') ? [k, k.replace(/\.show$/, '.edit')] : [k]));
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

export const auditLogQuery = listQuery.extend({
  entity: z.enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]], { error: 'Đối tượng không hợp lệ' }),
  entity_id: idQuery,
});

export const auditLogSchema = z.object({
  id: z.number(),
  entity: z.string(),
  entity_id: z.number(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;
