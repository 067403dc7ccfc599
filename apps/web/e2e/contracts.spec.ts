import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import PizZip from 'pizzip';
import {
  ADMIN,
  adminLogin,
  apiLogin,
  createDepartment,
  createRole,
  createUser,
  randomMobile,
  signInUi,
  unique,
  useToken,
} from './helpers';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const shot = (name: string) => `${process.env.QLCV_E2E_SHOTS ?? 'test-results/screens'}/${name}.png`;
/** A date n days from today in Vietnam (the browser's zone and the server's calendar). */
const inDays = (n: number) => new Date(Date.now() + 7 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
/** Slow steps on a busy machine (a navigation after a save, the first page of a list). */
const slow = { timeout: 60_000 };
const vn = (date: string) => date.split('-').reverse().join('/');

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown, status = 201): Promise<T> {
  const res = await request.post(url, { headers: auth(token), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/**
 * The catalogue and the paperwork a salesperson starts from: a unit, three services of one group (two at 10 % that
 * drop to 8 % under the decree in force, one that does not), the sample template, a request type of that group with
 * its process, a customer and a request of theirs.
 */
async function setup(request: APIRequestContext, id: string) {
  const token = await adminLogin(request);
  const group = `Quan trắc khí thải ${id}`;
  const unit = await post<{ id: number }>(request, token, '/api/units', { code: `MAU-${id}`, name: `Mẫu ${id}` });
  const services = [
    { code: `KT01-${id}`, name: `Lấy mẫu khí thải ống khói ${id}`, unit_price: 1_250_000, vat_reducible: true },
    { code: `KT02-${id}`, name: `Phân tích bụi tổng ${id}`, unit_price: 850_000, vat_reducible: true },
    { code: `KT03-${id}`, name: `Lập báo cáo quan trắc ${id}`, unit_price: 3_000_000, vat_reducible: false },
  ];
  for (const s of services)
    await post(request, token, '/api/services', { ...s, group, unit_id: unit.id, vat_rate: '10', active: true });

  const sample = await request.get('/api/contract-templates/sample', { headers: auth(token) });
  expect(sample.status(), 'sample template').toBe(200);
  const templateRes = await request.post('/api/contract-templates', {
    headers: auth(token),
    multipart: {
      code: `HD-${id}`,
      name: `Hợp đồng quan trắc ${id}`,
      file: {
        name: 'mau-hop-dong.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from(await sample.body()),
      },
    },
  });
  expect(templateRes.status(), await templateRes.text()).toBe(201);
  const template = (await templateRes.json()) as { id: number; name: string };

  const dep = await createDepartment(request, token, { code: `KD-${id}`, name: `Phòng Kinh doanh ${id}` });
  const role = await createRole(request, token, { code: `kd-${id}`, name: `Kinh doanh ${id}`, permissions: ['works.show'] });
  const staff = await createUser(request, token, {
    name: `Trần Thu Hà ${id}`,
    username: `ha.${id}`,
    password: 'Matkhau@2026',
    role_id: role.id,
    department_id: dep.id,
    mobile: randomMobile(),
  });
  const process = await post<{ id: number }>(request, token, '/api/processes', {
    code: `QT-HD-${id}`,
    name: `Quan trắc định kỳ ${id}`,
    steps: [{ name: 'Khảo sát, báo giá', department_id: dep.id, default_assignee_id: staff.id, duration_hours: 24 }],
  });
  const type = await post<{ id: number }>(request, token, '/api/request-types', {
    code: `LYC-HD-${id}`,
    name: `Quan trắc khí thải định kỳ ${id}`,
    process_id: process.id,
    service_group: group,
  });
  const customer = await post<{ id: number; code: string; name: string }>(request, token, '/api/customers', {
    type: 'organization',
    name: `Công ty TNHH Gạch men Thanh Hải ${id}`,
    phone: randomMobile(),
  });
  const req = await post<{ id: number; code: string }>(request, token, '/api/requests', {
    request_type_id: type.id,
    customer_id: customer.id,
    requester_name: 'Phạm Văn Long',
    requester_phone: randomMobile(),
    title: `Quan trắc khí thải lò nung quý IV ${id}`,
  });
  // The director signs and returns contracts others submitted (contracts.approve, issue 21).
  const board = await createRole(request, token, {
    code: `gd-${id}`,
    name: `Giám đốc ${id}`,
    permissions: ['contracts.index', 'contracts.show', 'contracts.approve'],
  });
  const director = {
    name: `Nguyễn Văn Hùng ${id}`,
    username: `hung.${id}`,
    password: 'Matkhau@2026',
  };
  await createUser(request, token, { ...director, role_id: board.id, mobile: randomMobile() });
  const directorToken = await apiLogin(request, director.username, director.password);
  return { token, services, template, customer, request: req, director: { ...director, token: directorToken } };
}

async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(vn(date));
  await input.press('Tab');
}

const itemRow = (page: Page, name: string) =>
  page.getByTestId('contract-item-row').filter({ has: page.locator(`input[value="${name}"]`) });

test.describe('Hợp đồng', () => {
  test('từ yêu cầu: hợp đồng ba dịch vụ, thuế theo ngày ký, tải .docx, gửi duyệt và ký', async ({ page, request }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInUi(page, ADMIN.username, ADMIN.password);

    // The request's page starts the contract: customer, title and the group's three services filled in.
    await page.goto(`/admin/requests/${s.request.id}`);
    await page.getByRole('button', { name: 'Tạo hợp đồng' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/create\\?request_id=${s.request.id}$`));
    await expect(page.getByTestId('contract-item-row')).toHaveCount(3);
    await expect(page.locator('form[id="contract"]').getByText(`${s.customer.name} (${s.customer.code})`)).toBeVisible();
    await expect(page.getByText(`Lập từ yêu cầu ${s.request.code}`)).toBeVisible();

    // Empty dates are refused in Vietnamese.
    await page.getByRole('button', { name: 'Lưu hợp đồng' }).click();
    await expect(page.getByText('Vui lòng chọn ngày bắt đầu')).toBeVisible();
    await expect(page.getByText('Vui lòng chọn ngày kết thúc')).toBeVisible();
    await pickDate(page, 'Ngày bắt đầu', inDays(5));
    await pickDate(page, 'Ngày kết thúc', inDays(1));
    await expect(page.getByText('Ngày kết thúc phải từ ngày bắt đầu trở đi')).toBeVisible();
    // A line without a price is refused under its own cell.
    const third = itemRow(page, s.services[2]!.name).getByLabel(/^Đơn giá dòng/);
    await third.fill('');
    await page.getByRole('button', { name: 'Lưu hợp đồng' }).click();
    await expect(page.getByText('Nhập đơn giá')).toBeVisible();
    await page.screenshot({ path: shot('contract-form-errors'), fullPage: true });
    await third.fill('3000000');
    await pickDate(page, 'Ngày kết thúc', inDays(200));

    await page.getByLabel(/^Mẫu hợp đồng/).click();
    await page.locator('.ant-select-dropdown:visible').getByText(s.template.name).click();
    await itemRow(page, s.services[0]!.name)
      .getByLabel(/^Số lượng dòng/)
      .fill('3');
    await itemRow(page, s.services[1]!.name)
      .getByLabel(/^Số lượng dòng/)
      .fill('2');

    // 3 × 1.250.000 + 2 × 850.000 at 8 % (Decree 174/2025), 3.000.000 at 10 %.
    await expect(page.getByTestId('contract-subtotal')).toHaveText('8.450.000 ₫');
    await expect(page.getByTestId('contract-totals')).toContainText('Thuế GTGT 8 % (trên 5.450.000 ₫)436.000 ₫');
    await expect(page.getByTestId('contract-totals')).toContainText('Thuế GTGT 10 % (trên 3.000.000 ₫)300.000 ₫');
    await expect(page.getByTestId('contract-total')).toHaveText('9.186.000 ₫');
    await expect(page.getByTestId('contract-total-words')).toHaveText('Bằng chữ: Chín triệu một trăm tám mươi sáu nghìn đồng');
    await expect(page.getByTestId('contract-vat-note')).toContainText('Thuế suất 8 % theo Nghị định 174/2025/NĐ-CP');
    await page.screenshot({ path: shot('contract-form-items'), fullPage: true });

    await page.getByRole('button', { name: 'Lưu hợp đồng' }).click();
    await expect(page).toHaveURL(/\/admin\/contracts\/\d+$/, slow);
    const contractId = Number(page.url().split('/').pop());
    const saved = await request.get(`/api/contracts/${contractId}`, { headers: auth(s.token) });
    const { number } = (await saved.json()) as { number: string };
    expect(number).toMatch(new RegExp(`/${inDays(0).slice(0, 4)}/`));
    await expect(page.getByText(`Hợp đồng ${number}`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('contract-status').first()).toHaveText('Nháp');
    await expect(page.getByTestId('contract-total')).toHaveText('9.186.000 ₫');
    await page.screenshot({ path: shot('contract-show-draft'), fullPage: true });

    // The Word document: named by the number, a .docx (zip) with the number and the customer inside.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tải hợp đồng (.docx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.docx`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const xml = new PizZip(bytes).file('word/document.xml')!.asText();
    expect(xml).toContain(number);
    expect(xml).toContain(s.customer.name);
    expect(xml).toContain('9.186.000');

    // Submit: whoever submitted it neither signs nor returns it; the page says who may (issue 21).
    await page.getByRole('button', { name: 'Gửi duyệt' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Gửi duyệt' }).click();
    await expect(page.getByTestId('contract-status').first()).toHaveText('Chờ duyệt');
    const notice = page.getByTestId('contract-approval');
    await expect(notice).toContainText('Gửi duyệt bởi bạn');
    await expect(notice).toContainText('Người gửi duyệt không tự ký hoặc trả lại hợp đồng của mình.');
    await expect(notice).toContainText(`Người có thể ký hoặc trả lại: ${s.director.name}`);
    await expect(page.getByRole('button', { name: 'Ký hợp đồng' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Trả lại' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Hủy hợp đồng' })).toBeVisible();
    await page.screenshot({ path: shot('contract-show-pending'), fullPage: true });

    // The director signs it with today's date.
    await useToken(page, s.director.token);
    await page.goto(`/admin/contracts/${contractId}`);
    await expect(page.getByTestId('contract-approval')).toContainText('Bạn có thể ký hoặc trả lại hợp đồng này.', slow);
    await expect(page.getByRole('button', { name: 'Trả lại' })).toBeVisible();
    await page.screenshot({ path: shot('contract-show-pending-director'), fullPage: true });
    await page.getByRole('button', { name: 'Ký hợp đồng' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Ngày ký')).toHaveValue(vn(inDays(0)));
    await dialog.getByRole('button', { name: 'Ký hợp đồng' }).click();
    await expect(page.getByTestId('contract-status').first()).toHaveText('Đã ký');
    await expect(page.getByRole('button', { name: 'Bắt đầu thực hiện' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sửa' })).toHaveCount(0);
    await expect(page.getByTestId('history-item').first()).toContainText('Ký hợp đồng');
    await page.screenshot({ path: shot('contract-show-signed'), fullPage: true });

    // The request lists its contract.
    await useToken(page, s.token);
    await page.goto(`/admin/requests/${s.request.id}`);
    await expect(page.getByTestId('related-contracts').getByRole('link', { name: number })).toBeVisible();
    await page.screenshot({ path: shot('contract-request-page'), fullPage: true });
  });

  test('danh sách lọc "Sắp hết hạn"; tổng giá trị chỉ tính hợp đồng đã ký, nháp và đã hủy để riêng; trang khách hàng', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    const items = [
      {
        service_code: s.services[0]!.code,
        name: s.services[0]!.name,
        unit_name: 'Mẫu',
        quantity: 2,
        unit_price: 1_250_000,
        vat_rate: '10',
        vat_reducible: true,
      },
    ];
    const signed = async (title: string, end: string) => {
      const c = await post<{ id: number; number: string; version: number }>(request, s.token, '/api/contracts', {
        customer_id: s.customer.id,
        template_id: s.template.id,
        title,
        start_date: inDays(-60),
        end_date: end,
        items,
      });
      await post(request, s.token, `/api/contracts/${c.id}/submit`, {}, 200);
      await post(request, s.director.token, `/api/contracts/${c.id}/sign`, { signed_date: inDays(-60) }, 200);
      return c;
    };
    const soon = await signed(`Quan trắc tháng cuối ${id}`, inDays(10));
    const later = await signed(`Quan trắc cả năm ${id}`, inDays(120));
    // A draft and a cancelled one (10 % whatever the date): shown apart, never in the value (issue 21).
    const unsigned = async (title: string, quantity: number) =>
      post<{ id: number }>(request, s.token, '/api/contracts', {
        customer_id: s.customer.id,
        title,
        start_date: inDays(1),
        end_date: inDays(200),
        items: [{ ...items[0], quantity, vat_reducible: false }],
      });
    await unsigned(`Quan trắc bổ sung ${id}`, 1);
    const dropped = await unsigned(`Quan trắc khẩn ${id}`, 3);
    await post(request, s.token, `/api/contracts/${dropped.id}/cancel`, { note: 'Khách không ký' }, 200);

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/contracts?search=${encodeURIComponent(id)}`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(4, slow);
    const sum = page.getByTestId('contract-sum');
    await expect(page.getByTestId('contract-sum-signed')).toHaveText('5.400.000 ₫');
    await expect(sum).toContainText('Tổng giá trị 2 hợp đồng đã ký theo bộ lọc: 5.400.000 ₫');
    await expect(sum).toContainText('Gồm hợp đồng đã ký, đang thực hiện, hoàn thành và đã thanh lý');
    await expect(page.getByTestId('contract-sum-apart')).toHaveText(
      'Chưa ký (nháp, chờ duyệt): 1 hợp đồng, 1.375.000 ₫ · Đã hủy: 1 hợp đồng, 4.125.000 ₫',
    );
    await page.screenshot({ path: shot('contract-list'), fullPage: true });
    await page.getByRole('checkbox', { name: /Sắp hết hạn/ }).click();
    await expect(page).toHaveURL(/expiring=1/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(soon.number);
    await expect(rows.first().getByTestId('contract-expiring')).toBeVisible();
    await expect(page.getByTestId('contract-sum-signed')).toHaveText('2.700.000 ₫');
    await expect(page.getByTestId('contract-sum-apart')).toHaveCount(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^hop-dong-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // The customer's page: its contracts beside its requests, with the sum, and a button for a new one.
    await page.goto(`/admin/customers/${s.customer.id}`);
    const card = page.getByTestId('related-contracts');
    await expect(card.getByRole('link', { name: soon.number })).toBeVisible();
    await expect(card.getByRole('link', { name: later.number })).toBeVisible();
    await expect(card.getByTestId('contract-sum-signed')).toHaveText('5.400.000 ₫');
    await expect(card.getByTestId('contract-sum')).toContainText('Tổng giá trị 2 hợp đồng đã ký: 5.400.000 ₫');
    await card.screenshot({ path: shot('contract-customer-section') });
    await card.getByRole('button', { name: 'Tạo hợp đồng' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/create\\?customer_id=${s.customer.id}$`));
    await expect(page.getByText(`${s.customer.name} (${s.customer.code})`)).toBeVisible();

    // The role editor offers the key that signs (issue 21) among the contracts' keys.
    await page.goto('/admin/roles/create');
    const contractsGroup = page.getByRole('group', { name: 'Hợp đồng', exact: true });
    await expect(contractsGroup.getByLabel('Duyệt hợp đồng (ký hoặc trả lại hợp đồng chờ duyệt)')).toBeVisible(slow);
    await contractsGroup.screenshot({ path: shot('contract-role-keys') });
  });

  test('sửa hợp đồng nháp: thêm dòng từ danh mục, xung đột phiên bản có "Tải lại"', async ({ page, request }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    const body = {
      customer_id: s.customer.id,
      title: `Quan trắc lò nung ${id}`,
      start_date: inDays(1),
      end_date: inDays(90),
      items: [{ name: 'Khảo sát hiện trường', unit_name: 'Lần', quantity: 1, unit_price: 2_000_000, vat_rate: '10' }],
    };
    const c = await post<{ id: number; number: string; version: number }>(request, s.token, '/api/contracts', body);

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/contracts/${c.id}/edit`);
    await expect(page.getByLabel('Tên hợp đồng')).toHaveValue(body.title, slow);

    // A line picked from the catalogue by its code: name, unit, price and VAT filled in.
    await page.getByRole('button', { name: 'Thêm dịch vụ' }).click();
    const picker = page.getByLabel('Dịch vụ dòng 2', { exact: true });
    await picker.click();
    await picker.fill(s.services[1]!.code);
    // Clicked once the matches of the code have replaced the first list (a click as the list shrinks can hit nothing).
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options).toHaveCount(1);
    await options.getByText(`${s.services[1]!.code} — ${s.services[1]!.name}`).click();
    await expect(page.getByLabel('Tên dịch vụ dòng 2')).toHaveValue(s.services[1]!.name);
    await expect(page.getByLabel('Đơn giá dòng 2')).toHaveValue('850.000');
    await expect(page.getByTestId('contract-subtotal')).toHaveText('2.850.000 ₫');

    // Someone else saves meanwhile.
    const put = await request.put(`/api/contracts/${c.id}`, {
      headers: auth(s.token),
      data: { ...body, title: `${body.title} (đã sửa)`, version: c.version },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page.getByTestId('conflict-alert')).toBeVisible(slow);
    await page.screenshot({ path: shot('contract-edit-conflict'), fullPage: true });
    await page.getByTestId('conflict-alert').getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByLabel('Tên hợp đồng')).toHaveValue(`${body.title} (đã sửa)`);
    await expect(page.getByTestId('contract-item-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/${c.id}$`), slow);
    await expect(page.getByTestId('history-item').filter({ hasText: 'Cập nhật' }).first()).toBeVisible();
  });
  test('sửa hợp đồng: gỡ tệp đính kèm đã lưu, lịch sử ghi lại', async ({ page, request }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    const upload = await request.post('/api/documents', {
      headers: auth(s.token),
      multipart: { 'files[]': { name: `bao-gia-${id}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Báo giá quan trắc') } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const uploaded = (await upload.json()) as { data: { id: number; original_name: string }[] };
    const doc = uploaded.data[0]!;
    const c = await post<{ id: number; attachments: { id: number }[] }>(request, s.token, '/api/contracts', {
      customer_id: s.customer.id,
      title: `Quan trắc có báo giá ${id}`,
      start_date: inDays(1),
      end_date: inDays(90),
      items: [{ name: 'Khảo sát hiện trường', unit_name: 'Lần', quantity: 1, unit_price: 2_000_000, vat_rate: '10' }],
      attachment_ids: [doc.id],
    });
    expect(c.attachments.map((a) => a.id)).toEqual([doc.id]);

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/contracts/${c.id}/edit`);
    const files = page.getByRole('list', { name: 'Tệp đính kèm' });
    await expect(files.getByTestId('attachment')).toHaveCount(1, slow);
    await files.getByRole('button', { name: `Gỡ tệp ${doc.original_name}` }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Tệp sẽ bị xóa khỏi hợp đồng ngay, không cần bấm lưu.');
    await page.screenshot({ path: shot('contract-edit-remove-file'), fullPage: true });
    await confirm.getByRole('button', { name: 'Gỡ tệp' }).click();
    await expect(page.getByText(`Đã gỡ tệp “${doc.original_name}”.`)).toBeVisible();
    await expect(page.getByTestId('attachment')).toHaveCount(0);

    // Gone from the contract, and its history says so.
    const after = await request.get(`/api/contracts/${c.id}`, { headers: auth(s.token) });
    expect(((await after.json()) as { attachments: unknown[] }).attachments).toEqual([]);
    await page.goto(`/admin/contracts/${c.id}`);
    await expect(page.getByText('Tệp đính kèm (0)')).toBeVisible(slow);
    await expect(page.getByTestId('history-item').filter({ hasText: `Gỡ tệp đính kèm: ${doc.original_name}` })).toBeVisible();
    await page.screenshot({ path: shot('contract-show-file-removed'), fullPage: true });
  });

  test('hạng mục trên điện thoại 390 px: mỗi dòng một thẻ, số lượng, đơn giá, thành tiền đều thấy', async ({ page, request }) => {
    test.setTimeout(240_000);
    const id = unique();
    const s = await setup(request, id);
    const c = await post<{ id: number }>(request, s.token, '/api/contracts', {
      customer_id: s.customer.id,
      title: `Quan trắc định kỳ nhà máy gạch ${id}`,
      start_date: inDays(1),
      end_date: inDays(200),
      items: [
        {
          name: 'Lấy mẫu và phân tích khí thải ống khói lò nung tuynel',
          description: 'Ống khói số 1 và số 2, 6 chỉ tiêu',
          unit_name: 'Mẫu',
          quantity: 4,
          unit_price: 1_250_000,
          vat_rate: '10',
          vat_reducible: false,
        },
        { name: 'Lập báo cáo quan trắc', unit_name: 'Báo cáo', quantity: 1, unit_price: 3_000_000, vat_rate: 'none' },
      ],
    });
    /** The element lies across the phone's width, nothing cut off at either side. */
    const inView = async (locator: ReturnType<Page['locator']>) => {
      await expect(locator).toBeVisible();
      const box = (await locator.boundingBox())!;
      expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(390);
    };

    await page.setViewportSize({ width: 390, height: 844 });
    await signInUi(page, ADMIN.username, ADMIN.password);
    await page.goto(`/admin/contracts/${c.id}/edit`);
    const rows = page.getByTestId('contract-item-row');
    await expect(rows).toHaveCount(2, slow);
    const first = rows.first();
    await expect(first).toContainText('Dòng 1');
    await inView(first.getByLabel('Số lượng dòng 1'));
    await inView(first.getByLabel('Đơn giá dòng 1'));
    await inView(first.getByTestId('contract-item-amount'));
    await expect(first.getByTestId('contract-item-amount')).toHaveText('5.000.000');
    // Nothing of the lines scrolls sideways out of sight.
    const items = page.getByTestId('contract-items');
    expect(await items.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // A decimal quantity the Vietnamese way, its amount and the total follow.
    await first.getByLabel('Số lượng dòng 1').fill('2,5');
    await expect(first.getByTestId('contract-item-amount')).toHaveText('3.125.000');
    await expect(page.getByTestId('contract-subtotal')).toHaveText('6.125.000 ₫');
    await page.screenshot({ path: shot('contract-items-phone-edit'), fullPage: true });
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('contract-items-phone-edit-view') });
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/${c.id}$`), slow);

    // The contract's page on the phone: each line with quantity × price and its amount.
    const shown = page.getByTestId('contract-item-row');
    await expect(shown).toHaveCount(2);
    await expect(shown.first()).toContainText('2,5 Mẫu × 1.250.000 ₫');
    await inView(shown.first().getByTestId('contract-item-amount'));
    await expect(shown.first().getByTestId('contract-item-amount')).toHaveText('3.125.000 ₫');
    await shown.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('contract-items-phone-show') });

    // On a desk the lines stay a table.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/contracts/${c.id}/edit`);
    await expect(page.getByTestId('contract-items').locator('table')).toBeVisible(slow);
    await expect(page.getByLabel('Số lượng dòng 1')).toHaveValue('2,5');
    await page.screenshot({ path: shot('contract-items-desktop-edit'), fullPage: true });
  });
});
