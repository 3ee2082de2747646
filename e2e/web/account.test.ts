import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcEnv, startLocalOidc } from '../api/local-oidc.ts';
import type { LocalOidc } from '../api/local-oidc.ts';
import { linkIn, smtpEnv, startLocalSmtp } from '../api/local-smtp.ts';
import { seriousAccessibilityViolations } from './axe.ts';
import { launchBrowser, openPage, screenshotPath } from './browser.ts';
import { startWebServer } from './web-server.ts';
import type { WebServer } from './web-server.ts';

const PASSWORD = 'correct horse battery 7';
const LIMIT_MESSAGE = 'Maximum number of API keys (3) reached. Please delete an existing key before creating a new one.';
const UNAUTHORIZED = 'Unauthorized. Please check your API key. You may refresh it by logging out and signing in again.';

/**
 * Console errors that concern these tests: failed requests with 4xx answers are expected (wrong password,
 * the fourth key). The structure editor, whose own errors the search tests own, does not load in these pages.
 */
const NOT_OURS = [/status of 40\d/];
function accountErrors(errors: string[]): string[] {
  return errors.filter((error) => !NOT_OURS.some((pattern) => pattern.test(error)));
}

let web: WebServer;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signUpThroughPage(page: Page, email: string): Promise<void> {
  await page.goto(`${web.url}/auth?mode=sign-up`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Company or institution').fill('Heidelberg Institute of Chemistry');
  await page.getByRole('button', { name: 'Create Account' }).click();
}

function header(page: Page) {
  return page.getByRole('banner');
}

async function submitWithKey(key: string): Promise<Response> {
  const query = new URLSearchParams({ search_input: 'CCO', search_type: 'morgan', search_quality: 'fast', db_names: 'MOLPORT' });
  return fetch(`${web.url}/api/submit_molsearch?${query}`, { headers: { 'X-API-Key': key } });
}

describe('accounts in the browser', () => {
  beforeAll(async () => {
    // No SMTP configured: e-mail confirmation is off, so a sign-up signs the user in at once.
    web = await startWebServer();
  });

  afterAll(async () => {
    await web?.stop();
  });

  it('signs up, signs out and signs in again with e-mail and password', async () => {
    const { context, page, errors } = await openPage(browser, { editor: false });
    await page.goto(web.url);
    // A first visit gets an anonymous session, which still shows Sign In.
    await expect.poll(() => header(page).getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    await signUpThroughPage(page, 'ada.chem@example.org');
    await page.waitForURL(`${web.url}/`);
    const menu = header(page).getByRole('button', { name: 'ada.chem account menu' });
    await menu.waitFor();
    await expect.poll(() => header(page).getByRole('button', { name: 'API keys' }).isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('account-header-signed-in') });

    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();

    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${web.url}/auth`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid sign-in parameters').waitFor();
    await page.getByLabel('Email').fill('ada.chem@example.org');
    await page.getByLabel('Password').fill('wrong password 1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/invalid/i);
    await page.screenshot({ path: screenshotPath('account-sign-in-error') });

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'ada.chem account menu' }).waitFor();
    expect(accountErrors(errors)).toEqual([]);
    await context.close();
  });

  it('sends a registered user without a profile to /complete-profile and completes it', async () => {
    const { context, page } = await openPage(browser, { editor: false });
    await page.goto(web.url);
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    // Signed up elsewhere (no company yet): the sign-up call itself, then a visit to the home page.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'grace.lab@example.org', password: 'correct horse battery 7', name: 'Grace Hopper' }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    await page.goto(web.url);
    await page.waitForURL(`${web.url}/complete-profile`);
    await page.getByRole('heading', { name: 'Complete your registration' }).waitFor();

    await page.getByLabel(/LinkedIn profile URL/).fill('linkedin.com/grace');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByText('Please enter your company or institution').waitFor();
    await page.getByLabel('Company or institution').fill('Navy Research Lab');
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.getByText(/valid LinkedIn profile URL/).waitFor();
    await page.getByLabel(/LinkedIn profile URL/).fill('https://www.linkedin.com/in/grace-hopper');
    await page.screenshot({ path: screenshotPath('account-complete-profile') });
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'Grace Hopper account menu' }).waitFor();

    await header(page).getByRole('button', { name: 'Grace Hopper account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${web.url}/settings#profile`);
    expect(await page.getByLabel('Company or institution').inputValue()).toBe('Navy Research Lab');

    // Deleting the account deactivates it and signs out.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('link', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('offers the consent modal to a visitor after 15 s and saves the e-mail and consents', async () => {
    const { context, page, errors } = await openPage(browser, { editor: false });
    // The page's clock, not the wall clock, runs the 15 s: moved well short of them, then past.
    await page.clock.install();
    await page.goto(`${web.url}/about`);
    // The delay starts once the page knows the visitor has no account: the header offers Sign In.
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    const modal = page.getByRole('dialog', { name: 'Help us improve molsearch' });
    await page.clock.runFor(12_000);
    expect(await modal.isVisible()).toBe(false);
    await page.clock.runFor(4_000);
    await modal.waitFor();
    expect(await modal.getByRole('checkbox', { name: /contacted for feedback/ }).isChecked()).toBe(true);
    expect(await modal.getByRole('checkbox', { name: /newsletter/ }).isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Submit' }).click();
    await modal.getByText('Please enter your email address').waitFor();
    await modal.getByLabel('Email').fill('  visitor@example.org ');
    await modal.getByRole('checkbox', { name: /newsletter/ }).uncheck();
    await page.screenshot({ path: screenshotPath('account-consent-modal') });
    await modal.getByRole('button', { name: 'Submit' }).click();
    const offer = page.getByRole('dialog', { name: 'Create a free account' });
    await offer.getByText('Higher rate limits').waitFor();
    await offer.getByRole('button', { name: 'Maybe later' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await page.evaluate<string | null>("localStorage.getItem('molsearch.consent-modal-seen')")).toBe('true');
    expect(accountErrors(errors)).toEqual([]);
    await context.close();
  });

  it('creates, shows once, copies, uses, edits and deletes API keys, and refuses a fourth', async () => {
    const { context, page, errors } = await openPage(browser, { editor: false });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.url });
    await signUpThroughPage(page, 'keys.owner@example.org');
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API Key Management' });
    await dialog.getByText('No API keys yet').waitFor();
    await dialog.getByText('0 of 3 API keys used').waitFor();

    await dialog.getByRole('button', { name: 'Create Your First API Key' }).click();
    expect(await dialog.getByRole('button', { name: 'Create Key' }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Expiration').inputValue()).toBe('365');
    await dialog.getByLabel(/Key Name/).fill('Screening pipeline');
    await dialog.getByLabel(/Description/).fill('Nightly similarity screen');
    await dialog.getByLabel('Expiration').selectOption('90');
    await dialog.getByRole('button', { name: 'Create Key' }).click();

    const card = dialog.getByTestId('api-key-card');
    await card.getByRole('button', { name: 'Copy key' }).waitFor();
    const value = (await card.getByTestId('api-key-value').textContent()) ?? '';
    expect(value).toMatch(/^ck_[A-Za-z0-9]{32}$/);
    await page.screenshot({ path: screenshotPath('account-api-key-created') });
    await card.getByRole('button', { name: 'Copy key' }).click();
    await card.getByRole('button', { name: 'Copy key' }).getByText('Copied!').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(value);
    await card.getByRole('button', { name: 'Hide key' }).click();
    expect(await card.getByTestId('api-key-value').textContent()).toBe(`${value.slice(0, 8)}${'•'.repeat(16)}${value.slice(-8)}`);

    // The key works against the search API; a wrong one gets the spec's 401.
    const accepted = await submitWithKey(value);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { job_name: string }).job_name).toBeTruthy();
    const refused = await submitWithKey(`ck_${'x'.repeat(32)}`);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(await refused.json())).toContain(UNAUTHORIZED);

    // Reopened: shown only masked now, with its use counted.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await header(page).getByRole('button', { name: 'API keys' }).click();
    await dialog.getByText('1 of 3 API keys used').waitFor();
    expect(await card.getByTestId('api-key-value').textContent()).toBe(`${value.slice(0, 8)}${'•'.repeat(16)}${value.slice(-8)}`);
    expect(await card.getByRole('button', { name: 'Copy key' }).count()).toBe(0);
    await card.getByText('1 request', { exact: true }).waitFor();
    await card.getByText('Just now').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Edit Screening pipeline' }).click();
    const edit = dialog.getByRole('form', { name: 'Edit API key' });
    await edit.getByText(/Only the name and description can be changed/).waitFor();
    await edit.getByLabel(/Key Name/).fill('Docking pipeline');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByRole('heading', { name: 'Docking pipeline' }).waitFor();

    for (const name of ['Second key', 'Third key']) {
      await dialog.getByRole('button', { name: 'Create New Key' }).click();
      await dialog.getByLabel(/Key Name/).fill(name);
      await dialog.getByRole('button', { name: 'Create Key' }).click();
      await dialog.getByRole('heading', { name }).waitFor();
    }
    await dialog.getByText('3 of 3 API keys used').waitFor();
    await dialog.getByText(/Key limit reached/).waitFor();
    await dialog.getByRole('button', { name: 'Create New Key' }).click();
    await dialog.getByLabel(/Key Name/).fill('Fourth key');
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await dialog.getByText(LIMIT_MESSAGE).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.screenshot({ path: screenshotPath('account-api-keys-full') });

    await dialog.getByRole('button', { name: 'Delete Docking pipeline' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete API Key' });
    await confirm.getByText(/cannot be undone/).waitFor();
    await confirm.getByRole('button', { name: 'Delete Key' }).click();
    await dialog.getByText('2 of 3 API keys used').waitFor();
    expect(await dialog.getByRole('heading', { name: 'Docking pipeline' }).count()).toBe(0);
    // A deleted key no longer opens the API.
    expect((await submitWithKey(value)).status).toBe(401);
    expect(accountErrors(errors)).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations on the account pages and in the API key dialog', async () => {
    const { context, page } = await openPage(browser, { editor: false });
    await page.goto(`${web.url}/auth`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await signUpThroughPage(page, 'axe.reader@example.org');
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API Key Management' });
    await dialog.getByRole('button', { name: 'Create Your First API Key' }).click();
    await dialog.getByLabel(/Key Name/).fill('Accessibility check');
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await dialog.getByTestId('api-key-card').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`${web.url}/settings`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: header, user menu and API key dialog', async () => {
    const { context, page } = await openPage(browser, { width: 390, height: 844, editor: false });
    await page.goto(`${web.url}/auth`);
    await page.getByRole('heading', { name: 'Sign in to molsearch' }).waitFor();
    await page.screenshot({ path: screenshotPath('account-auth-390') });
    await signUpThroughPage(page, 'phone.user@example.org');
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'API keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'API Key Management' });
    await dialog.getByText('No API keys yet').waitFor();
    await dialog.getByRole('button', { name: 'Create Your First API Key' }).click();
    await dialog.getByLabel(/Key Name/).fill('Phone key');
    await dialog.getByRole('button', { name: 'Create Key' }).click();
    await dialog.getByRole('button', { name: 'Copy key' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('account-api-keys-390') });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    await header(page).getByRole('button', { name: 'phone.user account menu' }).click();
    for (const item of ['Profile', 'Settings', 'API Keys', 'Sign Out']) await page.getByRole('menuitem', { name: item }).waitFor();
    await page.screenshot({ path: screenshotPath('account-user-menu-390') });
    await page.keyboard.press('Escape');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe('e-mail confirmation, password recovery and OpenID sign-in in the browser', () => {
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let oidc: LocalOidc;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    oidc = await startLocalOidc();
    web = await startWebServer({ env: { ...smtpEnv(smtp.port), ...oidcEnv('GOOGLE', oidc) } });
    oidc.register(`${web.url}/api/auth/callback/google`);
  });

  afterAll(async () => {
    await web?.stop();
    await smtp?.close();
    await oidc?.close();
  });

  it('confirms a sign-up by e-mail and completes the profile with the sign-up details', async () => {
    const { context, page } = await openPage(browser, { editor: false });
    await signUpThroughPage(page, 'confirm.me@example.org');
    await page.getByText('We sent a confirmation link to confirm.me@example.org').waitFor();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByLabel('Email').fill('confirm.me@example.org');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please confirm your e-mail address first: open the link we sent you.').waitFor();
    const link = linkIn(await smtp.waitFor('confirm.me@example.org'));
    await page.goto(link);
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'confirm.me account menu' }).waitFor();
    await page.goto(`${web.url}/settings`);
    expect(await page.getByLabel('Company or institution').inputValue()).toBe('Heidelberg Institute of Chemistry');
    await page.screenshot({ path: screenshotPath('account-settings'), fullPage: true });
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const { context, page } = await openPage(browser, { editor: false });
    await page.goto(`${web.url}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill('confirm.me@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/a link to reset the password is on its way/).waitFor();
    const link = linkIn(await smtp.waitFor('confirm.me@example.org', 2));
    await page.goto(link);
    await page.waitForURL(/\/auth\/reset-password\?token=/);
    await page.getByLabel(/^New password/).fill('a brand new password 9');
    await page.getByLabel('Repeat the new password').fill('a different one 99');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Repeat the new password').fill('a brand new password 9');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed. Sign in with the new password.').waitFor();

    await page.getByRole('region', { name: 'Choose a new password' }).getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill('confirm.me@example.org');
    await page.getByLabel('Password').fill('a brand new password 9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${web.url}/`);
    await header(page).getByRole('button', { name: 'confirm.me account menu' }).waitFor();
    await context.close();
  });

  it('signs in with Google through the provider and asks the new user to complete the profile', async () => {
    const { context, page } = await openPage(browser, { editor: false });
    await page.goto(`${web.url}/auth`);
    const google = page.getByRole('button', { name: 'Continue with Google' });
    await google.waitFor();
    expect(await page.getByRole('button', { name: 'Continue with LinkedIn' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('account-auth-providers') });
    await google.click();
    await page.waitForURL(`${web.url}/complete-profile`);
    await page.getByText('Signed in as').waitFor();
    await page.getByText('dave@example.org').waitFor();
    await context.close();
  });

  it('reports an error returned to /auth/callback', async () => {
    const { context, page } = await openPage(browser, { editor: false });
    await page.goto(`${web.url}/auth/callback?error=access_denied`);
    await page.getByText('Error in URL with unspecified error_description').waitFor();
    await page.goto(`${web.url}/auth/callback?error=access_denied&error_description=The+user+cancelled`);
    await page.getByText('The user cancelled').waitFor();
    await context.close();
  });
});
