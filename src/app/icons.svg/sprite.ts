import { createHash } from "node:crypto";
import type { LucideIconData, LucideIconNode } from "lucide-react";
import * as arrowRight from "lucide-react/icons/arrow-right";
import * as badgeCheck from "lucide-react/icons/badge-check";
import * as building2 from "lucide-react/icons/building-complex";
import * as chartColumn from "lucide-react/icons/chart-column";
import * as check from "lucide-react/icons/check";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as chevronLeft from "lucide-react/icons/chevron-left";
import * as chevronRight from "lucide-react/icons/chevron-right";
import * as chevronUp from "lucide-react/icons/chevron-up";
import * as download from "lucide-react/icons/download";
import * as externalLink from "lucide-react/icons/external-link";
import * as factory from "lucide-react/icons/factory";
import * as fileText from "lucide-react/icons/file-text";
import * as handshake from "lucide-react/icons/handshake";
import * as image from "lucide-react/icons/image";
import * as info from "lucide-react/icons/info";
import * as logIn from "lucide-react/icons/log-in";
import * as mailCheck from "lucide-react/icons/mail-check";
import * as mapPin from "lucide-react/icons/map-pin";
import * as menu from "lucide-react/icons/menu";
import * as packageIcon from "lucide-react/icons/package";
import * as plus from "lucide-react/icons/plus";
import * as search from "lucide-react/icons/search";
import * as searchX from "lucide-react/icons/search-x";
import * as send from "lucide-react/icons/send";
import * as slidersHorizontal from "lucide-react/icons/sliders-horizontal";
import * as ticket from "lucide-react/icons/ticket";
import * as users from "lucide-react/icons/users";
import * as x from "lucide-react/icons/x";
import { SPRITE_ICONS, type SpriteIconName } from "@/components/ui/sprite-icon";

// The sprite behind SpriteIcon: every icon of SPRITE_ICONS as a <symbol>, built once per process
// from lucide-react's own glyph data (each icon module exports it as `__iconData` beside the
// component; its published types name only the component, hence the check below).

const modules: Record<SpriteIconName, object> = {
  "arrow-right": arrowRight,
  "badge-check": badgeCheck,
  "building-2": building2,
  "chart-column": chartColumn,
  check,
  "chevron-down": chevronDown,
  "chevron-left": chevronLeft,
  "chevron-right": chevronRight,
  "chevron-up": chevronUp,
  download,
  "external-link": externalLink,
  factory,
  "file-text": fileText,
  handshake,
  image,
  info,
  "log-in": logIn,
  "mail-check": mailCheck,
  "map-pin": mapPin,
  menu,
  package: packageIcon,
  plus,
  search,
  "search-x": searchX,
  send,
  "sliders-horizontal": slidersHorizontal,
  ticket,
  users,
  x,
};

function iconData(name: SpriteIconName): LucideIconData {
  const data = (modules[name] as { __iconData?: LucideIconData }).__iconData;
  if (!data || !Array.isArray(data.node) || data.node.length === 0)
    throw new Error(`lucide-react/icons/${name} no longer exports its glyph as __iconData`);
  return data;
}

const escapeAttribute = (value: unknown) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

function element([tag, attributes, children]: LucideIconNode): string {
  const attrs = Object.entries(attributes)
    .filter(([k, v]) => k !== "key" && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join("");
  return children?.length
    ? `<${tag}${attrs}>${children.map(element).join("")}</${tag}>`
    : `<${tag}${attrs}/>`;
}

function symbol(name: SpriteIconName): string {
  const data = iconData(name);
  const size = "size" in data && data.size ? data.size : 24;
  // No stroke or fill here: the clone inherits lucide's from the page's <svg> (.icon in globals.css),
  // so that a utility there (stroke-3) can change them.
  return `<symbol id="${name}" viewBox="0 0 ${size} ${size}">${data.node.map(element).join("")}</symbol>`;
}

let built: { svg: string; version: string } | undefined;

/** The sprite's SVG text and its version (the first 8 hex digits of its SHA-256). */
export function iconSprite(): { svg: string; version: string } {
  if (!built) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${SPRITE_ICONS.map(symbol).join("")}</svg>`;
    built = { svg, version: createHash("sha256").update(svg).digest("hex").slice(0, 8) };
  }
  return built;
}
