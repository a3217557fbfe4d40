import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

describe("findable by search engines", () => {
  it("serves /robots.txt that keeps crawlers out of /admin and names the sitemap", async () => {
    const response = await fetch(`${baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it("lists home, contact, every category, every product and the policies in /sitemap.xml", async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ["/", "/contact", "/terms", "/privacy"]) expect(locations).toContain(`${baseUrl}${path}`);
    for (const slug of ["purses", "bags", "wallets", "other-products"])
      expect(locations).toContain(`${baseUrl}/category/${slug}`);
    expect(locations).toContain(`${baseUrl}/product/larimer-top-handle-purse`);
    expect(locations.filter((location) => location?.includes("/product/"))).toHaveLength(16);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  it.each([
    ["/", "Selvage Handmade — Handcrafted Bags & Purses"],
    ["/category/purses", "Purses | Selvage Handmade"],
    ["/contact", "Contact Us | Selvage Handmade"],
    ["/terms", "Terms of Service | Selvage Handmade"],
    ["/privacy", "Privacy Policy | Selvage Handmade"],
  ])("gives %s a title, description, canonical URL and Open Graph tags", async (path, title) => {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    expect(html).toContain(`<title>${title.replace("&", "&amp;")}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}${path}"`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain(`<meta property="og:url" content="${baseUrl}${path}"`);
  });

  it("keeps the cart and search results out of search indexes", async () => {
    for (const path of ["/cart", "/search?q=tote"]) {
      expect(await (await fetch(`${baseUrl}${path}`)).text()).toContain(
        '<meta name="robots" content="noindex, follow"',
      );
    }
  });
});
