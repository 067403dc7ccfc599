import { formatNumber } from '@qlcv/common/format/number';
import type { ContractDetail } from '@qlcv/common/schemas/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { renderDocxTemplate } from '../../lib/docx-template';
import { AppError } from '../../lib/errors';
import { vnToday } from '../../lib/vn-time';
import type { CompanySettingsService } from '../company-settings/company-settings.service';
import { addressLine } from '../customers/customers.service';
import { viDate } from './contracts.mappers';
import { contractsRepository as repo } from './contracts.repository';
import type { ContractsService } from './contracts.service';

const money = (n: number) => formatNumber(n);
const rate = (r: number | null) => (r === null ? 'Không chịu thuế' : `${r}%`);
/** 1.5 → "1,5"; whole quantities without decimals. */
const quantity = (q: number) => formatNumber(q, { decimals: Number.isInteger(q) ? 0 : (String(q).split('.')[1]?.length ?? 0) });

/**
 * `GET /api/contracts/{id}/document`: the contract filled into its template. Every value handed to the renderer is
 * a ready string in the catalogue's keys (packages/common/src/schemas/contract-templates.ts): dates DD/MM/YYYY,
 * money 1.234.567, the total in words. Built from the stored contract each time, so an edit shows at once.
 */
export class ContractDocumentsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly contracts: ContractsService,
    private readonly companySettings: CompanySettingsService,
  ) {}

  async data(contract: ContractDetail, db: Kysely<DB> = this.db): Promise<Record<string, unknown>> {
    const [company, customer] = await Promise.all([this.companySettings.get(db), repo.customer(db, contract.customer.id)]);
    return {
      'contract.number': contract.number,
      'contract.title': contract.title,
      'contract.signed_date': viDate(contract.signed_date),
      'contract.start_date': viDate(contract.start_date),
      'contract.end_date': viDate(contract.end_date),
      'contract.payment_terms': contract.payment_terms ?? '',
      'contract.subtotal': money(contract.subtotal),
      'contract.vat_amount': money(contract.vat_amount),
      'contract.total': money(contract.total),
      'contract.total_in_words': contract.total_in_words,
      'contract.vat_note': contract.vat_note ?? '',
      'customer.name': customer?.name ?? contract.customer.name,
      'customer.code': customer?.code ?? contract.customer.code,
      'customer.tax_code': customer?.tax_code ?? '',
      'customer.address': customer ? addressLine(customer) : '',
      'customer.representative': customer?.representative ?? '',
      'customer.representative_title': customer?.representative_title ?? '',
      'customer.phone': customer?.phone ?? '',
      'customer.email': customer?.email ?? '',
      'company.name': company.name,
      'company.short_name': company.short_name ?? '',
      'company.tax_code': company.tax_code ?? '',
      'company.address': company.address ?? '',
      'company.phone': company.phone ?? '',
      'company.email': company.email ?? '',
      'company.website': company.website ?? '',
      'company.representative': company.legal_representative ?? '',
      'company.representative_title': company.legal_representative_title ?? '',
      'company.bank_account': company.bank_account_number ?? '',
      'company.bank_name': company.bank_name ?? '',
      items: contract.items.map((item, i) => ({
        'item.no': String(i + 1),
        'item.service_code': item.service_code ?? '',
        'item.name': item.name,
        'item.description': item.description ?? '',
        'item.unit': item.unit_name,
        'item.quantity': quantity(item.quantity),
        'item.unit_price': money(item.unit_price),
        'item.vat_rate': rate(item.applied_rate),
        'item.amount': money(item.amount),
      })),
      vat_lines: contract.vat_lines.map((l) => ({
        'vat.rate': rate(l.rate),
        'vat.base': money(l.base),
        'vat.amount': money(l.amount),
      })),
      today: viDate(vnToday()),
    };
  }

  /** The .docx and its file name (the number with `/` turned into `-`). */
  async render(id: number): Promise<{ fileName: string; buffer: Buffer }> {
    const contract = await this.contracts.detail(id);
    if (!contract.template) {
      throw new AppError(
        422,
        'NO_TEMPLATE',
        `Hợp đồng ${contract.number} chưa chọn mẫu hợp đồng. Vui lòng chọn mẫu rồi tạo lại văn bản.`,
        [{ field: 'template_id', message: 'Vui lòng chọn mẫu hợp đồng' }],
      );
    }
    const file = await this.contracts.templates.fileOf(contract.template.id);
    const buffer = renderDocxTemplate(file, await this.data(contract));
    return { fileName: `${contract.number.replace(/[/\\]/g, '-')}.docx`, buffer };
  }
}
