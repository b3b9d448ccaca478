import type { Metadata, Viewport } from "next";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "OEMマッチ | OEMメーカーと発注者をつなぐマッチングサービス", template: "%s | OEMマッチ" },
  description:
    "化粧品・健康食品・アパレル・機械部品など、OEM・受託製造の委託先探しを無料でサポート。一括問い合わせで複数のOEMメーカーから提案が届きます。",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ja">
      <body className="flex min-h-screen flex-col bg-white text-slate-800 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
