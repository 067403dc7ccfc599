import { expect } from 'vitest';
import { uniq } from './fixtures';
import type { TestApp } from './harness';

type Frequency = 'monthly' | 'quarterly' | 'half_yearly' | 'yearly' | 'once';

/**
 * A monitoring programme through the API: a customer, a wastewater parameter and a site planning it at `frequency`,
 * the programme over [start, end] made by `token`'s user (the administrator by default). Returns it with its rounds.
 */
export async function createProgramme(
  t: TestApp,
  opts: { start: string; end: string; frequency?: Frequency; token?: string; name?: string; holdingHours?: number },
): Promise<{ id: number; code: string; name: string; rounds: { id: number; name: string; due_date: string }[] }> {
  const post = async (url: string, payload: Record<string, unknown>, token = t.adminToken) => {
    const res = await t.call({ method: 'POST', url, token, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const customer = await post('/api/customers', { type: 'organization', name: 'Công ty CP Dệt may Phố Nối' });
  const cod = await post('/api/parameters', {
    code: uniq('COD'),
    name: 'COD',
    medium: 'wastewater',
    unit: 'mg/L',
    method: 'SMEWW 5220C',
    place: 'lab',
    holding_hours: opts.holdingHours ?? null,
  });
  const site = await post('/api/sites', {
    code: uniq('CS'),
    name: 'Hệ thống xử lý nước thải Dệt may Phố Nối',
    customer_id: customer.id,
    points: [
      {
        code: 'NT1',
        name: 'Nước thải sau xử lý',
        medium: 'wastewater',
        plan: [{ parameter_id: cod.id, frequency: opts.frequency ?? 'quarterly' }],
      },
    ],
  });
  return post(
    '/api/monitoring-programs',
    {
      code: uniq('CT'),
      name: opts.name ?? 'Quan trắc nước thải định kỳ',
      site_id: site.id,
      start_date: opts.start,
      end_date: opts.end,
    },
    opts.token,
  );
}
