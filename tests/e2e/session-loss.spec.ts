import { expect, type Page, test } from "@playwright/test";
import { login, sidebar } from "./support/journey";

// Issue 15 #23: a session that ends elsewhere (revoked, expired, cookies cleared) is noticed on the
// next navigation or return to the tab: the login page shows the notice and the header no longer
// shows the previous user. (The 401-of-an-API-call path is app-shell.spec.ts.)

const SESSION_EXPIRED = "一定時間操作がなかったため、ログアウトしました。再度ログインしてください";
const SUPPLIER = "supplier-paid@demo.oem-match.jp";
const SUPPLIER_NAME = "望月 隆之";

async function revoke(page: Page) {
  const { token } = await (await page.request.get("/api/auth/session")).json();
  const res = await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
}

async function expectSignedOutWithNotice(page: Page) {
  await expect(page).toHaveURL(/\/oem\/login\?.*reason=session-expired/);
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: /アカウントメニュー/ })).toHaveCount(0);
  await expect(header.getByText(SUPPLIER_NAME)).toHaveCount(0);
  await expect(header.getByRole("button", { name: /ログイン/ })).toBeVisible();
}

// Once the session is gone, the app may notice it by itself first (the check that follows a
// navigation, a return to the tab, a poll that gets 401) and leave for the login page: then there is
// no sidebar left to click, and that is right too. Either way the user must end on the notice.
async function clickSidebarOrLeave(page: Page) {
  const clickSidebar = async () =>
    (await sidebar(page)).getByRole("link", { name: "個人情報", exact: true }).click();
  await Promise.race([clickSidebar().catch(() => undefined), page.waitForURL(/\/oem\/login\?/)]);
}

test("a sidebar click after the session was revoked shows the notice and clears the header", async ({
  page,
}, info) => {
  await login(page, "oem", SUPPLIER, "/account/oem");
  await revoke(page);
  await clickSidebarOrLeave(page);
  await expectSignedOutWithNotice(page);
  await page.screenshot({ path: info.outputPath("sidebar-after-revoke.png") });
});

test("a sidebar click after the cookies were cleared shows the notice and clears the header", async ({
  page,
  context,
}, info) => {
  await login(page, "oem", SUPPLIER, "/account/oem");
  // A fresh load reads the session once in the browser; the header shows the user when it has
  // answered, before the cookies go. (A session response alone may be the previous page's.)
  await page.reload();
  await expect(page.getByRole("banner").getByRole("button", { name: /アカウントメニュー/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await context.clearCookies();
  await clickSidebarOrLeave(page);
  await expectSignedOutWithNotice(page);
  await page.screenshot({ path: info.outputPath("sidebar-after-cookies-cleared.png") });
});

test("a page rendered for a session that ends before the browser reads it does not stay blank", async ({
  page,
}) => {
  await login(page, "oem", SUPPLIER, "/account/oem");
  // The server renders the page for the cookie; the browser's first session read finds it gone.
  await page.route("**/api/auth/session", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
  );
  await page.goto("/account/oem/me");
  await expect(page).toHaveURL(/\/oem\/login\?.*reason=session-expired/, { timeout: 10_000 });
  await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
});
