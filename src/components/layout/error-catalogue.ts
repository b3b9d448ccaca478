// spec §8 "Error catalogue": titles and messages verbatim; likely causes in natural Japanese.

export type ErrorStatus = 401 | 403 | 404 | 500;

export interface ErrorContent {
  status: ErrorStatus;
  title: string;
  message: string;
  causes: string[];
}

export const ERROR_CATALOGUE: Record<ErrorStatus, ErrorContent> = {
  401: {
    status: 401,
    title: "認証エラー",
    message: "ログインが必要です。",
    causes: [
      "ログインの有効期限が切れた可能性があります",
      "発注者・OEMメーカーのどちらかを選んで、もう一度ログインしてください",
    ],
  },
  403: {
    status: 403,
    title: "アクセス制限",
    message: "このページへのアクセス権限がありません。",
    causes: [
      "アカウントが有効化されていない可能性があります",
      "このページを閲覧する権限がない可能性があります",
      "必要な場合は、管理者にお問い合わせください",
    ],
  },
  404: {
    status: 404,
    title: "ページが見つかりません",
    message: "お探しのページが見つかりませんでした。",
    causes: [
      "URLが間違っている可能性があります",
      "ページが削除された可能性があります",
      "ページが移動した可能性があります",
    ],
  },
  500: {
    status: 500,
    title: "サーバーエラー",
    message: "サーバーで問題が発生しました。",
    causes: [
      "しばらく時間をおいてから、もう一度お試しください",
      "問題が解決しない場合は、管理者にお問い合わせください",
    ],
  },
};

/** 401, 403 and 404 have their own screen; every other status gets the 500 screen (spec §8). */
export function errorStatusOf(status: number | undefined): ErrorStatus {
  return status === 401 || status === 403 || status === 404 ? status : 500;
}

export function errorContentFor(status: number | undefined): ErrorContent {
  return ERROR_CATALOGUE[errorStatusOf(status)];
}

/**
 * The status of a thrown value for the error screen (spec §7 "Handling of answers"): the
 * status of a failed API response (ApiError, or anything carrying a numeric status), else 500.
 */
export function statusOfError(error: unknown): ErrorStatus {
  if (error && typeof error === "object" && "status" in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === "number") return errorStatusOf(status);
  }
  return 500;
}
