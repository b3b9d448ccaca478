// The OEM information form's values, sections and completeness (as the server computes it).
import { Award, Factory, Images, Megaphone, Tags, Truck } from "lucide-react";
import type { ReactNode } from "react";
import type { z } from "zod";
import type { UploadedImage } from "@/lib/api/company-image";
import { bodyResolver } from "@/lib/form-utils";
import { numberFromText } from "@/lib/validation";
import {
  type companyBasic,
  type oemInformation,
  oemInformationInput,
} from "@/modules/companies/company.schema";

export type OemInformation = z.infer<typeof oemInformation>;
export type CompanyBasic = z.infer<typeof companyBasic>;

export const TEXT_FIELDS = [
  "catchphrase",
  "strengths",
  "minimumLot",
  "leadTime",
  "capacity",
  "certifications",
  "services",
  "priceRange",
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface FactoryValues {
  name: string;
  prefectureId: string;
  address: string;
}
export interface OemValues extends Record<TextField, string> {
  categoryIds: number[];
  featureIds: number[];
  factories: FactoryValues[];
  gallery: UploadedImage[];
}

export const MAX_CATEGORIES = 5;
export const MAX_FEATURES = 12;
export const MAX_FACTORIES = 10;
export const MAX_GALLERY = 10;

export function toValues(info: OemInformation): OemValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, info[f] ?? ""])) as Record<TextField, string>;
  return {
    ...text,
    categoryIds: info.categories.map((c) => c.id),
    featureIds: info.features.map((f) => f.id),
    factories: info.factories.map((f) => ({
      name: f.name,
      prefectureId: String(f.prefectureId),
      address: f.address ?? "",
    })),
    gallery: info.gallery.map((g) => ({ id: g.id, url: g.url, caption: g.caption })),
  };
}

export function toBody(v: OemValues) {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, v[f] ?? ""])),
    categoryIds: v.categoryIds ?? [],
    featureIds: v.featureIds ?? [],
    factories: (v.factories ?? []).map((f) => ({
      name: f.name,
      prefectureId: numberFromText(f.prefectureId),
      address: f.address,
    })),
    gallery: (v.gallery ?? []).map((g) => ({ fileId: g.id, caption: g.caption ?? undefined })),
  };
}

export const resolver = bodyResolver<OemValues, typeof oemInformationInput>(oemInformationInput, toBody);

export const filledText = (v: string | undefined) => Boolean(v?.trim());

export interface SectionDef {
  id: string;
  title: string;
  short: string;
  icon: ReactNode;
  done: (v: OemValues) => boolean;
}

export const SECTIONS: SectionDef[] = [
  {
    id: "oem-pr",
    title: "キャッチコピー・強み",
    short: "強み",
    icon: <Megaphone aria-hidden className="size-5" />,
    done: (v) => filledText(v.catchphrase) && filledText(v.strengths),
  },
  {
    id: "oem-terms",
    title: "取引条件・生産能力",
    short: "取引条件",
    icon: <Truck aria-hidden className="size-5" />,
    done: (v) => [v.minimumLot, v.leadTime, v.capacity, v.priceRange].every(filledText),
  },
  {
    id: "oem-quality",
    title: "認証・対応サービス",
    short: "認証・サービス",
    icon: <Award aria-hidden className="size-5" />,
    done: (v) => filledText(v.certifications) && filledText(v.services),
  },
  {
    id: "oem-categories",
    title: "カテゴリ・特徴",
    short: "カテゴリ",
    icon: <Tags aria-hidden className="size-5" />,
    done: (v) => v.categoryIds.length > 0 && v.featureIds.length > 0,
  },
  {
    id: "oem-factories",
    title: "工場・拠点",
    short: "工場",
    icon: <Factory aria-hidden className="size-5" />,
    done: (v) => v.factories.length > 0,
  },
  {
    id: "oem-gallery",
    title: "ギャラリー",
    short: "ギャラリー",
    icon: <Images aria-hidden className="size-5" />,
    done: (v) => v.gallery.length > 0,
  },
];

/** The server's formula (refreshSupplierSearch): 16 items, basic information and cases included. */
export function completenessOf(
  v: OemValues,
  basic: CompanyBasic | undefined,
  publishedCases: number | undefined,
) {
  const items: { label: string; done: boolean; href: string }[] = [
    {
      label: "会社紹介",
      done: filledText(basic?.description ?? ""),
      href: "/account/oem/company#basic-profile",
    },
    { label: "ロゴ画像", done: Boolean(basic?.logoFileId), href: "/account/oem/company#basic-profile" },
    {
      label: "Webサイト",
      done: filledText(basic?.website ?? ""),
      href: "/account/oem/company#basic-address",
    },
    { label: "キャッチコピー", done: filledText(v.catchphrase), href: "#oem-pr" },
    { label: "強み", done: filledText(v.strengths), href: "#oem-pr" },
    { label: "最小ロット", done: filledText(v.minimumLot), href: "#oem-terms" },
    { label: "納期の目安", done: filledText(v.leadTime), href: "#oem-terms" },
    { label: "生産能力", done: filledText(v.capacity), href: "#oem-terms" },
    { label: "認証・許認可", done: filledText(v.certifications), href: "#oem-quality" },
    { label: "対応サービス", done: filledText(v.services), href: "#oem-quality" },
    { label: "価格帯", done: filledText(v.priceRange), href: "#oem-terms" },
    { label: "カテゴリ", done: v.categoryIds.length > 0, href: "#oem-categories" },
    { label: "特徴", done: v.featureIds.length > 0, href: "#oem-categories" },
    { label: "工場・拠点", done: v.factories.length > 0, href: "#oem-factories" },
    { label: "ギャラリー画像", done: v.gallery.length > 0, href: "#oem-gallery" },
    { label: "公開中の事例", done: (publishedCases ?? 0) > 0, href: "/account/oem/case/create" },
  ];
  const done = items.filter((i) => i.done).length;
  return { percent: Math.round((done / items.length) * 100), missing: items.filter((i) => !i.done) };
}
