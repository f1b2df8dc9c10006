import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Muted } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../lib/remote';
import { TextLink } from './parts';

/** When the agreement texts last changed (shown in the reader's language). */
const AGREEMENT_DATE = Date.UTC(2026, 10, 23);

const Text = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.lg};
  }
  p {
    margin: 0;
    line-height: 1.6;
  }
`;

function formatUpdated(lang: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(AGREEMENT_DATE);
  } catch {
    return new Date(AGREEMENT_DATE).toISOString().slice(0, 10);
  }
}

/**
 * An agreement page's text: intro, then one section per id (`<prefix>.sections.<id>.title|body` in this remote's
 * namespace), the date it was last changed, and a link to the other agreement.
 */
export function AgreementText({
  prefix,
  sections,
  other,
}: {
  prefix: 'agreement' | 'renewAgreement';
  sections: ReadonlyArray<string>;
  other: { to: string; label: string };
}) {
  const { t, i18n } = useRemoteTranslation();
  return (
    <Text as="div" data-testid={`${prefix}-text`}>
      <Muted>{t('agreement.updated', { date: formatUpdated(i18n.language) })}</Muted>
      <p>{t(`${prefix}.intro`)}</p>
      {sections.map((id) => (
        <section key={id} aria-labelledby={`${prefix}-${id}`} data-section={id}>
          <h2 id={`${prefix}-${id}`}>{t(`${prefix}.sections.${id}.title`)}</h2>
          <p>{t(`${prefix}.sections.${id}.body`)}</p>
        </section>
      ))}
      <TextLink as={Link} to={other.to}>
        {other.label}
      </TextLink>
    </Text>
  );
}
