import { expect } from "vitest";

/**
 * The contact page as a browser gets it: its HTML and the signed form token in it
 * (which a message must carry to reach the owner; see server/contact/form-token.ts).
 */
export async function fetchContactPage(baseUrl: string): Promise<{ html: string; formToken: string }> {
  const response = await fetch(`${baseUrl}/contact`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const formToken = /<input type="hidden" name="formToken" value="([^"]+)"/.exec(html)?.[1];
  expect(formToken, "the contact form's token").toBeDefined();
  return { html, formToken: formToken! };
}
