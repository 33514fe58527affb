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

export function looks(languages: Look['language'][] = ['en', 'ar']): Look[] {
  return (['desktop', 'phone'] as const).flatMap((width) =>
    (['light', 'dark'] as const).flatMap((theme) =>
      languages.map((language) => ({
        width,
        viewport: viewports[width],
        theme,
        language,
        name: `${width} ${theme} ${language}`,
      })),
    ),
  );
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
