import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "OEMマッチ | OEMメーカーと発注者をつなぐマッチングサービス", template: "%s | OEMマッチ" },
  description:
    "化粧品・健康食品・アパレル・機械部品など、OEM・受託製造の委託先探しを無料でサポート。一括問い合わせで複数のOEMメーカーから提案が届きます。",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ja">
      <body className="min-h-screen bg-white text-slate-800 antialiased">{children}</body>
    </html>
  );
}
