/** カテゴリ options, after a first blank one (読み込み中… until the list arrives). */
export function CategoryOptions({ items }: { items: { id: number; name: string }[] | undefined }) {
  return (
    <>
      <option value="">{items ? "選択してください" : "読み込み中…"}</option>
      {items?.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.name}
        </option>
      ))}
    </>
  );
}
