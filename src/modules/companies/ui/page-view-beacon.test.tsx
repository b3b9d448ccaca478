import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetSentPageViews, PageViewBeacon } from "./page-view-beacon";

// Decision 0045: the supplier page reports its view once per page load, to the view operation.
// jsdom has no navigator.sendBeacon: a spy stands in for the browser's, to count the calls. fetch is
// only watched (a pass-through spy). The operation itself is tested in tests/api/page-view-beacon,
// and in Chromium (tests/e2e/csp.spec.ts) both the beacon and the fallback POST answer 204.

const ID = "00000000-0000-4000-8000-000000000007";
const sendBeacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>();

beforeEach(() => {
  forgetSentPageViews();
  sendBeacon.mockReset().mockReturnValue(true);
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true, writable: true });
});

afterEach(() => vi.restoreAllMocks());

describe("the supplier page's view beacon", () => {
  it("calls sendBeacon once, with no body, to POST /api/oem/view/{companyId}", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { rerender } = render(
      <StrictMode>
        <PageViewBeacon companyId={ID} />
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <PageViewBeacon companyId={ID} />
      </StrictMode>,
    );
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith(`/api/oem/view/${ID}`);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
