/** A member may manage the images of a company only while the company is active. */
export function canManageCompanyImages(
  membership: { companyStatus: "ACTIVE" | "DEACTIVATED" } | undefined,
): boolean {
  return membership?.companyStatus === "ACTIVE";
}
