import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminLogin, createDepartment, createRole, createUser, randomMobile, unique } from './helpers';

// Issue 4, part 9: a visitor sends a request with a file on /yeu-cau; staff receive it and its works pass through a
// three-step process, the last with a result document; the visitor reads the result and downloads the document on
// /yeu-cau/ket-qua. A wrong mobile gives the very message a wrong code gives.

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

async function setUpType(request: APIRequestContext, token: string, tag: string) {
  const role = await createRole(request, token, { code: `nv${tag}`, name: `Nhân viên ${tag}`, permissions: [] });
  const steps = [
    { name: 'Lấy mẫu hiện trường', dept: 'Đội hiện trường', hours: 24 },
    { name: 'Phân tích mẫu', dept: 'Phòng thí nghiệm', hours: 48 },
    { name: 'Lập và gửi báo cáo', dept: 'Phòng Kinh doanh', hours: 8 },
  ];
  const built = [];
  for (const [i, s] of steps.entries()) {
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
}) => {
  test.setTimeout(90_000);
  const token = await adminLogin(request);
  const tag = unique();
  const type = await setUpType(request, token, tag);
  const mobile = randomMobile();

  // ---- /yeu-cau: the empty form, then the errors, then a good submission with a file ----
  await page.goto('/yeu-cau');
  await expect(page.getByRole('heading', { name: 'Gửi yêu cầu dịch vụ' })).toBeVisible();
  await expect(page.getByText('Nghị định 13/2023/NĐ-CP').first()).toBeVisible();
  await page.screenshot({ path: shot('1-form-empty'), fullPage: true });

  await page.getByLabel('Số điện thoại di động').fill('12345');
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
  await page.getByLabel('Số điện thoại di động').fill(mobile);
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

  // ---- staff: the request arrived from the public page with the file; receive and run its three steps ----
  let r = await requestByCode(request, token, code);
  expect(r.source).toBe('public');
  expect(r.status).toBe('new');
  expect(r.attachments.map((a) => [a.original_name, a.is_public])).toEqual([['so-do-diem-xa.pdf', false]]);
  const received = await request.post(`/api/requests/${r.id}/receive`, { headers: auth(token) });
  expect(received.status(), await received.text()).toBe(200);
  for (let step = 1; step <= 3; step++) {
    r = await requestByCode(request, token, code);
    const work = r.works.find((w) => w.step_index === step && w.status === 'todo');
    expect(work, `work of step ${step}`).toBeDefined();
    const started = await request.post(`/api/works/${work?.id}/start`, { headers: auth(token) });
    expect(started.status(), await started.text()).toBe(200);
    let documentIds: number[] = [];
    if (step === 3) {
      const upload = await request.post('/api/documents', {
        headers: auth(token),
        multipart: {
          'files[]': { name: 'bao-cao-ket-qua.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      documentIds = (await upload.json()).data.map((d: { id: number }) => d.id);
    }
    const done = await request.post(`/api/works/${work?.id}/complete`, {
      headers: auth(token),
      data: {
        result_note: step === 3 ? 'Các chỉ tiêu nước thải đạt QCVN 40:2025/BTNMT.' : `Đã xong bước ${step}.`,
        document_ids: documentIds,
      },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
  expect((await requestByCode(request, token, code)).status).toBe('completed');

  // ---- /yeu-cau/ket-qua: the code comes from the success page's link ----
  await page.getByRole('button', { name: 'Tra cứu kết quả' }).click();
  await expect(page).toHaveURL(/\/yeu-cau\/ket-qua\?ma=/);
  await expect(page.getByLabel('Mã tra cứu')).toHaveValue(code);
  await page.screenshot({ path: shot('4-lookup-empty'), fullPage: true });

  // A wrong mobile and a wrong code: the same words.
  await page.getByLabel('Số điện thoại').fill(mobile === '0987654321' ? '0987654320' : '0987654321');
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  const notFound = page.getByTestId('lookup-not-found');
  await expect(notFound).toBeVisible();
  const wrongMobileText = await notFound.textContent();
  expect(wrongMobileText).toContain('Không tìm thấy yêu cầu với mã tra cứu và số điện thoại này.');
  await page.screenshot({ path: shot('5-lookup-not-found'), fullPage: true });

  await page.getByLabel('Mã tra cứu').fill(`${code.slice(0, -8)}${code.endsWith('AAAAAAAA') ? 'BBBBBBBB' : 'AAAAAAAA'}`);
  await page.getByLabel('Số điện thoại').fill(mobile);
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  await expect(page.getByTestId('lookup-not-found')).toBeVisible();
  expect(await page.getByTestId('lookup-not-found').textContent()).toBe(wrongMobileText);

  // The right pair: completed, the result, the masked requester, the document.
  await page.getByLabel('Mã tra cứu').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Tra cứu' }).click();
  const result = page.getByTestId('lookup-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('lookup-status')).toHaveText('Hoàn thành');
  await expect(page.getByTestId('lookup-result-text')).toHaveText('Các chỉ tiêu nước thải đạt QCVN 40:2025/BTNMT.');
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
