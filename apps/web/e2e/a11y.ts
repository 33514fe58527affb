import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Waits until every finite animation and transition has ended (spinners and skeletons never do). */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** WCAG 2.2 AA rules axe can check automatically. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's findings (rule, impact, first elements) for the page, or the part `include` selects. */
export async function axeFindings(page: Page, include?: string): Promise<string[]> {
  // A dialog fading in blends its colours with the backdrop: contrast is judged at rest.
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join(' | '),
  );
}

/** Fails with axe's findings when the page breaks a WCAG 2.2 AA rule. */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  expect(await axeFindings(page, include)).toEqual([]);
}
