import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "../storage/local-storage.ts";
import { copyDrawnDemoPictures } from "./demo-pictures.ts";

// Drawing itself is covered where the demo store is seeded (tests/integration/demo-store.test.ts);
// here, a folder of drawn pictures laid out as saveDrawnDemoPictures writes it.
describe("copying drawn demo pictures", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "selvage-demo-pictures-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pictures = {
    logo: "/uploads/store/aa-500x200.webp",
    swatches: { "navy-gingham": "/uploads/fabrics/navy-gingham/bb-600x600.webp" },
    productDefaults: { "market-day-tote": ["/uploads/products/market-day-tote/cc-1200x1200.webp", "", ""] },
    fabricOverrides: {},
  };

  function drawnFolder(files: Record<string, string>) {
    const drawn = path.join(dir, "drawn");
    for (const [key, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(drawn, "files", key)), { recursive: true });
      writeFileSync(path.join(drawn, "files", key), content);
    }
    writeFileSync(path.join(drawn, "pictures.json"), JSON.stringify({ files: Object.keys(files), pictures }));
    return drawn;
  }

  it("stores every drawn file under its own key and answers the pictures' URLs", async () => {
    const drawn = drawnFolder({
      "store/aa-500x200.webp": "logo",
      "fabrics/navy-gingham/bb-600x600.webp": "swatch",
      "products/market-day-tote/cc-1200x1200.webp": "main",
      "products/market-day-tote/cc-1200x1200-320w.webp": "narrow main",
    });
    const storage = createLocalStorage(path.join(dir, "uploads"));
    expect(await copyDrawnDemoPictures(storage, drawn)).toEqual(pictures);
    const stored = (key: string) => readFileSync(path.join(storage.root, key), "utf8");
    expect(stored("store/aa-500x200.webp")).toBe("logo");
    expect(stored("products/market-day-tote/cc-1200x1200-320w.webp")).toBe("narrow main");
  });

  it("says which folder holds no drawn pictures", async () => {
    const storage = createLocalStorage(path.join(dir, "uploads"));
    await expect(copyDrawnDemoPictures(storage, path.join(dir, "nothing"))).rejects.toThrow(
      `DEMO_PICTURES_DIR ${path.join(dir, "nothing")} holds no drawn demo pictures`,
    );
  });

  it("refuses a list naming a file outside its folder, before storing anything", async () => {
    const drawn = drawnFolder({ "store/aa-500x200.webp": "logo" });
    writeFileSync(path.join(dir, "secret"), "not a picture");
    writeFileSync(
      path.join(drawn, "pictures.json"),
      JSON.stringify({ files: ["store/aa-500x200.webp", "../../secret"], pictures }),
    );
    const storage = createLocalStorage(path.join(dir, "uploads"));
    await expect(copyDrawnDemoPictures(storage, drawn)).rejects.toThrow("not a storage key");
    expect(() => readFileSync(path.join(storage.root, "store/aa-500x200.webp"))).toThrow();
  });
});
