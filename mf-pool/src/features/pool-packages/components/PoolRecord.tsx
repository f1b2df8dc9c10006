import { Fragment } from 'react';
import styled from 'styled-components';
import { dataText, type PackageRecord } from 'shared-contracts';
import { Card, WidgetAmounts } from 'shared-contracts/ui';
import { readableDay } from '../../../lib/page-locale';
import { useRemoteTranslation } from '../../../lib/remote';

// Badge colours per status, text on its background at 4.5:1 or more (WCAG AA).
const BADGE: Record<PackageRecord['status_str'], { back: string; text: string }> = {
  active: { back: '#E7F8EF', text: '#047A3D' },
  init: { back: '#E8F1FF', text: '#1657C0' },
  stop: { back: '#EEF0F3', text: '#4A5059' },
  invalid: { back: '#FDECEC', text: '#B3261E' },
};

const Tile = styled(Card).attrs({ as: 'article' })<{ $status: PackageRecord['status_str'] }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  border-inline-start: 4px solid ${({ $status }) => BADGE[$status].text};
  header {
    display: flex;
    justify-content: space-between;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.sm};
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.md};
    overflow-wrap: anywhere;
  }
`;

const Badge = styled.span<{ $status: PackageRecord['status_str'] }>`
  flex: none;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
  background: ${({ $status }) => BADGE[$status].back};
  color: ${({ $status }) => BADGE[$status].text};
`;

/**
 * The data line: unlimited, a package not started yet (its total), else used of total; figures in the page's language
 * from the numbers (used_mb, total_mb), an older api's texts as sent.
 */
function dataLine(
  record: PackageRecord,
  lang: string,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  if (record.unlimited ?? /^unlimited$/i.test(record.total_str.trim())) return t('records.unlimited');
  const total = record.total_mb === null ? '' : dataText(record.total_mb, record.total_str, lang);
  if (!total) return '';
  if (record.status_str === 'init') return total;
  return t('records.usedOf', { used: dataText(record.used_mb, record.used_str, lang) || dataText(0, '', lang), total });
}

/** One package of the pool: name, status, data used of total, its end date (formatted) and when it was bought. */
export function PoolRecord({ record }: { record: PackageRecord }) {
  const { t, i18n } = useRemoteTranslation();
  const ended = record.status_str === 'stop' || record.status_str === 'invalid';
  const data = dataLine(record, i18n.language, t);
  const until = record.expire_date ? readableDay(record.expire_date, i18n.language) : '';
  const bought = record.create
    ? readableDay(new Date(record.create * 1000).toISOString().slice(0, 10), i18n.language)
    : '';
  // Label, value and test id of each line; a line without a value is left out (the date's says 'not started').
  const facts = [
    [t('records.data'), data],
    [ended ? t('records.ended') : t('records.validUntil'), until || t('records.notStarted'), 'pool-record-date'],
    [t('records.bought'), bought],
  ].filter(([, value]) => value);
  return (
    <Tile $status={record.status_str} data-testid="pool-record" data-status={record.status_str}>
      <header>
        <h3>{record.name}</h3>
        <Badge $status={record.status_str}>{t(`records.status.${record.status_str}`)}</Badge>
      </header>
      <WidgetAmounts>
        {facts.map(([label, value, testId]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </Fragment>
        ))}
      </WidgetAmounts>
    </Tile>
  );
}
