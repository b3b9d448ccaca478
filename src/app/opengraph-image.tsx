// The site's share card (og:image, twitter:image), drawn once at build time with next/og.
// Pages that show something of their own (a supplier's photo) set their own image instead.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { SITE_IMAGE } from "@/lib/seo";

export const alt = SITE_IMAGE.alt;
export const size = { width: SITE_IMAGE.width, height: SITE_IMAGE.height };
export const contentType = "image/png";

// next/og's own font has no Japanese glyphs; Noto Sans JP comes from the package the PDFs use
// (read from disk: the bundler has no loader for .ttf, and the image is drawn at build time).
const FONTS = path.join(process.cwd(), "node_modules/@expo-google-fonts/noto-sans-jp");

export default async function OpenGraphImage() {
  const [regular, bold] = await Promise.all([
    readFile(path.join(FONTS, "400Regular", "NotoSansJP_400Regular.ttf")),
    readFile(path.join(FONTS, "700Bold", "NotoSansJP_700Bold.ttf")),
  ]);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "72px 80px",
        background: "linear-gradient(160deg, #eff6ff 0%, #ffffff 60%)",
        fontFamily: "Noto Sans JP",
        color: "#0f172a",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
        <svg width="96" height="96" viewBox="0 0 32 32" aria-hidden>
          <rect width="32" height="32" rx="8" fill="#1d4ed8" />
          <circle cx="12.5" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="2.5" />
          <circle cx="19.5" cy="16" r="6" fill="none" stroke="#93c5fd" strokeWidth="2.5" />
        </svg>
        <div style={{ display: "flex", fontSize: 64, fontWeight: 700 }}>
          OEM<span style={{ color: "#1d4ed8" }}>マッチ</span>
        </div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
        <div style={{ fontSize: 30, fontWeight: 700, color: "#1e40af" }}>
          OEM・受託製造のマッチングサービス
        </div>
        <div
          style={{
            display: "flex",
            flexDirection: "column",
            fontSize: 68,
            fontWeight: 700,
            lineHeight: 1.25,
          }}
        >
          <span>つくりたい商品と、</span>
          <span>つくれるメーカーをつなぐ。</span>
        </div>
      </div>
      <div style={{ display: "flex", fontSize: 28, color: "#334155" }}>
        発注者は無料で一括・指名問い合わせ ／ OEMメーカーは掲載無料
      </div>
    </div>,
    {
      ...size,
      fonts: [
        { name: "Noto Sans JP", data: regular, weight: 400, style: "normal" },
        { name: "Noto Sans JP", data: bold, weight: 700, style: "normal" },
      ],
    },
  );
}
