import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminLogin, createDepartment, randomMobile, unique } from './helpers';

// The public pages on a phone (issue 8, part 11): from 360 px up the header is one line — the mark, and the two pages
// as compact links — and nothing is wider than the screen: the form, the tracking code after sending, the lookup.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function publicType(request: APIRequestContext, tag: string): Promise<{ id: number; name: string }> {
  const token = await adminLogin(request);
  const dept = await createDepartment(request, token, { code: `DD${tag}`, name: `Đội hiện trường ${tag}` });
  const process = await request.post('/api/processes', {
    headers: auth(token),
    data: {
      code: `DD${tag}`,
      name: `Quan trắc định kỳ ${tag}`,
      steps: [{ name: 'Lấy mẫu', department_id: dept.id, duration_hours: 24 }],
    },
  });
  expect(process.status(), await process.text()).toBe(201);
  const type = await request.post('/api/request-types', {
    headers: auth(token),
    data: { code: `DD${tag}`, name: `Quan trắc khí thải ${tag}`, process_id: (await process.json()).id, is_public: true },
  });
  expect(type.status(), await type.text()).toBe(201);
  return type.json();
}

/** One header line: the header keeps its height and the mark and both links sit side by side on one row, one line each. */
async function expectOneLineHeader(page: Page) {
  const header = page.getByRole('banner');
  const box = (await header.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(64);
  const items = [
    header.getByRole('link', { name: 'Quan trắc & Kỹ thuật' }),
    header.getByRole('link', { name: 'Gửi yêu cầu' }),
    header.getByRole('link', { name: 'Xem kết quả' }),
  ];
  const centers: number[] = [];
  for (const item of items) {
    await expect(item).toBeVisible();
    const b = (await item.boundingBox())!;
    expect(b.height, 'one line').toBeLessThanOrEqual(36);
    expect(b.y).toBeGreaterThanOrEqual(box.y);
    expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
    expect(b.x + b.width, 'inside the screen').toBeLessThanOrEqual(360);
    centers.push(b.y + b.height / 2);
  }
  expect(Math.max(...centers) - Math.min(...centers)).toBeLessThanOrEqual(4);
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('public pages at 360 px: one-line header, nothing wider than the screen', async ({ page, request }) => {
  const tag = unique();
  const type = await publicType(request, tag);
  const mobile = randomMobile();

  await page.goto('/yeu-cau');
  await expect(page.getByRole('heading', { name: 'Gửi yêu cầu dịch vụ' })).toBeVisible();
  await expectOneLineHeader(page);
  await expectNoHorizontalOverflow(page);

  await page.getByLabel('Loại yêu cầu').click();
  await page.getByLabel('Loại yêu cầu').fill(tag);
  await page.getByTitle(type.name).click();
  await page.getByLabel('Họ và tên').fill('Trần Thị Bình');
  await page.getByLabel(/^Số (điện thoại )?di động/).fill(mobile);
  await page.getByLabel('Tiêu đề').fill('Quan trắc khí thải lò hơi');
  await page.getByLabel('Nội dung yêu cầu').fill('Đo khí thải ống khói lò hơi 10 tấn/giờ.');
  await page.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();

  // The tracking code: one block inside the screen, the actions below it with space between them.
  const code = page.getByTestId('tracking-code');
  await expect(code).toHaveText(/^YC\d{4}-\d{4,}-[0-9A-Z]{8}$/);
  await expectOneLineHeader(page);
  await expectNoHorizontalOverflow(page);
  const codeBox = (await code.boundingBox())!;
  expect(codeBox.x).toBeGreaterThanOrEqual(0);
  expect(codeBox.x + codeBox.width).toBeLessThanOrEqual(360);
  const lookup = (await page.getByRole('button', { name: 'Tra cứu kết quả' }).boundingBox())!;
  const again = (await page.getByRole('button', { name: 'Gửi yêu cầu khác' }).boundingBox())!;
  expect(lookup.y).toBeGreaterThan(codeBox.y + codeBox.height);
  const gap = Math.max(
    again.y - (lookup.y + lookup.height),
    lookup.y - (again.y + again.height),
    again.x - (lookup.x + lookup.width),
  );
  expect(gap, 'buttons do not touch').toBeGreaterThanOrEqual(8);

  await page.getByRole('button', { name: 'Tra cứu kết quả' }).click();
  await expect(page).toHaveURL(/\/yeu-cau\/ket-qua\?ma=/);
  await expect(page.getByRole('heading', { name: 'Xem kết quả yêu cầu' })).toBeVisible();
  await expectOneLineHeader(page);
  await expectNoHorizontalOverflow(page);
  await page.getByLabel(/^Số (điện thoại|di động)/).fill(mobile);
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  await expect(page.getByTestId('lookup-result')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
