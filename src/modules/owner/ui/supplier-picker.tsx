// The supplier picker is shared by the console's pages: components/owner/supplier-picker.tsx.
export { type PickedSupplier, SupplierPicker } from "@/components/owner/supplier-picker";
