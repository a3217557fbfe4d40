import { DEFAULT_COUNTRY, type CustomerDetails } from "../../core/checkout-form.ts";

// The shopper's details are kept in the browser only to prefill the form next time;
// the order itself is written on the server before payment.
export const CHECKOUT_STORAGE_KEY = "selvage-checkout";

const EMPTY_CUSTOMER: CustomerDetails = {
  customerName: "",
  customerEmail: "",
  customerPhone: "",
  streetAddress: "",
  apartment: "",
  city: "",
  state: "",
  zipCode: "",
  country: DEFAULT_COUNTRY,
  orderNotes: "",
};

export function loadSavedCustomer(): CustomerDetails {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(CHECKOUT_STORAGE_KEY) ?? "null");
    if (!saved || typeof saved !== "object") return EMPTY_CUSTOMER;
    const merged = { ...EMPTY_CUSTOMER };
    for (const key of Object.keys(EMPTY_CUSTOMER) as (keyof CustomerDetails)[]) {
      const value = (saved as Record<string, unknown>)[key];
      if (typeof value === "string") merged[key] = value;
    }
    return merged;
  } catch {
    return EMPTY_CUSTOMER;
  }
}

export function saveCustomer(customer: CustomerDetails): void {
  try {
    window.localStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(customer));
  } catch {
    // Storage full or disabled: prefilling is only a convenience.
  }
}
