import { useId } from 'react';
import styled from 'styled-components';
import { maskIccid } from 'shared-contracts';
import { Muted } from 'shared-contracts/ui';
import { type Candidate } from '../lib/candidates';
import { useRemoteTranslation } from '../lib/remote';

export interface CandidatePickerProps {
  valid: Candidate[];
  invalid: Candidate[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** The most cards that may be chosen in all (locked ones included); null: no limit. */
  limit: number | null;
  /** Chosen and not to be unticked (the card a plan was tapped for). */
  locked?: readonly string[];
}

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
  > li {
    border-block-end: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Choice = styled.label<{ $off?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-block-size: 56px;
  padding-block: ${({ theme }) => theme.space.xs};
  cursor: ${({ $off }) => ($off ? 'not-allowed' : 'pointer')};
  input {
    flex: none;
    inline-size: 24px;
    block-size: 24px;
    margin: 10px;
    accent-color: ${({ theme }) => theme.color.primaryDark};
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Who = styled.span`
  display: grid;
  flex: 1;
  min-inline-size: 0;
  strong {
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: ${({ theme }) => theme.font.sm};
  }
  bdi {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  }
`;

const Blocked = styled.li`
  display: grid;
  gap: 2px;
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline-start: ${({ theme }) => theme.space.xs};
  em {
    font-style: normal;
    font-size: ${({ theme }) => theme.font.sm};
    color: ${({ theme }) => theme.color.danger};
  }
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.md};
`;

/** Ticks or unticks one card; a new tick beyond `limit` is refused (the list says why). */
export function toggleCandidate(selected: readonly string[], iccid: string, limit: number | null): string[] {
  if (selected.includes(iccid)) return selected.filter((one) => one !== iccid);
  if (limit !== null && selected.length >= limit) return [...selected];
  return [...selected, iccid];
}

/** Select all: the locked cards, then the others in list order up to `limit`. */
export function selectAllCandidates(valid: Candidate[], locked: readonly string[], limit: number | null): string[] {
  const rest = valid.map((card) => card.iccid).filter((iccid) => !locked.includes(iccid));
  const room = limit === null ? rest.length : Math.max(0, limit - locked.length);
  return [...locked, ...rest.slice(0, room)];
}

/** A card's name (the user's, or 'SIM'/'eSIM' and its last digits: not to be translated) and masked ICCID. */
function CardLabel({ card, name }: { card: Candidate; name?: string }) {
  return (
    <Who>
      {name === undefined ? (
        <strong translate="no" data-testid="candidate-name">
          {card.name}
        </strong>
      ) : (
        <strong data-testid="candidate-name">{name}</strong>
      )}
      <small>
        ICCID <bdi dir="ltr">{maskIccid(card.iccid)}</bdi>
      </small>
    </Who>
  );
}

/**
 * The add sheet's lists (spec section 2): the cards that may join with select-all and a tick each (never more than
 * `limit`, and saying so), then those that cannot, each with its reason.
 */
export function CandidatePicker({ valid, invalid, selected, onChange, limit, locked = [] }: CandidatePickerProps) {
  const { t } = useRemoteTranslation();
  const limitId = useId();
  const validId = useId();
  const invalidId = useId();
  const choosable = valid.filter((card) => !locked.includes(card.iccid));
  const allChosen = selectAllCandidates(valid, locked, limit);
  const allSelected = choosable.length > 0 && allChosen.every((iccid) => selected.includes(iccid));
  const full = limit !== null && selected.length >= limit;
  // More cards could join than there are lines: the list says how many may be chosen.
  const limited = limit !== null && locked.length + choosable.length > limit;

  return (
    <>
      <section aria-labelledby={validId} data-testid="candidates-valid">
        <Heading id={validId}>{t('candidates.validTitle')}</Heading>
        {limit !== null ? (
          <Muted id={limitId} role="status" data-testid="candidates-limit">
            {limit === 0
              ? t('candidates.noLines')
              : full && limited
                ? t('candidates.full', { count: limit })
                : t('candidates.limit', { count: limit })}
          </Muted>
        ) : null}
        {choosable.length === 0 && locked.length === 0 ? (
          <Muted data-testid="candidates-none">{t('candidates.none')}</Muted>
        ) : (
          <Rows>
            {choosable.length > 1 ? (
              <li>
                <Choice>
                  <input
                    type="checkbox"
                    checked={allSelected}
                    disabled={limit === 0}
                    aria-describedby={limit !== null ? limitId : undefined}
                    onChange={() => onChange(allSelected ? [...locked] : allChosen)}
                    data-testid="candidates-all"
                  />
                  <strong>{limited ? t('candidates.selectUpTo', { count: limit }) : t('candidates.selectAll')}</strong>
                </Choice>
              </li>
            ) : null}
            {[...locked.map((iccid) => valid.find((c) => c.iccid === iccid) ?? { iccid, name: '' }), ...choosable].map(
              (card) => {
                const isLocked = locked.includes(card.iccid);
                const checked = isLocked || selected.includes(card.iccid);
                const off = isLocked || (!checked && full);
                return (
                  <li key={card.iccid}>
                    <Choice $off={off}>
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={off}
                        aria-describedby={!checked && full ? limitId : undefined}
                        onChange={() => onChange(toggleCandidate(selected, card.iccid, limit))}
                        data-testid="candidate"
                        data-iccid={card.iccid}
                      />
                      <CardLabel card={card} name={card.name ? undefined : t('candidates.thisCard')} />
                    </Choice>
                  </li>
                );
              },
            )}
          </Rows>
        )}
      </section>
      {invalid.length ? (
        <section aria-labelledby={invalidId} data-testid="candidates-invalid">
          <Heading id={invalidId}>{t('candidates.invalidTitle')}</Heading>
          <Rows>
            {invalid.map((card) => (
              <Blocked key={card.iccid} data-testid="candidate-invalid" data-iccid={card.iccid}>
                <CardLabel card={card} />
                <em>{t(`candidates.reason.${card.reason ?? 'unusable'}`)}</em>
              </Blocked>
            ))}
          </Rows>
        </section>
      ) : null}
    </>
  );
}
