import { z } from 'zod';
import { boundedInt, codeSchema, csvOf, listQuery, optionalText, requiredText, versionSchema } from './common';
import { boolQuery } from './processes';

/** Which is better for a KPI: a higher value or a lower one. */
export const KPI_DIRECTIONS = ['higher', 'lower'] as const;
export type KpiDirection = (typeof KPI_DIRECTIONS)[number];
export const KPI_DIRECTION_LABELS: Record<KpiDirection, string> = {
  higher: 'Càng cao càng tốt',
  lower: 'Càng thấp càng tốt',
};

/** How a KPI's actual value is obtained: typed by the reviewer (manual) or computed from the period's data. */
export const KPI_MEASURE_KEYS = [
  'manual',
  'works_on_time_rate',
  'works_done',
  'works_overdue',
  'requests_completed',
  'step_time_vs_sla',
  'analyses_on_time_rate',
  'reports_on_time_rate',
] as const;
export type KpiMeasure = (typeof KPI_MEASURE_KEYS)[number];
export type KpiComputedMeasure = Exclude<KpiMeasure, 'manual'>;

/**
 * Calendar days a test report has, after the latest due moment of the results it holds, to be signed
 * (`reports_on_time_rate`; docs/decisions.md §40): writing, checking and signing it.
 */
export const REPORT_DAYS_AFTER_RESULTS = 2;

export interface KpiMeasureInfo {
  label: string;
  /** Unit of the actual value; empty for a manual measure (the KPI type's own unit applies). */
  unit: string;
  /** Suggested direction; a manual measure has none (null). */
  direction: KpiDirection | null;
  /** How the actual value is counted, shown under the measure select. */
  explanation: string;
}

/**
 * The catalogue of measures. Period = from..to, whole days in Vietnam time; the employee is the work's assignee.
 * Cancelled works never count.
 */
export const KPI_MEASURES: Record<KpiMeasure, KpiMeasureInfo> = {
  manual: {
    label: 'Nhập tay',
    unit: '',
    direction: null,
    explanation: 'Người đánh giá nhập giá trị thực tế; hệ thống không tự tính.',
  },
  works_on_time_rate: {
    label: 'Tỷ lệ công việc hoàn thành đúng hạn',
    unit: '%',
    direction: 'higher',
    explanation:
      'Trong các công việc của nhân viên hoàn thành trong kỳ, tỷ lệ % công việc hoàn thành không muộn hơn hạn chót (hoàn thành đúng lúc hạn chót vẫn tính là đúng hạn; công việc không có hạn tính là đúng hạn). Không có công việc hoàn thành thì không có giá trị.',
  },
  works_done: {
    label: 'Số công việc hoàn thành',
    unit: 'công việc',
    direction: 'higher',
    explanation: 'Số công việc được giao cho nhân viên và hoàn thành trong kỳ.',
  },
  works_overdue: {
    label: 'Số công việc quá hạn',
    unit: 'công việc',
    direction: 'lower',
    explanation:
      'Số công việc của nhân viên còn dang dở mà đã quá hạn chót vào cuối kỳ, cộng số công việc hoàn thành trong kỳ nhưng sau hạn chót.',
  },
  requests_completed: {
    label: 'Số yêu cầu hoàn thành',
    unit: 'yêu cầu',
    direction: 'higher',
    explanation:
      'Số yêu cầu hoàn thành trong kỳ mà nhân viên là người thực hiện ít nhất một công việc của một bước quy trình trong yêu cầu đó.',
  },
  step_time_vs_sla: {
    label: 'Thời gian xử lý so với định mức',
    unit: '%',
    direction: 'lower',
    explanation:
      'Với các công việc bước quy trình của nhân viên hoàn thành trong kỳ (bước có định mức giờ): trung bình của (thời gian từ lúc giao đến lúc hoàn thành ÷ định mức giờ của bước) × 100. Dưới 100 % là nhanh hơn định mức.',
  },
  analyses_on_time_rate: {
    label: 'Tỷ lệ phép phân tích được soát xét đúng hạn',
    unit: '%',
    direction: 'higher',
    explanation:
      'Trong các phép phân tích nhân viên là kiểm nghiệm viên, được soát xét trong kỳ (đang ở trạng thái đã soát xét hoặc đã phát hành), tỷ lệ % được soát xét không muộn hơn hạn trả kết quả: thời điểm nhận mẫu cộng số ngày trả kết quả của chỉ tiêu (chỉ tiêu không đặt hạn tính là đúng hạn). Không có phép phân tích nào thì không có giá trị.',
  },
  reports_on_time_rate: {
    label: 'Tỷ lệ phiếu kết quả phát hành đúng hạn',
    unit: '%',
    direction: 'higher',
    explanation: `Trong các phiếu kết quả thử nghiệm lần ban hành đầu tiên do nhân viên ký trong kỳ, tỷ lệ % được ký không muộn hơn hạn phát hành: hạn trả kết quả muộn nhất của các kết quả trong phiếu cộng ${REPORT_DAYS_AFTER_RESULTS} ngày (phiếu mà không kết quả nào có hạn tính là đúng hạn; bản sửa đổi không tính). Không có phiếu nào thì không có giá trị.`,
  },
};

export const kpiMeasureSchema = z.enum(KPI_MEASURE_KEYS, { error: 'Cách đo không hợp lệ' });
export const kpiDirectionSchema = z.enum(KPI_DIRECTIONS, { error: 'Chiều đánh giá không hợp lệ' });

const kpiTypeFields = {
  code: codeSchema('mã KPI'),
  name: requiredText('tên KPI', 200),
  description: optionalText('mô tả', 2000),
  unit: optionalText('đơn vị', 50),
  direction: kpiDirectionSchema,
  measure: kpiMeasureSchema.default('manual'),
  default_weight: boundedInt(0, 100, {
    invalid: 'Trọng số mặc định phải là số nguyên',
    min: 'Trọng số mặc định từ 0 đến 100',
    max: 'Trọng số mặc định từ 0 đến 100',
  }).default(0),
  default_target: z
    .number({ error: 'Chỉ tiêu mặc định phải là số' })
    .min(0, 'Chỉ tiêu mặc định không được âm')
    .max(1_000_000_000, 'Chỉ tiêu mặc định quá lớn')
    .default(0),
  active: z.boolean({ error: 'Trạng thái phải là có hoặc không' }).default(true),
};

export const kpiTypeCreateBody = z.object(kpiTypeFields);
export type KpiTypeCreateBody = z.infer<typeof kpiTypeCreateBody>;

export const kpiTypeUpdateBody = z.object({ ...kpiTypeFields, version: versionSchema });
export type KpiTypeUpdateBody = z.infer<typeof kpiTypeUpdateBody>;

export const kpiTypeListQuery = listQuery.extend({
  measure: csvOf(kpiMeasureSchema).optional(),
  direction: kpiDirectionSchema.optional(),
  active: boolQuery.optional(),
});
export type KpiTypeListQuery = z.infer<typeof kpiTypeListQuery>;

export const kpiTypeSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  unit: z.string().nullable(),
  direction: kpiDirectionSchema,
  measure: kpiMeasureSchema,
  default_weight: z.number(),
  default_target: z.number(),
  active: z.boolean(),
  /** How many evaluation criteria use this type (a used type cannot be deleted). */
  criteria_count: z.number(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KpiType = z.infer<typeof kpiTypeSchema>;

export const KPI_TYPE_SORTS = ['code', 'name', 'measure', 'default_weight', 'created_at', 'updated_at'] as const;

/** `GET /api/kpi-types/options`: every type, active first; `active=1` keeps only the active ones. */
export const kpiTypeOptionsQuery = z.object({ active: boolQuery.optional() });
export type KpiTypeOptionsQuery = z.infer<typeof kpiTypeOptionsQuery>;

export const kpiTypeOptionSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  direction: kpiDirectionSchema,
  measure: kpiMeasureSchema,
  default_weight: z.number(),
  default_target: z.number(),
  active: z.boolean(),
});
export type KpiTypeOption = z.infer<typeof kpiTypeOptionSchema>;

/** `GET /api/kpi-types/measures`: the catalogue as a list, in catalogue order. */
export const kpiMeasureItemSchema = z.object({
  key: kpiMeasureSchema,
  label: z.string(),
  unit: z.string(),
  direction: kpiDirectionSchema.nullable(),
  explanation: z.string(),
});
export type KpiMeasureItem = z.infer<typeof kpiMeasureItemSchema>;
export const kpiMeasureList = (): KpiMeasureItem[] => KPI_MEASURE_KEYS.map((key) => ({ key, ...KPI_MEASURES[key] }));

/** The kinds of record a computed measure counts (the evaluation page links to each). */
export const KPI_RECORD_ENTITIES = ['works', 'requests', 'analyses', 'test_reports'] as const;
export type KpiRecordEntity = (typeof KPI_RECORD_ENTITIES)[number];

/** What a computed measure returns for one employee and period (`measureActual`). */
export interface KpiActual {
  value: number | null;
  count: number;
  records: { entity: KpiRecordEntity; ids: number[] };
}
