// The sign-in mechanism's error codes (spec §8) and what the /auth/error page says.

import { env } from "@/env";
import { safeRedirect } from "@/lib/safe-redirect";

export interface AuthErrorContent {
  title: string;
  message: string;
  causes?: string[];
  /** Show the two login buttons (keeping the callback URL) instead of the top-page button. */
  login: boolean;
}

const CONFIGURATION: AuthErrorContent = {
  title: "ログインを利用できません",
  message: "ログインの仕組みの設定に問題があるため、現在ログインできません。",
  causes: [
    "しばらく時間をおいてから、もう一度お試しください",
    "問題が解決しない場合は、運営までお問い合わせください",
  ],
  login: false,
};

const CATALOGUE: Record<string, AuthErrorContent> = {
  SessionRequired: {
    title: "ログインが必要です",
    message: "このページをご覧いただくには、ログインしてください。",
    causes: [
      "ログインの有効期限が切れた可能性があります",
      "発注者・OEMメーカーのどちらかを選んで、ログインしてください",
    ],
    login: true,
  },
  Configuration: CONFIGURATION,
  // Server-side set-up errors of the mechanism all mean the same to a visitor.
  MissingAPIRoute: CONFIGURATION,
  MissingSecret: CONFIGURATION,
  MissingAuthorize: CONFIGURATION,
  MissingAdapter: CONFIGURATION,
  AdapterError: CONFIGURATION,
  UnsupportedStrategy: CONFIGURATION,
  InvalidCallbackUrl: {
    title: "移動先のページが正しくありません",
    message: "ログイン後に表示するページの指定が正しくないため、処理を中止しました。",
    causes: ["リンクが途中で切れている可能性があります", "トップページからもう一度お試しください"],
    login: false,
  },
  AccessDenied: {
    title: "アクセスが拒否されました",
    message: "このアカウントではログインできません。",
    causes: [
      "所属する企業が退会済みになっている可能性があります",
      "アカウントが有効化されていない可能性があります",
      "必要な場合は、企業の管理者または運営までお問い合わせください",
    ],
    login: false,
  },
  Verification: {
    title: "リンクの有効期限が切れています",
    message: "このリンクは有効期限が切れているか、すでに使用されています。",
    causes: [
      "メールに記載のリンクには有効期限があります",
      "お手数ですが、はじめからもう一度お手続きください",
    ],
    login: false,
  },
  CredentialsSignin: {
    title: "ログインできませんでした",
    message: "メールアドレスまたはパスワードが正しくありません。",
    causes: [
      "入力内容（全角・半角、大文字・小文字）をご確認ください",
      "パスワードをお忘れの場合は、ログイン画面から再設定できます",
    ],
    login: true,
  },
  OAuthCallback: {
    title: "ログイン処理に失敗しました",
    message: "外部サービスとの連携中にエラーが発生しました。",
    causes: ["時間をおいて、もう一度お試しください"],
    login: true,
  },
  OAuthAccountNotLinked: {
    title: "別の方法で登録されたアカウントです",
    message: "このメールアドレスは、別のログイン方法で登録されています。",
    causes: ["登録時と同じ方法でログインしてください"],
    login: true,
  },
};

const DEFAULT: AuthErrorContent = {
  title: "ログインでエラーが発生しました",
  message: "ログインの処理中に問題が発生しました。",
  causes: [
    "しばらく時間をおいてから、もう一度お試しください",
    "問題が解決しない場合は、運営までお問い合わせください",
  ],
  login: true,
};

export function authErrorContent(code: string | undefined): AuthErrorContent {
  return (code && Object.hasOwn(CATALOGUE, code) ? CATALOGUE[code] : undefined) ?? DEFAULT;
}

/** Only this site may be the place to come back to after logging in (an absolute URL of it keeps its path). */
export function safeCallbackPath(url: string | undefined, appUrl = env().APP_URL): string | undefined {
  return safeRedirect(url, appUrl);
}
