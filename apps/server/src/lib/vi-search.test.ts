import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { searchGroups } from './vi-search';

describe('search', () => {
  let t: TestApp;
  const names = ['Công ty TNHH Môi trường Xanh – Chi nhánh Đồng Nai', 'Công ty CP Nước sạch Sông Đà', 'Hộ kinh doanh 50% Đá'];
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of names) {
      const res = await t.call({
        method: 'POST',
        url: '/api/customers',
        token: t.adminToken,
        payload: { type: 'organization', name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const found = async (search: string) => {
    const res = await t.call({ method: 'GET', url: `/api/customers?search=${encodeURIComponent(search)}`, token: t.adminToken });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((c: { name: string }) => c.name) as string[];
  };

  it('finds every typed word in any order, accents and đ ignored', async () => {
    expect(await found('xanh dong nai chi nhanh')).toEqual([names[0]]);
    expect(await found('CHI NHÁNH xanh')).toEqual([names[0]]);
    expect(await found('song da nuoc')).toEqual([names[1]]);
  });

  it('needs every word: one missing word finds nothing', async () => {
    expect(await found('xanh song')).toEqual([]);
  });

  it('keeps a short word next to the word typed beside it, in either order', async () => {
    expect(await found('song da')).toEqual([names[1]]);
    // "đá" is not beside "nước" in "Nước sạch Sông Đà": two-letter words do not float free.
    expect(await found('nuoc da')).toEqual([]);
    expect(await found('cp nuoc')).toEqual([names[1]]);
  });

  it('mixes words shorter than the index with longer ones, and reads % literally', async () => {
    expect(await found('da song')).toEqual([names[1]]);
    expect(await found('50% da')).toEqual([names[2]]);
    expect(await found('5%')).toEqual([]);
  });
});

describe('searchGroups', () => {
  it('glues a short word to the word before it, or after it when first, in either order', () => {
    expect(searchGroups(['hoa', 'chat', 'hai', 'au'])).toEqual([['hoa'], ['chat'], ['hai au', 'au hai']]);
    expect(searchGroups(['da', 'song'])).toEqual([['da song', 'song da']]);
    expect(searchGroups(['cp', 'nuoc', 'sach'])).toEqual([['cp nuoc', 'nuoc cp'], ['sach']]);
  });

  it('leaves every word alone when none reaches the index', () => {
    expect(searchGroups(['an', 'do'])).toEqual([['an'], ['do']]);
  });
});
