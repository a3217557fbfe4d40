import { describe, expect, it } from "vitest";
import { z } from "zod";
import { normalizeUsPhone, optionalPhoneField, PHONE_MESSAGE } from "./phone.ts";

describe("US phone numbers", () => {
  it("accept every usual writing of a 10-digit number and store it as 303-555-0142", () => {
    for (const written of [
      "(720) 555-0199",
      "(720)555-0199",
      "(720) 555 0199",
      "720-555-0199",
      "720.555.0199",
      "720 555 0199",
      "7205550199",
      "+1 720 555 0199",
      "+1 (720) 555-0199",
      "+1-720-555-0199",
      "+17205550199",
      "1 (720) 555-0199",
      "1-720-555-0199",
      "17205550199",
      "  (720) 555-0199\t",
    ]) {
      expect(normalizeUsPhone(written), JSON.stringify(written)).toBe("720-555-0199");
    }
  });

  it("refuse letters, too few or too many digits, other country codes and stray characters", () => {
    for (const bad of [
      "",
      "call me",
      "720-555-CALL",
      "555-0199",
      "720-555-019",
      "720555019",
      "72055501990",
      "27205550199",
      "+44 20 7946 0958",
      "+2 720 555 0199",
      "1 1 720 555 0199",
      "(720 555-0199",
      "720) 555-0199",
      "720--555--0199",
      "720/555/0199",
      "720-555-0199 ext 4",
      "720-555-0199\u0000",
      "720\r\n555-0199",
      "720\u0085555-0199",
      "720\ud800555-0199",
      "\uff17\uff12\uff10-555-0199",
      "1".repeat(40),
    ]) {
      expect(normalizeUsPhone(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("as an optional form field: empty stays empty, a number is stored normalised, anything else has the one message", () => {
    const schema = z.object({ phone: optionalPhoneField() });
    expect(schema.parse({ phone: "" })).toEqual({ phone: "" });
    expect(schema.parse({ phone: "   " })).toEqual({ phone: "" });
    expect(schema.parse({ phone: "+1 (303) 555-0142" })).toEqual({ phone: "303-555-0142" });
    for (const phone of ["303-555-014", "303 555 01420", "abc", 3035550142, null]) {
      expect(schema.safeParse({ phone }).error?.issues, JSON.stringify(phone)).toEqual([
        expect.objectContaining({ path: ["phone"], message: PHONE_MESSAGE }),
      ]);
    }
  });
});
