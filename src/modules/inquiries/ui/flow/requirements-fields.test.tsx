import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it } from "vitest";
import { draftKey, emptyDraft, type InquiryDraft, loadDraft, saveDraft, toInquiryBody } from "./draft";
import { RequirementsFields } from "./requirements-fields";
import { draftFromInquiry } from "./reuse-inquiry";

// 「詳しい条件（任意）」 of the content step (issue 20): folded until wanted or holding an error,
// certifications grouped 認証 / 許可 from GET /api/capabilities, and the draft carries it all
// through the storage, the API body and a re-used inquiry.

const lists = {
  processes: [
    { id: 1, slug: "filling", name: "充填" },
    { id: 3, slug: "emulsifying", name: "乳化" },
  ],
  materials: [{ id: 13, slug: "glass", name: "ガラス" }],
  certificationTypes: [
    { id: 4, slug: "iso-22716", name: "ISO 22716（化粧品GMP）", kind: "CERTIFICATION" },
    { id: 12, slug: "cosmetics-manufacturing", name: "化粧品製造業許可", kind: "LICENSE" },
  ],
  quantityUnits: ["個", "kg"],
};

let latest: InquiryDraft;

function Harness({
  errors = {},
  initial = emptyDraft("bulk"),
}: {
  errors?: Record<string, string>;
  initial?: InquiryDraft;
}) {
  const [draft, setDraft] = useState(initial);
  latest = draft;
  const set = <K extends keyof InquiryDraft>(key: K, value: InquiryDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  return <RequirementsFields draft={draft} set={set} errors={errors} />;
}

const renderFields = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => lists, dedupingInterval: 0 }}>
      <Harness {...props} />
    </SWRConfig>,
  );

beforeEach(() => sessionStorage.clear());

describe("RequirementsFields", () => {
  it("opens on request and fills the draft: quantities, unit, grouped certifications, processes, sample", async () => {
    const user = userEvent.setup();
    renderFields();
    const toggle = screen.getByRole("button", { name: /詳しい条件（任意）/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await user.type(screen.getByLabelText(/ロット数量/), "3,000");
    await user.selectOptions(screen.getByLabelText(/数量の単位/), "個");
    const certification = await screen.findByRole("group", { name: "認証" });
    const licence = screen.getByRole("group", { name: "許可" });
    expect(within(certification).queryByLabelText("化粧品製造業許可")).toBeNull();
    await user.click(within(licence).getByLabelText("化粧品製造業許可"));
    await user.click(screen.getByLabelText("乳化"));
    await user.click(screen.getByLabelText("サンプル（試作品）の製作を希望する"));
    expect(latest).toMatchObject({
      lotQuantity: "3,000",
      quantityUnit: "個",
      requiredCertificationIds: [12],
      processIds: [3],
      sampleWanted: true,
    });
  });

  it("opens by itself with the server's field error, and when the draft already holds requirements", async () => {
    renderFields({ errors: { quantityUnit: "数量の単位を選択してください" } });
    expect(screen.getByRole("button", { name: /詳しい条件/ }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("数量の単位を選択してください")).toBeTruthy();
  });

  it("starts open for a draft with requirements", () => {
    renderFields({ initial: { ...emptyDraft("bulk"), processIds: [1] } });
    expect(screen.getByRole("button", { name: /詳しい条件/ }).getAttribute("aria-expanded")).toBe("true");
  });
});

describe("the draft's requirements", () => {
  const target = { kind: "bulk" as const };
  const draft: InquiryDraft = {
    ...emptyDraft("bulk"),
    lotQuantity: "３,０００",
    monthlyQuantity: "1万",
    quantityUnit: "個",
    requiredCertificationIds: [12, 4],
    processIds: [1],
    materialIds: [13],
    sampleWanted: true,
  };

  it("survives the storage and goes to the API as numbers (anything else for the server to refuse)", () => {
    saveDraft(target, draft);
    expect(loadDraft(target)).toEqual(draft);
    expect(toInquiryBody(draft, target, [])).toMatchObject({
      lotQuantity: 3000,
      monthlyQuantity: "1万",
      quantityUnit: "個",
      requiredCertificationIds: [12, 4],
      processIds: [1],
      materialIds: [13],
      sampleWanted: true,
    });
    expect(toInquiryBody(emptyDraft("bulk"), target, [])).toMatchObject({
      lotQuantity: null,
      monthlyQuantity: null,
      quantityUnit: null,
      sampleWanted: false,
    });
  });

  it("drops malformed stored ids", () => {
    sessionStorage.setItem(
      draftKey(target),
      JSON.stringify({ processIds: [1, "2", -1, 1, 3.5], materialIds: "x", requiredCertificationIds: [4] }),
    );
    expect(loadDraft(target)).toMatchObject({
      processIds: [1],
      materialIds: [],
      requiredCertificationIds: [4],
    });
  });

  it("comes back from an earlier inquiry (「内容を見直して問い合わせる」)", () => {
    const detail = {
      title: "化粧水",
      category: { id: 1, name: "化粧品" },
      description: "内容",
      quantity: "3,000本",
      targetUnitPriceYen: null,
      budgetYen: null,
      desiredDeliveryDate: null,
      entryDeadline: null,
      prefectures: [],
      ndaRequired: false,
      attachments: [],
      selectedCompanies: [],
      requirements: {
        lotQuantity: 3000,
        monthlyQuantity: null,
        quantityUnit: "個",
        requiredCertifications: [{ id: 12, name: "化粧品製造業許可", kind: "LICENSE" as const }],
        processes: [{ id: 1, name: "充填" }],
        materials: [],
        sampleWanted: true,
      },
    };
    expect(draftFromInquiry(detail as never, target, "2026-11-26")).toMatchObject({
      lotQuantity: "3000",
      monthlyQuantity: "",
      quantityUnit: "個",
      requiredCertificationIds: [12],
      processIds: [1],
      materialIds: [],
      sampleWanted: true,
    });
  });
});
