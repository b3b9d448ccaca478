// One postal address line for documents (発注書, 注文請書): 〒 code, prefecture and the rest, never the prefecture twice.

// The 47 names (JIS X 0401): a company's free-text address often starts with one of them already.
const PREFECTURE_NAMES =
  "北海道 青森県 岩手県 宮城県 秋田県 山形県 福島県 茨城県 栃木県 群馬県 埼玉県 千葉県 東京都 神奈川県 新潟県 富山県 石川県 福井県 山梨県 長野県 岐阜県 静岡県 愛知県 三重県 滋賀県 京都府 大阪府 兵庫県 奈良県 和歌山県 鳥取県 島根県 岡山県 広島県 山口県 徳島県 香川県 愛媛県 高知県 福岡県 佐賀県 長崎県 熊本県 大分県 宮崎県 鹿児島県 沖縄県".split(
    " ",
  );

export interface PostalAddressParts {
  postalCode?: string | null;
  prefecture?: string | null;
  address?: string | null;
}

// NFKC turns full-width digits and spaces (U+3000) into ASCII; runs of spaces become one.
function clean(value: string | null | undefined): string {
  return (value ?? "").normalize("NFKC").replace(/\s+/g, " ").trim();
}

/** 「1500002」「１５０－０００２」 → 「〒150-0002」; any other shape is printed as given after 〒. */
export function formatPostalCode(value: string | null | undefined): string {
  const code = clean(value).replace(/^〒\s*/, "");
  if (!code) return "";
  const digits = code.replace(/[^0-9]/g, "");
  return digits.length === 7 ? `〒${digits.slice(0, 3)}-${digits.slice(3)}` : `〒${code}`;
}

/** The prefecture the text starts with, or null. */
export function leadingPrefecture(text: string): string | null {
  return PREFECTURE_NAMES.find((p) => text.startsWith(p)) ?? null;
}

/**
 * 「〒150-0002 東京都渋谷区渋谷1-2-3」: the prefecture is written once even when `address`
 * already starts with it; an address that starts with another prefecture is kept as it is.
 */
export function formatAddress(parts: PostalAddressParts): string {
  const prefecture = clean(parts.prefecture);
  let rest = clean(parts.address);
  const leading = leadingPrefecture(rest);
  if (leading && leading === prefecture) rest = rest.slice(leading.length).trim();
  const place = leading && leading !== prefecture ? rest : `${prefecture}${rest}`;
  return [formatPostalCode(parts.postalCode), place].filter(Boolean).join(" ");
}
