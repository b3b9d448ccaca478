// 「認証確認済み」: a certification or licence the operator checked and that has not expired
// (issue 20). Used on the public supplier page, the search cards and the comparison table.

export function VerifiedBadge({ name, compact = false }: { name: string; compact?: boolean }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-emerald-300 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
      title={`${name}（運営事務局が証明書を確認済み・有効期限内）`}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0 fill-current">
        <path d="M8 0l1.9 1.4 2.3-.2.8 2.2 2 1.2-.6 2.3.6 2.3-2 1.2-.8 2.2-2.3-.2L8 16l-1.9-1.4-2.3.2-.8-2.2-2-1.2.6-2.3L1 6.8l2-1.2.8-2.2 2.3.2zM6.9 10.6l4.6-4.6-1-1-3.6 3.6-1.6-1.6-1 1z" />
      </svg>
      <span>{name}</span>
      {compact ? <span className="sr-only">認証確認済み</span> : <span>認証確認済み</span>}
    </span>
  );
}

/** The badges of a supplier's verified certifications, in the master list's order. */
export function VerifiedBadges({ names, compact = false }: { names: readonly string[]; compact?: boolean }) {
  if (!names.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="認証確認済みの認証・許可">
      {names.map((name) => (
        <li key={name}>
          <VerifiedBadge name={name} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
