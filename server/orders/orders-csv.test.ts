import { describe, expect, it } from "vitest";
import { csvCell, csvMoney, csvRow, ordersCsvFilename, storeIsoDateTime } from "./orders-csv.ts";

describe("csvCell", () => {
  it("writes plain text and the file's own numbers as they are", () => {
    expect(csvCell("Market Tote")).toBe("Market Tote");
    expect(csvCell(3)).toBe("3");
    expect(csvCell("12.50")).toBe("12.50");
    expect(csvCell("")).toBe("");
  });

  it("quotes a field holding a comma, quote, CR or LF, doubling its quotes (RFC 4180)", () => {
    expect(csvCell("Boulder, CO")).toBe('"Boulder, CO"');
    expect(csvCell('the "blue" one')).toBe('"the ""blue"" one"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("puts an apostrophe before text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell("+1 303 555 0100")).toBe("'+1 303 555 0100");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    // Only the first character counts: text merely containing the signs is left alone.
    expect(csvCell("Ada = Lovelace")).toBe("Ada = Lovelace");
    expect(csvCell("a-b@c.example")).toBe("a-b@c.example");
  });
});

describe("csvRow", () => {
  it("joins fields with commas and ends with CRLF", () => {
    expect(csvRow(["VC1", "Ada, Countess", 2, "=1"])).toBe(`VC1,"Ada, Countess",2,'=1\r\n`);
  });
});

describe("csv values", () => {
  it("writes cents as decimal dollars", () => {
    expect(csvMoney(1250)).toBe("12.50");
    expect(csvMoney(0)).toBe("0.00");
    expect(csvMoney(650005)).toBe("6500.05");
  });

  it("writes times in the store's zone with their offset, winter and summer", () => {
    expect(storeIsoDateTime(new Date("2026-11-23T23:05:09Z"))).toBe("2026-11-23T16:05:09-07:00");
    expect(storeIsoDateTime(new Date("2026-07-04T18:00:00Z"))).toBe("2026-07-04T12:00:00-06:00");
  });

  it("dates the file by the store's calendar (late evening in Colorado is already tomorrow in UTC)", () => {
    expect(ordersCsvFilename(new Date("2026-11-24T05:30:00Z"))).toBe("orders-2026-11-23.csv");
  });
});
