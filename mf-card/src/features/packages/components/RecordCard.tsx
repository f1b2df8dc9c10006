import { type PackageRecord, useTimeZone } from 'shared-contracts';
import { moreText } from '../../../lib/text-more';
import { formatDay, formatSeconds } from '../../../lib/dates';
import { isUnlimited, recordData, usedPercent } from '../lib/format';
import { RenewalSwitch } from './RenewalSwitch';
import { networkNote, recordBadge, TONES } from '../lib/tones';
import { Facts, Meter, NetworkNote, RecordHead, RecordTile, ToneBadge } from './styles';

/**
 * One purchased package: name, status, the network's side when it has something to say (being set up, refused and
 * refunded), data used of total (or unlimited), validity and purchase date; while it has not ended, its auto-renewal
 * switch.
 */
export function RecordCard({ record, iccid }: { record: PackageRecord; iccid: string }) {
  const { t, i18n } = moreText.useRemoteTranslation();
  const lang = i18n.language;
  const zone = useTimeZone();
  const unlimited = isUnlimited(record);
  const percent = record.status_str === 'active' && !unlimited ? usedPercent(record) : null;
  const ended = record.status_str === 'stop' || record.status_str === 'invalid';

  const data = recordData(record, (key, vars) => t(`packages.${key}`, vars), lang);

  const expiry = record.expire_date ? formatDay(record.expire_date, lang) : '';
  const purchased = formatSeconds(record.create, lang, zone);
  const badge = recordBadge(record);
  const note = networkNote(record);

  return (
    <RecordTile
      as="article"
      $tone={TONES[record.status_str]}
      data-testid="package-record"
      data-status={record.status_str}
      data-network={record.network}
    >
      <RecordHead>
        <h3>{record.name}</h3>
        <ToneBadge $tone={badge.tone}>{t(`packages.status.${badge.key}`)}</ToneBadge>
      </RecordHead>
      {note ? (
        <NetworkNote $tone={note.tone} data-testid="package-network">
          {t(`packages.${note.key}`)}
        </NetworkNote>
      ) : null}
      {percent !== null ? (
        <Meter
          role="meter"
          aria-label={t('packages.usedShare')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={data}
        >
          <span style={{ inlineSize: `${percent}%` }} />
        </Meter>
      ) : null}
      <Facts>
        {data ? (
          <>
            <dt>{t('packages.data')}</dt>
            <dd>{data}</dd>
          </>
        ) : null}
        {/* A package that ended without a date (refused by the network) never started: no validity to show. */}
        {ended && !expiry ? null : (
          <>
            <dt>{ended ? t('packages.ended') : expiry ? t('packages.validUntil') : t('packages.validity')}</dt>
            <dd>{expiry || t('packages.notStarted')}</dd>
          </>
        )}
        {purchased ? (
          <>
            <dt>{t('packages.purchased')}</dt>
            <dd>{purchased}</dd>
          </>
        ) : null}
      </Facts>
      {!ended ? (
        <RenewalSwitch
          key={String(record.renewal)}
          iccid={iccid}
          id={record.id}
          name={record.name}
          renewal={record.renewal}
        />
      ) : null}
    </RecordTile>
  );
}
