import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import type { Certification, CertificationList } from "../certification.schema";

// The certificates on /account/oem/capabilities (issue 20): each with its standing (確認待ち,
// 認証確認済み, 差し戻し with the reason, 期限切れ), a deletion that asks first, and the upload form
// (types grouped 認証 / 許可; a file the browser can tell is wrong is not sent; input kept on a refusal).

const apiFetch = vi.fn();
vi.mock("@/lib/api/client", async (original) => ({
  ...(await original<typeof import("@/lib/api/client")>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));
const { CertificationsSettings } = await import("./certifications-settings");

const cert = (id: string, over: Partial<Certification>): Certification => ({
  id,
  certificationTypeId: 1,
  certificationTypeName: "ISO 9001",
  kind: "CERTIFICATION",
  number: `No-${id}`,
  issuer: "審査機関",
  expiresOn: "2027-03-31",
  status: "PENDING",
  rejectionReason: null,
  isExpired: false,
  standing: "PENDING",
  standingLabel: "確認待ち",
  document: { name: `${id}.pdf`, contentType: "application/pdf", byteSize: 2048, url: `/doc/${id}` },
  createdAt: "2026-11-26T00:00:00.000Z",
  reviewedAt: null,
  ...over,
});

const list: CertificationList = {
  items: [
    cert("a", {}),
    cert("b", {
      status: "VERIFIED",
      standing: "VERIFIED",
      standingLabel: "認証確認済み",
      certificationTypeName: "HACCP",
    }),
    cert("c", {
      status: "REJECTED",
      standing: "REJECTED",
      standingLabel: "差し戻し",
      rejectionReason: "許可番号が読み取れません",
      kind: "LICENSE",
      certificationTypeName: "化粧品製造業許可",
      expiresOn: null,
    }),
    cert("d", { status: "VERIFIED", standing: "EXPIRED", standingLabel: "期限切れ", isExpired: true }),
  ],
  total: 4,
  max: 30,
};
const masters = {
  processes: [],
  materials: [],
  quantityUnits: ["個"],
  certificationTypes: [
    { id: 1, slug: "iso-9001", name: "ISO 9001", kind: "CERTIFICATION" },
    { id: 20, slug: "cosmetics-manufacturing", name: "化粧品製造業許可", kind: "LICENSE" },
  ],
};

function renderSettings() {
  const fetcher = async (key: string) => (key === "/api/capabilities" ? masters : list);
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <CertificationsSettings companyId="c1" />
    </SWRConfig>,
  );
}

beforeEach(() => {
  apiFetch.mockReset();
});

describe("CertificationsSettings", () => {
  it("shows each certificate's standing, the rejection's reason, and deletes after asking", async () => {
    const user = userEvent.setup();
    apiFetch.mockResolvedValue({ ok: true });
    renderSettings();
    const items = within(await screen.findByRole("list", { name: "登録済みの証明書" })).getAllByRole(
      "listitem",
    );
    expect(
      items.map((li) => within(li).getAllByText(/確認待ち|認証確認済み|差し戻し$|期限切れ/)[0]!.textContent),
    ).toEqual(["確認待ち", "認証確認済み", "差し戻し", "期限切れ"]);
    expect(within(items[2]!).getByText("許可番号が読み取れません")).toBeTruthy();
    expect(within(items[2]!).getByText("期限なし")).toBeTruthy();
    expect(within(items[0]!).getByText("2027年3月31日まで")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "HACCP（No-b）を削除" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/認証確認済み」の表示も公開ページから外れます/)).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "削除する" }));
    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith("/api/oem/company/c1/certifications/b/delete", {
        method: "POST",
      }),
    );
  });

  it("groups the types, refuses a wrong file in the browser, and keeps the input on a refusal", async () => {
    // The picker offers PDF, JPEG and PNG, but a person can still choose "all files".
    const user = userEvent.setup({ applyAccept: false });
    apiFetch.mockRejectedValue(
      new ApiError(422, "VALIDATION_FAILED", "入力内容に誤りがあります。", {
        expiresOn: "有効期限が過ぎています。有効期限内の証明書を登録してください",
      }),
    );
    renderSettings();
    // The select is drawn again once the master list is there.
    const typeSelect = () => screen.getByLabelText("認証・許可の種類", { exact: false }) as HTMLSelectElement;
    await waitFor(() => expect(typeSelect().querySelectorAll("optgroup")).toHaveLength(2));
    const type = typeSelect();
    expect([...type.querySelectorAll("optgroup")].map((g) => g.label)).toEqual(["認証", "許可"]);
    await user.selectOptions(type, "20");
    await user.type(screen.getByLabelText("登録番号・許可番号", { exact: false }), "13AZ200123");
    await user.type(screen.getByLabelText("発行機関", { exact: false }), "東京都");
    const picker = screen.getByLabelText("証明書ファイル", { exact: false }) as HTMLInputElement;
    await user.upload(picker, new File(["x"], "許可証.docx", { type: "application/msword" }));
    expect(await screen.findByText("証明書は PDF・JPEG・PNG のファイルを選択してください。")).toBeTruthy();
    await user.upload(picker, new File(["%PDF-1.4"], "許可証.pdf", { type: "application/pdf" }));
    expect(screen.getByText("許可証.pdf")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "証明書を登録する" }));
    expect(
      await screen.findByText("有効期限が過ぎています。有効期限内の証明書を登録してください"),
    ).toBeTruthy();
    const sent = apiFetch.mock.calls[0]![1].body as FormData;
    expect(sent.get("certificationTypeId")).toBe("20");
    expect((sent.get("file") as File).name).toBe("許可証.pdf");
    expect((screen.getByLabelText("登録番号・許可番号", { exact: false }) as HTMLInputElement).value).toBe(
      "13AZ200123",
    );
    expect(screen.getByText("許可証.pdf")).toBeTruthy();
  });
});
