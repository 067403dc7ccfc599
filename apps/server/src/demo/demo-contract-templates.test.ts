import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText } from '../lib/docx-build';
import { createTestApp, type TestApp } from '../test/harness';
import { loadDemo } from './demo';
import { loadDemoContractTemplates } from './demo-contract-templates';

describe('demo contract templates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await loadDemo(t.database.db)).toBe(true);
    expect(await loadDemoContractTemplates(t.database.db, t.config.dataDir)).toBe(2);
  });
  afterAll(() => t?.close());

  it('loads two active templates made from the sample, whose preview is filled', async () => {
    const res = await t.call({ method: 'GET', url: '/api/contract-templates/options', token: t.adminToken });
    const options = res.json() as { id: number; code: string; name: string }[];
    expect(options.map((o) => o.code).sort()).toEqual(['HD-LMPT', 'HD-QTMT']);
    const main = options.find((o) => o.code === 'HD-QTMT');
    const preview = await t.call({ method: 'GET', url: `/api/contract-templates/${main?.id}/preview`, token: t.adminToken });
    expect(preview.statusCode).toBe(200);
    expect(docxText(preview.rawPayload)).toContain('HỢP ĐỒNG DỊCH VỤ QUAN TRẮC MÔI TRƯỜNG');
    const history = await t.call({
      method: 'GET',
      url: `/api/audit-logs?entity=contract_templates&entity_id=${main?.id}`,
      token: t.adminToken,
    });
    expect(history.json().data[0].user.name).toBe('Nguyễn Văn Hùng');
  });

  it('loads them once', async () => {
    expect(await loadDemoContractTemplates(t.database.db, t.config.dataDir)).toBe(0);
  });
});
