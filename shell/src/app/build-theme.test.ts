// The build's copy of theme values (@esim/build/theme: the HTML's boot bar before any script, the installed app's
// colours, the icons) against the site theme: a colour or size changed in the theme and not there would show the
// boot bar or the installed app in the old one.
import { THEME } from '@esim/build/theme';
import { theme } from 'shared-contracts/ui/theme';

/** [path, value] of every leaf. */
function leaves(value: unknown, path: string[] = []): Array<[string, unknown]> {
  if (typeof value !== 'object' || value === null) return [[path.join('.'), value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
}

describe("the build's theme values", () => {
  it.each(leaves(THEME))("%s is the site theme's", (path, value) => {
    const themed = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], theme);
    expect(value).toBe(themed);
  });
});
