import { expect, test } from '@playwright/test';

test('the shell serves the site with its title and header', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/オプション一覧/);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('an unknown route goes to the index', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('the login page has no header or footer', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});
