import styled from 'styled-components';
import { ALL_CATEGORY } from 'shared-contracts';
import { Dialog } from 'shared-contracts/ui/dialog';
import { moreText } from '../../../lib/text-more';

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  button {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  button[aria-checked='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryDark};
    font-weight: 600;
  }
`;

/** Category picker sheet: every category of typeList ('All' first); picking one closes the sheet. */
export function CategoryPicker({
  categories,
  active,
  allLabel,
  labels,
  onPick,
  onClose,
}: {
  categories: string[];
  active: string;
  allLabel: string;
  /** Category key → label in the page's language; the key itself when it has none. */
  labels?: Record<string, string>;
  onPick: (category: string) => void;
  onClose: () => void;
}) {
  const { t } = moreText.useRemoteTranslation();
  return (
    <Dialog placement="sheet" title={t('categories.title')} closeLabel={t('close')} onClose={onClose}>
      <Options role="radiogroup" aria-label={t('categories.title')} data-testid="category-picker">
        {categories.map((name) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={name === active}
            onClick={() => {
              onPick(name);
              onClose();
            }}
          >
            {name === ALL_CATEGORY ? allLabel : (labels?.[name] ?? name)}
            {name === active && <span aria-hidden="true">✓</span>}
          </button>
        ))}
      </Options>
    </Dialog>
  );
}
