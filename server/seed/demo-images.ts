import sharp from "sharp";

// Demo pictures are drawn as SVG and rasterised by sharp (librsvg), so a fresh
// install gets a good-looking shop without shipping binary assets. Everything is
// deterministic: the same inputs always give byte-identical PNGs.

export const FABRIC_PATTERNS = ["gingham", "stripes", "dots", "plaid", "floral", "solid", "chevron"] as const;
export type FabricPattern = (typeof FABRIC_PATTERNS)[number];

/**
 * How a fabric looks, colours as #rrggbb. For florals: base = ground, accent =
 * petals, accent2 = leaves. For plaid and stripes accent2 is the thin secondary line.
 */
export interface FabricLook {
  pattern: FabricPattern;
  base: string;
  accent: string;
  accent2?: string;
}

export const ITEM_SHAPES = [
  "purse",
  "tote",
  "crossbody",
  "backpack",
  "wallet",
  "clutch",
  "pouch",
  "makeup-bag",
  "bucket",
  "coin-purse",
] as const;
export type ItemShape = (typeof ITEM_SHAPES)[number];

/** The three product picture slots, in slot order. */
export const ITEM_VIEWS = ["main", "detail", "inside"] as const;
export type ItemView = (typeof ITEM_VIEWS)[number];

// ---------------------------------------------------------------- colour and numbers

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new Error(`Not a hex colour: ${hex}`);
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return (
    "#" +
    [r, g, b]
      .map((v) =>
        Math.round(Math.min(255, Math.max(0, v)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

/** Blend a toward b; t = 0 gives a, 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t) as Rgb);
}

const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function toHsl(c: string): [number, number, number] {
  const [r, g, b] = parseHex(c).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const k = (m: number) => (m + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (m: number) => l - a * Math.max(-1, Math.min(k(m) - 3, 9 - k(m), 1));
  return toHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/** Rounded so the SVG text stays short and stable across platforms. */
const n = (v: number) => String(Math.round(v * 10) / 10);

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: tiny seeded PRNG so "random" detail is repeatable. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- pixel grid

// librsvg fills a pattern about 20x faster when each tile covers a whole number of
// pixels and starts on a pixel boundary; otherwise it resamples every pixel. So
// tile sizes and crop offsets are multiples of GRID units, and crops are chosen
// so that GRID units always make a whole number of pixels (see CROP_SIDES).
const GRID = 4;

function onGrid(v: number, step = GRID, min = step): number {
  return Math.max(min, Math.round(v / step) * step);
}

// ---------------------------------------------------------------- cloth texture

// librsvg's feTurbulence costs about a second per 1200px image, so the weave is a
// small pre-rendered tile that SVG repeats as a pattern instead.
const WEAVE_PX = 96;
let weaveTile: Promise<string> | undefined;

function weaveDataUri(): Promise<string> {
  weaveTile ??= (async () => {
    const rand = prng(20240611);
    const threads = WEAVE_PX / 2;
    const warp = Array.from({ length: threads }, () => rand() - 0.5);
    const weft = Array.from({ length: threads }, () => rand() - 0.5);
    const raw = Buffer.alloc(WEAVE_PX * WEAVE_PX * 4);
    for (let y = 0; y < WEAVE_PX; y++) {
      for (let x = 0; x < WEAVE_PX; x++) {
        const i = x >> 1;
        const j = y >> 1;
        // Plain weave: warp and weft threads take turns on top, each with its own tone.
        const over = (i + j) % 2 === 0;
        const tone = over ? warp[i]! : weft[j]!;
        // Threads are rounder in the middle, so their edges sit slightly in shadow.
        const edge = over ? x % 2 : y % 2;
        const v = tone * 0.9 + (edge ? -0.25 : 0.18);
        const o = (y * WEAVE_PX + x) * 4;
        const c = v > 0 ? 255 : 0;
        raw[o] = raw[o + 1] = raw[o + 2] = c;
        raw[o + 3] = Math.min(255, Math.round(Math.abs(v) * 95));
      }
    }
    const png = await sharp(raw, { raw: { width: WEAVE_PX, height: WEAVE_PX, channels: 4 } })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  })();
  return weaveTile;
}

function weaveDef(id: string, uri: string, tile: number, opacity = 1): string {
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${n(tile)}" height="${n(tile)}"><image width="${n(tile)}" height="${n(tile)}" preserveAspectRatio="none" href="${uri}" opacity="${opacity}"/></pattern>`;
}

// ---------------------------------------------------------------- fabric patterns

function flower(cx: number, cy: number, r: number, rot: number, petal: string, centre: string): string {
  let s = "";
  for (let k = 0; k < 5; k++) {
    const a = rot + k * 72;
    s += `<ellipse cx="${n(cx)}" cy="${n(cy - r * 0.52)}" rx="${n(r * 0.34)}" ry="${n(r * 0.52)}" fill="${petal}" transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"/>`;
  }
  s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.26)}" fill="${centre}"/>`;
  s += `<circle cx="${n(cx - r * 0.06)}" cy="${n(cy - r * 0.06)}" r="${n(r * 0.1)}" fill="#ffffff" opacity="0.35"/>`;
  return s;
}

function leaf(x: number, y: number, len: number, angle: number, colour: string): string {
  const w = len * 0.42;
  return `<path d="M0 0 Q${n(w)} ${n(-len * 0.5)} 0 ${n(-len)} Q${n(-w)} ${n(-len * 0.5)} 0 0Z" fill="${colour}" transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"/><path d="M0 0 L0 ${n(-len * 0.8)}" stroke="${darken(colour, 0.25)}" stroke-width="${n(len * 0.05)}" opacity="0.6" transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"/>`;
}

function floralTile(T: number, look: FabricLook): string {
  const leafColour = look.accent2 ?? "#6E8B5B";
  const centre = luminance(look.accent) > 0.7 ? "#C98B2B" : "#F3D37A";
  const second = mix(look.accent, "#ffffff", 0.38);
  let s = "";
  s += leaf(0.28 * T, 0.32 * T, 0.2 * T, 130, leafColour) + leaf(0.28 * T, 0.32 * T, 0.17 * T, 235, leafColour);
  s += flower(0.28 * T, 0.32 * T, 0.18 * T, 12, look.accent, centre);
  s += leaf(0.75 * T, 0.75 * T, 0.18 * T, -40, leafColour) + leaf(0.75 * T, 0.75 * T, 0.14 * T, 60, leafColour);
  s += flower(0.75 * T, 0.75 * T, 0.15 * T, 40, second, centre);
  // Buds and sprigs fill the gaps so the print reads as a ditsy floral, not a grid.
  s +=
    leaf(0.8 * T, 0.2 * T, 0.08 * T, 200, leafColour) +
    `<circle cx="${n(0.8 * T)}" cy="${n(0.2 * T)}" r="${n(0.035 * T)}" fill="${look.accent}"/>`;
  s +=
    leaf(0.2 * T, 0.8 * T, 0.08 * T, 20, leafColour) +
    `<circle cx="${n(0.2 * T)}" cy="${n(0.8 * T)}" r="${n(0.03 * T)}" fill="${second}"/>`;
  s += `<circle cx="${n(0.55 * T)}" cy="${n(0.5 * T)}" r="${n(0.018 * T)}" fill="${leafColour}"/>`;
  s += `<circle cx="${n(0.05 * T)}" cy="${n(0.55 * T)}" r="${n(0.018 * T)}" fill="${look.accent}"/>`;
  return s;
}

function chevronTile(T: number, look: FabricLook): string {
  const H = T / 2;
  const zig = (y: number, colour: string, w: number) =>
    [-H, 0, H]
      .map(
        (dy) =>
          `<path d="M${n(-T / 2)} ${n(y + dy + 0.22 * T)} L0 ${n(y + dy)} L${n(T / 2)} ${n(y + dy + 0.22 * T)} L${n(T)} ${n(y + dy)} L${n(1.5 * T)} ${n(y + dy + 0.22 * T)}" fill="none" stroke="${colour}" stroke-width="${n(w)}" stroke-linejoin="miter"/>`,
      )
      .join("");
  return zig(0.06 * T, look.accent, 0.12 * T) + zig(0.3 * T, look.accent2 ?? lighten(look.accent, 0.45), 0.04 * T);
}

/**
 * A repeating <pattern> for the look; `unit` scales the print. A `bias` piece is
 * cut at 45 degrees so it stands apart from the main panel.
 */
function fabricDef(id: string, look: FabricLook, unit: number, bias = false): string {
  const { base, accent } = look;
  const a2 = look.accent2 ?? lighten(accent, 0.5);
  const tile = (w: number, h: number, body: string) => {
    const cell = `<rect width="${n(w)}" height="${n(h)}" fill="${base}"/>${body}`;
    if (!bias) {
      return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${w}" height="${h}">${cell}</pattern>`;
    }
    // A rotated patternTransform is slow in librsvg, so the rotation happens inside
    // an upright tile instead. Tiles are w x w or w x w/2; turned 45 degrees, both
    // repeat every w * sqrt(2), stretched a hair here to stay on the grid.
    const side = onGrid(w * Math.SQRT2);
    let copies = "";
    // Turned back, the tile spans [0, 2w] across and [-w, w] down the print.
    for (let i = 0; i < 2; i++) {
      for (let j = -w / h; j < w / h; j++) {
        copies += `<g transform="translate(${n(i * w)} ${n(j * h)})">${cell}</g>`;
      }
    }
    const stretch = side / (w * Math.SQRT2);
    return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${side}" height="${side}"><g transform="scale(${stretch.toFixed(5)}) rotate(45)">${copies}</g></pattern>`;
  };
  switch (look.pattern) {
    case "gingham": {
      const T = onGrid(40 * unit);
      const c = T / 2;
      return tile(
        T,
        T,
        `<rect width="${n(c)}" height="${n(2 * c)}" fill="${accent}" opacity="0.5"/><rect width="${n(2 * c)}" height="${n(c)}" fill="${accent}" opacity="0.5"/>`,
      );
    }
    case "stripes": {
      const T = onGrid(64 * unit);
      return tile(
        T,
        T,
        `<rect width="${n(0.36 * T)}" height="${n(T)}" fill="${accent}"/><rect x="${n(0.6 * T)}" width="${n(0.06 * T)}" height="${n(T)}" fill="${a2}"/>`,
      );
    }
    case "dots": {
      const T = onGrid(60 * unit);
      const dot = (x: number, y: number, r: number, c: string) =>
        `<circle cx="${n(x * T)}" cy="${n(y * T)}" r="${n(r * T)}" fill="${c}"/>`;
      return tile(
        T,
        T,
        dot(0.25, 0.25, 0.13, accent) +
          dot(0.75, 0.75, 0.13, accent) +
          (look.accent2 ? dot(0.75, 0.25, 0.05, look.accent2) + dot(0.25, 0.75, 0.05, look.accent2) : ""),
      );
    }
    case "plaid": {
      const T = onGrid(132 * unit);
      const band = (at: number, w: number, c: string, o: number) =>
        `<rect y="${n(at * T)}" width="${n(T)}" height="${n(w * T)}" fill="${c}" opacity="${o}"/><rect x="${n(at * T)}" width="${n(w * T)}" height="${n(T)}" fill="${c}" opacity="${o}"/>`;
      return tile(
        T,
        T,
        band(0, 0.38, accent, 0.45) +
          band(0.14, 0.1, darken(accent, 0.3), 0.35) +
          band(0.56, 0.12, a2, 0.5) +
          band(0.8, 0.025, lighten(base, 0.7), 0.7) +
          band(0.9, 0.02, darken(accent, 0.2), 0.6),
      );
    }
    case "floral": {
      const T = onGrid(140 * unit);
      return tile(T, T, floralTile(T, look));
    }
    case "chevron": {
      const T = onGrid(168 * unit, 2 * GRID);
      return tile(T, T / 2, chevronTile(T, look));
    }
    case "solid": {
      // Slubs: a few uneven threads make a plain weave read as linen rather than paint.
      const T = onGrid(220 * unit);
      const rand = prng(hashString(base + accent));
      let slubs = "";
      for (let k = 0; k < 14; k++) {
        const y = rand() * T;
        const x = rand() * T;
        const len = (0.15 + rand() * 0.4) * T;
        const c = rand() > 0.5 ? lighten(base, 0.25) : darken(base, 0.12);
        slubs += `<rect x="${n(x - len / 2)}" y="${n(y)}" width="${n(len)}" height="${n(1 + rand() * 1.5 * unit)}" rx="1" fill="${c}" opacity="0.55"/>`;
        slubs += `<rect x="${n(x - len / 2 - T)}" y="${n(y)}" width="${n(len)}" height="${n(1 + rand() * 1.5 * unit)}" rx="1" fill="${c}" opacity="0.55"/>`;
      }
      return tile(T, T, slubs);
    }
  }
}

// ---------------------------------------------------------------- shared paint

const LEATHER = "#94603A";
const LEATHER_DARK = "#6B4126";
const CREAM_THREAD = "#F2E6CF";
// Straight strokes need flat colours: a gradient over a zero-height box paints nothing.
const BRASS = "#D2AE55";
const BRASS_DARK = "#8A6724";

interface Palette {
  thread: string;
  lining: string;
  liningDark: string;
  zipTape: string;
  piping: string;
}

function paletteFor(look: FabricLook): Palette {
  // A soft contrasting plain lining, the way a maker pairs a print with a solid.
  const [h, sat] = toHsl(look.pattern === "solid" ? look.base : look.accent);
  const lining = sat < 0.08 ? "#E9D9B8" : fromHsl((h + 160) % 360, Math.min(0.5, Math.max(0.3, sat)), 0.8);
  return {
    thread: luminance(look.base) > 0.55 ? darken(look.accent, 0.15) : CREAM_THREAD,
    lining,
    liningDark: darken(lining, 0.25),
    zipTape: darken(look.pattern === "solid" ? look.base : look.accent, 0.35),
    piping: darken(look.accent, 0.2),
  };
}

function commonDefs(): string {
  return `
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/>
  <stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
  <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
</linearGradient>
<linearGradient id="formH" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/>
  <stop offset="0.2" stop-color="#ffffff" stop-opacity="0.05"/>
  <stop offset="0.55" stop-color="#000000" stop-opacity="0"/>
  <stop offset="0.86" stop-color="#000000" stop-opacity="0.12"/>
  <stop offset="1" stop-color="#000000" stop-opacity="0.3"/>
</linearGradient>
<linearGradient id="formV" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.1"/>
  <stop offset="0.15" stop-color="#ffffff" stop-opacity="0"/>
  <stop offset="0.78" stop-color="#000000" stop-opacity="0"/>
  <stop offset="1" stop-color="#000000" stop-opacity="0.24"/>
</linearGradient>
<linearGradient id="leather" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#B47B50"/><stop offset="0.5" stop-color="${LEATHER}"/><stop offset="1" stop-color="#7A4B2C"/>
</linearGradient>
<radialGradient id="metal" cx="0.35" cy="0.3" r="0.75">
  <stop offset="0" stop-color="#FFF8E0"/><stop offset="0.3" stop-color="#E6C673"/><stop offset="0.7" stop-color="#B08A3A"/><stop offset="1" stop-color="#6E5219"/>
</radialGradient>
<linearGradient id="metalBar" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#FFF3C8"/><stop offset="0.35" stop-color="#D9B560"/><stop offset="0.65" stop-color="#A88232"/><stop offset="1" stop-color="#E0C27A"/>
</linearGradient>`;
}

/**
 * A fabric panel lit from the upper left: print, weave, the turn of the form (light
 * on the left, shade on the right and underneath), a soft darkening where the
 * panel rolls into its seams (stacked strokes: a blur filter costs more than the
 * rest of the picture), and a crisp edge.
 */
function cloth(d: string, fill = "url(#fab)", id?: string): string {
  const rollOff = id
    ? `<clipPath id="${id}"><path d="${d}"/></clipPath><g clip-path="url(#${id})" fill="none" stroke="#000" stroke-opacity="0.06" stroke-linejoin="round">${[56, 38, 22, 10].map((w) => `<path d="${d}" stroke-width="${w}"/>`).join("")}</g>`
    : "";
  return `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#tex)"/><path d="${d}" fill="url(#formH)"/><path d="${d}" fill="url(#formV)"/>${rollOff}<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="2.5" stroke-linejoin="round"/>`;
}

/** Topstitching: each stitch a thread with a faint shadow where it sinks into the cloth. */
function stitch(d: string, colour: string, width = 3): string {
  const dash = `stroke-dasharray="${n(width * 3.2)} ${n(width * 2.4)}"`;
  return `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="${n(width)}" ${dash} stroke-linecap="round" transform="translate(${n(width * 0.3)} ${n(width * 0.4)})"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" ${dash} stroke-linecap="round"/>`;
}

/** A flap lying over the body: the shadow it casts, the fabric, and its piped edge. */
function flapOver(d: string, fill: string, pipe: string, w: number): string {
  return `<path d="${d}" fill="#000" opacity="0.2" transform="translate(3 9)"/>${cloth(d, fill)}${piping(d, pipe, w)}`;
}

/** Piping: a cord wrapped in bias fabric, a tube with its own highlight and shadow. */
function piping(d: string, colour: string, w: number): string {
  return `<path d="${d}" fill="none" stroke="${darken(colour, 0.35)}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(w * 0.7)}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="${n(w * 0.22)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(${n(-w * 0.12)} ${n(-w * 0.16)})"/>`;
}

function leatherTab(x: number, y: number, w: number, h: number, r: number): string {
  const inset = Math.min(7, w / 5);
  return `<rect x="${n(x + 2)}" y="${n(y + 4)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="#000" opacity="0.16"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="url(#leather)" stroke="${LEATHER_DARK}" stroke-width="2"/><rect x="${n(x + inset)}" y="${n(y + inset)}" width="${n(w - 2 * inset)}" height="${n(h - 2 * inset)}" rx="${n(Math.max(0, r - inset))}" fill="none" stroke="${CREAM_THREAD}" stroke-width="2" stroke-dasharray="6 5" opacity="0.85"/>`;
}

function rivet(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy + r * 0.15)}" r="${n(r)}" fill="#000" opacity="0.18"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#metal)" stroke="#7A5A1E" stroke-width="1.5"/>`;
}

/** A leather strap as a thick stroke: burnished edges, stitching along both sides, a sheen on top. */
function strap(d: string, w: number, colour = LEATHER): string {
  const line = `fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  return `<path d="${d}" ${line} stroke="${darken(colour, 0.35)}" stroke-width="${n(w)}"/><path d="${d}" fill="none" stroke="${CREAM_THREAD}" stroke-width="${n(w - 5)}" stroke-dasharray="7 5" opacity="0.8"/><path d="${d}" ${line} stroke="${colour}" stroke-width="${n(w - 10)}"/><path d="${d}" ${line} stroke="#fff" stroke-opacity="0.16" stroke-width="${n(Math.max(2, w * 0.18))}" transform="translate(${n(-w * 0.12)} ${n(-w * 0.1)})"/>`;
}

function zipper(x1: number, x2: number, y: number, pullX: number, tape: string): string {
  return (
    `<rect x="${n(x1)}" y="${n(y - 13)}" width="${n(x2 - x1)}" height="26" fill="${tape}"/>${teeth(`M${n(x1 + 6)} ${n(y)} L${n(x2 - 6)} ${n(y)}`, 12)}` +
    zipPull(pullX, y)
  );
}

/** Interlocking zipper teeth along a path. */
function teeth(d: string, width: number): string {
  return `<path d="${d}" fill="none" stroke="${BRASS_DARK}" stroke-width="${width}" stroke-dasharray="4 4"/><path d="${d}" fill="none" stroke="${BRASS}" stroke-width="${width - 2}" stroke-dasharray="4 4" stroke-dashoffset="4"/>`;
}

function zipPull(x: number, y: number): string {
  return `<rect x="${n(x - 15)}" y="${n(y - 12)}" width="30" height="24" rx="6" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="1.5"/><rect x="${n(x - 6)}" y="${n(y + 6)}" width="12" height="30" rx="5" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="1.5"/>${leatherTab(x - 14, y + 30, 28, 64, 10)}`;
}

// ---------------------------------------------------------------- geometry

type Pt = readonly [x: number, y: number, r?: number];

/** Each corner as [start, vertex, end] of its rounding curve. */
function corners(pts: readonly Pt[]): string[][] {
  const count = pts.length;
  return pts.map(([x, y, r = 0], i) => {
    const [px, py] = pts[(i + count - 1) % count]!;
    const [nx, ny] = pts[(i + 1) % count]!;
    const lp = Math.hypot(px - x, py - y);
    const ln = Math.hypot(nx - x, ny - y);
    const rr = Math.min(r, lp / 2, ln / 2);
    const a = `${n(x + ((px - x) / lp) * rr)} ${n(y + ((py - y) / lp) * rr)}`;
    const b = `${n(x + ((nx - x) / ln) * rr)} ${n(y + ((ny - y) / ln) * rr)}`;
    return [a, `${n(x)} ${n(y)}`, b];
  });
}

/** Polygon with each corner rounded by its own radius. */
function rounded(pts: readonly Pt[]): string {
  return (
    corners(pts)
      .map(([a, v, b], i) => `${i === 0 ? "M" : "L"}${a} Q${v} ${b}`)
      .join(" ") + " Z"
  );
}

/** Like rounded() but leaves out the first (top) edge, where a zipper or band sits. */
function roundedOpen(pts: readonly Pt[]): string {
  const c = corners(pts);
  const rest = c.slice(1).map(([a, v, b], i) => `${i === 0 ? "M" : "L"}${a} Q${v} ${b}`);
  return rest.join(" ") + ` L${c[0]![0]}`;
}

/** Offsets a convex polygon inward, for stitching lines that follow the edge. */
function inset(pts: readonly Pt[], d: number): Pt[] {
  const count = pts.length;
  let area = 0;
  for (let i = 0; i < count; i++) {
    const [x1, y1] = pts[i]!;
    const [x2, y2] = pts[(i + 1) % count]!;
    area += x1 * y2 - x2 * y1;
  }
  const sign = area > 0 ? 1 : -1;
  const lines = pts.map((p, i) => {
    const q = pts[(i + 1) % count]!;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    const nx = (-(q[1] - p[1]) / len) * sign;
    const ny = ((q[0] - p[0]) / len) * sign;
    return { x: p[0] + nx * d, y: p[1] + ny * d, dx: q[0] - p[0], dy: q[1] - p[1] };
  });
  return pts.map((p, i) => {
    const a = lines[(i + count - 1) % count]!;
    const b = lines[i]!;
    const den = a.dx * b.dy - a.dy * b.dx;
    const t = ((b.x - a.x) * b.dy - (b.y - a.y) * b.dx) / den;
    return [a.x + a.dx * t, a.y + a.dy * t, Math.max(0, (p[2] ?? 0) - d * 0.6)] as const;
  });
}

const shift = (pts: readonly Pt[], dx: number, dy: number, sx = 1, cx = 600): Pt[] =>
  pts.map(([x, y, r]) => [cx + (x - cx) * sx + dx, y + dy, r] as const);

function bounds(pts: readonly Pt[]) {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Point and direction (degrees) at t on a cubic Bezier. */
function cubicAt(p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): { x: number; y: number; angle: number } {
  const u = 1 - t;
  const at = (i: 0 | 1) => u * u * u * p0[i] + 3 * u * u * t * p1[i] + 3 * u * t * t * p2[i] + t * t * t * p3[i];
  const slope = (i: 0 | 1) => 3 * u * u * (p1[i] - p0[i]) + 6 * u * t * (p2[i] - p1[i]) + 3 * t * t * (p3[i] - p2[i]);
  return { x: at(0), y: at(1), angle: (Math.atan2(slope(1), slope(0)) * 180) / Math.PI };
}

/** A buckle or slider threaded on a strap of width w at (x, y), turned along the strap. */
function slider(x: number, y: number, angle: number, w: number): string {
  const len = w + 14;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})"><rect x="-9" y="${n(-len / 2 + 2)}" width="22" height="${n(len)}" rx="5" fill="#000" opacity="0.2"/><rect x="-11" y="${n(-len / 2)}" width="22" height="${n(len)}" rx="5" fill="none" stroke="url(#metalBar)" stroke-width="6"/><path d="M0 ${n(-len / 2)} L0 ${n(len / 2)}" stroke="${BRASS}" stroke-width="4"/></g>`;
}

/** A D-ring sewn into a side seam on a short leather tab, hooked by a strap's swivel clip. */
function dRing(x: number, top: number): string {
  return (
    leatherTab(x - 13, top + 20, 26, 46, 6) +
    `<path d="M${n(x - 13)} ${n(top + 24)} L${n(x - 13)} ${n(top + 12)} Q${n(x)} ${n(top - 10)} ${n(x + 13)} ${n(top + 12)} L${n(x + 13)} ${n(top + 24)} Z" fill="none" stroke="url(#metalBar)" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M${n(x - 7)} ${n(top - 34)} L${n(x + 7)} ${n(top - 34)} L${n(x + 9)} ${n(top - 2)} Q${n(x)} ${n(top + 12)} ${n(x - 9)} ${n(top - 2)} Z" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="1.5"/>` +
    `<rect x="${n(x - 11)}" y="${n(top - 50)}" width="22" height="18" rx="4" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="1.5"/>`
  );
}

interface HandlePair {
  /** The back handle, drawn before the body: it rises from behind the back wall. */
  behind: string;
  /** The front handle with its tabs and rivets. */
  front: string;
  /** The front handle folded down over the front wall, for the open view. */
  down: (rimY: (x: number) => number) => string;
}

/**
 * One pair of handles sewn to the outside of the bag: the front one on tabs, and
 * its twin on the back wall, seen a little higher because the camera looks down.
 */
function handlePair(
  xl: number,
  xr: number,
  anchorY: number,
  rise: number,
  w: number,
  straight = 0,
  ends?: (x: number, y: number) => string,
): HandlePair {
  const path = (y: number, up: number, run: number, l = xl, r = xr) =>
    `M${n(l)} ${n(y)} L${n(l)} ${n(y - run)} C${n(l)} ${n(y - run - up)} ${n(r)} ${n(y - run - up)} ${n(r)} ${n(y - run)} L${n(r)} ${n(y)}`;
  const tabs = (y: number) =>
    [xl, xr]
      .map((x) =>
        ends
          ? ends(x, y)
          : leatherTab(x - w * 0.95, y - w * 2.2, w * 1.9, w * 3.2, w * 0.5) + rivet(x, y - w * 0.35, w * 0.32),
      )
      .join("");
  const lift = 34;
  const squeeze = 0.96;
  return {
    behind: strap(
      path(anchorY - lift, rise, straight, 600 + (xl - 600) * squeeze, 600 + (xr - 600) * squeeze),
      w * 0.96,
      darken(LEATHER, 0.14),
    ),
    front: strap(path(anchorY, rise, straight), w) + tabs(anchorY),
    down: (rimY) => {
      const y = Math.max(rimY(xl), rimY(xr)) + w * 2.4;
      const drop = (rise + straight) * 0.42;
      // Sewn-on ends run up to the rim before the handle folds over it.
      const start = ends ? y - w * 1.6 : y;
      const hang = `M${n(xl)} ${n(y)} L${n(xl)} ${n(start)} C${n(xl)} ${n(start + drop)} ${n(xr)} ${n(start + drop)} ${n(xr)} ${n(start)} L${n(xr)} ${n(y)}`;
      return (
        `<path d="${hang}" fill="none" stroke="#000" stroke-opacity="0.16" stroke-width="${n(w)}" transform="translate(8 12)"/>` +
        strap(hang, w) +
        tabs(y)
      );
    },
  };
}

// ---------------------------------------------------------------- the items

type Box = readonly [x: number, y: number, side: number];
type Extent = readonly [left: number, top: number, right: number, bottom: number];

/** A square crop around the item with breathing room, the item sitting a little low. */
function frameFor([l, t, r, b]: Extent): Box {
  return cropAround((l + r) / 2, (t + b) / 2 + 0.03 * Math.max(r - l, b - t), Math.max(r - l, b - t) * 1.24);
}

/**
 * Crop sides at which 1200 px maps each user unit to 1, 1.25, 1.5, 2, 2.5, 3, 4,
 * 5 or 6 pixels: with that scale and the grid, pattern tiles land on whole pixels.
 */
const CROP_SIDES = [200, 240, 300, 400, 480, 600, 800, 960, 1200];

/** The smallest allowed square crop holding `side` units, centred near (cx, cy) on the grid. */
function cropAround(cx: number, cy: number, side: number): Box {
  // Trimming the margin a little beats zooming out a whole step.
  const s = CROP_SIDES.find((c) => c >= side * 0.93) ?? 1200;
  return [onGrid(cx - s / 2, GRID, -Infinity), onGrid(cy - s / 2, GRID, -Infinity), s];
}

interface ItemArt {
  /** Main body outline (convex, listed clockwise starting top left). */
  body: Pt[];
  /** Drawn before the body: handles and straps that go behind it. */
  behind: string;
  /** Drawn over the body: flaps, tabs, zippers, pockets. */
  front: string;
  /** A flap, shown flipped up with its lining in the inside view. */
  flap?: string;
  /** How far the flap reaches below the top of the body. */
  flapDrop?: number;
  /** Left, top, right, bottom of the whole item, handles included. */
  extent: Extent;
  /** The same for a custom inside drawing. */
  insideExtent?: Extent;
  /** Replaces the generic open-bag interior. */
  inside?: string;
  /** The front handle folded down over the front wall in the open view. */
  handleDown?: (rimY: (x: number) => number) => string;
  /** True when the opening has a zipper, so the open view shows its teeth. */
  zipped?: boolean;
}

/**
 * The crossbody's strap: clipped to D-rings at both top corners, with the slider
 * that adjusts its length threaded on the strap itself.
 */
function crossbodyStrap(): string {
  const left: Pt[] = [
    [416, 506],
    [372, 260],
    [470, 110],
    [600, 110],
  ];
  const right = left.map(([x, y]) => [1200 - x, y] as const).reverse();
  const xy = (pts: readonly Pt[]) => pts.map(([x, y]) => `${x} ${y}`).join(" ");
  const d = `M${xy(left.slice(0, 1))} C${xy(left.slice(1))} C${xy(right.slice(1))}`;
  const at = cubicAt(left[0]!, left[1]!, left[2]!, left[3]!, 0.22);
  return strap(d, 22) + slider(at.x, at.y, at.angle, 22) + dRing(416, 530) + dRing(784, 530);
}

type ArtFn = (p: Palette) => ItemArt;

const ART: Record<ItemShape, ArtFn> = {
  purse: (p) => {
    const body: Pt[] = [
      [400, 470, 24],
      [800, 470, 24],
      [905, 930, 70],
      [295, 930, 70],
    ];
    const handles = handlePair(450, 750, 560, 310, 28);
    return {
      body,
      behind: handles.behind,
      handleDown: handles.down,
      front:
        piping("M400 471 L800 471", p.piping, 12) +
        stitch(rounded(inset(body, 20)), p.thread) +
        handles.front +
        leatherTab(560, 458, 80, 210, 30) +
        `<rect x="566" y="600" width="68" height="44" rx="12" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="2"/><ellipse cx="600" cy="622" rx="18" ry="11" fill="url(#metal)" stroke="#7A5A1E" stroke-width="1.5"/>`,
      extent: [295, 265, 905, 935],
    };
  },

  tote: (p) => {
    const body: Pt[] = [
      [330, 400, 10],
      [870, 400, 10],
      [890, 990, 34],
      [310, 990, 34],
    ];
    const band: Pt[] = [
      [330, 400, 10],
      [870, 400, 10],
      [873, 490, 0],
      [327, 490, 0],
    ];
    const pocket: Pt[] = [
      [470, 630, 6],
      [730, 630, 6],
      [730, 850, 22],
      [470, 850, 22],
    ];
    const boxX = (x: number, y: number) =>
      `<path d="M${x} ${y - 70} L${x} ${y}" stroke="${LEATHER}" stroke-width="30" stroke-linecap="round"/><rect x="${x - 15}" y="${y - 70}" width="30" height="60" fill="none" stroke="${CREAM_THREAD}" stroke-width="2.5" stroke-dasharray="5 4"/><path d="M${x - 15} ${y - 70} L${x + 15} ${y - 10} M${x + 15} ${y - 70} L${x - 15} ${y - 10}" stroke="${CREAM_THREAD}" stroke-width="2.5" stroke-dasharray="5 4"/>`;
    const handles = handlePair(440, 760, 575, 225, 40, 245, boxX);
    return {
      body,
      behind: handles.behind,
      handleDown: handles.down,
      front:
        `<path d="${rounded(band)}" fill="${p.piping}"/><path d="${rounded(band)}" fill="url(#tex)"/><path d="${rounded(band)}" fill="url(#shade)"/>` +
        stitch("M334 480 L866 480", p.thread) +
        stitch(roundedOpen(inset(body, 18)), p.thread) +
        cloth(rounded(pocket), "url(#fabBias)") +
        stitch("M486 650 L714 650", p.thread) +
        stitch(rounded(inset(pocket, 12)), p.thread) +
        leatherTab(585, 640, 30, 46, 4) +
        handles.front,
      extent: [310, 95, 890, 990],
    };
  },

  crossbody: (p) => {
    const body: Pt[] = [
      [415, 560, 40],
      [785, 560, 40],
      [795, 890, 56],
      [405, 890, 56],
    ];
    const flap = `M408 552 L792 552 L794 700 Q794 790 704 790 L496 790 Q406 790 406 700 Z`;
    return {
      body,
      flap,
      flapDrop: 240,
      behind: crossbodyStrap(),
      front:
        stitch(rounded(inset(body, 18)), p.thread) +
        flapOver(flap, "url(#fab)", p.piping, 10) +
        stitch(`M428 572 L772 572 L772 696 Q772 768 700 768 L500 768 Q428 768 428 696 Z`, p.thread) +
        leatherTab(568, 720, 64, 110, 28) +
        rivet(600, 795, 15),
      extent: [380, 108, 820, 890],
    };
  },

  backpack: (p) => {
    const body: Pt[] = [
      [385, 290, 170],
      [815, 290, 170],
      [835, 985, 56],
      [365, 985, 56],
    ];
    const flap = rounded([
      [378, 283, 172],
      [822, 283, 172],
      [827, 575, 60],
      [373, 575, 60],
    ]);
    const pocket: Pt[] = [
      [440, 690, 20],
      [760, 690, 20],
      [768, 925, 50],
      [432, 925, 50],
    ];
    const buckleStrap = (x: number) =>
      leatherTab(x - 22, 420, 44, 330, 18) +
      `<rect x="${x - 30}" y="585" width="60" height="44" rx="6" fill="none" stroke="url(#metalBar)" stroke-width="8"/><path d="M${x} 589 L${x} 625" stroke="${BRASS}" stroke-width="5"/>`;
    return {
      body,
      flap,
      flapDrop: 292,
      behind:
        strap("M560 300 C560 210 640 210 640 300", 22) +
        `<path d="M372 420 C330 560 330 760 352 940" fill="none" stroke="${LEATHER_DARK}" stroke-width="34" stroke-linecap="round"/><path d="M828 420 C870 560 870 760 848 940" fill="none" stroke="${LEATHER_DARK}" stroke-width="34" stroke-linecap="round"/>`,
      front:
        cloth(rounded(pocket), "url(#fabBias)") +
        stitch(rounded(inset(pocket, 14)), p.thread) +
        stitch(rounded(inset(body, 18)), p.thread) +
        flapOver(flap, "url(#fab)", p.piping, 10) +
        buckleStrap(505) +
        buckleStrap(695) +
        rivet(505, 730, 8) +
        rivet(695, 730, 8),
      extent: [330, 230, 870, 985],
    };
  },

  wallet: (p) => {
    const body: Pt[] = [
      [340, 470, 26],
      [860, 470, 26],
      [860, 800, 26],
      [340, 800, 26],
    ];
    const flap: Pt[] = [
      [336, 466, 28],
      [864, 466, 28],
      [864, 640, 40],
      [336, 640, 40],
    ];
    return {
      body,
      flap: rounded(flap),
      behind: "",
      front:
        stitch(rounded(inset(body, 16)), p.thread) +
        flapOver(rounded(flap), "url(#fabBias)", p.piping, 9) +
        stitch(rounded(inset(flap, 14)), p.thread) +
        leatherTab(560, 600, 80, 96, 34) +
        rivet(600, 660, 14),
      extent: [336, 466, 864, 800],
      inside: walletInside(p),
      insideExtent: [250, 470, 1060, 820],
    };
  },

  clutch: (p) => {
    const body: Pt[] = [
      [270, 500, 22],
      [930, 500, 22],
      [930, 830, 30],
      [270, 830, 30],
    ];
    const flap = "M266 496 L934 496 L636 738 Q600 766 564 738 Z";
    return {
      body,
      flap,
      flapDrop: 270,
      // The wrist strap loops from its clip on the side ring and back again.
      behind: strap("M262 574 C160 600 120 800 190 830 C250 855 290 700 268 584", 18),
      front:
        stitch(rounded(inset(body, 16)), p.thread) +
        flapOver(flap, "url(#fabBias)", p.piping, 11) +
        stitch("M300 514 L900 514 L630 722 Q600 744 570 722 Z", p.thread) +
        rivet(600, 722, 20) +
        `<ellipse cx="268" cy="560" rx="12" ry="18" fill="none" stroke="url(#metalBar)" stroke-width="6"/>`,
      extent: [150, 496, 934, 860],
    };
  },

  pouch: (p) => {
    const body: Pt[] = [
      [330, 500, 18],
      [870, 500, 18],
      [890, 870, 64],
      [310, 870, 64],
    ];
    return {
      body,
      behind: "",
      zipped: true,
      front:
        stitch(roundedOpen(inset(body, 18)), p.thread) +
        stitch("M330 545 L870 545", p.thread) +
        zipper(322, 878, 515, 790, p.zipTape) +
        leatherTab(296, 495, 44, 40, 8) +
        strap("M292 522 C200 560 180 740 236 760 C290 780 310 620 300 528", 16) +
        `<rect x="284" y="505" width="24" height="30" rx="5" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="1.5"/>`,
      extent: [200, 495, 890, 870],
    };
  },

  "makeup-bag": (p) => {
    const body: Pt[] = [
      [360, 540, 16],
      [840, 540, 16],
      [852, 900, 36],
      [348, 900, 36],
    ];
    const top: Pt[] = [
      [410, 440, 14],
      [790, 440, 14],
      [840, 540, 4],
      [360, 540, 4],
    ];
    return {
      body,
      behind: "",
      zipped: true,
      front:
        cloth(rounded(top)) +
        `<path d="${rounded(top)}" fill="#ffffff" opacity="0.12"/>` +
        zipper(392, 808, 490, 740, p.zipTape) +
        stitch(rounded(inset(body, 16)), p.thread) +
        leatherTab(320, 640, 46, 120, 16) +
        rivet(343, 660, 6) +
        rivet(343, 740, 6),
      extent: [320, 440, 852, 900],
    };
  },

  bucket: (p) => {
    const body: Pt[] = [
      [385, 430, 12],
      [815, 430, 12],
      [790, 950, 80],
      [410, 950, 80],
    ];
    let eyelets = "";
    for (let k = 0; k < 7; k++) {
      const x = 440 + k * 53.3;
      eyelets += `<circle cx="${n(x)}" cy="472" r="11" fill="none" stroke="url(#metalBar)" stroke-width="6"/><circle cx="${n(x)}" cy="472" r="7" fill="#3a2a1e"/>`;
    }
    return {
      body,
      behind:
        `<ellipse cx="600" cy="432" rx="214" ry="26" fill="${p.liningDark}"/>` +
        strap("M398 470 C380 140 820 140 802 470", 26),
      front:
        `<path d="M385 432 L815 432 L812 510 L388 510 Z" fill="url(#leather)" stroke="${LEATHER_DARK}" stroke-width="2"/>` +
        stitch("M392 446 L808 446", CREAM_THREAD, 2.5) +
        stitch("M392 498 L808 498", CREAM_THREAD, 2.5) +
        eyelets +
        // The handle's ends come over the collar's rim and are riveted to it.
        strap("M402 420 L404 500", 26) +
        strap("M798 420 L796 500", 26) +
        rivet(404, 486, 8) +
        rivet(796, 486, 8) +
        stitch(roundedOpen(inset(body, 18)), p.thread) +
        `<path d="M560 472 C570 520 560 580 540 640 M640 472 C630 520 640 580 660 640" fill="none" stroke="${LEATHER_DARK}" stroke-width="9" stroke-linecap="round"/>` +
        `<circle cx="540" cy="648" r="12" fill="url(#metal)"/><circle cx="660" cy="648" r="12" fill="url(#metal)"/>`,
      extent: [385, 222, 815, 950],
    };
  },

  "coin-purse": (p) => {
    const body: Pt[] = [
      [410, 560, 40],
      [790, 560, 40],
      [840, 860, 150],
      [360, 860, 150],
    ];
    return {
      body,
      behind: "",
      front:
        stitch(roundedOpen(inset(body, 18)), p.thread) +
        `<path d="M392 575 Q600 520 808 575" fill="none" stroke="#7A5A1E" stroke-width="22" stroke-linecap="round"/><path d="M392 572 Q600 517 808 572" fill="none" stroke="url(#metalBar)" stroke-width="16" stroke-linecap="round"/>` +
        rivet(392, 574, 10) +
        rivet(808, 574, 10) +
        `<path d="M582 548 L590 516 M618 548 L610 516" stroke="${BRASS}" stroke-width="7" stroke-linecap="round"/>` +
        rivet(586, 504, 15) +
        rivet(614, 504, 15),
      extent: [360, 490, 840, 860],
      inside: coinPurseInside(body, p),
    };
  },
};

function walletInside(p: Palette): string {
  const outer: Pt[] = [
    [250, 470, 26],
    [950, 470, 26],
    [950, 820, 26],
    [250, 820, 26],
  ];
  const panel = (x: number): Pt[] => [
    [x, 490, 14],
    [x + 320, 490, 14],
    [x + 320, 800, 14],
    [x, 800, 14],
  ];
  const liningPanel = (pts: Pt[]) =>
    `<path d="${rounded(pts)}" fill="${p.lining}"/><path d="${rounded(pts)}" fill="url(#tex)"/>`;
  const cards = ["#F4F1EA", "#C9D6DF", "#E8C4B8"];
  let slots = "";
  cards.forEach((c, k) => {
    const y = 540 + k * 70;
    slots += `<rect x="${300 + k * 8}" y="${y - 34}" width="230" height="120" rx="10" fill="${c}" stroke="#00000022" stroke-width="2"/>`;
    slots += `<path d="${rounded([
      [275, y, 6],
      [575, y, 6],
      [575, 790, 0],
      [275, 790, 0],
    ])}" fill="${lighten(p.lining, 0.25 - k * 0.05)}" stroke="#00000026" stroke-width="2"/>`;
    slots += stitch(`M285 ${y + 10} L565 ${y + 10}`, p.liningDark, 2.5);
  });
  return (
    leatherTab(900, 590, 150, 90, 40) +
    rivet(1010, 635, 14) +
    cloth(rounded(outer)) +
    stitch(rounded(inset(outer, 12)), p.thread) +
    liningPanel(panel(265)) +
    liningPanel(panel(615)) +
    slots +
    `<path d="M600 478 L600 812" stroke="#000" stroke-opacity="0.25" stroke-width="4"/>` +
    `<rect x="600" y="478" width="40" height="334" fill="url(#fold)"/>` +
    zipper(630, 920, 560, 860, p.zipTape) +
    stitch(rounded(inset(panel(615), 10)), p.liningDark, 2.5)
  );
}

function coinPurseInside(body: Pt[], p: Palette): string {
  const back = shift(body, 0, -150, 0.96);
  return (
    `<path d="${rounded(back)}" fill="${p.lining}"/><path d="${rounded(back)}" fill="url(#tex)"/>` +
    `<path d="M405 430 Q600 375 795 430" fill="none" stroke="#7A5A1E" stroke-width="22" stroke-linecap="round"/><path d="M405 427 Q600 372 795 427" fill="none" stroke="url(#metalBar)" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M600 410 L600 380" stroke="${BRASS}" stroke-width="7"/>` +
    rivet(600, 370, 15) +
    `<rect x="392" y="440" width="416" height="130" fill="url(#deep)"/>` +
    cloth(rounded(body)) +
    stitch(roundedOpen(inset(body, 18)), p.thread) +
    `<path d="M392 575 Q600 520 808 575" fill="none" stroke="#7A5A1E" stroke-width="22" stroke-linecap="round"/><path d="M392 572 Q600 517 808 572" fill="none" stroke="url(#metalBar)" stroke-width="16" stroke-linecap="round"/>` +
    `<path d="M600 550 L600 525" stroke="${BRASS}" stroke-width="7"/>` +
    rivet(600, 515, 15) +
    rivet(392, 574, 10) +
    rivet(808, 574, 10)
  );
}

/** How far the front wall is pulled down at its middle in the open view. */
function openDepth(art: ItemArt): number {
  const b = bounds(art.body);
  return Math.min(230, (b.bottom - b.top) * 0.42);
}

/**
 * The bag held open: its front wall pulled down in a soft curve, showing the
 * lining on the inside of the back wall, a slip pocket and a little label.
 */
function genericInside(art: ItemArt, p: Palette): string {
  const depth = openDepth(art);
  const [tl, tr] = art.body as [Pt, Pt];
  const top = tl[1];
  const bodyD = rounded(art.body);
  const b = bounds(art.body);
  const rimEnd = top + depth * 0.45;
  const rim = (dy: number) =>
    `M${n(b.left - 40)} ${n(rimEnd + dy)} C${n(b.left + 140)} ${n(rimEnd + dy)} ${n(600 - 180)} ${n(top + depth + dy)} 600 ${n(top + depth + dy)} C${n(600 + 180)} ${n(top + depth + dy)} ${n(b.right - 140)} ${n(rimEnd + dy)} ${n(b.right + 40)} ${n(rimEnd + dy)}`;
  const rimY = (x: number) => {
    const side = x <= 600 ? 1 : -1;
    const mx = 600 - side * Math.abs(x - 600);
    const p0: Pt = [b.left - 40, rimEnd];
    const p1: Pt = [b.left + 140, rimEnd];
    const p2: Pt = [420, top + depth];
    const p3: Pt = [600, top + depth];
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 24; k++) {
      const mid = (lo + hi) / 2;
      if (cubicAt(p0, p1, p2, p3, mid).x < mx) lo = mid;
      else hi = mid;
    }
    return cubicAt(p0, p1, p2, p3, lo).y;
  };
  const pocketW = (tr[0] - tl[0]) * 0.46;
  const pocketY = top + 52 + depth * 0.2;
  const pocket: Pt[] = [
    [600 - pocketW / 2, pocketY, 6],
    [600 + pocketW / 2, pocketY, 6],
    [600 + pocketW / 2, top + depth + 40, 0],
    [600 - pocketW / 2, top + depth + 40, 0],
  ];
  let s = art.behind;
  if (art.flap) {
    // The flap folds up over the back wall, so we see its lining side.
    s += `<g transform="translate(0 ${n(2 * top)}) scale(1 -1)"><path d="${art.flap}" fill="${p.lining}"/><path d="${art.flap}" fill="url(#tex)"/><path d="${art.flap}" fill="url(#shade)"/><path d="${art.flap}" fill="none" stroke="${p.piping}" stroke-width="7"/></g>`;
  }
  s += `<clipPath id="back"><path d="${bodyD}"/></clipPath><g clip-path="url(#back)">`;
  s += `<path d="${bodyD}" fill="${p.lining}"/><path d="${bodyD}" fill="url(#tex)"/>`;
  // The fabric facing that finishes the top edge inside.
  s += `<rect x="0" y="${n(top)}" width="1200" height="44" fill="url(#fab)"/><rect x="0" y="${n(top)}" width="1200" height="44" fill="url(#tex)"/>`;
  s += stitch(`M0 ${n(top + 38)} L1200 ${n(top + 38)}`, p.thread);
  s += `<path d="${rounded(pocket)}" fill="${lighten(p.lining, 0.35)}" stroke="#00000022" stroke-width="2"/><path d="${rounded(pocket)}" fill="url(#tex)"/>`;
  s += stitch(
    `M${n(600 - pocketW / 2 + 10)} ${n(pocketY + 14)} L${n(600 + pocketW / 2 - 10)} ${n(pocketY + 14)}`,
    p.liningDark,
    2.5,
  );
  s += leatherTab(600 + pocketW / 2 - 76, pocketY + 30, 52, 28, 4);
  s += `<path d="${bodyD}" fill="url(#walls)"/>`;
  s += `<rect x="0" y="${n(top + depth * 0.35)}" width="1200" height="${n(depth * 0.7)}" fill="url(#deep)"/>`;
  if (art.zipped) s += zipTrack(`M0 ${n(top + 6)} L1200 ${n(top + 6)}`, p);
  s += `</g>`;
  s += `<clipPath id="front"><path d="${rim(0)} L${n(b.right + 40)} ${n(b.bottom + 40)} L${n(b.left - 40)} ${n(b.bottom + 40)} Z"/></clipPath>`;
  s += `<g clip-path="url(#front)">${cloth(bodyD)}`;
  s += `<g clip-path="url(#back)">${art.zipped ? zipTrack(rim(4), p) : `<path d="${rim(2)}" fill="none" stroke="${p.lining}" stroke-width="9"/>`}`;
  s += stitch(rim(24), p.thread) + `</g></g>`;
  if (art.handleDown) s += art.handleDown(rimY);
  return s;
}

// ---------------------------------------------------------------- close-ups

/** How the top edge of the panel in a close-up is finished. */
type Edge = "piping" | "band" | "zip" | "collar" | "frame";

interface CloseUp {
  edge: Edge;
  /** Radius of the panel's top right corner. */
  radius: number;
  /** Hardware, straps and seams drawn over the panel, in close-up units. */
  hardware: string;
}

// The close-up's panel: its top edge at EDGE_Y, its right side at EDGE_X.
const EDGE_Y = 400;
const EDGE_X = 1000;

/** Draws `content` (in the item's own units, centred on `from`) k times larger around `to`. */
function zoom(from: readonly [number, number], to: readonly [number, number], k: number, content: string): string {
  return `<g transform="translate(${n(to[0])} ${n(to[1])}) scale(${k}) translate(${n(-from[0])} ${n(-from[1])})">${content}</g>`;
}

/** A close-up stitch: each thread catches the light and sinks into its hole. */
function threadStitch(d: string, colour: string, width = 7): string {
  const dash = `stroke-dasharray="${n(width * 3.4)} ${n(width * 2)}" stroke-linecap="round"`;
  return `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="${n(width * 1.1)}" ${dash} transform="translate(1.5 3)"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" ${dash}/><path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${n(width * 0.3)}" ${dash} transform="translate(-1 -1.5)"/>`;
}

const CLOSE_UPS: Record<ItemShape, (p: Palette) => CloseUp> = {
  purse: () => ({
    edge: "piping",
    radius: 150,
    hardware: zoom(
      [560, 560],
      [470, 660],
      2.6,
      strap("M450 560 L450 200", 28) +
        leatherTab(424, 500, 52, 90, 14) +
        rivet(450, 560, 9) +
        leatherTab(560, 458, 80, 210, 30) +
        `<rect x="566" y="600" width="68" height="44" rx="12" fill="url(#metalBar)" stroke="#7A5A1E" stroke-width="2"/><ellipse cx="600" cy="622" rx="18" ry="11" fill="url(#metal)" stroke="#7A5A1E" stroke-width="1.5"/>`,
    ),
  }),
  tote: (p) => ({
    edge: "band",
    radius: 40,
    hardware:
      zoom(
        [440, 530],
        [400, 700],
        2.4,
        strap("M440 575 L440 200", 40) +
          `<rect x="425" y="505" width="30" height="60" fill="none" stroke="${CREAM_THREAD}" stroke-width="2.5" stroke-dasharray="5 4"/><path d="M425 505 L455 565 M455 505 L425 565" stroke="${CREAM_THREAD}" stroke-width="2.5" stroke-dasharray="5 4"/>`,
      ) +
      `<path d="M560 880 L940 880 L940 1400 L560 1400 Z" fill="#000" opacity="0.16" transform="translate(4 8)"/>` +
      cloth("M560 880 L940 880 L940 1400 L560 1400 Z", "url(#fabBias)") +
      threadStitch("M580 920 L920 920", p.thread, 6) +
      threadStitch("M590 950 L590 1400 M910 950 L910 1400", p.thread, 6),
  }),
  crossbody: (p) => ({
    edge: "piping",
    radius: 60,
    hardware:
      zoom([784, 520], [900, 470], 2.8, dRing(784, 530) + strap("M784 480 L770 300", 22)) +
      `<path d="M-100 860 L1000 860" stroke="#000" stroke-opacity="0.2" stroke-width="40" transform="translate(0 14)"/>` +
      piping("M-100 860 L1000 860", p.piping, 30) +
      zoom([600, 760], [420, 860], 2.6, leatherTab(568, 720, 64, 110, 28) + rivet(600, 795, 15)),
  }),
  backpack: () => ({
    edge: "piping",
    radius: 220,
    hardware: zoom(
      [505, 600],
      [470, 862],
      2.4,
      leatherTab(483, 420, 44, 330, 18) +
        `<rect x="475" y="585" width="60" height="44" rx="6" fill="none" stroke="url(#metalBar)" stroke-width="8"/><path d="M505 589 L505 625" stroke="${BRASS}" stroke-width="5"/>` +
        rivet(505, 730, 8),
    ),
  }),
  wallet: (p) => ({
    edge: "piping",
    radius: 90,
    hardware:
      `<path d="M-100 760 L1000 760" stroke="#000" stroke-opacity="0.22" stroke-width="40" transform="translate(0 16)"/>` +
      piping("M-100 760 L1000 760", p.piping, 26) +
      zoom([600, 640], [520, 740], 3, leatherTab(560, 600, 80, 96, 34) + rivet(600, 660, 14)),
  }),
  clutch: (p) => {
    const flap = "M-100 400 L1000 400 L1000 420 L620 930 Q560 1000 500 930 L-100 130 Z";
    return {
      edge: "piping",
      radius: 30,
      hardware:
        `<path d="${flap}" fill="#000" opacity="0.2" transform="translate(6 16)"/>` +
        cloth(flap, "url(#fabBias)") +
        piping("M-100 160 L500 930 Q560 1000 620 930 L1000 420", p.piping, 30) +
        threadStitch("M-40 330 L520 880 Q560 930 600 880 L1000 360", p.thread) +
        zoom([600, 722], [560, 880], 2.6, rivet(600, 722, 20)),
    };
  },
  pouch: () => ({
    edge: "zip",
    radius: 50,
    hardware:
      zoom([296, 515], [1010, EDGE_Y], 2.6, leatherTab(296, 495, 44, 40, 8)) +
      zoom([790, 515], [560, EDGE_Y], 2.6, zipPull(790, 515)),
  }),
  "makeup-bag": () => ({
    edge: "zip",
    radius: 120,
    hardware: zoom([740, 490], [620, EDGE_Y], 2.6, zipPull(740, 490)),
  }),
  bucket: () => ({
    edge: "collar",
    radius: 40,
    hardware: "",
  }),
  "coin-purse": () => ({
    edge: "frame",
    radius: 140,
    hardware: "",
  }),
};

/**
 * The detail view: a corner of the item photographed close, so the weave, the
 * stitches and the hardware read at their real texture. (Kept square to the frame:
 * librsvg fills a rotated pattern several times slower.)
 */
function closeUpScene(c: CloseUp, p: Palette): string {
  const T = EDGE_Y;
  const R = EDGE_X;
  const r = c.radius;
  const edge = `M-100 ${T} L${R - r} ${T} Q${R} ${T} ${R} ${T + r} L${R} 1400`;
  const panel = `${edge} L-100 1400 Z`;
  let s = `<path d="${panel}" fill="#2A1D10" opacity="0.14" transform="translate(34 40)"/><path d="${panel}" fill="#2A1D10" opacity="0.14" transform="translate(16 18)"/>`;
  s += cloth(panel, "url(#fab)", "panelClip");
  s += threadStitch(
    `M-100 ${T + 56} L${R - r} ${T + 56} Q${R - 56} ${T + 56} ${R - 56} ${T + r} L${R - 56} 1400`,
    p.thread,
  );
  const shadowBelow = (d: string, w: number) =>
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="${w}" transform="translate(3 12)"/>`;
  switch (c.edge) {
    case "piping":
      s += shadowBelow(edge, 34) + piping(edge, p.piping, 34);
      break;
    case "band": {
      const band = `M-100 ${T} L${R - r} ${T} Q${R} ${T} ${R} ${T + r} L${R} ${T + 200} L-100 ${T + 200} Z`;
      s += `<path d="${band}" fill="${p.piping}"/><path d="${band}" fill="url(#tex)"/><path d="${band}" fill="url(#formH)"/>`;
      s += `<path d="M-100 ${T + 200} L${R} ${T + 200}" stroke="#000" stroke-opacity="0.3" stroke-width="5"/>`;
      s += threadStitch(`M-100 ${T + 176} L${R - 30} ${T + 176}`, p.thread);
      s += `<path d="M-100 ${T + 3} L${R - r} ${T + 3}" stroke="#fff" stroke-opacity="0.25" stroke-width="6"/>`;
      break;
    }
    case "zip": {
      // The back panel beyond the zip, a little further from the light.
      s += `<rect x="-100" y="${T - 320}" width="${R - 30 + 100}" height="300" rx="40" fill="url(#fab)"/><rect x="-100" y="${T - 320}" width="${R + 70}" height="300" rx="40" fill="url(#tex)"/><rect x="-100" y="${T - 320}" width="${R + 70}" height="300" rx="40" fill="#000" opacity="0.16"/>`;
      s += `<rect x="-100" y="${T - 60}" width="${R + 100}" height="110" fill="${p.zipTape}"/><rect x="-100" y="${T - 60}" width="${R + 100}" height="110" fill="url(#tex)"/>`;
      s +=
        threadStitch(`M-100 ${T + 34} L${R} ${T + 34}`, p.thread, 5) +
        threadStitch(`M-100 ${T - 46} L${R} ${T - 46}`, p.thread, 5);
      let teethRow = "";
      for (let x = -100; x < R; x += 30) {
        teethRow += `<rect x="${x}" y="${T - 30}" width="18" height="30" rx="5" fill="url(#metalBar)" stroke="#6E5219" stroke-width="1.5"/><rect x="${x + 15}" y="${T - 6}" width="18" height="30" rx="5" fill="url(#metalBar)" stroke="#6E5219" stroke-width="1.5"/>`;
      }
      s += teethRow;
      break;
    }
    case "collar": {
      const band = `M-100 ${T} L${R - r} ${T} Q${R} ${T} ${R} ${T + r} L${R} ${T + 230} L-100 ${T + 230} Z`;
      s += `<path d="${band}" fill="#000" opacity="0.2" transform="translate(0 10)"/><path d="${band}" fill="url(#leather)"/><path d="${band}" fill="url(#formV)"/>`;
      s +=
        threadStitch(`M-100 ${T + 28} L${R - r} ${T + 28}`, CREAM_THREAD, 5) +
        threadStitch(`M-100 ${T + 202} L${R - 20} ${T + 202}`, CREAM_THREAD, 5);
      for (let x = 60; x < R; x += 230) {
        s += `<circle cx="${x + 3}" cy="${T + 120}" r="44" fill="#000" opacity="0.22"/><circle cx="${x}" cy="${T + 115}" r="40" fill="none" stroke="url(#metal)" stroke-width="18"/><circle cx="${x}" cy="${T + 115}" r="31" fill="#2A1D10"/>`;
      }
      // The drawstring: in through one eyelet, out through the next, its ends knotted.
      const cord = `M290 ${T + 115} C300 ${T + 300} 240 ${T + 460} 260 ${T + 640} M520 ${T + 115} C500 ${T + 320} 560 ${T + 480} 540 ${T + 660}`;
      s += `<path d="${cord}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="26" transform="translate(8 14)"/><path d="${cord}" fill="none" stroke="${LEATHER_DARK}" stroke-width="24" stroke-linecap="round"/><path d="${cord}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="6" transform="translate(-5 0)"/>`;
      s += rivet(260, T + 660, 30) + rivet(540, T + 680, 30);
      break;
    }
    case "frame": {
      const frame = `M-100 ${T} L${R - r} ${T} Q${R} ${T} ${R} ${T + r}`;
      s += `<linearGradient id="frameMetal" gradientUnits="userSpaceOnUse" x1="0" y1="${T - 30}" x2="0" y2="${T + 30}"><stop offset="0" stop-color="#FFF3C8"/><stop offset="0.4" stop-color="#D9B560"/><stop offset="0.75" stop-color="#9C782C"/><stop offset="1" stop-color="#D6B66E"/></linearGradient>`;
      s +=
        shadowBelow(frame, 60) +
        `<path d="${frame}" fill="none" stroke="#6E5219" stroke-width="64" stroke-linecap="round"/><path d="${frame}" fill="none" stroke="url(#frameMetal)" stroke-width="56" stroke-linecap="round"/>`;
      s += rivet(R - 40, T + r + 10, 26);
      // The kiss-lock: two balls on stems that cross as they close.
      s += `<path d="M470 ${T - 20} L500 ${T - 190} M610 ${T - 20} L580 ${T - 190}" stroke="#6E5219" stroke-width="26" stroke-linecap="round"/><path d="M470 ${T - 20} L500 ${T - 190} M610 ${T - 20} L580 ${T - 190}" stroke="${BRASS}" stroke-width="18" stroke-linecap="round"/>`;
      s += rivet(495, T - 230, 56) + rivet(585, T - 230, 56);
      break;
    }
  }
  s += c.hardware;
  return s;
}

/** An open zipper: tape and teeth following a line, no pull. */
function zipTrack(d: string, p: Palette): string {
  return `<path d="${d}" fill="none" stroke="${p.zipTape}" stroke-width="20"/>${teeth(d, 10)}`;
}

// ---------------------------------------------------------------- scenes

/**
 * Where the item meets the sweep: a tight dark contact shadow along its base and
 * a wide soft shadow cast back and to the right, away from the key light.
 */
function groundShadow(left: number, right: number, bottom: number): string {
  const w = right - left;
  const mid = (left + right) / 2;
  return `<ellipse cx="${n(mid + w * 0.14)}" cy="${n(bottom - 22)}" rx="${n(w * 0.68)}" ry="${n(40 + w * 0.06)}" fill="url(#cast)"/><ellipse cx="${n(mid + w * 0.02)}" cy="${n(bottom + 2)}" rx="${n(w * 0.52)}" ry="18" fill="url(#contact)"/>`;
}

function studio(size: number, view: Box, defs: string, content: string): string {
  const [x, y, side] = view;
  // The backdrop fills exactly the visible crop, so every view gets the whole sweep.
  const backdrop = `x="${x}" y="${y}" width="${side}" height="${side}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${x} ${y} ${side} ${side}">
<defs>
<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#E2DBD0"/><stop offset="0.5" stop-color="#EFEAE2"/><stop offset="0.72" stop-color="#F6F2EC"/><stop offset="1" stop-color="#ECE6DC"/></linearGradient>
<radialGradient id="key" cx="0.28" cy="0.3" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.55" r="0.75"><stop offset="0.55" stop-color="#2A1D10" stop-opacity="0"/><stop offset="1" stop-color="#2A1D10" stop-opacity="0.16"/></radialGradient>
<radialGradient id="contact"><stop offset="0" stop-color="#24190F" stop-opacity="0.6"/><stop offset="0.55" stop-color="#24190F" stop-opacity="0.28"/><stop offset="1" stop-color="#24190F" stop-opacity="0"/></radialGradient>
<radialGradient id="cast"><stop offset="0" stop-color="#3B2A1A" stop-opacity="0.24"/><stop offset="0.5" stop-color="#3B2A1A" stop-opacity="0.12"/><stop offset="1" stop-color="#3B2A1A" stop-opacity="0"/></radialGradient>
<linearGradient id="deep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
<linearGradient id="walls" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.14" stop-color="#000" stop-opacity="0"/><stop offset="0.86" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
${defs}
</defs>
<rect ${backdrop} fill="url(#sweep)"/><rect ${backdrop} fill="url(#key)"/>
${content}
<rect ${backdrop} fill="url(#vignette)"/>
</svg>`;
}

// The PNGs are an intermediate (the store re-encodes uploads), so favour speed.
const PNG_OPTIONS = { compressionLevel: 1 } as const;

async function toPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
}

// No photograph is vector-sharp: a touch of lens softness (in pixels at 1200 px)
// makes the pictures read as photographs and spares the encoder a print's hard edges.
const LENS_SOFTNESS = 0.8;

/**
 * Rasterises an SVG drawn in a `side`-unit square at `size` pixels, softened a
 * little like a lens. When the grid would not land on whole pixels at that size
 * (see GRID), it draws at `canonical` pixels and resizes the bitmap. (Resizing
 * inside the same sharp pipeline would have librsvg redraw the SVG at the awkward scale.)
 */
async function renderSquare(
  side: number,
  size: number,
  canonical: number,
  build: (px: number) => string,
): Promise<Buffer> {
  const px = Number.isInteger((GRID * size) / side) ? size : canonical;
  let image = sharp(Buffer.from(build(px)));
  const sigma = (LENS_SOFTNESS * px) / 1200;
  if (sigma >= 0.3) image = image.blur(sigma);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  let bitmap = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (px !== size) bitmap = bitmap.resize(size, size);
  return bitmap.png(PNG_OPTIONS).toBuffer();
}

/** A square, full-bleed swatch of the fabric, lit softly like a photo of cloth. */
export async function renderSwatch(look: FabricLook, size = 600): Promise<Buffer> {
  const uri = await weaveDataUri();
  return renderSquare(
    600,
    size,
    600,
    (px) => `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 600 600">
<defs>${fabricDef("fab", look, 1.35)}${weaveDef("tex", uri, 72)}
<radialGradient id="light" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></radialGradient>
<linearGradient id="ripple" x1="0" y1="0" x2="1" y2="0.35"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="0.66" stop-color="#000" stop-opacity="0.07"/><stop offset="0.72" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.85" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="600" height="600" fill="url(#fab)"/><rect width="600" height="600" fill="url(#tex)"/>
<rect width="600" height="600" fill="url(#ripple)"/><rect width="600" height="600" fill="url(#light)"/>
</svg>`,
  );
}

/** A studio "product photo" of an item sewn from the fabric. */
export async function renderProductPicture(
  shape: ItemShape,
  look: FabricLook,
  view: ItemView,
  size = 1200,
): Promise<Buffer> {
  const uri = await weaveDataUri();
  const palette = paletteFor(look);
  const art = ART[shape](palette);
  const b = bounds(art.body);
  const defs =
    commonDefs() +
    fabricDef("fab", look, 1) +
    fabricDef("fabBias", look, 1, true) +
    // Subtle: at card size a strong weave is noise that costs bytes, not texture.
    weaveDef("tex", uri, 72, 0.45);
  const shadow = groundShadow(b.left, b.right, b.bottom);
  let content: string;
  let viewBox: Box;
  if (view === "inside") {
    content = shadow + (art.inside ?? genericInside(art, palette));
    // The open bag stands taller (back wall and handles rise), so pull the camera back.
    const [l, t, r, b] = art.extent;
    viewBox = frameFor(art.insideExtent ?? [l, Math.min(t, bounds(art.body).top - (art.flapDrop ?? 0)), r, b]);
  } else if (view === "detail") {
    // Close, the print and the weave are drawn larger, as a camera would see them.
    content = closeUpScene(CLOSE_UPS[shape](palette), palette);
    viewBox = [0, 0, 1200];
    return renderSquare(viewBox[2], size, 1200, (px) =>
      studio(
        px,
        viewBox,
        commonDefs() + fabricDef("fab", look, 2.6) + fabricDef("fabBias", look, 2.6, true) + weaveDef("tex", uri, 216),
        content,
      ),
    );
  } else {
    content = shadow + art.behind + cloth(rounded(art.body), "url(#fab)", "bodyClip") + art.front;
    viewBox = frameFor(art.extent);
  }
  return renderSquare(viewBox[2], size, 1200, (px) => studio(px, viewBox, defs, content));
}

/** Stand-in for a missing picture: a quiet outline of a bag, no words. */
export async function renderPlaceholder(size = 800): Promise<Buffer> {
  const line = "#D3C6B1";
  const body = [
    [270, 340, 18],
    [530, 340, 18],
    [590, 600, 40],
    [210, 600, 40],
  ] as const;
  return toPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#F3EEE5"/>
<path d="M320 360 C320 220 480 220 480 360" fill="none" stroke="${line}" stroke-width="16" stroke-linecap="round"/>
<path d="${rounded(body)}" fill="#EDE5D8" stroke="${line}" stroke-width="14" stroke-linejoin="round"/>
<path d="${rounded(inset(body, 26))}" fill="none" stroke="${line}" stroke-width="5" stroke-dasharray="14 10" stroke-linecap="round"/>
</svg>`);
}

/** The "Selvage" wordmark with a needle whose thread becomes a running stitch. */
export async function renderLogo(): Promise<Buffer> {
  const ink = "#1F1E1D";
  const gold = "#D4AF37";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="200" viewBox="0 0 500 200">
<defs><linearGradient id="needle" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#6E6B66"/><stop offset="0.6" stop-color="${ink}"/><stop offset="1" stop-color="#45423E"/></linearGradient></defs>
<g transform="translate(78 92) rotate(-40)">
  <path d="M-52 0 Q-50 -4.6 -10 -4 L48 -1.2 Q54 0 48 1.2 L-10 4 Q-50 4.6 -52 0 Z" fill="url(#needle)"/>
  <ellipse cx="-39" cy="0" rx="7.5" ry="1.6" fill="#FDFCF7"/>
</g>
<path d="M45 126 C20 146 34 172 66 164 C94 157 104 134 132 142" fill="none" stroke="${gold}" stroke-width="3.4" stroke-linecap="round"/>
<path d="M140 144 L470 144" fill="none" stroke="${gold}" stroke-width="3.4" stroke-dasharray="14 9" stroke-linecap="round"/>
<text x="304" y="122" text-anchor="middle" font-family="Georgia, Liberation Serif, DejaVu Serif, serif" font-size="100" font-style="italic" fill="${ink}">Selvage</text>
</svg>`;
  return toPng(svg);
}

/** A sewing table from above: fanned fabric pieces, a spool, scissors and pins. */
export async function renderContactImage(look: FabricLook): Promise<Buffer> {
  const uri = await weaveDataUri();
  const looks: FabricLook[] = [
    { pattern: "solid", base: mix(look.accent, "#F5EEE2", 0.55), accent: look.accent },
    { pattern: "dots", base: "#FBF6EC", accent: look.accent },
    { pattern: "stripes", base: lighten(look.base, 0.2), accent: look.accent2 ?? darken(look.accent, 0.2) },
    look,
  ];
  const rand = prng(hashString(JSON.stringify(look)));
  let grain = "";
  for (let k = 0; k < 26; k++) {
    const y = k * 32 + rand() * 18;
    const amp = 4 + rand() * 10;
    grain += `<path d="M-20 ${n(y)} C300 ${n(y + amp)} 600 ${n(y - amp)} 1220 ${n(y + amp / 2)}" fill="none" stroke="${rand() > 0.5 ? "#8F6236" : "#D9B48A"}" stroke-width="${n(1 + rand() * 2.5)}" opacity="0.35"/>`;
  }
  let pieces = "";
  looks.forEach((_, k) => {
    const angle = -34 + k * 15;
    // Pinked top edge: the zigzag left by pinking shears.
    let zig = "M0 0";
    for (let x = 0; x <= 330; x += 15) zig += ` L${x + 7.5} -9 L${x + 15} 0`;
    const d = `${zig} L345 420 L0 420 Z`;
    pieces += `<g transform="translate(140 300) rotate(${angle} 40 460)"><path d="${d}" fill="#000" opacity="0.14" transform="translate(8 10)"/><path d="${d}" fill="url(#f${k})"/><path d="${d}" fill="url(#tex)" opacity="0.6"/><path d="${d}" fill="url(#shade)"/></g>`;
  });
  const thread = look.accent;
  const spool = `<g transform="translate(860 130)">
<ellipse cx="90" cy="236" rx="96" ry="18" fill="#000" opacity="0.15"/>
<rect x="0" y="0" width="180" height="28" rx="8" fill="#D8B285" stroke="#A77C4E" stroke-width="3"/>
<rect x="14" y="28" width="152" height="172" fill="${thread}"/>
${Array.from({ length: 18 }, (_, i) => `<path d="M14 ${34 + i * 9.4} L166 ${30 + i * 9.4}" stroke="${darken(thread, 0.25)}" stroke-width="2" opacity="0.6"/>`).join("")}
<rect x="14" y="28" width="152" height="172" fill="url(#shade)"/>
<rect x="0" y="200" width="180" height="28" rx="8" fill="#C9A06F" stroke="#A77C4E" stroke-width="3"/>
<path d="M166 150 C260 190 180 330 90 360 C10 385 -20 470 40 520" fill="none" stroke="${thread}" stroke-width="3"/>
</g>`;
  const blade = (angle: number, fill: string) =>
    `<path d="M-14 -9 L236 -3 Q252 0 236 3 L-14 9 Z" fill="${fill}" stroke="#5E6165" stroke-width="3" transform="rotate(${angle})"/>`;
  const handle = (y: number) =>
    `<path d="M-4 ${y * 0.12} L-82 ${y * 0.7}" stroke="#B8412F" stroke-width="20" stroke-linecap="round"/><ellipse cx="-130" cy="${y}" rx="52" ry="34" fill="none" stroke="#C74B3B" stroke-width="17"/>`;
  const scissors = `<g transform="translate(900 590) rotate(-22)">
<g transform="translate(6 10)" opacity="0.16"><ellipse cx="-130" cy="-44" rx="60" ry="42"/><ellipse cx="-130" cy="44" rx="60" ry="42"/><path d="M0 -12 L240 8 L240 16 L0 12 Z"/></g>
${handle(-44)}${handle(44)}${blade(-5, "#E3E6E9")}${blade(5, "#CDD1D5")}
<circle cx="0" cy="0" r="10" fill="url(#metal)" stroke="#5E6165" stroke-width="2"/>
</g>`;
  let pins = "";
  const pinColours = ["#D4AF37", "#3F6E8C", "#F2EFE8", "#6E8B5B", "#1F1E1D"];
  for (let k = 0; k < 9; k++) {
    const a = -160 + k * 38 + rand() * 14;
    const rad = (a * Math.PI) / 180;
    const x = 660 + Math.cos(rad) * 46;
    const y = 200 + Math.sin(rad) * 40;
    pins += `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(a)})"><path d="M0 0 L-26 0" stroke="#9EA2A6" stroke-width="3"/><circle cx="3" cy="3" r="11" fill="#000" opacity="0.15"/><circle cx="0" cy="0" r="10" fill="${pinColours[k % pinColours.length]}"/><circle cx="-3" cy="-3" r="3" fill="#fff" opacity="0.6"/></g>`;
  }
  const cushion = `<ellipse cx="668" cy="222" rx="98" ry="84" fill="#000" opacity="0.14"/>
<circle cx="660" cy="200" r="88" fill="#C74B3B"/>
${[0, 45, 90, 135].map((a) => `<ellipse cx="660" cy="200" rx="88" ry="26" fill="none" stroke="#9E3526" stroke-width="3" transform="rotate(${a} 660 200)"/>`).join("")}
<circle cx="660" cy="200" r="88" fill="url(#shade)"/>
<path d="M660 200 l-18 -30 l18 12 l18 -12 Z" fill="#5E8A4E"/>${pins}`;
  const tape = `<path d="M60 740 C300 690 520 770 760 730 C900 706 1000 760 1220 720" fill="none" stroke="#F0D98C" stroke-width="44"/><path d="M60 722 C300 672 520 752 760 712 C900 688 1000 742 1220 702" fill="none" stroke="#5A4A2A" stroke-width="14" stroke-dasharray="2 18" opacity="0.7"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs>${commonDefs()}${looks.map((l, k) => fabricDef(`f${k}`, l, 1.1)).join("")}${weaveDef("tex", uri, 72)}
<linearGradient id="wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#D3A878"/><stop offset="1" stop-color="#B48456"/></linearGradient>
<radialGradient id="lamp" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
</defs>
<rect width="1200" height="800" fill="url(#wood)"/>${grain}
${pieces}${tape}${spool}${cushion}${scissors}
<rect width="1200" height="800" fill="url(#lamp)"/>
</svg>`;
  return toPng(svg);
}
