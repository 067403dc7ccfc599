import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminLogin, signInUi } from './helpers';

// Kết nối Zalo (route settings.zalo.index, /admin/settings/zalo): keys typed once and shown masked after, template ids,
// the connection test and a test message answered by a local stand-in for Zalo, an unreachable address, a stale
// save (409).

const ACCESS = `zalo-access-token-${'a'.repeat(30)}-AC99`;
const REFRESH = `zalo-refresh-token-${'r'.repeat(30)}-RF77`;
const SECRET = 'zalo-app-secret-key-SK55';

interface Call {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A stand-in for Zalo: the token refresh (single-use refresh token, a new pair each time), the OA's templates and
 * template sends, for the current access token only.
 */
async function startZalo(): Promise<{ url: string; calls: Call[]; server: Server; token: () => string }> {
  const calls: Call[] = [];
  let access = ACCESS;
  let refresh = REFRESH;
  let round = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      calls.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v4/oa/access_token') {
        const form = new URLSearchParams(body);
        if (req.headers.secret_key !== SECRET || form.get('refresh_token') !== refresh) {
          return res.end(
            JSON.stringify({ error: -14014, error_name: 'Invalid parameter', error_description: 'Refresh token is invalid' }),
          );
        }
        round += 1;
        access = `${ACCESS}-${round}`;
        refresh = `${REFRESH}-${round}`;
        return res.end(JSON.stringify({ access_token: access, refresh_token: refresh, expires_in: '90000' }));
      }
      if (req.headers.access_token !== access) return res.end(JSON.stringify({ error: -124, message: 'Access token invalid' }));
      if (req.url?.startsWith('/template/all')) {
        return res.end(
          JSON.stringify({ error: 0, message: 'Success', data: [{ templateId: 5001, templateName: 'Mã OTP QLCV' }] }),
        );
      }
      if (req.url === '/message/template') {
        return res.end(JSON.stringify({ error: 0, message: 'Success', data: { msg_id: 'stand-in-msg-1' } }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server, token: () => access };
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-notification-notice, .ant-message-notice').filter({ hasText: text });

/** Connects the saved settings to the stand-in through the API (each test stands on its own). */
async function connectByApi(request: APIRequestContext, zaloUrl: string) {
  const token = await adminLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const current = await (await request.get('/api/settings/zalo', { headers })).json();
  const res = await request.put('/api/settings/zalo', {
    headers,
    data: {
      app_id: '4321987654321',
      secret_key: SECRET,
      access_token: ACCESS,
      refresh_token: REFRESH,
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      api_base: zaloUrl,
      oauth_base: zaloUrl,
      templates: { otp: '5001' },
      version: current.version,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function enterSecret(page: Page, name: string, value: string) {
  await page.getByTestId(`zalo-${name}-change`).click();
  await page.getByTestId(`zalo-${name}-input`).fill(value);
}

async function removeSecret(page: Page, name: string) {
  await page
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(`zalo-${name}-mask`) })
    .getByRole('button', { name: 'Xóa' })
    .click();
  await expect(page.getByTestId(`zalo-${name}-removed`)).toBeVisible();
}

test.describe('Kết nối Zalo', () => {
  let zalo: Awaited<ReturnType<typeof startZalo>>;

  test.beforeAll(async () => {
    zalo = await startZalo();
  });
  test.afterAll(async ({ request }) => {
    // Leave no Zalo connection behind for the other specs (the reset code goes by SMS again).
    const token = await adminLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    const current = await (await request.get('/api/settings/zalo', { headers })).json();
    await request.put('/api/settings/zalo', {
      headers,
      data: {
        access_token: null,
        refresh_token: null,
        secret_key: null,
        api_base: null,
        oauth_base: null,
        templates: { otp: null },
        version: current.version,
      },
    });
    await new Promise<void>((resolve) => zalo.server.close(() => resolve()));
  });

  test.beforeEach(async ({ page }) => {
    await signInUi(page, ADMIN.username, ADMIN.password);
  });

  test('nhập khóa, lưu, sau khi tải lại chỉ thấy dạng che; kiểm tra kết nối và gửi tin thử', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/admin/settings/zalo');
    await expect(page.getByRole('heading', { name: 'Kết nối Zalo', level: 3 })).toBeVisible();
    await expect(page.getByText('Chưa đủ thông tin kết nối')).toBeVisible();

    await page.getByTestId('zalo-oa-id').fill('579745863508352884');
    await page.getByTestId('zalo-app-id').fill('4321987654321');
    await enterSecret(page, 'secret_key', SECRET);
    await enterSecret(page, 'access_token', ACCESS);
    await enterSecret(page, 'refresh_token', REFRESH);
    await page.getByTestId('zalo-template-otp').fill('5001');
    // A template id is digits only, checked before anything is sent.
    await page.getByTestId('zalo-template-work_assigned').fill('T-1');
    await page.getByTestId('zalo-save').click();
    await expect(page.getByText('Chỉ gồm chữ số')).toBeVisible();
    await page.getByTestId('zalo-template-work_assigned').fill('');

    await page.getByText('Địa chỉ API (nâng cao)').click();
    await page.getByTestId('zalo-api-base').fill(zalo.url);
    await page.getByTestId('zalo-oauth-base').fill(zalo.url);
    await page.getByTestId('zalo-save').click();
    await expect(toast(page, 'Đã lưu cài đặt Zalo.')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('zalo-secret_key-mask')).toHaveText('••••••••SK55');
    await expect(page.getByTestId('zalo-access_token-mask')).toHaveText('••••••••AC99');
    await expect(page.getByTestId('zalo-refresh_token-mask')).toHaveText('••••••••RF77');
    await expect(page.getByTestId('zalo-oa-id')).toHaveValue('579745863508352884');
    await expect(page.getByTestId('zalo-template-otp')).toHaveValue('5001');
    const html = await page.content();
    for (const value of [SECRET, ACCESS, REFRESH]) expect(html).not.toContain(value);
    // A new access token has no known expiry yet: the first use trades the refresh token for a new pair.
    await expect(page.getByText(/Chưa rõ hạn/)).toBeVisible();

    await page.getByTestId('zalo-test-connection').click();
    const connection = page.getByTestId('zalo-connection-result');
    await expect(connection).toContainText('Kết nối Zalo thành công: OA có 1 mẫu ZNS.');
    await expect(connection).toContainText('Mã OTP QLCV');
    expect(zalo.calls.filter((c) => c.url === '/v4/oa/access_token')).toHaveLength(1);
    expect(zalo.calls.at(-1)?.headers.access_token).toBe(zalo.token());
    await expect(page.getByText(/Còn hạn đến/)).toBeVisible();
    await expect(page.getByTestId('zalo-access_token-mask')).toHaveText(`••••••••${zalo.token().slice(-4)}`);
    expect(await page.content()).not.toContain(zalo.token());

    await page.getByTestId('zalo-test-phone').fill('0912345678');
    await page.getByTestId('zalo-test-kind').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Mã xác thực (OTP) đặt lại mật khẩu').click();
    await page.getByTestId('zalo-test-send').click();
    const sent = page.getByTestId('zalo-message-result');
    await expect(sent).toContainText('Zalo đã nhận tin thử.');
    await expect(sent).toContainText('stand-in-msg-1');
    const body = JSON.parse(zalo.calls.at(-1)?.body ?? '{}');
    expect(body).toMatchObject({ phone: '84912345678', template_id: '5001', template_data: { otp: '123456' } });
  });

  test('địa chỉ Zalo không truy cập được: kết quả kiểm tra nói rõ', async ({ page, request }) => {
    test.setTimeout(60_000);
    await connectByApi(request, zalo.url);
    await page.goto('/admin/settings/zalo');
    await page.getByText('Địa chỉ API (nâng cao)').click();
    await page.getByTestId('zalo-api-base').fill('http://127.0.0.1:9');
    // A new address takes the secrets entered again, or removed (an access token alone is used as it is).
    await enterSecret(page, 'access_token', ACCESS);
    await removeSecret(page, 'secret_key');
    await removeSecret(page, 'refresh_token');
    await page.getByTestId('zalo-save').click();
    await expect(toast(page, 'Đã lưu cài đặt Zalo.')).toBeVisible();
    await page.getByTestId('zalo-test-connection').click();
    await expect(page.getByTestId('zalo-connection-result')).toContainText('Không kết nối được Zalo');
  });

  test('đổi địa chỉ API: phải nhập lại khóa bí mật, khóa cũ không được gửi tới địa chỉ mới', async ({ page, request }) => {
    test.setTimeout(60_000);
    await connectByApi(request, zalo.url);
    const other = `${zalo.url}/khac`;
    await page.goto('/admin/settings/zalo');
    await page.getByText('Địa chỉ API (nâng cao)').click();
    await expect(page.getByTestId('zalo-secrets-again')).toHaveCount(0);
    await page.getByTestId('zalo-api-base').fill(other);
    const notice = page.getByTestId('zalo-secrets-again');
    await expect(notice).toContainText('Đã đổi địa chỉ API: cần nhập lại khóa bí mật');
    await expect(notice).toContainText('Secret key, Access token, Refresh token');
    await page.screenshot({ path: 'test-results/zalo-secrets-again.png', fullPage: true });

    // Saved without the secrets: each stored one says so, and nothing is saved.
    await page.getByTestId('zalo-save').click();
    for (const label of ['Secret key', 'Access token', 'Refresh token']) {
      await expect(page.getByText(`Đã đổi địa chỉ API: nhập lại ${label} hoặc xóa giá trị đã lưu`)).toBeVisible();
    }
    await expect(toast(page, 'Đã lưu cài đặt Zalo.')).toHaveCount(0);
    const token = await adminLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    expect((await (await request.get('/api/settings/zalo', { headers })).json()).api_base).toBe(zalo.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const account = page.getByTestId('zalo-settings-form').locator('.ant-card').first();
    await account.screenshot({ path: 'test-results/zalo-secrets-again-390.png' });
    await page.getByTestId('zalo-secrets-again').screenshot({ path: 'test-results/zalo-secrets-again-notice-390.png' });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The server says the same when the form is bypassed.
    const current = await (await request.get('/api/settings/zalo', { headers })).json();
    const bypass = await request.put('/api/settings/zalo', { headers, data: { api_base: other, version: current.version } });
    expect(bypass.status()).toBe(422);
    expect((await bypass.json()).errors.map((e: { field: string }) => e.field)).toEqual([
      'secret_key',
      'access_token',
      'refresh_token',
    ]);

    // Entered again (the refresh token removed instead): saved, and the notice goes.
    await enterSecret(page, 'secret_key', SECRET);
    await enterSecret(page, 'access_token', ACCESS);
    await removeSecret(page, 'refresh_token');
    await page.getByTestId('zalo-save').click();
    await expect(toast(page, 'Đã lưu cài đặt Zalo.')).toBeVisible();
    const saved = await (await request.get('/api/settings/zalo', { headers })).json();
    expect(saved).toMatchObject({ api_base: other, has_secret_key: true, has_access_token: true, has_refresh_token: false });
    await expect(page.getByTestId('zalo-secrets-again')).toHaveCount(0);
  });

  test('lưu khi người khác vừa sửa: báo thay đổi (409) và tải lại', async ({ page, request }) => {
    await page.goto('/admin/settings/zalo');
    await expect(page.getByTestId('zalo-oa-id')).toBeVisible();
    const token = await adminLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    const current = await (await request.get('/api/settings/zalo', { headers })).json();
    const other = await request.put('/api/settings/zalo', { headers, data: { oa_id: '111222333', version: current.version } });
    expect(other.status()).toBe(200);

    await page.getByTestId('zalo-oa-id').fill('999888777');
    await page.getByTestId('zalo-save').click();
    await expect(page.getByTestId('conflict-alert')).toBeVisible();
    await page.getByTestId('conflict-alert').getByRole('button', { name: 'Tải lại' }).click();
    await expect(page.getByTestId('zalo-oa-id')).toHaveValue('111222333');
    await expect(page.getByTestId('conflict-alert')).toHaveCount(0);
  });
});
