// Demo pictures drawn as SVG and encoded with sharp: soft gradients and simple product
// silhouettes, no text (Japanese fonts are not guaranteed on the machine that seeds).
import { createHash } from "node:crypto";
import sharp from "sharp";

export type Motif =
  | "bottle"
  | "capsule"
  | "pouch"
  | "drink"
  | "shirt"
  | "bag"
  | "mug"
  | "soap"
  | "circuit"
  | "gear"
  | "container"
  | "box"
  | "paw"
  | "chair"
  | "medical"
  | "factory";

export interface RenderedImage {
  buffer: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
  sha256: string;
}

interface Palette {
  top: string;
  bottom: string;
  main: string;
  accent: string;
  dark: string;
}

const PALETTES: Record<Motif, Palette> = {
  bottle: { top: "#fdf2f4", bottom: "#f6d9e0", main: "#ffffff", accent: "#e8a5b6", dark: "#b76e82" },
  capsule: { top: "#f3f8ec", bottom: "#dcebc7", main: "#ffffff", accent: "#f2b14c", dark: "#6d8f3c" },
  pouch: { top: "#fbf5ea", bottom: "#efdfc2", main: "#c98b4f", accent: "#f4e4c9", dark: "#8a5a2b" },
  drink: { top: "#eef6fb", bottom: "#cfe3f0", main: "#3f7d5c", accent: "#e9f3ee", dark: "#24503a" },
  shirt: { top: "#eef1f8", bottom: "#d3dbec", main: "#3d5a8a", accent: "#f5f7fb", dark: "#263b5e" },
  bag: { top: "#f8f1ea", bottom: "#e7d3c0", main: "#8b5a3c", accent: "#d8b08c", dark: "#5b3825" },
  mug: { top: "#f4f2ee", bottom: "#e2ddd2", main: "#e8e2d6", accent: "#6aa38a", dark: "#4b4036" },
  soap: { top: "#f1f7f8", bottom: "#d6e9ec", main: "#fffaf2", accent: "#9fcfd6", dark: "#4e8a93" },
  circuit: { top: "#eaf2ee", bottom: "#c9ddd2", main: "#2f6b4f", accent: "#d9b44a", dark: "#1d3b2e" },
  gear: { top: "#eef0f3", bottom: "#cfd5dd", main: "#8995a3", accent: "#b9c2cc", dark: "#4f5965" },
  container: { top: "#eef6fb", bottom: "#d2e6f3", main: "#5aa6d6", accent: "#f3a76b", dark: "#2e6f99" },
  box: { top: "#f8f3ea", bottom: "#e9dcc4", main: "#c9a06b", accent: "#e4c595", dark: "#8c6a3d" },
  paw: { top: "#fdf6ec", bottom: "#f3e0c5", main: "#e07a5f", accent: "#f2cc8f", dark: "#9c4a35" },
  chair: { top: "#f6f2ec", bottom: "#e4d9c8", main: "#a8784f", accent: "#d9c3a5", dark: "#6e4b2f" },
  medical: { top: "#f0f6fb", bottom: "#d5e5f2", main: "#ffffff", accent: "#4f9ad1", dark: "#2d6a99" },
  factory: { top: "#e9f1f8", bottom: "#c6d9ea", main: "#6b7f95", accent: "#a9bccf", dark: "#3f4f61" },
};

function shapes(m: Motif, p: Palette): string {
  switch (m) {
    case "bottle":
      return `
        <rect x="360" y="400" width="90" height="200" rx="18" fill="${p.accent}"/>
        <rect x="385" y="350" width="40" height="55" rx="6" fill="${p.dark}"/>
        <ellipse cx="405" cy="345" rx="26" ry="20" fill="${p.dark}"/>
        <rect x="480" y="290" width="130" height="310" rx="28" fill="${p.main}" stroke="${p.accent}" stroke-width="4"/>
        <rect x="525" y="250" width="40" height="45" fill="${p.dark}"/>
        <rect x="505" y="225" width="80" height="30" rx="8" fill="${p.dark}"/>
        <rect x="575" y="232" width="60" height="12" rx="6" fill="${p.dark}"/>
        <rect x="505" y="380" width="80" height="110" rx="10" fill="${p.accent}" opacity="0.55"/>
        <rect x="650" y="490" width="190" height="110" rx="22" fill="${p.main}" stroke="${p.accent}" stroke-width="4"/>
        <rect x="640" y="455" width="210" height="48" rx="14" fill="${p.accent}"/>`;
    case "capsule":
      return `
        <rect x="430" y="300" width="190" height="300" rx="30" fill="${p.main}" stroke="${p.dark}" stroke-width="4" opacity="0.95"/>
        <rect x="445" y="245" width="160" height="65" rx="14" fill="${p.dark}"/>
        <rect x="450" y="390" width="150" height="120" rx="12" fill="${p.accent}" opacity="0.7"/>
        <g transform="rotate(-25 720 560)"><rect x="680" y="540" width="90" height="40" rx="20" fill="${p.accent}"/><rect x="725" y="540" width="45" height="40" rx="20" fill="${p.dark}"/></g>
        <g transform="rotate(15 800 590)"><rect x="760" y="570" width="90" height="40" rx="20" fill="${p.accent}"/><rect x="805" y="570" width="45" height="40" rx="20" fill="${p.dark}"/></g>
        <circle cx="700" cy="615" r="16" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
        <circle cx="350" cy="600" r="18" fill="${p.accent}"/>`;
    case "pouch":
      return `
        <path d="M430 260 L640 260 L660 600 L410 600 Z" fill="${p.main}"/>
        <rect x="430" y="260" width="210" height="28" fill="${p.dark}"/>
        <ellipse cx="535" cy="430" rx="70" ry="70" fill="${p.accent}"/>
        <rect x="700" y="420" width="170" height="180" rx="24" fill="${p.accent}" stroke="${p.dark}" stroke-width="4"/>
        <rect x="690" y="385" width="190" height="50" rx="12" fill="${p.dark}"/>`;
    case "drink":
      return `
        <rect x="470" y="330" width="120" height="270" rx="26" fill="${p.main}" opacity="0.9"/>
        <rect x="505" y="230" width="50" height="110" rx="10" fill="${p.main}" opacity="0.9"/>
        <rect x="500" y="210" width="60" height="28" rx="6" fill="${p.dark}"/>
        <rect x="485" y="410" width="90" height="110" rx="8" fill="${p.accent}"/>
        <path d="M660 420 L780 420 L765 600 L675 600 Z" fill="${p.accent}" stroke="${p.dark}" stroke-width="4" opacity="0.85"/>
        <path d="M668 480 L772 480 L765 600 L675 600 Z" fill="${p.main}" opacity="0.45"/>`;
    case "shirt":
      return `
        <path d="M470 250 L540 225 Q600 270 660 225 L730 250 L820 340 L760 400 L720 365 L720 610 L480 610 L480 365 L440 400 L380 340 Z" fill="${p.main}"/>
        <path d="M540 225 Q600 290 660 225" fill="none" stroke="${p.accent}" stroke-width="8"/>
        <rect x="560" y="330" width="80" height="60" rx="6" fill="${p.accent}" opacity="0.35"/>`;
    case "bag":
      return `
        <path d="M520 330 Q520 220 600 220 Q680 220 680 330" fill="none" stroke="${p.dark}" stroke-width="18"/>
        <path d="M430 330 L770 330 L740 610 L460 610 Z" fill="${p.main}"/>
        <rect x="430" y="330" width="340" height="40" fill="${p.dark}" opacity="0.5"/>
        <rect x="560" y="420" width="80" height="50" rx="8" fill="${p.accent}"/>`;
    case "mug":
      return `
        <rect x="440" y="360" width="200" height="240" rx="26" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
        <path d="M640 410 Q720 410 720 480 Q720 550 640 550" fill="none" stroke="${p.dark}" stroke-width="20"/>
        <rect x="440" y="430" width="200" height="30" fill="${p.accent}"/>
        <path d="M770 470 L870 470 L850 600 L790 600 Z" fill="${p.dark}"/>
        <ellipse cx="800" cy="430" rx="30" ry="55" fill="${p.accent}" transform="rotate(-25 800 430)"/>
        <ellipse cx="845" cy="420" rx="28" ry="52" fill="${p.accent}" transform="rotate(20 845 420)"/>`;
    case "soap":
      return `
        <rect x="380" y="500" width="260" height="100" rx="18" fill="${p.accent}"/>
        <rect x="400" y="420" width="230" height="90" rx="18" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
        <rect x="420" y="350" width="200" height="80" rx="30" fill="${p.accent}" opacity="0.85"/>
        <rect x="690" y="420" width="180" height="180" rx="40" fill="${p.main}" stroke="${p.dark}" stroke-width="3"/>
        <circle cx="720" cy="380" r="22" fill="${p.main}" stroke="${p.accent}" stroke-width="4"/>
        <circle cx="770" cy="350" r="14" fill="${p.main}" stroke="${p.accent}" stroke-width="4"/>`;
    case "circuit":
      return `
        <rect x="330" y="250" width="540" height="350" rx="18" fill="${p.main}"/>
        <g stroke="${p.accent}" stroke-width="6" fill="none">
          <path d="M370 300 L520 300 L560 340 L700 340"/><path d="M370 560 L480 560 L520 520 L820 520"/>
          <path d="M820 290 L760 290 L740 310 L740 430"/><path d="M400 420 L500 420"/></g>
        <rect x="520" y="380" width="160" height="110" rx="8" fill="${p.dark}"/>
        <rect x="720" y="420" width="90" height="70" rx="6" fill="${p.dark}"/>
        <circle cx="400" cy="340" r="14" fill="${p.accent}"/><circle cx="830" cy="560" r="14" fill="${p.accent}"/>`;
    case "gear":
      return `${gear(520, 420, 150, p.main, p.top)}${gear(730, 520, 95, p.accent, p.top)}
        <rect x="360" y="560" width="110" height="40" rx="8" fill="${p.dark}"/>`;
    case "container":
      return `
        <rect x="380" y="400" width="220" height="200" rx="20" fill="${p.main}" opacity="0.9"/>
        <rect x="370" y="370" width="240" height="40" rx="10" fill="${p.dark}"/>
        <rect x="640" y="470" width="160" height="130" rx="18" fill="${p.accent}" opacity="0.9"/>
        <rect x="630" y="445" width="180" height="32" rx="10" fill="${p.dark}" opacity="0.8"/>
        <circle cx="860" cy="570" r="32" fill="${p.main}"/>`;
    case "box":
      return `
        <path d="M420 360 L600 300 L780 360 L600 420 Z" fill="${p.accent}"/>
        <path d="M420 360 L600 420 L600 610 L420 550 Z" fill="${p.main}"/>
        <path d="M780 360 L600 420 L600 610 L780 550 Z" fill="${p.dark}"/>
        <path d="M520 333 L700 393" stroke="${p.top}" stroke-width="16" opacity="0.6"/>`;
    case "paw":
      return `
        <ellipse cx="600" cy="565" rx="190" ry="45" fill="${p.dark}"/>
        <path d="M420 520 L780 520 L750 580 L450 580 Z" fill="${p.main}"/>
        <ellipse cx="600" cy="520" rx="180" ry="30" fill="${p.accent}"/>
        <g fill="${p.main}"><ellipse cx="600" cy="360" rx="60" ry="50"/><circle cx="530" cy="290" r="26"/>
          <circle cx="580" cy="260" r="26"/><circle cx="630" cy="260" r="26"/><circle cx="675" cy="292" r="26"/></g>`;
    case "chair":
      return `
        <rect x="430" y="240" width="40" height="360" rx="10" fill="${p.dark}"/>
        <rect x="430" y="240" width="180" height="150" rx="18" fill="${p.main}"/>
        <rect x="430" y="420" width="220" height="40" rx="12" fill="${p.main}"/>
        <rect x="610" y="440" width="30" height="160" rx="8" fill="${p.dark}"/>
        <rect x="700" y="430" width="220" height="30" rx="8" fill="${p.accent}"/>
        <rect x="720" y="455" width="24" height="145" fill="${p.dark}"/><rect x="876" y="455" width="24" height="145" fill="${p.dark}"/>`;
    case "medical":
      return `
        <rect x="400" y="330" width="260" height="270" rx="24" fill="${p.main}" stroke="${p.accent}" stroke-width="5"/>
        <rect x="500" y="380" width="60" height="170" rx="8" fill="${p.accent}"/>
        <rect x="445" y="435" width="170" height="60" rx="8" fill="${p.accent}"/>
        <path d="M700 460 Q780 420 860 460 L860 540 Q780 580 700 540 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="4"/>
        <path d="M700 480 L660 460 M860 480 L900 460" stroke="${p.dark}" stroke-width="4"/>`;
    case "factory":
      return `
        <rect x="300" y="400" width="600" height="200" fill="${p.main}"/>
        <path d="M300 400 L300 330 L400 400 L400 330 L500 400 L500 330 L600 400 Z" fill="${p.dark}"/>
        <rect x="700" y="230" width="50" height="170" fill="${p.dark}"/>
        <circle cx="760" cy="200" r="30" fill="${p.accent}" opacity="0.8"/><circle cx="810" cy="170" r="22" fill="${p.accent}" opacity="0.6"/>
        <g fill="${p.accent}"><rect x="340" y="460" width="70" height="50"/><rect x="440" y="460" width="70" height="50"/>
          <rect x="540" y="460" width="70" height="50"/><rect x="640" y="460" width="70" height="50"/></g>
        <rect x="770" y="490" width="90" height="110" fill="${p.top}"/>`;
  }
}

function gear(cx: number, cy: number, r: number, fill: string, hole: string): string {
  const teeth = Array.from({ length: 10 }, (_, i) => {
    const a = (i * 36 * Math.PI) / 180;
    const x = cx + Math.cos(a) * r;
    const y = cy + Math.sin(a) * r;
    return `<rect x="${(x - r * 0.14).toFixed(1)}" y="${(y - r * 0.14).toFixed(1)}" width="${(r * 0.28).toFixed(1)}" height="${(r * 0.28).toFixed(1)}" rx="4" transform="rotate(${i * 36} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${fill}"/>`;
  }).join("");
  return `${teeth}<circle cx="${cx}" cy="${cy}" r="${r * 0.92}" fill="${fill}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.32}" fill="${hole}"/>`;
}

function sceneSvg(m: Motif): string {
  const p = PALETTES[m];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="1" stop-color="${p.bottom}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#bg)"/>
  <circle cx="600" cy="400" r="420" fill="url(#glow)"/>
  <circle cx="1080" cy="110" r="150" fill="${p.accent}" opacity="0.18"/>
  <circle cx="120" cy="700" r="190" fill="${p.accent}" opacity="0.14"/>
  <rect x="0" y="600" width="1200" height="200" fill="${p.bottom}" opacity="0.6"/>
  <ellipse cx="600" cy="626" rx="420" ry="30" fill="${p.dark}" opacity="0.16"/>
  <g transform="translate(600 610) scale(1.3) translate(-600 -600)">${shapes(m, p)}</g>
</svg>`;
}

/** Brand-mark colours of the logo variants. */
const LOGO_COLORS: ReadonlyArray<readonly [string, string]> = [
  ["#2d6a99", "#9fcfd6"],
  ["#b76e82", "#f6d9e0"],
  ["#3f7d5c", "#cfe8d8"],
  ["#8c6a3d", "#efdfc2"],
  ["#4f5965", "#cfd5dd"],
  ["#c0563f", "#f6d2c4"],
  ["#5b4b8a", "#ddd6f3"],
  ["#1f7a8c", "#c8e7ec"],
  ["#9a7b1c", "#f3e6b8"],
  ["#263b5e", "#d3dbec"],
];

function logoSvg(variant: number): string {
  const [c, light] = LOGO_COLORS[variant % LOGO_COLORS.length]!;
  const marks = [
    `<circle cx="200" cy="200" r="110" fill="none" stroke="${c}" stroke-width="34"/><circle cx="200" cy="200" r="40" fill="${c}"/>`,
    `<path d="M200 80 L304 140 L304 260 L200 320 L96 260 L96 140 Z" fill="${c}"/><path d="M200 150 L247 177 L247 231 L200 258 L153 231 L153 177 Z" fill="${light}"/>`,
    `<path d="M200 80 Q320 150 200 320 Q80 150 200 80 Z" fill="${c}"/><path d="M200 120 L200 300" stroke="${light}" stroke-width="10"/>`,
    `<rect x="115" y="115" width="170" height="170" rx="20" fill="${c}" transform="rotate(45 200 200)"/><circle cx="200" cy="200" r="45" fill="${light}"/>`,
    `<path d="M80 220 Q140 150 200 220 T320 220" fill="none" stroke="${c}" stroke-width="30" stroke-linecap="round"/><path d="M80 160 Q140 90 200 160 T320 160" fill="none" stroke="${c}" stroke-width="18" stroke-linecap="round" opacity="0.6"/>`,
    `<path d="M200 90 L310 290 L90 290 Z" fill="${c}"/><path d="M200 180 L255 280 L145 280 Z" fill="${light}"/>`,
    `<circle cx="160" cy="200" r="85" fill="${c}"/><circle cx="240" cy="200" r="85" fill="${c}" opacity="0.6"/>`,
    `<rect x="100" y="100" width="90" height="90" rx="16" fill="${c}"/><rect x="210" y="100" width="90" height="90" rx="16" fill="${c}" opacity="0.7"/><rect x="100" y="210" width="90" height="90" rx="16" fill="${c}" opacity="0.7"/><rect x="210" y="210" width="90" height="90" rx="16" fill="${c}"/>`,
    `<path d="M200 90 L228 170 L312 170 L244 220 L270 305 L200 255 L130 305 L156 220 L88 170 L172 170 Z" fill="${c}"/>`,
    `<rect x="90" y="150" width="220" height="100" rx="50" fill="${c}"/><circle cx="255" cy="200" r="32" fill="${light}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" rx="48" fill="${light}"/>
  <rect x="20" y="20" width="360" height="360" rx="36" fill="#ffffff"/>
  ${marks[variant % marks.length]}
</svg>`;
}

async function encode(svg: string, format: "jpeg" | "png"): Promise<RenderedImage> {
  const pipeline = sharp(Buffer.from(svg));
  const buffer =
    format === "jpeg"
      ? await pipeline.jpeg({ quality: 82, mozjpeg: false }).toBuffer()
      : await pipeline.png({ compressionLevel: 6 }).toBuffer();
  const meta = await sharp(buffer).metadata();
  return {
    buffer,
    contentType: format === "jpeg" ? "image/jpeg" : "image/png",
    extension: format === "jpeg" ? "jpg" : "png",
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    sha256: createHash("sha256").update(buffer).digest("hex"),
  };
}

export const LOGO_VARIANTS = LOGO_COLORS.length;

/** Renders each motif once (1200x800 JPEG) and the logo variants (400x400 PNG); callers reuse the buffers. */
export async function renderDemoImages(motifs: readonly Motif[]): Promise<{
  scenes: Map<Motif, RenderedImage>;
  logos: RenderedImage[];
}> {
  const unique = [...new Set(motifs)];
  const [sceneList, logos] = await Promise.all([
    Promise.all(unique.map((m) => encode(sceneSvg(m), "jpeg"))),
    Promise.all(Array.from({ length: LOGO_VARIANTS }, (_, i) => encode(logoSvg(i), "png"))),
  ]);
  return { scenes: new Map(unique.map((m, i) => [m, sceneList[i]!])), logos };
}
