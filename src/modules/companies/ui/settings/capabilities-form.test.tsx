import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import type { Capabilities } from "./capabilities-model";

// The capabilities form (/account/oem/capabilities): the API's rules run in the browser with the
// same Japanese messages, full-width digits are read, hidden fields are not sent, and whatever was
// typed stays when the server refuses the document.

const apiFetch = vi.fn();
vi.mock("@/lib/api/client", async (original) => ({
  ...(await original<typeof import("@/lib/api/client")>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));
const { CapabilitiesSettings } = await import("./capabilities-form");

const masters = {
  processes: [
    { id: 1, slug: "filling", name: "充填" },
    { id: 2, slug: "mixing", name: "調合・混合" },
  ],
  materials: [{ id: 10, slug: "essential-oil", name: "精油" }],
  certificationTypes: [],
  quantityUnits: ["個", "本", "kg"],
};
const empty: Capabilities = {
  companyId: "c1",
  quantityUnit: null,
  moqMin: null,
  moqMax: null,
  monthlyCapacity: null,
  smallLotAccepted: null,
  smallLotMin: null,
  sampleAvailable: null,
  sampleDays: null,
  processes: [],
  materials: [],
  verifiedCertifications: [],
  updatedAt: "2026-11-26T00:00:00.000Z",
};

function renderForm() {
  const fetcher = async (key: string) => (key === "/api/capabilities" ? masters : empty);
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <CapabilitiesSettings companyId="c1" />
    </SWRConfig>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const save = () => screen.getByRole("button", { name: "対応能力を保存する" });

// A block body: a function returned from beforeEach would be run as its cleanup.
beforeEach(() => {
  apiFetch.mockReset();
});

describe("CapabilitiesSettings", () => {
  it("asks for a unit and a coherent MOQ before sending, keeping what was typed", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText("下限", { exact: false }), "5000");
    await user.type(field("上限"), "100");
    await user.click(save());
    expect(await screen.findByText("数量の単位を選択してください")).toBeTruthy();
    await user.selectOptions(field("数量の単位"), "個");
    await user.click(save());
    expect(await screen.findByText("MOQの上限は下限以上の数量を入力してください")).toBeTruthy();
    expect(field("上限").getAttribute("aria-invalid")).toBe("true");
    expect(field("下限").value).toBe("5000");
    expect(field("上限").value).toBe("100");
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it("sends the complete document: full-width digits read, a hidden minimum left out", async () => {
    const user = userEvent.setup();
    apiFetch.mockImplementation(async (_path: string, opts: { body: Record<string, unknown> }) => ({
      ...empty,
      ...opts.body,
      processes: [masters.processes[1]],
      materials: [],
    }));
    renderForm();
    await user.selectOptions(await screen.findByLabelText("数量の単位", { exact: false }), "本");
    await user.type(field("下限"), "１，０００");
    await user.type(field("月産能力"), "200000");
    // 対応する shows the minimum; typed, then 対応しない: it is kept in the form but not sent.
    await user.click(screen.getAllByLabelText("対応する")[0]!);
    await user.type(field("小ロットの最小数量"), "300");
    await user.click(screen.getAllByLabelText("対応しない")[0]!);
    expect(screen.queryByLabelText("小ロットの最小数量", { exact: false })).toBeNull();
    await user.click(screen.getAllByLabelText("対応する")[1]!);
    await user.type(field("サンプルの目安日数"), "14");
    await user.click(await screen.findByLabelText("調合・混合"));
    await user.click(save());
    await waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    expect(apiFetch.mock.calls[0]![0]).toBe("/api/oem/company/c1/capabilities/update");
    expect(apiFetch.mock.calls[0]![1]).toMatchObject({
      method: "POST",
      body: {
        quantityUnit: "本",
        moqMin: 1000,
        moqMax: null,
        monthlyCapacity: 200_000,
        smallLotAccepted: false,
        smallLotMin: null,
        sampleAvailable: true,
        sampleDays: 14,
        processIds: [2],
        materialIds: [],
      },
    });
  });

  it("shows the server's field errors on their inputs and keeps the values", async () => {
    const user = userEvent.setup();
    apiFetch.mockRejectedValue(
      new ApiError(422, "VALIDATION_FAILED", "入力内容に誤りがあります。", {
        processIds: "存在しない加工が含まれています",
      }),
    );
    renderForm();
    await user.click(await screen.findByLabelText("充填"));
    await user.selectOptions(field("数量の単位"), "kg");
    await user.type(field("月産能力"), "800");
    await user.click(save());
    expect(await screen.findByText("存在しない加工が含まれています")).toBeTruthy();
    expect(field("月産能力").value).toBe("800");
    expect((screen.getByLabelText("充填") as HTMLInputElement).checked).toBe(true);
  });
});

// Issue 33 item 22: 「-10」 in 月産能力 said only 「正しい形式で入力してください」 (the text was no
// number for the form, so the schema's union gave its first branch's message).
describe("CapabilitiesSettings: numbers out of range", () => {
  it.each([
    ["-10", "月産能力は1以上で入力してください"],
    ["0", "月産能力は1以上で入力してください"],
    ["たくさん", "月産能力は数字で入力してください"],
  ])("「%s」 in 月産能力 says 「%s」 on the field, without sending", async (typed, message) => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(await screen.findByLabelText("数量の単位", { exact: false }), "個");
    await user.type(field("月産能力"), typed);
    await user.click(save());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field("月産能力").getAttribute("aria-invalid")).toBe("true");
    expect(field("月産能力").value).toBe(typed);
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
