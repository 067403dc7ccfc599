import { expect, test } from '@playwright/test';
import { formatDateTime } from '@qlcv/common/format/date';
import { ADMIN, signInUi } from './helpers';

// Issue 21 part 9: the dashboard's greeting, date and "Cập nhật lúc" followed the browser's clock; they are in
// Vietnam time, as every record is. A browser in New York at 21:00 on Thursday is 09:00 on Friday in Vietnam.
test.use({ timezoneId: 'America/New_York' });

test('lời chào, ngày và "Cập nhật lúc" theo giờ Việt Nam dù trình duyệt ở múi giờ khác', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-27T02:00:00Z'));
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard' && r.ok());
  await signInUi(page, ADMIN.username, ADMIN.password);
  const { generated_at } = (await (await answer).json()) as { generated_at: string };

  await expect(page.getByRole('heading', { level: 3 })).toContainText('Chào buổi sáng');
  await expect(page.getByTestId('dashboard')).toContainText('Thứ sáu, 27/11/2026');
  // The server's own instant, shown in Vietnam time (not New York's, 11 or 12 hours behind).
  const vnTime = formatDateTime(generated_at).slice(11);
  await expect(page.getByTestId('dashboard-updated-at')).toHaveText(`Cập nhật lúc ${vnTime}`);
});
