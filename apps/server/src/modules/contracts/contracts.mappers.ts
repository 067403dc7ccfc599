import { fromMilli } from '@qlcv/common/contract-money';
import type { Contract, ContractItem, ContractStatus, ContractVatRate } from '@qlcv/common/schemas/contracts';
import { searchText } from '@qlcv/common/vi-text';
import type { ContractItemRow, ContractRow } from './contracts.repository';

/** The entity name of contracts in the audit log, on their documents and in their events. */
export const CONTRACT_ENTITY = 'contracts';

export const NOT_FOUND = 'Không tìm thấy hợp đồng.';

/** Searched: the number, the title, the customer's code and name. */
export const contractSearchText = (c: { number: string; title: string; customer_code: string; customer_name: string }) =>
  searchText(c.number, c.title, c.customer_code, c.customer_name);

export function toContract(r: ContractRow): Contract {
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    status: r.status as ContractStatus,
    customer: { id: r.customer_id, code: r.customer_code, name: r.customer_name },
    signed_date: r.signed_date,
    start_date: r.start_date,
    end_date: r.end_date,
    subtotal: Number(r.subtotal),
    vat_amount: Number(r.vat_amount),
    total: Number(r.total),
    created_by: r.created_by !== null ? { id: r.created_by, name: r.created_by_name ?? '' } : null,
    created_at: r.created_at,
  };
}

export function toItem(r: ContractItemRow): ContractItem {
  return {
    id: r.id,
    service_id: r.service_id,
    service_code: r.service_code,
    name: r.name,
    description: r.description,
    unit_name: r.unit_name,
    quantity: fromMilli(Number(r.quantity_milli)),
    unit_price: Number(r.unit_price),
    vat_rate: r.vat_rate as ContractVatRate,
    vat_reducible: Boolean(r.vat_reducible),
    amount: Number(r.amount),
    applied_rate: r.applied_rate,
  };
}

/** "2026-12-31" → "31/12/2026". */
export const viDate = (date: string | null | undefined) => (date ? date.split('-').reverse().join('/') : '');
