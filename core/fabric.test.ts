import { describe, expect, it } from "vitest";
import { DEFAULT_FABRIC_CODE } from "./constants.ts";
import {
  FABRIC_REQUIRED_MESSAGE,
  fabricCodeFromName,
  fabricSchema,
  generateFabricCode,
  newFabricInput,
  savedFabricSchema,
} from "./fabric.ts";
import { FABRIC_CODE_FORMAT_MESSAGE, FABRIC_CODE_RESERVED_MESSAGE } from "./product.ts";

const fabric = (code: string) => ({
  ...newFabricInput(),
  name: "Navy Gingham",
  code,
  swatchUrl: "/uploads/fabrics/0123abcd-64x64.webp",
});
/** The first message on the code field, or undefined when the form is accepted. */
const codeMessage = (schema: typeof fabricSchema, code: string) =>
  schema.safeParse(fabric(code)).error?.issues.find((issue) => issue.path[0] === "code")?.message;

describe("a new fabric's code", () => {
  it("refuses the reserved code default, which means no fabric chosen", () => {
    expect(codeMessage(fabricSchema, DEFAULT_FABRIC_CODE)).toBe(FABRIC_CODE_RESERVED_MESSAGE);
    expect(codeMessage(fabricSchema, " default ")).toBe(FABRIC_CODE_RESERVED_MESSAGE);
    expect(FABRIC_CODE_RESERVED_MESSAGE).toBe('The code "default" is reserved; choose another');
  });

  it.each(["a b/../c?#x", "<b>x</b>", "Navy-Gingham", "navy_gingham", "navy--gingham", "-navy", "navy-", "crème"])(
    "refuses %j: only lowercase letters, digits and single hyphens",
    (code) => expect(codeMessage(fabricSchema, code)).toBe(FABRIC_CODE_FORMAT_MESSAGE),
  );

  it("asks for a missing code with the spec's message", () => {
    expect(codeMessage(fabricSchema, "  ")).toBe(FABRIC_REQUIRED_MESSAGE);
  });

  it("accepts what the generator and the name suggestion make", () => {
    for (const name of ["Navy Gingham", "Default", "Rose & Thistle Floral Cotton", "ab cd ef ghij k", "***"]) {
      expect(codeMessage(fabricSchema, generateFabricCode(name, 1_700_000_123_456)), name).toBeUndefined();
    }
    for (const name of ["Navy Gingham", "Default", " DEFAULT! ", "Rose & Thistle Floral Cotton", "Default Twill"]) {
      expect(codeMessage(fabricSchema, fabricCodeFromName(name)), name).toBeUndefined();
    }
    expect(codeMessage(fabricSchema, "default-2")).toBeUndefined();
  });
});

describe("the code a name suggests", () => {
  it("is the name's slug, at most 20 characters, without a trailing hyphen", () => {
    expect(fabricCodeFromName("Navy Gingham")).toBe("navy-gingham");
    expect(fabricCodeFromName("Rose & Thistle Floral Cotton")).toBe("rose-thistle-floral");
  });

  it("is never the reserved code", () => {
    expect(fabricCodeFromName("Default")).toBe("default-fabric");
    expect(fabricCodeFromName(" DEFAULT! ")).toBe("default-fabric");
    expect(fabricCodeFromName("Default Twill")).toBe("default-twill");
  });
});

describe("a saved fabric's code", () => {
  it("is kept as it was added, even from before the code rule (the save refuses any other)", () => {
    for (const code of ["Navy Gingham", DEFAULT_FABRIC_CODE, "BLUE/01"]) {
      expect(codeMessage(savedFabricSchema, code), code).toBeUndefined();
    }
  });

  it("still needs to be there and to be clean text", () => {
    expect(codeMessage(savedFabricSchema, "")).toBe(FABRIC_REQUIRED_MESSAGE);
    expect(codeMessage(savedFabricSchema, "navy\ngingham")).toBe("Please remove line breaks and control characters");
  });
});
