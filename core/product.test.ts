import { describe, expect, it } from "vitest";
import { DEFAULT_FABRIC_CODE } from "./constants.ts";
import {
  FABRIC_CODE_FORMAT_MESSAGE,
  FABRIC_CODE_RESERVED_MESSAGE,
  FABRIC_FIELDS_MESSAGE,
  fabricOptionSchema,
  fabricOptionsToSave,
  newFabricOptionSchema,
  type FabricOptionInput,
} from "./product.ts";

const option = (code: string): FabricOptionInput => ({
  code,
  label: "Hand-dyed Indigo",
  swatchUrl: "/uploads/fabrics/0123abcd-64x64.webp",
  upcharge: "",
  imgOverride: [],
  libraryFabricId: null,
});
const codeMessage = (schema: typeof fabricOptionSchema, code: string) =>
  schema.safeParse(option(code)).error?.issues.find((issue) => issue.path[0] === "code")?.message;

describe("a fabric option typed into the wizard", () => {
  it("refuses the reserved code default", () => {
    expect(codeMessage(newFabricOptionSchema, DEFAULT_FABRIC_CODE)).toBe(FABRIC_CODE_RESERVED_MESSAGE);
  });

  it.each(["a b/../c?#x", "<b>x</b>", "Indigo", "hand dyed"])("refuses %j", (code) => {
    expect(codeMessage(newFabricOptionSchema, code)).toBe(FABRIC_CODE_FORMAT_MESSAGE);
  });

  it("asks for a missing code with the spec's message, and takes a good one", () => {
    expect(codeMessage(newFabricOptionSchema, "")).toBe(FABRIC_FIELDS_MESSAGE);
    expect(codeMessage(newFabricOptionSchema, "hand-dyed-indigo-2")).toBeUndefined();
  });
});

describe("the fabric options a product is saved with", () => {
  it("take codes given before the code rule; the save applies it to new ones", () => {
    expect(codeMessage(fabricOptionSchema, "Hand Dyed")).toBeUndefined();
  });

  it("are the automatic default option when the product has no fabric choice", () => {
    const saved = fabricOptionsToSave({ hasFabricSelection: false, fabrics: [] });
    expect(saved.map((fabric) => fabric.code)).toEqual([DEFAULT_FABRIC_CODE]);
  });
});
