// Where the public supplier pages lead (plain values: usable from server and client components).

export const BULK_INQUIRY_HREF = "/buyer/bulk-inquiry?step=1";
export const SEARCH_PATH = "/oem/search";
/** The search form's id: the sort select outside it submits it through the form attribute. */
export const SEARCH_FORM_ID = "supplier-search";

export function companyHref(id: string): string {
  return `/oem/company/${id}`;
}

/** The nominated (single) inquiry flow, addressed to one supplier. */
export function singleInquiryHref(companyId: string): string {
  return `/buyer/single-inquiry?step=1&companyId=${encodeURIComponent(companyId)}`;
}
