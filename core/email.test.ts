import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailAddress, isEmailAddress, needsSmtpUtf8, normalizeEmailAddress, smtpAddress } from "./email.ts";

const schema = emailAddress();
const message = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const utf8Length = (value: string) => new TextEncoder().encode(value).length;

const ATEXT = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-"];
const LOCAL_BEYOND_ASCII = [..."éüñßøçΩжд用户名"];
const DOMAIN_LETTERS = [..."abcdefghijklmnopqrstuvwxyz0123456789äöüéñçø日本例子"];

const atom = fc.string({ unit: fc.constantFrom(...ATEXT, ...LOCAL_BEYOND_ASCII), minLength: 1, maxLength: 12 });
const localPart = fc
  .array(atom, { minLength: 1, maxLength: 3 })
  .map((atoms) => atoms.join("."))
  .filter((local) => utf8Length(local) <= 64);
const labelPart = fc.string({ unit: fc.constantFrom(...DOMAIN_LETTERS), minLength: 1, maxLength: 10 });
const label = fc.tuple(labelPart, fc.option(labelPart, { nil: undefined })).map(([a, b]) => (b ? `${a}-${b}` : a));
const topLevel = fc.constantFrom("com", "org", "de", "jp", "museum", "рф", "中国", "xn--p1ai");
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), topLevel)
  .map(([labels, tld]) => [...labels, tld].join("."));
/** Addresses the rule must accept: dot-atom local parts and IDN domains, in any case. */
const validAddress = fc
  .tuple(localPart, domain, fc.boolean())
  .map(([local, host, upper]) => `${local}@${upper ? host.toUpperCase() : host}`);

/** What no address may hold anywhere: separators, quotes, brackets, controls, invisible characters, lone surrogates. */
const FORBIDDEN = [
  " ",
  '"',
  "<",
  ">",
  ",",
  ";",
  ":",
  "(",
  ")",
  "[",
  "]",
  "\\",
  "@",
  "\u0000",
  "\t",
  "\r\n",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u2028",
  "\u202e",
  "\ud800",
  "\udfff",
];

describe("the email rule (properties)", () => {
  it("accepts internationalised addresses and hands the server an ASCII domain", () => {
    fc.assert(
      fc.property(validAddress, (address) => {
        const parsed = schema.parse(address);
        const [local, host] = parsed.split("@") as [string, string];
        expect(host).toBe(host.toLowerCase());
        expect(local).toBe(address.slice(0, address.indexOf("@")).normalize("NFC"));
        const sent = smtpAddress(parsed);
        expect(sent.startsWith(`${local}@`)).toBe(true);
        expect(sent.slice(local.length + 1)).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
        expect(needsSmtpUtf8(parsed)).toBe(/\P{ASCII}/u.test(local));
      }),
    );
  });

  it("refuses a forbidden character anywhere in an otherwise valid address", () => {
    fc.assert(
      fc.property(validAddress, fc.constantFrom(...FORBIDDEN), fc.nat(), (address, bad, at) => {
        // Inside the address, not at its ends where trimming would take a space away.
        const position = 1 + (at % (address.length - 1));
        const broken = address.slice(0, position) + bad + address.slice(position);
        expect(message(broken)).toBe("Please enter a valid email address");
        expect(isEmailAddress(normalizeEmailAddress(broken))).toBe(false);
      }),
    );
  });

  it("normalises idempotently, and whatever it accepts fits SMTP's limits", () => {
    const anything = fc.oneof(validAddress, fc.string({ unit: "binary", maxLength: 80 }));
    fc.assert(
      fc.property(anything, (value) => {
        const once = normalizeEmailAddress(value);
        expect(normalizeEmailAddress(once)).toBe(once);
        const result = schema.safeParse(value);
        if (!result.success) return;
        expect(result.data).toBe(once);
        expect(result.data.split("@")).toHaveLength(2);
        expect(result.data).not.toMatch(/[\p{C}\p{Z}]/u);
        expect(utf8Length(smtpAddress(result.data))).toBeLessThanOrEqual(254);
        expect(schema.parse(result.data)).toBe(result.data);
      }),
    );
  });
});

describe("the email rule (examples)", () => {
  it("keeps the addresses people have, NFC and with the domain lower-cased", () => {
    expect(schema.parse("josé@example.com")).toBe("josé@example.com");
    expect(schema.parse(" Jose\u0301@EXAMPLE.com ")).toBe("Jos\u00e9@example.com");
    expect(schema.parse("ü@exämple.com")).toBe("ü@exämple.com");
    expect(schema.parse("o'brien+shop@mail.example.co.uk")).toBe("o'brien+shop@mail.example.co.uk");
  });

  it("gives the mail server the domain in punycode", () => {
    expect(smtpAddress("ada@exämple.com")).toBe("ada@xn--exmple-cua.com");
    expect(smtpAddress("ü@exämple.com")).toBe("ü@xn--exmple-cua.com");
    expect(smtpAddress("josé@example.com")).toBe("josé@example.com");
    expect(needsSmtpUtf8("ada@exämple.com")).toBe(false);
    expect(needsSmtpUtf8("josé@example.com")).toBe(true);
    expect(() => smtpAddress("not an address")).toThrow(/Not an address/);
  });

  it("refuses what no mail system takes", () => {
    const refused = [
      "",
      "ada",
      "ada@example",
      "ada@@example.com",
      "a@b@example.com",
      ".ada@example.com",
      "ada.@example.com",
      "a..da@example.com",
      `${"x".repeat(65)}@example.com`,
      `ada@${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(60)}.com`,
      "ada@example.c",
      "ada@1.2.3.4",
      "ada@[127.0.0.1]",
      "ada@-example.com",
      "ada@example-.com",
      "ada@exam_ple.com",
      "ada@ex%41mple.com",
      "ada@example.com:25",
      "ada@example。com",
      "ada@exa\u00admple.com",
    ];
    for (const value of refused)
      expect(message(value), JSON.stringify(value)).toBe("Please enter a valid email address");
    expect(message(42)).toBe("Please enter a valid email address");
  });

  it("can name an empty field differently", () => {
    const withEmpty = emailAddress("Please enter a valid email address", { empty: "Please enter your email address" });
    expect(withEmpty.safeParse("  ").error?.issues[0]?.message).toBe("Please enter your email address");
    expect(withEmpty.safeParse("nope").error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});
