import type { FabricColor } from "../../core/fabric.ts";
import type { FabricLook, ItemShape, ItemView } from "./demo-images.ts";

// The demo shop a fresh install opens with. Pure data: the seeder turns it into
// rows and renders the pictures with demo-images.ts. Money is integer cents.

export type { FabricColor };

export type DemoCategorySlug = "purses" | "bags" | "wallets" | "other-products";

export interface DemoCategory {
  slug: DemoCategorySlug;
  name: string;
  description: string;
}

export interface DemoFabric {
  /** Lowercase words joined by hyphens, at most 20 characters, unique. */
  code: string;
  name: string;
  description: string;
  color: FabricColor;
  customColor?: string;
  /** Upcharge for choosing this fabric, unless a product overrides it. */
  priceCents: number;
  inStock: boolean;
  sortOrder: number;
  look: FabricLook;
}

export interface DemoProductFabric {
  code: string;
  /** Overrides the library price for this product (0 makes it free here). */
  upchargeCents?: number;
  /**
   * Render product pictures in this fabric, shown while it is selected. Never set
   * on a product's first fabric: the default pictures are already drawn in it.
   */
  withImages?: boolean;
}

interface DemoProductBase {
  slug: string;
  name: string;
  categorySlug: DemoCategorySlug;
  priceCents: number;
  description: string;
  shape: ItemShape;
  /** Which of the three picture slots get a picture, in slot order. */
  images: readonly ItemView[];
  /** Distinct per product, so "newest first" is a stable order. */
  createdDaysAgo: number;
}

export type DemoProduct = DemoProductBase &
  (
    | { hasFabricSelection: true; fabrics: readonly DemoProductFabric[] }
    | { hasFabricSelection: false; fabrics: readonly []; /** Fabric drawn in its pictures. */ fixedFabric: string }
  );

export interface DemoStore {
  name: string;
  email: string;
  phone: string;
  primaryColor: string;
  textColor: string;
  bgColor: string;
  defaultProductDescription: string;
}

export const DEMO_STORE: DemoStore = {
  name: "Selvage Handmade",
  email: "studio@example.com",
  phone: "(303) 555-0142",
  primaryColor: "#D4AF37",
  textColor: "#1F1E1D",
  bgColor: "#FDFCF7",
  defaultProductDescription:
    "Cut, stitched and finished by hand in our Colorado studio, in small batches from fabrics we choose one bolt at a time. Expect sturdy seams, a fully lined interior and the small variations that make a handmade piece yours alone.",
};

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: "purses",
    name: "Purses",
    description: "Everyday handbags, crossbodies and clutches, structured and fully lined.",
  },
  {
    slug: "bags",
    name: "Bags",
    description: "Roomy totes and backpacks in sturdy canvas and cotton for markets, trails and weekends.",
  },
  {
    slug: "wallets",
    name: "Wallets",
    description: "Slim snap wallets and coin purses with card slots, interfaced to keep their shape.",
  },
  {
    slug: "other-products",
    name: "Other Products",
    description: "Zipper pouches, makeup bags and little organisers that make thoughtful gifts.",
  },
];

export const DEMO_FABRICS: readonly DemoFabric[] = [
  {
    code: "navy-gingham",
    name: "Navy Gingham",
    description:
      "A crisp quarter-inch yarn-dyed gingham in mid-weight cotton. Because the checks are woven rather than printed, they look the same on both sides.",
    color: "navy",
    customColor: "Midnight navy",
    priceCents: 0,
    inStock: true,
    sortOrder: 0,
    look: { pattern: "gingham", base: "#FAF7F0", accent: "#24365E" },
  },
  {
    code: "rose-garden-floral",
    name: "Rose Garden Floral",
    description:
      "A ditsy floral of blush and rose blooms on a cream cotton lawn, backed with canvas interfacing so it holds a bag's shape.",
    color: "pink",
    customColor: "Blush rose",
    priceCents: 500,
    inStock: true,
    sortOrder: 1,
    look: { pattern: "floral", base: "#F8F0E6", accent: "#D9687A", accent2: "#6E8B5B" },
  },
  {
    code: "highland-plaid",
    name: "Highland Plaid",
    description:
      "A brushed cotton flannel tartan in cranberry, forest green and a thread of gold. Soft to the touch and warm-looking all winter.",
    color: "red",
    customColor: "Cranberry tartan",
    priceCents: 600,
    inStock: true,
    sortOrder: 2,
    look: { pattern: "plaid", base: "#7A2B2E", accent: "#1F3A32", accent2: "#D8B65A" },
  },
  {
    code: "teal-ticking",
    name: "Teal Ticking Stripe",
    description:
      "Classic heavyweight ticking with deep teal bands and a fine rust pinstripe. Tightly woven, so it shrugs off scuffs.",
    color: "teal",
    priceCents: 0,
    inStock: true,
    sortOrder: 3,
    look: { pattern: "stripes", base: "#F4EEE2", accent: "#3D7A78", accent2: "#C9643E" },
  },
  {
    code: "indigo-polka-dot",
    name: "Indigo Polka Dot",
    description:
      "Cream dots on an indigo-dyed cotton twill that softens and fades a little with every season, much like a good pair of jeans.",
    color: "blue",
    customColor: "Indigo",
    priceCents: 0,
    inStock: true,
    sortOrder: 4,
    look: { pattern: "dots", base: "#2A3A66", accent: "#F3E9D6" },
  },
  {
    code: "olive-linen",
    name: "Olive Linen",
    description: "A stonewashed linen-cotton blend in a muted olive, with the gentle slubs and texture of real flax.",
    color: "olive",
    priceCents: 300,
    inStock: true,
    sortOrder: 5,
    look: { pattern: "solid", base: "#6F7D4E", accent: "#4A5634" },
  },
  {
    code: "coral-chevron",
    name: "Coral Chevron",
    description:
      "A cheerful printed chevron in coral and slate on a natural cotton duck. Bright enough to find at the bottom of any bag.",
    color: "coral",
    priceCents: 0,
    inStock: true,
    sortOrder: 6,
    look: { pattern: "chevron", base: "#F6E7DA", accent: "#E07A5F", accent2: "#3D405B" },
  },
  {
    code: "mustard-dot",
    name: "Mustard Dot",
    description: "Small cream spots on a warm mustard quilting cotton. A sunny pick for pouches and linings.",
    color: "yellow",
    customColor: "Mustard",
    priceCents: 0,
    inStock: true,
    sortOrder: 7,
    look: { pattern: "dots", base: "#D9A93A", accent: "#FFF8E7" },
  },
  {
    code: "lavender-sprig",
    name: "Lavender Sprig",
    description:
      "Tiny lavender flowers and sage leaves scattered over a pale lilac cotton poplin, smooth and lightweight.",
    color: "lavender",
    priceCents: 0,
    inStock: true,
    sortOrder: 8,
    look: { pattern: "floral", base: "#EEE8F4", accent: "#9B86BD", accent2: "#7C9A6B" },
  },
  {
    code: "charcoal-canvas",
    name: "Charcoal Canvas",
    description: "A 12 oz cotton canvas in deep charcoal, sturdy enough for a backpack that is loaded every day.",
    color: "gray",
    customColor: "Charcoal",
    priceCents: 0,
    inStock: true,
    sortOrder: 9,
    look: { pattern: "solid", base: "#4B4B4E", accent: "#333336" },
  },
  {
    code: "natural-canvas",
    name: "Natural Canvas",
    description:
      "Unbleached cotton canvas in its natural oatmeal colour, flecked here and there with bits of the cotton plant.",
    color: "beige",
    customColor: "Oatmeal",
    priceCents: 0,
    inStock: true,
    sortOrder: 10,
    look: { pattern: "solid", base: "#E4D6BB", accent: "#CDBB98" },
  },
  {
    code: "mint-gingham",
    name: "Mint Gingham",
    description: "A fresh mint and white gingham in a light cotton seersucker. The next bolt is on order.",
    color: "mint",
    priceCents: 0,
    inStock: false,
    sortOrder: 11,
    look: { pattern: "gingham", base: "#FBFAF5", accent: "#6DBB9A" },
  },
  {
    code: "buffalo-plaid",
    name: "Buffalo Plaid",
    description: "Bold black and cherry plaid on a cosy cotton flannel, a nod to the cabin coats of the Rockies.",
    color: "black",
    customColor: "Black and cherry",
    priceCents: 400,
    inStock: true,
    sortOrder: 12,
    look: { pattern: "plaid", base: "#A3262C", accent: "#141414", accent2: "#5A1417" },
  },
  {
    code: "terracotta-stripe",
    name: "Terracotta Stripe",
    description:
      "Wide terracotta stripes with a thin slate line on a natural linen blend. Sold out for now; it returns in spring.",
    color: "orange",
    customColor: "Terracotta",
    priceCents: 0,
    inStock: false,
    sortOrder: 13,
    look: { pattern: "stripes", base: "#F3E7D8", accent: "#C8643B", accent2: "#2F4858" },
  },
  {
    code: "sage-chambray",
    name: "Sage Chambray",
    description:
      "A soft cotton chambray woven with sage and white threads, which gives it a gently heathered, lived-in look.",
    color: "green",
    customColor: "Sage",
    priceCents: 0,
    inStock: true,
    sortOrder: 14,
    look: { pattern: "solid", base: "#93A886", accent: "#7B9070" },
  },
  {
    code: "denim-chambray",
    name: "Denim Chambray",
    description: "A mid-blue cotton denim with a clean twill face, washed before cutting so it won't shrink or bleed.",
    color: "blue",
    customColor: "Washed denim",
    priceCents: 0,
    inStock: true,
    sortOrder: 15,
    look: { pattern: "solid", base: "#5A7AA5", accent: "#46648D" },
  },
];

const ALL_VIEWS: readonly ItemView[] = ["main", "detail", "inside"];
const OUTSIDE_VIEWS: readonly ItemView[] = ["main", "detail"];

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  // ---------------------------------------------------------------- purses
  {
    slug: "larimer-top-handle-purse",
    name: "Larimer Top-Handle Purse",
    categorySlug: "purses",
    priceCents: 8800,
    description:
      "A structured top-handle purse, 11 by 8 inches, with rolled leather handles and a brass turn-lock on a leather tab. Fully lined in quilting cotton with a slip pocket for your phone. Cut and sewn by hand in our Colorado studio.",
    shape: "purse",
    hasFabricSelection: true,
    fabrics: [
      { code: "navy-gingham" },
      { code: "rose-garden-floral", withImages: true },
      { code: "highland-plaid", upchargeCents: 700, withImages: true },
    ],
    images: ALL_VIEWS,
    createdDaysAgo: 2,
  },
  {
    slug: "columbine-crossbody",
    name: "Columbine Crossbody",
    categorySlug: "purses",
    priceCents: 6800,
    description:
      "Our everyday crossbody: 9 by 7 inches, with a rounded flap that closes with a magnetic snap under a leather tab. The adjustable 50-inch leather strap clips on with brass D-rings. Interfaced cotton outside, lined inside, made in Colorado.",
    shape: "crossbody",
    hasFabricSelection: true,
    fabrics: [{ code: "highland-plaid" }, { code: "teal-ticking", withImages: true }, { code: "indigo-polka-dot" }],
    images: ALL_VIEWS,
    createdDaysAgo: 5,
  },
  {
    slug: "aspen-envelope-clutch",
    name: "Aspen Envelope Clutch",
    categorySlug: "purses",
    priceCents: 5200,
    description:
      "A slim envelope clutch, 12 by 6 inches, with a pointed flap finished in piping and a brass magnetic button. A removable leather wrist strap keeps your hands free at weddings and gallery nights. Handmade in Colorado.",
    shape: "clutch",
    hasFabricSelection: true,
    fabrics: [{ code: "olive-linen" }, { code: "coral-chevron", withImages: true }, { code: "buffalo-plaid" }],
    images: OUTSIDE_VIEWS,
    createdDaysAgo: 9,
  },
  {
    slug: "mesa-bucket-purse",
    name: "Mesa Drawstring Bucket Purse",
    categorySlug: "purses",
    priceCents: 7400,
    description:
      "A soft bucket purse, 10 inches tall, with a leather collar, brass eyelets and a leather drawstring that cinches it closed. The round, flat base stands on its own and the cotton lining hides an inner pocket. Sewn in our Colorado studio.",
    shape: "bucket",
    hasFabricSelection: true,
    fabrics: [{ code: "rose-garden-floral" }, { code: "natural-canvas", withImages: true }, { code: "lavender-sprig" }],
    images: ALL_VIEWS,
    createdDaysAgo: 14,
  },
  // ---------------------------------------------------------------- bags
  {
    slug: "market-day-tote",
    name: "Market Day Tote",
    categorySlug: "bags",
    priceCents: 6400,
    description:
      "A big, honest tote, 16 by 18 inches, with a bias-cut patch pocket and long leather straps box-stitched for heavy groceries. Open top, canvas base and a lined interior with a key clip. Made by hand in Colorado.",
    shape: "tote",
    hasFabricSelection: true,
    fabrics: [
      { code: "natural-canvas" },
      { code: "teal-ticking" },
      { code: "mustard-dot" },
      { code: "rose-garden-floral", upchargeCents: 0 },
    ],
    images: ALL_VIEWS,
    createdDaysAgo: 3,
  },
  {
    slug: "trailhead-flap-backpack",
    name: "Trailhead Flap Backpack",
    categorySlug: "bags",
    priceCents: 12800,
    description:
      "A day pack of heavyweight canvas, 15 inches tall, with a drawstring top under a flap that fastens with two leather straps and brass buckles. Padded shoulder straps, a front pocket and a padded laptop sleeve inside. Built in our Colorado studio to last for years of trails.",
    shape: "backpack",
    hasFabricSelection: true,
    fabrics: [
      { code: "charcoal-canvas" },
      { code: "olive-linen", withImages: true },
      { code: "teal-ticking", withImages: true },
    ],
    images: ALL_VIEWS,
    createdDaysAgo: 1,
  },
  {
    slug: "boulder-weekender-tote",
    name: "Boulder Weekender Tote",
    categorySlug: "bags",
    priceCents: 11800,
    description:
      "A roomy weekender tote, 20 by 14 by 8 inches, with a flat canvas base and a magnetic snap at the top. Inside are a zip pocket and two slip pockets; outside, leather handles long enough for the shoulder. Handmade in Colorado.",
    shape: "tote",
    hasFabricSelection: true,
    fabrics: [{ code: "buffalo-plaid", upchargeCents: 600 }, { code: "natural-canvas" }, { code: "charcoal-canvas" }],
    images: ALL_VIEWS,
    createdDaysAgo: 20,
  },
  {
    slug: "front-range-sling",
    name: "Front Range Sling Bag",
    categorySlug: "bags",
    priceCents: 5800,
    description:
      "A compact sling in washed denim, 9 by 8 inches, with a snap flap, two inner pockets and an adjustable leather strap to wear across the body. Made in one fabric only, sewn in small batches in Colorado.",
    shape: "crossbody",
    hasFabricSelection: false,
    fabrics: [],
    fixedFabric: "denim-chambray",
    images: ALL_VIEWS,
    createdDaysAgo: 27,
  },
  // ---------------------------------------------------------------- wallets
  {
    slug: "pearl-street-snap-wallet",
    name: "Pearl Street Snap Wallet",
    categorySlug: "wallets",
    priceCents: 3800,
    description:
      "A bifold wallet, 7.5 by 4 inches closed, with eight card slots, a zip coin pocket and a full-length bill pocket. It closes with a leather tab and a brass snap. Interfaced cotton that holds its shape, made in Colorado.",
    shape: "wallet",
    hasFabricSelection: true,
    fabrics: [
      { code: "navy-gingham" },
      { code: "coral-chevron" },
      { code: "lavender-sprig" },
      { code: "highland-plaid", upchargeCents: 400 },
    ],
    images: ALL_VIEWS,
    createdDaysAgo: 7,
  },
  {
    slug: "little-snap-card-wallet",
    name: "Little Snap Card Wallet",
    categorySlug: "wallets",
    priceCents: 2800,
    description:
      "Just big enough for cards, cash and a key, 4.5 by 3.5 inches, with four card slots inside and a leather snap tab. A small, sturdy wallet for front pockets, sewn by hand in Colorado.",
    shape: "wallet",
    hasFabricSelection: true,
    fabrics: [{ code: "mustard-dot" }, { code: "mint-gingham" }, { code: "indigo-polka-dot" }],
    images: OUTSIDE_VIEWS,
    createdDaysAgo: 11,
  },
  {
    slug: "kiss-lock-coin-purse",
    name: "Kiss-Lock Coin Purse",
    categorySlug: "wallets",
    priceCents: 3200,
    description:
      "A vintage-style coin purse, 5 inches wide, on a brushed brass kiss-lock frame that clicks shut. Cut from brushed cotton flannel tartan over a firm interfacing, with a cotton lining. Made in Colorado.",
    shape: "coin-purse",
    hasFabricSelection: false,
    fabrics: [],
    fixedFabric: "highland-plaid",
    images: ALL_VIEWS,
    createdDaysAgo: 17,
  },
  {
    slug: "sunday-checkbook-wallet",
    name: "Sunday Checkbook Wallet",
    categorySlug: "wallets",
    priceCents: 4500,
    description:
      "A long wallet, 8 by 4 inches, that fits a checkbook, a phone and twelve cards. The flap closes with a brass snap on a leather tab, and the inside has a zip pocket for coins. Made by hand in Colorado.",
    shape: "wallet",
    hasFabricSelection: true,
    fabrics: [{ code: "rose-garden-floral" }, { code: "terracotta-stripe" }, { code: "sage-chambray" }],
    images: ALL_VIEWS,
    createdDaysAgo: 24,
  },
  // ---------------------------------------------------------------- other
  {
    slug: "everyday-zipper-pouch",
    name: "Everyday Zipper Pouch",
    categorySlug: "other-products",
    priceCents: 2200,
    description:
      "A flat zipper pouch, 9 by 6 inches, with a metal zip, a leather pull and a detachable wrist strap. Lined in cotton for chargers, pens or a passport. Sewn in our Colorado studio.",
    shape: "pouch",
    hasFabricSelection: true,
    fabrics: [{ code: "coral-chevron" }, { code: "mint-gingham" }, { code: "navy-gingham", withImages: true }],
    images: OUTSIDE_VIEWS,
    createdDaysAgo: 4,
  },
  {
    slug: "boxy-makeup-bag",
    name: "Boxy Makeup Bag",
    categorySlug: "other-products",
    priceCents: 3400,
    description:
      "A boxy makeup bag, 8 by 5 by 4 inches, that stands open on the counter. A wide metal zip runs across the top, the side has a leather carry tab, and the water-resistant lining wipes clean. Handmade in Colorado.",
    shape: "makeup-bag",
    hasFabricSelection: true,
    fabrics: [
      { code: "lavender-sprig" },
      { code: "rose-garden-floral", upchargeCents: 300, withImages: true },
      { code: "natural-canvas" },
    ],
    images: ALL_VIEWS,
    createdDaysAgo: 8,
  },
  {
    slug: "sketchbook-pencil-pouch",
    name: "Sketchbook Pencil Pouch",
    categorySlug: "other-products",
    priceCents: 1600,
    description:
      "A slim pencil pouch, 8 by 3.5 inches, with a metal zip and a leather pull. It holds a dozen pencils and slips easily into a backpack. Cotton canvas outside, cotton lining inside, made in Colorado.",
    shape: "pouch",
    hasFabricSelection: true,
    fabrics: [{ code: "teal-ticking" }, { code: "mustard-dot" }, { code: "charcoal-canvas" }],
    images: OUTSIDE_VIEWS,
    createdDaysAgo: 12,
  },
  {
    slug: "travel-toiletry-case",
    name: "Travel Toiletry Case",
    categorySlug: "other-products",
    priceCents: 4000,
    description:
      "A generous toiletry case, 10 by 6 by 5 inches, with a wide zipped top that opens flat, a leather side handle and a wipe-clean lining. Roomy enough for a week away, sewn in our Colorado studio.",
    shape: "makeup-bag",
    hasFabricSelection: true,
    fabrics: [
      { code: "charcoal-canvas" },
      { code: "buffalo-plaid" },
      { code: "olive-linen" },
      { code: "teal-ticking" },
    ],
    images: ALL_VIEWS,
    createdDaysAgo: 31,
  },
];

/** The library fabric with this code; throws for a code not in DEMO_FABRICS. */
export function demoFabric(code: string): DemoFabric {
  const fabric = DEMO_FABRICS.find((f) => f.code === code);
  if (!fabric) throw new Error(`Unknown demo fabric: ${code}`);
  return fabric;
}

/** The fabric a product's default pictures are drawn in: its fixed fabric, else its first option. */
export function defaultFabricCode(product: DemoProduct): string {
  if (!product.hasFabricSelection) return product.fixedFabric;
  const first = product.fabrics[0];
  if (!first) throw new Error(`Product ${product.slug} offers no fabrics`);
  return first.code;
}
