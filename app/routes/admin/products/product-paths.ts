/** Where the owner's product list lives; the wizard returns here after a save. */
export const PRODUCTS_PATH = "/admin/products";
export const NEW_PRODUCT_PATH = "/admin/products/new";
export const editProductPath = (productId: string) => `/admin/products/edit/${productId}`;
