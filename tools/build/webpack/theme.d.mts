// Types of theme.mjs, for the shell's test that holds it equal to shared-contracts' theme.
export declare const THEME: {
  color: Record<'primary' | 'primaryDark' | 'text' | 'surface' | 'background' | 'border', string>;
  space: { lg: string };
  font: { lg: string; family: string };
  layout: { header: string };
};
