import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The shop's built script and styles, as the pages link them. */
export type ShopAssets = { script: string | null; styles: string[]; preload: string[] };

/** The shop's entry in Vite's manifest (web/ is Vite's root; vite.config.ts names the entry). */
const SHOP_ENTRY = 'shop/shop.ts';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

/**
 * The built file names of the shop's script, its CSS and the chunks it imports, from the build's
 * manifest (dist/web/.vite/manifest.json), read once at start. Without a build (tests, `npm run
 * dev`) the pages go out without them: plain HTML, still usable, since every page works without
 * its script.
 */
export function readShopAssets(webRoot: string | undefined): ShopAssets {
  const none: ShopAssets = { script: null, styles: [], preload: [] };
  if (!webRoot) return none;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return none;
  }
  const entry = manifest[SHOP_ENTRY];
  if (!entry) return none;
  // Its static imports, transitively: preloaded, so the browser fetches them with the entry.
  const imported = new Set<string>();
  const visit = (key: string) => {
    for (const dep of manifest[key]?.imports ?? []) {
      if (imported.has(dep)) continue;
      imported.add(dep);
      visit(dep);
    }
  };
  visit(SHOP_ENTRY);
  const chunks = [SHOP_ENTRY, ...imported].map((key) => manifest[key]).filter(Boolean);
  return {
    script: `/${entry.file}`,
    styles: [...new Set(chunks.flatMap((c) => c.css ?? []))].map((f) => `/${f}`),
    preload: [...imported].map((key) => `/${manifest[key].file}`),
  };
}
