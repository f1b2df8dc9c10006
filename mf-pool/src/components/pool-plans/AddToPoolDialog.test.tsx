import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callError, renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { cardList, ESIM_C, ESIM_D, PLAN, SIM_A, SIM_B } from '../../testing/fixtures';
import { AddToPoolDialog } from './AddToPoolDialog';

async function show(onCreated = jest.fn(), onClose = jest.fn()) {
  await renderRemote(<AddToPoolDialog iccid={SIM_A} plan={PLAN} onClose={onClose} onCreated={onCreated} />, {
    i18n: { namespaces: [remote] },
  });
  return { onCreated, onClose };
}

const boxes = () => screen.getAllByTestId('candidate') as HTMLInputElement[];

describe('AddToPoolDialog', () => {
  it('names the cards, keeps the tapped card chosen, and says why the others cannot join', async () => {
    stubCalls({
      poolCardCandidate: {
        valid: [SIM_A, SIM_B, ESIM_C],
        invalid: [ESIM_D],
        reasons: { [ESIM_D]: 'in_other_pool' },
        lines_left: 3,
      },
      getCardList: cardList(),
    });
    await show();
    const dialog = await screen.findByRole('dialog', { name: 'Share this plan' });
    expect(dialog).toHaveTextContent('50 GB can be shared by up to 3 cards.');
    await screen.findByText('Dad');
    expect(boxes().map((box) => [box.dataset.iccid, box.checked, box.disabled])).toEqual([
      [SIM_A, true, true],
      [SIM_B, false, false],
      [ESIM_C, false, false],
    ]);
    // Named as the card list names them, ICCIDs masked.
    expect(screen.getByText('SIM 0022')).toBeInTheDocument();
    expect(screen.getByText('Tablet')).toBeInTheDocument();
    expect(screen.getAllByText('8988************0022')).toHaveLength(1);
    const invalid = screen.getByTestId('candidate-invalid');
    expect(invalid).toHaveTextContent('eSIM 0044');
    expect(invalid).toHaveTextContent('Already in another shared plan');
  });

  it('never chooses more cards than the plan has lines, and says why', async () => {
    stubCalls({
      poolCardCandidate: { valid: [SIM_A, SIM_B, ESIM_C, ESIM_D], invalid: [], lines_left: 2 },
      getCardList: cardList(),
    });
    await show();
    await screen.findByText('Dad');
    expect(screen.getByTestId('candidates-limit')).toHaveTextContent(
      'You can choose up to 2 cards: one per free line.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /SIM 0022/ }));
    expect(screen.getByTestId('candidates-limit')).toHaveTextContent(
      'All free lines are taken: you cannot choose more than 2 cards.',
    );
    expect(screen.getByRole('checkbox', { name: /Tablet/ })).toBeDisabled();
    // All that may be chosen are: select all unticks them (but the tapped card), then ticks the first up to the limit.
    expect(screen.getByRole('checkbox', { name: 'Select the first 2 cards' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the first 2 cards' }));
    expect(
      boxes()
        .filter((box) => box.checked)
        .map((box) => box.dataset.iccid),
    ).toEqual([SIM_A]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select the first 2 cards' }));
    expect(
      boxes()
        .filter((box) => box.checked)
        .map((box) => box.dataset.iccid),
    ).toEqual([SIM_A, SIM_B]);
  });

  it('creates the pool with the chosen cards, the tapped one first', async () => {
    const api = stubCalls({
      poolCardCandidate: { valid: [SIM_A, SIM_B, ESIM_C], invalid: [], lines_left: 3 },
      getCardList: cardList(),
      createPool: { pool_object_id: 'pool_9' },
    });
    const { onCreated } = await show();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Tablet/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with 2 cards' }));
    expect(api.callsTo('createPool')[0]?.body).toEqual({ iccids: [SIM_A, ESIM_C], eshop_goods_id: 41 });
    expect(onCreated).toHaveBeenCalledWith('pool_9');
  });

  it('a tapped card that cannot share a plan is named with its reason and nothing can be created', async () => {
    stubCalls({
      poolCardCandidate: { valid: [SIM_B], invalid: [SIM_A], reasons: { [SIM_A]: 'third_party' }, lines_left: 3 },
      getCardList: cardList(),
    });
    await show();
    expect(await screen.findByTestId('add-to-pool-blocked')).toHaveTextContent(
      'Card 8988************0011 cannot share a plan: Third-party cards cannot share a plan.',
    );
    expect(screen.getByRole('button', { name: 'Continue with 1 card' })).toBeDisabled();
  });

  it('without the candidates the tapped card alone can still share the plan; Cancel closes', async () => {
    stubCalls({ poolCardCandidate: callError(10003), getCardList: cardList() });
    const { onClose } = await show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your cards could not be loaded.');
    expect(screen.getByRole('button', { name: 'Continue with 1 card' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
