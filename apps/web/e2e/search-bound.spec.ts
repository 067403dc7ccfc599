import { expect, test } from '@playwright/test';
import { ADMIN, adminLogin, signInUi, unique } from './helpers';

/**
 * A search finding more than the bound shows "Hơn 1.000 kết quả — …" instead of a count, and its pages stop at the
 * bound (decision 41.10); narrowed below it, the exact total returns.
 */
test('a search past 1 000 matches says so and asks to narrow it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await adminLogin(request);
  const word = `Tuyết Sơn ${unique()}`;
  // 1 001 customers holding the same words, a few at a time.
  const all = Array.from({ length: 1001 }, (_, i) => i);
  for (let i = 0; i < all.length; i += 25) {
    await Promise.all(
      all.slice(i, i + 25).map(async (k) => {
        const res = await request.post('/api/customers', {
          headers: { Authorization: `Bearer ${token}` },
          data: { type: 'organization', name: `Công ty ${word} số ${k}${k === 1000 ? ' chi nhánh Đà Lạt' : ''}` },
        });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }

  await signInUi(page, ADMIN.username, ADMIN.password);
  await page.goto(`/admin/customers?search=${encodeURIComponent(word)}`);
  // A first page of 20 (the machine may be busy: the first load gets more time than an assertion's default).
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(20, { timeout: 30_000 });
  await expect(page.getByText('Hơn 1.000 kết quả — thêm điều kiện để thu hẹp')).toBeVisible();
  // The pager ends at the bound: 50 pages of 20.
  await expect(page.getByTitle('50', { exact: true })).toBeVisible();
  await expect(page.getByTitle('51', { exact: true })).toHaveCount(0);

  // Narrowed to one customer: the exact total again.
  await page.getByRole('searchbox').fill(`${word} chi nhánh`);
  await expect(page.getByText('Tổng 1 khách hàng')).toBeVisible();
  await expect(page.getByText(/Hơn 1\.000 kết quả/)).toHaveCount(0);
});
