/** The store served when a request names no other. */
export const DEFAULT_TENANT = "selvage";

/** Value of products.source for products managed in this application. */
export const PRODUCT_SOURCE = "selvage";

export const CURRENCY = "USD";

/** Code of the one option of a product sold without a choice of fabric (label "Default"). */
export const DEFAULT_FABRIC_CODE = "default";
export const DEFAULT_FABRIC_LABEL = "Default";

/**
 * Most of one item (product and fabric) a cart holds and an order takes: larger quantities
 * are a custom order, so the shop asks those customers to get in touch.
 */
export const MAX_LINE_QUANTITY = 99;

/** Shown to shoppers and the owner while the database is unreachable or overloaded (a 503). */
export const SHOP_UNAVAILABLE_MESSAGE = "The shop is briefly unavailable. Please try again in a minute.";

/** The answer to a client that has used up its attempts (sign-in, checkout, contact …). */
export const TOO_MANY_ATTEMPTS = "Too many attempts, try again later";

// The contact form's two silent spam checks (core/contact-message.ts).
/** The honeypot: a text field people never see or reach, with a name bots like to fill. */
export const CONTACT_HONEYPOT_FIELD = "website";
/** The page's signed token saying when it showed the form (server/contact/form-token.ts). */
export const CONTACT_FORM_TOKEN_FIELD = "formToken";

/** Search results a page shows. */
export const SEARCH_PAGE_SIZE = 60;
/** The last page of results a search goes to: past it, a shopper is better off with more words. */
export const SEARCH_PAGE_LIMIT = 50;
