import { type ComponentProps, type ReactElement } from 'react';
import { Trans } from 'react-i18next';

/** `t` of the component's namespace (a remote's useRemoteTranslation). */
type TransT = ComponentProps<typeof Trans>['t'];

/**
 * A value as Trans may parse it: Trans reads the translated sentence as markup, so a '<' in a name would start a tag
 * (or show as '&lt;'); escaped here and unescaped again by Trans (shouldUnescape), the name reads exactly as typed.
 */
function literal(value: string | number): string | number {
  return typeof value === 'string' ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;') : value;
}

/**
 * A translated sentence with names in it, each tagged in the text ('Remove <name>{{name}}</name>?'). A name the user
 * gave (or a code such as 'eSIM 1234') is marked translate="no" (`names[tag]` true), so translation tools and the
 * no-English check leave it alone; a default name that is already a translation ('Shared Plan 2' in the page's
 * language) is not (`names[tag]` false). For attributes (aria-label) use `t` as it is.
 */
export function SentenceWithNames({
  t,
  i18nKey,
  values,
  names,
}: {
  t: TransT;
  i18nKey: string;
  values: Record<string, string | number>;
  /** Per tag of the sentence: whether its name is kept as it is (translate="no"). */
  names: Record<string, boolean>;
}) {
  const components: Record<string, ReactElement> = {};
  // bdi: a name in another script keeps its own direction inside the sentence (a Latin name in Arabic text).
  for (const [tag, keep] of Object.entries(names)) components[tag] = keep ? <bdi translate="no" /> : <bdi />;
  const safe = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, literal(value)]));
  return <Trans t={t} i18nKey={i18nKey} values={safe} components={components} shouldUnescape />;
}
