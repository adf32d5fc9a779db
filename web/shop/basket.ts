import { FORMER_STORAGE_KEYS, STORAGE_KEYS } from '#domain/constants';

/** A product in the visitor's quote basket, as it was shown when added. */
export type BasketLine = {
  product_id: number;
  slug: string;
  name: string;
  sku: string | null;
  /** The primary image's thumbnail URL. */
  image: string | null;
  /** The unit price shown on the product page when it was added. */
  price: number;
  quantity: number;
  /** The variant chosen, of a product with options (absent in a basket from before variants). */
  variant_id?: number | null;
  /** Its options as the page named them: "Size: M, Finish: Zinc". */
  options?: string | null;
};

/** A line's identity: its product and, of a product with options, its variant. */
export const lineKey = (line: Pick<BasketLine, 'product_id' | 'variant_id'>) =>
  line.variant_id ? `${line.product_id}:${line.variant_id}` : String(line.product_id);

const CHANGED = 'stockroom:basket';

const isLine = (v: unknown): v is BasketLine => {
  const l = v as BasketLine;
  return (
    typeof l === 'object' &&
    l !== null &&
    Number.isInteger(l.product_id) &&
    typeof l.slug === 'string' &&
    typeof l.name === 'string' &&
    typeof l.price === 'number' &&
    Number.isInteger(l.quantity) &&
    l.quantity >= 1 &&
    (l.variant_id === undefined || l.variant_id === null || Number.isInteger(l.variant_id))
  );
};

/** The basket's lines; anything unreadable (another version's data, a hand edit) counts as none. */
export function readBasket(): BasketLine[] {
  try {
    // A basket kept under the former key is still the visitor's until the next change moves it.
    const stored =
      localStorage.getItem(STORAGE_KEYS.basket) ?? localStorage.getItem(FORMER_STORAGE_KEYS.basket);
    const value: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(value) ? value.filter(isLine) : [];
  } catch {
    return [];
  }
}

function write(lines: BasketLine[]) {
  try {
    localStorage.removeItem(FORMER_STORAGE_KEYS.basket);
    if (lines.length === 0) localStorage.removeItem(STORAGE_KEYS.basket);
    else localStorage.setItem(STORAGE_KEYS.basket, JSON.stringify(lines));
  } finally {
    window.dispatchEvent(new Event(CHANGED));
  }
}

/**
 * Adds the product (its variant), or adds to its quantity when it is there already (never past
 * max). Another variant of the same product is a line of its own.
 */
export function addToBasket(line: Omit<BasketLine, 'quantity'>, quantity: number, max: number) {
  const lines = readBasket();
  const found = lines.find((l) => lineKey(l) === lineKey(line));
  if (found) Object.assign(found, line, { quantity: Math.min(max, found.quantity + quantity) });
  else lines.push({ ...line, quantity: Math.min(max, quantity) });
  write(lines);
}

/** A line by its lineKey (a product id alone names the line of a product without options). */
export function setQuantity(key: string | number, quantity: number) {
  write(readBasket().map((l) => (lineKey(l) === String(key) ? { ...l, quantity } : l)));
}

export function removeFromBasket(key: string | number) {
  write(readBasket().filter((l) => lineKey(l) !== String(key)));
}

export const clearBasket = () => write([]);

/** Calls back on every change, from this page or another tab. */
export function onBasketChange(listener: () => void) {
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.basket) listener();
  });
}
