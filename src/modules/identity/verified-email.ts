export { requireVerifiedEmail } from "./identity.service";
