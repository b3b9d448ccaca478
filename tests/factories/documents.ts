// Complete documents for the PUTs that replace one (docs/decisions/0005): every field present,
// null or [] for "none". Tests override what they are about.

/** Basic information of a company with every field empty but the name. */
export function basicInfo(overrides: Record<string, unknown> = {}) {
  return {
    name: "株式会社テスト",
    nameKana: null,
    postalCode: null,
    prefectureId: null,
    address: null,
    phone: null,
    website: null,
    representativeName: null,
    establishedYear: null,
    capitalYen: null,
    employeeCount: null,
    description: null,
    logoFileId: null,
    corporateNumber: null,
    ...overrides,
  };
}

/** OEM information with every field empty. */
export function oemInfo(overrides: Record<string, unknown> = {}) {
  return {
    catchphrase: null,
    strengths: null,
    minimumLot: null,
    leadTime: null,
    capacity: null,
    certifications: null,
    services: null,
    priceRange: null,
    categoryIds: [],
    featureIds: [],
    factories: [],
    gallery: [],
    ...overrides,
  };
}

/** A case study with only its title and body. */
export function caseDocument(overrides: Record<string, unknown> = {}) {
  return {
    title: "事例のタイトル",
    categoryId: null,
    clientIndustry: null,
    body: "事例の内容です。",
    lotSize: null,
    period: null,
    status: "DRAFT",
    imageIds: [],
    ...overrides,
  };
}
