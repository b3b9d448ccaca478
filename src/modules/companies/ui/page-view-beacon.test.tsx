import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetSentPageViews, PageViewBeacon } from "./page-view-beacon";

// Decision 0045: the supplier page reports its view once per page load, to the view operation.

const ID = "00000000-0000-4000-8000-000000000007";
const sendBeacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  forgetSentPageViews();
  sendBeacon.mockReset().mockReturnValue(true);
  fetchMock.mockReset().mockResolvedValue(new Response(null, { status: 204 }));
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true, writable: true });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe("the supplier page's view beacon", () => {
  it("calls sendBeacon once, with no body, to POST /api/oem/view/{companyId}", () => {
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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive POST when the browser refuses the beacon", () => {
    sendBeacon.mockReturnValue(false);
    render(<PageViewBeacon companyId={ID} />);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(`/api/oem/view/${ID}`, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
    });
  });
});
