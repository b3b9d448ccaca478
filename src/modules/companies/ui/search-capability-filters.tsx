// The capability filters of /oem/search (issue 20), inside the search form: verified
// certifications and licences, MOQ (at most), monthly capacity (at least) with their unit, and
// processes. Plain form fields (the form is a GET form): every search stays a shareable URL.

import type { ReactNode } from "react";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { QUANTITY_UNITS } from "@/modules/master-data/master-data.schema";
import type { SupplierSearchFilters } from "../supplier-directory.schema";

interface Named {
  id: number;
  name: string;
}

export interface CapabilityMasterData {
  certificationTypes: Array<Named & { kind: "CERTIFICATION" | "LICENSE" }>;
  processes: Named[];
}

const fieldClass =
  "h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none";

function Check({ name, item, checked }: { name: string; item: Named; checked: boolean }) {
  return (
    <label className="filter-check">
      <input type="checkbox" name={name} value={item.id} defaultChecked={checked} />
      <span>{item.name}</span>
    </label>
  );
}

/** A long list folded under a summary that says how many are chosen; open when some are. */
function Fold({
  count,
  closed,
  unit,
  children,
}: {
  count: number;
  closed: string;
  unit: string;
  children: ReactNode;
}) {
  return (
    <details open={count > 0} className="group/fold">
      <summary className="flex min-h-10 cursor-pointer list-none items-center justify-between gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <span>{count > 0 ? `${count}件の${unit}を選択中` : closed}</span>
        <SpriteIcon
          name="chevron-down"
          className="size-4 text-slate-500 transition-transform group-open/fold:rotate-180"
        />
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-slate-200 pt-4">
      <legend className="mb-2 text-sm font-bold text-slate-900">{legend}</legend>
      {hint && <p className="mb-2 text-xs leading-5 text-slate-500">{hint}</p>}
      {children}
    </fieldset>
  );
}

export function CapabilityFilters({
  filters,
  master,
}: {
  filters: SupplierSearchFilters;
  master: CapabilityMasterData;
}) {
  const certs = new Set(filters.certificationIds);
  const procs = new Set(filters.processIds);
  const kinds = [
    { label: "認証", items: master.certificationTypes.filter((t) => t.kind === "CERTIFICATION") },
    { label: "許可・登録", items: master.certificationTypes.filter((t) => t.kind === "LICENSE") },
  ].filter((k) => k.items.length > 0);
  return (
    <>
      <Group
        legend="認証・許可（確認済み）"
        hint="運営事務局が証明書を確認した、有効期限内の認証・許可を持つ企業に絞り込みます。"
      >
        <Fold count={certs.size} closed="認証・許可を選ぶ" unit="認証・許可">
          <div className="flex flex-col gap-3">
            {kinds.map((k) => (
              <fieldset key={k.label}>
                <legend className="mb-1 text-xs font-bold text-slate-500">{k.label}</legend>
                <div className="grid grid-cols-1 gap-x-2 sm:grid-cols-2 desktop:grid-cols-1">
                  {k.items.map((t) => (
                    <Check key={t.id} name="certificationIds" item={t} checked={certs.has(t.id)} />
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        </Fold>
      </Group>

      <Group
        legend="ロット・生産量"
        hint="登録済みの企業だけが対象です。単位を選ぶと、その単位の登録だけと比べます。"
      >
        <div className="grid grid-cols-2 gap-3 desktop:grid-cols-1">
          <div className="flex flex-col gap-1">
            <label htmlFor="supplier-moq-max" className="text-sm text-slate-800">
              MOQ（以下）
            </label>
            <input
              id="supplier-moq-max"
              name="moqMax"
              inputMode="numeric"
              pattern="[0-9０-９,，]*"
              maxLength={13}
              defaultValue={filters.moqMax ?? ""}
              placeholder="例：1000"
              className={fieldClass}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="supplier-capacity-min" className="text-sm text-slate-800">
              月産能力（以上）
            </label>
            <input
              id="supplier-capacity-min"
              name="capacityMin"
              inputMode="numeric"
              pattern="[0-9０-９,，]*"
              maxLength={13}
              defaultValue={filters.capacityMin ?? ""}
              placeholder="例：10000"
              className={fieldClass}
            />
          </div>
          <div className="col-span-2 flex flex-col gap-1 desktop:col-span-1">
            <label htmlFor="supplier-quantity-unit" className="text-sm text-slate-800">
              数量の単位
            </label>
            <select
              id="supplier-quantity-unit"
              name="quantityUnit"
              defaultValue={filters.quantityUnit ?? ""}
              className={fieldClass}
            >
              <option value="">指定しない</option>
              {QUANTITY_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </div>
        </div>
      </Group>

      <Group legend="加工">
        <Fold count={procs.size} closed="加工を選ぶ" unit="加工">
          <div className="grid grid-cols-2 gap-x-2 desktop:grid-cols-1">
            {master.processes.map((p) => (
              <Check key={p.id} name="processIds" item={p} checked={procs.has(p.id)} />
            ))}
          </div>
        </Fold>
      </Group>
    </>
  );
}
