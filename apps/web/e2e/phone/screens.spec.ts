import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { TOKEN_KEY } from '../helpers';
import { apiFor, SCREENS } from './screens';

// The staff area on a 390 × 844 phone (issue 23, part 3): each screen of the demo company, opened by a user of the
// right role, scrolls only vertically and shows its buttons inside the screen's width. Its screenshot is committed
// under docs/images/phone/ (look at them after a change).

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/images/phone');

for (const screen of SCREENS) {
  test(`${screen.name} at 390 px`, async ({ page, request }) => {
    // The demo's pages are full and the machine may be loaded: patient waits, the same assertions.
    test.setTimeout(120_000);
    const { token, api } = await apiFor(request, screen.user);
    const url = typeof screen.path === 'string' ? screen.path : await screen.path(api);
    await page.goto('/404');
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    await page.goto(url);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
    await screen.open?.(page);

    if (process.env.PHONE_LIST_BUTTONS) {
      const names = await page
        .locator('main button:visible, main a.ant-btn:visible')
        .evaluateAll((els) =>
          els.map(
            (e) =>
              `${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim()} @${Math.round(e.getBoundingClientRect().right)}`,
          ),
        );
      console.log(`BUTTONS ${screen.name}: ${JSON.stringify(names)}`);
    }
    const width = page.viewportSize()!.width;
    const { scrollWidth, wide } = await page.evaluate((w) => {
      // What sticks out, for the failure message: the deepest elements past the right edge.
      const out = [...document.querySelectorAll('body *')].filter(
        (e) =>
          e.getBoundingClientRect().right > w + 0.5 && ![...e.children].some((c) => c.getBoundingClientRect().right > w + 0.5),
      );
      const wide = out
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${e.textContent?.slice(0, 40)}"`);
      return { scrollWidth: document.documentElement.scrollWidth, wide };
    }, width);
    expect(scrollWidth, `no sideways scroll of the page; past the edge: ${wide.join(' | ')}`).toBeLessThanOrEqual(width);
    for (const name of screen.buttons) {
      // A name ends the button's accessible name (its icon's label, e.g. "download", comes first).
      const pattern = typeof name === 'string' ? new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : name;
      const button = page.getByRole('button', { name: pattern }).first();
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeVisible();
      const box = (await button.boundingBox())!;
      expect(box.x, `${name}: left edge on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name}: right edge on screen`).toBeLessThanOrEqual(width);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, `${screen.name}.png`), fullPage: true, scale: 'css' });
  });
}
