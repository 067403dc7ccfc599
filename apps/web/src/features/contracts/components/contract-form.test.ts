import { type ContractDetail, contractCreateBody } from '@qlcv/common/schemas/contracts';
import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { documentFileName } from '../api/contracts-api';
import { EMPTY_CONTRACT, toContractBody, toContractValues } from './contract-form';
import { itemOfService } from './contract-items-field';

const service = {
  id: 7,
  code: 'KT01',
  name: 'Lấy mẫu khí thải ống khói',
  group: 'Quan trắc khí thải',
  unit_id: 2,
  unit_name: 'Mẫu',
  unit_price: 1_250_000,
  vat_rate: '10' as const,
  vat_reducible: true,
};

describe('contract form values → body', () => {
  it('leaves an empty number to the pattern, trims text, sends dates as YYYY-MM-DD and passes the shared schema', () => {
    const body = toContractBody({
      ...EMPTY_CONTRACT,
      number: '   ',
      customer_id: 3,
      title: '  Quan trắc định kỳ 2026 ',
      start_date: dayjs('2026-12-01'),
      end_date: dayjs('2027-11-30'),
      payment_terms: ' ',
      items: [{ ...itemOfService(service, 2.5), description: '  ống khói số 1 ' }],
    });
    expect(body).toMatchObject({
      number: null,
      title: 'Quan trắc định kỳ 2026',
      start_date: '2026-12-01',
      end_date: '2027-11-30',
      payment_terms: null,
      items: [
        {
          service_id: 7,
          service_code: 'KT01',
          name: 'Lấy mẫu khí thải ống khói',
          description: 'ống khói số 1',
          unit_name: 'Mẫu',
          quantity: 2.5,
          unit_price: 1_250_000,
          vat_rate: '10',
          vat_reducible: true,
        },
      ],
      attachment_ids: [],
    });
    expect(contractCreateBody.safeParse(body).success).toBe(true);
  });

  it('reads a saved contract back into the form unchanged', () => {
    const contract = {
      number: '015/2026/HĐ-QT',
      customer: { id: 3, code: 'KH0003', name: 'Công ty A' },
      template: { id: 1, name: 'Mẫu chuẩn' },
      request: null,
      title: 'Quan trắc',
      start_date: '2026-12-01',
      end_date: '2027-11-30',
      payment_terms: 'Trong 15 ngày',
      notes: null,
      items: [{ ...itemOfService(service), description: null, id: 1, amount: 1_250_000, applied_rate: 8 }],
    } as unknown as ContractDetail;
    const values = toContractValues(contract);
    expect(values).toMatchObject({ number: '015/2026/HĐ-QT', customer_id: 3, template_id: 1, request_id: null });
    expect(toContractBody(values)).toMatchObject({ number: '015/2026/HĐ-QT', start_date: '2026-12-01', template_id: 1 });
  });

  it('names the .docx by the number with / as -', () => {
    expect(documentFileName('015/2026/HĐ-QT')).toBe('015-2026-HĐ-QT.docx');
  });
});
