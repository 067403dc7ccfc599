import type { KpiDirection, KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import { searchText } from '@qlcv/common/vi-text';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

// The demo company's KPI types: seven computed from its works, requests, analyses and test reports, five scored by the
// reviewer. The default
// weights add up to 100, so an evaluation using them all needs no adjusting; manual ones are scored on a 10-point scale.

/** code, name, measure, direction, unit, default weight, default target, description. */
const KPI_TYPES: [string, string, KpiMeasure, KpiDirection, string, number, number, string][] = [
  [
    'KPI-DUNGHAN',
    'Tỷ lệ công việc đúng hạn',
    'works_on_time_rate',
    'higher',
    '%',
    20,
    90,
    'Tỷ lệ công việc hoàn thành trước hoặc đúng hạn chót trong kỳ.',
  ],
  [
    'KPI-HOANTHANH',
    'Số công việc hoàn thành',
    'works_done',
    'higher',
    'công việc',
    10,
    20,
    'Số công việc được giao đã hoàn thành trong kỳ.',
  ],
  [
    'KPI-YEUCAU',
    'Số yêu cầu hoàn thành',
    'requests_completed',
    'higher',
    'yêu cầu',
    10,
    8,
    'Số yêu cầu của khách hàng hoàn thành trong kỳ mà nhân viên đã thực hiện một bước.',
  ],
  [
    'KPI-DINHMUC',
    'Thời gian xử lý so với định mức',
    'step_time_vs_sla',
    'lower',
    '%',
    10,
    100,
    'Thời gian xử lý các bước quy trình so với định mức giờ của bước; dưới 100 % là nhanh hơn định mức.',
  ],
  [
    'KPI-QUAHAN',
    'Công việc quá hạn',
    'works_overdue',
    'lower',
    'công việc',
    10,
    1,
    'Công việc quá hạn cuối kỳ hoặc hoàn thành trễ hạn.',
  ],
  [
    'KPI-PHANTICH',
    'Phân tích được soát xét đúng hạn',
    'analyses_on_time_rate',
    'higher',
    '%',
    5,
    95,
    'Tỷ lệ phép phân tích của kiểm nghiệm viên được soát xét trong hạn trả kết quả của chỉ tiêu.',
  ],
  [
    'KPI-PHIEUKQ',
    'Phiếu kết quả phát hành đúng hạn',
    'reports_on_time_rate',
    'higher',
    '%',
    5,
    95,
    'Tỷ lệ phiếu kết quả thử nghiệm (lần ban hành đầu) được ký phát hành đúng hạn.',
  ],
  [
    'KPI-BAOCAO',
    'Chất lượng báo cáo quan trắc',
    'manual',
    'higher',
    'điểm',
    10,
    8,
    'Báo cáo đúng mẫu, số liệu khớp phiếu kết quả phân tích, ít phải chỉnh sửa khi soát xét (thang 10).',
  ],
  [
    'KPI-ANTOAN',
    'Tuân thủ an toàn lao động khi lấy mẫu',
    'manual',
    'higher',
    'điểm',
    5,
    9,
    'Trang bị bảo hộ, quy trình lấy mẫu tại ống khói, hố ga, công trường; không để xảy ra sự cố (thang 10).',
  ],
  [
    'KPI-THAIDO',
    'Thái độ phục vụ khách hàng',
    'manual',
    'higher',
    'điểm',
    5,
    8,
    'Phản hồi của khách hàng, đúng hẹn khi đến hiện trường, giải thích kết quả rõ ràng (thang 10).',
  ],
  [
    'KPI-HOPTAC',
    'Tinh thần hợp tác',
    'manual',
    'higher',
    'điểm',
    5,
    8,
    'Hỗ trợ đồng nghiệp và các phòng khác khi cần (thang 10).',
  ],
  [
    'KPI-SANGKIEN',
    'Sáng kiến cải tiến',
    'manual',
    'higher',
    'sáng kiến',
    5,
    1,
    'Số sáng kiến cải tiến quy trình, tiết kiệm hóa chất, thời gian được ghi nhận trong kỳ.',
  ],
];

/** Loads the KPI types (inside demo.ts's transaction): before the evaluations, whose criteria use them. */
export async function loadDemoKpiTypes(
  db: Kysely<DB>,
  stamps: { created_at: string; updated_at: string; created_by: number | null },
): Promise<void> {
  await db
    .insertInto('kpi_types')
    .values(
      KPI_TYPES.map(([code, name, measure, direction, unit, weight, target, description]) => ({
        code,
        name,
        description,
        unit,
        direction,
        measure,
        default_weight: weight,
        default_target: target,
        active: 1,
        search_text: searchText(code, name),
        ...stamps,
      })),
    )
    .execute();
}
