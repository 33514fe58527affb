import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/**
 * The screenshot matrix every screen is reviewed in: desktop and phone width, light and dark,
 * in the languages asked for (Arabic is right to left). Images go to e2e/artifacts (git-ignored).
 */
export interface Look {
  width: 'desktop' | 'phone';
  viewport: { width: number; height: number };
  theme: 'light' | 'dark';
  language: 'en' | 'ar' | 'fr';
  /** e.g. "desktop dark ar", for test titles. */
  name: string;
}

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));

/**
 * The looks a screen is checked in: every width, theme and language asked for (`keep` narrows the
 * matrix). By default a covering sample: each width, theme and language appears at least once, so
 * a broken right-to-left layout, dark theme or phone width still fails the run, at a quarter of
 * the full matrix's time (ADR 60). `E2E_LOOKS=all` runs, and screenshots, the full matrix.
 */
export function looks(
  languages: Look['language'][] = ['en', 'ar'],
  keep: (look: Look) => boolean = () => true,
): Look[] {
  const matrix = (['desktop', 'phone'] as const)
    .flatMap((width) =>
      (['light', 'dark'] as const).flatMap((theme) =>
        languages.map((language) => ({
          width,
          viewport: viewports[width],
          theme,
          language,
          name: `${width} ${theme} ${language}`,
        })),
      ),
    )
    .filter(keep);
  return process.env.E2E_LOOKS === 'all' ? matrix : covering(matrix);
}

/** The fewest looks, picked greedily in matrix order, that show every width, theme and language of `matrix`. */
function covering(matrix: Look[]): Look[] {
  const traits = (look: Look) => [look.width, look.theme, look.language];
  const uncovered = new Set(matrix.flatMap(traits));
  const chosen: Look[] = [];
  while (uncovered.size > 0) {
    const gain = (look: Look) => traits(look).filter((trait) => uncovered.has(trait)).length;
    const best = matrix.reduce((a, b) => (gain(b) > gain(a) ? b : a));
    chosen.push(best);
    for (const trait of traits(best)) uncovered.delete(trait);
  }
  return chosen.sort((a, b) => matrix.indexOf(a) - matrix.indexOf(b));
}

/** Sizes the page and stores the look's theme and language before the app reads them. */
export async function applyLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.viewport);
  await page.addInitScript(
    ([mode, lang]) => {
      localStorage.setItem('themeMode', mode!);
      localStorage.setItem('language', lang!);
    },
    [look.theme, look.language],
  );
}

/** Where the screenshot of `screen` in this look is saved. */
export function shotPath(screen: string, look: Look): string {
  return `${artifacts}${screen}-${look.width}-${look.theme}-${look.language}.png`;
}

/** The look of single review shots taken during a flow (the test's default page). */
export const desktopLightEnglish: Look = looks(['en'])[0]!;
