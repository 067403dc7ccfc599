import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, createDepartment, createRole, createUser, randomMobile, sidebar, signInUi, unique } from './helpers';

// Issue 4, part 9: a visitor sends a request with a file on /yeu-cau; staff receive it and its works pass through a
// three-step process, the last with a result document; the visitor reads the result and downloads the document on
// /yeu-cau/ket-qua. A wrong mobile gives the very message a wrong code gives. Issue 8, part 11c: the last step's
// completion chooses what the customer sees (a text and the file); its internal result note is never shown.

const shots = path.join(process.env.QLCV_E2E_SHOTS ?? path.resolve(import.meta.dirname, '../test-results'), 'public-flow');
mkdirSync(shots, { recursive: true });
const shot = (name: string) => path.join(shots, `${name}.png`);

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface RequestDetail {
  id: number;
  source: string;
  status: string;
  attachments: { original_name: string; is_public: boolean }[];
  works: { id: number; step_index: number | null; status: string }[];
}

const STEPS = [
  { name: 'Lấy mẫu hiện trường', dept: 'Đội hiện trường', hours: 24 },
  { name: 'Phân tích mẫu', dept: 'Phòng thí nghiệm', hours: 48 },
  { name: 'Lập và gửi báo cáo', dept: 'Phòng Kinh doanh', hours: 8 },
];

const rows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');

async function setUpType(request: APIRequestContext, token: string, tag: string) {
  const role = await createRole(request, token, { code: `nv${tag}`, name: `Nhân viên ${tag}`, permissions: ['works.show'] });
  const built = [];
  for (const [i, s] of STEPS.entries()) {
    const dept = await createDepartment(request, token, { code: `PB${i}${tag}`, name: `${s.dept} ${tag}` });
    const user = await createUser(request, token, {
      name: `Nhân viên ${i + 1} ${tag}`,
      username: `nv${i}${tag}`,
      password: 'Matkhau@2026',
      role_id: role.id,
      department_id: dept.id,
    });
    built.push({
      name: s.name,
      department_id: dept.id,
      default_assignee_id: user.id,
      duration_hours: s.hours,
      ...(i === 2 ? { produces_result: true } : {}),
    });
  }
  const process = await request.post('/api/processes', {
    headers: auth(token),
    data: { code: `QT${tag}`, name: `Quan trắc nước thải ${tag}`, steps: built },
  });
  expect(process.status(), await process.text()).toBe(201);
  const type = await request.post('/api/request-types', {
    headers: auth(token),
    data: {
      code: `LYC${tag}`,
      name: `Quan trắc nước thải định kỳ ${tag}`,
      service_group: 'Quan trắc môi trường',
      process_id: (await process.json()).id,
      is_public: true,
    },
  });
  expect(type.status(), await type.text()).toBe(201);
  return (await type.json()) as { id: number; name: string };
}

async function requestByCode(request: APIRequestContext, token: string, code: string): Promise<RequestDetail> {
  const list = await request.get(`/api/requests?search=${encodeURIComponent(code)}`, { headers: auth(token) });
  expect(list.status()).toBe(200);
  const row = ((await list.json()).data as { id: number; tracking_code: string }[]).find((r) => r.tracking_code === code);
  expect(row, `request ${code}`).toBeDefined();
  const detail = await request.get(`/api/requests/${row?.id}`, { headers: auth(token) });
  expect(detail.status()).toBe(200);
  return detail.json();
}

test('a visitor sends a request, staff run it through three steps, the visitor downloads the result', async ({
  page,
  request,
  browser,
  baseURL,
  locale,
  timezoneId,
}) => {
  test.setTimeout(180_000);
  const token = await adminLogin(request);
  const tag = unique();
  const type = await setUpType(request, token, tag);
  const mobile = randomMobile();

  // ---- /yeu-cau: the empty form, then the errors, then a good submission with a file ----
  await page.goto('/yeu-cau');
  await expect(page.getByRole('heading', { name: 'Gửi yêu cầu dịch vụ' })).toBeVisible();
  await expect(page.getByText('Nghị định 13/2023/NĐ-CP').first()).toBeVisible();
  await page.screenshot({ path: shot('1-form-empty'), fullPage: true });

  await page.getByLabel('Số di động').fill('12345');
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(page.getByText('Vui lòng chọn loại yêu cầu')).toBeVisible();
  await expect(page.getByText('Vui lòng nhập họ và tên')).toBeVisible();
  await expect(page.getByText(/Số điện thoại không hợp lệ/)).toBeVisible();
  await expect(page.getByText(/Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân/)).toBeVisible();
  await page.screenshot({ path: shot('2-form-errors'), fullPage: true });

  await page.getByLabel('Loại yêu cầu').click();
  await page.getByLabel('Loại yêu cầu').fill(tag);
  await page.getByTitle(type.name).click();
  await page.getByLabel('Họ và tên').fill('Nguyễn Văn An');
  await page.getByLabel('Số di động').fill(mobile);
  await page.getByLabel('Email').fill('an.nguyen@example.vn');
  await page.getByLabel('Đơn vị / tổ chức').fill(`Công ty TNHH Môi trường Xanh ${tag}`);
  await page.getByLabel('Địa chỉ').fill('Số 5 Lê Lợi, Phường Bến Nghé, TP. Hồ Chí Minh');
  await page.getByLabel('Tiêu đề').fill('Quan trắc nước thải quý IV');
  await page.getByLabel('Nội dung yêu cầu').fill('Lấy mẫu nước thải tại 3 điểm xả của nhà máy.');
  await page.locator('input[type=file]').setInputFiles({
    name: 'so-do-diem-xa.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  });
  await expect(page.getByText('so-do-diem-xa.pdf')).toBeVisible();
  await page.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();

  await expect(page.getByText('Đã gửi yêu cầu thành công')).toBeVisible();
  const code = ((await page.getByTestId('tracking-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^YC\d{4}-\d{4,}-[0-9A-HJKMNP-TV-Z]{8}$/);
  await page.getByRole('button', { name: 'Sao chép mã' }).click();
  await expect(page.getByRole('button', { name: 'Đã sao chép' })).toBeVisible();
  await page.screenshot({ path: shot('3-form-success'), fullPage: true });

  // ---- staff, in the browser: the desk finds the public request with its file and receives it ----
  const staffContexts: BrowserContext[] = [];
  const signIn = async (username: string, password: string): Promise<Page> => {
    const context = await browser.newContext({ baseURL, locale, timezoneId });
    staffContexts.push(context);
    const staffPage = await context.newPage();
    await signInUi(staffPage, username, password);
    return staffPage;
  };
  const openMenu = async (staffPage: Page, group: string, link: string) => {
    const menu = sidebar(staffPage);
    if (!(await menu.getByRole('link', { name: link, exact: true }).isVisible()))
      await menu.getByText(group, { exact: true }).click();
    await menu.getByRole('link', { name: link, exact: true }).click();
  };

  let r = await requestByCode(request, token, code);
  expect(r.source).toBe('public');
  expect(r.status).toBe('new');
  expect(r.attachments.map((a) => [a.original_name, a.is_public])).toEqual([['so-do-diem-xa.pdf', false]]);

  const desk = await signIn(ADMIN.username, ADMIN.password);
  await openMenu(desk, 'Yêu cầu & quy trình', 'Yêu cầu');
  await expect(desk).toHaveURL(/\/admin\/requests$/);
  await expect(desk.getByRole('heading', { name: 'Yêu cầu', level: 3 })).toBeVisible();
  await desk.getByRole('searchbox').fill(code);
  await expect(desk).toHaveURL(/search=/);
  await expect(rows(desk)).toHaveCount(1);
  const row = rows(desk).first();
  await expect(row).toContainText('Quan trắc nước thải quý IV');
  await expect(row).toContainText(type.name);
  await expect(row).toContainText('Nguyễn Văn An');
  await expect(row).toContainText('Mới');
  const requestCode = ((await row.getByRole('link').first().textContent()) ?? '').trim();
  expect(requestCode).toMatch(/^YC\d{4}-\d{4,}$/);
  expect(code.startsWith(`${requestCode}-`)).toBe(true);
  await row.getByRole('link', { name: requestCode }).click();
  await expect(desk).toHaveURL(new RegExp(`/admin/requests/${r.id}$`));
  await expect(desk.getByRole('heading', { level: 3 }).first()).toContainText(`Yêu cầu ${requestCode}`);
  await expect(desk.getByTestId('request-status').first()).toHaveText('Mới');
  await expect(desk.getByText('Trang công khai', { exact: true })).toBeVisible();
  await expect(desk.getByText(code, { exact: true })).toBeVisible();
  await expect(desk.getByTestId('attachment')).toHaveCount(1);
  await expect(desk.getByTestId('attachment')).toContainText('so-do-diem-xa.pdf');
  await desk.getByRole('button', { name: 'Tiếp nhận' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Tiếp nhận' }).click();
  await expect(desk.getByTestId('request-status').first()).toHaveText('Đã tiếp nhận');
  const deskWorks = desk.getByTestId('request-works');
  await expect(deskWorks.getByRole('link', { name: `${STEPS[0]!.name} – ${requestCode}` })).toBeVisible();
  await expect(deskWorks).toContainText(`Nhân viên 1 ${tag}`);
  await expect(deskWorks).toContainText('Bước 1');
  await expect(deskWorks).toContainText('Chưa bắt đầu');
  await expect(desk.getByTestId('request-steps')).toContainText(`Bước hiện tại: 1. ${STEPS[0]!.name}`);
  await desk.waitForLoadState('networkidle');
  await desk.screenshot({ path: shot('staff-1-received'), fullPage: true });

  // ---- each step's default assignee: "Công việc của tôi" → the work → "Bắt đầu" → progress → "Hoàn thành" ----
  const finalNote = 'Các chỉ tiêu nước thải đạt QCVN 40:2025/BTNMT.';
  const publicText = 'Kết quả quan trắc nước thải của Quý khách đạt quy chuẩn; báo cáo gửi kèm.';
  for (const [i, step] of STEPS.entries()) {
    const last = i === STEPS.length - 1;
    const title = `${step.name} – ${requestCode}`;
    const note = last ? finalNote : `Đã xong bước ${i + 1}.`;
    const staff = await signIn(`nv${i}${tag}`, 'Matkhau@2026');
    await openMenu(staff, 'Công việc', 'Công việc của tôi');
    await expect(staff).toHaveURL(/\/admin\/works\/my-works/);
    await expect(staff.getByRole('heading', { name: 'Công việc của tôi', level: 3 })).toBeVisible();
    await expect(rows(staff)).toHaveCount(1);
    await expect(rows(staff).first()).toContainText(title);
    await expect(rows(staff).first()).toContainText('Chưa bắt đầu');
    await rows(staff).first().getByRole('link', { name: title }).click();
    await expect(staff).toHaveURL(/\/admin\/works\/\d+$/);
    await expect(staff.getByRole('heading', { level: 3 }).first()).toContainText(title);
    await expect(staff.getByTestId('work-status').first()).toHaveText('Chưa bắt đầu');
    await expect(staff.getByTestId('work-request')).toContainText(requestCode);
    await expect(staff.getByTestId('work-request')).toContainText(`${i + 1}. ${step.name}`);

    await staff.getByRole('button', { name: 'Bắt đầu' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Bắt đầu' }).click();
    await expect(staff.getByTestId('work-status').first()).toHaveText('Đang thực hiện');
    await expect(staff.getByTestId('work-request')).toContainText('Đang xử lý');
    await staff.getByLabel('Tiến độ (%)').fill('60');
    await staff.getByRole('button', { name: 'Cập nhật tiến độ' }).click();
    await expect(staff.getByTestId('progress-value')).toHaveText('60%');

    await staff.getByRole('button', { name: 'Hoàn thành' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Kết quả thực hiện').fill(note);
    // Only the step giving the result asks what the customer sees.
    await expect(dialog.getByLabel('Nội dung trả cho khách hàng')).toHaveCount(last ? 1 : 0);
    if (last) {
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'bao-cao-ket-qua.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await expect(dialog.getByTestId('attachment').filter({ hasText: 'bao-cao-ket-qua.pdf' })).toContainText(
        'sẽ đính kèm khi lưu',
      );
      // What the customer sees: empty and unchecked until staff choose.
      const customerText = dialog.getByLabel('Nội dung trả cho khách hàng');
      await expect(customerText).toHaveValue('');
      await customerText.fill(publicText);
      const sendFile = dialog.getByRole('checkbox', { name: 'bao-cao-ket-qua.pdf' });
      await expect(sendFile).not.toBeChecked();
      await sendFile.check();
      await staff.waitForLoadState('networkidle');
      await staff.screenshot({ path: shot('staff-2-complete-with-document'), fullPage: true });
    }
    await dialog.getByRole('button', { name: 'Hoàn thành' }).click();
    await expect(staff.getByTestId('work-status').first()).toHaveText('Hoàn thành');
    await expect(staff.getByTestId('work-result')).toContainText(note);
    await expect(staff.getByTestId('progress-value')).toHaveText('100%');
    await expect(staff.getByRole('button', { name: 'Bắt đầu' })).toHaveCount(0);
    if (!last) {
      // The desk sees the request move on: the next step's work, for its default assignee.
      const next = STEPS[i + 1]!;
      await desk.reload();
      await expect(desk.getByTestId('request-steps')).toContainText(`Bước hiện tại: ${i + 2}. ${next.name}`);
      const nextWork = desk.getByTestId('request-work').filter({ hasText: `${next.name} – ${requestCode}` });
      await expect(nextWork).toContainText(`Bước ${i + 2}`);
      await expect(nextWork).toContainText(`Nhân viên ${i + 2} ${tag}`);
      await expect(nextWork).toContainText('Chưa bắt đầu');
    }
  }

  // The desk sees the request completed with the result and its document.
  await desk.reload();
  await expect(desk.getByTestId('request-status').first()).toHaveText('Hoàn thành');
  await expect(desk.getByTestId('request-result')).toContainText(finalNote);
  await expect(desk.getByTestId('request-result')).toContainText('bao-cao-ket-qua.pdf');
  await expect(desk.getByTestId('request-work')).toHaveCount(3);
  await desk.waitForLoadState('networkidle');
  await desk.screenshot({ path: shot('staff-3-completed'), fullPage: true });
  for (const context of staffContexts) await context.close();
  r = await requestByCode(request, token, code);
  expect(r.status).toBe('completed');
  expect(r.works.map((w) => [w.step_index, w.status])).toEqual(
    expect.arrayContaining([
      [1, 'done'],
      [2, 'done'],
      [3, 'done'],
    ]),
  );

  // ---- /yeu-cau/ket-qua: the code comes from the success page's link ----
  await page.getByRole('button', { name: 'Tra cứu kết quả' }).click();
  await expect(page).toHaveURL(/\/yeu-cau\/ket-qua\?ma=/);
  await expect(page.getByLabel('Mã tra cứu')).toHaveValue(code);
  await page.screenshot({ path: shot('4-lookup-empty'), fullPage: true });

  // A wrong mobile and a wrong code: the same words.
  await page.getByLabel('Số di động').fill(mobile === '0987654321' ? '0987654320' : '0987654321');
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  const notFound = page.getByTestId('lookup-not-found');
  await expect(notFound).toBeVisible();
  const wrongMobileText = await notFound.textContent();
  expect(wrongMobileText).toContain('Không tìm thấy yêu cầu với mã tra cứu và số điện thoại này.');
  await page.screenshot({ path: shot('5-lookup-not-found'), fullPage: true });

  await page.getByLabel('Mã tra cứu').fill(`${code.slice(0, -8)}${code.endsWith('AAAAAAAA') ? 'BBBBBBBB' : 'AAAAAAAA'}`);
  await page.getByLabel('Số di động').fill(mobile);
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  await expect(page.getByTestId('lookup-not-found')).toBeVisible();
  expect(await page.getByTestId('lookup-not-found').textContent()).toBe(wrongMobileText);

  // The right pair: completed, the result, the masked requester, the document.
  await page.getByLabel('Mã tra cứu').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  const result = page.getByTestId('lookup-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('lookup-status')).toHaveText('Hoàn thành');
  await expect(page.getByTestId('lookup-result-text')).toHaveText(publicText);
  await expect(result).not.toContainText(finalNote);
  await expect(result.getByText('Nguyễn V** A*')).toBeVisible();
  await expect(result.getByText(`${mobile.slice(0, 2)}******${mobile.slice(-2)}`)).toBeVisible();
  await expect(result.getByText('Đã tiếp nhận')).toBeVisible();
  await expect(result.getByText('Đang xử lý')).toBeVisible();
  await expect(result).not.toContainText('so-do-diem-xa.pdf');
  await expect(result).not.toContainText('Đã xong bước');
  await page.screenshot({ path: shot('6-lookup-result'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await result.getByRole('link', { name: /Tải xuống/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('bao-cao-ket-qua.pdf');
  expect(await download.failure()).toBeNull();
});
