import createCache, { type EmotionCache } from '@emotion/cache';

// MUI styles itself with physical sides; for right-to-left languages an emotion cache with the
// RTL plugin mirrors them. Our own styles use logical properties, which the plugin leaves alone.
// No vendor prefixer: every browser MUI 9 supports understands the unprefixed properties.
const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | undefined;

/** Loads the RTL plugin; called before switching to a right-to-left language. */
export async function prepareRtl(): Promise<void> {
  if (rtlCache) return;
  const { default: rtlPlugin } = await import('stylis-plugin-rtl');
  rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
}

export function styleCache(direction: 'ltr' | 'rtl'): EmotionCache {
  return direction === 'rtl' && rtlCache ? rtlCache : ltrCache;
}
