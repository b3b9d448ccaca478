// The console's form and refresh helpers live in components/owner/console-helpers.ts.
export {
  formErrorsOf,
  linkClass,
  useRefreshOwner,
  withFieldMessage,
} from "@/components/owner/console-helpers";
