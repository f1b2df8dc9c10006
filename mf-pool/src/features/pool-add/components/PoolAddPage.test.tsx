import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, getStorage, STORAGE_KEYS, type EventMap } from 'shared-contracts';
import { renderRemote, stubCalls, type CallStubs } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { cardList, ESIM_C, ESIM_D, POOL, SIM_A, SIM_B } from '../../../testing/fixtures';
import { PoolAddPage } from './PoolAddPage';

const TYPED = '89880000000000000055';

function stub(more: CallStubs = {}) {
  return stubCalls({
    poolCardCandidate: {
      valid: [SIM_B, ESIM_C],
      invalid: [SIM_A, ESIM_D],
      reasons: { [SIM_A]: 'in_this_pool', [ESIM_D]: 'unusable' },
      lines_left: 1,
    },
    getCardList: cardList(),
    ...more,
  });
}

async function show({ name = POOL.name, lang = 'en' } = {}) {
  getStorage().set(STORAGE_KEYS.RECEIPT, 'token');
  getStorage().setJSON(STORAGE_KEYS.POOL_INFO_ITEM, { ...POOL, name, displayName: name || 'Shared Plan 2', index: 2 });
  await renderRemote(<PoolAddPage />, {
    route: '/pool/add?poolId=pool_7',
    path: '/pool/add',
    showLocation: true,
    i18n: { lang, namespaces: [remote] },
  });
  await screen.findByTestId('candidates-valid');
}

describe('PoolAddPage', () => {
  it('lists the cards that can join and those that cannot, each with its reason', async () => {
    const api = stub();
    await show();
    expect(api.callsTo('poolCardCandidate')[0]?.body).toEqual({ pool_object_id: 'pool_7' });
    expect(screen.getByTestId('pool-add-line')).toHaveTextContent('Choose the cards that share Family.');
    const valid = screen.getByTestId('candidates-valid');
    expect(
      within(valid)
        .getAllByTestId('candidate')
        .map((box) => box.dataset.iccid),
    ).toEqual([SIM_B, ESIM_C]);
    const invalid = screen.getAllByTestId('candidate-invalid');
    expect(invalid[0]).toHaveTextContent('Dad');
    expect(invalid[0]).toHaveTextContent('Already in this shared plan');
    expect(invalid[1]).toHaveTextContent('This card cannot be used (installation failed or deleted)');
    expect(screen.getByRole('button', { name: 'Choose cards to add' })).toBeDisabled();
  });

  it("marks the pool's and the cards' own names as not to be translated", async () => {
    stub();
    await show();
    const line = screen.getByTestId('pool-add-line');
    expect(within(line).getByText('Family')).toHaveAttribute('translate', 'no');
    const names = screen.getAllByTestId('candidate-name');
    expect(names.map((name) => name.textContent)).toEqual(['SIM 0022', 'Tablet', 'Dad', 'eSIM 0044']);
    for (const name of names) expect(name).toHaveAttribute('translate', 'no');
  });

  it("names an unnamed pool with the default name in the page's language, not marked", async () => {
    stub();
    await show({ name: '', lang: 'de' });
    const line = screen.getByTestId('pool-add-line');
    expect(line).toHaveTextContent('Wählen Sie die Karten, die Geteilter Tarif 2 teilen.');
    expect(line.querySelector('[translate="no"]')).toBeNull();
  });

  it('never ticks more cards than the free lines, and says why', async () => {
    stub();
    await show();
    expect(screen.getByTestId('candidates-limit')).toHaveTextContent(
      'You can choose 1 card: the plan has 1 free line.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /SIM 0022/ }));
    expect(screen.getByRole('checkbox', { name: /Tablet/ })).toBeDisabled();
    expect(screen.getByTestId('candidates-limit')).toHaveTextContent(
      'The free line is taken: you cannot choose more than 1 card.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /SIM 0022/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select 1 card' }));
    expect(screen.getByRole('checkbox', { name: /SIM 0022/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Tablet/ })).not.toBeChecked();
  });

  it('joins the chosen cards, says so, tells the page and goes back to the pool', async () => {
    const api = stub({
      poolCardCandidate: { valid: [SIM_B, ESIM_C], invalid: [], lines_left: 2 },
      poolCardJoin: null,
    });
    const toasts: Array<EventMap['toast']> = [];
    const changes: Array<EventMap['pool:changed']> = [];
    const offToast = getBus().subscribe('toast', (toast) => toasts.push(toast));
    const offChange = getBus().subscribe('pool:changed', (change) => changes.push(change));
    await show();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 cards' }));
    offToast();
    offChange();
    expect(api.callsTo('poolCardJoin')[0]?.body).toEqual({ pool_object_id: 'pool_7', iccids: [SIM_B, ESIM_C] });
    expect(toasts).toContainEqual({
      kind: 'success',
      messageKey: 'pool:toast.joined',
      values: { count: 2, pool: 'Family' },
    });
    expect(changes).toEqual([{ poolObjectId: 'pool_7' }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/pool/detail?poolId=pool_7');
  });

  it('the plus button binds a typed ICCID, which then shows as a candidate, ticked', async () => {
    const api = stub({ poolCardCandidate: { valid: [SIM_B], invalid: [], lines_left: 2 }, bindCard: null });
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Add by ICCID or EID' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a card' });
    const input = within(dialog).getByRole('textbox', { name: 'ICCID or EID' });
    await userEvent.type(input, '8988 0000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The ICCID must have at least 19 characters.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('bindCard')).toHaveLength(0);
    api.stub({ poolCardCandidate: { valid: [SIM_B, TYPED], invalid: [], lines_left: 2 } });
    await userEvent.clear(input);
    await userEvent.type(input, `${TYPED.slice(0, 10)} ${TYPED.slice(10)}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(api.callsTo('bindCard')[0]?.body).toEqual({ iccid: TYPED });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('checkbox', { name: /eSIM 0055/ })).toBeChecked();
  });

  it('a typed EID needs 32 digits and is bound as an eSIM slot', async () => {
    const api = stub({ bindEid: null });
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Add by ICCID or EID' }));
    const input = screen.getByRole('textbox', { name: 'ICCID or EID' });
    await userEvent.type(input, '8904903212345678901234567890123X');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('alert')).toHaveTextContent('An EID has 32 digits.');
    await userEvent.clear(input);
    await userEvent.type(input, '89049032123456789012345678901234');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(api.callsTo('bindEid')[0]?.body).toEqual({ eid: '89049032123456789012345678901234' });
  });

  it('links to the shop for a new card', async () => {
    stub();
    await show();
    expect(screen.getByRole('link', { name: 'Buy a new card' })).toHaveAttribute('href', '/');
  });
});
